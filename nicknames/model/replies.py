"""Check the reply links of a messages table: parents that are missing, and links that loop.

Neither stops the tool: a greeting in a reply to a missing parent cannot be
attributed, and a loop has no first message to name its thread after. Both
are counted so the user is told how much of the data they affect.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ReplyCheck:
    """How many messages have reply links that cannot be followed."""

    missing_parents: int = 0
    """Messages whose parent id is not the id of any message in the table."""
    in_cycles: int = 0
    """Messages on a loop of parent links (a message that is its own ancestor)."""

    @property
    def clean(self) -> bool:
        """True when every parent link leads to a thread's first message."""
        return not (self.missing_parents or self.in_cycles)


def check_replies(ids: Sequence[str], parents: Sequence[str | None]) -> ReplyCheck:
    """Count missing parents and the messages on loops of parent links (in linear time)."""
    parent_of = dict(zip(ids, parents))
    missing = sum(1 for parent in parents if parent is not None and parent not in parent_of)
    return ReplyCheck(missing, len(_on_cycles(parent_of)))


def _on_cycles(parent_of: dict[str, str | None]) -> set[str]:
    """The messages that are their own ancestors; each chain is walked once."""
    state: dict[str, int] = {}  # 1 = on the chain being walked, 2 = done
    looped: set[str] = set()
    for start in parent_of:
        chain: list[str] = []
        current: str | None = start
        while current is not None and current in parent_of and current not in state:
            state[current] = 1
            chain.append(current)
            current = parent_of[current]
        if current is not None and state.get(current) == 1:
            looped.update(chain[chain.index(current):])
        for node in chain:
            state[node] = 2
    return looped
