"""A table held on a Dask or Spark cluster read run by run where its rows are: collect's passes on the workers.

The driver holds the table's id columns and the reply context it derived from
them (each message's parent's sender and thread). Each pass over the texts
cuts the rows into buckets of ``BUCKET_ROWS`` consecutive rows (a bucket's
rows mostly come from one file, read by the worker that holds it), builds the
bucket's messages there with the reply context the driver sent along, and
runs the pass's function on them run by run; only the results come back,
bucket by bucket in file order (``HeldRuns.map_runs``, a ``MessageRuns`` of
``nicknames.collect.runs``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from nicknames.distributed.held import Held, Rows
from nicknames.io.formats import TableFile
from nicknames.model.columns import Columns
from nicknames.model.messages import (
    MessageTable,
    RunFunction,
    frame_messages,
    used_as_strings,
)

R = TypeVar("R")
C = TypeVar("C")

BUCKET_ROWS = 20_000
"""Consecutive rows each task reads (as runs of ``RUN_ROWS``): few tasks, each worth sending the reply context."""
RUN_ROWS = 4_000
"""Rows of each run a pass's function is given: those of the local engine's runs (``PARTITION_ROWS``)."""


@dataclass(frozen=True)
class RunBucket:
    """What a bucket's task is sent: the position of its first row, and its rows' reply context."""

    first: int
    parent_senders: list[str | None]
    threads: list[str]


@dataclass(frozen=True)
class HeldRuns:
    """The messages of a table held on a cluster (``held``; ``table``: its id columns and reply context)."""

    held: Held
    table: MessageTable
    bucket_rows: int = BUCKET_ROWS

    def map_runs(self, function: RunFunction[C, R], context: C) -> Iterator[R]:
        """``function(first, messages, context)`` for each run of messages on the workers, results in file order."""
        table, size = self.table, self.bucket_rows
        count = len(table)
        bucket_of = (np.arange(count, dtype=np.int64) // size).astype(np.int32)
        buckets = [RunBucket(first, *table.reply_lists(first, first + size))
                   for first in range(0, count, size)]
        for results in self.held.run_buckets(bucket_of, buckets, read_runs, (function, context, table.columns)):
            yield from results


def read_runs(rows: TableFile, positions: Rows, bucket: RunBucket,
              shared: tuple[RunFunction[Any, R], Any, Columns]) -> list[R]:
    """On a worker: a bucket's rows (as read, in file order) as messages, and the function of each run of them."""
    function, context, columns = shared
    if len(positions) != len(bucket.threads) or (len(positions) and int(positions[0]) != bucket.first):
        raise ValueError("a bucket's rows are not the consecutive rows it was given")
    messages = frame_messages(used_as_strings(rows.frame, columns), columns, bucket.parent_senders, bucket.threads)
    return [function(bucket.first + start, messages[start : start + RUN_ROWS], context)
            for start in range(0, len(messages), RUN_ROWS)]
