"""Read a partitioned input on the engine's workers, and write a partitioned output (a Parquet dataset, CSV parts)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from nicknames.distributed.cluster import cluster_map
from nicknames.distributed.engines import Engine
from nicknames.io.datasets import ORDER_COLUMN, join_tables, read_dataset
from nicknames.io.formats import TableFile, read_table_file
from nicknames.io.table_writer import typed_frame, write_table
from nicknames.model.errors import OutputError

PART_ROWS = 100_000
"""Rows in each part of a partitioned output."""


def read_partitioned(files: list[Path], fmt: str, engine: Engine | None, encoding: str | None = None,
                     delimiter: str | None = None) -> TableFile:
    """The files of a dataset as one table in file order: on a cluster, each file read by a worker.

    Workers read with the local engine's reader, so the cells (and every error's
    file, line and column) are the same on any engine; a cluster's workers need
    the files at the same path (shared storage, or an object store mounted there).
    """
    if engine is None or not engine.remote:
        return read_dataset(files, fmt, encoding, delimiter)
    tables = list(cluster_map(_read_file, files, (fmt, encoding, delimiter), engine))
    return join_tables(tables, files)


def _read_file(file: Path, settings: tuple[str, str | None, str | None]) -> TableFile:
    fmt, encoding, delimiter = settings
    return read_table_file(file, fmt, encoding, delimiter=delimiter)


def is_parted_output(output: Path, partitioned: bool) -> bool:
    """Whether an output names a folder to write parts in: an existing folder, or for a partitioned input a
    path without a file ending (``out/pseudonymised``)."""
    return output.is_dir() or (partitioned and not output.suffix)


def write_parts(frame: pd.DataFrame, folder: Path, fmt: str, source: TableFile | None = None,
                encoding: str | None = None, rows: int = PART_ROWS) -> list[Path]:
    """Write a table as parts ``part-00000.<fmt>``, ... of ``rows`` rows each, with the order column added.

    The parts are written in a private temporary folder beside ``folder`` and
    moved in when all are written; ``folder`` must be empty or new.
    """
    check_parts_folder(folder, [str(column) for column in frame.columns])
    staging = parts_staging(folder)
    names = []
    for number, start in enumerate(range(0, max(len(frame), 1), rows)):
        part = staging / part_name(number, fmt)
        _write_part(frame, range(start, min(start + rows, len(frame))), part, fmt, source, encoding)
        names.append(part.name)
    move_parts(staging, folder)
    return [folder / name for name in names]


def part_name(number: int, fmt: str) -> str:
    """The file name of a part: ``part-00000.parquet``, ..."""
    return f"part-{number:05d}.{fmt}"


def parts_staging(folder: Path) -> Path:
    """A new private folder beside ``folder`` to write its parts in (moved in place by ``move_parts``)."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=".nicknames-parts-", dir=folder.parent))


def move_parts(staging: Path, folder: Path) -> None:
    """Put the parts written in ``staging`` in place as ``folder`` (new, or empty)."""
    if folder.is_dir():
        folder.rmdir()
    shutil.move(staging, folder)


def _write_part(frame: pd.DataFrame, rows: range, part: Path, fmt: str, source: TableFile | None,
                encoding: str | None) -> None:
    """One part of a table written from the driver: its rows, and the input's values where unchanged."""
    piece = frame.iloc[rows.start:rows.stop].reset_index(drop=True)
    same = source.rows(rows) if source is not None and source.output_format() == fmt else None
    write_part(piece, np.arange(rows.start, rows.stop, dtype=np.int64), part, fmt, same, encoding)


def write_part(piece: pd.DataFrame, rows: np.ndarray, part: Path, fmt: str, same: TableFile | None,
               encoding: str | None) -> None:
    """One part: its rows (``piece``, numbered from 0), their values as the input had them where unchanged
    (``same``: those rows as read, in the output's format), and their positions in the input (``rows``)."""
    if fmt == "parquet":
        typed = typed_frame(piece, same)
        typed[ORDER_COLUMN] = pd.Series(rows, dtype="int64")
        typed.to_parquet(part, index=False)
        return
    piece = piece.copy()
    piece[ORDER_COLUMN] = [str(row) for row in rows.tolist()]
    write_table(piece, part, fmt, same, encoding)


def check_parts_folder(folder: Path, columns: list[str]) -> None:
    """Refuse, before any work, a folder for parts that is not empty, or a table that has the order column."""
    if folder.is_dir() and any(folder.iterdir()):
        raise OutputError(f"{folder} is a folder that is not empty; name a new or empty folder for the parts.")
    if ORDER_COLUMN in columns:
        raise OutputError(f"The table already has a column {ORDER_COLUMN!r}, which a partitioned output adds; "
                          "rename it or write one file.")
