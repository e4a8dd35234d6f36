"""A table kept on disk (``nicknames.engine.spill``) read run by run by local workers: collect's passes from disk.

The driver holds the table's id columns and the reply context it derived from
them; each run of rows written to the spill folder is read back by a worker,
which builds its messages with the reply context the driver sent along and
runs the pass's function on them (``RUN_ROWS`` at a time). Only the
results come back, in file order (``SpilledRuns.map_runs``, a ``MessageRuns``
of ``nicknames.collect.runs``): the driver never holds the texts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from nicknames.engine.run import ordered_map
from nicknames.engine.spill import SpilledTable
from nicknames.model.columns import Columns
from nicknames.model.messages import (
    MessageTable,
    RunFunction,
    message_columns,
    messages_of,
)

R = TypeVar("R")
C = TypeVar("C")

RUN_ROWS = 20_000
"""Messages a pass's function is given at once: a whole run of the spill folder (``table_chunks.CHUNK_ROWS``), which
the worker holds anyway. The driver adds up one result a run, not one a partition of ``PARTITION_ROWS``: adding up
the scan's token indexes of 4,000 messages each took the driver a fifth of its time, and each worker learnt what
the pieces of the texts hold (``learnt_pieces``) five times over."""


FRESH_WORKERS_FROM = 500_000
"""Messages from which workers of a table kept on disk (collect's runs here, apply's partitions in
``nicknames.apply.spilled``) start as new processes: a copy of the driver (``fork``) is free, but from here on the
driver's id columns and what it recorded would be most of each worker's memory; a new process (``spawn``) costs a
few seconds of CPU to import the package and rebuild what the work needs (the mapping's automaton)."""


@dataclass(frozen=True)
class SpilledRun:
    """What a worker is given: which run of the spill folder to read, which of its rows (from ``first``, a position
    in the file, on: as many as ``threads`` holds), and their reply context."""

    number: int
    first: int
    parent_senders: list[str | None]
    threads: list[str]


@dataclass(frozen=True)
class SpilledRuns:
    """The messages of a table kept on disk (``spilled``; ``table``: its id columns and reply context), read by
    ``jobs`` local processes."""

    spilled: SpilledTable
    table: MessageTable
    jobs: int = 1

    def map_runs(self, function: RunFunction[C, R], context: C) -> Iterator[R]:
        """``function(first, messages, context)`` for each run of messages, read from disk, results in file order."""
        table = self.table
        runs = (SpilledRun(number, start, *table.reply_lists(start, stop))
                for number, start, stop in run_pieces(self.spilled.bounds, self.jobs))
        shared = (self.spilled, function, context, table.columns)
        fresh = len(table) >= FRESH_WORKERS_FROM
        for results in ordered_map(read_spilled_run, runs, self.jobs, shared, fresh=fresh):
            yield from results


def run_pieces(bounds: Sequence[int], jobs: int) -> list[tuple[int, int, int]]:
    """The pieces the runs of a spill folder (``bounds``: the first row of each, then the number of rows) are read
    in: (run, first row, end) of each, in file order. The last ``jobs`` runs are read in halves, so that when the
    workers run out of runs, they wait for at most half a run's work from each other, not a whole run's (at 200,000
    messages, 11 runs for 2 workers left one idle for a run's scan, about a second)."""
    pieces = []
    runs = len(bounds) - 1
    for number in range(runs):
        start, stop = bounds[number], bounds[number + 1]
        middle = (start + stop) // 2
        if jobs > 1 and number >= runs - jobs and start < middle:
            pieces.extend([(number, start, middle), (number, middle, stop)])
        else:
            pieces.append((number, start, stop))
    return pieces


def read_spilled_run(run: SpilledRun, shared: tuple[SpilledTable, RunFunction[Any, R], Any, Columns]) -> list[R]:
    """In a worker: rows of one run of the spill folder as messages, and the function of each ``RUN_ROWS`` of
    them."""
    spilled, function, context, columns = shared
    wanted = message_columns(columns)
    offset = run.first - spilled.bounds[run.number]
    table = spilled.read_run(run.number, wanted).slice(offset, len(run.threads))
    cells = {name: table.column(name).to_pylist() for name in wanted}
    del table
    messages = messages_of(columns, cells, run.parent_senders, run.threads)
    del cells
    return [function(run.first + start, messages[start : start + RUN_ROWS], context)
            for start in range(0, len(messages), RUN_ROWS)]
