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
from typing import Any

import numpy as np

from nicknames.discover.thread_counts import ThreadCodes
from nicknames.labels import Labels


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


def tally(
    greetings: Greetings,
    owners: dict[str, set[str]],
    posts: Mapping[str, Reversible[tuple[int, str]]],
) -> dict[Attribution, int]:
    """What ``attribute`` gives for every greeting, counted: attribution → greeted names, in the order first made.

    Most greetings are replies whose parent's sender is settled by the names alone (rule 1); those are decided
    here without building a ``Greeting`` or copying the thread's posts, the others by ``attribute``.
    """
    counts: dict[tuple[str, str, bool], int] = {}
    people, threads = greetings.participants.labels, greetings.codes.labels
    for position, thread, sender_code, parent_code, names, recipients in zip(
        greetings.positions, greetings.threads, greetings.senders, greetings.parents, greetings.names,
        greetings.recipients,
    ):
        sender, parent = people[sender_code], people[parent_code] if parent_code >= 0 else None
        for name in names:
            if parent is not None and not recipients and _parent_has(name, owners, sender, parent):
                key = (parent, name, False)
                counts[key] = counts.get(key, 0) + 1
                continue
            for found in attribute(Greeting(position, threads[thread], sender, parent, (name,), recipients),
                                   owners, posts):
                key = (found.participant, found.name, found.uncertain)
                counts[key] = counts.get(key, 0) + 1
    return {Attribution(*key): count for key, count in counts.items()}


def _parent_has(name: str, owners: dict[str, set[str]], sender: str, parent: str) -> bool:
    """Rule 1 without recipients: the name is one of the parent's sender's, or nobody's but maybe the sender's."""
    own = owners.get(name)
    if not own:
        return True
    if sender in own:
        return len(own) == 1 or (parent != sender and parent in own)
    return parent in own


def _latest_poster(candidates: set[str], posts: Reversible[tuple[int, str]], before: int) -> str | None:
    """The candidate who posted last in the thread before the given message."""
    if not candidates:
        return None
    for position, sender in reversed(posts):
        if position < before and sender in candidates:
            return sender
    return None


class Greetings:
    """The greetings of a pass in columns, about 36 bytes each instead of a ``Greeting`` object: the position,
    the codes of the thread (``ThreadCodes``, shared with the index of the same pass) and of the sender and
    parent's sender, and one copy of each tuple of names or recipients.

    Codes rather than strings: a worker's greetings come back with copies of the thread and sender
    strings, which would otherwise stay in memory chunk after chunk."""

    __slots__ = ("codes", "names", "parents", "participants", "positions", "recipients", "senders", "shared",
                 "threads")

    def __init__(self, threads: ThreadCodes | None = None) -> None:
        self.codes = threads if threads is not None else ThreadCodes()
        self.positions = array("q")
        self.threads = array("I")
        self.participants = Labels()
        """The senders and parents' senders, coded."""
        self.senders = array("I")
        self.parents = array("i")
        """The code of the parent message's sender, -1 when it is unknown."""
        self.names: list[tuple[str, ...]] = []
        self.recipients: list[tuple[str, ...]] = []
        self.shared: dict[tuple[str, ...], tuple[str, ...]] = {}
        """One copy of each tuple of names or recipients."""

    def append(self, greeting: Greeting, session: str = "") -> None:
        """Add the next greeting (``session``: that of its thread, for a thread new to the codes)."""
        self.add(greeting.position, self.codes.code(greeting.thread, session), greeting.sender,
                 greeting.parent_sender, greeting.names, greeting.recipients)

    def add(self, position: int, thread: int, sender: str, parent_sender: str | None, names: tuple[str, ...],
            recipients: tuple[str, ...]) -> None:
        """``append`` without a ``Greeting``: the fields of the next one, its thread as coded by ``codes``."""
        self.positions.append(position)
        self.threads.append(thread)
        participants = self.participants
        self.senders.append(participants.code(sender))
        self.parents.append(-1 if parent_sender is None else participants.code(parent_sender))
        shared = self.shared
        self.names.append(shared.setdefault(names, names))
        self.recipients.append(shared.setdefault(recipients, recipients))

    def extend(self, later: Greetings) -> None:
        """Add the greetings of the messages that follow."""
        recode = self.codes.recode(later.codes)
        # A parent's code of -1 (unknown) picks the -1 put at the end.
        people = np.asarray([*map(self.participants.code, later.participants.labels), -1], dtype=np.int64)
        self.positions.extend(later.positions)
        if recode is None:
            self.threads.extend(later.threads)
        else:
            threads = np.asarray(recode, dtype=np.uint32)
            self.threads.frombytes(threads[np.frombuffer(later.threads, dtype=np.uint32)].tobytes())
        self.senders.frombytes(people[np.frombuffer(later.senders, dtype=np.uint32)].astype(np.uint32).tobytes())
        self.parents.frombytes(people[np.frombuffer(later.parents, dtype=np.int32)].astype(np.int32).tobytes())
        self.names.extend(map(self.shared.setdefault, later.names, later.names))
        self.recipients.extend(map(self.shared.setdefault, later.recipients, later.recipients))

    def __len__(self) -> int:
        return len(self.positions)

    def __iter__(self) -> Iterator[Greeting]:
        threads, people = self.codes.labels, self.participants.labels
        for position, thread, sender, parent, names, recipients in zip(
            self.positions, self.threads, self.senders, self.parents, self.names, self.recipients
        ):
            yield Greeting(position, threads[thread], people[sender], people[parent] if parent >= 0 else None,
                           names, recipients)

    def __getstate__(self) -> tuple[object, ...]:
        return (self.codes, self.positions, self.threads, self.participants, self.senders, self.parents,
                self.names, self.recipients)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (self.codes, self.positions, self.threads, self.participants, self.senders, self.parents,
         self.names, self.recipients) = state
        self.shared = {}
