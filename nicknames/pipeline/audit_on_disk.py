"""Audit a large output (CSV, JSON Lines or Parquet) without holding it: its message ids and texts kept on disk in runs, each scanned by a
worker process.

The file is read once in runs of rows (``csv_runs.table_runs``: the cells and
errors of every other command's reader); each run's id and text columns are written to
a spill folder (``TableSpiller``) and handed to one of ``jobs`` worker
processes, which reads it back from there and scans it while the next run is
read (``nicknames.check.audit_runs``); the search of people then reads the runs
again, with the word usage of every text. The driver holds one run of rows at a
time, and the findings and word counts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from nicknames.check.audit_runs import AuditSettings, RunScan, scan_run
from nicknames.check.people import PeopleContext, people_of_texts
from nicknames.collect.others import PersonLike
from nicknames.engine.run import ordered_map
from nicknames.engine.spill import SpilledTable, TableSpiller
from nicknames.io.csv_runs import column_names, selected, table_runs
from nicknames.io.formats import detect_format
from nicknames.model.columns import resolve_columns
from nicknames.pipeline.side_columns import other_text_names, spilled_texts
from nicknames.pipeline.spilled_source import is_large_table

SpilledRun = tuple[SpilledTable, int, tuple[str, ...]]
"""The spill folder as written so far, a run's number, and the id and text columns (then those of other prose)."""


def can_audit_on_disk(path: Path) -> bool:
    """Whether audit keeps this output on disk: one CSV, JSON Lines or Parquet file (not a folder, glob or mail) of
    ``SPILL_MIN_BYTES`` or more (``is_large_table``, as apply and collect)."""
    return is_large_table(path)


@dataclass
class SpilledTexts:
    """A table output read in runs into the spill folder ``root``, each run scanned by a worker (``AuditRuns``).

    The first scan reads the file; the search of people reads the runs it left.
    """

    path: Path
    root: Path
    chosen: Mapping[str, str]
    encoding: str | None = None
    delimiter: str | None = None
    jobs: int = 1
    written: list[SpilledRun] | None = None

    def scans(self, settings: AuditSettings) -> Iterator[RunScan]:
        """Each run's names and word usage, in file order, the file read as the workers scan."""
        return ordered_map(scan_spilled_run, self._runs(), self.jobs, settings)

    def people(self, context: PeopleContext) -> Iterator[list[PersonLike]]:
        """Each run's person-like names, in file order."""
        return ordered_map(people_of_spilled_run, self._runs(), self.jobs, context)

    def _runs(self) -> Iterator[SpilledRun]:
        if self.written is not None:
            yield from self.written
            return
        written: list[SpilledRun] = []
        spiller = TableSpiller(self.root)
        names: tuple[str, ...] | None = None
        for run in table_runs(self.path, detect_format(self.path), self.encoding, self.delimiter):
            if names is None:
                header = column_names(run)
                columns = resolve_columns(header, self.chosen, str(self.path))
                names = (columns.message_id, columns.text, *other_text_names(header, columns))
            spiller.add(selected(run, list(names)))
            del run
            written.append((spiller.table(), len(written), names))
            yield written[-1]
        self.written = written


def scan_spilled_run(run: SpilledRun, settings: AuditSettings) -> RunScan:
    """In a worker: a run's names and word usage."""
    return scan_run(_pairs(run), settings)


def people_of_spilled_run(run: SpilledRun, context: PeopleContext) -> list[PersonLike]:
    """In a worker: a run's person-like names."""
    return people_of_texts(_pairs(run), context)


def _pairs(run: SpilledRun) -> list[tuple[str, str]]:
    """A run's (message id, text) pairs, read back from the spill folder, each text followed by the cells of other
    prose (``visible_texts``)."""
    spilled, number, (message_id, text, *others) = run
    return spilled_texts(spilled, number, message_id, text, others)
