"""Tabular exports in CSV, JSON Lines and Parquet: which format a path holds, and reading each.

Every reader gives the same thing, a DataFrame of string cells, so column
guessing, collect and apply never see the format. JSON Lines and Parquet keep
what was read (``TableFile.original``) so that output in the input's own format
keeps the types of the columns apply did not change (numbers stay numbers).
Spreadsheets (``.xlsx``, ``.xls``, ``.ods``) are read, first sheet or a named one,
and written back as CSV. A CSV file's delimiter, byte order mark and line
ending are kept (``TableFile.dialect``) so that the output opens as the input did.
Mail archives (``mbox``, ``eml``) are named here too; ``nicknames.io.mail`` reads them.
``nicknames.io.table_writer`` writes tables back.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
import regex

from nicknames.io.csv_file import (
    CsvDialect,
    read_csv_table,
    sniff_dialect,
)
from nicknames.io.encodings import check_one_encoding, mixed_error, mixed_lines
from nicknames.io.input_files import check_input_kind
from nicknames.model.errors import InputError

_SURROGATE = regex.compile(r"[\ud800-\udfff]")
TABULAR = ("csv", "jsonl", "parquet")
MAIL = ("mbox", "eml")
FORMATS = TABULAR + MAIL
"""Every output format (and input format): tables, an mbox file, and a folder of ``.eml`` files."""

SPREADSHEETS = ("xlsx", "ods")
"""Input-only formats: a workbook is read as a table and written back as CSV."""

SUFFIXES = {
    ".csv": "csv", ".tsv": "csv", ".tab": "csv",
    ".jsonl": "jsonl", ".ndjson": "jsonl", ".parquet": "parquet", ".pq": "parquet",
    ".mbox": "mbox", ".mbx": "mbox", ".eml": "eml",
    ".xlsx": "xlsx", ".xlsm": "xlsx", ".xlsb": "xlsx", ".xls": "xlsx", ".ods": "ods",
}
"""File name endings and the format they mean; other files are recognised by their first bytes."""

STDOUT_FORMATS = ("csv", "jsonl", "mbox")
"""Formats that can be written to standard output (Parquet is binary, ``eml`` is a folder)."""


@dataclass
class TableFile:
    """A tabular export as read: string cells for the pipeline, and the original values for writing back."""

    frame: pd.DataFrame
    format: str
    original: pd.DataFrame | list[dict[str, Any]] | None = field(default=None, repr=False)
    """Parquet: the typed frame; JSON Lines: the records as parsed; CSV: None (all text already)."""
    dialect: CsvDialect | None = None
    """CSV: its delimiter, byte order mark and line ending, which the output keeps."""

    def output_format(self) -> str:
        """The format the output is written in by default: the input's, CSV for a spreadsheet."""
        return "csv" if self.format in SPREADSHEETS else self.format

    def rows(self, positions: Sequence[int]) -> TableFile:
        """Some rows of the table as read (by position, in the order given), with their original values (Parquet
        types, JSON records) and its dialect: for writing those rows as the input's."""
        original = self.original
        if isinstance(original, pd.DataFrame):
            original = original.iloc[positions].reset_index(drop=True)
        elif isinstance(original, list):
            original = [original[position] for position in positions]
        return TableFile(self.frame.iloc[positions].reset_index(drop=True), self.format, original, self.dialect)


def detect_format(path: Path) -> str:
    """The format of an input path: a folder is ``eml`` unless it holds tables only (a dataset: their format); a
    file by its ending, else by its first bytes."""
    check_input_kind(path)
    if path.is_dir():
        return _folder_format(path)
    known = SUFFIXES.get(path.suffix.lower())
    if known is not None:
        return known
    try:
        with path.open("rb") as stream:
            head = stream.read(64)
    except FileNotFoundError:
        raise InputError(f"File {path} does not exist; check the path.") from None
    except OSError as error:
        raise InputError(f"Cannot read {path}: {error.strerror}.") from None
    head = head.lstrip(b"\xef\xbb\xbf")
    if path.suffix.lower() == ".json" and head.lstrip().startswith(b"["):
        raise InputError(
            f"{path} holds a JSON array; nicknames reads JSON Lines, one object on each line. Convert it first, "
            f"for example with: jq -c '.[]' {path.name} > {path.with_suffix('.jsonl').name}"
        )
    return _sniff(head)


def _folder_format(path: Path) -> str:
    """``eml`` for a folder of mail (``.eml`` or mbox files), else the format of the first table in it (a
    partitioned dataset)."""
    kinds = [SUFFIXES.get(file.suffix.lower()) for file in sorted(path.rglob("*"))
             if not file.name.startswith(("_", "."))]
    tables = [kind for kind in kinds if kind in TABULAR]
    return "eml" if not tables or any(kind in MAIL for kind in kinds) else str(tables[0])


def _sniff(head: bytes) -> str:
    if head.startswith(b"PK\x03\x04") or head.startswith(b"\xd0\xcf\x11\xe0"):
        return "xlsx"  # a zip (xlsx, ods) or an old compound file (xls): calamine tells them apart
    if head.startswith(b"From "):
        return "mbox"
    if head.startswith(b"PAR1"):
        return "parquet"
    if head.lstrip().startswith(b"{"):
        return "jsonl"
    return "csv"


def check_format(name: str | None, option: str = "--output-format") -> str | None:
    """A format name given by the user, checked; None stays None."""
    if name is None:
        return None
    lowered = name.lower().lstrip(".")
    lowered = {"json": "jsonl", "ndjson": "jsonl"}.get(lowered, lowered)
    if lowered not in FORMATS:
        raise InputError(f"Unknown format {name!r} for {option}; choose one of {', '.join(FORMATS)}.")
    return lowered


def read_table_file(
    path: Path, fmt: str, encoding: str | None = None, *, delimiter: str | None = None, sheet: str | None = None
) -> TableFile:
    """Read a CSV, JSON Lines, Parquet or spreadsheet file with every cell as a string.

    ``delimiter`` is a CSV file's (sniffed when None); ``sheet`` a workbook's (the first when None).
    """
    if fmt == "csv":
        dialect = sniff_dialect(path, encoding, delimiter)
        return TableFile(read_csv_table(path, encoding, dialect.delimiter), "csv", dialect=dialect)
    if fmt in SPREADSHEETS:
        return TableFile(read_spreadsheet(path, sheet), fmt)
    if fmt == "jsonl":
        records = read_jsonl_records(path, encoding)
        return TableFile(frame_of_records(records), "jsonl", records)
    if fmt == "parquet":
        original = read_parquet_frame(path)
        return TableFile(as_strings(original), "parquet", original)
    raise InputError(f"{path} is a {fmt} archive, not a table; it is read as mail, not with read_table_file.")


def read_jsonl_records(path: Path, encoding: str | None = None) -> list[dict[str, Any]]:
    """The JSON objects of a JSON Lines file, one a line; blank lines are skipped."""
    records = list(iter_jsonl_records(path, encoding))
    if not records:
        raise InputError(f"{path} has no JSON objects; it needs at least one message.")
    return records


def iter_jsonl_records(path: Path, encoding: str | None = None) -> Iterator[dict[str, Any]]:
    """``read_jsonl_records`` one object at a time, with its errors (line and column), without holding the file."""
    if encoding is not None:
        check_one_encoding(path, encoding)
    for number, line in _lines(path, encoding):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise InputError(
                f"{path}, line {number}, column {error.colno}: not valid JSON ({error.msg}); "
                "a JSON Lines file has one JSON object on each line."
            ) from None
        except RecursionError:
            raise InputError(
                f"{path}, line {number}: a value nests lists or objects too deeply to be read; "
                "flatten it or remove it from the export."
            ) from None
        if "\\u" in line and _has_lone_surrogate(record):
            raise InputError(
                f"{path}, line {number}: a \\u escape names half of a character (a lone surrogate such as "
                "\\ud800) that no text can hold; fix or remove it in the export."
            )
        if not isinstance(record, dict):
            raise InputError(
                f"{path}, line {number}: expected a JSON object such as {{\"id\": 1, \"text\": \"...\"}}, "
                f"found {type(record).__name__}; a JSON Lines file has one object on each line."
            )
        yield record


def _has_lone_surrogate(record: dict[str, Any]) -> bool:
    """True when a key or string value of ``record`` holds a surrogate code point, which UTF-8 cannot write."""
    waiting: list[Any] = [record]
    while waiting:
        value = waiting.pop()
        if isinstance(value, dict):
            waiting.extend(value.keys())
            waiting.extend(value.values())
        elif isinstance(value, list):
            waiting.extend(value)
        elif isinstance(value, str) and _SURROGATE.search(value):
            return True
    return False


def _lines(path: Path, encoding: str | None) -> Iterator[tuple[int, str]]:
    try:
        with path.open(encoding=encoding or "utf-8-sig", errors="strict", newline="") as stream:
            yield from enumerate((line.rstrip("\r\n") for line in stream), start=1)
    except FileNotFoundError:
        raise InputError(f"File {path} does not exist; check the path.") from None
    except UnicodeDecodeError as error:
        if encoding is None and (mixed := mixed_lines(path.read_bytes())) is not None:
            raise mixed_error(path, mixed) from None
        raise InputError(
            f"{path} is not valid {encoding or 'utf-8'} (byte {error.start} of a line cannot be decoded); "
            "give its encoding with --encoding."
        ) from None
    except LookupError:
        raise InputError(f"Unknown encoding {encoding!r}; use a name such as utf-8, cp1252 or latin-1.") from None


def read_parquet_frame(path: Path) -> pd.DataFrame:
    """A Parquet file as pandas reads it (with its types)."""
    if not path.is_file():
        raise InputError(f"File {path} does not exist; check the path.")
    with parquet_errors(path):
        frame = pd.read_parquet(path)
    if frame.empty:
        raise InputError(f"{path} has no rows; it needs at least one message.")
    return index_as_column(frame)


def index_as_column(frame: pd.DataFrame) -> pd.DataFrame:
    """A frame read from Parquet with a named index (message ids written by pandas) turned into an ordinary column,
    so no data is lost; a plain row number is dropped."""
    return frame.reset_index(drop=isinstance(frame.index, pd.RangeIndex))


@contextmanager
def parquet_errors(path: Path) -> Iterator[None]:
    """Reading a Parquet file: a missing pyarrow or a damaged file as a one-line ``InputError``."""
    try:
        yield
    except ImportError:
        raise InputError(
            f"Reading {path} needs the pyarrow package; install it with 'pip install pyarrow'."
        ) from None
    except InputError:
        raise
    except Exception as error:  # pyarrow raises its own error types for every kind of damage
        raise InputError(f"{path} is not a readable Parquet file: {_first_line(error)}.") from None


def read_spreadsheet(path: Path, sheet: str | None = None) -> pd.DataFrame:
    """One sheet of an ``.xlsx``, ``.xls`` or ``.ods`` workbook (the first unless named) as string cells.

    The first row is the header. Numbers that are whole come out as ``1``, not
    ``1.0``, because a spreadsheet stores every number as a float.
    """
    rows = _sheet_rows(path, sheet)
    if not rows or not any(cell_text(cell).strip() for cell in rows[0]):
        raise InputError(f"{path}: the sheet {sheet or 'first'!s} is empty; the first row must be the header.")
    header = [cell_text(cell).strip() for cell in rows[0]]
    from nicknames.io.csv_file import check_header

    while header and not header[-1]:
        header.pop()  # empty columns at the right edge of a sheet are not columns
    check_header(header, path)
    body = [[cell_text(cell) for cell in row[: len(header)]] for row in rows[1:] if any(cell_text(c) for c in row)]
    if not body:
        raise InputError(f"{path} has a header but no rows; it needs at least one message.")
    return pd.DataFrame([row + [""] * (len(header) - len(row)) for row in body], columns=header, dtype=object)


def _sheet_rows(path: Path, sheet: str | None) -> list[list[Any]]:
    # Imported here: only a spreadsheet needs it.
    from python_calamine import CalamineError, CalamineWorkbook

    if not path.is_file():
        raise InputError(f"File {path} does not exist; check the path.")
    try:
        workbook = CalamineWorkbook.from_path(str(path))
    except Exception as error:  # calamine raises several types for damaged or encrypted files
        raise InputError(f"{path} is not a readable spreadsheet ({_first_line(error)}); "
                         "save it again as .xlsx or export it as CSV.") from None
    names = list(workbook.sheet_names)
    if sheet is not None and sheet not in names:
        raise InputError(f"{path} has no sheet {sheet!r}; its sheets are {', '.join(map(repr, names))}: "
                         "name one with --sheet.")
    if not names:
        raise InputError(f"{path} has no sheets.")
    try:
        return list(workbook.get_sheet_by_name(sheet or names[0]).to_python(skip_empty_area=True))
    except CalamineError as error:
        raise InputError(f"{path}: the sheet cannot be read ({_first_line(error)}).") from None


def _first_line(error: Exception) -> str:
    text = str(error).strip()
    return (text.splitlines()[0] if text else type(error).__name__).rstrip(".")


def cell_text(value: Any) -> str:
    """A value as a string cell: None and missing are empty, nested values are compact JSON."""
    if value is None or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return str(int(value))  # pandas writes ids of a column with gaps as 1.0: they are the id 1
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if hasattr(value, "tolist"):  # numpy arrays and scalars from Parquet
        return cell_text(value.tolist())
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def frame_of_records(records: Sequence[dict[str, Any]], columns: Sequence[str] | None = None) -> pd.DataFrame:
    """JSON objects as string cells (``cell_text``), in ``columns`` (default: every key, in order of first use)."""
    columns = list(dict.fromkeys(key for record in records for key in record)) if columns is None else columns
    rows = {column: _cells(record.get(column) for record in records) for column in columns}
    return pd.DataFrame(rows, columns=columns, dtype=object)


def _cells(values: Iterable[Any]) -> list[str]:
    """``cell_text`` of each value, strings (most cells) taken as they are without a call."""
    return [value if type(value) is str else cell_text(value) for value in values]


def as_strings(original: pd.DataFrame) -> pd.DataFrame:
    """A DataFrame of any types as the string cells the pipeline reads (missing values become empty)."""
    rows = {str(column): _cells(original[column]) for column in original.columns}
    return pd.DataFrame(rows, columns=[str(column) for column in original.columns], dtype=object)


# ---------------------------------------------------------------------- writing
