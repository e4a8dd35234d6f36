"""Read a CSV export a few columns or a few thousand rows at a time, with the errors of ``read_csv_table``."""

from __future__ import annotations

import contextlib
import csv
from collections.abc import Iterator, Sequence
from pathlib import Path

import pandas as pd

from nicknames.errors import InputError
from nicknames.messages import _check_encoding, _first_line

DEFAULT_CHUNK_ROWS = 20_000
"""Rows per chunk: a few tens of MB of text at typical message lengths."""


def read_header(path: Path, encoding: str | None = None) -> list[str]:
    """The column names of a CSV file."""
    with _readable(path, _check_encoding(encoding)) as encoding:
        frame = pd.read_csv(path, dtype=str, nrows=0, encoding=encoding, encoding_errors="strict", engine="c")
    return [str(column) for column in frame.columns]


def iter_chunks(
    path: Path, encoding: str | None, usecols: Sequence[str] | None, rows: int = DEFAULT_CHUNK_ROWS
) -> Iterator[pd.DataFrame]:
    """The file's rows in chunks, every cell a string, read exactly as ``read_csv_table`` reads them."""
    csv.field_size_limit(2**31 - 1)
    with _readable(path, _check_encoding(encoding)) as encoding:
        reader = pd.read_csv(
            path, dtype=str, keep_default_na=False, na_filter=False, encoding=encoding,
            encoding_errors="strict", engine="c", usecols=list(usecols) if usecols else None,
            chunksize=rows,
        )
        with reader:
            seen = False
            for chunk in reader:
                seen = seen or not chunk.empty
                if not chunk.empty:
                    yield chunk
        if not seen:
            raise InputError(f"{path} has a header but no rows; it needs at least one message.")


@contextlib.contextmanager
def _readable(path: Path, encoding: str) -> Iterator[str]:
    """Turn each way reading a CSV file can fail into an ``InputError`` that says what to do."""
    try:
        yield encoding
    except FileNotFoundError:
        raise InputError(f"File {path} does not exist; check the path.") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a folder; give the path of a CSV file.") from None
    except UnicodeDecodeError as error:
        raise InputError(
            f"{path} is not valid {encoding} (byte {error.start} cannot be decoded); "
            "give its encoding with --encoding, for example --encoding cp1252."
        ) from None
    except pd.errors.EmptyDataError:
        raise InputError(f"{path} is empty; it needs a header row and at least one message.") from None
    except pd.errors.ParserError as error:
        raise InputError(f"{path} is not a well-formed CSV file: {_first_line(error)}.") from None
