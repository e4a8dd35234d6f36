"""A table held on Spark: read there file by file (a cached RDD), its id columns collected, its rows shuffled into
buckets by ``partitionBy``; the same steps as ``nicknames.distributed.held`` on Dask."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import pandas as pd

from nicknames.distributed.held import (
    Kept,
    Rows,
    check_same_columns,
    ended,
    part_columns,
    part_shape,
    read_part,
    split_part,
)
from nicknames.distributed.sealed import Sealed, context_of, result_of, seal, unseal
from nicknames.distributed.spark_map import spark_session
from nicknames.io.datasets import join_tables
from nicknames.io.formats import TableFile

S = TypeVar("S")
R = TypeVar("R")
C = TypeVar("C")


@dataclass
class SparkHeldTable:
    """A dataset read by Spark's executors, one task per file, cached there until ``close``."""

    files: list[Path]
    format: str
    session: Any
    parts: Any
    """An RDD of (file number, the file's table as read) pairs, one partition per file, cached."""
    counts: list[int]
    header: list[str]
    run: str

    def __len__(self) -> int:
        return sum(self.counts)

    def columns(self, names: Sequence[str]) -> pd.DataFrame:
        """These columns of the whole table, in file order: the only cells the driver receives."""
        sealed = self.parts.map(functools.partial(_sealed_of, part_columns, list(names))).collect()
        frames = [result_of(one) for one in sealed]
        return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=list(names))

    def run_buckets(self, bucket_of: np.ndarray, specs: Sequence[S], function: Callable[[TableFile, Rows, S, C], R],
                    context: C) -> Iterator[R]:
        """``function(rows, their positions, spec, context)`` for each bucket, results in the order of the specs;
        the buckets' rows reach their tasks by a shuffle (``partitionBy`` on the bucket number)."""
        if not specs:
            return iter(())
        spark = self.session.sparkContext
        offsets = np.cumsum([0, *self.counts]).tolist()
        shared = [spark.broadcast(value) for value in (bucket_of, seal(context), [seal(spec) for spec in specs])]
        try:
            pieces = self.parts.flatMap(functools.partial(_pieces, offsets, shared[0]))
            buckets = pieces.partitionBy(len(specs), _bucket_number)
            # each call its own run: an executor keeps the context of each call apart (``context_of``)
            run = functools.partial(_run_bucket, function, uuid.uuid4().hex, shared[1], shared[2])
            results = buckets.mapPartitionsWithIndex(run).collect()
        finally:
            for variable in shared:
                variable.destroy()  # the executors and the driver drop the real names now
        return (result_of(result) for result in results)

    def close(self) -> None:
        """Drop the table from the executors."""
        self.parts.unpersist()


def hold_on_spark(files: list[Path], fmt: str, encoding: str | None, delimiter: str | None, master: str | None,
                  workers: int = 0) -> SparkHeldTable:
    """Read the files on Spark (``master``, else ``spark-submit``'s or ``local[workers]``), one task each, cached."""
    session = spark_session(master, f"local[{workers}]" if workers else "local[*]")
    numbered = list(enumerate(files))
    read = functools.partial(_read_numbered, fmt, encoding, delimiter)
    parts = session.sparkContext.parallelize(numbered, max(1, len(numbered))).map(read).cache()
    try:
        shapes = [result_of(one) for one in parts.map(functools.partial(_sealed_of, part_shape)).collect()]
        check_same_columns([header for _, header in shapes], files, fmt)
    except BaseException:
        parts.unpersist()
        raise
    return SparkHeldTable(files, fmt, session, parts, [count for count, _ in shapes],
                          list(shapes[0][1]) if shapes else [], uuid.uuid4().hex)


def _read_numbered(fmt: str, encoding: str | None, delimiter: str | None, numbered: tuple[int, Path]
                   ) -> tuple[int, Kept]:
    number, file = numbered
    return number, Kept(ended(read_part, file, fmt, encoding, delimiter))


def _sealed_of(function: Callable[..., Any], *args: Any) -> Sealed:
    """On an executor: ``function`` of a file's table (the last argument) and the other arguments, sealed."""
    *given, (_, part) = args
    return seal(ended(function, part, *given))


def _pieces(offsets: list[int], bucket_of: Any, numbered: tuple[int, Kept]) -> Iterable[tuple[int, tuple[int, Kept]]]:
    """A file's rows cut by bucket, each piece keyed by its bucket and carrying the file's number."""
    number, part = numbered
    error, value = ended(split_part, part, bucket_of.value[offsets[number]:offsets[number + 1]], offsets[number])
    if error is not None:
        return [(0, (number, Kept((error, None))))]
    return [(bucket, (number, piece)) for bucket, piece in value.items()]


def _bucket_number(bucket: int) -> int:
    return bucket


def _run_bucket(function: Callable[[TableFile, Rows, S, C], R], run: str, context: Any, specs: Any, bucket: int,
                pieces: Iterable[tuple[int, tuple[int, Kept]]]) -> Iterator[Sealed]:
    """On an executor: a bucket's pieces joined in file order, and ``function`` of them."""
    def call() -> R:
        parts = [kept.value() for _, (_, kept) in sorted(pieces, key=lambda piece: piece[1][0])]
        tables = [table for table, _ in parts]
        rows = np.concatenate([positions for _, positions in parts]) if parts else np.zeros(0, dtype=np.int64)
        table = join_tables(tables, [Path("")] * len(tables)) if tables else TableFile(pd.DataFrame(), "csv")
        return function(table, rows, unseal(specs.value[bucket]), context_of(run, context.value))

    yield seal(ended(call))
