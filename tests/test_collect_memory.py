"""Collect's memory for one message is bounded by a small multiple of its size (a huge field must not blow it up)."""

from __future__ import annotations

import tracemalloc

import pandas as pd
import pytest

from nicknames.collect.candidates import collect
from nicknames.collect.discover.learnt_pieces import RunReadings
from nicknames.model.messages import MessageTable, table_from_frame

ROSTER = {"U1": "Ann Lee", "U2": "Bob Ray"}
TIMES_ITS_SIZE = 25
"""The bound: what collect holds at its peak beyond what it held before, per character of the huge field (a line of
capitalised names took it some 150 times the field's size)."""


def _table(huge: str) -> MessageTable:
    frame = pd.DataFrame(
        [("1", "U1", "", f"Hi Bob,\n{huge}\nThanks, Ann"), ("2", "U2", "1", "Hi Ann,\nfine.\nBob")],
        columns=["message_id", "sender", "parent_id", "text"],
    )
    frame["thread_id"] = "t1"
    return table_from_frame(frame)


@pytest.mark.parametrize("huge", ["Mary " * 40_000, "Mary, " * 30_000, "Hi Mary Ann Lee, thanks Bob. " * 8_000])
def test_one_huge_field_takes_a_small_multiple_of_its_size(huge: str) -> None:
    collect(_table("Mary Ann, Bob and Cleo"), ROSTER)  # word lists and compiled patterns loaded once, before
    table = _table(huge)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        collect(table, ROSTER)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert peak < TIMES_ITS_SIZE * len(huge)


@pytest.mark.parametrize(
    ("run", "words"),
    [
        ("Mary Ann Lee", {"lee"}),
        ("Mary  Ann\tLee Bob", {"ann"}),
        ("Hi Mary Ann Hi Bob", set()),
        ("Hi Mary Hi Mary Zed", {"zed"}),
        ("Hi Mary Hi Mary Zed", {"nobody"}),
    ],
)
def test_a_long_run_is_read_as_a_short_one(run: str, words: set[str]) -> None:
    readings = RunReadings(frozenset(words), lambda word: word in {"Hi", "Ann"})
    assert readings.read_long(run) == readings[run]
