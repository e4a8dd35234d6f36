"""Audit an output read in runs of messages elsewhere (a cluster's workers, runs of a file kept on disk).

Each run of (message id, text) pairs is scanned where it is held
(``scan_run``: the findings of ``audit_part`` and the run's word usage, for the
search of people); the driver absorbs the runs in file order, which gives the
findings of one scan over every text (near misses weighed against the lower-case
words of all of them), then has each run searched for person-like names with the
word usage of the whole output (``people_of_texts``). Only findings and word
counts come back to the driver, never a text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from nicknames.check.audit import AuditPart, AuditTally, audit_part
from nicknames.check.findings import AuditResult
from nicknames.check.name_index import NameIndex
from nicknames.check.people import PeopleContext, kept_people, people_context
from nicknames.collect.discover.corpus_words import corpus_lexicon
from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.others import PersonLike
from nicknames.engine.run import Progress
from nicknames.model.mapping import Mapping


@dataclass(frozen=True)
class AuditSettings:
    """What every run's scan shares: the names to look for, and whether near misses and word usage are wanted."""

    index: NameIndex
    near: bool = True
    usage: bool = True
    """Count the run's word usage (``corpus_lexicon``), which the search of people needs."""


@dataclass
class RunScan:
    """What scanning one run found: its part of the audit, and how it writes each word (``Lexicon``'s counts, without
    its word list, which every process has)."""

    part: AuditPart
    lower: Counter[str] = field(default_factory=Counter)
    capitalised: Counter[str] = field(default_factory=Counter)


@dataclass(frozen=True)
class AuditOutcome:
    """An audit of a whole output: the names left in it, and the person-like names the mapping does not know."""

    result: AuditResult
    people: list[PersonLike]


class AuditRuns(Protocol):
    """An output held in runs, each run scanned where it is held, results in file order."""

    def scans(self, settings: AuditSettings) -> Iterator[RunScan]: ...

    def people(self, context: PeopleContext) -> Iterator[list[PersonLike]]: ...


def scan_run(pairs: list[tuple[str, str]], settings: AuditSettings) -> RunScan:
    """Where a run is held: its findings, and its word usage when the search of people needs it."""
    part = audit_part(pairs, settings.index, settings.near)
    if not settings.usage:
        return RunScan(part)
    usage = corpus_lexicon([text for _, text in pairs])
    return RunScan(part, usage.lower, usage.capitalised)


def scan_runs(runs: AuditRuns, settings: AuditSettings,
              progress: Progress | None = None) -> tuple[AuditResult, Lexicon]:
    """Every run scanned, absorbed in file order: the findings of one scan over all texts, and their word usage."""
    tally = AuditTally(settings.index)
    usage = Lexicon()
    for scan in runs.scans(settings):
        tally.absorb(scan.part)
        usage.lower.update(scan.lower)
        usage.capitalised.update(scan.capitalised)
        if progress is not None:
            progress.advance(scan.part.messages)
    return tally.result(), usage


def people_in_runs(runs: AuditRuns, mapping: Mapping, class_list: dict[str, str] | None,
                   usage: Lexicon) -> list[PersonLike]:
    """``people_in_output`` of the runs, with the word usage ``scan_runs`` counted over all of them."""
    found: Iterable[list[PersonLike]] = runs.people(people_context(mapping, class_list, usage))
    return kept_people(finding for part in found for finding in part)


def audit_runs(runs: AuditRuns, index: NameIndex, mapping: Mapping, class_list: dict[str, str] | None = None,
               near: bool = True) -> AuditOutcome:
    """The names and the person-like names left in an output held in runs."""
    result, usage = scan_runs(runs, AuditSettings(index, near))
    return AuditOutcome(result, people_in_runs(runs, mapping, class_list, usage))
