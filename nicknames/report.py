"""The replacement report: how many times each participant's names were replaced."""

from __future__ import annotations

import csv
from pathlib import Path

from nicknames.apply import ApplyResult
from nicknames.apply_stream import ApplySummary
from nicknames.output import atomic_output

REPORT_COLUMNS = ("participant", "name", "replacements")


def write_report(result: ApplyResult | ApplySummary, path: Path) -> None:
    """Write replacements per (participant, name) as CSV, owner-only because it holds real names."""
    with atomic_output(path, private=True, newline="") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(REPORT_COLUMNS)
        writer.writerows(result.counts())
