"""A table held on a Dask cluster: read there file by file, its id columns gathered, its rows shuffled into buckets.

The driver asks for the few columns the outline needs (ids, senders, parents,
sessions); the texts stay on the workers. Each bucket is a set of rows the
driver chose (whole scopes); its rows travel from the workers that read them
to the worker that runs the bucket's task, which receives them in file order.
What comes back to the driver is sealed (``nicknames.distributed.sealed``);
what stays on the workers between tasks is ``Kept``, whose text no log shows;
an error the user can fix travels as a value to the driver, which raises it.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import numpy as np
import pandas as pd

from nicknames.distributed.dask_map import dask_client
from nicknames.distributed.sealed import Sealed, context_of, result_of, seal, unseal
from nicknames.io.datasets import join_tables
from nicknames.io.formats import TableFile, read_table_file
from nicknames.model.errors import NicknamesError

S = TypeVar("S")
R = TypeVar("R")
C = TypeVar("C")

Rows = np.ndarray
"""Positions of rows in the whole table (files in order, rows in file order), ascending."""


@dataclass
class HeldTable:
    """A dataset read on a Dask cluster's workers, one task per file, kept there until ``close``."""

    files: list[Path]
    format: str
    client: Any
    parts: list[Any]
    """Each file's table as read, sealed, on the worker that read it (futures)."""
    counts: list[int]
    """Rows of each file."""
    header: list[str]
    run: str
    _stack: ExitStack = field(repr=False, default_factory=ExitStack)

    def __len__(self) -> int:
        return sum(self.counts)

    def columns(self, names: Sequence[str]) -> pd.DataFrame:
        """These columns of the whole table, in file order: the only cells the driver receives."""
        futures = [self.client.submit(_guarded, part_columns, part, list(names), key=self._key("columns", number),
                                      pure=False) for number, part in enumerate(self.parts)]
        frames = [result_of(sealed) for sealed in self.client.gather(futures)]
        return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=list(names))

    def run_buckets(self, bucket_of: np.ndarray, specs: Sequence[S], function: Callable[[TableFile, Rows, S, C], R],
                    context: C) -> Iterator[R]:
        """``function(rows, their positions, spec, context)`` for each bucket, results in the order of the specs.

        ``bucket_of`` gives each row's bucket (an index into ``specs``). The
        rows of a bucket reach its task in file order; ``context`` (the mapping,
        the rules) is scattered to every worker once.
        """
        client = self.client
        run = uuid.uuid4().hex  # each call its own: a worker keeps the context of each call apart (``context_of``)
        shared = client.scatter(seal(context), broadcast=True, hash=False)
        offsets = np.cumsum([0, *self.counts])
        splits: list[Any] = []
        pieces: list[list[Any]] = [[] for _ in specs]
        for number, part in enumerate(self.parts):
            local = bucket_of[offsets[number]:offsets[number + 1]]
            split = client.submit(_kept, split_part, part, local, int(offsets[number]),
                                  key=self._key("split", number, run), pure=False)
            splits.append(split)
            for bucket in np.unique(local).tolist():
                pieces[bucket].append(client.submit(_piece, split, bucket,
                                                    key=self._key(f"piece-{bucket}", number, run), pure=False))
        tasks = [client.submit(_run_bucket, function, seal(spec), run, shared, *bucket_pieces,
                               key=self._key("bucket", number, run), pure=False)
                 for number, (spec, bucket_pieces) in enumerate(zip(specs, pieces))]
        try:
            for task in tasks:
                yield result_of(task.result())
        finally:
            client.cancel([*tasks, *splits, *(piece for bucket in pieces for piece in bucket), shared])

    def close(self) -> None:
        """Drop the table from the workers and stop a cluster started for it."""
        try:
            self.client.cancel(self.parts)
        finally:
            self._stack.close()

    def _key(self, what: str, number: int, run: str | None = None) -> str:
        return f"nicknames-{(run or self.run)[:8]}-{what}-{number}"


def hold_dataset(files: list[Path], fmt: str, encoding: str | None, delimiter: str | None, address: str | None,
                 workers: int = 0) -> HeldTable:
    """Read the files on the Dask cluster at ``address`` (a new local one when None), one task each, and keep them.

    Workers read with the local engine's reader, so cells and errors (file,
    line, column) are the same; the first file with an error raises it here.
    """
    _register_size()
    stack = ExitStack()
    try:
        client = stack.enter_context(dask_client(address, workers))
        run = uuid.uuid4().hex
        parts = [client.submit(_kept, read_part, file, fmt, encoding, delimiter, key=f"nicknames-{run[:8]}-read-{n}",
                               pure=False) for n, file in enumerate(files)]
        shapes = [client.submit(_guarded, part_shape, part, key=f"nicknames-{run[:8]}-shape-{n}", pure=False)
                  for n, part in enumerate(parts)]
        counts, headers = zip(*(result_of(sealed) for sealed in client.gather(shapes))) if files else ((), ())
        check_same_columns(list(headers), files, fmt)
        return HeldTable(files, fmt, client, parts, list(counts), list(headers[0]) if headers else [], run, stack)
    except BaseException:
        stack.close()
        raise


def check_same_columns(headers: list[list[str]], files: list[Path], fmt: str) -> None:
    """Every file of a dataset needs the same columns (the local engine's error otherwise)."""
    join_tables([TableFile(pd.DataFrame(columns=header), fmt) for header in headers], files)


class Held(Protocol):
    """A table held on a cluster (Dask's ``HeldTable``, Spark's ``SparkHeldTable``)."""

    header: list[str]

    def __len__(self) -> int: ...

    def columns(self, names: Sequence[str]) -> pd.DataFrame: ...

    def run_buckets(self, bucket_of: np.ndarray, specs: Sequence[S], function: Callable[[TableFile, Rows, S, C], R],
                    context: C) -> Iterator[R]: ...

    def close(self) -> None: ...


def _guarded(function: Callable[..., Any], *args: Any) -> Sealed:
    """On a worker: ``function(*args)`` sealed with how it ended, for the driver; an input that holds an error
    passes it on."""
    error, value = ended(function, *args)
    return seal((error, value))


def _kept(function: Callable[..., Any], *args: Any) -> Kept:
    """On a worker: ``function(*args)`` with how it ended, kept on the workers for other tasks."""
    _register_size()
    return Kept(ended(function, *args))


def ended(function: Callable[..., Any], *args: Any) -> tuple[NicknamesError | None, Any]:
    """``function(*args)``, or the error the user can fix that it met, as a pair (error, value)."""
    try:
        return None, function(*args)
    except NicknamesError as error:
        return error, None


class Kept:
    """A value kept on the workers between tasks, with the error that took its place: its ``repr`` names no data
    (a worker logs a failed task's arguments), and Dask weighs it by its content."""

    __slots__ = ("outcome",)

    def __init__(self, outcome: tuple[NicknamesError | None, Any]) -> None:
        self.outcome = outcome

    def __repr__(self) -> str:
        return "<nicknames: kept value>"

    def value(self) -> Any:
        """The value, or the error that took its place raised."""
        error, value = self.outcome
        if error is not None:
            raise error
        return value


@functools.cache
def _register_size() -> None:
    """Tell Dask a kept value's size (its memory limits and transfers go by it), once, when Dask is used."""
    from dask.sizeof import sizeof

    register: Callable[[type], Callable[[Callable[[Kept], int]], object]] = sizeof.register
    register(Kept)(lambda kept: int(sizeof(kept.outcome[1])))


def read_part(file: Path, fmt: str, encoding: str | None, delimiter: str | None) -> TableFile:
    return read_table_file(file, fmt, encoding, delimiter=delimiter)


def part_shape(part: Kept) -> tuple[int, list[str]]:
    table: TableFile = part.value()
    return len(table.frame), [str(column) for column in table.frame.columns]


def part_columns(part: Kept, names: list[str]) -> pd.DataFrame:
    table: TableFile = part.value()
    return table.frame[names].reset_index(drop=True)


def split_part(part: Kept, bucket_of: np.ndarray, offset: int) -> dict[int, Kept]:
    """A file's rows cut by bucket: each bucket's rows (as read, with their positions), for its task."""
    table: TableFile = part.value()
    order = np.argsort(bucket_of, kind="stable")
    buckets, starts = np.unique(bucket_of[order], return_index=True)
    pieces = {}
    for bucket, rows in zip(buckets.tolist(), np.split(order, starts[1:])):
        pieces[bucket] = Kept((None, (table.rows(rows.tolist()), rows + offset)))
    return pieces



def _piece(split: Kept, bucket: int) -> Kept:
    """One bucket's piece of a file's split (or the error its reading met)."""
    error, pieces = split.outcome
    return Kept((error, None)) if error is not None else pieces[bucket]


def _run_bucket(function: Callable[[TableFile, Rows, S, C], R], spec: bytes, run: str, context: bytes,
                *pieces: Kept) -> Sealed:
    """On a worker: a bucket's pieces joined in file order, and ``function`` of them."""
    def call() -> R:
        parts = [piece.value() for piece in pieces]
        tables = [table for table, _ in parts]
        rows = np.concatenate([positions for _, positions in parts]) if parts else np.zeros(0, dtype=np.int64)
        table = join_tables(tables, [Path("")] * len(tables)) if tables else TableFile(pd.DataFrame(), "csv")
        return function(table, rows, unseal(spec), context_of(run, context))

    return _guarded(call)
