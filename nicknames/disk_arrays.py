"""Per-message arrays kept in temporary files instead of memory, so that a run's memory does not grow with the file.

The outline of an export holds a few integers per message (sender, parent's
sender, thread, session, place in its thread): tens of MB for millions of
messages, and every worker process would count them again. They are written to
files that are deleted as soon as they are made, so that nothing is left
behind however the run ends, and mapped read-only. The system keeps the pages
read in its file cache and takes them back when it needs the room; a process
counts only the pages it has read, and ``forget_pages`` lets it drop those.
The arrays hold integer codes, never names.
"""

from __future__ import annotations

import mmap
import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import IO

import numpy as np

from nicknames.errors import OutputError
from nicknames.labels import LabelSequence

SMALL = 2**20
"""Arrays of fewer bytes stay in memory: a file per small array would cost more than it saves."""
_BATCH = 2**16
"""Labels decoded at a time when all are read."""


class ArrayFile:
    """A one-dimensional array written a piece at a time to a temporary file, then mapped (``mapped``)."""

    def __init__(self, dtype: type | np.dtype) -> None:
        self.dtype = np.dtype(dtype)
        self.count = 0
        self.appended = 0
        """How many pieces were appended."""
        self._file: IO[bytes] | None = None
        self._pieces: list[np.ndarray] = []
        """The pieces while they are fewer than ``SMALL`` bytes together (then they go to the file)."""

    def append(self, piece: np.ndarray) -> None:
        """Add a piece at the end."""
        piece = np.ascontiguousarray(piece, dtype=self.dtype)
        self.count += len(piece)
        self.appended += 1
        if self._file is None:
            self._pieces.append(piece)
            if self.count * self.dtype.itemsize < SMALL:
                return
            with temporary_space():
                self._file = tempfile.TemporaryFile()
            pieces, self._pieces = self._pieces, []
            for held in pieces:
                self._write(held)
            return
        self._write(piece)

    def _write(self, piece: np.ndarray) -> None:
        assert self._file is not None
        with temporary_space():
            self._file.write(piece.data)

    def read(self, start: int, count: int) -> np.ndarray:
        """``count`` elements from ``start`` of those appended so far, read from the file rather than mapped (no
        page of it stays in this process's memory); more may be appended afterwards."""
        if self._file is None:
            if len(self._pieces) > 1:  # joined once, not at every read
                self._pieces = [np.concatenate(self._pieces)]
            held = self._pieces[0] if self._pieces else np.zeros(0, dtype=self.dtype)
            return held[start : start + count].copy()
        size, file = self.dtype.itemsize, self._file
        with temporary_space():
            file.seek(start * size)
            data = file.read(count * size)
            file.seek(0, os.SEEK_END)
        return np.frombuffer(data, dtype=self.dtype)

    def mapped(self) -> np.ndarray:
        """The whole array: read-only and mapped from the file, or in memory when it is small."""
        if self._file is None:
            return np.concatenate(self._pieces) if self._pieces else np.zeros(0, dtype=self.dtype)
        with self._file as file, temporary_space():
            file.flush()
            self._file = None
            if not self.count:  # an empty file cannot be mapped
                return np.zeros(0, dtype=self.dtype)
            return np.memmap(file, dtype=self.dtype, mode="r", shape=(self.count,))


@contextmanager
def temporary_space() -> Iterator[None]:
    """Writing temporary files: a failure (a full disk, a folder that cannot be written) is the user's to fix."""
    try:
        yield
    except OSError as error:
        raise OutputError(
            f"Cannot write temporary files in {tempfile.gettempdir()}: {error.strerror or error}; set TMPDIR to a "
            "folder with more room (a large export needs about 100 bytes a message, and a few chunks of its text)."
        ) from None


def on_disk(array: np.ndarray) -> np.ndarray:
    """The array, mapped read-only from a temporary file when it is not small (see ``SMALL``)."""
    if isinstance(array, np.memmap) or array.nbytes < SMALL:
        return array
    spilled = ArrayFile(array.dtype)
    spilled.append(array.ravel())
    return spilled.mapped().reshape(array.shape)


def writable(count: int, dtype: type | np.dtype) -> np.ndarray:
    """An array of ``count`` zeros to fill in any order: mapped read-write from a temporary file when it is not small
    (``forget_pages`` then lets the pages written go to the file)."""
    dtype = np.dtype(dtype)
    if count * dtype.itemsize < SMALL:
        return np.zeros(count, dtype=dtype)
    with temporary_space():
        file = tempfile.TemporaryFile()
        file.truncate(count * dtype.itemsize)
        return np.memmap(file, dtype=dtype, mode="r+", shape=(count,))


def forget_pages(*arrays: np.ndarray | None) -> None:
    """Let this process's copies of the pages of mapped arrays go (they stay in the file cache until needed)."""
    for array in arrays:
        while isinstance(array, np.ndarray) and not isinstance(getattr(array, "_mmap", None), mmap.mmap):
            array = array.base if isinstance(array.base, np.ndarray) else None
        if array is not None and hasattr(mmap, "MADV_DONTNEED"):
            array._mmap.madvise(mmap.MADV_DONTNEED)  # type: ignore[attr-defined]


class DiskLabels(LabelSequence):
    """Many strings (the threads of a large export), kept as one UTF-8 array of bytes and their ends, on disk."""

    __slots__ = ("_data", "_ends")

    def __init__(self, data: np.ndarray, ends: np.ndarray) -> None:
        self._data, self._ends = data, ends

    def __len__(self) -> int:
        return len(self._ends) - 1

    def _label(self, index: int) -> str:
        return self.take(np.array([index]))[0]

    def __iter__(self) -> Iterator[str]:
        for start in range(0, len(self), _BATCH):
            yield from self.take(np.arange(start, min(start + _BATCH, len(self))))

    def take(self, indexes: np.ndarray) -> list[str]:
        """The labels at these indexes (non-negative), in that order."""
        data = self._data.data
        starts, ends = self._ends[indexes].tolist(), self._ends[indexes + 1].tolist()
        return [str(data[start:end], "utf-8", "surrogatepass") for start, end in zip(starts, ends)]


class LabelsWriter:
    """``DiskLabels`` written a few at a time: no string is kept in memory."""

    def __init__(self) -> None:
        self._data = ArrayFile(np.uint8)
        self._ends = ArrayFile(np.int64)
        self._ends.append(np.zeros(1, dtype=np.int64))

    def extend(self, labels: Iterable[str]) -> None:
        """Add labels at the end."""
        encoded = [label.encode("utf-8", "surrogatepass") for label in labels]
        if encoded:
            ends = np.cumsum([len(data) for data in encoded], dtype=np.int64) + self._data.count
            self._data.append(np.frombuffer(b"".join(encoded), dtype=np.uint8))
            self._ends.append(ends)

    def finish(self) -> DiskLabels:
        """The labels written."""
        return DiskLabels(self._data.mapped(), self._ends.mapped())
