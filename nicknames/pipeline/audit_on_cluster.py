"""Audit an output on a Dask or Spark cluster with its texts kept there: read by the workers, scanned where held.

The workers read the output (a dataset, or one CSV, JSON Lines or Parquet
file) and keep it (``hold_input``, as apply does). The driver cuts its rows
into runs of ``RUN_ROWS`` consecutive messages, and each run is scanned by a
task on the cluster twice (``nicknames.check.audit_runs``): once for the names
left and the words it uses, then, with the word usage of every text, for
person-like names the mapping does not know. Only findings and word counts come
back. The driver receives no text: for one CSV file nothing else either (the
local engine reads its id and text columns only); for other tables the id
columns, from which it makes the local engine's checks and warnings
(duplicate message ids, missing parents, reply loops).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from collections.abc import Mapping as MappingType
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

import numpy as np

from nicknames.check.audit_runs import (
    AuditOutcome,
    AuditSettings,
    RunScan,
    audit_runs,
    scan_run,
)
from nicknames.check.name_index import build_index
from nicknames.check.people import PeopleContext, people_of_texts
from nicknames.collect.others import PersonLike
from nicknames.distributed.engines import Engine
from nicknames.distributed.held import Held, Rows
from nicknames.io.datasets import dataset_files, dataset_format
from nicknames.io.formats import TABULAR, TableFile, detect_format
from nicknames.model.columns import Columns, resolve_columns
from nicknames.model.mapping import Mapping
from nicknames.model.messages import MessageTable, used_as_strings
from nicknames.model.paths import StrPath
from nicknames.pipeline.on_cluster import hold_input, open_on_cluster
from nicknames.pipeline.side_columns import frame_texts, other_text_names

RUN_ROWS = 20_000
"""Consecutive messages each task scans: a run spans one file or two, so the scheduler runs it where they were read."""

C = TypeVar("C")
R = TypeVar("R")


@dataclass
class HeldTexts:
    """An output held on a cluster, scanned there in runs of rows (``AuditRuns``)."""

    held: Held
    columns: Columns
    table: MessageTable | None = None
    """The id columns and their outline, for a table other than one CSV file (its reply warnings), else None."""

    def scans(self, settings: AuditSettings) -> Iterator[RunScan]:
        """Each run's names and word usage, in file order."""
        return self._runs(scan_held_run, settings)

    def people(self, context: PeopleContext) -> Iterator[list[PersonLike]]:
        """Each run's person-like names, in file order."""
        return self._runs(people_of_held_run, context)

    def close(self) -> None:
        """Drop the texts from the workers (and stop a cluster started for them)."""
        self.held.close()

    def _runs(self, function: Callable[[TableFile, Rows, int, tuple[Columns, C]], R], context: C) -> Iterator[R]:
        count = len(self.held)
        bucket_of = (np.arange(count, dtype=np.int64) // RUN_ROWS).astype(np.int32)
        return self.held.run_buckets(bucket_of, list(range(-(-count // RUN_ROWS))), function, (self.columns, context))


def open_texts_on_cluster(path: Path, chosen: MappingType[str, str], engine: Engine, *, encoding: str | None = None,
                          delimiter: str | None = None, workers: int = 0) -> HeldTexts | None:
    """An output read and kept on the engine's cluster; None when it is no table (mail, a spreadsheet: read on the
    driver) or its senders are names or addresses (their opaque ids are given on the driver, as for apply)."""
    files = dataset_files(path)
    fmt = dataset_format(files, path) if files is not None else detect_format(path)
    if fmt not in TABULAR:
        return None
    if files is None and fmt == "csv":  # the local engine reads its id and text columns only: no outline
        held, _, _ = hold_input(path, engine, encoding=encoding, delimiter=delimiter, workers=workers)
        try:
            columns = resolve_columns(held.header, chosen, str(path))
            return HeldTexts(held, replace(columns, other_texts=tuple(other_text_names(held.header, columns))))
        except BaseException:
            held.close()
            raise
    source = open_on_cluster(path, chosen, engine, encoding=encoding, delimiter=delimiter, workers=workers)
    if source is None or source.held is None:
        return None
    columns = source.table.columns
    return HeldTexts(source.held, replace(columns, other_texts=tuple(other_text_names(source.held.header, columns))),
                     source.table)


def audit_on_cluster(path: StrPath, mapping: Mapping, engine: Engine, class_list: dict[str, str] | None = None, *,
                     near: bool = True, chosen: MappingType[str, str] | None = None, encoding: str | None = None,
                     delimiter: str | None = None, workers: int = 0) -> AuditOutcome | None:
    """``nicknames audit`` of an output on a Dask or Spark ``engine``, its texts read and scanned by the workers.

    The findings are the local engine's (``audit_messages`` of the output's
    texts with ``build_index(mapping, class_list)``, then the person-like
    names of ``people_in_output``), in the same order; the texts never reach
    this machine. ``workers`` sizes a local cluster started when the engine
    names none (0: one per core). None when the output cannot be held on the
    cluster (mail, a spreadsheet, senders that are names or addresses): read it
    with ``open_source`` and audit its ``texts()`` then.
    """
    path = Path(path)
    texts = open_texts_on_cluster(path, chosen or {}, engine, encoding=encoding, delimiter=delimiter,
                                  workers=workers)
    if texts is None:
        return None
    try:
        return audit_runs(texts, build_index(mapping, class_list), mapping, class_list, near)
    finally:
        texts.close()


def scan_held_run(table: TableFile, rows: Rows, number: int, context: tuple[Columns, AuditSettings]) -> RunScan:
    """On a worker: a run's names and word usage."""
    columns, settings = context
    return scan_run(_pairs(table, columns), settings)


def people_of_held_run(table: TableFile, rows: Rows, number: int,
                       context: tuple[Columns, PeopleContext]) -> list[PersonLike]:
    """On a worker: a run's person-like names."""
    columns, people = context
    return people_of_texts(_pairs(table, columns), people)


def _pairs(table: TableFile, columns: Columns) -> list[tuple[str, str]]:
    """A run's (message id, text) pairs, cells as the local engine reads them (a missing value is empty), each text
    followed by the cells of other prose (``visible_texts``)."""
    return frame_texts(used_as_strings(table.frame, columns), columns.message_id, columns.text, columns.other_texts)
