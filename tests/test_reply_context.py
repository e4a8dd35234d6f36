"""The reply context as columns: the same parents' senders, threads and loop counts as following each link in turn."""

from __future__ import annotations

import re

import pandas as pd
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.model import reply_context
from nicknames.model.replies import ReplyCheck, check_replies
from nicknames.model.reply_context import NO_PARENT, compact, id_key, id_keys

Context = tuple[list[str | None], list[str], ReplyCheck]


def walked(ids: list[str], parents: list[str], senders: list[str]) -> Context:
    """The rule as a walk along each message's links, in file order (the definition the columns must meet)."""
    keys = [id_key(value) for value in ids]
    links = [None if (key := id_key(value)).lower() in NO_PARENT else _unprefixed(key, keys) for value in parents]
    parent_of = dict(zip(keys, links))
    sender_of = dict(zip(keys, senders))
    root_of: dict[str, str] = {}
    for start in keys:
        path: list[str] = []
        current = start
        while current not in root_of and current not in path:
            path.append(current)
            parent = parent_of.get(current)
            if parent is None or parent not in parent_of:
                break
            current = parent
        root = root_of.get(current, current)
        root_of.update(dict.fromkeys(path, root))
    parent_senders = [sender_of.get(link) if link else None for link in links]
    return parent_senders, [root_of[key] for key in keys], check_replies(keys, links)


_TYPE_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9]{0,3}_")


def _unprefixed(link: str, keys: list[str]) -> str:
    """A parent id with a type prefix the ids lack ("t1_k1") as the id after it, when that is an id."""
    if any(_TYPE_PREFIX.match(key) for key in keys) or not _TYPE_PREFIX.match(link):
        return link
    stripped = _TYPE_PREFIX.sub("", link, count=1)
    return stripped if stripped in keys else link


def columns(ids: list[str], parents: list[str], senders: list[str], threads: list[str] | None = None) -> Context:
    context = reply_context.reply_context(
        pl.Series(ids, dtype=pl.String), pl.Series(senders, dtype=pl.String), pl.Series(parents, dtype=pl.String),
        None if threads is None else pl.Series(threads, dtype=pl.String))
    return compact(context.parent_senders), compact(context.threads), context.replies


@pytest.mark.parametrize(("ids", "parents", "threads", "replies"), [
    (["1", "2", "3"], ["", "1", "2"], ["1", "1", "1"], ReplyCheck()),
    (["1", "2", "3"], ["", "9", "2"], ["1", "2", "2"], ReplyCheck(1, 0)),
    (["1", "2"], ["2", "1"], ["1", "1"], ReplyCheck(0, 2)),
    (["1", "2", "3"], ["3", "3", "2"], ["3", "3", "3"], ReplyCheck(0, 2)),
    (["5"], ["5"], ["5"], ReplyCheck(0, 1)),
    (["1.0", " 2 ", "3"], ["none", "1", "2.00"], ["1", "1", "1"], ReplyCheck()),
    (["a", "b", "c"], ["NULL", "-1", "nan"], ["a", "b", "c"], ReplyCheck()),
    (["k1", "k2", "k3"], ["t3_p9", "t1_k1", "t1_k2"], ["k1", "k1", "k1"], ReplyCheck(1, 0)),  # Reddit's type prefixes
    (["k1", "x_k5", "k3"], ["", "", "t1_k1"], ["k1", "x_k5", "k3"], ReplyCheck(1, 0)),  # the ids have prefixes too
    (["k1", "k2"], ["", "thread_k1"], ["k1", "k2"], ReplyCheck(1, 0)),  # a longer word is no type prefix
], ids=["chain", "missing-parent", "loop", "tail-into-loop", "own-parent", "float-ids", "no-parent-words",
        "type-prefixes", "prefixed-ids", "long-prefix"])
def test_threads_and_reply_problems(ids: list[str], parents: list[str], threads: list[str],
                                    replies: ReplyCheck) -> None:
    senders = [f"u{id_key(value)}" for value in ids]
    assert columns(ids, parents, senders) == walked(ids, parents, senders)
    assert columns(ids, parents, senders)[1:] == (threads, replies)


def with_threads(ids: list[str], parents: list[str] | None, threads: list[str]) -> tuple[list[str | None], list[str]]:
    senders = [f"u{value}" for value in ids]
    context = reply_context.reply_context(
        pl.Series(ids, dtype=pl.String), pl.Series(senders, dtype=pl.String),
        None if parents is None else pl.Series(parents, dtype=pl.String), pl.Series(threads, dtype=pl.String))
    return compact(context.parent_senders), compact(context.threads)


@pytest.mark.parametrize(("ids", "parents", "threads", "expected"), [
    # edX: a thread's first post has no thread id; comments name it, and answer it unless they name a parent
    (["a", "b", "c", "d"], ["", "", "b", ""], ["", "a", "a", "a"], ([None, "ua", "ub", "ua"], ["a", "a", "a", "a"])),
    # Slack: no parent column; a reply's thread id is its thread's first message's, which has its own
    (["1", "2", "3", "4"], None, ["1", "1", "3", "1"], ([None, "u1", None, "u1"], ["1", "1", "3", "1"])),
    # a topic id that is also a post's id, that post in another topic: no first post of that thread
    (["5", "6", "7"], ["", "", ""], ["2", "5", "5"], ([None, None, None], ["2", "5", "5"])),
    # a parent id that is not in the file stays a missing parent
    (["a", "b"], ["", "z"], ["a", "a"], ([None, None], ["a", "a"])),
    # empty thread cells: the thread the links give, or the message's own id
    (["a", "b", "c"], ["", "a", ""], ["", " ", "null"], ([None, "ua", None], ["a", "a", "c"])),
    (["a", "b"], None, ["", ""], ([None, None], ["a", "b"])),
], ids=["edx", "slack", "topic-id-collision", "missing-parent", "empty-threads-linked", "empty-threads"])
def test_a_thread_column_names_the_post_a_message_answers(
        ids: list[str], parents: list[str] | None, threads: list[str],
        expected: tuple[list[str | None], list[str]]) -> None:
    assert with_threads(ids, parents, threads) == expected


IDS = st.sampled_from(["1", "2", "3", "4", "5", "6", "1.0", " 2", "3. ", "x.y", "İ", "\x1c4", "", "0", "none",
                       "t1_2", "t3_9", "x_1"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(IDS, IDS, st.sampled_from(["u1", "u2", "u3"])), max_size=12))
def test_columns_follow_the_links_as_a_walk_does(rows: list[tuple[str, str, str]]) -> None:
    ids, parents, senders = (list(column) for column in zip(*rows)) if rows else ([], [], [])
    assert columns(ids, parents, senders) == walked(ids, parents, senders)
    assert columns(ids, parents, senders, senders)[::2] == walked(ids, parents, senders)[::2]


def test_keys_that_share_a_hash_are_still_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    hashed = pl.Series.hash
    monkeypatch.setattr(pl.Series, "hash", lambda self, *args: hashed(self, *args) % 2)
    ids, parents, senders = ["1", "2", "3", "4", "5"], ["", "1", "9", "3", "5"], ["a", "b", "c", "d", "e"]
    assert columns(ids, parents, senders) == walked(ids, parents, senders)


def test_a_long_chain_and_a_long_loop() -> None:
    count = 100_000
    ids = [f"m{number}" for number in range(count)]
    chain = columns(ids, ["", *ids[:-1]], ids)
    assert set(chain[1]) == {"m0"} and chain[2] == ReplyCheck()
    loop = columns(ids, [ids[-1], *ids[:-1]], ids)
    assert set(loop[1]) == {"m0"} and loop[2] == ReplyCheck(0, count)


def test_plain_ids_are_their_own_keys_and_others_are_read_as_id_key() -> None:
    values = ["m1", "7", "1.0", " 8", "9 ", "x.y", "-3.", "\x1c5"]
    assert id_keys(pl.Series(values, dtype=pl.String)).to_list() == [id_key(value) for value in values]


@pytest.mark.parametrize(("start", "stop"), [(0, None), (0, 3), (2, 5), (4, None), (5, 5)])
def test_a_table_of_ids_gives_the_reply_lists_of_the_table_read_whole(start: int, stop: int | None) -> None:
    """Collect's runs read each row's parent's sender and thread from a table kept on disk (its context as
    columns) exactly as from the same table read whole (its context as lists)."""
    import pandas as pd

    from nicknames.model.columns import resolve_columns
    from nicknames.model.messages import table_from_columns, table_of_ids

    frame = pd.DataFrame({
        "message_id": ["m1", "m2", "m3", "m4", "m5"],
        "parent_id": ["", "m1", "m2", "", "m9"],
        "sender_id": ["U1", "U2", "U1", "U3", "U2"],
        "text": ["", "", "", "", ""],
    })
    columns = resolve_columns(list(frame.columns), {}, "t.csv")
    whole = table_from_columns(frame, columns, "t.csv")
    on_disk = table_of_ids(frame, columns, "t.csv")
    assert on_disk.context is not None and not on_disk.threads
    assert on_disk.reply_lists(start, stop) == whole.reply_lists(start, stop)
    assert whole.reply_lists(start, stop) == (whole.parent_senders[start:stop], whole.threads[start:stop])


SHARED = [  # (case, the column's cells, its dtype): ``shared_cells`` gives what ``tolist`` gives
    ("repeated senders", ["u1", "u2", "u1", "u1", "u3", "u2"], "str"),
    ("one cell", ["s1"], "str"),
    ("no cells", [], "str"),
    ("empty and spaced cells", ["", " ", "", "a b", " "], "str"),
    ("accents and other scripts", ["José", "李", "José", "Ωμέγα"], "str"),
    ("cells as Python objects", ["u1", "u2", "u1"], "object"),
    ("a missing cell", ["u1", None, "u1"], "str"),
    ("cells that are not strings", [1, 2, 1], "object"),
]


def _shown(value: object) -> object:
    """A cell, a missing one (NaN, not equal to itself) as the word ``missing``."""
    return "missing" if pd.isna(value) else value


@pytest.mark.parametrize(("case", "cells", "dtype"), SHARED, ids=[case for case, _, _ in SHARED])
def test_shared_cells_are_the_column_with_one_object_per_distinct_value(case: str, cells: list[object],
                                                                        dtype: str) -> None:
    column = pd.Series(cells, dtype=dtype)
    shared = reply_context.shared_cells(column)
    expected = column.tolist()
    assert [type(value) for value in shared] == [type(value) for value in expected]
    assert [_shown(value) for value in shared] == [_shown(value) for value in expected]
    if column.hasnans or dtype == "object" and not all(isinstance(value, str) for value in cells):
        return
    first: dict[object, object] = {}
    assert all(first.setdefault(value, value) is value for value in shared)


@given(st.lists(st.sampled_from(["a", "b", "", "é", None]), max_size=30))
@settings(max_examples=50, deadline=None)
def test_compact_gives_the_values_with_one_object_per_distinct_value(values: list[str | None]) -> None:
    series = pl.Series(values, dtype=pl.String)
    compacted = compact(series)
    assert compacted == series.to_list()
    first: dict[object, object] = {}
    assert all(first.setdefault(value, value) is value for value in compacted)
