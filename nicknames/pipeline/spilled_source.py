"""Open a large export (CSV, JSON Lines or Parquet) for collect or apply without holding it: its messages on disk,
its id columns in memory.

The file is read once in runs of rows (``nicknames.io.csv_runs``: the cells
and errors of every other command's reader, for each format); each run is written to a spill
folder (``nicknames.engine.spill``) and only the columns that say who wrote
what in reply to whom are kept. Those make the ``MessageTable`` of the
source, with the checks and reply context of any table (missing parents and
reply loops are found and reported as for a table read whole). Apply then
runs partition by partition from the folder (``nicknames.apply.spilled``),
collect run by run (``nicknames.engine.spilled_runs``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pyarrow as pa

from nicknames.engine.spill import TableSpiller
from nicknames.io.csv_file import sniff_dialect
from nicknames.io.csv_runs import column_names, table_runs
from nicknames.io.datasets import dataset_files
from nicknames.io.formats import TABULAR, TableFile, detect_format
from nicknames.io.mail.participants import AddressKey
from nicknames.io.sender_ids import opaque_senders
from nicknames.model.columns import FIELDS, Columns, resolve_columns
from nicknames.model.messages import table_of_ids
from nicknames.pipeline.sources import Source

SPILL_MIN_BYTES = 64 * 2**20
"""From this size a CSV, JSON Lines or Parquet export is kept on disk by apply, collect and audit. At 200,000 messages (172 MB) apply from
disk peaked at 0.6 GB instead of 1.5 GB read whole, for about 5% more CPU and the same wall time; collect and audit
cost no more CPU from disk, for half their memory. Below it, a file is read whole."""


def can_spill(path: Path, output: Path | None, output_format: str | None) -> bool:
    """Whether apply can keep this export on disk: a large table file (``is_large_table``), pseudonymised into a
    file of a table format or to stdout (``output`` None; a folder gets parts of the table read whole)."""
    if output_format not in (None, *TABULAR) or (output is not None and output.is_dir()):
        return False
    return is_large_table(path)


def is_large_table(path: Path) -> bool:
    """Whether an export is one CSV, JSON Lines or Parquet file (not a folder, pipe or glob) of ``SPILL_MIN_BYTES``
    or more: collect, apply and audit keep it on disk."""
    if dataset_files(path) is not None or not path.is_file() or path.stat().st_size < SPILL_MIN_BYTES:
        return False
    return detect_format(path) in TABULAR


def open_spilled_source(
    path: Path,
    root: Path,
    chosen: Mapping[str, str] | None = None,
    encoding: str | None = None,
    *,
    delimiter: str | None = None,
    address_key: AddressKey | None = None,
    opaque: bool = False,
) -> Source:
    """A table export as a source whose messages are in the spill folder ``root``. Senders that are names or
    addresses get opaque ids from ``address_key`` (a new key when None), as for a table read whole
    (``nicknames.io.sender_ids``), written into the spill folder."""
    fmt = detect_format(path)
    dialect = sniff_dialect(path, encoding, delimiter) if fmt == "csv" else None
    spiller = TableSpiller(root)
    columns: Columns | None = None
    kept: list[pd.DataFrame] = []
    for run in table_runs(path, fmt, encoding, dialect.delimiter if dialect is not None else None):
        if columns is None:
            columns = resolve_columns(column_names(run), chosen or {}, str(path))
        spiller.add(run)
        kept.append(_ids(run, _id_columns(columns)))
        del run
    assert columns is not None  # table_runs yields at least one run or raises
    ids = pd.concat(kept, ignore_index=True)
    del kept
    ids[columns.text] = pd.Series("", index=ids.index, dtype="str")
    key = address_key or AddressKey()
    named = opaque_senders(ids, _chosen(columns, ids), str(path), key, always=opaque)
    if named is not None:  # the spill's sender and recipients cells become the ids every reader sees
        spiller.table().replace_columns({column: named.frame[column].tolist()
                                         for column in (columns.sender, columns.recipients) if column is not None})
    table = table_of_ids(ids if named is None else named.frame, replace(columns, timestamp=None), str(path))
    pa.default_memory_pool().release_unused()  # what the checks and the reply context took: 80 MB at 1,000,000 rows
    table_file = TableFile(ids, fmt, dialect=dialect)
    if named is None:
        return Source(path, fmt, table, table_file=table_file, spilled=spiller.table(), encoding=encoding)
    return Source(path, fmt, table, dict(named.registered), table_file=table_file, sender_key=key,
                  sender_column=named.column, spilled=spiller.table(), encoding=encoding)


def _id_columns(columns: Columns) -> list[str]:
    """The columns the driver keeps: the ids that say who wrote what in reply to whom, in what scope."""
    kept = (columns.message_id, columns.parent_id, columns.thread_id, columns.sender, columns.session_id,
            columns.recipients)
    return [column for column in dict.fromkeys(kept) if column is not None and column != columns.text]


def _ids(run: pa.Table | pd.DataFrame, names: list[str]) -> pd.DataFrame:
    """The id columns of a run of rows, as a frame of string cells."""
    return run.select(names).to_pandas() if isinstance(run, pa.Table) else run[names]


def _chosen(columns: Columns, frame: pd.DataFrame) -> dict[str, str]:
    """The columns found that ``frame`` holds, as choices that find them again in it."""
    return {name: column for name in FIELDS if (column := columns.get(name)) is not None and column in frame}
