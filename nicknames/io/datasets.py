"""Partitioned inputs: a glob of files or a folder of them (a Parquet dataset, CSV or JSON Lines parts), as one table."""

from __future__ import annotations

import glob
from pathlib import Path

import pandas as pd

from nicknames.io.formats import (
    SUFFIXES,
    TABULAR,
    TableFile,
    detect_format,
    read_table_file,
)
from nicknames.model.errors import InputError

GLOB_CHARACTERS = frozenset("*?[")
ORDER_COLUMN = "nicknames_row"
"""The column a partitioned output adds: each row's position in the input (files by name, rows in file order)."""


def is_glob(path: Path | str) -> bool:
    """Whether a path names files by a pattern (``parts/*.csv``) rather than one file or folder."""
    return any(character in GLOB_CHARACTERS for character in str(path))


def dataset_files(path: Path) -> list[Path] | None:
    """The files of a partitioned input in name order, or None for a single file or a folder of mail.

    A glob names its files; a folder is a dataset when it holds tables (``.parquet``,
    ``.csv``, ``.jsonl``, in subfolders too, as Hive-partitioned Parquet has them)
    and no mail (``.eml`` or mbox files).
    """
    if is_glob(path):
        files = sorted(Path(name) for name in glob.glob(str(path), recursive=True) if Path(name).is_file())
        if not files:
            raise InputError(f"{path} matches no file; check the pattern (quote it so that the shell leaves it).")
        return files
    if not path.is_dir() or detect_format(path) not in TABULAR:
        return None
    return sorted(file for file in path.rglob("*") if file.is_file() and SUFFIXES.get(file.suffix.lower()) in TABULAR
                  and not file.name.startswith(("_", ".")))


def dataset_format(files: list[Path], where: Path) -> str:
    """The one table format of a dataset's files, told by their endings."""
    formats = {SUFFIXES.get(file.suffix.lower()) for file in files}
    if len(formats) != 1 or not formats <= set(TABULAR):
        raise InputError(f"{where}: the files are not all of one table format (csv, jsonl or parquet); name one "
                         "kind with a pattern such as 'parts/*.parquet'.")
    return str(formats.pop())


def read_dataset(files: list[Path], fmt: str, encoding: str | None = None, delimiter: str | None = None) -> TableFile:
    """The files read one by one, as one table in file order (the local engine's way)."""
    return join_tables([read_table_file(file, fmt, encoding, delimiter=delimiter) for file in files], files)


def join_tables(tables: list[TableFile], files: list[Path]) -> TableFile:
    """Tables read from the files of a dataset, in order, as one: their columns must be the same."""
    first = tables[0]
    for table, file in zip(tables[1:], files[1:]):
        if list(table.frame.columns) != list(first.frame.columns):
            raise InputError(f"{file}: its columns differ from those of {files[0]}; every part of a dataset needs "
                             "the same columns in the same order.")
    frame = pd.concat([table.frame for table in tables], ignore_index=True)
    original: pd.DataFrame | list[object] | None = None
    if isinstance(first.original, pd.DataFrame):
        original = pd.concat([table.original for table in tables], ignore_index=True)
    elif isinstance(first.original, list):
        original = [record for table in tables for record in (table.original or [])]
    return TableFile(frame, first.format, original, first.dialect)
