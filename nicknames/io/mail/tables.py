"""A mail archive as message tables: one row per message for collect, one row per part for apply.

Collect reads each message's own words only, so a greeting or sign-off inside
a quote is not taken for the author's. Apply reads every part of every message:
the subject, the own words, and each quoted block, and a quoted block is
pseudonymised as its quoted author's text: the participant whose address its
attribution line ("On ..., Ann <ann@...> wrote:") or forwarded ``From:`` line
gives, else by its level (1 is the parent message's sender, 2 the
grandparent's, ...), so a name in a quote gets the same pseudonym as in the
message it comes from. Addresses in the text are replaced
by their participants' pseudonymous addresses before names are matched.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pandas as pd
import regex

from nicknames.io.address_names import normalise_address
from nicknames.io.class_list import is_person, registered_parts
from nicknames.io.mail.archive import MailArchive, MailMessage
from nicknames.io.mail.participants import (
    ADDRESS,
    AddressKey,
    person_key,
    pseudonymous_address,
)
from nicknames.model.columns import Columns
from nicknames.model.messages import MessageTable, table_from_frame
from nicknames.rules.matcher import compile_names
from nicknames.rules.patterns import name_key

COLLECT_COLUMNS = Columns(
    message_id="message_id", sender="sender", text="text", parent_id="parent_id",
    thread_id="thread_id", session_id="session_id", timestamp="date", recipients="recipients",
)
PART_COLUMNS = Columns(
    message_id="part_id", sender="sender", text="text", thread_id="thread_id",
    session_id="session_id", recipients="recipients",
)
HEADER_LINES = 6
"""Lines at the top of a quote searched for the line that names its author."""
_FROM_LINE = regex.compile(r"^(?:from|von|de|da)\s*:", regex.IGNORECASE)
_WROTE = regex.compile(r"(?:wrote|writes|schrieb|a écrit|escribió)\s*:?\s*$", regex.IGNORECASE)
NAMELESS_HEADERS = frozenset({"date", "message-id", "in-reply-to", "references"})
SUBJECT = "subject"
"""The part id suffix of a message's subject line (``<id>#subject``); body parts are ``<id>#0``, ``<id>#1``."""


def collect_table(archive: MailArchive) -> MessageTable:
    """One row per message with the author's own words, the reply link and the recipients."""
    rows = [_collect_row(message) for message in archive.messages]
    frame = pd.DataFrame(rows, columns=[*COLLECT_COLUMNS.used(), "subject", "link"], dtype=object)
    chosen = {field: column for field in ("message_id", "sender", "text", "parent_id", "thread_id",
                                          "session_id", "timestamp", "recipients")
              if (column := COLLECT_COLUMNS.get(field)) is not None}
    return table_from_frame(frame, chosen, str(archive.path))


def _collect_row(message: MailMessage) -> list[str]:
    own = "".join(message.body.text[s.start : s.end] for s in message.segments if s.level == 0)
    return [
        message.message_id, message.sender, own, message.link.parent or "", message.link.thread,
        message.session, message.date, " ".join(message.recipients), message.subject, message.link.how,
    ]


def part_table(archive: MailArchive, address_of: Callable[[str], str] = pseudonymous_address) -> MessageTable:
    """One row per subject and quote-level block of every message, as its author's text."""
    ancestry = _ancestry(archive)
    rows: list[list[str]] = []
    parent_senders: list[str | None] = []
    for message in archive.messages:
        senders = ancestry[message.message_id]
        texts = [message.subject, *(message.body.text[s.start : s.end] for s in message.segments)]
        levels = [0, *(segment.level for segment in message.segments)]
        suffixes = [SUBJECT, *map(str, range(len(message.segments)))]
        for suffix, text, level in zip(suffixes, texts, levels):
            author = (named_author(text, archive.key) if level else None) or (
                senders[level] if level < len(senders) else ""
            )
            recipients = " ".join(message.recipients) if level == 0 else ""
            rows.append([f"{message.message_id}#{suffix}", author, pseudonymise_addresses(text, archive.key, address_of),
                         message.link.thread, message.session, recipients])
            parent_senders.append(senders[level + 1] if level + 1 < len(senders) else None)
    frame = pd.DataFrame(rows, columns=PART_COLUMNS.used(), dtype=object)
    threads = list(frame[PART_COLUMNS.thread_id]) if rows else []
    return MessageTable(frame, PART_COLUMNS, str(archive.path), parent_senders, threads)


def named_author(quote: str, key: AddressKey) -> str | None:
    """The participant a quote's attribution or forwarded ``From:`` line names by address, if any."""
    for line in quote.splitlines()[:HEADER_LINES]:
        content = line.lstrip("> \t")
        if _FROM_LINE.match(content) or _WROTE.search(content):
            found = ADDRESS.search(content)
            via = _VIA_AUTHOR.search(content[: found.start()]) if found else None
            if via and (person := person_key(via.group(1))) in key.people:
                return key.people[person]  # the list's address, the author's name
            if found and normalise_address(found.group()) in key.ids:
                return key.ids[normalise_address(found.group())]
    return None


_VIA_AUTHOR = regex.compile(r"(?:^|[,:]\s*)([^,:<>\n]+?)[^\S\n]+via[^\S\n]+\S+[^\S\n]*<?[^\S\n]*$")
"""The author before the list's name in an attribution line of a list that rewrites its senders
("On Mon, Ann Lee via Team-discuss <team-discuss@...> wrote:")."""


def visible_text(message: MailMessage) -> str:
    """What a reader of a message sees that may hold names: address and subject headers, the whole body.

    Dates and message ids are left out: they hold no names, and month names ("Jan", "May") look like some.
    """
    lines = [f"{name}: {value}" for name, values in message.headers.items() for value in values
             if name not in NAMELESS_HEADERS]
    return "\n".join(lines) + "\n\n" + message.body.text


def parts_per_message(message: MailMessage) -> int:
    """How many rows of the part table belong to a message (its subject and its blocks)."""
    return 1 + len(message.segments)


def pseudonymise_addresses(
    text: str, key: AddressKey, address_of: Callable[[str], str] = pseudonymous_address
) -> str:
    """Every e-mail address in a text replaced by its participant's pseudonymous address."""
    return ADDRESS.sub(lambda match: address_of(key.id_for(match.group())), text)


def _ancestry(archive: MailArchive) -> dict[str, list[str]]:
    """Message id → the senders of the message, its parent, grandparent, ... (as far as the archive goes)."""
    by_id = {message.message_id: message for message in archive.messages}
    result: dict[str, list[str]] = {}
    for message in archive.messages:
        chain, seen, current = [message.sender], {message.message_id}, message
        while current.link.parent in by_id and current.link.parent not in seen:
            current = by_id[current.link.parent]
            seen.add(current.message_id)
            chain.append(current.sender)
        result[message.message_id] = chain
    return result


def lower_case_uses(archive: MailArchive, words: set[str], prose: Callable[[str], str]) -> Counter[str]:
    """Word → how many times the archive's bodies write it in lower case as a whole word ("secret" of a display name's
    "Secret"), in what ``prose`` leaves of each body (not in an address: "ann.lee@…" is no use of "lee")."""
    pattern = compile_names({word.lower() for word in words if word.isalpha()})
    uses: Counter[str] = Counter()
    if pattern is not None:
        for message in archive.messages:
            uses.update(match.name for match in pattern.finditer(prose(message.body.text)))
    return uses


def display_name_usage(archive: MailArchive, participants: set[str]) -> Counter[tuple[str, str]]:
    """(participant, registered name part) → messages whose subject or body (quotes included) use it."""
    owners: dict[str, list[str]] = {}
    for participant, display in archive.display_names.items():
        if participant not in participants:
            continue
        for name in (display, *archive.other_names.get(participant, ())):
            if is_person(name):
                for part in registered_parts(name):
                    owners.setdefault(name_key(part), []).append(participant)
    pattern = compile_names(owners)
    usage: Counter[tuple[str, str]] = Counter()
    if pattern is None:
        return usage
    for message in archive.messages:
        used = {match.name for match in pattern.finditer(f"{message.subject}\n{message.body.text}")}
        usage.update((participant, part) for part in used for participant in owners[part])
    return usage
