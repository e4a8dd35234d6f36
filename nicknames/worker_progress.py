"""Progress of a streamed run: how many messages are done, counted by the processes that do them.

A chunk's result comes back from its worker only when the whole chunk is
done (seconds each), so a bar moved by the results sat at zero for as long.
Workers add to a shared count every ``PROGRESS_STEP`` messages instead, and
the main process shows it four times a second.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from multiprocessing.sharedctypes import Synchronized

PROGRESS_STEP = 1_000
"""Messages done between two updates of the progress in one process (a chunk takes seconds)."""


class Progress(Protocol):
    """Told how many messages there are, then how many more are done as they are done."""

    def start(self, total: int) -> None: ...
    def advance(self, done: int) -> None: ...


def advance(progress: Progress | None, done: int) -> None:
    """Move the progress on, if there is one."""
    if progress is not None:
        progress.advance(done)


class WorkerProgress:
    """The count of messages the workers have done, shared with them and shown four times a second."""

    INTERVAL = 0.25

    def __init__(self, progress: Progress | None) -> None:
        self.shared: Synchronized[Any] = multiprocessing.Value("q", 0)
        self.progress = progress
        self.shown = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._show_until_done, daemon=True)

    def __enter__(self) -> WorkerProgress:
        if self.progress is not None:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self._thread.is_alive():
            self._thread.join()
        self._show()

    def counter(self) -> Callable[[int], None]:
        """What a worker calls with the number of messages it has just done (sent to the workers as they start)."""
        return partial(add_shared, self.shared)

    def _show_until_done(self) -> None:
        while not self._done.wait(self.INTERVAL):
            self._show()

    def _show(self) -> None:
        count = self.shared.value
        advance(self.progress, count - self.shown)
        self.shown = count


def add_shared(shared: Synchronized[Any], done: int) -> None:
    """Add to a count shared between processes."""
    with shared.get_lock():
        shared.value += done


@contextlib.contextmanager
def counting(progress: Progress | None, jobs: int) -> Iterator[Callable[[int], None]]:
    """What the code doing the messages calls as it does them: the progress itself in one process, else a shared count."""
    if jobs <= 1:
        yield partial(advance, progress)
        return
    with WorkerProgress(progress) as shared:
        yield shared.counter()
