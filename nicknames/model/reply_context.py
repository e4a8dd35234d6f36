"""Each message's parent's sender and thread, derived as columns: a join for the parents, pointer doubling for roots.

A million messages' reply links as Python lists and dictionaries take
hundreds of megabytes; as polars and numpy columns they take a few bytes a
message. The rules are those of the links as the user wrote them: a parent
id that means "none" (``NO_PARENT``) starts a thread, ids are compared as
``id_key`` gives them (``1.0`` is ``1``; when two messages share a key, the
later one is the one its replies point to; a parent id with a type prefix the
ids lack, Reddit's ``t1_k1a``, names the id after it: ``unprefixed``), a
parent that is not in the file makes its reply the first message of a thread,
and a loop of links takes its thread's name from the message where the walk
from the loop's first message in file order closes it (walked in Python: loops
are rare, and their count is reported).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nicknames.model.replies import ReplyCheck, check_replies

if TYPE_CHECKING:  # polars and numpy load when a table is read, not for --help
    import numpy as np
    import numpy.typing as npt
    import pandas as pd
    import polars as pl
    import pyarrow as pa

NO_PARENT = frozenset({"", "0", "-1", "none", "null", "nan"})
"""Parent id values that mean "this message starts a thread"."""

_WHOLE_FLOAT = re.compile(r"^\s*(-?\d+)\.0*\s*$")
_PLAIN_ID = r"^[0-9A-Za-z]([^.]*[0-9A-Za-z])?$"
"""Ids that are their own key: no dot, no character at either end that ``str.strip`` could take."""


def id_key(value: str) -> str:
    """A message id as parent links are matched: ``1.0`` is ``1`` (pandas writes ids of a column with gaps so)."""
    match = _WHOLE_FLOAT.match(value)
    return match.group(1) if match else value.strip()


CHECK_ROWS = 100_000
"""Rows whose matched keys are compared at once."""


@dataclass(frozen=True)
class ReplyContext:
    """Each message's parent's sender (null: no parent in the file) and thread, in file order."""

    parent_senders: pl.Series
    threads: pl.Series
    replies: ReplyCheck
    """Missing parents and reply loops found on the way."""


def reply_context(ids: pl.Series, senders: pl.Series, parents: pl.Series | None,
                  threads: pl.Series | None) -> ReplyContext:
    """The reply context of a table's id columns (``parents``, ``threads``: None when the table has none): the
    thread is the thread column's value, or else (no column, or an empty cell) the key of the first message the
    parent links lead to; a message without a parent id answers its thread's first post (``_starters``)."""
    import numpy as np
    import polars as pl

    keys = id_keys(ids)
    if parents is None or not len(keys):
        no_parents = pl.repeat(None, len(ids), dtype=pl.String, eager=True)
        if threads is None or not len(keys):
            return ReplyContext(no_parents, keys if threads is None else threads, ReplyCheck())
        threads = _filled(threads, keys)
        return ReplyContext(_starters(keys, senders, threads, no_parents, np.ones(len(keys), dtype=bool)), threads,
                            ReplyCheck())
    links = _links(keys, unprefixed(keys, id_keys(parents)))
    linked = links.linked
    parent_senders = senders.gather(pl.Series(links.parent).set(~pl.Series(linked), None)).alias("parent_sender")
    missing = int((links.has_parent & ~linked).sum())
    roots, looped = _roots(keys, links)
    if threads is None:
        return ReplyContext(parent_senders, roots, ReplyCheck(missing, looped))
    threads = _filled(threads, roots)
    return ReplyContext(_starters(keys, senders, threads, parent_senders, ~links.has_parent), threads,
                        ReplyCheck(missing, looped))


def _filled(threads: pl.Series, roots: pl.Series) -> pl.Series:
    """The thread column, its empty cells (null, or a word of ``NO_PARENT``: edX leaves a thread's first post's
    empty) filled with the thread the parent links give (without links, the message's own id)."""
    import polars as pl

    empty = threads.is_null() | threads.str.strip_chars().str.to_lowercase().is_in(list(NO_PARENT))
    if not bool(empty.any()):
        return threads
    return pl.select(pl.when(empty).then(roots).otherwise(threads)).to_series().alias(threads.name)


def _starters(keys: pl.Series, senders: pl.Series, threads: pl.Series, parent_senders: pl.Series,
              unlinked: npt.NDArray[np.bool_]) -> pl.Series:
    """The parents' senders, and for a message without a parent id (``unlinked``) whose thread id is the id of
    another message that starts that thread (its own thread id is its own id), that message's sender: it answers
    the thread's first post (edX's comments, Slack's replies, a forum's posts under a topic post)."""
    import numpy as np

    thread_keys = id_keys(threads)
    named = _links(keys, thread_keys).parent  # the row whose id the thread id is (-1: none)
    rows = np.arange(len(keys))
    found = unlinked & (named >= 0) & (named != rows)
    if not found.any():
        return parent_senders
    starters = np.flatnonzero(found)
    starts_own = (thread_keys.gather(named[starters]) == keys.gather(named[starters])).to_numpy()
    starters = starters[starts_own]
    if not starters.size:
        return parent_senders
    return parent_senders.scatter(starters, senders.gather(named[starters])).alias(parent_senders.name)


def string_column(values: pd.Series) -> pl.Series:
    """A pandas column of string cells as a polars column (Arrow-backed cells are shared, not copied)."""
    import polars as pl

    if values.dtype == "str":
        series = pl.from_pandas(values)
        assert isinstance(series, pl.Series)
        return series.cast(pl.String)
    return pl.Series(str(values.name), values.tolist(), dtype=pl.String)


def id_keys(values: pl.Series) -> pl.Series:
    """``id_key`` of every value: polars keeps the plain ones, Python reads the few others."""
    import polars as pl

    plain = values.str.contains(_PLAIN_ID)
    if bool(plain.all()):
        return values
    others = values.filter(~plain).unique()
    keyed = pl.Series(values.name, [id_key(value) for value in others.to_list()], dtype=pl.String)
    lookup = pl.DataFrame({"value": others, "key": keyed})
    joined = values.to_frame("value").join(lookup, on="value", how="left", maintain_order="left")
    return joined["key"].fill_null(values).alias(values.name)


_TYPE_PREFIX = r"^[A-Za-z][A-Za-z0-9]{0,3}_"
"""A short prefix that tells what kind of thing an id names: Reddit's ``t1_`` (a comment), ``t3_`` (a post)."""


def unprefixed(keys: pl.Series, parents: pl.Series) -> pl.Series:
    """The parent ids, where one is written with a type prefix the ids lack (Reddit's ``t1_k1a`` for the comment
    ``k1a``), as the id it names: only when no id has such a prefix."""
    import polars as pl

    prefixed = parents.str.contains(_TYPE_PREFIX)
    if not bool(prefixed.any()) or bool(keys.str.contains(_TYPE_PREFIX).any()):
        return parents
    stripped = parents.str.replace(_TYPE_PREFIX, "")
    named = prefixed & stripped.is_in(keys.implode())  # a parent with a prefix is no id as written: they have none
    if not bool(named.any()):
        return parents
    return pl.select(pl.when(named).then(stripped).otherwise(parents)).to_series().alias(parents.name)


@dataclass(frozen=True)
class _Links:
    """The parent links by row: ``parent`` the row of each message's parent (-1: none, or not in the file; the later
    row when two share a key), ``node`` the row that stands for each message's key (the later one)."""

    parent: npt.NDArray[np.int64]
    has_parent: npt.NDArray[np.bool_]
    node: npt.NDArray[np.int64]

    @property
    def linked(self) -> npt.NDArray[np.bool_]:
        """The rows whose parent is in the file."""
        return self.parent >= 0


def _links(keys: pl.Series, parents: pl.Series) -> _Links:
    """The parent links, matched by 64-bit hashes of the keys, checked string by string (matched again by exact
    codes in the unlikely case two keys share a hash)."""
    import polars as pl
    import pyarrow.compute as pc

    has_parent = (~parents.str.to_lowercase().is_in(list(NO_PARENT))).to_numpy()
    links = _matched(keys.hash().to_numpy(), parents.hash().to_numpy(), has_parent)
    if _same_keys(keys, parents, links):
        return links
    codes = pc.dictionary_encode(pl.concat([keys, parents]).to_arrow()).indices.to_numpy()
    return _matched(codes[:len(keys)], codes[len(keys):], has_parent)


def _matched(key_codes: npt.NDArray[np.integer], parent_codes: npt.NDArray[np.integer],
             has_parent: npt.NDArray[np.bool_]) -> _Links:
    """Links from a code per key and per parent (equal codes: equal keys), by sorting the keys' codes."""
    import numpy as np

    order = np.argsort(key_codes, kind="stable")
    ordered = key_codes[order]
    last = np.append(ordered[1:] != ordered[:-1], True)  # the last row of each run of equal codes: the later row
    distinct, node_of = ordered[last], order[last]
    del order, ordered, last  # a million rows' temporaries are 8 MB each: each goes as soon as it is used
    node = node_of[np.searchsorted(distinct, key_codes)]
    spot = np.minimum(np.searchsorted(distinct, parent_codes), len(distinct) - 1)
    found = has_parent & (distinct[spot] == parent_codes)
    return _Links(np.where(found, node_of[spot], -1), has_parent, node)


def _same_keys(keys: pl.Series, parents: pl.Series, links: _Links) -> bool:
    """Whether every key and every parent was matched to a row with the same string (no two keys shared a hash),
    compared a slice of rows at a time (a copy of a million ids takes tens of megabytes)."""
    import numpy as np

    shared = np.flatnonzero(links.node != np.arange(len(keys)))  # rows whose key a later row has too
    if shared.size and not bool((keys.gather(shared) == keys.gather(links.node[shared])).all()):
        return False
    for first in range(0, len(keys), CHECK_ROWS):
        rows = np.flatnonzero(links.linked[first:first + CHECK_ROWS]) + first
        if rows.size and not bool((parents.gather(rows) == keys.gather(links.parent[rows])).all()):
            return False
    return True


def _roots(keys: pl.Series, links: _Links) -> tuple[pl.Series, int]:
    """Each message's thread root (by pointer doubling; walks that end on a loop followed in Python) and how many
    messages are on loops."""
    import numpy as np
    import polars as pl

    linked = links.linked
    step = np.where(linked, links.parent, np.arange(len(keys), dtype=np.int64))  # a first message steps to itself
    root = _far(step)[links.node]
    looping = linked[root]  # the walk never reached a message without a parent in the file: it ends on a loop
    if not looping.any():
        return keys.gather(root), 0
    rows = np.flatnonzero(looping)
    row_keys = keys.gather(rows).to_list()
    parent_of = dict(zip(row_keys, keys.gather(step[rows]).to_list()))  # the later of two rows of one key wins
    walked = pl.Series(_walked_roots(row_keys, parent_of), dtype=pl.String)
    looped = check_replies(row_keys, [parent_of[key] for key in row_keys]).in_cycles
    return keys.gather(root).scatter(rows, walked), looped


def _far(step: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Where each row's walk is after at least as many steps as there are rows: its root, or a row on a loop."""
    import numpy as np

    jump, reach = step.copy(), 1
    moving = np.flatnonzero(jump[jump] != jump)
    while moving.size and reach < len(step):
        jump[moving] = jump[jump[moving]]
        moving = moving[jump[jump[moving]] != jump[moving]]
        reach *= 2
    return jump


def _walked_roots(ids: Sequence[str], parent_of: dict[str, str]) -> list[str]:
    """Follow parent links up to where a loop closes, in file order (the messages given all lead to loops)."""
    root_of: dict[str, str] = {}
    for start in ids:
        path: list[str] = []
        on_path: set[str] = set()
        current = start
        while current not in root_of and current not in on_path:
            path.append(current)
            on_path.add(current)
            current = parent_of[current]
        root = root_of.get(current, current)
        for node in path:
            root_of[node] = root
    return [root_of[message_id] for message_id in ids]


def compact(values: pl.Series) -> list[Any]:
    """The values as a list with one string object per distinct value.

    A million messages' reply context holds a few thousand senders and a
    thread id per thread: a string object per message would take 50 bytes
    each.
    """
    return _shared(values.to_arrow())


def shared_cells(column: pd.Series) -> list[Any]:
    """A column of string cells as ``tolist`` gives it, one string object per distinct value: a million messages'
    senders or sessions as a string each took 60 MB of the driver's memory, as shared ones 8 MB. A column with
    missing cells or other values than strings is given as ``tolist`` gives it."""
    import pyarrow as pa

    try:
        values = pa.array(column, from_pandas=True)
    except (pa.ArrowException, TypeError, ValueError):
        return list(column.tolist())
    if values.null_count or not (pa.types.is_string(values.type) or pa.types.is_large_string(values.type)):
        return list(column.tolist())
    return _shared(values)


def _shared(values: pa.Array | pa.ChunkedArray) -> list[Any]:
    """The values as a list with one object per distinct value, taken by numpy (no Python integer per value)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    encoded = pc.dictionary_encode(values.cast(pa.large_string()), null_encoding="encode")
    if isinstance(encoded, pa.ChunkedArray):
        encoded = encoded.combine_chunks()
    distinct = np.empty(len(encoded.dictionary), dtype=object)
    distinct[:] = encoded.dictionary.to_pylist()
    taken: list[Any] = distinct[encoded.indices.to_numpy(zero_copy_only=False)].tolist()
    return taken
