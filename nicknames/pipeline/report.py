"""The replacement report: how many times each participant's names were replaced."""

from __future__ import annotations

import csv
from pathlib import Path

from nicknames.apply.replacement import Replacement
from nicknames.apply.scopes import ApplyResult
from nicknames.io.output import atomic_output
from nicknames.model.mapping import Mapping
from nicknames.rules.patterns import name_key

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


def write_review(result: ApplyResult, path: Path, guesses: frozenset[tuple[str, str]] = frozenset()) -> None:
    """Write every decision on a shared name, with its evidence and confidence, and every mention of a name guessed
    among namesakes (``guesses``, see ``namesake_guesses``), owner-only.

    Mentions that no context decided, and the guesses, have ``review`` = ``yes``; they come first.
    """
    rows = [(record, record.for_review or guessed(record, guesses)) for record in result.replacements
            if record.kind == "name" and (len(record.candidates) > 1 or guessed(record, guesses))]
    rows.sort(key=lambda row: not row[1])
    with atomic_output(path, private=True, newline="") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(REVIEW_COLUMNS)
        for r, review in rows:
            evidence = f"{r.evidence}; {NAMESAKE_EVIDENCE}" if guessed(r, guesses) else r.evidence
            writer.writerow((
                r.message_id, r.start, r.end, r.original, "|".join(r.candidates), r.participant, r.rule,
                f"{r.confidence:.2f}", evidence, "yes" if review else "no",
            ))


NAMESAKE_EVIDENCE = "a name registered namesakes share, given to the first of them (tagged namesake): check who is meant"


def namesake_guesses(mapping: Mapping) -> frozenset[tuple[str, str]]:
    """(participant, name as records hold it) of each name in use that collect guessed among registered people who
    share it and post nothing (tagged ``namesake``): its mentions carry the first namesake's pseudonym, which may be
    another namesake's."""
    return frozenset((participant, name_key(name.text)) for participant in mapping.participants
                     for name in mapping.entry(participant).names if name.in_use and "namesake" in name.tags)


def guessed(record: Replacement, guesses: frozenset[tuple[str, str]]) -> bool:
    """Whether a record is the mention of a namesake guess (``namesake_guesses``)."""
    return bool(guesses) and record.kind == "name" and (record.participant, record.name) in guesses


def guessed_count(result: ApplyResult, guesses: frozenset[tuple[str, str]]) -> int:
    """How many mentions are of namesake guesses (none is looked for without a guess in the mapping)."""
    return sum(guessed(record, guesses) for record in result.replacements) if guesses else 0
