"""Audit a pseudonymised output file where its texts fit: on a cluster's workers, in runs kept on disk, or read whole.

The one choice ``nicknames audit`` and the library share (``audit_file``).
With a Dask or Spark engine the workers read and scan a table
(``open_texts_on_cluster``); a CSV, JSON Lines or Parquet file of
``SPILL_MIN_BYTES`` or more is scanned in runs kept in a private spill folder (``SpilledTexts``); anything
else, and an audit that needs every text here (an HTML report), reads the
(message id, text) pairs whole. Each way gives the findings and person-like
names of ``audit_messages`` and ``people_in_output`` over the whole output,
in the same order.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Protocol

from nicknames.check.audit import audit_messages
from nicknames.check.audit_runs import (
    AuditOutcome,
    AuditRuns,
    AuditSettings,
    people_in_runs,
    scan_runs,
)
from nicknames.check.name_index import build_index
from nicknames.check.people import people_in_output
from nicknames.distributed.engines import Engine
from nicknames.engine.run import Progress, default_jobs
from nicknames.engine.spill import private_folder
from nicknames.io.datasets import dataset_files
from nicknames.io.formats import detect_format
from nicknames.model.mapping import Mapping as NameMapping
from nicknames.model.messages import MessageTable
from nicknames.model.paths import StrPath
from nicknames.pipeline.audit_on_cluster import open_texts_on_cluster
from nicknames.pipeline.audit_on_disk import SpilledTexts, can_audit_on_disk
from nicknames.pipeline.message_texts import iter_texts
from nicknames.pipeline.sources import read_source


class AuditProgress(Progress, Protocol):
    """A progress display told of each stage of the audit, as ``nicknames audit`` shows it."""

    def step(self, what: str) -> None: ...


@dataclass
class AuditedOutput:
    """An output opened for audit: held in runs elsewhere (``runs``), or its (message id, text) pairs read here."""

    runs: AuditRuns | None = None
    texts: list[tuple[str, str]] = field(default_factory=list)
    table: MessageTable | None = None
    """The output's table when one was outlined (its reply warnings are the command's to show), else None."""
    headerless: list[str] = field(default_factory=list)
    """Mail: the files read without headers (the command warns of them)."""
    closing: list[Callable[[], None]] = field(default_factory=list)

    def __enter__(self) -> AuditedOutput:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Drop the texts from the cluster, or remove the spill folder."""
        while self.closing:
            self.closing.pop()()


def open_output(path: Path, chosen: Mapping[str, str] | None = None, encoding: str | None = None, *,
                delimiter: str | None = None, sheet: str | None = None, opaque_senders: bool = False,
                engine: Engine | None = None, jobs: int = 1, in_runs: bool = True) -> AuditedOutput:
    """The output held where audit scans it: on the cluster of a Dask or Spark ``engine`` (``jobs`` local workers
    when it names none; 0: one per core), for a large table file in runs on disk read by ``jobs`` processes, else (or
    when not ``in_runs``) read whole here."""
    chosen = chosen or {}
    if in_runs and engine is not None and engine.remote:
        held = open_texts_on_cluster(path, chosen, engine, encoding=encoding, delimiter=delimiter, workers=jobs)
        if held is not None:
            return AuditedOutput(runs=held, table=held.table, closing=[held.close])
    elif in_runs and can_audit_on_disk(path):
        root = private_folder()
        runs = SpilledTexts(path, root, chosen, encoding, delimiter, jobs or default_jobs(path))
        return AuditedOutput(runs=runs, closing=[lambda: shutil.rmtree(root, ignore_errors=True)])
    if detect_format(path) == "csv" and dataset_files(path) is None:  # only id and text are needed
        return AuditedOutput(texts=list(iter_texts(path, chosen, encoding, delimiter=delimiter, other_texts=True)))
    # a partitioned table; mail: headers, subject and whole body of each message
    source = read_source(path, chosen, encoding, delimiter=delimiter, sheet=sheet, opaque_senders=opaque_senders,
                         engine=engine)
    headerless = list(source.archive.headerless) if source.archive is not None else []
    return AuditedOutput(texts=list(source.texts(other_texts=True).items()), table=source.table,
                         headerless=headerless)


def audit_opened(output: AuditedOutput, mapping: NameMapping, class_list: dict[str, str] | None = None, *,
                 near: bool = True, jobs: int = 1, engine: Engine | None = None,
                 progress: AuditProgress | None = None) -> AuditOutcome:
    """The names and person-like names left in an opened output, scanned where it is held (``jobs`` processes, or
    the cluster of ``engine``, for texts read here)."""
    index = build_index(mapping, class_list)
    if progress is not None:
        progress.step("checking")
    if output.runs is not None:  # the texts stay on the cluster or on disk
        result, usage = scan_runs(output.runs, AuditSettings(index, near), progress)
        if progress is not None:
            progress.step("looking for people outside the mapping")
        return AuditOutcome(result, people_in_runs(output.runs, mapping, class_list, usage))
    result = audit_messages(output.texts, index, near, jobs=jobs, progress=progress, engine=engine)
    if progress is not None:
        progress.step("looking for people outside the mapping")
    return AuditOutcome(result, people_in_output(output.texts, mapping, class_list, jobs))


def audit_file(path: StrPath, mapping: NameMapping, class_list: dict[str, str] | None = None, *, near: bool = True,
               chosen: Mapping[str, str] | None = None, encoding: str | None = None, delimiter: str | None = None,
               sheet: str | None = None, engine: Engine | None = None, jobs: int = 1) -> AuditOutcome:
    """``nicknames audit`` of an output file (any format ``open_source`` reads), its texts scanned where they fit.

    The findings are those of ``audit_messages`` over the output's texts with ``build_index(mapping, class_list)``,
    and the person-like names of ``people_in_output``, whichever way it is read: on the cluster of a Dask or Spark
    ``engine``, in runs kept on disk for a CSV, JSON Lines or Parquet file of 64 MB or more (removed at the end),
    else whole. ``jobs`` worker processes share the work (0: one per core for a large file, as ``--jobs 0``).
    """
    path = Path(path)
    workers = jobs or default_jobs(path)
    with open_output(path, chosen, encoding, delimiter=delimiter, sheet=sheet, engine=engine, jobs=jobs) as output:
        return audit_opened(output, mapping, class_list, near=near, jobs=workers, engine=engine)
