"""Inputs that can be read only once — a pipe, ``<(zcat export.csv.gz)`` — made readable again.

Reading a CSV file takes several passes (the header and encoding, an outline of
ids and senders, then the text in chunks), and a pipe gives its bytes only
once. Such an input is copied, as it arrives, into a private temporary folder
(owner-only, like every file that holds real names), read from there, and
deleted when the command ends, whether it succeeds, fails or is interrupted.
"""

from __future__ import annotations

import os
import select
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

BLOCK = 1 << 20
"""Bytes copied at a time."""
WAIT = 0.2
"""Seconds a read waits for the pipe before Python looks at signals again (so Ctrl-C always stops it)."""


def read_once(path: Path) -> bool:
    """True for an input that exists but is neither a regular file nor a folder (a pipe, a device)."""
    return path.exists() and not path.is_file() and not path.is_dir()


@contextmanager
def readable_again(path: Path) -> Iterator[Path]:
    """``path`` itself, or for a pipe a private copy of what it gives, removed on exit."""
    if not read_once(path):
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="nicknames-") as folder:  # created owner-only (0700)
        copy = Path(folder) / (path.name or "input")
        with path.open("rb", buffering=0) as source, copy.open("xb") as target:
            if os.name == "posix":
                _copy_waking(source.fileno(), target.write)
            else:
                shutil.copyfileobj(source, target, BLOCK)
        yield copy


def _copy_waking(descriptor: int, write: Callable[[bytes], object]) -> None:
    """Copy until the end of the pipe, never blocking long in one read.

    A Ctrl-C that arrives just before a blocking read would otherwise wait,
    unhandled, for the writer's next bytes, which may never come.
    """
    while True:
        ready, _, _ = select.select([descriptor], [], [], WAIT)
        if not ready:
            continue
        block = os.read(descriptor, BLOCK)
        if not block:
            return
        write(block)
