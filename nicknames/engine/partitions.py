"""Which messages go together to one worker: whole scopes for apply, runs of rows in file order for the others."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import TypeVar

T = TypeVar("T")

PARTITION_ROWS = 4_000
"""About how many messages a partition holds: enough to outweigh sending it, few enough to keep workers busy."""

ScopeRows = tuple[str, list[int]]
"""A scope's key and the positions of its messages, in file order."""


def scope_partitions(keys: Sequence[str], size: int | None = None) -> list[list[ScopeRows]]:
    """The scopes of ``keys`` (each message's scope key) in order of first message, grouped into partitions of
    about ``size`` messages (``PARTITION_ROWS`` unless given); a scope is never split, so a scope larger than
    ``size`` is a partition of its own."""
    size = size or PARTITION_ROWS
    rows: dict[str, list[int]] = {}
    for position, key in enumerate(keys):
        rows.setdefault(key, []).append(position)
    partitions: list[list[ScopeRows]] = []
    current: list[ScopeRows] = []
    held = 0
    for key, positions in rows.items():
        if current and held + len(positions) > size:
            partitions.append(current)
            current, held = [], 0
        current.append((key, positions))
        held += len(positions)
    if current:
        partitions.append(current)
    return partitions


def row_runs(count: int, size: int = PARTITION_ROWS) -> list[range]:
    """Consecutive runs of about ``size`` of ``count`` rows, in file order."""
    return [range(start, min(start + size, count)) for start in range(0, count, size)]


def batches(items: Iterable[T], size: int = PARTITION_ROWS) -> Iterator[list[T]]:
    """Consecutive lists of ``size`` items (the last one shorter), for inputs read as a stream."""
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch
