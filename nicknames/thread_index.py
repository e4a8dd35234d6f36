"""Each message's thread in its scope, from the outline: who takes part and who posted before it.

A chunk of a streamed apply holds only some of a thread's messages; the
thread index answers for the whole thread, so a shared name is decided in a
chunk as it is when the whole table is read.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nicknames.disk_arrays import forget_pages, on_disk
from nicknames.messages import Message
from nicknames.outline import CODE, Outline
from nicknames.resolution import ThreadContext


@dataclass
class ThreadIndex:
    """The messages of each (scope, thread) in file order, from the outline's codes.

    Senders are kept in that order too, so that the messages of a thread are next to each other: looking up a
    thread reads a few pages of the arrays, not a page per message from anywhere in the file.
    """

    senders: list[str]
    order: np.ndarray
    """The rows sorted by scope, thread and row: each (scope, thread) is one block of them."""
    sender: np.ndarray
    """The sender code of each row of ``order``."""
    parent_sender: np.ndarray
    """The parent's sender code of each row of ``order`` (-1 when the parent is unknown)."""
    position: np.ndarray
    """Each row's place in ``order``."""
    starts: np.ndarray
    """Where each block starts in ``order``, and the number of rows after the last."""

    @classmethod
    def build(cls, outline: Outline, scopes: np.ndarray) -> ThreadIndex:
        """Sort the rows by scope, thread and row once (32-bit codes: 16 bytes a message and 4 a block)."""
        count = len(outline)
        order = np.lexsort((outline.thread, scopes)).astype(CODE)  # a stable sort: rows stay in file order
        boundary = np.ones(count, dtype=bool)
        boundary[1:] = (scopes[order][1:] != scopes[order][:-1]) | (outline.thread[order][1:] != outline.thread[order][:-1])
        starts = np.append(np.flatnonzero(boundary), count).astype(CODE)
        position = np.empty(count, dtype=CODE)
        position[order] = np.arange(count, dtype=CODE)
        return cls(outline.senders, on_disk(order), on_disk(outline.sender[order]),
                   on_disk(outline.parent_sender[order]), on_disk(position), starts)

    def forget_pages(self) -> None:
        """Let this process's copies of the per-message arrays go (``disk_arrays.forget_pages``)."""
        forget_pages(self.order, self.sender, self.parent_sender, self.position)

    def members(self, row: int) -> set[str]:
        """The senders of the row's thread in its scope and the senders they reply to."""
        start, end = self._block(row)
        codes = set(self.sender[start:end].tolist()) | {c for c in self.parent_sender[start:end].tolist() if c >= 0}
        return {self.senders[code] for code in codes}

    def last_row(self, row: int) -> int:
        """The last row of the row's thread in its scope."""
        return int(self.order[self._block(row)[1] - 1])

    def earlier_senders(self, row: int) -> list[str]:
        """Senders of the messages before this row in its thread and scope, latest first."""
        start, _ = self._block(row)
        return [self.senders[code] for code in self.sender[start : self.position[row]][::-1].tolist()]

    def _block(self, row: int) -> tuple[int, int]:
        """Where the row's block starts and ends in ``order``."""
        block = int(np.searchsorted(self.starts, self.position[row], side="right")) - 1
        return int(self.starts[block]), int(self.starts[block + 1])


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
