"""What a streamed apply replaced, counted as it goes instead of keeping a ``Replacement`` record per mention.

A chunk counts its messages' mentions in its worker; the run adds the chunks'
counts up in the main process. Both use this one record, so the counts a
summary reports are the ones ``ApplyResult`` derives from its records.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from nicknames.substitute import REVIEW_RULES, Mention


@dataclass
class ReplacementCounts:
    """Replacements per (participant, name), per identifier kind and per rule deciding a shared name."""

    tally: Counter[tuple[str, str]] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    review: int = 0
    """Mentions of shared names that no context decided."""
    changed: int = 0
    """Messages with at least one mention replaced by something else."""
    replaced: int = 0

    def count(self, mentions: list[Mention]) -> None:
        """Count one message's replacements (``Mention`` tuples, as ``Replacement`` records would be)."""
        if not mentions:
            return
        self.replaced += len(mentions)
        for mention in mentions:
            if mention[5] != mention[2]:
                self.changed += 1
                break
        tally = self.tally
        for _, _, _, name, participant, _, rule, candidates, kind, _, _ in mentions:
            if kind == "name" and len(candidates) == 1:  # most mentions: tested first
                tally[(participant, name)] += 1
                continue
            if kind != "name":
                self.kinds[kind] += 1
                continue
            tally[(participant, name)] += 1
            self.rules[rule] += 1
            if rule in REVIEW_RULES:
                self.review += 1

    def add(self, other: ReplacementCounts) -> None:
        """Add another chunk's counts to these."""
        self.tally.update(other.tally)
        self.kinds.update(other.kinds)
        self.rules.update(other.rules)
        self.review += other.review
        self.changed += other.changed
        self.replaced += other.replaced
