"""Read a large CSV export in runs of rows straight into Arrow tables: pyarrow's CSV reader where it gives the cells
of pandas' reader, pandas' reader (``table_chunks.csv_chunks``) everywhere else.

pyarrow's streaming reader parses a 170 MB export about eight times faster than
pandas' chunked reader (0.15 s of CPU against 1.3 s), and its cells are Arrow
strings already (pandas' become Python objects, then Arrow strings again). It
gives the cells of pandas' reader with ``read_csv_table``'s options
(``tests/test_csv_runs.py`` compares the two on awkward files) as long as every
row has the header's fields. pandas reads the file instead, from its first row,
whenever pyarrow refuses it (a short or long row, bytes that are not UTF-8, a
line of only spaces or tabs among two or more columns, a row longer than
``LONG_ROW_BLOCK_BYTES``) and wherever the two could differ: a file of one column (pandas
skips its lines of only spaces), a NUL byte (pandas names its row and column),
a quote left open at the end (pyarrow takes it as closed), a blank line ended by
a lone carriage return before a row that starts with the delimiter (pandas
drops that delimiter), an encoding whose bytes are not one character each, a
delimiter that is not ASCII, a file that is not a regular one (pandas must be
able to read it again). Every
error, its row numbers, and every cell are then today's; rows pyarrow gave
before it stopped are not given twice.

pyarrow's streaming reader reads up to 32 blocks ahead of the rows it has
given (a constant of Arrow's, not an option): in blocks of 16 MB that held
over 500 MB of the file in memory, most of audit's peak at 1,000,000
messages. It reads in blocks of ``BLOCK_BYTES`` (1 MB) instead; a file with
a row too long for two of them is read again in blocks of
``LONG_ROW_BLOCK_BYTES`` from the row where it stopped.
"""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from nicknames.io import table_chunks
from nicknames.io.csv_file import (
    DEFAULT_ENCODING,
    check_header,
)
from nicknames.io.table_chunks import checked_csv, checked_csv_chunks

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

BLOCK_BYTES = 2**20
"""Bytes pyarrow parses at once. A row may straddle two blocks, not three. Arrow reads up to 32 blocks ahead: at 1 MB
they hold 32 MB, where blocks of 16 MB held 512 MB of an export of a gigabyte (reading 860 MB alone peaked at 762 MB,
273 MB now; audit's peak at 1,000,000 messages 867 MB, 401 MB now), for the same CPU time."""

LONG_ROW_BLOCK_BYTES = 16 * 2**20
"""Bytes pyarrow parses at once in a file with a row longer than ``BLOCK_BYTES`` allows, read again from that row;
pandas reads a file with a row longer still."""

READ_AGAIN = "straddles two block boundaries"
"""What pyarrow says of a row too long for its blocks: it reads the file again in larger ones."""

MAX_COLUMNS = 1_000
"""Columns pyarrow is told to read as text; a wider file is read by pandas."""


class _NotLikePandas(Exception):
    """pyarrow's reader refused the file or could give other cells than pandas': pandas reads it."""


class _RowOverBlocks(_NotLikePandas):
    """A row was too long for pyarrow's blocks: larger ones may read it."""


def table_runs(path: Path, fmt: str, encoding: str | None = None, delimiter: str | None = None
               ) -> Iterator[pa.Table | pd.DataFrame]:
    """The rows of a CSV, JSON Lines or Parquet file in runs: a CSV file's as Arrow tables (``csv_runs``), the others'
    as ``table_chunks`` gives them (frames of string cells)."""
    if fmt == "csv":
        return csv_runs(path, encoding, delimiter)
    return table_chunks.table_chunks(path, fmt, encoding, delimiter)


def column_names(run: pa.Table | pd.DataFrame) -> list[str]:
    """The columns of a run of rows, Arrow table or frame."""
    import pyarrow as pa

    return list(run.column_names) if isinstance(run, pa.Table) else [str(column) for column in run.columns]


def selected(run: pa.Table | pd.DataFrame, names: list[str]) -> pa.Table | pd.DataFrame:
    """Some columns of a run of rows, Arrow table or frame."""
    import pyarrow as pa

    return run.select(names) if isinstance(run, pa.Table) else run[names]


def csv_runs(path: Path, encoding: str | None = None, delimiter: str | None = None,
             rows: int | None = None) -> Iterator[pa.Table]:
    """The data rows of a CSV file as Arrow tables of text columns (``large_string``) named by the header, in runs
    of ``rows`` (``CHUNK_ROWS`` unless given; the first run one fewer, as pandas counts the header among the first
    run's rows), with the cells, checks and errors of ``csv_chunks``."""
    encoding, delimiter = checked_csv(path, encoding, delimiter)
    rows = rows or table_chunks.CHUNK_ROWS
    given = 0
    readable = delimiter.isascii() and _regular_file(path) and _same_bytes_as_ascii(encoding)
    if readable and not _pandas_bytes(path, delimiter):
        for block in (BLOCK_BYTES, LONG_ROW_BLOCK_BYTES):
            try:
                for run in _arrow_runs(path, encoding, delimiter, rows, block, skip=given):
                    yield run
                    given += run.num_rows
                return
            except _RowOverBlocks:
                continue
            except _NotLikePandas:
                break
    yield from _pandas_runs(path, encoding, delimiter, rows, skip=given)


def _regular_file(path: Path) -> bool:
    """Whether ``path`` is a file that can be read twice (pandas reads it again where pyarrow stops)."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def _same_bytes_as_ascii(encoding: str) -> bool:
    """Whether every byte of the encoding is one character and the ASCII ones are ASCII (UTF-8, cp1252, latin-1):
    line ends, quotes and delimiters are then the bytes the scans look for."""
    if encoding == DEFAULT_ENCODING:
        return True
    try:
        single = len(bytes(range(256)).decode(encoding, errors="replace")) == 256
        return single and bytes(range(128)).decode(encoding) == bytes(range(128)).decode("ascii")
    except (LookupError, UnicodeError):
        return False


def _pandas_bytes(path: Path, delimiter: str) -> bool:
    """Whether the file holds bytes whose rows pandas reads otherwise than pyarrow, or whose error only pandas gives:
    a NUL (refused with its row and column), or a blank line ended by a lone carriage return before a row that
    starts with the delimiter (pandas drops that delimiter, so the row's cells move one column left).

    The file is read a block at a time (``SCAN_BLOCK``): a scan of the whole file mapped into memory counted the
    file's size in the process's resident memory, over the bound for an export of a gigabyte."""
    import codecs

    needle = b"\r" + delimiter.encode("ascii")  # a plain search: a regular expression took 2.6 s at 170 MB
    with path.open("rb") as stream:
        head, offset, bom = b"", 0, False
        while block := stream.read(SCAN_BLOCK):
            if b"\x00" in block:
                return True
            data = head + block
            bom = bom or (offset == 0 and data.startswith(codecs.BOM_UTF8))
            found = data.find(needle) if b"\r" in data else -1
            while found >= 0:
                at = offset + found
                if at == 0 or (bom and at == len(codecs.BOM_UTF8)) or (found and data[found - 1] in b"\r\n"):
                    return True
                found = data.find(needle, found + 1)
            head = data[-len(needle) - 1 :]  # a carriage return, what follows and the byte before it: across blocks
            offset += len(data) - len(head)
    return False


SCAN_BLOCK = 1 << 24
"""Bytes of the file ``_pandas_bytes`` reads at once."""


def _pandas_runs(path: Path, encoding: str, delimiter: str, rows: int, skip: int) -> Iterator[pa.Table]:
    """``csv_chunks``' runs as Arrow tables, without their first ``skip`` rows (given already); the file is not
    checked again."""
    import pyarrow as pa

    for chunk in checked_csv_chunks(path, encoding, delimiter, rows):
        if skip >= len(chunk):
            skip -= len(chunk)
            continue
        table = pa.Table.from_pandas(chunk.iloc[skip:], preserve_index=False)
        skip = 0
        yield table.replace_schema_metadata(None)


def _arrow_runs(path: Path, encoding: str, delimiter: str, rows: int, block: int, skip: int = 0
                ) -> Iterator[pa.Table]:
    """pyarrow's runs of rows, read in blocks of ``block`` bytes, after the first ``skip`` rows (given already, whole
    runs); ``_NotLikePandas`` where pandas must read the file (before any run when it can tell), ``_RowOverBlocks``
    where a row is too long for the blocks."""
    import pyarrow as pa

    header: list[str] | None = None
    last: pa.RecordBatch | None = None
    batches: list[pa.RecordBatch] = []
    held = given = 0
    want = rows if skip else rows - 1 or rows  # the header is the first run's first row for pandas
    try:
        with _open(path, encoding, delimiter, block) as reader:
            for batch in reader:
                if header is None:
                    header = _header(batch, path)
                    batch = batch.slice(1)
                last = batch if batch.num_rows else last
                if skip:
                    skip, batch = max(0, skip - batch.num_rows), batch.slice(skip)
                batches.append(batch)
                held += batch.num_rows
                while held >= want:
                    run, batches, held = _cut(batches, want)
                    yield _named(run, header)
                    given += run.num_rows
                    want = rows
    except _NotLikePandas:
        raise
    except Exception as error:  # pyarrow refused the file: pandas says why, in today's words
        raise (_RowOverBlocks if READ_AGAIN in str(error) else _NotLikePandas) from error
    if header is None or last is None:
        raise _NotLikePandas  # no rows at all: pandas' error
    if _may_end_in_quote(path, encoding, last.column(last.num_columns - 1)[-1].as_py()):
        raise _NotLikePandas  # pyarrow takes a quote left open at the end as closed; pandas says where it opened
    if held:
        yield _named(pa.Table.from_batches(batches), header)


def _may_end_in_quote(path: Path, encoding: str, cell: str) -> bool:
    """Whether the file could end inside a quoted field whose text so far is ``cell`` (the last cell pyarrow read):
    it ends with a quote and that text, its quotes doubled. A file whose last field is closed ends with its closing
    quote and what follows it, or with a cell never quoted; the rare one that still ends so is left to pandas."""
    tail = ('"' + cell.replace('"', '""')).encode("utf-8" if encoding == DEFAULT_ENCODING else encoding)
    with path.open("rb") as stream:
        size = stream.seek(0, 2)
        if size < len(tail):
            return False
        stream.seek(size - len(tail))
        return stream.read() == tail


def _open(path: Path, encoding: str, delimiter: str, block: int) -> pa.csv.CSVStreamingReader:
    import pyarrow as pa
    import pyarrow.csv as pcsv

    read = pcsv.ReadOptions(
        use_threads=False, block_size=block, autogenerate_column_names=True,
        encoding="utf8" if encoding == DEFAULT_ENCODING else encoding,  # pyarrow skips a UTF-8 byte order mark
    )
    parse = pcsv.ParseOptions(
        delimiter=delimiter, quote_char='"', double_quote=True, escape_char=False, newlines_in_values=True,
        ignore_empty_lines=True,
    )
    convert = pcsv.ConvertOptions(
        column_types={f"f{index}": pa.string() for index in range(MAX_COLUMNS)}, strings_can_be_null=False,
        quoted_strings_can_be_null=False, check_utf8=True,
    )
    return pcsv.open_csv(path, read_options=read, parse_options=parse, convert_options=convert)


def _header(batch: pa.RecordBatch, path: Path) -> list[str]:
    """The first row as the header, if pandas would take pyarrow's rows as they are."""
    import pyarrow as pa

    if batch.num_columns < 2 or batch.num_rows == 0 or any(field.type != pa.string() for field in batch.schema):
        raise _NotLikePandas  # one column: pandas skips lines of only spaces, pyarrow keeps them
    header = [str(column[0].as_py()) for column in batch.columns]
    try:
        check_header(header, path)
    except Exception:
        raise _NotLikePandas from None
    return header


def _cut(batches: list[pa.RecordBatch], count: int) -> tuple[pa.Table, list[pa.RecordBatch], int]:
    """The first ``count`` rows of ``batches``, and the batches and rows left."""
    import pyarrow as pa

    table = pa.Table.from_batches(batches)
    left = table.slice(count)
    return table.slice(0, count), left.to_batches(), left.num_rows


def _named(run: pa.Table, header: list[str]) -> pa.Table:
    """A run with the header's names and pandas' string type, each column in one piece: a run is made of some
    twenty blocks' rows, and the spill folder, the partitions and the workers read it as one."""
    import pyarrow as pa

    return pa.table([column.cast(pa.large_string()).combine_chunks() for column in run.columns], names=header)
