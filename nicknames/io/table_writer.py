"""Writing a table in CSV, JSON Lines or Parquet: atomically, owner-only where it holds real names, and in the
input's own dialect and types (see ``nicknames.io.formats``, which reads them)."""

from __future__ import annotations

import codecs
import io
import json
import os
import sys
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import pandas as pd

if TYPE_CHECKING:
    import polars as pl
    import pyarrow as pa

from nicknames.io.csv_file import (
    CsvDialect,
)
from nicknames.io.formats import STDOUT_FORMATS, TABULAR, TableFile
from nicknames.io.output import PRIVATE_MODE, atomic_output, atomic_path
from nicknames.io.table_chunks import InputAgain
from nicknames.model.errors import OutputError


def write_table(
    frame: pd.DataFrame, output: Path | None, fmt: str, source: TableFile | None = None, encoding: str | None = None
) -> None:
    """Write a table to a file (atomically) or, for text formats, to stdout.

    With ``source`` in the same format, unchanged cells keep their original values and types, and a
    CSV file keeps its delimiter, line ending and byte order mark. ``encoding`` sets the output's
    (``utf-8-sig`` writes the byte order mark that Excel needs to read accents right).
    """
    if fmt not in TABULAR:
        raise OutputError(f"A table cannot be written as {fmt}; choose one of {', '.join(TABULAR)}.")
    same = source if source is not None and source.output_format() == fmt else None
    encoding = output_encoding(encoding, dialect_of(same))
    if output is None and fmt not in STDOUT_FORMATS:
        raise OutputError("Parquet output is binary and cannot go to standard output; name the file with --output.")
    if output is not None and fmt == "parquet":
        _write_parquet(frame, output, same)
    else:
        _text_output(output, encoding, lambda stream: _write_text(frame, stream, fmt, same))


def _text_output(output: Path | None, encoding: str, write: Callable[[IO[str]], None]) -> None:
    """What ``write`` writes, to stdout (after a byte order mark for ``utf-8-sig``) or to ``output`` atomically; a
    character the encoding lacks is an ``OutputError``, and nothing is written."""
    if output is None:
        if encoding == "utf-8-sig":
            sys.stdout.write("\ufeff")
        write(sys.stdout)
        return
    try:
        with atomic_output(output, newline="", encoding=encoding) as stream:
            write(stream)
    except UnicodeEncodeError as error:
        raise _unencodable(error, encoding) from None


def _unencodable(error: UnicodeEncodeError, encoding: str) -> OutputError:
    return OutputError(
        f"The output cannot be written in {encoding}: it holds {error.object[error.start]!r}, which that "
        "encoding lacks; nothing was written. Use --output-encoding utf-8-sig (Excel reads it)."
    )


def output_encoding(encoding: str | None, dialect: CsvDialect) -> str:
    """The encoding to write text output in: the one asked for, else UTF-8 with the input's byte order mark."""
    if encoding is None:
        return "utf-8-sig" if dialect.bom else "utf-8"
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        raise OutputError(f"Unknown --output-encoding {encoding!r}; use utf-8, utf-8-sig (for Excel) or cp1252.") from None


def write_csv(frame: pd.DataFrame, stream: IO[str], dialect: CsvDialect = CsvDialect(), *, header: bool = True) -> None:
    """Write a table of strings as CSV, as pandas' ``to_csv`` does (empty cells bare, quotes only where needed; a
    bare carriage return is quoted too), with polars' writer: several times faster on a large export.

    ``dialect`` gives the delimiter and line ending (the input's, so that the output opens as it did). Without
    ``header`` only the rows are written: a table written in runs of rows, the header with the first.
    """
    stream.write(_csv_of(_polars_frame(frame), dialect, header=header).decode("utf-8"))


def _polars_frame(run: pd.DataFrame | pa.Table, *, csv_safe: bool = False) -> pl.DataFrame:
    """A run of string cells as a polars frame: an Arrow table of text columns as it is, without a copy; a frame
    (or a table made ``spreadsheet_safe``) through pandas."""
    import polars as pl  # loaded when a CSV is written, not by every command at start-up
    import pyarrow as pa

    if isinstance(run, pa.Table):
        if not csv_safe and all(pa.types.is_string(kind) or pa.types.is_large_string(kind) for kind in run.schema.types):
            polars_frame = pl.from_arrow(run)
            assert isinstance(polars_frame, pl.DataFrame)
            return polars_frame
        run = run.to_pandas()
    frame = spreadsheet_safe(run) if csv_safe else run
    return pl.from_pandas(frame.astype(str) if any(dtype != "str" for dtype in frame.dtypes) else frame)


def _csv_of(table: pl.DataFrame, dialect: CsvDialect, *, header: bool) -> bytes:
    """The rows of a polars frame of strings as CSV in UTF-8, as ``write_csv`` writes them."""
    import polars as pl

    buffer = io.BytesIO()
    table.with_columns(pl.all().replace("", None)).write_csv(
        buffer, quote_style="necessary", null_value="", separator=dialect.delimiter,
        line_terminator=dialect.line_ending, include_header=header,
    )
    return buffer.getvalue()


def write_csv_runs(runs: Iterable[pd.DataFrame | pa.Table], output: Path | None, dialect: CsvDialect = CsvDialect(),
                   encoding: str | None = None, *, csv_safe: bool = False) -> None:
    """Write a table given in runs of rows (in file order; frames, or Arrow tables of text columns) as one CSV file,
    atomically, or to stdout (``output`` None): the bytes ``write_table`` gives for the whole table, without holding
    it.

    ``encoding`` and ``csv_safe`` are as for ``write_table`` and ``spreadsheet_safe``. A file in UTF-8 gets the runs
    after the first as polars writes them, without making Python strings of them.
    """
    encoding = output_encoding(encoding, dialect)
    binary = output is not None and encoding in ("utf-8", "utf-8-sig")
    _text_output(output, encoding, lambda stream: _write_runs(runs, stream, dialect, csv_safe=csv_safe, binary=binary))


def _write_runs(runs: Iterable[pd.DataFrame | pa.Table], stream: IO[str], dialect: CsvDialect, *, csv_safe: bool,
                binary: bool) -> None:
    """The runs through the text stream; with ``binary``, the first only (it writes any byte order mark) and the
    others as bytes into the stream's buffer."""
    raw = stream.buffer if binary and isinstance(stream, io.TextIOWrapper) else None
    for number, data in enumerate(_encoded(runs, dialect, csv_safe=csv_safe)):
        if raw is None or number == 0:
            stream.write(data.decode("utf-8"))
            if raw is not None:
                stream.flush()  # what it wrote goes first
        else:
            raw.write(data)


ENCODING_THREADS = 2
"""Runs encoded at once: polars' writer lets go of the interpreter, so two threads encode two runs at a time while
this one writes (encoding the output of 200,000 messages took 0.79 s of wall time one run after the other, 0.26 s
this way, on a busy machine)."""


def _encoded(runs: Iterable[pd.DataFrame | pa.Table], dialect: CsvDialect, *, csv_safe: bool) -> Iterator[bytes]:
    """Each run as CSV bytes (the first with the header), in order, encoded ``ENCODING_THREADS`` at a time, at most
    twice as many held."""
    from concurrent.futures import Future, ThreadPoolExecutor

    def encode(number: int, run: pd.DataFrame | pa.Table) -> bytes:
        return _csv_of(_polars_frame(run, csv_safe=csv_safe), dialect, header=number == 0)

    with ThreadPoolExecutor(ENCODING_THREADS) as pool:
        pending: deque[Future[bytes]] = deque()
        for number, run in enumerate(runs):
            pending.append(pool.submit(encode, number, run))
            if len(pending) >= 2 * ENCODING_THREADS:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a cell as a formula (OWASP's list for CSV injection)."""


def spreadsheet_safe(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy whose text cells that begin like a formula start with ``'``, so a spreadsheet shows them as text.

    Message texts and ids come from whoever wrote the messages: ``=HYPERLINK(...)``
    in a post would run when the output is opened in Excel, LibreOffice or
    Google Sheets. The ``'`` is what OWASP recommends; programs that read the
    CSV see it as part of the text, so use this only for spreadsheets.
    """
    safe = frame.copy()
    for column in safe.columns:
        values = safe[column]
        risky = values.map(lambda value: isinstance(value, str) and value.startswith(FORMULA_STARTS)).astype(bool)
        if risky.any():
            safe[column] = values.where(~risky, "'" + values[risky].astype(str))
    return safe


def dialect_of(source: TableFile | None) -> CsvDialect:
    """How a CSV output is written: as its CSV source was (delimiter, line ends, byte order mark), else plain."""
    return source.dialect if source is not None and source.dialect is not None else CsvDialect()


def _write_text(frame: pd.DataFrame, stream: IO[str], fmt: str, source: TableFile | None) -> None:
    if fmt == "csv":
        write_csv(frame, stream, dialect_of(source))
        return
    for record in jsonl_records(frame, source):
        stream.write(json.dumps(record, ensure_ascii=False) + "\n")


def jsonl_records(frame: pd.DataFrame, source: TableFile | None) -> Iterator[dict[str, Any]]:
    """The rows as JSON objects: the original records with changed cells replaced, when known."""
    columns = [str(column) for column in frame.columns]
    originals = source.original if source is not None and isinstance(source.original, list) else None
    as_read = source.frame if originals is not None and source is not None else None
    rows = frame.itertuples(index=False, name=None)
    if originals is None or as_read is None:
        yield from (dict(zip(columns, values)) for values in rows)
        return
    known = [column in as_read for column in columns]
    before = as_read.reindex(columns=columns).itertuples(index=False, name=None)
    for values, read, original in zip(rows, before, originals):
        record = dict(original)
        for column, value, old, was_read in zip(columns, values, read, known):
            if not was_read or value != old:
                record[column] = value
        yield record


def typed_frame(frame: pd.DataFrame, source: TableFile | None, changed: Collection[str] = ()) -> pd.DataFrame:
    """The table with the input's typed values (Parquet) in every column it left unchanged (``changed``: columns
    taken as changed all the same)."""
    typed = frame
    if source is not None and isinstance(source.original, pd.DataFrame):
        typed = source.original.copy()
        for column in frame.columns:
            if column in changed or column not in source.frame or not _same_cells(frame[column], source.frame[column]):
                typed[column] = frame[column].astype(str)
    return typed


def _same_cells(column: pd.Series, as_read: pd.Series) -> bool:
    """Whether a column holds the cells read, whatever string type each has (a run read from disk has pandas'
    own, a table read whole plain objects)."""
    if column.dtype == as_read.dtype:
        return bool(column.equals(as_read))
    return bool(column.astype(object).equals(as_read.astype(object)))


def _write_parquet(frame: pd.DataFrame, output: Path, source: TableFile | None) -> None:
    typed = typed_frame(frame, source)
    try:
        with atomic_path(output) as temporary:
            os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE))  # owner-only while written
            typed.to_parquet(temporary, index=False)
    except ImportError:
        raise OutputError("Writing Parquet needs the pyarrow package; install it with 'pip install pyarrow'.") from None


def write_runs_as_input(runs: Iterable[pd.DataFrame], output: Path | None, fmt: str, again: InputAgain | None,
                        encoding: str | None = None, *, changed: Collection[str] = ()) -> None:
    """A table given in runs of rows (in file order) written as JSON Lines or Parquet, atomically (JSON Lines also
    to stdout): what ``write_table`` writes for the whole table, without holding it.

    ``again``: the input read again (same format), whose records or types the output keeps where nothing changed;
    ``changed``: columns written as changed text in every run (Parquet), as when the whole table is written.
    """
    if fmt == "parquet":
        if output is None:
            raise OutputError("Parquet output is binary and cannot go to standard output; name the file with --output.")
        _write_parquet_runs(runs, output, again, changed)
        return
    _text_output(output, output_encoding(encoding, CsvDialect()),
                 lambda stream: _write_jsonl_runs(runs, stream, again))


def _write_jsonl_runs(runs: Iterable[pd.DataFrame], stream: IO[str], again: InputAgain | None) -> None:
    for frame in runs:
        same = again.take(len(frame), [str(column) for column in frame.columns]) if again is not None else None
        _write_text(frame.reset_index(drop=True), stream, "jsonl", same)


def _write_parquet_runs(runs: Iterable[pd.DataFrame], output: Path, again: InputAgain | None,
                        changed: Collection[str]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    with atomic_path(output) as temporary:
        os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE))  # owner-only while written
        writer: pq.ParquetWriter | None = None
        schema: pa.Schema | None = None
        try:
            for frame in runs:
                same = again.take(len(frame), [str(column) for column in frame.columns]) if again else None
                table = pa.Table.from_pandas(typed_frame(frame.reset_index(drop=True), same, changed),
                                             preserve_index=False)
                if writer is None or schema is None:
                    schema = _typed_nulls(table.schema)
                    writer = pq.ParquetWriter(temporary, schema)
                writer.write_table(table.cast(schema))
        finally:
            if writer is not None:
                writer.close()


def _typed_nulls(schema: pa.Schema) -> pa.Schema:
    """A schema with text in place of the null type that an all-missing column of the first run has."""
    import pyarrow as pa

    for index, column in enumerate(schema):
        if pa.types.is_null(column.type):
            schema = schema.set(index, column.with_type(pa.string()))
    return schema
