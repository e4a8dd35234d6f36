"""Pseudonymise a messages table scope by scope: the table-level driver of ``substitute``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

import pandas as pd

from nicknames.apply.pseudonyms import Pseudonym
from nicknames.apply.replacement import (
    Replacement,
    Replacements,
    changes_text,
    detail_counts,
    message_ids,
    needs_review,
)
from nicknames.apply.resolution import NamesOf, Unresolved
from nicknames.apply.scope_names import MappingNames, ScopeNames, scope_names
from nicknames.apply.substitute import substitute_scope
from nicknames.distributed.cluster import cluster_map
from nicknames.distributed.engines import Engine
from nicknames.engine.partitions import ScopeRows, scope_partitions
from nicknames.engine.run import ordered_map
from nicknames.model.mapping import Mapping
from nicknames.model.messages import Message, MessageTable
from nicknames.rules.identifiers import IdentifierRules


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
    replacements: Sequence[Replacement]
    """In file order, each message's in text order (``Replacements``: kept by column, read as tuples)."""
    duplicates: list[Duplicate]
    scopes: int
    unknown_participants: list[str] = field(default_factory=list)
    """Participants of the mapping that sent no message (a sign of the wrong mapping or data), except registered
    people collect found posting nothing (names tagged ``absent``)."""
    other_columns: tuple[str, ...] = ()
    """Columns of other prose pseudonymised with the text (``Columns.other_texts``)."""

    def message_count(self) -> int:
        """Messages in the table."""
        return len(self.frame)

    def replacement_count(self) -> int:
        """Names replaced."""
        return len(self.replacements)

    def changed_messages(self) -> int:
        """How many messages had at least one name replaced."""
        return len(message_ids(self.replacements, changes_text))

    def identifier_kinds(self) -> Counter[str]:
        """Identifiers replaced per kind."""
        return _tally((detail[6], count) for detail, count in detail_counts(self.replacements) if detail[6] != "name")

    def shared_rules(self) -> Counter[str]:
        """Mentions of shared names per deciding rule."""
        return _tally((detail[4], count) for detail, count in detail_counts(self.replacements)
                      if detail[6] == "name" and len(detail[5]) > 1)

    def review_count(self) -> int:
        """Mentions of shared names that no context decided."""
        return sum(count for detail, count in detail_counts(self.replacements) if needs_review(detail))

    def for_review(self) -> list[Replacement]:
        """Mentions of shared names that no context decided (see ``nicknames.apply.resolution``)."""
        return [record for record in self.replacements if record.for_review]

    def counts(self) -> list[tuple[str, str, int]]:
        """Replacements per (participant, name), most first."""
        tally = Counter(
            (record.participant, record.name) for record in self.replacements if record.kind == "name"
        )
        return sorted(((p, n, c) for (p, n), c in tally.items()), key=lambda row: (-row[2], row[0], row[1]))


def _tally(counts: Iterable[tuple[str, int]]) -> Counter[str]:
    """A counter of the counts given, added up by key."""
    tally: Counter[str] = Counter()
    for key, count in counts:
        tally[key] += count
    return tally


def apply_mapping(
    table: MessageTable,
    mapping: Mapping,
    scope: str,
    pseudonym: Pseudonym,
    *,
    identifiers: IdentifierRules | None = None,
    unresolved: Unresolved = Unresolved.first,
    names_of: NamesOf = NamesOf.everyone,
    jobs: int = 1,
    engine: Engine | None = None,
) -> ApplyResult:
    """Replace every name of the mapping (and identifiers, when given) in the text column, scope by scope.

    ``names_of``: whose names count in a scope, everyone of the mapping (a name no active participant has goes to
    its owners in the file) or the active participants only, the paper's rule (see ``NamesOf``).

    The messages are cut into partitions of whole scopes, each pseudonymised by
    ``apply_partition`` in one of ``jobs`` processes, or on the cluster of a
    Dask or Spark ``engine``; the result is the same for any number of them.
    """
    messages = list(table.messages())
    parts = scope_partitions(table.scope_keys(scope))
    everyone = MappingNames.of(mapping) if names_of is NamesOf.everyone else None
    context = ApplyContext(mapping, pseudonym, identifiers, unresolved, messages, names_of, everyone)
    texts = [message.text for message in messages]
    others = [table.frame[name].tolist() for name in table.columns.other_texts]
    records: list[tuple[Replacements, list[int]]] = []
    """Each scope's records and the row of each of its messages."""
    duplicates: list[Duplicate] = []
    for part, outcomes in zip(parts, _outcomes(parts, context, jobs, engine)):
        for (key, rows), outcome in zip(part, outcomes):
            duplicates.extend(outcome.duplicates)
            for row, text in zip(rows, outcome.texts):
                texts[row] = text
            for number, position, cell in outcome.other_changes([messages[row] for row in rows]):
                others[number][rows[position]] = cell
            records.append((outcome.records, rows))
    frame = table.frame.copy()
    frame[table.columns.text] = texts
    for name, column in zip(table.columns.other_texts, others):
        frame[name] = column
    scopes = sum(len(part) for part in parts)
    replacements = Replacements.merged(records, [message.id for message in messages])
    return ApplyResult(frame, replacements, duplicates, scopes, unknown_participants(mapping, table),
                       table.columns.other_texts)


def _outcomes(parts: list[list[ScopeRows]], context: ApplyContext, jobs: int,
              engine: Engine | None) -> Iterator[list[ScopeOutcome]]:
    """Each partition pseudonymised, in order: by local processes, or on a cluster, each partition sent with its
    own messages and the context (mapping, rules) without them."""
    if engine is None or not engine.remote:
        return ordered_map(apply_partition, parts, jobs, context)
    messages = context.messages
    batches = ([(key, [messages[row] for row in rows]) for key, rows in part] for part in parts)
    return cluster_map(apply_batches, batches, replace(context, messages=()), engine, jobs)


@dataclass(frozen=True)
class ApplyContext:
    """What every partition of one apply shares: sent once to each worker (and not at all where workers fork)."""

    mapping: Mapping
    pseudonym: Pseudonym
    identifiers: IdentifierRules | None
    unresolved: Unresolved
    messages: Sequence[Message]
    """Every message of the table, in file order: a partition names its rows."""
    names_of: NamesOf = NamesOf.everyone
    everyone: MappingNames | None = None
    """Every name of the mapping with its owners, for ``NamesOf.everyone`` (compiled once for all scopes)."""


@dataclass(frozen=True)
class ScopeOutcome:
    """One scope pseudonymised: its new texts in row order, its replacements and its duplicate names."""

    texts: list[str]
    records: Replacements
    """Message number = the scope's message in the order given (see ``Replacements``)."""
    duplicates: list[Duplicate]
    others: list[list[str]] = field(default_factory=list)
    """The new cells of each of the table's ``Columns.other_texts``, in row order (a title's names replaced as its
    message's are; their replacements are not recorded)."""

    def other_changes(self, batch: Sequence[Message]) -> Iterator[tuple[int, int, str]]:
        """(column's number in ``Columns.other_texts``, message's position in ``batch``, new cell) of each cell of
        other prose the scope changed: every engine writes these, and a cell left keeps its value as read (a null
        stays null)."""
        for number, cells in enumerate(self.others):
            for position, (message, cell) in enumerate(zip(batch, cells)):
                if cell != message.others[number]:
                    yield number, position, cell


def apply_partition(partition: list[ScopeRows], context: ApplyContext) -> list[ScopeOutcome]:
    """Pseudonymise a partition of whole scopes (scope key, the rows of its messages in file order): a pure
    function of the partition and the context."""
    messages = context.messages
    return [apply_scope(key, [messages[row] for row in rows], context) for key, rows in partition]


def apply_batches(partition: list[tuple[str, list[Message]]], context: ApplyContext) -> list[ScopeOutcome]:
    """Pseudonymise a partition of whole scopes given with their messages (scope key, messages in file order), as a
    cluster's worker receives it: the same outcomes as ``apply_partition``."""
    return [apply_scope(key, batch, context) for key, batch in partition]


def apply_scope(key: str, batch: list[Message], context: ApplyContext) -> ScopeOutcome:
    """Pseudonymise the messages of one scope with the names of the participants active in it."""
    names = scope_names(context.mapping, _active(batch), context.names_of, context.everyone)
    duplicates = [Duplicate(key, name, owners) for name, owners in names.duplicates().items()]
    texts, records = substitute_scope(
        batch, names, context.pseudonym, identifiers=context.identifiers, unresolved=context.unresolved
    )
    return ScopeOutcome(texts, records, duplicates, _other_texts(batch, names, context))


def _other_texts(batch: list[Message], names: ScopeNames, context: ApplyContext) -> list[list[str]]:
    """The messages' other prose (``Message.others``: a title) with names replaced as in their texts: each column
    read as the texts of the same messages, with the scope's names and the thread context of that column."""
    count = len(batch[0].others) if batch else 0
    return [substitute_scope([message._replace(text=message.others[column], others=()) for message in batch], names,
                             context.pseudonym, identifiers=context.identifiers, unresolved=context.unresolved)[0]
            for column in range(count)]


def _active(batch: list[Message]) -> set[str]:
    """Participants active in a scope: its senders, the senders of the messages they reply to, recipients."""
    active = {message.sender for message in batch}
    active.update(message.parent_sender for message in batch if message.parent_sender)
    active.update(participant for message in batch for participant in message.recipients)
    return active


def unknown_participants(mapping: Mapping, table: MessageTable) -> list[str]:
    """Participants of the mapping that sent no message of ``table``, except the ``absent`` ones (see
    ``ApplyResult.unknown_participants``)."""
    senders = set(table.frame[table.columns.sender].tolist())
    return [p for p in mapping.participants if p not in senders and not _absent(mapping, p)]


def _absent(mapping: Mapping, participant: str) -> bool:
    """Whether collect gave this participant a line as a registered person who posts nothing (``absent``)."""
    names = mapping.entry(participant).names
    return bool(names) and all("absent" in name.tags for name in names)
