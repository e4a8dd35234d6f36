"""Apply a mapping to a CSV export of any size: an outline pass, then the text in chunks, in parallel.

Memory is bounded by the chunk size, the mapping and the outline's few bytes
per message, not by the size of the input. The output is byte for byte what
``apply_mapping`` on the whole table writes with ``frame.to_csv``, whatever the
number of worker processes: chunks are substituted independently (substitution
is a pure function of a scope's names and a message) and written in order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Protocol

import numpy as np
import pandas as pd

from nicknames.apply import Duplicate
from nicknames.csv_chunks import DEFAULT_CHUNK_ROWS, iter_chunks
from nicknames.mapping import KEEP, Mapping
from nicknames.messages import Message
from nicknames.outline import Outline, read_outline
from nicknames.parallel import ordered_map
from nicknames.substitute import ScopeNames, scope_names, substitute_message


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
    changed: int = 0
    replaced: int = 0

    def message_count(self) -> int:
        """Messages read."""
        return self.messages

    def replacement_count(self) -> int:
        """Names replaced."""
        return self.replaced

    def changed_messages(self) -> int:
        """How many messages had at least one name replaced."""
        return self.changed

    def counts(self) -> list[tuple[str, str, int]]:
        """Replacements per (participant, name), most first (as ``ApplyResult.counts``)."""
        return sorted(((p, n, c) for (p, n), c in self.tally.items()), key=lambda row: (-row[2], row[0], row[1]))


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

    messages: list[Message]
    scopes: list[int]


@dataclass(frozen=True)
class ChunkResult:
    """A chunk's new texts and the counts of what was replaced in it."""

    texts: list[str]
    tally: Counter[tuple[str, str]]
    changed: int
    replaced: int


_worker: tuple[ScopeNamesCache, list[frozenset[str]], Callable[[str], str]] | None = None


def _start_worker(mapping: Mapping, active: list[frozenset[str]], pseudonym: Callable[[str], str]) -> None:
    global _worker
    _worker = (ScopeNamesCache(mapping), active, pseudonym)


def substitute_chunk(chunk: Chunk) -> ChunkResult:
    """Substitute every message of a chunk with its own scope's names (in a worker process)."""
    assert _worker is not None, "_start_worker was not called"
    cache, active, pseudonym = _worker
    texts: list[str] = []
    tally: Counter[tuple[str, str]] = Counter()
    changed = 0
    for message, scope in zip(chunk.messages, chunk.scopes):
        text, records = substitute_message(message, cache.get(active[scope]), pseudonym)
        texts.append(text)
        if records:
            changed += 1
            tally.update((record.participant, record.name) for record in records)
    return ChunkResult(texts, tally, changed, sum(tally.values()))


def apply_csv(
    path: Path,
    output: IO[str],
    mapping: Mapping,
    scope: str,
    pseudonym: Callable[[str], str],
    *,
    chosen: dict[str, str] | None = None,
    encoding: str | None = None,
    jobs: int = 1,
    chunk_rows: int = DEFAULT_CHUNK_ROWS,
    progress: Progress | None = None,
) -> ApplySummary:
    """Pseudonymise a CSV export into ``output`` chunk by chunk; see the module docstring."""
    outline = read_outline(path, chosen, encoding)
    codes, labels = outline.scope(scope)
    active = outline.active(codes, len(labels))
    summary = ApplySummary(len(outline), len(labels), _duplicates(mapping, codes, labels, active),
                           [p for p in mapping.participants if p not in set(outline.senders)])
    if progress is not None:
        progress.start(len(outline))
    chunks = _chunks(path, outline, codes, encoding, chunk_rows)
    frames: list[pd.DataFrame] = []
    results = ordered_map(substitute_chunk, _remember(chunks, frames), jobs, _start_worker,
                          (mapping, active, pseudonym))
    for index, result in enumerate(results):
        frame = frames.pop(0)
        frame[outline.columns.text] = result.texts
        frame.to_csv(output, index=False, header=index == 0, lineterminator="\n")
        summary.tally.update(result.tally)
        summary.changed += result.changed
        summary.replaced += result.replaced
        if progress is not None:
            progress.advance(len(frame))
    return summary


def _remember(chunks: Iterator[tuple[pd.DataFrame, Chunk]], frames: list[pd.DataFrame]) -> Iterator[Chunk]:
    """Hand the chunks to the workers, keeping each frame until its texts come back."""
    for frame, chunk in chunks:
        frames.append(frame)
        yield chunk


def _chunks(
    path: Path, outline: Outline, codes: np.ndarray, encoding: str | None, rows: int
) -> Iterator[tuple[pd.DataFrame, Chunk]]:
    columns = outline.columns
    start = 0
    for frame in iter_chunks(path, encoding, None, rows):
        end = start + len(frame)
        sessions = frame[columns.session_id].tolist() if columns.session_id else [""] * len(frame)
        parents = [outline.senders[code] if code >= 0 else None for code in outline.parent_sender[start:end].tolist()]
        threads = [outline.thread_labels[code] for code in outline.thread[start:end].tolist()]
        messages = list(map(Message._make, zip(
            frame[columns.message_id].tolist(), frame[columns.sender].tolist(), frame[columns.text].tolist(),
            parents, threads, sessions,
        )))
        yield frame, Chunk(messages, codes[start:end].tolist())
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
