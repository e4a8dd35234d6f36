"""Reply links and threads of a mail archive, from Message-ID, In-Reply-To and References.

Each message's parent is, in order of preference:

1. the message its ``In-Reply-To`` names, when the archive holds it;
2. else the nearest message of its ``References`` (read from the last) that the
   archive holds, so a thread whose direct parent is missing still hangs together;
3. else, for a reply ("Re: ...", or with references the archive lacks), the latest
   earlier message with the same subject once "Re:", "Fwd:", "AW:", "[list]" and
   similar prefixes are removed;
4. else none: the message starts a thread.

A thread is named by its first message, or by the first id of its ``References``
when that message is not in the archive (so the replies to a missing message
still share one thread).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import regex

_ID = regex.compile(r"<[^<>\s]+>")
_PREFIX = regex.compile(
    r"^\s*(?:(?:re|fwd?|aw|wg|sv|vs|vb|antw|r|tr|rif|odp|ynt)\s*(?:\[\d+\])?\s*:|\[[^\]]*\])\s*",
    regex.IGNORECASE,
)
LINKS = ("in-reply-to", "references", "subject", "none")
"""How a message's parent was found, in order of preference."""


@dataclass(frozen=True)
class ThreadHeaders:
    """What threading reads from one message."""

    message_id: str
    in_reply_to: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    subject: str = ""


@dataclass(frozen=True)
class Link:
    """A message's parent (a message id of the archive, or None), its thread and how the parent was found."""

    parent: str | None
    thread: str
    how: str


def message_ids(header: str | None) -> tuple[str, ...]:
    """The ``<...>`` ids in a header value; a bare value without brackets is one id."""
    if not header:
        return ()
    found = tuple(_ID.findall(header))
    if found:
        return found
    bare = header.strip()
    return (bare,) if bare and " " not in bare else ()


def base_subject(subject: str) -> str:
    """A subject without reply and forward prefixes or list tags, case and spacing folded."""
    previous = None
    text = subject
    while text != previous:
        previous = text
        text = _PREFIX.sub("", text)
    return " ".join(text.split()).casefold()


def link_messages(headers: Sequence[ThreadHeaders]) -> list[Link]:
    """Parent and thread of every message, in archive order."""
    known = {header.message_id for header in headers}
    latest_by_subject: dict[str, str] = {}
    parents: list[tuple[str | None, str]] = []
    for header in headers:
        parent, how = _parent(header, known)
        subject = base_subject(header.subject)
        if parent is None and subject and _is_reply(header):
            parent, how = latest_by_subject.get(subject), "subject"
        parents.append((parent, how if parent else "none"))
        if subject:
            latest_by_subject[subject] = header.message_id
    threads = _threads(headers, [parent for parent, _ in parents])
    return [Link(parent, thread, how) for (parent, how), thread in zip(parents, threads)]


def _parent(header: ThreadHeaders, known: set[str]) -> tuple[str | None, str]:
    for candidate in reversed(header.in_reply_to):
        if candidate in known and candidate != header.message_id:
            return candidate, "in-reply-to"
    for candidate in reversed(header.references):
        if candidate in known and candidate != header.message_id:
            return candidate, "references"
    return None, "none"


def _is_reply(header: ThreadHeaders) -> bool:
    return bool(header.in_reply_to or header.references) or base_subject(header.subject) != " ".join(
        header.subject.split()
    ).casefold()


def _threads(headers: Sequence[ThreadHeaders], parents: list[str | None]) -> list[str]:
    """Follow parents up to the first message of each thread (a cycle stops where it closes)."""
    parent_of = {header.message_id: parent for header, parent in zip(headers, parents)}
    by_id = {header.message_id: header for header in headers}
    threads: list[str] = []
    for header in headers:
        current, visited = header.message_id, {header.message_id}
        while (parent := parent_of.get(current)) is not None and parent not in visited:
            visited.add(parent)
            current = parent
        root = by_id[current]
        missing = root.references or root.in_reply_to
        threads.append(missing[0] if missing else root.message_id)
    return threads
