"""What collect found, per participant and name, and the mapping it proposes from it.

``Found`` gathers the evidence of the pass (messages counted per tag, and
whether the evidence is direct); ``build_mapping`` writes it as a mapping,
names most frequent first; ``merge`` brings a new proposal into a mapping
that was already reviewed without losing any manual edit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import regex

from nicknames.collect.others import merge_keep, merge_others
from nicknames.model.mapping import Mapping, Name, Status

_DIGITS = regex.compile(r"(\d+)")
"""Runs of digits, kept by the split of ``natural_key`` (compiled once: it sorts every participant)."""


@dataclass
class Found:
    """Evidence gathered per (participant, name): messages counted per tag, and how sure it is."""

    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    tags: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    confirmed: set[tuple[str, str]] = field(default_factory=set)
    """Names with direct evidence; the others are written as suggestions (``?Name``)."""

    def add(self, participant: str, name: str, tag: str, count: int = 1, suggested: bool = False) -> None:
        """Record that messages used this name for this participant."""
        key = (participant, name)
        self.counts[key] += count
        tags = self.tags.setdefault(key, [])
        if tag not in tags:
            tags.append(tag)
        if not suggested:
            self.confirmed.add(key)

    def tag(self, participant: str, name: str, *tags: str) -> None:
        """Add tags to a name already found."""
        known = self.tags.setdefault((participant, name), [])
        known.extend(tag for tag in tags if tag not in known)

    def drop(self, participant: str, name: str) -> None:
        """Forget a name found by mistake."""
        key = (participant, name)
        self.counts.pop(key, None)
        self.tags.pop(key, None)
        self.confirmed.discard(key)


def build_mapping(participants: Iterable[str], found: Found) -> Mapping:
    """A mapping with every participant, names most frequent first."""
    mapping = Mapping()
    for participant in sorted(participants, key=natural_key):
        mapping.add_participant(participant)
    for (participant, text), count in sorted(found.counts.items(), key=lambda item: (-item[1], item[0][1])):
        confirmed = (participant, text) in found.confirmed
        tags = tuple(tag for tag in found.tags[(participant, text)] if not (confirmed and tag == "uncertain"))
        status = Status.ACTIVE if confirmed else Status.SUGGESTED
        mapping.set_name(participant, Name(text, count, tags, status))
    return mapping


def merge(existing: Mapping, proposed: Mapping) -> Mapping:
    """Merge a new proposal into an edited mapping without losing any manual edit.

    Names the reviewer kept get fresh counts; rejected names stay rejected;
    names deleted by hand (proposed before, now absent) stay deleted; new names
    are added; manual additions and comments stay as they are.
    """
    merged = existing.copy()
    for participant in proposed.participants:
        entry = merged.add_participant(participant)
        seen = merged.seen.setdefault(participant, set())
        for name in proposed.entry(participant).names:
            current = entry.find(name.text)
            if current is not None:
                tags = tuple(dict.fromkeys(name.tags + current.tags))
                merged.set_name(participant, Name(current.text, name.count, tags, current.status))
            elif name.text not in seen:
                entry.names.append(name)
            seen.add(name.text)
        merged.sort_names(participant)
    merge_others(merged, proposed)
    merge_keep(merged, proposed)
    return merged


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts U2 before U10."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in _DIGITS.split(text) if part)
