"""One chunk of a streamed apply, done in a worker: read its rows, substitute, save them as CSV.

The main process sends only where the chunk's rows are in the file
(``csv_slices.RowSlice``); the worker reads and parses those bytes itself and
saves the new rows in a private temporary folder, so the main process only
hands out chunks and copies their rows to the output in order. A file that
cannot be cut into byte ranges is read by the main process, which then sends
the rows themselves.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import numpy as np

from nicknames.csv_rows import rows_csv
from nicknames.csv_slices import RowSlice, read_slice
from nicknames.disk_arrays import forget_pages, temporary_space
from nicknames.identifiers import IdentifierRules
from nicknames.messages import Message
from nicknames.outline import Outline
from nicknames.resolution import Unresolved
from nicknames.scope_cache import ScopeNamesCache
from nicknames.replacement_counts import ReplacementCounts
from nicknames.substitute import Mention, Pseudonym, ScopeNames, substitute_mentions
from nicknames.thread_index import OutlineContext, ThreadIndex
from nicknames.worker_progress import PROGRESS_STEP

Columns = list[list[str]]
"""A chunk's cells, column by column in file order."""


@dataclass(frozen=True)
class ChunkRows:
    """Where a chunk's rows are: a byte range of the file, or (for a file not cut into ranges) the rows."""

    first: int
    """Index of the chunk's first row."""
    piece: RowSlice | None = None
    columns: Columns | None = None


@dataclass(frozen=True)
class Pending:
    """A message whose text depends on firm decisions of earlier chunks, if they made any."""

    scope: int
    asked: frozenset[tuple[str, str]]
    """(thread, name) keys looked up before the chunk had decided them."""
    mentions: list[Mention]
    """What the message became without earlier chunks' decisions."""
    message: Message
    cells: list[str]
    """The message's row, to write it again if its text changes."""


@dataclass
class ChunkResult:
    """Where a chunk's new rows are saved, the counts of what was replaced, and the shared-name state it leaves."""

    rows: int = 0
    file: str = ""
    """Where the worker saved the chunk's rows with the new texts, as CSV (in ``Work.folder``)."""
    ends: list[int] = field(default_factory=list)
    """Where each row ends in that file, in characters."""
    counts: ReplacementCounts = field(default_factory=ReplacementCounts)
    """What the chunk replaced, but for the ``pending`` messages."""
    decided: dict[tuple[int, str, str], tuple[str, int]] = field(default_factory=dict)
    """(scope, thread, name) → participant of the chunk's last firm decision (``resolution.FIRM``), and the
    thread's last row in the scope (after it the decision is forgotten)."""
    made: list[tuple[int, int, str, str, str]] = field(default_factory=list)
    """(message index, scope, thread, name, participant) of each firm decision, in order."""
    pending: dict[int, Pending] = field(default_factory=dict)
    """Messages that looked up a shared-name decision the chunk had not made: not counted yet."""


@dataclass(frozen=True)
class Work:
    """What every worker needs, set once per process (inherited, not sent, where processes fork)."""

    path: Path
    encoding: str
    outline: Outline
    scopes: np.ndarray
    """Each row's scope code."""
    cache: ScopeNamesCache
    active: list[frozenset[str]]
    threads: ThreadIndex
    pseudonym: Pseudonym
    identifiers: IdentifierRules | None
    unresolved: Unresolved
    folder: Path
    """A private temporary folder where workers save each chunk's rows for the main process to copy (rather than
    send them: a chunk's rows are several MB, and each result waiting in the main process would hold them)."""

    @property
    def text_column(self) -> int:
        """Position of the text column in a row."""
        return self.outline.header.index(self.outline.columns.text)

    def forget_pages(self) -> None:
        """Let this process's copies of the per-message arrays go: a chunk's thread lookups read pages from
        anywhere in the file, and kept, they would add up to every page of a long file (``disk_arrays``)."""
        self.outline.forget_pages()
        self.threads.forget_pages()
        forget_pages(self.scopes)


_worker: tuple[Work, Callable[[int], None]] | None = None
"""What ``substitute_chunk`` works with in this process, and whom it tells how many messages it has done."""


def start_worker(work: Work, done: Callable[[int], None]) -> None:
    """Set what ``substitute_chunk`` works with in this process, and whom it tells how far it is."""
    global _worker
    _worker = work, done


def substitute_chunk(chunk: ChunkRows) -> ChunkResult:
    """Substitute every message of a chunk with its own scope's names and thread context.

    Firm decisions depend only on their own message, so a chunk makes the same
    ones whatever came before; a message that looked up a decision the chunk
    had not made is left ``pending`` for ``settle``, which knows the earlier chunks.
    """
    assert _worker is not None, "start_worker was not called"
    (work, done), result = _worker, ChunkResult()
    columns = _read_columns(work, chunk.piece) if chunk.piece is not None else chunk.columns
    assert columns is not None, "a chunk has a byte range or its rows"
    messages = work.outline.messages(dict(zip(work.outline.header, columns)), chunk.first)
    result.rows = len(messages)
    texts = _substitute_messages(work, chunk.first, messages, columns, result, done)
    for index, scope, thread, name, who in result.made:
        result.decided[(scope, thread, name)] = (who, work.threads.last_row(chunk.first + index))
    columns = list(columns)
    columns[work.text_column] = texts
    rows, result.ends = rows_csv(columns)
    result.file = str(work.folder / f"{chunk.first}.csv")
    save_rows(result.file, rows)
    work.forget_pages()
    return result


PIECE = 2**20
"""Characters written or read at a time: a stream encodes what it is given at once, and a chunk's rows are several MB
(an encoded copy of them all would add to the process's peak)."""


def save_rows(path: str, rows: str) -> None:
    """Save a chunk's rows for the main process, in a file only this user may read."""
    with temporary_space(), saved_rows(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as stream:
        write_pieces(stream, rows)


def write_pieces(stream: IO[str], text: str) -> None:
    """Write a text ``PIECE`` characters at a time."""
    for start in range(0, len(text), PIECE):
        stream.write(text[start : start + PIECE])


def saved_rows(file: str | int, mode: str = "r") -> IO[str]:
    """Saved rows opened to read or write: every string, lone surrogates included, comes back as it was."""
    return open(file, mode, encoding="utf-8", errors="surrogatepass", newline="")


def _substitute_messages(
    work: Work, first: int, messages: list[Message], columns: Columns, result: ChunkResult,
    done: Callable[[int], None],
) -> list[str]:
    """The chunk's new texts; each message's mentions counted in ``result``, or the message held back as pending."""
    scopes = work.scopes[first : first + len(messages)].tolist()
    row_of = {message.id: row for row, message in enumerate(messages, start=first)}
    in_scope: dict[int, tuple[ScopeNames, OutlineContext]] = {}
    pseudonym, identifiers, unresolved, count = work.pseudonym, work.identifiers, work.unresolved, result.counts.count
    texts: list[str] = []
    for index, (message, scope) in enumerate(zip(messages, scopes)):
        known = in_scope.get(scope)
        if known is None:
            known = in_scope[scope] = work.cache.get(work.active[scope]), OutlineContext(work.threads, row_of, {})
        names, context = known
        text, mentions = substitute_mentions(message, names, pseudonym, identifiers=identifiers, context=context,
                                             unresolved=unresolved)
        texts.append(text)
        decided = context.decided()
        if decided.made:
            result.made.extend((index, scope, thread, name, who) for (thread, name), who in decided.made)
            decided.made.clear()
        if decided.asked:
            cells = [column[index] for column in columns]
            result.pending[index] = Pending(scope, frozenset(decided.asked), mentions, message, cells)
            decided.asked.clear()
        else:
            count(mentions)
        if index % PROGRESS_STEP == PROGRESS_STEP - 1:
            done(PROGRESS_STEP)
    done(len(messages) % PROGRESS_STEP)
    return texts


def substitute(work: Work, message: Message, scope: int, context: OutlineContext) -> tuple[str, list[Mention]]:
    """One message's new text and mentions, with its scope's names and its thread's context."""
    return substitute_mentions(
        message, work.cache.get(work.active[scope]), work.pseudonym, identifiers=work.identifiers,
        context=context, unresolved=work.unresolved,
    )


def _read_columns(work: Work, piece: RowSlice) -> Columns:
    """The cells of a byte range of the file, column by column."""
    frame = read_slice(work.path, work.encoding, work.outline.header, piece)
    return [frame[label].tolist() for label in frame.columns]
