"""Each message's thread in its scope, from the outline: who takes part and who posted before it.

A chunk of a streamed apply holds only some of a thread's messages; the
thread index answers for the whole thread, so a shared name is decided in a
chunk as it is when the whole table is read.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nicknames.messages import Message
from nicknames.outline import CODE, Outline
from nicknames.resolution import ThreadContext


@dataclass
class ThreadIndex:
    """The messages of each (scope, thread) in file order, from the outline's codes."""

    senders: list[str]
    sender: np.ndarray
    parent_sender: np.ndarray
    order: np.ndarray
    position: np.ndarray
    block_start: np.ndarray
    block_end: np.ndarray

    @classmethod
    def build(cls, outline: Outline, scopes: np.ndarray) -> ThreadIndex:
        """Sort the rows by scope, thread and row once (32-bit rows: 16 bytes a message in all)."""
        count = len(outline)
        order = np.lexsort((np.arange(count), outline.thread, scopes)).astype(CODE)
        boundary = np.ones(count, dtype=bool)
        boundary[1:] = (scopes[order][1:] != scopes[order][:-1]) | (outline.thread[order][1:] != outline.thread[order][:-1])
        starts = np.flatnonzero(boundary).astype(CODE)
        ends = np.append(starts[1:], count).astype(CODE)
        block = np.cumsum(boundary) - 1
        position = np.empty(count, dtype=CODE)
        position[order] = np.arange(count, dtype=CODE)
        return cls(outline.senders, outline.sender, outline.parent_sender, order, position,
                   starts[block], ends[block])

    def members(self, row: int) -> set[str]:
        """The senders of the row's thread in its scope and the senders they reply to."""
        rows = self.order[self.block_start[self.position[row]] : self.block_end[self.position[row]]]
        codes = set(self.sender[rows].tolist()) | {c for c in self.parent_sender[rows].tolist() if c >= 0}
        return {self.senders[code] for code in codes}

    def last_row(self, row: int) -> int:
        """The last row of the row's thread in its scope."""
        return int(self.order[self.block_end[self.position[row]] - 1])

    def earlier_senders(self, row: int) -> list[str]:
        """Senders of the messages before this row in its thread and scope, latest first."""
        rows = self.order[self.block_start[self.position[row]] : self.position[row]][::-1]
        return [self.senders[code] for code in self.sender[rows].tolist()]


class Decided(dict[tuple[str, str], str]):
    """``ThreadContext.addressed`` that notes the keys one message asks for before they are set, and the sets."""

    def __init__(self, seed: dict[tuple[str, str], str]) -> None:
        super().__init__(seed)
        self.asked: set[tuple[str, str]] = set()
        self.made: list[tuple[tuple[str, str], str]] = []

    def get(self, key: tuple[str, str], default: str | None = None) -> str | None:  # type: ignore[override]
        if key not in self:
            self.asked.add(key)
        return super().get(key, default)

    def __setitem__(self, key: tuple[str, str], value: str) -> None:
        self.made.append((key, value))
        super().__setitem__(key, value)


class OutlineContext(ThreadContext):
    """``ThreadContext`` of one scope, answered from the outline for threads longer than the chunk."""

    def __init__(self, threads: ThreadIndex, row_of: dict[str, int], seed: dict[tuple[str, str], str]) -> None:
        super().__init__(addressed=Decided(seed))
        self.threads = threads
        self.row_of = row_of

    def decided(self) -> Decided:
        """The firm decisions made and asked for in this context."""
        assert isinstance(self.addressed, Decided)
        return self.addressed

    def thread_members(self, message: Message) -> set[str]:
        """The members of the message's whole thread (not only this chunk), worked out when a shared name asks."""
        members = self.members.get(message.thread)
        if members is None:
            members = self.members[message.thread] = self.threads.members(self.row_of[message.id])
        return members

    def earlier_senders(self, message: Message) -> list[str]:
        """Senders of the thread's messages before this one in the scope, latest first."""
        return self.threads.earlier_senders(self.row_of[message.id])
