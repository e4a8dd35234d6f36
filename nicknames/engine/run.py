"""Run a pure function over partitions in worker processes, results in input order, a bounded number in flight."""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")
C = TypeVar("C")
S = TypeVar("S")
W = TypeVar("W")

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
        yield from _in_order(pool, jobs, ((_call, function, item) for item in items))


def _in_order(pool: ProcessPoolExecutor, jobs: int, calls: Iterable[tuple[Any, ...]]) -> Iterator[Any]:
    """The results of ``calls`` (a function and its arguments each) run by ``pool``, in order, at most ``2 * jobs``
    in flight."""
    pending: deque[Future[Any]] = deque()
    for call in calls:
        pending.append(pool.submit(*call))
        if len(pending) >= 2 * jobs:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


class WorkersAhead(Generic[W]):
    """``jobs`` worker processes started before their work is known, each making ``warm(seed)`` at once: what every
    partition will share and needs nothing of the input (a mapping's compiled names), made while this process still
    reads the input, instead of before the workers start.

    ``map`` then runs partitions as ``ordered_map`` does (results in input order, at most ``2 * jobs`` in flight);
    its context, pickled once, goes with each partition and is read once by each worker, which completes it with
    what it made (``complete(context, warmed)``). Workers are forked where the system can (this process is small
    before the input is read, so they need not start anew), and end with the block.
    """

    def __init__(self, jobs: int, warm: Callable[[S], W], seed: S) -> None:
        fork = "fork" in multiprocessing.get_all_start_methods()
        start = multiprocessing.get_context("fork" if fork else "spawn")
        self.jobs = jobs
        self._maps = 0
        with objects_frozen():
            self._pool = ProcessPoolExecutor(jobs, mp_context=start, initializer=_start_warm,
                                             initargs=(os.getpid() if fork else 0, warm, seed))
            self._pool.submit(int)  # a pool of forked workers starts them all at its first task: start them now

    def map(self, function: Callable[[T, C], R], items: Iterable[T], context: C,
            complete: Callable[[C, W], C]) -> Iterator[R]:
        """``function(item, complete(context, warmed))`` for each item, in the workers; results in input order."""
        self._maps += 1
        sent = (self._maps, pickle.dumps((complete, context), protocol=pickle.HIGHEST_PROTOCOL))
        return _in_order(self._pool, self.jobs, ((_call_sent, function, item, sent) for item in items))

    def __enter__(self) -> WorkersAhead[W]:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


@contextmanager
def computed_aside(function: Callable[[C], R], context: C, *, aside: bool = True) -> Iterator[Future[R]]:
    """``function(context)`` computed in a copy of this process while the block runs, and its result in the future
    given: for serial work on what this process holds (forked, the context is not pickled; only the result comes
    back) that can go on while this process runs other work in its workers. Computed here, before the block, unless
    ``aside`` and the system can fork."""
    if not aside or "fork" not in multiprocessing.get_all_start_methods():
        done: Future[R] = Future()
        done.set_result(function(context))
        yield done
        return
    with objects_frozen(), ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"),
                                               initializer=_start_worker, initargs=(os.getpid(), context)) as pool:
        yield pool.submit(_call_alone, function)


def _call_alone(function: Callable[[Any], R]) -> R:
    return function(_context)


_context: Any = None
"""In a worker process: the context of the run it serves (set once by ``_start_worker``)."""


def _start_worker(parent: int, context: object) -> None:
    """Make the worker end with its parent, and keep the run's context."""
    global _context
    _die_with(parent)
    _context = context


def _call(function: Callable[[T, Any], R], item: T) -> R:
    return function(item, _context)


_warmed: Any = None
"""In a worker of ``WorkersAhead``: what ``warm(seed)`` made when it started."""
_sent_map = 0
"""In a worker of ``WorkersAhead``: the ``map`` whose context ``_context`` holds (0: none yet)."""


def _start_warm(parent: int, warm: Callable[[Any], Any], seed: object) -> None:
    """Make the worker end with its parent, and make what every partition will share."""
    global _warmed
    _die_with(parent)
    _warmed = warm(seed)


def _call_sent(function: Callable[[T, Any], R], item: T, sent: tuple[int, bytes]) -> R:
    """``function(item, context)``, the context read from ``sent`` (the ``map`` it belongs to, and it pickled with
    the function that completes it) the first time this worker sees that ``map``."""
    global _context, _sent_map
    number, payload = sent
    if number != _sent_map:
        complete, context = pickle.loads(payload)
        _context, _sent_map = complete(context, _warmed), number
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
