"""Run a pure function over partitions in worker processes, results in input order, a bounded number in flight."""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")
C = TypeVar("C")

class Progress(Protocol):
    """Told how many messages there are, then how many more are done as partitions come back."""

    def start(self, total: int) -> None: ...

    def advance(self, done: int) -> None: ...


PARALLEL_MIN_BYTES = 16 * 2**20
"""Below this input size one process is faster than starting workers."""


def default_jobs(path: Path) -> int:
    """Worker processes for an input: one per core for a file of ``PARALLEL_MIN_BYTES`` or more, else 1."""
    size = path.stat().st_size if path.is_file() else 0  # a folder of mail, a pipe's copy
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, cores) if size >= PARALLEL_MIN_BYTES else 1


def ordered_map(function: Callable[[T, C], R], items: Iterable[T], jobs: int, context: C, *,
                fresh: bool = False) -> Iterator[R]:
    """``function(item, context)`` for each item in ``jobs`` processes; the same results in the same order as
    ``jobs=1``.

    ``context`` is what every partition shares (the mapping, the rules): it is
    sent once to each worker, not once per partition. At most ``2 * jobs``
    items are in flight. With ``fresh``, workers start as new processes
    (``spawn``) and receive the context pickled, instead of copying this one:
    for a caller that holds large tables its workers do not need.
    """
    if jobs <= 1:
        yield from (function(item, context) for item in items)
        return
    # fork (where there is one) starts workers at once and needs no ``__main__`` guard in the
    # caller's script; workers run only pure code, never the parent's progress display.
    methods = multiprocessing.get_all_start_methods()
    start = multiprocessing.get_context("spawn" if fresh or "fork" not in methods else "fork")
    with objects_frozen(), ProcessPoolExecutor(jobs, mp_context=start, initializer=_start_worker,
                                               initargs=(0 if fresh else os.getpid(), context)) as pool:
        pending: deque[Future[R]] = deque()
        for item in items:
            pending.append(pool.submit(_call, function, item))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


_context: Any = None
"""In a worker process: the context of the run it serves (set once by ``_start_worker``)."""


def _start_worker(parent: int, context: object) -> None:
    """Make the worker end with its parent, and keep the run's context."""
    global _context
    _die_with(parent)
    _context = context


def _call(function: Callable[[T, Any], R], item: T) -> R:
    return function(item, _context)


def _die_with(parent: int) -> None:
    """Have Linux end this worker when the process that started it dies (a kill -9 leaves no blocked workers)."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the pool's own checks end the workers
        return
    if parent and os.getppid() != parent:  # the parent died before the setting took effect (0: not a copy of the parent)
        os._exit(1)


@contextmanager
def objects_frozen() -> Iterator[None]:
    """Keep the objects alive now out of the garbage collector's passes for the block.

    A run's long-lived records (a table, a mapping, what collect's pass
    recorded) are millions of objects: a full collection reads every one, and
    in a forked worker writes to them, copying the pages it shares with its
    parent. Nothing is frozen when something else already froze objects,
    which it alone may unfreeze.
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
