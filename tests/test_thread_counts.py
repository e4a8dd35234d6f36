"""Counts per thread kept as thread codes (``nicknames.collect.discover.thread_counts``)."""

from __future__ import annotations

import pickle
from collections import Counter

import numpy as np
import pytest

from nicknames.collect.discover.thread_counts import (
    CodedCounts,
    Involvement,
    Members,
    ThreadCodes,
    ThreadCounts,
    ThreadSessions,
)


def counts_of(*messages: tuple[str, str, str]) -> tuple[ThreadCounts, Members]:
    """Counts and members from (key, thread, participant) triples, thread tN in session sN."""
    codes = ThreadCodes()
    counts, members = ThreadCounts(codes), Members(codes)
    for key, thread, participant in messages:
        code = codes.code(thread, "s" + thread[1:])
        counts.add(key, code)
        members.add(code, participant)
    return counts, members


def test_counts_read_as_messages_per_thread_label() -> None:
    counts, _ = counts_of(("Mary", "t1", "U1"), ("Rob", "t2", "U1"), ("Mary", "t2", "U2"), ("Mary", "t1", "U2"))
    assert list(counts) == ["Mary", "Rob"]
    assert counts["Mary"] == Counter({"t1": 2, "t2": 1})
    assert "Bob" not in counts and counts.get("Bob") is None


def test_counts_read_by_thread_code_are_those_read_by_label() -> None:
    counts, members = counts_of(("Mary", "t1", "U1"), ("Rob", "t2", "U1"), ("Mary", "t2", "U2"), ("Mary", "t1", "U2"))
    counts._fold("Mary", counts.messages["Mary"])  # counted per thread, as a frequent key is
    counts.add("Mary", 1)
    labels = counts.threads.labels
    coded = CodedCounts(counts)
    assert {key: Counter({labels[code]: n for code, n in coded[key].items()}) for key in coded} == dict(counts)
    assert coded.get("Bob") is None and len(coded) == 2
    assert members.codes_of("U2") == {0, 1} and members.codes_of("U9") == set()


def test_absorbing_later_counts_recodes_their_threads() -> None:
    first, first_members = counts_of(("Mary", "t1", "U1"))
    later, later_members = counts_of(("Rob", "t9", "U3"), ("Mary", "t1", "U2"))
    recode = first.threads.recode(later.threads)
    first.absorb(later, recode)
    first_members.absorb(later_members, recode)
    assert dict(first) == {"Mary": Counter({"t1": 2}), "Rob": Counter({"t9": 1})}
    assert first_members.by_thread() == {"t1": {"U1", "U2"}, "t9": {"U3"}}
    assert dict(ThreadSessions(first.threads)) == {"t1": "s1", "t9": "s9"}


def test_absorbing_recodes_every_message_of_every_key_in_order() -> None:
    first, _ = counts_of(("Rob", "t2", "U1"), ("Mary", "t1", "U1"))
    later, _ = counts_of(("Ann", "t3", "U1"), ("Mary", "t2", "U1"), ("Ann", "t1", "U2"), ("Rob", "t3", "U2"),
                         ("Mary", "t3", "U2"))
    first.absorb(later, first.threads.recode(later.threads))
    assert first.threads.labels == ["t2", "t1", "t3"]
    assert {key: list(codes) for key, codes in first.messages.items()} == {
        "Rob": [0, 2], "Mary": [1, 0, 2], "Ann": [2, 1]}


@pytest.mark.parametrize(
    "messages",
    [
        [("Mary", "t1"), ("Rob", "t2"), ("Mary", "t2"), ("Ann", "t1"), ("Mary", "t1"), ("Rob", "t3")],
        [("Rob", "t3"), ("Rob", "t3"), ("Rob", "t1")],
        [],
    ],
)
def test_counting_a_batch_is_counting_its_messages_one_by_one(messages: list[tuple[str, str]]) -> None:
    codes = ThreadCodes()
    one_by_one, at_once = ThreadCounts(codes), ThreadCounts(codes)
    at_once.add("Mary", codes.code("t0", ""))  # a key counted before the batch keeps its place and messages
    one_by_one.add("Mary", codes.code("t0", ""))
    threads = [codes.code(thread, "") for _, thread in messages]
    for (key, _), thread in zip(messages, threads):
        one_by_one.add(key, thread)
    keys = list(dict.fromkeys(key for key, _ in messages))  # numbered as first seen
    which = np.asarray([keys.index(key) for key, _ in messages], dtype=np.int64)
    at_once.add_all(keys, which, np.asarray(threads, dtype=np.uint32))
    assert {key: list(found) for key, found in at_once.messages.items()} == {
        key: list(found) for key, found in one_by_one.messages.items()}
    assert list(at_once.messages) == list(one_by_one.messages)


def test_a_participant_is_a_member_of_a_thread_once() -> None:
    _, members = counts_of(("Mary", "t1", "U1"), ("Rob", "t1", "U1"), ("Rob", "t2", "U1"))
    assert list(members.threads_of["U1"]) == [0, 1]
    assert Involvement(members) == {"U1": {"t1", "t2"}}
    assert Involvement(members).get("U2") is None


def test_counts_survive_pickling() -> None:
    counts, members = counts_of(("Mary", "t1", "U1"), ("Rob", "t2", "U2"))
    copy, copy_members = pickle.loads(pickle.dumps((counts, members)))
    assert dict(copy) == dict(counts)
    assert copy.threads is copy_members.threads
    assert copy.threads.code("t2", "") == 1


def test_counts_kept_as_codes_and_as_counts_survive_pickling_in_order() -> None:
    first, _ = counts_of(("Hi", "t1", "U1"))
    later, _ = counts_of(*[("Hi", f"t{n % 3}", "U1") for n in range(10)], ("Rob", "t2", "U2"), ("Ann", "t1", "U1"))
    first.absorb(later, first.threads.recode(later.threads))
    first.add("Hi", 2)
    copy = pickle.loads(pickle.dumps(first))
    assert list(copy) == ["Hi", "Rob", "Ann"] and dict(copy) == dict(first)
    assert {key: list(codes) for key, codes in copy.messages.items()} == {"Hi": [2], "Rob": [2], "Ann": [0]}
    assert list(copy.dense) == ["Hi"] and copy.dense["Hi"].tolist() == first.dense["Hi"].tolist()


def test_a_key_in_more_messages_than_threads_is_kept_as_counts_per_thread() -> None:
    first, _ = counts_of(("Hi", "t1", "U1"))
    later, _ = counts_of(*[("Hi", f"t{n % 3}", "U1") for n in range(10)], ("Rob", "t2", "U2"))
    for _ in range(2):
        first.absorb(later, first.threads.recode(later.threads))
    assert "Hi" in first.dense and "Rob" not in first.dense
    assert first["Hi"] == Counter({"t0": 8, "t1": 7, "t2": 6})
    assert first["Rob"] == Counter({"t2": 2})
    assert list(first) == ["Hi", "Rob"]
    first.add("Hi", 0)  # one message since the counts were folded
    assert [first.total(key) for key in first] == [sum(first[key].values()) for key in first] == [22, 2]


@pytest.mark.parametrize("threads", [[], [0], [1], [0, 2], [2, 0, 1], [3]])
def test_messages_of_a_key_in_some_threads_are_counted_without_labels(threads: list[int]) -> None:
    first, _ = counts_of(("Hi", "t0", "U1"), ("Rob", "t1", "U1"))
    later, _ = counts_of(*[("Hi", f"t{n % 3}", "U1") for n in range(10)], ("Rob", "t2", "U2"), ("Rob", "t1", "U2"))
    first.absorb(later, first.threads.recode(later.threads))
    first.add("Hi", first.threads.code("t3", ""))  # a thread the counts folded before did not know
    assert "Hi" in first.dense and "Rob" not in first.dense
    labels = {first.threads.labels[code] for code in threads}
    for key in first:
        expected = sum(count for thread, count in first[key].items() if thread in labels)
        assert first.total_in(key, np.asarray(threads, dtype=np.uint32)) == expected
        every = np.arange(len(first.threads.labels), dtype=np.uint32)
        assert first.totals_in(key, [np.asarray(threads, dtype=np.uint32), every]) == [expected, first.total(key)]


