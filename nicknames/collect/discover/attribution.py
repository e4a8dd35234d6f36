"""Whom a greeting addresses: the thread-aware rule that replaces "every reply greets the parent's sender".

For each name in a greeting, in order:

0. (mail) the one recipient whose known name it is;
1. the parent message's sender, when the name is one of theirs or nobody's known name;
   also, tagged ``uncertain``, when it is a familiar form of their registered name that is
   somebody else's registered name ("Hi Sol" to a Solomon, with a Sol registered too);
   and tagged ``uncertain`` when it is nobody's known name greeted beside one of the parent's sender's:
   "Hi Harold and Mari" greets two people, and "Mari" may be the other one (it is still replaced, as the
   parent's, until the review says whose it is);
2. otherwise another participant of the thread who posted before this message and
   has that name (the most recent such poster), tagged ``uncertain``;
3. otherwise (forum posts) the one participant anywhere who has that name (a reply
   nested under the wrong parent), tagged ``uncertain``;
4. otherwise, when one other participant has it (mail), the parent's sender after all,
   tagged ``uncertain``; when several others have it, nobody: it is theirs, not a name of
   the parent's sender that nothing else shows ("Hi Tobias" in a reply to an Ines);
5. with no parent and nobody in the thread with that name, the message's only
   recipient (mail), tagged ``uncertain`` (it may be a mailing list); else nobody.

A reply to one's own message has no parent to greet, unless the name is the
sender's own: the rules go on from 2., and a name nobody has goes to the last
one before it in the thread who is not the sender, tagged ``uncertain`` ("@Kay,
added it" in a comment under one's own answer, after Kay's comment); with
nobody else in the thread, to the sender after all, tagged ``uncertain`` (a
name to review, still replaced).

"Known names" are registered names and their parts, names a participant signed
with, and familiar forms of registered given names (not a form that is someone
else's registered name: those are in ``familiar``).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping, Reversible
from dataclasses import dataclass
from typing import Any

import numpy as np

from nicknames.collect.discover.thread_counts import ThreadCodes
from nicknames.collect.labels import Labels


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
    familiar: Mapping[str, set[str]] | None = None,
) -> Iterator[Attribution]:
    """Connect each name of a greeting to the participant it most likely addresses (``familiar``: familiar form →
    the participants whose registered given name it is a form of, those forms that ``owners`` leaves to somebody
    registered with them included)."""
    others = [pid for pid in greeting.recipients if pid != greeting.sender]
    self_reply = greeting.parent_sender == greeting.sender
    for name in greeting.names:
        parent = greeting.parent_sender
        if self_reply and greeting.sender not in owners.get(name, ()):
            parent = None  # a reply to one's own message greets somebody else ("@Kay, added it" under one's answer)
        if parent is not None and _beside_parents_name(greeting.names, name, owners, parent):
            yield Attribution(parent, name, True)
            continue
        known = owners.get(name, set()) - {greeting.sender}
        addressed = [pid for pid in others if pid in known]
        if len(addressed) == 1:
            yield Attribution(addressed[0], name, False)
            continue
        if parent is not None and (parent in known or not known):
            yield Attribution(parent, name, False)
            continue
        if parent is not None and familiar is not None and parent in familiar.get(name, ()):
            yield Attribution(parent, name, True)  # "Hi Sol" to a Solomon, though a Sol is registered
            continue
        thread = posts.get(greeting.thread, [])
        poster = _latest_poster(known, thread, greeting.position)
        if poster is None and len(known) == 1 and not others:
            poster = next(iter(known))  # a reply nested under the wrong parent
        if poster is None and self_reply and not known:  # the last one before who is not the sender
            poster = _latest_poster({sender for _, sender in thread} - {greeting.sender}, thread, greeting.position)
        if poster is not None:
            yield Attribution(poster, name, True)
        elif parent is not None and len(known) < 2:  # several others have it: theirs, not the parent's
            yield Attribution(parent, name, True)
        elif len(others) == 1:
            yield Attribution(others[0], name, True)
        elif self_reply and not known:  # nobody else to greet: the parent's sender after all, as rule 4 has it
            yield Attribution(greeting.sender, name, True)


def tally(
    greetings: Greetings,
    owners: dict[str, set[str]],
    posts: Mapping[str, Reversible[tuple[int, str]]],
    familiar: Mapping[str, set[str]] | None = None,
) -> dict[Attribution, int]:
    """What ``attribute`` gives for every greeting, counted: attribution → greeted names, in the order first made.

    Most greetings are replies whose parent's sender is settled by the names alone (rule 1); those are decided
    here without building a ``Greeting`` or copying the thread's posts, the others by ``attribute``.
    """
    counts: dict[tuple[str, str, bool], int] = {}
    people, threads = greetings.participants.labels, greetings.codes.labels
    for position, thread, sender_code, parent_code, names, recipients in greetings.rows():
        sender, parent = people[sender_code], people[parent_code] if parent_code >= 0 else None
        replied = parent if parent != sender else None  # a reply to one's own: ``attribute`` looks past its parent
        for name in names:
            beside = replied is not None and _beside_parents_name(names, name, owners, replied)
            if replied is not None and (beside or (not recipients and _parent_has(name, owners, sender, replied))):
                key = (replied, name, beside)
                counts[key] = counts.get(key, 0) + 1
                continue
            for found in attribute(Greeting(position, threads[thread], sender, parent, (name,), recipients),
                                   owners, posts, familiar):
                key = (found.participant, found.name, found.uncertain)
                counts[key] = counts.get(key, 0) + 1
    return {Attribution(*key): count for key, count in counts.items()}


def _beside_parents_name(names: tuple[str, ...], name: str, owners: dict[str, set[str]], parent: str) -> bool:
    """Whether the name is nobody's known name and another name of the same greeting is the parent's sender's: two
    people are greeted, and the parent's sender may be the other one ("Hi Harold and Mari" in a reply to Harold)."""
    if len(names) < 2 or owners.get(name):
        return False
    return any(parent in owners.get(other, ()) for other in names if other != name)


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


_Row = tuple[int, int, int, int, tuple[str, ...], tuple[str, ...]]
"""A greeting as ``Greetings.rows`` gives it: position, thread code, sender code, parent's sender code (-1: unknown),
names and recipients."""
_COLUMNS = ("positions", "threads", "senders", "parents", "names", "recipients")
class Greetings:
    """The greetings of a pass in columns of integers, 28 bytes each instead of a ``Greeting`` object: the position,
    the codes of the thread (``ThreadCodes``, shared with the index of the same pass) and of the sender and
    parent's sender, and the codes of the tuple of names and of recipients.

    Codes rather than strings: a worker's greetings come back with copies of the thread and sender
    strings, which would otherwise stay in memory partition after partition.
    """

    __slots__ = ("addressed", "codes", "greeted", "names", "parents", "participants", "positions",
                 "recipients", "senders", "threads")

    def __init__(self, threads: ThreadCodes | None = None) -> None:
        self.codes = threads if threads is not None else ThreadCodes()
        self.positions = array("q")
        self.threads = array("I")
        self.participants: Labels[str] = Labels()
        """The senders and parents' senders, coded."""
        self.senders = array("I")
        self.parents = array("i")
        """The code of the parent message's sender, -1 when it is unknown."""
        self.names = array("I")
        self.recipients = array("I")
        self.greeted: Labels[tuple[str, ...]] = Labels()
        """Each tuple of names greeted, coded in ``names``."""
        self.addressed: Labels[tuple[str, ...]] = Labels()
        """Each tuple of recipients → its code in ``recipients``."""

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
        self.names.append(self.greeted.code(names))
        self.recipients.append(self.addressed.code(recipients))

    def extend(self, later: Greetings) -> None:
        """Add the greetings of the messages that follow."""
        recode = self.codes.recode(later.codes)
        if recode is None:
            self.threads.extend(later.threads)
        else:
            _extend_coded(self.threads, np.asarray(recode, dtype=np.uint32), later.threads)
        # A parent's code of -1 (unknown) picks the -1 put at the end.
        people = np.asarray([*self.participants.recode(later.participants), -1], dtype=np.int64)
        self.positions.extend(later.positions)
        _extend_coded(self.senders, people, later.senders)
        _extend_coded(self.parents, people, later.parents)
        greeted, addressed = self.greeted.recode(later.greeted), self.addressed.recode(later.addressed)
        _extend_coded(self.names, np.asarray(greeted, dtype=np.int64), later.names)
        _extend_coded(self.recipients, np.asarray(addressed, dtype=np.int64), later.recipients)

    def rows(self) -> Iterator[_Row]:
        """Every greeting in the order added, read from the columns as it is given: lists of their integers took
        the driver's memory 80 MB higher at 1,000,000 messages."""
        greeted, addressed = self.greeted.labels, self.addressed.labels
        return zip(self.positions, self.threads, self.senders, self.parents,
                   map(greeted.__getitem__, self.names), map(addressed.__getitem__, self.recipients))

    def greeted_names(self) -> set[str]:
        """Every name greeted."""
        return {name for names in self.greeted.labels for name in names}

    def __len__(self) -> int:
        return len(self.positions)

    def __iter__(self) -> Iterator[Greeting]:
        threads, people = self.codes.labels, self.participants.labels
        for position, thread, sender, parent, names, recipients in self.rows():
            yield Greeting(position, threads[thread], people[sender], people[parent] if parent >= 0 else None,
                           names, recipients)

    def __getstate__(self) -> tuple[object, ...]:
        return (self.codes, self.participants, self.greeted, self.addressed,
                *(getattr(self, name) for name in _COLUMNS))

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.codes, self.participants, self.greeted, self.addressed, *columns = state
        for name, column in zip(_COLUMNS, columns):
            setattr(self, name, column)


def _extend_coded(column: array[int], mine: np.ndarray, codes: array[int]) -> None:
    """Extend a column with ``mine[code]`` for each of the codes."""
    if codes:
        dtype = np.dtype(column.typecode)
        column.frombytes(mine[np.frombuffer(codes, dtype=dtype)].astype(dtype).tobytes())
