"""Messages per thread for many keys, four bytes a message: the thread code of each message that has the key.

The discovery index counts, for every token that could be a name, the messages
per thread that contain it. A ``Counter`` of thread labels per token costs
some thirty bytes per (token, thread) pair and grows with every new thread;
here each key keeps an array of 32-bit thread codes, one per message, and the
``Counter`` is built when a key is read (discovery reads a few thousand keys,
once each).
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence

import numpy as np


class ThreadCodes:
    """Thread label ↔ a small integer code, in the order threads are first seen, with each thread's session."""

    __slots__ = ("_labels", "_sessions", "codes")

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}
        self._labels: list[str] = []
        self._sessions: list[str] = []

    @property
    def labels(self) -> Sequence[str]:
        """The label of each thread, by code."""
        return self._labels

    @property
    def sessions(self) -> Sequence[str]:
        """The session of each thread, by code ("" when the messages have no sessions)."""
        return self._sessions

    def code(self, label: str, session: str) -> int:
        """The thread's code, giving it the next one (and the session) when it is new."""
        code = self.codes.get(label)
        if code is None:
            code = self.codes[label] = len(self._labels)
            self._labels.append(label)
            self._sessions.append(session)
        return code

    def code_of(self, label: str) -> int | None:
        """The code of a thread seen, None for any other label."""
        return self.codes.get(label)

    def recode(self, later: ThreadCodes) -> list[int] | None:
        """My code for each code of the index of the messages that follow, coding the threads new to me (None: the
        codes are the same)."""
        return [self.code(label, session) for label, session in zip(later.labels, later.sessions)]

    def __getstate__(self) -> tuple[list[str], list[str]]:
        return self._labels, self._sessions

    def __setstate__(self, state: tuple[list[str], list[str]]) -> None:
        self._labels, self._sessions = state
        self.codes = {label: code for code, label in enumerate(self._labels)}


_Packed = tuple[list[str], "array[int]", bytes]
"""A ``ThreadCounts``' keys, how many codes each has, and all their codes one after the other."""


class ThreadCounts(Mapping[str, Counter[str]]):
    """Key → messages per thread (as a ``Counter`` of thread labels when read), kept as arrays of thread codes.

    A key found in more messages than there are threads ("Hi", a nickname that is also a word) is
    kept as a count per thread instead, once later counts are absorbed: four bytes a thread rather
    than four bytes a message.
    """

    __slots__ = ("_messages", "_packed", "dense", "threads")

    def __init__(self, threads: ThreadCodes) -> None:
        self.threads = threads
        """The codes of the threads, shared with the other counts of the same index."""
        self._messages: dict[str, array[int]] = {}
        self._packed: _Packed | None = None
        """The keys and codes as unpickled, until they are read (``absorb`` reads them as they are)."""
        self.dense: dict[str, np.ndarray] = {}
        """Key → messages per thread code, for the keys found in more messages than there are threads."""

    @property
    def messages(self) -> dict[str, array[int]]:
        """Key → the thread code of each message that has it, in file order (for a key in ``dense``, of the
        messages added since its counts were last folded; for counts on disk, since the codes were last written:
        ``codes`` reads them all)."""
        if self._packed is not None:
            keys, lengths, codes = self._packed
            self._packed = None
            self._extend(keys, codes, lengths)
        return self._messages

    def add(self, key: str, thread: int) -> None:
        """Count one message of the thread with this code."""
        codes = self.messages.get(key)
        if codes is None:
            codes = self.messages[key] = array("I")
        codes.append(thread)

    def add_all(self, keys: list[str], which: np.ndarray, threads: np.ndarray) -> None:
        """Count messages in file order: for each, the key ``keys[which]`` in the thread with the code ``threads``;
        one array extension per key, keys new to the counts added in the order of their numbers."""
        order = np.argsort(which, kind="stable")  # each key's messages stay in file order
        which = which[order]
        starts = np.flatnonzero(np.diff(which, prepend=-1))
        self._extend(map(keys.__getitem__, which[starts].tolist()),
                     np.ascontiguousarray(threads[order], dtype=np.uint32).tobytes(),
                     np.diff(starts, append=len(which)).tolist())

    def absorb(self, later: ThreadCounts, recode: list[int] | None) -> None:
        """Add the counts of the messages that follow (``recode``: see ``ThreadCodes.recode``), keeping the order
        in which keys first occur."""
        threads = len(self.threads.labels)
        keys, lengths, codes = later._packed if later._packed is not None else later._pack()
        if recode is not None:
            # Every key's codes recoded at once: one lookup in numpy instead of one in Python per message.
            codes = np.asarray(recode, dtype=np.uint32)[np.frombuffer(codes, dtype=np.uint32)].tobytes()
        self._extend(keys, codes, lengths)
        messages, dense = self.messages, self.dense
        for key in keys:
            # A key kept as counts folds its new codes in often, so that they never take much room.
            mine = messages[key]
            if len(mine) > (threads // 8 if key in dense else threads):
                self._fold(key, mine)

    def _extend(self, keys: Iterable[str], codes: bytes, lengths: Iterable[int]) -> None:
        """Add to each key's codes its piece of one buffer of 32-bit codes (pieces of these lengths, in turn)."""
        messages = self.messages
        for key, piece in zip(keys, _pieces(codes, lengths)):
            mine = messages.get(key)
            if mine is None:
                mine = messages[key] = array("I")
            mine.frombytes(piece)

    def _fold(self, key: str, codes: array[int]) -> None:
        """Turn the key's thread codes into counts per thread, added to those it has."""
        counts = np.bincount(np.frombuffer(codes, dtype=np.uint32), minlength=len(self.threads.labels))
        before = self.dense.get(key)
        if before is not None:
            counts[: len(before)] += before
        self.dense[key] = counts.astype(np.uint32)
        self.messages[key] = array("I")

    def codes(self, key: str) -> array[int] | np.ndarray:
        """The thread code of each message that has the key and is not counted in ``dense``, in file order."""
        return self.messages[key]

    def __getitem__(self, key: str) -> Counter[str]:
        labels = self.threads.labels
        counts = Counter(map(labels.__getitem__, self.codes(key).tolist()))
        dense = self.dense.get(key)
        if dense is not None:
            found = np.flatnonzero(dense)
            counts.update(dict(zip(map(labels.__getitem__, found.tolist()), dense[found].tolist())))
        return counts

    def by_code(self, key: str) -> Counter[int]:
        """Messages per thread code that have the key (what ``self[key]`` gives, without a label)."""
        counts = Counter(self.codes(key).tolist())
        dense = self.dense.get(key)
        if dense is not None:
            found = np.flatnonzero(dense)
            counts.update(dict(zip(found.tolist(), dense[found].tolist())))
        return counts

    def total(self, key: str) -> int:
        """Messages that have the key, in every thread (``sum(self[key].values())`` without the ``Counter``)."""
        dense = self.dense.get(key)
        return len(self.messages[key]) + (int(dense.sum()) if dense is not None else 0)

    def total_in(self, key: str, threads: np.ndarray) -> int:
        """Messages that have the key in the threads with these codes (distinct), without a label."""
        return self.totals_in(key, [threads])[0]

    def totals_in(self, key: str, groups: list[np.ndarray]) -> list[int]:
        """``total_in`` for each group of threads: the key's messages counted per thread once for all groups."""
        per_thread = np.bincount(np.asarray(self.codes(key), dtype=np.uint32)).astype(np.int64)
        dense = self.dense.get(key)
        if dense is not None:
            if len(dense) > len(per_thread):
                per_thread = np.pad(per_thread, (0, len(dense) - len(per_thread)))
            per_thread[: len(dense)] += dense
        return [int(per_thread[threads[threads < len(per_thread)]].sum()) for threads in groups]

    def _pack(self) -> _Packed:
        """The keys, the number of codes of each, and the codes of every key in one buffer."""
        return list(self.messages), array("I", map(len, self.messages.values())), b"".join(self.messages.values())

    def __getstate__(self) -> tuple[ThreadCodes, _Packed, dict[str, np.ndarray]]:
        # The codes of every key in one buffer: a worker's counts unpickle in half the time they take as one
        # array object per key, and are absorbed without one.
        return self.threads, self._pack(), self.dense

    def __setstate__(self, state: tuple[ThreadCodes, _Packed, dict[str, np.ndarray]]) -> None:
        self.threads, self._packed, self.dense = state
        self._messages = {}

    def __contains__(self, key: object) -> bool:
        return key in self.messages

    def __iter__(self) -> Iterator[str]:
        return iter(self.messages)

    def __len__(self) -> int:
        return len(self.messages)


def _pieces(codes: bytes, lengths: Iterable[int]) -> Iterator[memoryview]:
    """The 32-bit codes of one buffer cut into pieces of these lengths, one after the other."""
    buffer, end = memoryview(codes), 0
    for length in lengths:
        start, end = end, end + length * 4
        yield buffer[start:end]


class CodedCounts(Mapping[str, Counter[int]]):
    """Key → messages per thread code (a view of ``ThreadCounts`` that builds no label)."""

    __slots__ = ("counts",)

    def __init__(self, counts: ThreadCounts) -> None:
        self.counts = counts

    def __getitem__(self, key: str) -> Counter[int]:
        if key not in self.counts:
            raise KeyError(key)
        return self.counts.by_code(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self.counts)

    def __len__(self) -> int:
        return len(self.counts)


class Members:
    """Thread → participants active in it, and participant → threads in which they are active, as codes.

    A thread keeps a tuple of its few members and a participant an array of thread codes
    (four bytes a thread), instead of a set per thread and per participant.
    """

    __slots__ = ("of_thread", "threads", "threads_of")

    def __init__(self, threads: ThreadCodes) -> None:
        self.threads = threads
        self.of_thread: list[tuple[str, ...]] = []
        """The members of each thread, by code."""
        self.threads_of: dict[str, array[int]] = {}
        """Participant → codes of the threads in which they are active."""

    def add(self, thread: int, participant: str) -> None:
        """Note that the participant is active in the thread with this code."""
        of_thread = self.of_thread
        while len(of_thread) <= thread:
            of_thread.append(())
        members = of_thread[thread]
        if participant not in members:
            of_thread[thread] = (*members, participant)
            threads_of = self.threads_of
            codes = threads_of.get(participant)
            if codes is None:
                codes = threads_of[participant] = array("I")
            codes.append(thread)

    def absorb(self, later: Members, recode: list[int] | None) -> None:
        """Add the members of the threads of the messages that follow (``recode``: see ``ThreadCodes.recode``)."""
        for thread, members in enumerate(later.of_thread):
            for participant in members:
                self.add(thread if recode is None else recode[thread], participant)

    def by_thread(self) -> dict[str, set[str]]:
        """Thread label → its members."""
        labels = self.threads.labels
        found: dict[str, set[str]] = {}
        for participant, codes in self.threads_of.items():
            for code in codes.tolist():
                found.setdefault(labels[code], set()).add(participant)
        return found

    def by_session(self) -> dict[str, set[str]]:
        """Session → the participants active in its threads."""
        sessions = self.threads.sessions
        found: dict[str, set[str]] = {}
        for participant, codes in self.threads_of.items():
            for session in {sessions[code] for code in codes.tolist()}:
                found.setdefault(session, set()).add(participant)
        return found

    def codes_of(self, participant: str) -> set[int]:
        """The codes of the threads in which the participant is active."""
        codes = self.threads_of.get(participant)
        return set() if codes is None else set(codes.tolist())

    def threads_of_participant(self, participant: str) -> set[str]:
        """The labels of the threads in which the participant is active."""
        labels = self.threads.labels
        codes = self.threads_of.get(participant)
        return set() if codes is None else {labels[code] for code in codes.tolist()}


class Involvement(Mapping[str, set[str]]):
    """Participant → the labels of the threads in which they are active (a view of ``Members``)."""

    __slots__ = ("members",)

    def __init__(self, members: Members) -> None:
        self.members = members

    def __getitem__(self, participant: str) -> set[str]:
        if participant not in self.members.threads_of:
            raise KeyError(participant)
        return self.members.threads_of_participant(participant)

    def __iter__(self) -> Iterator[str]:
        return iter(self.members.threads_of)

    def __len__(self) -> int:
        return len(self.members.threads_of)


class ThreadSessions(Mapping[str, str]):
    """Thread label → its session (a view of ``ThreadCodes``)."""

    __slots__ = ("threads",)

    def __init__(self, threads: ThreadCodes) -> None:
        self.threads = threads

    def __getitem__(self, thread: str) -> str:
        code = self.threads.code_of(thread)
        if code is None:
            raise KeyError(thread)
        return self.threads.sessions[code]

    def get(self, thread: str, default: str | None = None) -> str | None:  # type: ignore[override]
        code = self.threads.code_of(thread)
        return default if code is None else self.threads.sessions[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self.threads.labels)

    def __len__(self) -> int:
        return len(self.threads.labels)
