"""Whom a greeting addresses: the thread-aware rule that replaces "every reply greets the parent's sender".

For each name in a greeting, in order:

0. (mail) the one recipient whose known name it is;
1. the parent message's sender, when the name is one of theirs or nobody's known name;
2. otherwise another participant of the thread who posted before this message and
   has that name (the most recent such poster), tagged ``uncertain``;
3. otherwise (forum posts) the one participant anywhere who has that name (a reply
   nested under the wrong parent), tagged ``uncertain``;
4. otherwise (several others have it) the parent's sender after all, tagged ``uncertain``;
5. with no parent and nobody in the thread with that name, the message's only
   recipient (mail), tagged ``uncertain`` (it may be a mailing list); else nobody.

"Known names" are registered names and their parts, names a participant signed
with, and familiar forms of registered given names.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping, Reversible
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Greeting:
    """The names greeted at the start of one message, with where the message stands."""

    position: int
    thread: str
    sender: str
    parent_sender: str | None
    names: tuple[str, ...]
    recipients: tuple[str, ...] = ()
    """Who the message was sent to (mail); empty for forum posts."""


@dataclass(frozen=True)
class Attribution:
    """One greeted name connected to a participant."""

    participant: str
    name: str
    uncertain: bool


def attribute(
    greeting: Greeting,
    owners: dict[str, set[str]],
    posts: Mapping[str, Reversible[tuple[int, str]]],
) -> Iterator[Attribution]:
    """Connect each name of a greeting to the participant it most likely addresses."""
    others = [pid for pid in greeting.recipients if pid != greeting.sender]
    for name in greeting.names:
        known = owners.get(name, set()) - {greeting.sender}
        addressed = [pid for pid in others if pid in known]
        if len(addressed) == 1:
            yield Attribution(addressed[0], name, False)
            continue
        parent = greeting.parent_sender
        if parent is not None and (parent in known or not known):
            yield Attribution(parent, name, False)
            continue
        poster = _latest_poster(known, posts.get(greeting.thread, []), greeting.position)
        if poster is None and len(known) == 1 and not others:
            poster = next(iter(known))  # a reply nested under the wrong parent
        if poster is not None:
            yield Attribution(poster, name, True)
        elif parent is not None:
            yield Attribution(parent, name, True)
        elif len(others) == 1:
            yield Attribution(others[0], name, True)


def _latest_poster(candidates: set[str], posts: Reversible[tuple[int, str]], before: int) -> str | None:
    """The candidate who posted last in the thread before the given message."""
    if not candidates:
        return None
    for position, sender in reversed(posts):
        if position < before and sender in candidates:
            return sender
    return None


class Greetings:
    """The greetings of a pass in columns, about 50 bytes each instead of a ``Greeting`` object, its
    position and its tuple of names (equal tuples of names are shared)."""

    __slots__ = ("names", "parents", "positions", "recipients", "senders", "shared", "threads")

    def __init__(self) -> None:
        self.positions = array("q")
        self.threads: list[str] = []
        self.senders: list[str] = []
        self.parents: list[str | None] = []
        self.names: list[tuple[str, ...]] = []
        self.recipients: list[tuple[str, ...]] = []
        self.shared: dict[tuple[str, ...], tuple[str, ...]] = {}
        """One copy of each tuple of names or recipients."""

    def append(self, greeting: Greeting) -> None:
        """Add the next greeting."""
        self.positions.append(greeting.position)
        self.threads.append(greeting.thread)
        self.senders.append(greeting.sender)
        self.parents.append(greeting.parent_sender)
        self.names.append(self.shared.setdefault(greeting.names, greeting.names))
        self.recipients.append(self.shared.setdefault(greeting.recipients, greeting.recipients))

    def extend(self, later: Greetings) -> None:
        """Add the greetings of the messages that follow."""
        self.positions.extend(later.positions)
        self.threads.extend(later.threads)
        self.senders.extend(later.senders)
        self.parents.extend(later.parents)
        self.names.extend(self.shared.setdefault(names, names) for names in later.names)
        self.recipients.extend(self.shared.setdefault(recipients, recipients) for recipients in later.recipients)

    def __len__(self) -> int:
        return len(self.positions)

    def __iter__(self) -> Iterator[Greeting]:
        columns = (self.positions, self.threads, self.senders, self.parents, self.names, self.recipients)
        return (Greeting(*row) for row in zip(*columns))

    def __getstate__(self) -> tuple[array[int], list[str], list[str], list[str | None], list[tuple[str, ...]],
                                    list[tuple[str, ...]]]:
        return self.positions, self.threads, self.senders, self.parents, self.names, self.recipients

    def __setstate__(self, state: tuple[array[int], list[str], list[str], list[str | None], list[tuple[str, ...]],
                                        list[tuple[str, ...]]]) -> None:
        self.positions, self.threads, self.senders, self.parents, self.names, self.recipients = state
        self.shared = {}
