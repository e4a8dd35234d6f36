"""How a long streamed run gives memory back to the system, where the C library (glibc) allows it,
and keeps its long-lived objects out of the garbage collector's way (``objects_frozen``).

A streamed run allocates and frees blocks of the same few sizes over and over:
each chunk's bytes, its parsed cells, its rows, several MB each. glibc
serves a block that large from its heap once a freed one has raised its
threshold for mapping blocks of their own, and a heap fragmented by a
thousand of them keeps growing with the length of the file. The main
process therefore maps such blocks on their own; its workers, which make and
free several a chunk and live for one run, keep theirs in the heap. These
calls do nothing where the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import functools
import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

LARGE_BLOCK = 2**22
"""Blocks of this size and more are mapped on their own and unmapped when freed (not kept in the heap): a chunk's
bytes or cells (several MB), not the outline pass's arrays of a 1 MB block (mapped afresh, each would cost page
faults)."""
_M_MMAP_THRESHOLD = -3
"""``mallopt``'s parameter number for that size (``malloc.h``); setting it also stops glibc raising it."""
_M_TRIM_THRESHOLD = -1
"""``mallopt``'s parameter number for the free space at the top of the heap that glibc keeps rather than returns."""
WORKER_BLOCK = 2**25
"""The largest threshold glibc's own adjustment reaches (on 64-bit systems): a worker's blocks stay in its heap."""


def map_large_blocks() -> None:
    """Have every block of ``LARGE_BLOCK`` bytes or more mapped on its own, in this process and those it forks."""
    libc = _glibc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, LARGE_BLOCK)


def keep_large_blocks() -> None:
    """Undo ``map_large_blocks`` in a worker forked after it: serve large blocks from the heap, and keep freed ones.

    A worker allocates and frees blocks of a chunk's size many times a chunk;
    mapped afresh, each would cost the system a page fault per 4 KB (half a
    second of system time for 200,000 messages). This is where glibc's own
    adjustment of both thresholds would end.
    """
    libc = _glibc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, WORKER_BLOCK)
        libc.mallopt(_M_TRIM_THRESHOLD, 2 * WORKER_BLOCK)


def return_freed_memory() -> None:
    """Give the pages freed in the heap back to the system, and those Arrow's memory pool keeps (when Arrow is
    loaded: collect splits texts with it).

    The outline pass builds many small objects and frees them; glibc keeps
    most of those pages unless asked, and the peak of the run after it would
    carry them.
    """
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)
    arrow = sys.modules.get("pyarrow")
    if arrow is not None:
        arrow.default_memory_pool().release_unused()


@contextmanager
def objects_frozen() -> Iterator[None]:
    """Keep the objects alive now out of the garbage collector's passes for the block.

    A run's long-lived records (an outline, a mapping, what collect's pass
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


@functools.cache
def _glibc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt, libc.malloc_trim  # noqa: B018 - both exist in glibc only
    except (OSError, AttributeError):
        return None
    return libc
