"""Read a CSV, JSON Lines or Parquet export in runs of rows: the cells, checks and errors of the file read whole
(``read_table_file``), never the whole file at once.

A command that streams a large export (apply writes its output by merging
runs of rows) reads it with the same pandas reader and options as
``nicknames.io.csv_file.read_csv_table``, so every cell is the same string; a
bad file gives the same one-line error, rows counted over the whole file.
"""

from __future__ import annotations

import itertools
import signal
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
from nicknames.io.formats import (
    TableFile,
    as_strings,
    frame_of_records,
    index_as_column,
    iter_jsonl_records,
    parquet_errors,
)
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
    return checked_csv_chunks(path, *checked_csv(path, encoding, delimiter), rows)


def checked_csv(path: Path, encoding: str | None, delimiter: str | None) -> tuple[str, str]:
    """The encoding and delimiter a CSV file is read in runs with: the encoding checked (a single-byte one also
    against lines in UTF-8), the delimiter the given one or the header's."""
    encoding = check_encoding(encoding)
    check_input_kind(path)
    if encoding != DEFAULT_ENCODING:
        check_one_encoding(path, encoding)
    return encoding, delimiter or sniff_dialect(path, encoding).delimiter


def checked_csv_chunks(path: Path, encoding: str, delimiter: str, rows: int | None = None) -> Iterator[pd.DataFrame]:
    """``csv_chunks`` with the encoding and delimiter ``checked_csv`` gives."""
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


def table_chunks(path: Path, fmt: str, encoding: str | None = None, delimiter: str | None = None,
                 rows: int | None = None) -> Iterator[pd.DataFrame]:
    """The rows of a CSV, JSON Lines or Parquet file as ``csv_chunks`` gives a CSV file's: frames of string cells,
    each indexed from its first row's position, with the cells and errors of the file read whole."""
    if fmt == "csv":
        return csv_chunks(path, encoding, delimiter, rows)
    if fmt == "jsonl":
        return jsonl_chunks(path, encoding, rows)
    if fmt == "parquet":
        return _numbered(as_strings(frame) for frame in parquet_chunks(path, rows))
    raise InputError(f"{path} is a {fmt} file; only CSV, JSON Lines and Parquet are read in runs of rows.")


def jsonl_chunks(path: Path, encoding: str | None = None, rows: int | None = None) -> Iterator[pd.DataFrame]:
    """A JSON Lines file in runs of rows: every run has every key of the file as a column, in order of first use
    (as ``read_table_file``), so the file is read twice: once for its keys, once for its rows."""
    columns = list(dict.fromkeys(key for record in iter_jsonl_records(path, encoding) for key in record))
    if not columns:
        raise InputError(f"{path} has no JSON objects; it needs at least one message.")
    runs = (frame_of_records(run, columns) for run in jsonl_record_runs(path, encoding, rows))
    return _numbered(runs)


def jsonl_record_runs(path: Path, encoding: str | None = None, rows: int | None = None
                      ) -> Iterator[list[dict[str, Any]]]:
    """The JSON objects of a JSON Lines file in lists of ``rows`` (``CHUNK_ROWS`` unless given)."""
    records = iter_jsonl_records(path, encoding)
    while run := list(itertools.islice(records, rows or CHUNK_ROWS)):
        yield run


def parquet_chunks(path: Path, rows: int | None = None) -> Iterator[pd.DataFrame]:
    """A Parquet file in runs of rows with its types, as ``read_parquet_frame`` reads it whole (a named index an
    ordinary column); a file without rows is refused."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    if not path.is_file():
        raise InputError(f"File {path} does not exist; check the path.")
    empty = True
    with parquet_errors(path), pq.ParquetFile(path) as file:
        schema = file.schema_arrow
        for batch in file.iter_batches(batch_size=rows or CHUNK_ROWS, use_threads=False):
            empty = empty and batch.num_rows == 0
            if batch.num_rows:
                yield index_as_column(pa.Table.from_batches([batch], schema).to_pandas())
    if empty:
        raise InputError(f"{path} has no rows; it needs at least one message.")


def _numbered(frames: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
    """Frames indexed from their first row's position in the file (0 for the first message)."""
    first = 0
    for frame in frames:
        frame.index = pd.RangeIndex(first, first + len(frame))
        first += len(frame)
        yield frame


class InputAgain:
    """A JSON Lines or Parquet input read again in file order, for writing its output run by run in its own format:
    each ``take`` gives the next rows as read (``TableFile``: string cells, and the original records or typed
    values that the output keeps where apply changed nothing)."""

    def __init__(self, path: Path, fmt: str, encoding: str | None = None) -> None:
        self.format = fmt
        self._records = iter_jsonl_records(path, encoding) if fmt == "jsonl" else None
        self._typed = parquet_chunks(path) if fmt == "parquet" else None
        self._left: pd.DataFrame | None = None

    def take(self, count: int, columns: list[str]) -> TableFile:
        """The next ``count`` rows, their string cells in ``columns`` (the table's columns, as read whole)."""
        if self._records is not None:
            records = list(itertools.islice(self._records, count))
            return TableFile(frame_of_records(records, columns), "jsonl", records)
        typed = self._typed_rows(count)
        return TableFile(as_strings(typed), "parquet", typed)

    def _typed_rows(self, count: int) -> pd.DataFrame:
        pieces: list[pd.DataFrame] = []
        while count > 0:
            if self._left is None or self._left.empty:
                self._left = next(self._typed, None) if self._typed is not None else None
                if self._left is None:
                    break
            pieces.append(self._left.iloc[:count])
            count -= len(pieces[-1])
            self._left = self._left.iloc[len(pieces[-1]):]
        return pd.concat(pieces, ignore_index=True) if len(pieces) != 1 else pieces[0].reset_index(drop=True)
