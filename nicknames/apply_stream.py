"""Apply a mapping to a CSV export of any size: an outline pass, then the text in chunks, in parallel.

Memory is bounded by the chunk size, the mapping and the outline's few bytes
per message, not by the size of the input. The output is byte for byte what
``apply_mapping`` on the whole table writes with ``frame.to_csv``, whatever the
number of worker processes: chunks are substituted independently (substitution
is a pure function of a scope's names and a message) and written in order.
"""

from __future__ import annotations

import ctypes
from collections import Counter, deque
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Protocol

import numpy as np
import pandas as pd

from nicknames.apply import Duplicate
from nicknames.csv_chunks import DEFAULT_CHUNK_ROWS, iter_chunks
from nicknames.csv_rows import csv_lines, replace_rows, rows_csv
from nicknames.identifiers import IdentifierRules
from nicknames.mapping import KEEP, Mapping
from nicknames.messages import Message, split_ids
from nicknames.outline import CODE, Outline, read_outline
from nicknames.parallel import ordered_map
from nicknames.resolution import ThreadContext, Unresolved
from nicknames.substitute import (
    REVIEW_RULES,
    Mention,
    Pseudonym,
    ScopeNames,
    scope_names,
    substitute_mentions,
)


class Progress(Protocol):
    """Told how many messages there are, then how many more are done after each chunk."""

    def start(self, total: int) -> None: ...
    def advance(self, done: int) -> None: ...


@dataclass
class ApplySummary:
    """What a streamed apply did: the counts of ``ApplyResult`` without holding every record."""

    messages: int
    scopes: int
    duplicates: list[Duplicate]
    unknown_participants: list[str]
    tally: Counter[tuple[str, str]] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    reviewed: int = 0
    """Mentions of shared names that no context decided (counted, not kept: --review reads the table)."""
    changed: int = 0
    replaced: int = 0
    recomputed: int = 0
    """Messages substituted again in order because an earlier chunk decided a shared name they use."""

    def message_count(self) -> int:
        """Messages read."""
        return self.messages

    def replacement_count(self) -> int:
        """Names and identifiers replaced."""
        return self.replaced

    def changed_messages(self) -> int:
        """How many messages had at least one name replaced."""
        return self.changed

    def review_count(self) -> int:
        """Mentions of shared names that no context decided."""
        return self.reviewed

    def identifier_kinds(self) -> Counter[str]:
        """Identifiers replaced per kind."""
        return self.kinds

    def shared_rules(self) -> Counter[str]:
        """Mentions of shared names per deciding rule."""
        return self.rules

    def counts(self) -> list[tuple[str, str, int]]:
        """Replacements per (participant, name), most first (as ``ApplyResult.counts``)."""
        return sorted(((p, n, c) for (p, n), c in self.tally.items()), key=lambda row: (-row[2], row[0], row[1]))

    def add(self, result: ChunkResult) -> None:
        """Count one chunk's replacements in."""
        self.tally.update(result.tally)
        self.kinds.update(result.kinds)
        self.rules.update(result.rules)
        self.reviewed += result.review
        self.changed += result.changed
        self.replaced += result.replaced


class ScopeNamesCache:
    """``scope_names`` for many scopes of one mapping, each built from the active participants only."""

    def __init__(self, mapping: Mapping, limit: int = 4096) -> None:
        self.mapping = mapping
        self.position = {key: index for index, key in enumerate(mapping.entries)}
        self.limit = limit
        self._cache: dict[frozenset[str], ScopeNames] = {}

    def get(self, active: frozenset[str]) -> ScopeNames:
        """The compiled names of the scope where these participants are active."""
        names = self._cache.get(active)
        if names is None:
            if len(self._cache) >= self.limit:
                self._cache.clear()
            names = self._cache[active] = scope_names(self._restricted(active), active)
        return names

    def _restricted(self, active: Collection[str]) -> Mapping:
        """The mapping reduced to the keep list and the active participants, in file order."""
        keys = sorted((key for key in active if key in self.position and key != KEEP), key=self.position.__getitem__)
        restricted = Mapping()
        if KEEP in self.mapping.entries:
            restricted.entries[KEEP] = self.mapping.entries[KEEP]
        restricted.entries.update((key, self.mapping.entries[key]) for key in keys)
        return restricted


@dataclass(frozen=True)
class Chunk:
    """The messages of one chunk with their context from the outline, ready for a worker."""

    rows: list[int]
    messages: list[Message]
    scopes: list[int]
    header: list[str]
    cells: list[list[str]]
    """Every column's values, in file order (strings shared with ``messages``, so pickled once)."""
    text_column: int


@dataclass
class ChunkResult:
    """A chunk's new texts, the counts of what was replaced, and the shared-name state it leaves."""

    texts: list[str] = field(default_factory=list)
    csv: str = ""
    """The chunk's rows with the new texts, as CSV (written by the worker, in parallel)."""
    ends: list[int] = field(default_factory=list)
    """Where each row ends in ``csv``."""
    tally: Counter[tuple[str, str]] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    review: int = 0
    changed: int = 0
    replaced: int = 0
    decided: dict[tuple[int, str, str], tuple[str, int]] = field(default_factory=dict)
    """(scope, thread, name) → participant of the chunk's last firm decision (``resolution.FIRM``), and the
    thread's last row in the scope (after it the decision is forgotten)."""
    made: list[tuple[int, int, str, str, str]] = field(default_factory=list)
    """(message index, scope, thread, name, participant) of each firm decision, in order."""
    pending: dict[int, Pending] = field(default_factory=dict)
    """Messages that looked up a shared-name decision the chunk had not made: not counted yet."""

    def count(self, mentions: list[Mention]) -> None:
        """Count one message's replacements (``Mention`` tuples, as ``Replacement`` records would be)."""
        if not mentions:
            return
        self.replaced += len(mentions)
        if any(mention[5] != mention[2] for mention in mentions):
            self.changed += 1
        for _, _, _, name, participant, _, rule, candidates, kind, _, _ in mentions:
            if kind != "name":
                self.kinds[kind] += 1
                continue
            self.tally[(participant, name)] += 1
            if len(candidates) > 1:
                self.rules[rule] += 1
                if rule in REVIEW_RULES:
                    self.review += 1


@dataclass(frozen=True)
class Pending:
    """A message whose text depends on firm decisions of earlier chunks, if they made any."""

    scope: int
    asked: frozenset[tuple[str, str]]
    """(thread, name) keys looked up before the chunk had decided them."""
    mentions: list[Mention]
    """What the message became without earlier chunks' decisions."""


class _Decided(dict[tuple[str, str], str]):
    """``ThreadContext.addressed`` that notes the keys one message asks for before they are set, and the sets."""

    def __init__(self, seed: dict[tuple[str, str], str]) -> None:
        super().__init__(seed)
        self.asked: set[tuple[str, str]] = set()
        self.made: list[tuple[tuple[str, str], str]] = []

    def get(self, key: tuple[str, str], default: str | None = None) -> str | None:  # type: ignore[override]
        if key not in self:
            self.asked.add(key)
        return super().get(key, default)

    def __setitem__(self, key: tuple[str, str], value: str) -> None:
        self.made.append((key, value))
        super().__setitem__(key, value)


class OutlineContext(ThreadContext):
    """``ThreadContext`` of one scope, answered from the outline for threads longer than the chunk."""

    def __init__(self, threads: ThreadIndex, row_of: dict[str, int], seed: dict[tuple[str, str], str]) -> None:
        super().__init__(addressed=_Decided(seed))
        self.threads = threads
        self.row_of = row_of

    def prepare(self, message: Message) -> None:
        """Make the members of the message's thread known (the whole thread, not only this chunk)."""
        if message.thread not in self.members:
            self.members[message.thread] = self.threads.members(self.row_of[message.id])

    def earlier_senders(self, message: Message) -> list[str]:
        """Senders of the thread's messages before this one in the scope, latest first."""
        return self.threads.earlier_senders(self.row_of[message.id])


@dataclass
class ThreadIndex:
    """The messages of each (scope, thread) in file order, from the outline's codes."""

    senders: list[str]
    sender: np.ndarray
    parent_sender: np.ndarray
    order: np.ndarray
    position: np.ndarray
    block_start: np.ndarray
    block_end: np.ndarray

    @classmethod
    def build(cls, outline: Outline, scopes: np.ndarray) -> ThreadIndex:
        """Sort the rows by scope, thread and row once (32-bit rows: 16 bytes a message in all)."""
        count = len(outline)
        order = np.lexsort((np.arange(count), outline.thread, scopes)).astype(CODE)
        boundary = np.ones(count, dtype=bool)
        boundary[1:] = (scopes[order][1:] != scopes[order][:-1]) | (outline.thread[order][1:] != outline.thread[order][:-1])
        starts = np.flatnonzero(boundary).astype(CODE)
        ends = np.append(starts[1:], count).astype(CODE)
        block = np.cumsum(boundary) - 1
        position = np.empty(count, dtype=CODE)
        position[order] = np.arange(count, dtype=CODE)
        return cls(outline.senders, outline.sender, outline.parent_sender, order, position,
                   starts[block], ends[block])

    def members(self, row: int) -> set[str]:
        """The senders of the row's thread in its scope and the senders they reply to."""
        rows = self.order[self.block_start[self.position[row]] : self.block_end[self.position[row]]]
        codes = set(self.sender[rows].tolist()) | {c for c in self.parent_sender[rows].tolist() if c >= 0}
        return {self.senders[code] for code in codes}

    def last_row(self, row: int) -> int:
        """The last row of the row's thread in its scope."""
        return int(self.order[self.block_end[self.position[row]] - 1])

    def earlier_senders(self, row: int) -> list[str]:
        """Senders of the messages before this row in its thread and scope, latest first."""
        rows = self.order[self.block_start[self.position[row]] : self.position[row]][::-1]
        return [self.senders[code] for code in self.sender[rows].tolist()]


@dataclass(frozen=True)
class Work:
    """What every worker needs, set once per process."""

    cache: ScopeNamesCache
    active: list[frozenset[str]]
    threads: ThreadIndex
    pseudonym: Pseudonym
    identifiers: IdentifierRules | None
    unresolved: Unresolved


_work: Work | None = None


def _start_worker(work: Work) -> None:
    global _work
    _work = work


def substitute_chunk(chunk: Chunk) -> ChunkResult:
    """Substitute every message of a chunk with its own scope's names and thread context.

    Firm decisions depend only on their own message, so a chunk makes the same
    ones whatever came before; a message that looked up a decision the chunk
    had not made is left ``pending`` for ``settle``, which knows the earlier chunks.
    """
    assert _work is not None, "_start_worker was not called"
    work, result = _work, ChunkResult()
    row_of = {message.id: row for message, row in zip(chunk.messages, chunk.rows)}
    contexts: dict[int, OutlineContext] = {}
    for index, (message, scope) in enumerate(zip(chunk.messages, chunk.scopes)):
        context = contexts.get(scope)
        if context is None:
            context = contexts[scope] = OutlineContext(work.threads, row_of, {})
        text, mentions = _substitute(work, message, scope, context)
        result.texts.append(text)
        decided = context.addressed
        assert isinstance(decided, _Decided)
        result.made.extend((index, scope, thread, name, who) for (thread, name), who in decided.made)
        if decided.asked:
            result.pending[index] = Pending(scope, frozenset(decided.asked), mentions)
        else:
            result.count(mentions)
        decided.asked.clear()
        decided.made.clear()
    for index, scope, thread, name, who in result.made:
        result.decided[(scope, thread, name)] = (who, work.threads.last_row(chunk.rows[index]))
    result.csv, result.ends = chunk_csv(chunk, result.texts)
    return result


def _substitute(work: Work, message: Message, scope: int, context: OutlineContext) -> tuple[str, list[Mention]]:
    context.prepare(message)
    return substitute_mentions(
        message, work.cache.get(work.active[scope]), work.pseudonym, identifiers=work.identifiers,
        context=context, unresolved=work.unresolved,
    )


def settle(chunk: Chunk, result: ChunkResult, decided: dict[tuple[int, str, str], tuple[str, int]]) -> list[int]:
    """Count the chunk's pending messages, substituting again those that earlier chunks' decisions change.

    ``decided`` holds the last firm decision of the chunks before. A pending
    message is substituted again with what it would have seen in one pass over
    the file: this chunk's decisions before it, else the earlier chunks'.
    Returns the indexes of the messages substituted again.
    """
    assert _work is not None, "_start_worker was not called"
    own: dict[tuple[int, str], dict[str, str]] = {}
    made = iter(result.made)
    step = next(made, None)
    again: list[int] = []
    row_of = {message.id: row for message, row in zip(chunk.messages, chunk.rows)}
    for index, pending in sorted(result.pending.items()):
        while step is not None and step[0] < index:
            own.setdefault((step[1], step[2]), {})[step[3]] = step[4]
            step = next(made, None)
        earlier = {key: decided[(pending.scope, *key)][0] for key in pending.asked if (pending.scope, *key) in decided}
        if not earlier:
            result.count(pending.mentions)
            continue
        message = chunk.messages[index]
        seed = {(message.thread, name): who for name, who in own.get((pending.scope, message.thread), {}).items()}
        seed.update(earlier)
        text, mentions = _substitute(_work, message, pending.scope, OutlineContext(_work.threads, row_of, seed))
        result.texts[index] = text
        result.count(mentions)
        again.append(index)
    return again


def apply_csv(
    path: Path,
    output: IO[str],
    mapping: Mapping,
    scope: str,
    pseudonym: Pseudonym,
    *,
    identifiers: IdentifierRules | None = None,
    unresolved: Unresolved = Unresolved.first,
    chosen: dict[str, str] | None = None,
    encoding: str | None = None,
    jobs: int = 1,
    chunk_rows: int = DEFAULT_CHUNK_ROWS,
    progress: Progress | None = None,
    outline: Outline | None = None,
) -> ApplySummary:
    """Pseudonymise a CSV export into ``output`` chunk by chunk; see the module docstring.

    ``outline`` is the file's ``read_outline`` when the caller has it already.
    """
    outline = outline if outline is not None else read_outline(path, chosen, encoding)
    codes, labels = outline.scope(scope)
    active = outline.active(codes, len(labels))
    senders = set(outline.senders)
    summary = ApplySummary(len(outline), len(labels), _duplicates(mapping, codes, labels, active),
                           [p for p in mapping.participants if p not in senders])
    work = Work(ScopeNamesCache(mapping), active, ThreadIndex.build(outline, codes), pseudonym, identifiers,
                unresolved)
    _return_freed_memory()
    if progress is not None:
        progress.start(len(outline))
    sent: deque[Chunk] = deque()
    chunks = _remember(_chunks(path, outline, codes, encoding, chunk_rows), sent)
    decided: dict[tuple[int, str, str], tuple[str, int]] = {}
    for index, result in enumerate(ordered_map(substitute_chunk, chunks, jobs, _start_worker, (work,))):
        chunk = sent.popleft()
        if result.pending:
            _start_worker(work)  # this process may not have been a worker
            again = settle(chunk, result, decided)
            if again:
                result.csv = _rewritten(chunk, result, again)
            summary.recomputed += len(again)
        decided.update(result.decided)
        _forget_ended(decided, chunk.rows[-1])
        write_rows(output, (csv_lines([chunk.header]) if index == 0 else "") + result.csv)
        summary.add(result)
        if progress is not None:
            progress.advance(len(chunk.rows))
    return summary


def _return_freed_memory() -> None:
    """Give the memory the outline pass freed back to the system, where the C library allows it.

    The outline pass builds lists of a few Python objects per message and frees
    them; glibc keeps most of those pages, so without this the peak of a
    million-message run stays ~100 MB above that of a smaller file for good.
    """
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to do
        pass


def _forget_ended(decided: dict[tuple[int, str, str], tuple[str, int]], row: int) -> None:
    """Drop the decisions of threads whose last message is at or before this row: no later message asks."""
    for key in [key for key, (_, last) in decided.items() if last <= row]:
        del decided[key]


def _remember(chunks: Iterator[Chunk], sent: deque[Chunk]) -> Iterator[Chunk]:
    """Hand the chunks to the workers, keeping each until its texts come back."""
    for chunk in chunks:
        sent.append(chunk)
        yield chunk


def write_rows(output: IO[str], rows: str) -> None:
    """Write a chunk's CSV rows (the one place apply writes them, where the interrupt tests stop it)."""
    output.write(rows)


def chunk_csv(chunk: Chunk, texts: list[str]) -> tuple[str, list[int]]:
    """The chunk's rows with these texts, as CSV, and where each row ends (``csv_rows``)."""
    cells = list(chunk.cells)
    cells[chunk.text_column] = texts
    return rows_csv(cells)


def _rewritten(chunk: Chunk, result: ChunkResult, indexes: list[int]) -> str:
    """The worker's CSV of the chunk with the rows of these messages written again."""
    rows: dict[int, list[str]] = {}
    for index in indexes:
        rows[index] = [column[index] for column in chunk.cells]
        rows[index][chunk.text_column] = result.texts[index]
    return replace_rows(result.csv, result.ends, rows)


def _chunks(path: Path, outline: Outline, codes: np.ndarray, encoding: str | None, rows: int) -> Iterator[Chunk]:
    columns = outline.columns
    start = 0
    for frame in iter_chunks(path, encoding, None, rows):
        end = start + len(frame)
        count = len(frame)
        header = [str(label) for label in frame.columns]
        cells = [frame[label].tolist() for label in frame.columns]
        cell = dict(zip(frame.columns, cells))
        sessions = cell[columns.session_id] if columns.session_id else [""] * count
        recipients = list(map(split_ids, cell[columns.recipients])) if columns.recipients else [()] * count
        parents = [outline.senders[code] if code >= 0 else None for code in outline.parent_sender[start:end].tolist()]
        threads = [outline.thread_labels[code] for code in outline.thread[start:end].tolist()]
        messages = list(map(Message._make, zip(
            cell[columns.message_id], cell[columns.sender], cell[columns.text], parents, threads, sessions, recipients,
        )))
        yield Chunk(list(range(start, end)), messages, codes[start:end].tolist(), header, cells,
                    list(frame.columns).index(columns.text))
        start = end


def _duplicates(
    mapping: Mapping, codes: np.ndarray, labels: list[str], active: list[frozenset[str]]
) -> list[Duplicate]:
    """Names shared by participants active in one scope, scopes in order of their first message."""
    cache = ScopeNamesCache(mapping)
    duplicates: list[Duplicate] = []
    for code in pd.unique(codes).tolist():
        owners = cache.get(active[code]).duplicates()
        duplicates.extend(Duplicate(labels[code], name, participants) for name, participants in owners.items())
    return duplicates
