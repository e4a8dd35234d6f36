"""The replacement report: how many times each participant's names were replaced."""

from __future__ import annotations

import csv
from pathlib import Path

from nicknames.apply.scopes import ApplyResult
from nicknames.io.output import atomic_output

REPORT_COLUMNS = ("participant", "name", "replacements")


def write_report(result: ApplyResult, path: Path) -> None:
    """Write replacements per (participant, name) as CSV, owner-only because it holds real names."""
    with atomic_output(path, private=True, newline="") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(REPORT_COLUMNS)
        writer.writerows(result.counts())


REVIEW_COLUMNS = (
    "message_id", "start", "end", "name", "candidates", "participant", "rule", "confidence", "evidence", "review",
)


def write_review(result: ApplyResult, path: Path) -> None:
    """Write every decision on a shared name, with its evidence and confidence, owner-only.

    Mentions that no context decided have ``review`` = ``yes``; they come first.
    """
    shared = [record for record in result.replacements if record.kind == "name" and len(record.candidates) > 1]
    shared.sort(key=lambda record: not record.for_review)
    with atomic_output(path, private=True, newline="") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(REVIEW_COLUMNS)
        for r in shared:
            writer.writerow((
                r.message_id, r.start, r.end, r.original, "|".join(r.candidates), r.participant, r.rule,
                f"{r.confidence:.2f}", r.evidence, "yes" if r.for_review else "no",
            ))
