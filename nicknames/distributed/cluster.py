"""Run a pure partition function on the cluster of a Dask or Spark engine (the local engine is ``nicknames.engine``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from nicknames.distributed.engines import Engine

T = TypeVar("T")
R = TypeVar("R")
C = TypeVar("C")


def cluster_map(function: Callable[[T, C], R], items: Iterable[T], context: C, engine: Engine,
                workers: int = 0) -> Iterator[R]:
    """``function(item, context)`` for each item on the engine's cluster, results in the order of the items.

    ``context`` (the mapping, the rules: real names) is sent once to each
    worker, never written to shared storage by this code. ``workers`` is the
    size of a local cluster started when the engine names none (0: one per core).
    """
    engine.check_installed()
    if engine.kind == "dask":
        from nicknames.distributed.dask_map import dask_map

        return dask_map(function, items, context, engine.cluster, workers)
    if engine.kind == "spark":
        from nicknames.distributed.spark_map import spark_map

        return spark_map(function, items, context, engine.cluster, workers)
    raise ValueError(f"the {engine.kind} engine runs no cluster")
