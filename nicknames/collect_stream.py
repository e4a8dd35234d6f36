"""``collect`` on a CSV export of any size: an outline pass, then the texts chunk by chunk.

The outline (``nicknames.outline``) gives every message's sender, parent's
sender and thread without holding any text; the texts are then read a chunk
of rows at a time and fed to the same per-message pass (``Scan``) that
``collect`` runs over a whole table, one pass a chunk. The passes' records
are absorbed in file order into a pass over the whole file that writes what
grows with the messages (greetings, counts per thread) to temporary files
(``Scan.on_disk``), which leaves every count and order as one pass would: the
mapping is the same as ``collect`` on the whole table, and memory is bounded
by the chunk size and by the participants and words, not by the length of the
file. With ``jobs`` > 1 the chunks are scanned in worker processes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from collections.abc import Mapping as MappingType
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from nicknames.collect import CollectPlan, CollectResult, finish_collect, plan_collect
from nicknames.csv_chunks import DEFAULT_CHUNK_ROWS, iter_chunks
from nicknames.csv_file import check_encoding
from nicknames.csv_slices import RowSlice, read_slice_batches
from nicknames.discover.thread_counts import Members, NumberedThreads
from nicknames.discover.token_index import BATCH
from nicknames.heap import return_freed_memory
from nicknames.labels import LabelsAt
from nicknames.messages import Message, split_ids
from nicknames.nickname_table import NicknameTable
from nicknames.outline import Outline, read_outline
from nicknames.pairs import STEP
from nicknames.parallel import ordered_map
from nicknames.salutations import DEFAULT_RULES, Rules
from nicknames.scan import Posts, Scan
from nicknames.worker_progress import Progress, counting

Chunk = tuple[int, RowSlice | dict[str, list[str]]]
"""The position of a chunk's first message in the file, and where its rows are: a byte range of the file
(``csv_slices``), which the worker reads itself, or for a file not cut into ranges the cells the pass reads, by
column (columns of strings pickle without Python code per row, ``Message`` tuples do not)."""


_READ_FIELDS = ("message_id", "text", "session_id", "recipients")
"""The fields collect reads from the file besides the outline."""


@dataclass(frozen=True)
class Source:
    """Where a worker reads the rows of a chunk given as a byte range, and what it knows of every message."""

    path: Path
    encoding: str
    outline: Outline


class CollectProgress(Progress, Protocol):
    """``Progress`` that is also told the name of a step in which no message is counted."""

    def step(self, what: str) -> None: ...


def collect_csv(
    path: Path,
    class_list: dict[str, str] | None = None,
    rules: Rules = DEFAULT_RULES,
    nicknames: NicknameTable | None = None,
    discover: bool = True,
    *,
    chosen: MappingType[str, str] | None = None,
    encoding: str | None = None,
    rows: int = DEFAULT_CHUNK_ROWS,
    jobs: int = 1,
    progress: CollectProgress | None = None,
    outline: Outline | None = None,
) -> CollectResult:
    """``collect(read_messages(path), ...)`` without holding the texts: the same mapping, in bounded memory."""
    outline = outline if outline is not None else read_outline(path, chosen, encoding, rows)
    if progress is not None:
        progress.step("preparing")
    addressed = dict.fromkeys(outline.senders) | _recipients(path, outline, encoding, rows)
    plan = plan_collect(addressed, class_list, rules, nicknames, discover)
    if progress is not None:
        progress.start(len(outline))
    chunks = _chunks(path, outline, encoding, rows)
    source = Source(path, check_encoding(encoding), outline)
    scan = plan.scan(_thread_codes(outline), members=False, on_disk=True)
    outline.forget_pages()  # before the workers start: each reads only its own chunks' rows
    return_freed_memory()  # what reading the outline freed, which forked workers would count again
    with counting(progress, jobs) as done:
        if jobs <= 1:
            passes: Iterator[Scan] = (_scan(plan, done, source, chunk) for chunk in chunks)
        else:
            passes = ordered_map(_scan_chunk, chunks, jobs, _start_worker, (plan, done, source))
        for found in passes:
            scan.absorb(found)
            return_freed_memory()  # what unpickling or scanning the chunk freed, which would fragment the heap
    scan.write_held()
    if progress is not None:
        progress.step("suggesting names")
    index = scan.index
    index.participation = Members.of_posts(index.codes, outline.thread, outline.sender, outline.parent_sender,
                                           outline.senders)
    posts = Posts(outline.thread, index.codes, outline.sender, outline.senders)
    outline.forget_pages()  # each read through once (Posts keeps the senders it needs in thread order)
    return_freed_memory()
    return finish_collect(scan, plan, outline.senders, posts)


def _thread_codes(outline: Outline) -> NumberedThreads:
    """The outline's threads as the codes of the pass, each with the session of its first message."""
    count = len(outline.thread_labels)
    if outline.session is None:
        return NumberedThreads(count, LabelsAt(np.zeros(count, dtype=np.int8), [""]))
    return NumberedThreads(count, LabelsAt(_first_sessions(outline.thread, outline.session, count),
                                           outline.session_labels))


def _first_sessions(thread: np.ndarray, session: np.ndarray, threads: int) -> np.ndarray:
    """The session code of the first message of each thread, read a step of messages at a time (``pairs.STEP``)."""
    found = np.zeros(threads, dtype=session.dtype)
    seen = np.zeros(threads, dtype=bool)
    for start in range(0, len(thread), STEP):
        codes, first = np.unique(thread[start : start + STEP], return_index=True)
        new = ~seen[codes]
        found[codes[new]] = session[start : start + STEP][first[new]]
        seen[codes] = True
    return found


def _chunks(path: Path, outline: Outline, encoding: str | None, rows: int) -> Iterator[Chunk]:
    """The chunks: the outline's byte ranges, or for a file not cut into ranges, the cells the pass reads."""
    if outline.slices is not None:
        yield from ((piece.first, piece) for piece in outline.slices)
        return
    offset = 0
    for chunk in iter_chunks(path, encoding, outline.columns.of(*_READ_FIELDS), rows):
        yield offset, {label: chunk[label].tolist() for label in chunk.columns}
        offset += len(chunk)


def _batches(source: Source, chunk: Chunk) -> Iterator[tuple[int, list[Message]]]:
    """A chunk's messages a batch of the index at a time, each batch with the position of its first message."""
    position = chunk[0]
    for cells in _cells(source, chunk[1]):
        messages = source.outline.messages(cells, position)
        yield position, messages
        position += len(messages)


def _cells(source: Source, rows: RowSlice | dict[str, list[str]]) -> Iterator[dict[str, list[str]]]:
    """The cells of a chunk's rows by column, ``BATCH`` rows at a time. A byte range of the file is read and parsed
    a batch at a time too, so that a worker never holds the texts of a whole chunk, nor its bytes."""
    if isinstance(rows, RowSlice):
        outline = source.outline
        for frame in read_slice_batches(source.path, source.encoding, outline.header, rows, BATCH,
                                        outline.columns.of(*_READ_FIELDS)):
            yield {label: frame[label].tolist() for label in frame.columns}
        return
    count = len(next(iter(rows.values()), []))
    for start in range(0, count, BATCH):
        yield {label: cells[start : start + BATCH] for label, cells in rows.items()}


def _recipients(path: Path, outline: Outline, encoding: str | None, rows: int) -> dict[str, None]:
    """Every participant a message was sent to, from one pass over the recipients column (when there is one)."""
    column = outline.columns.recipients
    found: dict[str, None] = {}
    if column is None:
        return found
    for chunk in iter_chunks(path, encoding, [column], rows):
        for cell in chunk[column].tolist():
            found.update(dict.fromkeys(split_ids(cell)))
    return found


_worker: tuple[CollectPlan, Callable[[int], None], Source] | None = None
"""What ``_scan_chunk`` works with in this process: the plan, whom it tells how far it is, where it reads."""


def _start_worker(plan: CollectPlan, scanned: Callable[[int], None], source: Source) -> None:
    global _worker
    _worker = plan, scanned, source


def _scan_chunk(chunk: Chunk) -> Scan:
    """``_scan`` in a worker process, which then gives back the heap the chunk freed: otherwise fragmented chunk
    after chunk, it would add a few MB to the worker's peak over a long file."""
    assert _worker is not None, "_start_worker was not called"
    found = _scan(*_worker, chunk)
    return_freed_memory()
    return found


def _scan(plan: CollectPlan, scanned: Callable[[int], None], source: Source, chunk: Chunk) -> Scan:
    """One chunk scanned on its own, a batch of the index at a time: its records, for ``Scan.absorb`` (which writes
    them to disk in the pass over the whole file, whether the chunks are scanned by workers or one after the
    other)."""
    outline = source.outline
    scan = plan.scan(NumberedThreads(len(outline.thread_labels)), members=False)
    for first, messages in _batches(source, chunk):
        scan.add_all(first, messages, outline.thread[first : first + len(messages)].tolist())
        scanned(len(messages))
    # The outline's pages of the chunk's rows, which would add up, chunk after chunk, to half its arrays in each worker.
    outline.forget_pages()
    return scan.findings()
