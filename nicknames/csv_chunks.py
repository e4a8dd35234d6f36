"""Read a CSV export a few columns or a few thousand rows at a time, with the errors of ``read_csv_table``."""

from __future__ import annotations

import contextlib
import csv
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path

import pandas as pd

from nicknames.csv_file import check_encoding, check_header, noticing_interrupts, read_errors
from nicknames.csv_slices import RowSlice, Unsliceable, read_slice, row_slices, sliceable
from nicknames.errors import InputError, where

DEFAULT_CHUNK_ROWS = 20_000
"""Rows per chunk: a few tens of MB of text at typical message lengths."""


def read_header(path: Path, encoding: str | None = None) -> list[str]:
    """The column names of a CSV file, checked as ``read_csv_table`` checks them."""
    encoding = check_encoding(encoding)
    with _readable(path, encoding):
        header = pd.read_csv(path, dtype=str, header=None, nrows=1, keep_default_na=False, na_filter=False,
                             encoding=encoding, encoding_errors="strict", engine="c")
    names = [str(cell) for cell in header.iloc[0]] if len(header) else []
    check_header(names, path)
    return names


def iter_chunks(
    path: Path, encoding: str | None, usecols: Sequence[str] | None, rows: int = DEFAULT_CHUNK_ROWS
) -> Iterator[pd.DataFrame]:
    """The file's rows in chunks, every cell a string, read exactly as ``read_csv_table`` reads them."""
    encoding = check_encoding(encoding)
    csv.field_size_limit(2**31 - 1)
    with _readable(path, encoding), warnings.catch_warnings():
        warnings.simplefilter("ignore", pd.errors.ParserWarning)
        reader = pd.read_csv(
            path, dtype=str, keep_default_na=False, na_filter=False, encoding=encoding,
            encoding_errors="strict", engine="c", usecols=list(usecols) if usecols else None,
            chunksize=rows,
        )
        with reader:
            seen = False
            for chunk in reader:
                if not isinstance(chunk.index, pd.RangeIndex):
                    raise InputError(
                        f"{where(path, row=0)}: the rows have more fields than the header has column names; "
                        "give every column a name in the header row (or remove the extra commas)."
                    )
                if not chunk.empty:
                    seen = True
                    yield chunk
        if not seen:
            raise InputError(f"{path} has a header but no rows; it needs at least one message.")


def sliced_chunks(
    path: Path, encoding: str | None, header: Sequence[str], rows: int = DEFAULT_CHUNK_ROWS,
    usecols: Sequence[str] | None = None,
) -> Iterator[tuple[pd.DataFrame, RowSlice]]:
    """The rows of ``iter_chunks``, each chunk with the byte range it was read from (``csv_slices``).

    Raises ``Unsliceable`` when the file cannot be cut into ranges or reading a
    range fails in any way: ``iter_chunks`` then says what is wrong, and where.
    """
    codec = check_encoding(encoding)
    if not sliceable(codec):
        raise Unsliceable
    seen = False
    with noticing_interrupts() as interrupted:
        try:
            for piece in row_slices(path, codec, rows):
                frame = read_slice(path, codec, header, piece, usecols)
                if len(frame) != piece.rows or not isinstance(frame.index, pd.RangeIndex):
                    raise Unsliceable
                seen = True
                yield frame, piece
        except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeError, OSError):
            if interrupted:
                raise KeyboardInterrupt from None
            raise Unsliceable from None
    if not seen:
        raise Unsliceable


@contextlib.contextmanager
def _readable(path: Path, encoding: str) -> Iterator[None]:
    """Turn each way reading a CSV file can fail into the ``InputError`` that ``read_csv_table`` raises."""
    with noticing_interrupts() as interrupted:
        try:
            with read_errors(path, encoding):
                yield
        except InputError:
            if interrupted:
                raise KeyboardInterrupt from None
            raise
