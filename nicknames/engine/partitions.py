"""Which messages go together to one worker: whole scopes for apply, runs of rows in file order for the others."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence, Sized
from itertools import islice
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # numpy and polars load with a table, not for --help
    import numpy as np
    import numpy.typing as npt
    import polars as pl

T = TypeVar("T")
S = TypeVar("S", bound=Sized)

PARTITION_ROWS = 4_000
"""About how many messages a partition holds: enough to outweigh sending it, few enough to keep workers busy."""

ScopeRows = tuple[str, list[int]]
"""A scope's key and the positions of its messages, in file order."""

ScopeArray = tuple[str, "npt.NDArray[np.int64]"]
"""A scope's key and the positions of its messages in file order, as an array (8 bytes a message)."""


def scope_partitions(keys: Sequence[str], size: int | None = None) -> list[list[ScopeRows]]:
    """The scopes of ``keys`` (each message's scope key) in order of first message, grouped into partitions of
    about ``size`` messages (``PARTITION_ROWS`` unless given); a scope is never split, so a scope larger than
    ``size`` is a partition of its own."""
    rows: dict[str, list[int]] = {}
    for position, key in enumerate(keys):
        rows.setdefault(key, []).append(position)
    return _packed(list(rows.items()), size or PARTITION_ROWS)


def column_partitions(keys: pl.Series | None, count: int, size: int | None = None) -> list[list[ScopeArray]]:
    """``scope_partitions`` of a column of ``count`` scope keys (None: all in one scope), the positions of each
    scope as an array: the same partitions, in a few bytes a message rather than a Python integer each."""
    import numpy as np
    import polars as pl

    if keys is None:
        return _packed([("", np.arange(count, dtype=np.int64))] if count else [], size or PARTITION_ROWS)
    first = pl.DataFrame({"key": keys}).with_row_index("row").group_by("key", maintain_order=True).agg(
        pl.col("row").first())  # the scopes in order of their first message
    code = (pl.DataFrame({"key": keys}).join(first.with_row_index("code"), on="key", how="left",
                                              maintain_order="left")["code"].to_numpy())
    order = np.argsort(code, kind="stable")  # each scope's rows together, in file order
    ends = np.cumsum(np.bincount(code, minlength=len(first)))
    scopes = list(zip(first["key"].to_list(), np.split(order.astype(np.int64), ends[:-1])))
    return _packed(scopes, size or PARTITION_ROWS)


def _packed(scopes: list[tuple[str, S]], size: int) -> list[list[tuple[str, S]]]:
    """Scopes (key, rows) in order, grouped into partitions of about ``size`` rows, a scope never split."""
    partitions: list[list[tuple[str, S]]] = []
    current: list[tuple[str, S]] = []
    held = 0
    for key, positions in scopes:
        length = len(positions)
        if current and held + length > size:
            partitions.append(current)
            current, held = [], 0
        current.append((key, positions))
        held += length
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
