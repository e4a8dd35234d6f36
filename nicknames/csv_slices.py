"""Cut a CSV file into byte ranges of whole rows, so that each range can be read on its own.

pandas reads a CSV file with a tokenizer whose only state across bytes is
whether it is inside a quoted field. A double quote opens a quoted field only
at the start of a field (after a comma, a line break or at the start of the
data); inside one, ``""`` is a quote and a single ``"`` closes it. In a file
where every quote is one of these, the quotes before a byte tell its state by
their parity, so the rows' ends are found with a few array operations. A quote
anywhere else (``5" tall`` in an unquoted cell) makes the file ``Unsliceable``:
its callers then read it in order as a whole.

Each range starts at the start of a row, so ``pd.read_csv`` on its bytes with
the header's column names gives exactly the rows that reading the whole file
gives there (property tests compare both). Only encodings in which these four
bytes always stand for themselves are cut this way (UTF-8 and the single-byte
code pages).

The scan also checks what reading the whole file would check, so that a range
can be read for a few columns alone (pandas then looks at no other cell):
every row has as many commas outside quotes as the header, and every byte
decodes; a file where either fails is ``Unsliceable``, and reading it whole
says what is wrong and where.
"""

from __future__ import annotations

import codecs
import io
import os
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

BLOCK = 2**20
"""Bytes read at a time while looking for the rows' ends."""

_QUOTE, _COMMA, _LF, _CR = b'"'[0], b","[0], b"\n"[0], b"\r"[0]
_BLANK = b" \t"
"""A line of only these is no row (pandas skips it)."""
_BOM = codecs.BOM_UTF8
"""pandas drops these bytes at the start of UTF-8 data, so no range other than the first starts with them."""


class Unsliceable(Exception):
    """The file cannot be cut into rows by quote parity (a quote in the middle of an unquoted cell)."""


@dataclass(frozen=True)
class RowSlice:
    """Whole rows of a CSV file: their bytes and the index of the first (0 = the first row after the header)."""

    start: int
    end: int
    first: int
    rows: int


def sliceable(encoding: str) -> bool:
    """True for an encoding in which quote, comma and line-break bytes never belong to another character."""
    name = codecs.lookup(encoding).name
    if name in ("utf-8", "utf-8-sig"):
        return True
    try:
        return len(codecs.decode(bytes(range(256)), name, errors="replace")) == 256 and codecs.decode(
            b'",\r\n', name) == '",\r\n'
    except (UnicodeError, LookupError):
        return False


def row_slices(path: Path, encoding: str, rows: int) -> Iterator[RowSlice]:
    """The file's rows after the header, ``rows`` at a time (a few more where a range may not start)."""
    utf8 = codecs.lookup(encoding).name in ("utf-8", "utf-8-sig")
    decoder = codecs.getincrementaldecoder(_codec(encoding))()
    with path.open("rb") as stream:
        head = stream.read(len(_BOM))
        skip = len(_BOM) if utf8 and head == _BOM else 0
        decoder.decode(head[skip:])
        scan = _RowScan(bytearray(head[skip:]), skip, utf8)
        start, first = -1, 0
        while True:
            block = stream.read(max(BLOCK, len(scan.pending)))
            try:
                decoder.decode(block, final=not block)
            except UnicodeError:
                raise Unsliceable from None
            scan.add(block)
            if start < 0 and scan.ends:
                start = scan.ends.pop(0)  # the header's end
            if start >= 0 and first == 0 and scan.follows_bom(start) is not False:
                if scan.follows_bom(start):
                    raise Unsliceable  # the first row would lose it
                continue  # not known until more bytes come
            for end, count in scan.cuts(rows, final=not block):
                yield RowSlice(start, end, first, count)
                start, first = end, first + count
            if not block:
                if bytes(scan.pending).strip(_BLANK + b"\r\n"):
                    raise Unsliceable  # a quote never closed: reading the file whole says where
                return


class _RowScan:
    """Where the rows of a file end, found a block at a time; only the bytes of the last, unfinished row are kept."""

    def __init__(self, pending: bytearray, base: int, utf8: bool) -> None:
        self.pending = pending
        """The bytes after the last row end found (a row's start)."""
        self.base = base
        """Offset of ``pending`` in the file."""
        self.utf8 = utf8
        self.ends: list[int] = []
        """Offsets just past each row found and not yet cut into a range."""
        self.boms: set[int] = set()
        """Offsets of the byte order marks before ``pending`` (UTF-8 only; rare)."""
        self.final = False
        """True once the end of the file is read."""
        self.commas = -1
        """Commas outside quotes in every row: as many as in the header (the first row), once it is found."""

    def add(self, block: bytes) -> None:
        """Append bytes and find the rows they complete (all the rest when ``block`` is the end of the file)."""
        self.pending += block
        self.final = not block
        found, commas = row_ends(self.pending, final=self.final)
        if not len(found):
            return
        if self.commas < 0:
            self.commas = int(commas[0])
        if (commas != self.commas).any():
            raise Unsliceable  # a row with fewer or more fields than the header
        done = int(found[-1])
        if self.utf8 and self.pending.find(_BOM[:1], 0, done) >= 0:  # one byte is looked for far faster than three
            position = self.pending.find(_BOM, 0, done)
            while position >= 0:
                self.boms.add(self.base + position)
                position = self.pending.find(_BOM, position + 1, done)
        self.ends.extend((found + self.base).tolist())
        del self.pending[:done]
        self.base += done

    def follows_bom(self, end: int) -> bool | None:
        """Whether a byte order mark starts at this row end; None while too few bytes after it are known."""
        if not self.utf8:
            return False
        if end < self.base:
            return end in self.boms
        if len(self.pending) < len(_BOM) and not self.final:
            return None
        return self.pending.startswith(_BOM)

    def cuts(self, rows: int, final: bool) -> list[tuple[int, int]]:
        """Ends of the ranges of ``rows`` rows now complete, with their row counts (the rest at the end of the file).

        No range starts with a byte order mark: pandas would drop it.
        """
        ends, taken, cuts = self.ends, 0, []
        while len(ends) - taken >= rows or (final and len(ends) > taken):
            index = min(taken + rows, len(ends)) - 1
            while index + 1 < len(ends) and self.follows_bom(ends[index]):
                index += 1
            if self.follows_bom(ends[index]) is not False and not final:
                break  # wait for the bytes after it
            cuts.append((ends[index], index + 1 - taken))
            taken = index + 1
        del ends[:taken]
        return cuts


def row_ends(data: bytes | bytearray, final: bool) -> tuple[np.ndarray, np.ndarray]:
    """The offset just past each row of ``data`` (which starts at the start of a row), blank lines skipped, and
    the number of commas outside quotes in each row.

    At the end of the file (``final``) a last row without a line break counts.
    """
    array = np.frombuffer(data, dtype=np.uint8)
    if not len(array):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    quotes = np.flatnonzero(array == _QUOTE)
    _check_quotes(array, quotes)
    breaks = np.flatnonzero((array == _LF) | (array == _CR))
    breaks = breaks[np.searchsorted(quotes, breaks) % 2 == 0]
    if final and (len(breaks) == 0 or breaks[-1] < len(data) - 1) and len(quotes) % 2 == 0:
        breaks = np.append(breaks, len(data))
    starts = np.concatenate(([0], breaks[:-1] + 1))
    rows = breaks > starts
    for index in np.flatnonzero(rows & np.isin(array[np.minimum(starts, len(data) - 1)], list(_BLANK))).tolist():
        rows[index] = data[starts[index] : breaks[index]].strip(_BLANK) != b""
    _drop_commas_after_blank_returns(data, array, starts, breaks, rows)
    commas = np.flatnonzero(array == _COMMA)
    commas = commas[np.searchsorted(quotes, commas) % 2 == 0]
    ends = breaks[rows]
    return np.minimum(ends + 1, len(data)), np.searchsorted(commas, ends) - np.searchsorted(commas, starts[rows])


def _drop_commas_after_blank_returns(
    data: bytes | bytearray, array: np.ndarray, starts: np.ndarray, breaks: np.ndarray, rows: np.ndarray
) -> None:
    """pandas skips a comma right after a blank line that ends in a carriage return: the line after may be blank."""
    led = np.flatnonzero((starts > 0) & (array[np.minimum(starts, len(data) - 1)] == _COMMA)
                         & (array[np.maximum(starts - 1, 0)] == _CR))
    for index in led.tolist():
        if not rows[index - 1] and data[starts[index] - 1] == _CR:
            rows[index] = data[starts[index] + 1 : breaks[index]].strip(_BLANK) != b""


def _check_quotes(array: np.ndarray, quotes: np.ndarray) -> None:
    """Raise ``Unsliceable`` unless every quote that parity says opens a field is at the start of one."""
    opening = quotes[0::2]
    before = array[opening[opening > 0] - 1]
    if not np.isin(before, [_COMMA, _LF, _CR, _QUOTE]).all():
        raise Unsliceable


def read_slice(path: Path, encoding: str, header: Sequence[str], piece: RowSlice,
               usecols: Sequence[str] | None = None) -> pd.DataFrame:
    """The rows of one range, every cell a string, as ``csv_chunks.iter_chunks`` reads them.

    With ``usecols`` only those columns are made into strings (the outline pass
    needs a few short columns, not the texts); ``row_slices`` checked the rest.
    """
    with path.open("rb") as stream:
        stream.seek(piece.start)
        data = stream.read(piece.end - piece.start)
    return parse_rows(data, encoding, header, usecols)


def read_slice_batches(path: Path, encoding: str, header: Sequence[str], piece: RowSlice, rows: int,
                       usecols: Sequence[str] | None = None) -> Iterator[pd.DataFrame]:
    """The rows of ``read_slice``, ``rows`` at a time: the range's bytes are read as the parser asks for them, so
    neither they nor the cells of more than ``rows`` rows are held at once."""
    with warnings.catch_warnings(), _RangeReader(path, piece) as stream:
        warnings.simplefilter("ignore", pd.errors.ParserWarning)
        yield from pd.read_csv(stream, chunksize=rows, **_read_options(encoding, header, usecols))


class _RangeReader(io.RawIOBase):
    """The bytes of one range of a file, as a stream of their own."""

    def __init__(self, path: Path, piece: RowSlice) -> None:
        super().__init__()
        self._file = path.open("rb", buffering=0)
        self._at, self._end = piece.start, piece.end

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = min(len(buffer), self._end - self._at)
        if size <= 0:
            return 0
        read = os.preadv(self._file.fileno(), [memoryview(buffer)[:size]], self._at)
        self._at += read
        return read

    def close(self) -> None:
        self._file.close()
        super().close()


def parse_rows(
    data: bytes, encoding: str, header: Sequence[str], usecols: Sequence[str] | None = None
) -> pd.DataFrame:
    """Rows of a CSV file without its header, read as the whole file is read (a BOM is data here).

    The cells are the same strings as with ``dtype=str``, kept as the parser
    makes them: pandas would copy each into an Arrow array, and callers take
    them back out as Python strings (half the time of a read).
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pd.errors.ParserWarning)
        return pd.read_csv(io.BytesIO(data), **_read_options(encoding, header, usecols))


def _read_options(encoding: str, header: Sequence[str], usecols: Sequence[str] | None) -> dict[str, Any]:
    """``pd.read_csv``'s options for the rows of a range: every cell the parser's string, in the file's encoding."""
    return {
        "header": None, "names": list(header), "dtype": object, "keep_default_na": False, "na_filter": False,
        "encoding": _codec(encoding), "encoding_errors": "strict", "engine": "c",
        "usecols": list(usecols) if usecols is not None else None,
    }


def _codec(encoding: str) -> str:
    """The codec of a range's bytes: a range never starts with the file's byte order mark."""
    return "utf-8" if codecs.lookup(encoding).name == "utf-8-sig" else encoding
