"""Pseudonymise a table kept on disk (``nicknames.engine.spill``): memory bounded whatever the file's size.

The driver holds the id columns only (ids, parents, senders, sessions,
recipients) and the reply context derived from them; each worker is given a
partition of whole scopes (its rows, and their parents' senders and threads),
takes its rows from the runs on disk, builds its messages, runs
``apply_scope`` (the same rules as ``apply_mapping``) and writes the texts it
changed, keyed by row. What comes
back is the replacement records (16 bytes each) and the duplicate names; the
output is written later by merging the changed texts into the table in file
order (``SpilledApplyResult.runs``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, overload

import pandas as pd

from nicknames.apply.pseudonyms import Pseudonym
from nicknames.apply.replacement import RecordMerge
from nicknames.apply.resolution import NamesOf, Unresolved
from nicknames.apply.scope_names import MappingNames
from nicknames.apply.scopes import (
    ApplyContext,
    ApplyResult,
    Duplicate,
    ScopeOutcome,
    apply_scope,
    unknown_participants,
)
from nicknames.engine.partitions import ScopeArray, column_partitions
from nicknames.engine.run import ordered_map
from nicknames.engine.spill import SpilledTable
from nicknames.engine.spilled_runs import FRESH_WORKERS_FROM
from nicknames.model.columns import Columns
from nicknames.model.mapping import Mapping
from nicknames.model.messages import MessageTable, message_columns, messages_of
from nicknames.model.reply_context import ReplyContext, string_column
from nicknames.model.scope import Scope
from nicknames.rules.identifiers import IdentifierRules

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    import pyarrow as pa

Transform = Callable[[pd.DataFrame], pd.DataFrame]


@dataclass
class SpilledApplyResult(ApplyResult):
    """An apply whose table stays on disk: ``frame`` is empty, the output comes run by run from ``runs``."""

    spilled: SpilledTable | None = None
    text_column: str = ""
    messages: int = 0
    transforms: list[Transform] = field(default_factory=list)
    """Changes made to each run of the output before it is written (such as keyed ids in the sender column)."""

    def message_count(self) -> int:
        """Messages in the table."""
        return self.messages

    def runs(self) -> Iterator[pd.DataFrame]:
        """The pseudonymised table in runs of rows, in file order."""
        if self.spilled is None:
            return
        for frame in self.spilled.merged_runs([self.text_column, *self.other_columns]):
            for transform in self.transforms:
                frame = transform(frame)
            yield frame

    def csv_runs(self) -> Iterator[pd.DataFrame | pa.Table]:
        """``runs`` for the CSV writer: Arrow tables as read from disk, frames where a transform changes them."""
        if self.spilled is None or self.transforms:
            return self.runs()
        return self.spilled.merged_tables([self.text_column, *self.other_columns])


@dataclass(frozen=True)
class SpilledPartition:
    """What a worker is given: where the table is, the partition's number and scopes (rows by position in the
    file), and the reply context of its rows in file order (each one's parent's sender, null where none is known,
    and thread)."""

    table: SpilledTable
    number: int
    scopes: list[ScopeArray]
    columns: Columns
    parent_senders: pa.Array
    threads: pa.Array


def apply_spilled(partition: SpilledPartition, context: ApplyContext) -> list[ScopeOutcome]:
    """Pseudonymise one partition of a spilled table: its messages read from disk, its changed texts written back
    (by row), its outcomes returned without texts."""
    columns = partition.columns
    context = _with_everyone(context)
    wanted = message_columns(columns)
    rows = _rows(partition.scopes)
    table = partition.table.read_rows(rows, wanted)
    cells = {name: table.column(name).to_pylist() for name in wanted}
    messages = messages_of(columns, cells, partition.parent_senders.to_pylist(), partition.threads.to_pylist())
    del cells, table
    position = {row: index for index, row in enumerate(rows.tolist())}
    outcomes: list[ScopeOutcome] = []
    changed: dict[str, tuple[list[int], list[str]]] = {name: ([], []) for name in (columns.text, *columns.other_texts)}
    for key, scope_rows in partition.scopes:
        rows = scope_rows.tolist()
        batch = [messages[position[row]] for row in rows]
        outcome = apply_scope(key, batch, context)
        for row, message, text in zip(rows, batch, outcome.texts):
            if text != message.text:
                changed[columns.text][0].append(row)
                changed[columns.text][1].append(text)
        for number, index, cell in outcome.other_changes(batch):
            changed[columns.other_texts[number]][0].append(rows[index])
            changed[columns.other_texts[number]][1].append(cell)
        outcomes.append(replace(outcome, texts=[], others=[]))
    for name, (changed_rows, changed_texts) in changed.items():
        partition.table.write_changes(partition.number, changed_rows, name, changed_texts)
    return outcomes


_completed: list[tuple[ApplyContext, ApplyContext]] = []
"""In a worker that was sent a context without the mapping's names: that context and the one with them."""


def _with_everyone(context: ApplyContext) -> ApplyContext:
    """The context with every name of the mapping compiled (``NamesOf.everyone``), once per worker: a worker
    started anew compiles them itself rather than being sent the driver's."""
    if context.names_of is not NamesOf.everyone or context.everyone is not None:
        return context
    if not _completed or _completed[0][0] is not context:
        _completed[:] = [(context, replace(context, everyone=MappingNames.of(context.mapping)))]
    return _completed[0][1]


class ColumnStrings(Sequence[str]):
    """The strings of an Arrow string column, each made when it is read: a million message ids as Python strings
    take some 60 MB, as Arrow about 15."""

    def __init__(self, values: pa.Array) -> None:
        import pyarrow as pa

        array = values.cast(pa.large_string())
        _, offsets, data = array.buffers()
        self._offsets = memoryview(offsets).cast("q")[array.offset:array.offset + len(array) + 1]
        self._data = memoryview(data) if data is not None else memoryview(b"")

    def __len__(self) -> int:
        return len(self._offsets) - 1

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("column index out of range")
        return str(self._data[self._offsets[index]:self._offsets[index + 1]], "utf-8")


def _rows(scopes: list[ScopeArray]) -> npt.NDArray[np.int64]:
    """A partition's rows (those of its scopes) in file order, as they are read back."""
    import numpy as np

    return np.sort(np.concatenate([rows for _, rows in scopes]))


def _partitions(spilled: SpilledTable, parts: list[list[ScopeArray]], columns: Columns,
                replies: ReplyContext) -> Iterator[SpilledPartition]:
    """What each worker is given, partition by partition (made as the workers ask for them: the reply context of a
    partition's rows only, not a copy of the whole columns)."""
    import pyarrow as pa

    for number, part in enumerate(parts):
        rows = _rows(part)
        yield SpilledPartition(spilled, number, part, columns,
                               replies.parent_senders.gather(rows).to_arrow().cast(pa.string()),
                               replies.threads.gather(rows).to_arrow().cast(pa.string()))


def apply_spilled_mapping(
    table: MessageTable,
    spilled: SpilledTable,
    mapping: Mapping,
    scope: str,
    pseudonym: Pseudonym,
    *,
    identifiers: IdentifierRules | None = None,
    unresolved: Unresolved = Unresolved.first,
    names_of: NamesOf = NamesOf.everyone,
    jobs: int = 1,
) -> SpilledApplyResult:
    """``apply_mapping`` for a table whose messages are on disk (``table`` holds its id columns only): the same
    records, duplicates and texts, the texts left on disk for the output."""
    replies = table.context
    if replies is None:
        raise ValueError(f"{table.source}: a table kept on disk needs its reply context as columns (table_of_ids)")
    parts = column_partitions(Scope.of(scope).key_column(table.frame, table.columns, replies.threads), len(table))
    fresh = jobs > 1 and len(table) >= FRESH_WORKERS_FROM
    everyone = MappingNames.of(mapping) if names_of is NamesOf.everyone and not fresh else None  # else each worker's
    context = ApplyContext(mapping, pseudonym, identifiers, unresolved, (), names_of, everyone)
    work = _partitions(spilled, parts, table.columns, replies)
    records = RecordMerge()
    duplicates: list[Duplicate] = []
    for part, outcomes in zip(parts, ordered_map(apply_spilled, work, jobs, context, fresh=fresh)):
        for (_, rows), outcome in zip(part, outcomes):
            duplicates.extend(outcome.duplicates)
            records.add(outcome.records, rows)
    columns = table.columns
    unknown = unknown_participants(mapping, table)
    replacements = records.merged(ColumnStrings(string_column(table.frame[columns.message_id]).to_arrow()))
    return SpilledApplyResult(
        pd.DataFrame(), replacements, duplicates, sum(len(part) for part in parts), unknown,
        spilled=spilled, text_column=columns.text, other_columns=columns.other_texts, messages=len(table),
    )
