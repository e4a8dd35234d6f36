"""Run a function over chunks in worker processes, results in input order, a bounded number in flight."""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

from nicknames.heap import keep_large_blocks, objects_frozen

T = TypeVar("T")
R = TypeVar("R")

PARALLEL_MIN_BYTES = 16 * 2**20
"""Below this input size one process is faster than starting workers."""


def default_jobs(size: int) -> int:
    """Worker processes for an input of ``size`` bytes: one per core for large inputs, else 1."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, cores) if size >= PARALLEL_MIN_BYTES else 1


def _start_worker(initializer: Callable[..., None], initargs: tuple[Any, ...]) -> None:
    """Set a worker's heap for its work (``heap.keep_large_blocks``), then run the caller's initializer."""
    keep_large_blocks()
    initializer(*initargs)


def ordered_map(
    function: Callable[[T], R],
    items: Iterable[T],
    jobs: int,
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
) -> Iterator[R]:
    """``map(function, items)`` in ``jobs`` processes; the same results in the same order as ``jobs=1``.

    At most ``2 * jobs`` items are in flight, so memory stays bounded by the
    chunk size however long the input is.
    """
    if jobs <= 1:
        initializer(*initargs)
        yield from map(function, items)
        return
    # fork (where there is one) starts workers at once and needs no ``__main__`` guard in
    # the caller's script; workers run only pure code, never the parent's progress display.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    # The workers fork from here. Frozen, the parent's objects (outline, mapping, compiled names) are
    # left out of the workers' garbage collections, which would otherwise write to every one of them
    # and so copy the pages they share with the parent into each worker.
    with objects_frozen(), ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker,
                                               initargs=(initializer, initargs)) as pool:
        pending: deque[Future[R]] = deque()
        for item in items:
            pending.append(pool.submit(function, item))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
