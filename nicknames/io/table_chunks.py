"""Read a CSV export in runs of rows: the cells, checks and errors of ``read_csv_table``, never the whole file at once.

A command that streams a large export (apply writes its output by merging
runs of rows) reads it with the same pandas reader and options as
``nicknames.io.csv_file.read_csv_table``, so every cell is the same string; a
bad file gives the same one-line error, rows counted over the whole file.
"""

from __future__ import annotations

import signal
import warnings
from collections.abc import Iterator
from pathlib import Path

import pandas as pd

from nicknames.io.csv_file import (
    DEFAULT_ENCODING,
    check_encoding,
    check_header,
    check_no_nul,
    noticing_interrupts,
    read_errors,
    sniff_dialect,
)
from nicknames.io.encodings import check_one_encoding
from nicknames.io.input_files import check_input_kind
from nicknames.io.interrupts import Terminated
from nicknames.model.errors import InputError

CHUNK_ROWS = 20_000
"""Rows read at once: about 16 MB of text at 800 bytes a message. The merge of the output holds a run and its
changed texts several times over: at 200,000 messages apply peaks at 0.67 GB with runs of 20,000, 1.0 GB with 50,000."""


def csv_chunks(path: Path, encoding: str | None = None, delimiter: str | None = None,
               rows: int | None = None) -> Iterator[pd.DataFrame]:
    """The data rows of a CSV file as frames of about ``rows`` rows, each indexed from its first row's position in
    the file (0 for the first message), with the header as column names (``rows``: ``CHUNK_ROWS`` unless given)."""
    encoding = check_encoding(encoding)
    check_input_kind(path)
    if encoding != DEFAULT_ENCODING:
        check_one_encoding(path, encoding)
    delimiter = delimiter or sniff_dialect(path, encoding).delimiter
    header: list[str] | None = None
    first = 0
    for chunk in _raw_chunks(path, encoding, delimiter, rows or CHUNK_ROWS):
        if header is None:
            header = [str(cell) for cell in chunk.iloc[0]] if len(chunk) else []
            check_header(header, path)
            chunk = chunk.iloc[1:]
        chunk.columns = pd.Index(header)
        chunk = chunk.reset_index(drop=True)
        if chunk.empty:
            continue
        check_no_nul(chunk, path, first)
        chunk.index = pd.RangeIndex(first, first + len(chunk))
        first += len(chunk)
        yield chunk
    if header is None:
        check_header([], path)
    if first == 0:
        raise InputError(f"{path} has a header but no rows; it needs at least one message.")


def _raw_chunks(path: Path, encoding: str, delimiter: str, rows: int) -> Iterator[pd.DataFrame]:
    """``pandas.read_csv`` in chunks with ``read_csv_table``'s options; its exceptions become ``InputError``."""
    with noticing_interrupts() as interrupted:
        try:
            with read_errors(path, encoding), warnings.catch_warnings():
                warnings.simplefilter("ignore", pd.errors.ParserWarning)
                reader = pd.read_csv(
                    path, dtype=str, keep_default_na=False, na_filter=False, encoding=encoding,
                    encoding_errors="strict", engine="c", header=None, sep=delimiter, chunksize=rows,
                )
                with reader:
                    yield from reader
        except InputError:
            if interrupted:
                raise (Terminated if signal.SIGTERM in interrupted else KeyboardInterrupt) from None
            raise
