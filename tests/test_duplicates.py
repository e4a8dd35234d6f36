"""Names that belong to several participants active in the same scope."""

from __future__ import annotations

from nicknames.editing.duplicates import (
    Activity,
    DuplicateName,
    find_duplicates,
    update_duplicates,
)
from nicknames.model.mapping import Mapping
from nicknames.model.messages import Message


def msg(id: str, sender: str, session: str, parent: str | None = None) -> Message:
    return Message(id, sender, "text", parent, id, session)


MESSAGES = [msg("1", "p1", "s1"), msg("2", "p2", "s1", parent="p1"), msg("3", "p3", "s2"), msg("4", "p1", "s2")]
ACTIVITY = Activity.from_messages(MESSAGES, [m.session for m in MESSAGES], "session")


def test_activity_counts_senders_and_the_senders_they_answer() -> None:
    assert ACTIVITY.active == {"s1": frozenset({"p1", "p2"}), "s2": frozenset({"p1", "p3"})}


def test_a_name_shared_in_one_scope_is_a_duplicate_there() -> None:
    mapping = Mapping({"p1": ["Rob"], "p2": ["Rob", "Liz"], "p3": ["Liz", "Rob"]})
    assert find_duplicates(mapping, ACTIVITY) == [DuplicateName("Rob", ("p1", "p2", "p3"), ("s1", "s2"))]


def test_a_name_shared_only_by_participants_never_active_together_is_no_duplicate() -> None:
    mapping = Mapping({"p2": ["Liz"], "p3": ["Liz"]})
    assert find_duplicates(mapping, ACTIVITY) == []


def test_rejected_and_kept_names_are_not_duplicates() -> None:
    mapping = Mapping({"p1": ["Rob", "Darwin"], "p2": ["Rob", "Darwin"]}, keep=["Darwin"])
    mapping.reject("p2", "Rob")
    assert find_duplicates(mapping, ACTIVITY) == []


def test_names_compare_with_folded_spaces() -> None:
    mapping = Mapping({"p1": ["Mary Jane"], "p2": ["Mary  Jane"]})
    assert find_duplicates(mapping, ACTIVITY) == [DuplicateName("Mary Jane", ("p1", "p2"), ("s1",))]


def test_without_messages_every_shared_name_counts() -> None:
    mapping = Mapping({"p2": ["Liz"], "p3": ["Liz"], "p1": ["Rob"]})
    assert find_duplicates(mapping) == [DuplicateName("Liz", ("p2", "p3"), ())]


def test_only_some_names() -> None:
    mapping = Mapping({"p1": ["Rob", "Liz"], "p2": ["Rob", "Liz"]})
    assert [d.name for d in find_duplicates(mapping, ACTIVITY, only=["Liz"])] == ["Liz"]


def test_update_after_an_edit_equals_a_full_search() -> None:
    mapping = Mapping({"p1": ["Rob", "Liz"], "p2": ["Rob", "Liz", "Bob"], "p3": ["Bob", "Rob"]})
    known = find_duplicates(mapping, ACTIVITY)
    mapping.reject("p2", "Rob")
    mapping.add_name("p1", "Bob")
    updated = update_duplicates(known, mapping, ACTIVITY, ["Rob", "Liz", "Bob"])
    assert updated == find_duplicates(mapping, ACTIVITY)
    assert updated != known
