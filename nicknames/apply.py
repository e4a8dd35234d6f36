"""Pseudonymise a messages table scope by scope: the table-level driver of ``substitute``."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pandas as pd

from nicknames.identifiers import IdentifierRules
from nicknames.mapping import Mapping
from nicknames.messages import Message, MessageTable
from nicknames.resolution import NamesOf, Unresolved
from nicknames.substitute import (
    MappingNames,
    Pseudonym,
    Replacement,
    scope_names,
    substitute_batch,
)


@dataclass(frozen=True)
class Duplicate:
    """A name that belongs to several participants active in the same scope."""

    scope: str
    name: str
    participants: tuple[str, ...]


@dataclass
class ApplyResult:
    """The pseudonymised table and everything that was done to it."""

    frame: pd.DataFrame
    replacements: list[Replacement]
    duplicates: list[Duplicate]
    scopes: int
    unknown_participants: list[str] = field(default_factory=list)
    """Participants of the mapping that sent no message (a sign of the wrong mapping or data), except registered
    people collect found posting nothing (names tagged ``absent``)."""

    def message_count(self) -> int:
        """Messages in the table."""
        return len(self.frame)

    def replacement_count(self) -> int:
        """Names replaced."""
        return len(self.replacements)

    def changed_messages(self) -> int:
        """How many messages had at least one name replaced."""
        return len({record.message_id for record in self.replacements if record.pseudonym != record.original})

    def identifier_kinds(self) -> Counter[str]:
        """Identifiers replaced per kind."""
        return Counter(record.kind for record in self.replacements if record.kind != "name")

    def shared_rules(self) -> Counter[str]:
        """Mentions of shared names per deciding rule."""
        return Counter(r.rule for r in self.replacements if r.kind == "name" and len(r.candidates) > 1)

    def review_count(self) -> int:
        """Mentions of shared names that no context decided."""
        return len(self.for_review())

    def for_review(self) -> list[Replacement]:
        """Mentions of shared names that no context decided (see ``nicknames.resolution``)."""
        return [record for record in self.replacements if record.for_review]

    def counts(self) -> list[tuple[str, str, int]]:
        """Replacements per (participant, name), most first."""
        tally = Counter(
            (record.participant, record.name) for record in self.replacements if record.kind == "name"
        )
        return sorted(((p, n, c) for (p, n), c in tally.items()), key=lambda row: (-row[2], row[0], row[1]))


def apply_mapping(
    table: MessageTable,
    mapping: Mapping,
    scope: str,
    pseudonym: Pseudonym,
    *,
    identifiers: IdentifierRules | None = None,
    unresolved: Unresolved = Unresolved.first,
    names_of: NamesOf = NamesOf.everyone,
) -> ApplyResult:
    """Replace every name of the mapping (and identifiers, when given) in the text column, scope by scope.

    ``names_of``: whose names count in a scope, everyone of the mapping (a name no active participant has goes to
    its owners in the file) or the active participants only, the paper's rule (see ``NamesOf``).
    """
    messages = list(table.messages())
    texts = [message.text for message in messages]
    replacements: list[tuple[int, Replacement]] = []
    duplicates: list[Duplicate] = []
    groups = _group_by_scope(table.scope_keys(scope))
    everyone = MappingNames.of(mapping) if names_of is NamesOf.everyone else None
    for key, rows in groups.items():
        batch = [messages[row] for row in rows]
        names = scope_names(mapping, _active(batch), names_of, everyone)
        duplicates.extend(Duplicate(key, name, owners) for name, owners in names.duplicates().items())
        new_texts, records = substitute_batch(
            batch, names, pseudonym, identifiers=identifiers, unresolved=unresolved
        )
        row_of = {messages[row].id: row for row in rows}
        for row, text in zip(rows, new_texts):
            texts[row] = text
        replacements.extend((row_of[record.message_id], record) for record in records)
    frame = table.frame.copy()
    frame[table.columns.text] = texts
    replacements.sort(key=lambda item: (item[0], item[1].start))
    senders = set(table.frame[table.columns.sender])
    unknown = [p for p in mapping.participants if p not in senders and not _absent(mapping, p)]
    return ApplyResult(frame, [record for _, record in replacements], duplicates, len(groups), unknown)


def _group_by_scope(keys: list[str]) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {}
    for row, key in enumerate(keys):
        groups.setdefault(key, []).append(row)
    return groups


def _active(batch: list[Message]) -> set[str]:
    """Participants active in a scope: its senders, the senders of the messages they reply to, recipients."""
    active = {message.sender for message in batch}
    active.update(message.parent_sender for message in batch if message.parent_sender)
    active.update(participant for message in batch for participant in message.recipients)
    return active


def _absent(mapping: Mapping, participant: str) -> bool:
    """Whether collect gave this participant a line as a registered person who posts nothing (``nicknames.absent``)."""
    names = mapping.entry(participant).names
    return bool(names) and all("absent" in name.tags for name in names)
