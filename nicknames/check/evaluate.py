"""The paper's post hoc metrics: how many of the gold participant–name connections a mapping has.

A connection is a (participant, name) pair in use (active or suggested). Against
a gold mapping (Farrow, Moore & Gašević 2023, Section 4.5):

- coverage: share of participants (with at least one gold name) all of whose
  gold names the mapping has;
- missed connections: gold connections the mapping lacks, written "28/163";
- recall: found gold connections / gold connections;
- precision: found gold connections / connections in the mapping;
- F1: their harmonic mean;
- the same on single words (Table 3): every name split into its words;
- weighted recall: recall where each connection counts as often as the gold
  mapping's count for it (how many messages use it);
- per category (Table 4): gold connections and their counts, and how many were found.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import regex

from nicknames.check.gold import CATEGORY_OF_TAG, GoldSpan
from nicknames.model.mapping import Mapping

Connection = tuple[str, str]

_HAS_LETTER = regex.compile(r"\p{L}")


@dataclass(frozen=True)
class Scores:
    """Gold, found and correct connection counts, and the ratios made from them."""

    gold: int
    found: int
    correct: int

    @property
    def missed(self) -> int:
        """Gold connections the mapping lacks."""
        return self.gold - self.correct

    @property
    def missed_label(self) -> str:
        """Missed connections the way the paper writes them: "28/163"."""
        return f"{self.missed}/{self.gold}"

    @property
    def recall(self) -> float:
        """Share of gold connections found (1.0 when there are none)."""
        return self.correct / self.gold if self.gold else 1.0

    @property
    def precision(self) -> float:
        """Share of the mapping's connections that are gold (1.0 when it has none)."""
        return self.correct / self.found if self.found else 1.0

    @property
    def f1(self) -> float:
        """Harmonic mean of recall and precision."""
        total = self.recall + self.precision
        return 2 * self.recall * self.precision / total if total else 0.0

    def as_dict(self) -> dict[str, object]:
        """The counts and ratios, for JSON."""
        return {"gold": self.gold, "found": self.found, "correct": self.correct, "missed": self.missed_label,
                "recall": self.recall, "precision": self.precision, "f1": self.f1}


def score(gold: set[Connection], found: set[Connection]) -> Scores:
    """Compare two sets of connections."""
    return Scores(len(gold), len(found), len(gold & found))


@dataclass(frozen=True)
class CategoryCount:
    """Gold connections of one category (Table 4) and how many the mapping found."""

    category: str
    connections: int
    found: int
    substitutions: int
    """Sum of the gold counts of the category's connections (messages that use them)."""
    substitutions_found: int


@dataclass(frozen=True)
class MappingReport:
    """Everything ``evaluate`` says about a mapping against the gold mapping."""

    participants: int
    """Participants with at least one gold name."""
    covered: int
    names: Scores
    words: Scores
    weighted_recall: float
    categories: list[CategoryCount] = field(default_factory=list)
    missed: dict[str, list[str]] = field(default_factory=dict)
    spurious: dict[str, list[str]] = field(default_factory=dict)

    @property
    def coverage(self) -> float:
        """Share of participants all of whose gold names were found."""
        return self.covered / self.participants if self.participants else 1.0

    def as_dict(self, details: bool = False) -> dict[str, object]:
        """The report for JSON; names per participant only with ``details`` (they are real names)."""
        result: dict[str, object] = {
            "participants": self.participants, "covered": self.covered, "coverage": self.coverage,
            "names": self.names.as_dict(), "words": self.words.as_dict(), "weighted_recall": self.weighted_recall,
            "categories": [vars(row) for row in self.categories],
        }
        if details:
            result["missed"] = self.missed
            result["spurious"] = self.spurious
        return result


def evaluate_mapping(gold: Mapping, found: Mapping, categories: dict[Connection, str] | None = None) -> MappingReport:
    """Score a mapping's connections against the gold mapping's."""
    gold_connections, found_connections = gold.connections(), found.connections()
    per_participant = _by_participant(gold_connections)
    covered = sum(all((pid, name) in found_connections for name in names) for pid, names in per_participant.items())
    weights = gold_counts(gold)
    total = sum(weights.values())
    weighted = sum(weights[c] for c in gold_connections & found_connections) / total if total else 1.0
    return MappingReport(
        participants=len(per_participant),
        covered=covered,
        names=score(gold_connections, found_connections),
        words=score(word_connections(gold_connections), word_connections(found_connections)),
        weighted_recall=weighted,
        categories=category_counts(gold_connections, found_connections, weights,
                                   categories if categories is not None else categories_from_tags(gold)),
        missed=_by_participant(gold_connections - found_connections),
        spurious=_by_participant(found_connections - gold_connections),
    )


def name_words(name: str) -> list[str]:
    """The words of a name for the single-word metrics.

    A name split on spaces, without parts that have no letter or are single
    letters; a name made only of single letters ("R o b e r t", "M. J.") stays whole.
    """
    words = [word for word in name.split() if _HAS_LETTER.search(word) and len(word.strip(".")) > 1]
    return words or [name]


def word_connections(connections: Iterable[Connection]) -> set[Connection]:
    """Every (participant, word) pair of the connections."""
    return {(pid, word) for pid, name in connections for word in name_words(name)}


def gold_counts(gold: Mapping) -> dict[Connection, int]:
    """Each gold connection's count (1 when the mapping gives none)."""
    return {(pid, name.text): name.count or 1 for pid in gold.participants
            for name in gold.entry(pid).names if name.in_use}


def categories_from_tags(gold: Mapping) -> dict[Connection, str]:
    """Each gold connection's category from its first category tag ("uncategorised" without one)."""
    result: dict[Connection, str] = {}
    for pid in gold.participants:
        for name in gold.entry(pid).names:
            tag = next((tag for tag in name.tags if tag in CATEGORY_OF_TAG), None)
            result[(pid, name.text)] = CATEGORY_OF_TAG[tag] if tag else "uncategorised"
    return result


def categories_from_spans(spans: Iterable[GoldSpan]) -> dict[Connection, str]:
    """Each connection's category as the gold spans give it (the most frequent one per connection)."""
    tally: dict[Connection, Counter[str]] = {}
    for span in spans:
        if span.is_name:
            tally.setdefault((span.participant, span.text), Counter())[span.category] += 1
    return {key: counter.most_common(1)[0][0] for key, counter in tally.items()}


def category_counts(gold: set[Connection], found: set[Connection], weights: dict[Connection, int],
                    categories: dict[Connection, str]) -> list[CategoryCount]:
    """Per category: gold connections and counts, and the part of them found; largest first."""
    rows: dict[str, list[int]] = {}
    for connection in gold:
        row = rows.setdefault(categories.get(connection, "uncategorised"), [0, 0, 0, 0])
        hit = connection in found
        weight = weights.get(connection, 1)
        row[0] += 1
        row[1] += hit
        row[2] += weight
        row[3] += weight * hit
    ordered = sorted(rows.items(), key=lambda item: (-item[1][2], item[0]))
    return [CategoryCount(name, *counts) for name, counts in ordered]


def _by_participant(connections: Iterable[Connection]) -> dict[str, list[str]]:
    result: dict[str, list[str]] = {}
    for pid, name in sorted(connections):
        result.setdefault(pid, []).append(name)
    return result
