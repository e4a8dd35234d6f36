"""SIGTERM ends a run as Ctrl-C does: temporary files removed, no partial output, a one-line message.

``timeout``, systemd, batch schedulers and ``kill`` send SIGTERM, whose default
action ends the process at once: the private copy of a piped input and the
temporary output would stay behind. Raising an exception instead lets every
``with`` block clean up as it does after Ctrl-C.
"""

from __future__ import annotations

import os
import signal
import threading
from types import FrameType

INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT)."""
TERMINATED = 143
"""Exit status after SIGTERM (128 + SIGTERM)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived; a ``KeyboardInterrupt`` so that every handler of Ctrl-C handles it too."""


_owner: int | None = None
"""The process that asked for ``Terminated``; processes forked from it (pool workers) do not get it."""


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != _owner:
        # A forked worker inherits the handler: it must still die at once, as SIGTERM's default does, so
        # that the parent-death signal ends it and a worker never swallows the signal and waits for work.
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        return
    raise Terminated


def terminate_as_interrupt() -> None:
    """From now on SIGTERM raises ``Terminated`` in the main thread (elsewhere signals cannot be handled)."""
    global _owner
    if threading.current_thread() is threading.main_thread():
        _owner = os.getpid()
        signal.signal(signal.SIGTERM, _raise_terminated)


def exit_status(interrupt: KeyboardInterrupt) -> int:
    """130 after Ctrl-C, 143 after SIGTERM, as shells report them."""
    return TERMINATED if isinstance(interrupt, Terminated) else INTERRUPTED


def stop_message(interrupt: KeyboardInterrupt) -> str:
    """The one line printed when a run is stopped."""
    return ("Terminated" if isinstance(interrupt, Terminated) else "Interrupted") + "; no output was written."
