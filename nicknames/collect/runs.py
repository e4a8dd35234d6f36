"""The messages of a table as runs of rows in file order, each run read where its texts are.

Collect's passes over the texts (the scan, the uses of absent people's forms,
the names of people who are not participants) are pure functions of a run of
messages, ``function(first, messages, context)`` (``first``: the position of
the run's first message in the file), whose results the driver adds up in
file order. Where the runs are read is the source's business: held in this
process (``MessagesInMemory``, local processes or sent to a cluster run by
run), on a Dask or Spark cluster's workers (``nicknames.distributed.held_runs``)
or from a spill folder on disk (``nicknames.engine.spilled_runs``); the driver
then holds the id columns only.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from nicknames.distributed.cluster import cluster_map
from nicknames.distributed.engines import Engine
from nicknames.engine.partitions import row_runs
from nicknames.engine.run import ordered_map
from nicknames.model.messages import Message, RunFunction

R = TypeVar("R")
C = TypeVar("C")


class MessageRuns(Protocol):
    """Where a table's messages are read, run by run."""

    def map_runs(self, function: RunFunction[C, R], context: C) -> Iterator[R]:
        """``function(first, messages, context)`` for each run of messages, results in file order (``context``:
        what every run shares, sent once to each worker)."""
        ...


@dataclass(frozen=True)
class MessagesInMemory:
    """Messages held by this process: runs read by ``jobs`` local processes, or each sent with its messages to the
    cluster of a Dask or Spark ``engine``."""

    messages: Sequence[Message]
    jobs: int = 1
    engine: Engine | None = None

    def map_runs(self, function: RunFunction[C, R], context: C) -> Iterator[R]:
        """See ``MessageRuns.map_runs``."""
        messages = self.messages
        runs = row_runs(len(messages))
        if self.engine is None or not self.engine.remote:
            return ordered_map(_run_in_memory, runs, self.jobs, (function, context, messages))
        sent = ((run.start, list(messages[run.start : run.stop])) for run in runs)
        return cluster_map(_run_sent, sent, (function, context), self.engine, self.jobs)


def _run_in_memory(run: range, shared: tuple[RunFunction[C, R], C, Sequence[Message]]) -> R:
    function, context, messages = shared
    return function(run.start, messages[run.start : run.stop], context)


def _run_sent(run: tuple[int, list[Message]], shared: tuple[RunFunction[C, R], C]) -> R:
    """On a cluster's worker: a run sent with its messages (the position of its first, and the messages)."""
    function, context = shared
    first, messages = run
    return function(first, messages, context)
