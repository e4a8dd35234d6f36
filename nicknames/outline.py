"""The first, cheap pass over a large export: who sent each message, to whom it replies, and its scopes.

The file is read a chunk at a time and only the id, sender, parent, thread and
session columns are kept, as small integer codes per message (ids as 64-bit
hashes), written to temporary files as the pass goes (``disk_arrays``): the
outline of a million messages is tens of MB on disk, whatever the length of
their texts, and a process holds only the pages it reads. It derives exactly what ``messages.table_from_frame``
derives (parent senders, thread roots, the id, sender and reply-link checks)
and, from them, the participants active in each scope.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from collections.abc import Mapping as MappingType
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from nicknames.columns import Columns, resolve_columns
from nicknames.csv_chunks import DEFAULT_CHUNK_ROWS, iter_chunks, read_header, sliced_chunks
from nicknames.csv_slices import RowSlice, Unsliceable
from nicknames.disk_arrays import ArrayFile, DiskLabels, LabelsWriter, forget_pages, on_disk
from nicknames.errors import InputError
from nicknames.errors import where
from nicknames.heap import map_large_blocks, return_freed_memory
from nicknames.labels import Labels
from nicknames.messages import (
    NO_PARENT,
    SCOPES,
    Message,
    _sender_problem,
    check_unique_ids,
    empty_ids_error,
    split_ids,
)
from nicknames.pairs import STEP, member_pairs
from nicknames.replies import ReplyCheck

CODE = np.int32
"""The integer type of the per-message codes: 4 bytes a message each (2**31 messages, senders or threads)."""
_OUTLINE_FIELDS = ("message_id", "sender", "parent_id", "thread_id", "session_id")
"""The fields the outline keeps (not the text)."""
_HASH_KEYS = ("0123456789123456", "6543219876543210")
"""Keys for hashing ids and thread labels; the second tells apart two thread labels whose first hashes are equal."""


class Codes(Labels[str]):
    """Strings seen chunk by chunk, as dense integer codes in order of first appearance."""

    __slots__ = ()

    def encode(self, values: pd.Series) -> np.ndarray:
        """The codes of a chunk's values, adding new labels as they appear."""
        local, uniques = pd.factorize(values.to_numpy(dtype=object))
        to_global = np.fromiter((self.code(str(label)) for label in uniques), dtype=CODE, count=len(uniques))
        return to_global[local] if len(local) else np.zeros(0, dtype=CODE)


class HashedCodes:
    """``Codes`` for strings too many to keep (the threads of a large export): each is known by two 64-bit hashes
    and written to a temporary file when first seen (``disk_arrays.LabelsWriter``)."""

    def __init__(self) -> None:
        self.count = 0
        self._hashes = np.zeros(0, dtype=np.uint64)
        """The first hash of every label seen, sorted."""
        self._checks = np.zeros(0, dtype=np.uint64)
        """The second hash of each of those labels: two labels with equal first hashes are told apart by it."""
        self._codes = np.zeros(0, dtype=CODE)
        """The code of each of those labels."""
        self._labels = LabelsWriter()

    def encode(self, values: pd.Series) -> np.ndarray:
        """The codes of a chunk's values, adding new labels as they appear."""
        hashes, checks = _hash(values), _hash(values, _HASH_KEYS[1])
        unique, first, inverse = np.unique(hashes, return_index=True, return_inverse=True)
        at = np.minimum(np.searchsorted(self._hashes, unique), max(len(self._hashes) - 1, 0))
        known = self._hashes[at] == unique if len(self._hashes) else np.zeros(len(unique), dtype=bool)
        if not np.array_equal(checks, checks[first][inverse]) or np.any(self._checks[at[known]] != checks[first[known]]):
            raise InputError("Two thread ids have the same 64-bit hash; please report this.")  # pragma: no cover
        new = np.flatnonzero(~known)
        new = new[np.argsort(first[new], kind="stable")]  # in order of first appearance
        codes = np.empty(len(unique), dtype=CODE)
        codes[known] = self._codes[at[known]]
        codes[new] = np.arange(self.count, self.count + len(new), dtype=CODE)
        self.count += len(new)
        self._labels.extend(values.to_numpy(dtype=object)[first[new]].tolist())
        # The new hashes go in at their places (``unique`` is sorted): each array is copied once, with no sort.
        added = np.sort(new)
        at = np.searchsorted(self._hashes, unique[added])
        self._hashes = np.insert(self._hashes, at, unique[added])
        self._checks = np.insert(self._checks, at, checks[first[added]])
        self._codes = np.insert(self._codes, at, codes[added])
        return codes[inverse]

    def labels(self) -> DiskLabels:
        """Every label, in order of code."""
        return self._labels.finish()


@dataclass
class Outline:
    """Per message: sender, parent's sender, thread and session, as codes; see the module docstring."""

    source: str
    columns: Columns
    senders: list[str]
    sender: np.ndarray
    parent_sender: np.ndarray
    """Code of the parent message's sender, -1 when the parent is unknown."""
    thread: np.ndarray
    thread_labels: Sequence[str]
    session: np.ndarray | None
    session_labels: list[str]
    replies: ReplyCheck = field(default_factory=ReplyCheck)
    """Missing parents and reply loops, as ``MessageTable.replies``."""
    header: list[str] = field(default_factory=list)
    slices: list[RowSlice] | None = None
    """Where each chunk's rows are in the file, when it could be cut into byte ranges (``csv_slices``)."""

    def __len__(self) -> int:
        return len(self.sender)

    def reply_context(self, first: int, end: int) -> tuple[list[str], list[str | None], list[str]]:
        """Sender, parent's sender and thread of rows ``first`` to ``end``, as ``Message`` holds them.

        The strings are the outline's own, shared by every message that has them
        rather than a new copy per row.
        """
        senders = self.senders
        threads, at = np.unique(self.thread[first:end], return_inverse=True)
        labels = [self.thread_labels[code] for code in threads.tolist()]
        return (
            [senders[code] for code in self.sender[first:end].tolist()],
            [senders[code] if code >= 0 else None for code in self.parent_sender[first:end].tolist()],
            [labels[index] for index in at.tolist()],
        )

    def forget_pages(self) -> None:
        """Let this process's copies of the per-message arrays go (``disk_arrays.forget_pages``)."""
        forget_pages(self.sender, self.parent_sender, self.thread, self.session)

    def messages(self, cell: MappingType[str, list[str]], first: int) -> list[Message]:
        """The messages of the rows from ``first`` on, given as column name → cells, with this outline's
        senders, parents' senders and threads (the id and text columns are needed, session and recipients used)."""
        fields = self.columns
        count = len(cell[fields.message_id])
        sessions = cell[fields.session_id] if fields.session_id else [""] * count
        recipients = list(map(split_ids, cell[fields.recipients])) if fields.recipients else [()] * count
        senders, parents, threads = self.reply_context(first, first + count)
        return list(map(Message._make, zip(
            cell[fields.message_id], senders, cell[fields.text], parents, threads, sessions, recipients,
        )))

    def scope(self, scope: str) -> tuple[np.ndarray, Sequence[str]]:
        """Each message's scope code and the label of each scope (as ``MessageTable.scope_keys``)."""
        if scope == "all":
            return np.zeros(len(self), dtype=CODE), [""]
        if scope == "session":
            if self.session is None:
                raise InputError(
                    f"{self.source}: --scope session needs a session column and none was found; "
                    "name it with --session-id-column or use --scope thread or all."
                )
            return self.session, self.session_labels
        if scope == "thread":
            return self.thread, self.thread_labels
        raise InputError(f"Unknown scope {scope!r}; choose one of {', '.join(SCOPES)}.")

    def active(self, codes: np.ndarray, scopes: int) -> list[frozenset[str]]:
        """The participants active in each scope: its senders and the senders they reply to."""
        count = len(self.senders)
        pairs = member_pairs(codes, self.sender, self.parent_sender, count)
        active: list[set[str]] = [set() for _ in range(scopes)]
        senders = self.senders
        for scope, participant in zip((pairs // count).tolist(), (pairs % count).tolist()):
            active[scope].add(senders[participant])
        return [frozenset(members) for members in active]


def read_outline(
    path: Path,
    chosen: MappingType[str, str] | None = None,
    encoding: str | None = None,
    rows: int = DEFAULT_CHUNK_ROWS,
) -> Outline:
    """The outline of a CSV export, reading only its id, sender, parent, thread and session columns.

    The rows are read in byte ranges of ``rows`` rows where the file allows
    (``csv_slices``), kept in ``Outline.slices`` so that later passes can read
    any chunk on its own; else in order, as ``iter_chunks`` reads them.
    """
    map_large_blocks()  # every streamed run starts with its outline: see ``heap``
    header = read_header(path, encoding)
    columns = resolve_columns(header, chosen or {}, str(path))
    pieces: list[RowSlice] = []
    slices: list[RowSlice] | None = pieces
    try:
        chunks = sliced_chunks(path, encoding, header, rows, columns.of(*_OUTLINE_FIELDS))
        parts = _read_parts(path, columns, _noting(chunks, pieces))
    except Unsliceable:
        slices = None
        parts = _read_parts(path, columns, iter_chunks(path, encoding, None, rows))
    joined = {key: column.mapped() for key, column in parts.arrays.items() if column.appended}
    parts.empty_ids.check(str(path), columns.message_id)
    ids = _unique_ids(path, columns, encoding, joined.pop("id"))
    sender = joined["sender"]
    if columns.parent_id is not None:
        parent_row, parent_sender = _parents(ids, joined.pop("parent"), joined["none"], sender)
    else:
        parent_row = parent_sender = on_disk(np.full(len(sender), -1, dtype=CODE))
    del ids
    if columns.thread_id is not None:
        thread, thread_labels = joined["thread"], parts.threads.labels()
    else:
        thread, thread_labels = _thread_roots(path, columns, encoding, parent_row, rows, parts.parentless)
    session = joined.get("session") if columns.session_id is not None else None
    replies = ReplyCheck()
    if columns.parent_id is not None:
        missing = int(np.count_nonzero((parent_row < 0) & ~joined["none"]))
        replies = ReplyCheck(missing, _on_cycles(parent_row))
    return Outline(str(path), columns, parts.senders.labels, sender, parent_sender, thread, thread_labels,
                   session, parts.sessions.labels, replies, header, slices)


@dataclass
class _Parts:
    """What the outline pass keeps of each chunk, and the codes of the strings it has seen."""

    senders: Codes = field(default_factory=Codes)
    threads: HashedCodes = field(default_factory=HashedCodes)
    sessions: Codes = field(default_factory=Codes)
    empty_ids: EmptyIds = field(default_factory=lambda: EmptyIds())
    parentless: Parentless = field(default_factory=lambda: Parentless())
    arrays: dict[str, ArrayFile] = field(default_factory=lambda: {
        "id": ArrayFile(np.uint64), "sender": ArrayFile(CODE), "parent": ArrayFile(np.uint64), "none": ArrayFile(bool),
        "thread": ArrayFile(CODE), "session": ArrayFile(CODE)})
    """Each kept column, written chunk by chunk to a temporary file (``disk_arrays``)."""


def _read_parts(path: Path, columns: Columns, chunks: Iterator[pd.DataFrame]) -> _Parts:
    """The outline's columns of every chunk, checked as the whole table is checked."""
    parts, offset = _Parts(), 0
    arrays = parts.arrays
    # A malformed row fails here, at its row, as it does when the whole table is read: a file
    # with one is unsliceable (``csv_slices.row_slices`` checks every row) and read in order whole.
    for chunk in chunks:
        known = len(parts.senders.labels)
        arrays["id"].append(_hash(chunk[columns.message_id]))
        arrays["sender"].append(parts.senders.encode(chunk[columns.sender]))
        _check_new_senders(parts.senders.labels[known:], chunk[columns.sender], offset, str(path), columns.sender)
        parts.empty_ids.add(chunk[columns.message_id], offset)
        if columns.parent_id is not None:
            parent = chunk[columns.parent_id]
            arrays["parent"].append(_hash(parent))
            none = np.fromiter((p.strip().lower() in NO_PARENT for p in parent.tolist()), bool, len(parent))
            arrays["none"].append(none)
            if columns.thread_id is None:
                parts.parentless.add(chunk[columns.message_id], none, offset)
        offset += len(chunk)
        if columns.thread_id is not None:
            arrays["thread"].append(parts.threads.encode(chunk[columns.thread_id]))
        if columns.session_id is not None:
            arrays["session"].append(parts.sessions.encode(chunk[columns.session_id]))
        # Each chunk's cells are freed in pieces below ``heap.LARGE_BLOCK``: given back, so that they do not leave
        # the heap fragmented by the length of the file (some 7 MB at a million messages).
        return_freed_memory()
    return parts


def _noting(chunks: Iterator[tuple[pd.DataFrame, RowSlice]], slices: list[RowSlice]) -> Iterator[pd.DataFrame]:
    """The chunks, noting the byte range of each."""
    for chunk, piece in chunks:
        slices.append(piece)
        yield chunk


@dataclass
class EmptyIds:
    """Rows without a message id, counted chunk by chunk (``messages._check_senders``)."""

    first: int = -1
    count: int = 0

    def add(self, ids: pd.Series, offset: int) -> None:
        """Count the empty ids of one chunk."""
        empty = (ids.str.strip() == "").to_numpy()
        if empty.any():
            if self.first < 0:
                self.first = offset + int(empty.argmax())
            self.count += int(empty.sum())

    def check(self, source: str, column: str) -> None:
        """Raise the error of ``messages._check_senders`` when some message has no id."""
        if self.count:
            raise empty_ids_error(source, column, self.first, self.count)


@dataclass
class Parentless:
    """The ids of the messages without a parent, noted chunk by chunk: the labels of most threads.

    Without a thread column a thread is named by its first message's id; that
    message has no parent but where its parent is missing from the file or the
    replies loop, so most labels are known after the first pass. They are kept
    in temporary files (``disk_arrays``): one per thread.
    """

    rows: ArrayFile = field(default_factory=lambda: ArrayFile(np.int64))
    ids: LabelsWriter = field(default_factory=LabelsWriter)
    _written: tuple[np.ndarray, DiskLabels] | None = None

    def add(self, ids: pd.Series, none: np.ndarray, offset: int) -> None:
        """Note the ids of one chunk's messages that have no parent."""
        where = np.flatnonzero(none)
        self.rows.append(where + offset)
        self.ids.extend(ids.to_numpy(dtype=object)[where].tolist())

    def ids_at(self, wanted: np.ndarray) -> list[str | None]:
        """The id at each wanted row, None where that message has a parent."""
        at, found = self._find(wanted)
        ids = iter(self._noted()[1].take(at[found]))
        return [next(ids) if known else None for known in found.tolist()]

    def noted(self, wanted: np.ndarray) -> np.ndarray:
        """Whether the message at each wanted row has no parent (and so its id is noted)."""
        return self._find(wanted)[1]

    def _find(self, wanted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where each wanted row is among the noted rows, and whether it is there."""
        rows = self._noted()[0]
        if not len(rows):
            return np.zeros(len(wanted), dtype=np.int64), np.zeros(len(wanted), dtype=bool)
        at = np.minimum(np.searchsorted(rows, wanted), len(rows) - 1)
        return at, rows[at] == wanted

    def _noted(self) -> tuple[np.ndarray, DiskLabels]:
        if self._written is None:
            self._written = self.rows.mapped(), self.ids.finish()
        return self._written


def _check_new_senders(new: list[str], senders: pd.Series, offset: int, source: str, column: str) -> None:
    """The sender check of ``messages._check_senders`` for senders first seen in this chunk."""
    for sender in new:
        problem = _sender_problem(sender)
        if problem is not None:
            position = offset + int((senders == sender).to_numpy().argmax())
            raise InputError(
                f"{where(source, row=position, column=repr(column))}: {problem}; "
                "every message needs a sender id without spaces around it, not starting with '#' or '@' "
                "and without '|': fix that cell in the export (or drop the row)."
            )


def _on_cycles(parent_row: np.ndarray) -> int:
    """How many messages are their own ancestors (``replies._on_cycles`` on row numbers)."""
    parent_of = np.ascontiguousarray(parent_row, dtype=np.int64).data  # as in _thread_roots
    state = bytearray(len(parent_of))  # 1 = on the chain being walked, 2 = done
    looped = 0
    for start in range(len(parent_of)):
        chain: list[int] = []
        current = start
        while current >= 0 and state[current] == 0:
            state[current] = 1
            chain.append(current)
            current = parent_of[current]
        if current >= 0 and state[current] == 1:
            looped += len(chain) - chain.index(current)
        for node in chain:
            state[node] = 2
    return looped


def _hash(values: pd.Series, key: str = _HASH_KEYS[0]) -> np.ndarray:
    hashes: np.ndarray = pd.util.hash_array(values.to_numpy(dtype=object), hash_key=key, categorize=False)
    return hashes


class SortedIds(NamedTuple):
    """The id hashes in increasing order, and the row of each."""

    hashes: np.ndarray
    rows: np.ndarray


def _unique_ids(path: Path, columns: Columns, encoding: str | None, hashes: np.ndarray) -> SortedIds:
    """The id hashes sorted, after checking (on the real ids when two hashes are equal) that ids are unique.

    Sorted rather than in a hash table: two arrays of 12 bytes a message, where a table takes three times that."""
    rows = np.argsort(hashes, kind="stable").astype(CODE)
    ordered = hashes[rows]
    forget_pages(hashes)
    if not np.any(ordered[1:] == ordered[:-1]):
        return SortedIds(ordered, rows)
    ids = pd.concat(iter_chunks(path, encoding, [columns.message_id]), ignore_index=True)[columns.message_id]
    check_unique_ids(ids, str(path), columns.message_id)
    raise InputError(  # pragma: no cover - two distinct ids with equal 64-bit hashes under both keys
        f"{path}: two message ids have the same hash; please report this."
    )


def _parents(ids: SortedIds, parent: np.ndarray, none: np.ndarray, sender: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row and sender of each message's parent, -1 when it has none or it is not in the file, on disk."""
    rows, senders = ArrayFile(CODE), ArrayFile(CODE)
    last = len(ids.hashes) - 1  # as many ids as parents: none is looked up when there are none
    for start in range(0, len(parent), STEP):
        wanted = parent[start : start + STEP]
        at = np.minimum(np.searchsorted(ids.hashes, wanted), last)
        found = ~none[start : start + STEP] & (ids.hashes[at] == wanted)
        row = np.where(found, ids.rows[at], -1)
        rows.append(row)
        senders.append(np.where(found, sender[row], -1))
    forget_pages(parent, none, sender)
    return rows.mapped(), senders.mapped()


def _thread_roots(
    path: Path, columns: Columns, encoding: str | None, parent_row: np.ndarray, rows: int, parentless: Parentless
) -> tuple[np.ndarray, DiskLabels]:
    """Each message's thread as the id of its first message (``messages._thread_roots``), as codes."""
    # Memoryviews of arrays, not lists: a list holds a Python int per message (~36 MB a million).
    parents = np.ascontiguousarray(parent_row, dtype=CODE).data
    roots_found = np.full(len(parent_row), -1, dtype=CODE)
    root_of = roots_found.data
    for start in range(len(parents)):
        path_rows: list[int] = []
        on_path: set[int] = set()
        current = start
        while root_of[current] < 0 and current not in on_path:
            path_rows.append(current)
            on_path.add(current)
            if parents[current] < 0:
                break
            current = parents[current]
        root = root_of[current] if root_of[current] >= 0 else current
        for node in path_rows:
            root_of[node] = root
    root_of.release()
    codes, roots = pd.factorize(roots_found)
    del roots_found
    unknown = np.flatnonzero(~parentless.noted(roots))
    # Roots whose parent is missing or that start a loop: one more pass over the ids.
    more = dict(zip(unknown.tolist(), _ids_at(path, columns, encoding, roots[unknown], rows))) if len(unknown) else {}
    labels = LabelsWriter()
    for start in range(0, len(roots), STEP):
        found = parentless.ids_at(roots[start : start + STEP])
        labels.extend(more[index] if label is None else label for index, label in enumerate(found, start=start))
    return on_disk(codes.astype(CODE)), labels.finish()


def _ids_at(path: Path, columns: Columns, encoding: str | None, wanted: np.ndarray, rows: int) -> list[str]:
    """The message ids at the given rows, in the order given, from one more pass over the id column."""
    position = {int(row): index for index, row in enumerate(wanted)}
    labels = [""] * len(wanted)
    offset = 0
    for chunk in iter_chunks(path, encoding, [columns.message_id], rows):
        for row, value in enumerate(chunk[columns.message_id].tolist(), start=offset):
            index = position.get(row)
            if index is not None:
                labels[index] = value
        offset += len(chunk)
    return labels
