"""Run a pure partition function on a Dask cluster: the shared context scattered once, results in order."""

from __future__ import annotations

import os
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from nicknames.distributed.engines import EngineError
from nicknames.distributed.same_package import check_dask_workers
from nicknames.distributed.sealed import result_of, run_sealed, seal

T = TypeVar("T")
R = TypeVar("R")
C = TypeVar("C")

CONNECT_TIMEOUT = "20s"
"""How long to wait for the scheduler named by --cluster."""
NO_SPILL = {
    "distributed.worker.memory.spill": False,
    "distributed.worker.memory.target": False,
}
"""Settings of the local clusters started here: workers keep the real names in memory, never on disk."""


def dask_map(function: Callable[[T, C], R], items: Iterable[T], context: C, address: str | None,
             workers: int = 0) -> Iterator[R]:
    """``function(item, context)`` for each item on the scheduler at ``address`` (a new local cluster when None).

    The context is scattered to every worker once; at most four partitions per
    worker are in flight. Task keys carry a run id and a partition number, and
    every value is sealed (``nicknames.distributed.sealed``): the scheduler's and
    workers' logs and dashboard show no names.
    """
    with dask_client(address, workers) as client:
        run = uuid.uuid4().hex
        shared = client.scatter(seal(context), broadcast=True, hash=False)
        window = 4 * max(1, len(client.scheduler_info().get("workers", {})))
        pending: deque[Any] = deque()
        try:
            for number, item in enumerate(items):
                pending.append(client.submit(run_sealed, function, seal(item), run, shared,
                                             key=f"nicknames-{run[:8]}-{number}", pure=False))
                if len(pending) >= window:
                    yield result_of(pending.popleft().result())
            while pending:
                yield result_of(pending.popleft().result())
        finally:
            client.cancel([*pending, shared])  # the workers drop the real names now, not when they stop


@contextmanager
def dask_client(address: str | None, workers: int) -> Iterator[Any]:
    """A client of the scheduler at ``address``, or of a local cluster of worker processes started for the run."""
    import dask
    from distributed import Client, LocalCluster

    if address is not None:
        try:
            client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise EngineError(f"No Dask scheduler answers at {address} ({type(error).__name__}); start one "
                              "(dask scheduler) or check --cluster.") from None
        with client:
            check_dask_workers(client, address)  # workers started elsewhere may run another copy of the package
            yield client
        return
    count = workers or _cores()
    with dask.config.set(NO_SPILL), LocalCluster(n_workers=count, threads_per_worker=1, processes=True,
                                                 dashboard_address="127.0.0.1:0") as cluster:
        with Client(cluster, set_as_default=False) as client:
            yield client


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
