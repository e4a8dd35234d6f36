"""How a long streamed run gives memory back to the system, where the C library (glibc) allows it.

A streamed run allocates and frees blocks of the same few sizes over and over:
each chunk's rows arrive from a worker as one string of several MB. glibc
serves a block that large from its heap once a freed one has raised its
threshold for mapping blocks of their own, and a heap fragmented by a
thousand of them keeps growing with the length of the file. Both calls do
nothing where the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import functools

LARGE_BLOCK = 2**20
"""Blocks of this size and more are mapped on their own and unmapped when freed (not kept in the heap)."""
_M_MMAP_THRESHOLD = -3
"""``mallopt``'s parameter number for that size (``malloc.h``); setting it also stops glibc raising it."""


def map_large_blocks() -> None:
    """Have every block of ``LARGE_BLOCK`` bytes or more mapped on its own, in this process and those it forks."""
    libc = _glibc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, LARGE_BLOCK)


def return_freed_memory() -> None:
    """Give the pages freed in the heap back to the system.

    The outline pass builds many small objects and frees them; glibc keeps
    most of those pages unless asked, and the peak of the run after it would
    carry them.
    """
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)


@functools.cache
def _glibc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt, libc.malloc_trim  # noqa: B018 - both exist in glibc only
    except (OSError, AttributeError):
        return None
    return libc
