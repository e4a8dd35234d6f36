"""One output file from rows written by the workers: pieces cut by ranges of rows, gathered range by range.

Each bucket's task writes its rows cut by ranges of ``CHUNK_ROWS`` rows (one
pickle per range and bucket, in a private folder beside the output); the
driver then reads one range at a time, puts its rows in input order and writes
them: it never holds more than one range. CSV and JSON Lines only: a Parquet
file written so would be cut into other row groups than the local engine's.
"""

from __future__ import annotations

import io
import json
import pickle
from pathlib import Path

import numpy as np
import pandas as pd

from nicknames.io.datasets import join_tables
from nicknames.io.formats import TableFile
from nicknames.io.output import atomic_output
from nicknames.io.table_writer import (
    dialect_of,
    jsonl_records,
    output_encoding,
    write_csv,
)
from nicknames.model.errors import OutputError

CHUNK_ROWS = 100_000
"""Rows in each range the driver gathers and writes at once."""

GATHERED_FORMATS = ("csv", "jsonl")
"""Output formats one file of which can be gathered from the workers' pieces with the local engine's bytes."""


def write_chunks(piece: pd.DataFrame, rows: np.ndarray, same: TableFile | None, folder: Path, bucket: int,
                 size: int = CHUNK_ROWS) -> None:
    """On a worker: a bucket's rows (``piece``, at positions ``rows``, ascending; ``same``: those rows as read when
    the output keeps the input's format) cut by ranges of ``size`` rows, one file each."""
    chunks = rows // size
    for chunk in np.unique(chunks).tolist():
        where = np.flatnonzero(chunks == chunk)
        path = folder / f"chunk-{chunk:06d}" / f"bucket-{bucket:05d}.pickle"
        path.parent.mkdir(exist_ok=True)
        kept = same.rows(where.tolist()) if same is not None else None
        with path.open("wb") as stream:
            pickle.dump((rows[where], piece.iloc[where].reset_index(drop=True), kept), stream,
                        protocol=pickle.HIGHEST_PROTOCOL)



def gather_chunks(folder: Path, total: int, header: list[str], output: Path, fmt: str, encoding: str | None,
                  size: int = CHUNK_ROWS) -> None:
    """Write the rows the workers left in ``folder`` to ``output`` (atomically), in input order, a range at a time,
    as the local engine writes one file (the input's dialect and values where the output keeps its format)."""
    if fmt not in GATHERED_FORMATS:
        raise ValueError(f"one {fmt} file cannot be gathered from pieces")
    count = -(-total // size)
    frame, same = _chunk(folder / "chunk-000000") if count else (pd.DataFrame(columns=header, dtype=object), None)
    encoding = output_encoding(encoding, dialect_of(same))
    try:
        with atomic_output(output, newline="", encoding=encoding) as stream:
            for chunk in range(max(count, 1)):
                if chunk:
                    frame, same = _chunk(folder / f"chunk-{chunk:06d}")
                if fmt == "csv":
                    stream.write(_csv_text(frame, same, header=chunk == 0))
                else:
                    stream.writelines(json.dumps(record, ensure_ascii=False) + "\n"
                                      for record in jsonl_records(frame, same))
    except UnicodeEncodeError as error:
        raise OutputError(
            f"The output cannot be written in {encoding}: it holds {error.object[error.start]!r}, which that "
            "encoding lacks; nothing was written. Use --output-encoding utf-8-sig (Excel reads it)."
        ) from None


def _chunk(folder: Path) -> tuple[pd.DataFrame, TableFile | None]:
    """A range's pieces joined, rows in input order: the new rows, and the same rows as read (or None)."""
    pieces = []
    for path in sorted(folder.iterdir()):
        with path.open("rb") as stream:
            pieces.append(pickle.load(stream))
    order = np.argsort(np.concatenate([rows for rows, _, _ in pieces]), kind="stable")
    frame = pd.concat([new for _, new, _ in pieces], ignore_index=True).iloc[order].reset_index(drop=True)
    sames = [same for _, _, same in pieces if same is not None]
    if not sames:
        return frame, None
    same = join_tables(sames, [folder] * len(sames))
    return frame, same.rows(order.tolist()) if same is not None else None


def _csv_text(frame: pd.DataFrame, source: TableFile | None, *, header: bool) -> str:
    """A range of rows as the local engine's CSV writer writes them; without the header line after the first."""
    text = io.StringIO()
    write_csv(frame, text, dialect_of(source))
    if header:
        return text.getvalue()
    heading = io.StringIO()
    write_csv(frame.iloc[:0], heading, dialect_of(source))
    return text.getvalue()[len(heading.getvalue()):]
