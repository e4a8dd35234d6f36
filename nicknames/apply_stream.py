"""Apply a mapping to a CSV export of any size: an outline pass, then the text in chunks, in parallel.

Memory is bounded by the chunk size and the mapping, not by the size of the
input: the outline's few bytes per message are kept on disk (``disk_arrays``),
and the workers save their rows to files that the main process copies. The output is byte for byte what
``apply_mapping`` on the whole table writes with ``frame.to_csv``, whatever the
number of worker processes: chunks are substituted independently (substitution
is a pure function of a scope's names and a message) and written in order.
"""

from __future__ import annotations

import functools
import os
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from nicknames.apply import Duplicate
from nicknames.apply_chunk import (
    PIECE,
    ChunkResult,
    ChunkRows,
    Work,
    saved_rows,
    start_worker,
    substitute_chunk,
    write_pieces,
)
from nicknames.csv_chunks import DEFAULT_CHUNK_ROWS, iter_chunks
from nicknames.csv_file import check_encoding
from nicknames.csv_rows import copy_rows, csv_lines
from nicknames.disk_arrays import temporary_space
from nicknames.heap import return_freed_memory
from nicknames.identifiers import IdentifierRules
from nicknames.mapping import Mapping
from nicknames.outline import Outline, read_outline
from nicknames.parallel import ordered_map
from nicknames.replacement_counts import ReplacementCounts
from nicknames.resolution import Unresolved
from nicknames.scope_cache import ScopeNamesCache, scope_duplicates
from nicknames.settle import Decisions, forget_ended, new_rows, settle
from nicknames.substitute import Pseudonym
from nicknames.thread_index import ThreadIndex
from nicknames.worker_progress import Progress, counting


@dataclass
class ApplySummary:
    """What a streamed apply did: the counts of ``ApplyResult`` without holding every record."""

    messages: int
    scopes: int
    duplicates: list[Duplicate]
    unknown_participants: list[str]
    replacements: ReplacementCounts = field(default_factory=ReplacementCounts)
    recomputed: int = 0
    """Messages substituted again in order because an earlier chunk decided a shared name they use."""

    def message_count(self) -> int:
        """Messages read."""
        return self.messages

    def replacement_count(self) -> int:
        """Names and identifiers replaced."""
        return self.replacements.replaced

    def changed_messages(self) -> int:
        """How many messages had at least one name replaced."""
        return self.replacements.changed

    def review_count(self) -> int:
        """Mentions of shared names that no context decided."""
        return self.replacements.review

    def identifier_kinds(self) -> Counter[str]:
        """Identifiers replaced per kind."""
        return self.replacements.kinds

    def shared_rules(self) -> Counter[str]:
        """Mentions of shared names per deciding rule."""
        return self.replacements.rules

    def counts(self) -> list[tuple[str, str, int]]:
        """Replacements per (participant, name), most first (as ``ApplyResult.counts``)."""
        tally = self.replacements.tally
        return sorted(((p, n, c) for (p, n), c in tally.items()), key=lambda row: (-row[2], row[0], row[1]))


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

    ``outline`` is the file's ``read_outline`` when the caller has it already;
    its chunks are the chunks of the work (``chunk_rows`` rows when it is read here).
    """
    outline = outline if outline is not None else read_outline(path, chosen, encoding, chunk_rows)
    codes, labels = outline.scope(scope)
    # The per-message work first, its temporary arrays let go before the names of every scope are compiled.
    threads = ThreadIndex.build(outline, codes)
    active = outline.active(codes, len(labels))
    return_freed_memory()
    senders = set(outline.senders)
    cache = ScopeNamesCache(mapping)
    summary = ApplySummary(len(outline), len(labels), scope_duplicates(cache, codes, labels, active),
                           [p for p in mapping.participants if p not in senders])
    if progress is not None:
        progress.start(len(outline))
    write_rows(output, csv_lines([outline.header]))
    decided: Decisions = {}
    first = 0
    with temporary_space():
        rows_folder = tempfile.TemporaryDirectory(prefix="nicknames-rows-")  # made for this user only
    with rows_folder as folder, counting(progress, jobs) as done:
        work = Work(path, check_encoding(encoding), outline, codes, cache, active, threads, pseudonym, identifiers,
                    unresolved, Path(folder))
        work.forget_pages()
        return_freed_memory()
        for result in ordered_map(substitute_chunk, _chunks(work, chunk_rows), jobs, start_worker, (work, done)):
            texts = _settle_chunk(work, first, result, decided, summary)
            _write_chunk(output, result, texts, work.text_column)
            summary.replacements.add(result.counts)
            first += result.rows
    return summary


def _settle_chunk(work: Work, first: int, result: ChunkResult, decided: Decisions,
                  summary: ApplySummary) -> dict[int, str]:
    """Give a chunk the shared-name decisions of the chunks before it, and note its own for the chunks after:
    the new texts of the messages they change, by index in the chunk."""
    texts: dict[int, str] = {}
    if result.pending:
        texts = settle(work, first, result, decided)
        summary.recomputed += len(texts)
    decided.update(result.decided)
    forget_ended(decided, first + result.rows - 1)
    work.forget_pages()
    return texts


def _write_chunk(output: IO[str], result: ChunkResult, texts: dict[int, str], text_column: int) -> None:
    """Copy a chunk's saved rows to the output, those of the messages in ``texts`` with their new texts."""
    with saved_rows(result.file) as saved:
        copy_rows(saved, functools.partial(write_rows, output), result.ends, new_rows(result, texts, text_column),
                  PIECE)
    os.unlink(result.file)


def write_rows(output: IO[str], rows: str) -> None:
    """Write CSV rows (the one place apply writes them, where the interrupt tests stop it)."""
    write_pieces(output, rows)


def _chunks(work: Work, rows: int) -> Iterator[ChunkRows]:
    """The chunks for the workers: byte ranges of the file, or for a file not cut into ranges, the rows."""
    if work.outline.slices is not None:
        yield from (ChunkRows(piece.first, piece) for piece in work.outline.slices)
        return
    first = 0
    for frame in iter_chunks(work.path, work.encoding, None, rows):
        yield ChunkRows(first, columns=[frame[label].tolist() for label in frame.columns])
        first += len(frame)
