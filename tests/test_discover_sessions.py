"""Tests of variants found in a participant's session outside their threads (``nicknames.collect.discover.sessions``)."""

from __future__ import annotations

from collections import Counter

import pytest

from nicknames.collect.discover.sessions import Sessions
from nicknames.collect.discover.suggest import Known, discover
from nicknames.collect.discover.token_index import TokenIndex
from nicknames.model.messages import Message
from nicknames.rules.nickname_table import parse_table

SESSIONS = Sessions(
    of_thread=["s1", "s1", "s2", "s1"],  # threads t1 to t4, by their codes 0 to 3
    members={"s1": {"U1", "U2"}, "s2": {"U3"}},
)
CODE = {"t1": 0, "t2": 1, "t3": 2, "t4": 3}


@pytest.mark.parametrize(
    ("occurrences", "claimants", "expected"),
    [
        ({"t2": 1}, {"U1"}, 1),  # another thread of U1's session
        ({"t1": 2, "t2": 1}, {"U1"}, 1),  # U1's own thread is counted elsewhere, not here
        ({"t3": 1}, {"U1"}, 0),  # another session
        ({"t2": 1}, {"U1", "U2"}, 0),  # U2, active in the session, could own it too
        ({"t2": 1}, {"U1", "U3"}, 1),  # U3 is in another session
        ({"t2": 1}, set(), 1),  # nobody claims it
        ({"t2": 1}, {"U2"}, 0),  # only U2 does, who is active in the session
        ({"t2": 1, "t4": 1}, {"U1"}, 2),
        ({"t2": 1, "t4": 2}, {"U1"}, 0),  # used again and again where U1 never is: someone or something else
    ],
)
def test_session_count(occurrences: dict[str, int], claimants: set[str], expected: int) -> None:
    coded = Counter({CODE[thread]: count for thread, count in occurrences.items()})
    assert SESSIONS.count(coded, "U1", {CODE["t1"]}, claimants) == expected


def test_sessions_from_index() -> None:
    index = TokenIndex()
    index.add(Message("1", "U1", "Hi", None, "t1", "s1"))
    index.add(Message("2", "U2", "Hi", "U3", "t2", "s1"))
    index.add(Message("3", "U4", "Hi", None, "t3", "s2"))
    sessions = Sessions.from_index(index)
    assert list(sessions.of_thread) == ["s1", "s1", "s2"]
    assert sessions.members == {"s1": {"U1", "U2", "U3"}, "s2": {"U4"}}


def found_by(texts: list[tuple[str, str, str, str]], known: Known, table: str = "Richard,Rich\n") -> dict[
        tuple[str, str], tuple[int, tuple[str, ...]]]:
    """Discovery on messages given as (sender, parent sender, thread, text), all in session s1."""
    index = TokenIndex(watched=frozenset({"rich", "richard"}), sequence_words=frozenset({"anne", "marie", "steve"}))
    for number, (sender, parent, thread, text) in enumerate(texts):
        index.add(Message(str(number), sender, text, parent or None, thread, "s1"))
    return {(s.participant, s.text): (s.count, s.tags) for s in discover(known, index, parse_table(table))}


@pytest.mark.parametrize(
    ("text", "names", "expected"),
    [
        # a full name misspelt in one word, the other as registered, where its owner never posts
        ("Topics: Bugs (Anne Maire), Code (Anne Maire).", {"U1": {"Anne Marie", "Anne", "Marie"}},
         {("U1", "Anne Maire"): (1, ("fuzzy", "file"))}),
        ("Topics: Bugs (Anen Maire).", {"U1": {"Anne Marie", "Anne", "Marie"}}, {}),  # no word as registered
        # two people the window may misspell: neither's
        ("Topics: Bugs (Anne Maire).", {"U1": {"Anne Marie"}, "U3": {"Anne Maier"}}, {}),
    ],
)
def test_a_misspelt_full_name_is_its_owners_anywhere(text: str, names: dict[str, set[str]],
                                                     expected: dict[tuple[str, str], tuple[int, tuple[str, ...]]]) -> None:
    index = TokenIndex(sequence_words=frozenset({"anne", "marie", "maier"}))
    index.add(Message("1", "U1", "Hello", None, "t1", "s1"))
    index.add(Message("2", "U3", "Hi", None, "t3", "s1"))
    index.add(Message("3", "U2", text, None, "t2", "s2"))
    registered = {pid: sorted(own, key=lambda name: (-len(name.split()), name)) for pid, own in names.items()}
    found = {(s.participant, s.text): (s.count, s.tags) for s in discover(Known(names, registered), index, parse_table(""))}
    assert found == expected


@pytest.mark.parametrize(
    ("messages", "names", "expected"),
    [
        # U1 never posts in t2, but is in the session and the only Richard there
        ([("U1", "", "t1", "Hello"), ("U2", "", "t2", "Perhaps Rich can say more.")],
         {"U1": {"Richard"}}, {("U1", "Rich"): (1, ("nickname", "session"))}),
        # two Richards in the session: nobody gets it
        ([("U1", "", "t1", "Hello"), ("U3", "", "t3", "Hi"), ("U2", "", "t2", "Perhaps Rich can say more.")],
         {"U1": {"Richard"}, "U3": {"Richard"}}, {}),
        # in U1's own thread it counts as before, without the session tag
        ([("U1", "", "t1", "Hello"), ("U2", "U1", "t1", "Perhaps Rich can say more.")],
         {"U1": {"Richard"}}, {("U1", "Rich"): (1, ("nickname",))}),
        # a misspelt given name roams; a misspelt surname does not ("Hall" for Hill)
        ([("U1", "", "t1", "Hello"), ("U2", "", "t2", "Ask Rihcard or Hall.")],
         {"U1": {"Richard Hill", "Richard", "Hill"}}, {("U1", "Rihcard"): (1, ("fuzzy", "session"))}),
        # nor do all capitals, nor lower case
        ([("U1", "", "t1", "Hello"), ("U2", "", "t2", "RICHARD wrote")], {"U1": {"Richard"}}, {}),
        ([("U1", "", "t1", "Hello"), ("U2", "", "t2", "the rich and richard")], {"U1": {"Richard"}}, {}),
        # nor a form next to a name-like capitalised word: someone else's full name
        ([("U1", "", "t1", "Hello"), ("U2", "", "t2", "Ask Rich Tolland.")], {"U1": {"Richard"}}, {}),
        # nor a full name from a form they go by (Rich → Richard): another Richard, more likely
        ([("U1", "", "t1", "Hello"), ("U2", "", "t2", "Ask Richard.")], {"U1": {"Rich"}}, {}),
        # a form used again and again where U1 never is belongs to someone else
        ([("U1", "", "t1", "Hello")] + [("U2", "", "t2", "Ask Rich.")] * 3, {"U1": {"Richard"}}, {}),
        # a misspelt name of several words; the misspelt word alone is not suggested
        ([("U1", "", "t1", "Hello"), ("U2", "U1", "t1", "Thanks to Anne Maire for it.")],
         {"U1": {"Anne Marie", "Anne", "Marie"}}, {("U1", "Anne Maire"): (1, ("fuzzy",))}),
        # the same found outside U1's threads, in the session
        ([("U1", "", "t1", "Hello"), ("U2", "", "t2", "Thanks to Anne Maire for it.")],
         {"U1": {"Anne Marie", "Anne", "Marie"}}, {("U1", "Anne Maire"): (1, ("fuzzy", "session"))}),
        # a window that is someone else's name is theirs, not a misspelling
        ([("U1", "", "t1", "Hello"), ("U2", "U1", "t1", "Ask Steve Quill.")],
         {"U1": {"Steven Quill"}, "U3": {"Steve Quill"}}, {}),
    ],
)
def test_discover_in_the_session(messages: list[tuple[str, str, str, str]], names: dict[str, set[str]],
                                 expected: dict[tuple[str, str], tuple[int, tuple[str, ...]]]) -> None:
    registered = {pid: sorted(own, key=lambda name: (-len(name.split()), name)) for pid, own in names.items()}
    assert found_by(messages, Known(names, registered)) == expected


@pytest.mark.parametrize(("other_richard", "expected"), [(False, {("U1", "Rich")}), (True, set())])
def test_without_sessions_the_corpus_is_one_session(other_richard: bool, expected: set[tuple[str, str]]) -> None:
    index = TokenIndex(watched=frozenset({"rich"}))
    rows = [("U1", "t1", "Hello"), ("U2", "t2", "Perhaps Rich can say more.")] + [("U3", "t3", "Hi")] * other_richard
    for number, (sender, thread, text) in enumerate(rows):
        index.add(Message(str(number), sender, text, None, thread, ""))
    names = {"U1": {"Richard"}, "U3": {"Richard"}} if other_richard else {"U1": {"Richard"}}
    known = Known(names, {pid: ["Richard"] for pid in names})
    assert {(s.participant, s.text) for s in discover(known, index, parse_table("Richard,Rich\n"))} == expected


def test_occurrences_grouped_by_session_count_as_they_are() -> None:
    occurrences = Counter({CODE["t2"]: 1, CODE["t3"]: 4, CODE["t4"]: 1, CODE["t1"]: 3})
    grouped = SESSIONS.grouped(occurrences)
    assert grouped == {"s1": [(CODE["t2"], 1), (CODE["t4"], 1), (CODE["t1"], 3)], "s2": [(CODE["t3"], 4)]}
    for claimants in (set(), {"U1"}, {"U1", "U2"}, {"U3"}, ("U1", "U3")):
        expected = SESSIONS.count(occurrences, "U1", {CODE["t1"]}, claimants)
        assert SESSIONS.count_grouped(grouped, "U1", {CODE["t1"]}, claimants) == expected
    assert SESSIONS.count_grouped(grouped, "U1", {CODE["t1"]}, {"U1"}) == 2
