"""Read a CSV export as a table of strings, with a clear error for each way the file can be bad.

Rows in errors are counted as a spreadsheet counts them: the header is row 1,
so the first message is row 2. That is also the line number in a text editor
unless an earlier message holds line breaks.
"""

from __future__ import annotations

import codecs
import contextlib
import csv
import signal
import threading
import warnings
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import pandas as pd
import regex

from nicknames.io.encodings import check_one_encoding, undecodable_error
from nicknames.io.input_files import check_input_kind
from nicknames.io.interrupts import Terminated
from nicknames.model.errors import InputError, where

DEFAULT_ENCODING = "utf-8-sig"
"""UTF-8, with or without the byte order mark that Excel writes."""

FIELD_SIZE_LIMIT = 2**31 - 1
"""The largest field the ``csv`` module may read: a whole mailing-list digest fits in one cell."""

_TOO_MANY = regex.compile(r"Expected (\d+) fields in line (\d+), saw (\d+)")
_OPEN_QUOTE = regex.compile(r"EOF inside string starting at row (\d+)")


DELIMITERS = (",", ";", "\t")
"""The delimiters a CSV export is sniffed for: comma, semicolon (Excel where the decimal mark is a comma), tab."""

_DELIMITER_NAMES = {"comma": ",", "semicolon": ";", "tab": "\t", "\\t": "\t", "pipe": "|"}
SNIFF_BYTES = 65_536
"""How much of the start of a CSV file is read to find its delimiter, BOM and line ending."""


@dataclass(frozen=True)
class CsvDialect:
    """How a CSV export is written, so that the output can be written the same way."""

    delimiter: str = ","
    bom: bool = False
    """The file starts with a UTF-8 byte order mark (as Excel writes it)."""
    line_ending: str = "\n"


def check_delimiter(delimiter: str | None) -> str | None:
    """A ``--delimiter`` value as one character: ``;``, ``tab`` (or ``\\t``), ``comma``, ``semicolon``."""
    if delimiter is None:
        return None
    value = _DELIMITER_NAMES.get(delimiter.lower(), delimiter)
    if len(value) != 1 or value in "\"\r\n" or value.isalnum():
        raise InputError(
            f"--delimiter {delimiter!r} is not a single separating character; use ',', ';', tab or another one character."
        )
    if not value.isascii():  # the CSV parser splits bytes: a character of several bytes in UTF-8 cannot separate
        raise InputError(
            f"--delimiter {delimiter!r} is not an ASCII character; use ',', ';', tab, '|' or another ASCII one."
        )
    return value


def sniff_dialect(path: Path, encoding: str | None = None, delimiter: str | None = None) -> CsvDialect:
    """The delimiter (the given one, else the one the header uses most), BOM and line ending of a CSV file.

    A pipe can be read only once, so it is not sniffed: it is taken as comma-separated
    unless told otherwise (the command line reads pipes from a private copy, which is sniffed).
    """
    if path.exists() and not path.is_file():
        return CsvDialect(check_delimiter(delimiter) or ",")
    with read_errors(path, check_encoding(encoding)), path.open("rb") as stream:
        head = stream.read(SNIFF_BYTES)
    bom = head.startswith(codecs.BOM_UTF8)
    header = _first_line(head.decode(check_encoding(encoding), errors="ignore"))
    ending = "\r\n" if header.endswith("\r\n") else "\n"
    return CsvDialect(check_delimiter(delimiter) or header_delimiter(header), bom, ending)


def _first_line(text: str) -> str:
    end = text.find("\n")
    return text if end < 0 else text[: end + 1]


def header_delimiter(header: str) -> str:
    """The delimiter a header line uses most outside double quotes; a comma when it uses none (one column)."""
    outside = "".join(part for index, part in enumerate(header.split('"')) if index % 2 == 0)
    counts = {delimiter: outside.count(delimiter) for delimiter in DELIMITERS}
    best = max(DELIMITERS, key=lambda delimiter: counts[delimiter])  # ties keep the earlier: comma first
    return best if counts[best] else ","


def read_csv_table(path: Path, encoding: str | None = None, delimiter: str | None = None) -> pd.DataFrame:
    """Read a CSV file with every cell as a string, and a clear error for each way it can fail.

    The delimiter is sniffed from the header (comma, semicolon or tab) unless given.
    """
    encoding = check_encoding(encoding)
    check_input_kind(path)
    if encoding != DEFAULT_ENCODING:
        check_one_encoding(path, encoding)
    delimiter = delimiter or sniff_dialect(path, encoding).delimiter
    # The header is read as a row, in the same single pass as the data, so that a
    # pipe (``<(zcat export.csv.gz)``) works and pandas cannot rename repeated
    # or empty column names behind the user's back.
    frame = _read(path, encoding, header=None, sep=delimiter)
    header = [str(cell) for cell in frame.iloc[0]] if len(frame) else []
    check_header(header, path)
    frame = frame.iloc[1:].reset_index(drop=True)
    frame.columns = pd.Index(header)
    if frame.empty:
        raise InputError(f"{path} has a header but no rows; it needs at least one message.")
    check_no_nul(frame, path)
    return frame


def check_no_nul(frame: pd.DataFrame, path: Path, first: int = 0) -> None:
    """Refuse a NUL character in any cell: text exports hold none, so the file is damaged or not text at all.

    ``first`` is the position in the file of the frame's first row (a run of rows read on its own).

    A NUL is valid UTF-8, so decoding lets it through; left in, it would end
    up in the output, where many tools cut the text at it.
    """
    for column in frame.columns:
        holds = frame[column].str.contains("\x00", regex=False)
        if holds.any():
            row = int(holds.to_numpy().argmax())
            raise InputError(
                f"{where(path, row=first + row, column=repr(str(column)))}: holds a NUL character, which a text export "
                "never does; check that this is the CSV export (not a spreadsheet or a damaged copy) and remove "
                "the NUL bytes."
            )


def allow_long_fields() -> None:
    """Let the standard ``csv`` module read fields of any length (its default stops at 128 KiB).

    pandas' reader has no such limit; every other reader of user CSV files calls this first.
    """
    csv.field_size_limit(FIELD_SIZE_LIMIT)


def check_encoding(encoding: str | None) -> str:
    """The codec name to read with: UTF-8 (BOM or not) unless the user named another."""
    if encoding is None:
        return DEFAULT_ENCODING
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        raise InputError(f"Unknown encoding {encoding!r}; use a name such as utf-8, cp1252 or latin-1.") from None
    return DEFAULT_ENCODING if name == "utf-8" else name


def _read(path: Path, encoding: str, **options: object) -> pd.DataFrame:
    """``pandas.read_csv`` with all cells as strings; its exceptions become ``InputError``."""
    with noticing_interrupts() as interrupted:
        try:
            return _read_or_explain(path, encoding, **options)
        except InputError:
            if interrupted:
                raise (Terminated if signal.SIGTERM in interrupted else KeyboardInterrupt) from None
            raise


@contextlib.contextmanager
def noticing_interrupts() -> Iterator[list[int]]:
    """Record Ctrl-C while pandas reads: its C parser turns the KeyboardInterrupt into a ParserError.

    Reading code raises ``KeyboardInterrupt`` again when an error comes out of
    a block in which the list this yields is not empty.
    """
    noticed: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield noticed
        return
    # SIGTERM too, when it is handled at all (the command line turns it into ``Terminated``).
    watched = [signal.SIGINT] + ([signal.SIGTERM] if callable(signal.getsignal(signal.SIGTERM)) else [])
    previous: dict[int, Any] = {signum: signal.getsignal(signum) for signum in watched}

    def handler(signum: int, frame: FrameType | None) -> None:
        noticed.append(signum)
        before = previous[signum]
        if callable(before):
            before(signum, frame)
        elif before != signal.SIG_IGN:
            raise KeyboardInterrupt

    for watched_signal in watched:
        signal.signal(watched_signal, handler)
    try:
        yield noticed
    finally:
        for number, before in previous.items():
            signal.signal(number, before)


def _read_or_explain(path: Path, encoding: str, **options: object) -> pd.DataFrame:
    with read_errors(path, encoding), warnings.catch_warnings():
        warnings.simplefilter("ignore", pd.errors.ParserWarning)
        return pd.read_csv(
            path, dtype=str, keep_default_na=False, na_filter=False, encoding=encoding,
            encoding_errors="strict", engine="c", **options,
        )


@contextlib.contextmanager
def read_errors(path: Path, encoding: str) -> Iterator[None]:
    """Turn what reading a CSV file can raise into an ``InputError`` that says what, where and what to do."""
    try:
        yield
    except FileNotFoundError:
        raise InputError(f"File {path} does not exist; check the path.") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a folder; give the path of a CSV file.") from None
    except PermissionError:
        raise InputError(f"Cannot read {path}: permission denied; check the file's permissions.") from None
    except UnicodeError:
        raise undecodable_error(path, encoding) from None
    except pd.errors.EmptyDataError:
        raise InputError(f"{path} is empty; it needs a header row and at least one message.") from None
    except pd.errors.ParserError as error:
        raise parser_error(path, error) from None
    except OSError as error:
        raise InputError(f"Cannot read {path}: {error.strerror or error}.") from None


def parser_error(path: Path, error: Exception) -> InputError:
    """Say where the CSV structure breaks; pandas counts records, which are our rows."""
    message = str(error)
    if match := _TOO_MANY.search(message):
        expected, record, saw = (int(group) for group in match.groups())
        return InputError(
            f"{where(path, row=record - 2)}: this row has {saw} fields but the header has {expected}; "
            "a comma inside a text that is not in double quotes is the usual cause: quote that text or fix the export."
        )
    if match := _OPEN_QUOTE.search(message):
        return InputError(
            f"{where(path, row=int(match.group(1)) - 1)}: a double quote opened in this row is never closed; "
            "check that row for a stray or unescaped \" (write a quote inside a quoted text as \"\")."
        )
    first = message.strip().splitlines()[0].rstrip(".") if message.strip() else type(error).__name__
    return InputError(f"{path} is not a well-formed CSV file ({first}); check that it is a comma-separated export.")


def check_header(header: list[str], path: Path) -> None:
    """Every column needs a name of its own, or pandas would invent one (``Unnamed: 2``, ``id.1``)."""
    for index, name in enumerate(header, start=1):
        if "\x00" in name:
            raise InputError(
                f"{where(path, 1, index)}: the header holds a NUL character, which a text export never does; "
                "check that this is the CSV export (not a spreadsheet or a damaged copy)."
            )
        if not name.strip():
            raise InputError(
                f"{where(path, 1, index)}: column {index} of the header has no name; "
                "give it one in the header row (or delete the empty column)."
            )
    repeated = [name for name, count in Counter(header).items() if count > 1]
    if repeated:
        columns = [index for index, name in enumerate(header, start=1) if name == repeated[0]]
        raise InputError(
            f"{where(path, 1, columns[1])}: the header names column {repeated[0]!r} twice "
            f"(columns {columns[0]} and {columns[1]}); rename one so that each column has its own name."
        )
