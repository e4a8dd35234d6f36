"""Counts per thread kept as thread codes (``nicknames.discover.thread_counts``)."""

from __future__ import annotations

import pickle
from collections import Counter

import numpy as np
import pytest

from nicknames import disk_arrays
from nicknames.discover import thread_counts
from nicknames.discover.thread_counts import (
    Involvement,
    Members,
    NumberedThreads,
    StoredThreads,
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


# ---------------------------------------------------------------- threads known by number


@pytest.mark.parametrize(
    ("label", "code"),
    [("0", 0), ("7", 7), ("11", 11), ("12", None), ("-1", None), ("07", None), ("+3", None), (" 3", None),
     ("٣", None), ("", None), ("t1", None), ("3.0", None)],
)
def test_numbered_threads_are_labelled_by_their_number(label: str, code: int | None) -> None:
    threads = NumberedThreads(12)
    assert threads.code_of(label) == code
    if code is None:
        with pytest.raises(ValueError, match="among the 12"):
            threads.code(label, "")
    else:
        assert threads.code(label, "s") == code and threads.labels[code] == label


def test_numbered_threads_hold_no_label_and_give_their_sessions() -> None:
    threads = NumberedThreads(3, ["s1", "s1", "s2"])
    assert list(threads.labels) == ["0", "1", "2"] and threads.labels[-1] == "2" and threads.labels[1:] == ["1", "2"]
    assert dict(ThreadSessions(threads)) == {"0": "s1", "1": "s1", "2": "s2"}
    assert ThreadSessions(threads).get("3") is None
    with pytest.raises(IndexError):
        threads.labels[3]


def test_counts_over_numbered_threads_are_absorbed_as_they_are() -> None:
    mine, theirs = NumberedThreads(4, ["a", "b", "c", "d"]), NumberedThreads(4)
    assert mine.recode(theirs) is None
    first, later = ThreadCounts(mine), ThreadCounts(theirs)
    first.add("Mary", 3)
    later.add("Mary", 1)
    later.add("Rob", 3)
    copy = pickle.loads(pickle.dumps(later))
    assert len(pickle.dumps(theirs)) < 100  # no label crosses between processes
    first.absorb(copy, mine.recode(copy.threads))
    assert dict(first) == {"Mary": Counter({"3": 1, "1": 1}), "Rob": Counter({"3": 1})}


def test_numbered_threads_recode_the_labels_of_other_codes() -> None:
    mine, other = NumberedThreads(4), ThreadCodes()
    for label in ["2", "0"]:
        other.code(label, "")
    assert mine.recode(other) == [2, 0]
    other.code("t1", "")
    with pytest.raises(ValueError, match="'t1'"):
        mine.recode(other)


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


@pytest.mark.parametrize("small", [disk_arrays.SMALL, 1])
@pytest.mark.parametrize("block", [1, 7, 60, 2**18])
@pytest.mark.parametrize("seed", range(4))
def test_members_of_posts_are_those_added_message_by_message(seed: int, block: int, small: int,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thread_counts, "MESSAGES_A_BLOCK", block)  # participants in 1, 2, 5 blocks
    monkeypatch.setattr(disk_arrays, "SMALL", small)  # 1: each participant's threads read from the file
    rng = np.random.default_rng(seed)
    count, threads, senders = 60, 9, ["U0", "U1", "U2", "U3", "U4"]
    thread = rng.integers(0, threads, count).astype(np.int32)
    sender = rng.integers(0, 4, count).astype(np.int32)  # U4 never posts nor is replied to
    parent = np.where(rng.random(count) < 0.4, -1, rng.integers(0, 4, count)).astype(np.int32)
    codes = NumberedThreads(threads)
    added = Members(codes)
    for where, who, replied in zip(thread.tolist(), sender.tolist(), parent.tolist()):
        added.add(where, senders[who])
        if replied >= 0:
            added.add(where, senders[replied])
    found = Members.of_posts(codes, thread, sender, parent, senders)
    assert list(found.threads_of) == sorted(added.threads_of)
    assert {who: sorted(codes) for who, codes in found.threads_of.items()} == {
        who: sorted(codes) for who, codes in added.threads_of.items()}
    assert all(list(codes) == sorted(codes) for codes in found.threads_of.values())
    assert isinstance(found.threads_of, StoredThreads) and "U4" not in found.threads_of
    with pytest.raises(AssertionError):
        found.add(0, "U4")  # the members of the posts of a file are read, not added to


def test_members_of_no_posts() -> None:
    empty = np.zeros(0, dtype=np.int32)
    assert Members.of_posts(NumberedThreads(0), empty, empty, empty, []).threads_of == {}


@pytest.mark.parametrize("held", [1, 2, 5, 1000])
def test_counts_on_disk_read_as_the_counts_in_memory(held: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thread_counts, "HELD", held)
    codes = NumberedThreads(4)
    in_memory, on_disk = ThreadCounts(codes), ThreadCounts(codes, on_disk=True)
    rng = np.random.default_rng(held)
    for _ in range(6):
        later = ThreadCounts(NumberedThreads(4))
        for _ in range(int(rng.integers(0, 12))):
            later.add(str(rng.choice(["Hi", "Mary", "Rob", "Ann"])), int(rng.integers(0, 4)))
        for counts in (in_memory, on_disk):
            counts.absorb(pickle.loads(pickle.dumps(later)), None)
    if held == 1:
        assert on_disk._written is not None and len(on_disk._written.places) > 1  # written several times
    assert list(on_disk) == list(in_memory) and len(on_disk) == len(in_memory)
    for key in in_memory:
        assert on_disk[key] == in_memory[key]
        assert on_disk.total(key) == in_memory.total(key)
        for threads in ([0], [1, 3], [0, 1, 2, 3]):
            wanted = np.asarray(threads, dtype=np.uint32)
            assert on_disk.total_in(key, wanted) == in_memory.total_in(key, wanted)
    with pytest.raises(AssertionError):
        pickle.dumps(on_disk)
