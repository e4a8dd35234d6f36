"""Review edits on the Mapping, without any file or terminal."""

from __future__ import annotations

import pytest

from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import Mapping, Name, Status


def make() -> Mapping:
    return Mapping({"p1": ["Robert", "Rob"], "p2": ["Elizabeth"]}, keep=["Arthur C. Clarke"])


def test_constructor_and_views() -> None:
    mapping = make()
    assert mapping.participants == ["p1", "p2"]
    assert mapping.names == {"p1": ["Robert", "Rob"], "p2": ["Elizabeth"]}
    assert mapping.keep == ["Arthur C. Clarke"]
    assert mapping.connections() == {("p1", "Robert"), ("p1", "Rob"), ("p2", "Elizabeth")}


def test_reject_takes_a_name_out_of_use_and_accept_brings_it_back() -> None:
    mapping = make()
    mapping.reject("p1", "Rob")
    assert mapping.names_in_use("p1") == ["Robert"]
    assert mapping.entry("p1").find("Rob").status is Status.REJECTED
    mapping.accept("p1", "Rob")
    assert mapping.names_in_use("p1") == ["Robert", "Rob"]


def test_suggested_names_are_in_use() -> None:
    mapping = make()
    mapping.suggest("p2", "Elizabeth")
    assert mapping.names_in_use("p2") == ["Elizabeth"]


def test_rename_keeps_place_count_and_tags() -> None:
    mapping = make()
    mapping.set_name("p1", Name("Robbie", 4, ("greeting",)))
    mapping.rename_name("p1", "Robbie", "Bobby")
    assert mapping.entry("p1").names[2] == Name("Bobby", 4, ("greeting",))


def test_rename_to_an_existing_name_is_refused() -> None:
    with pytest.raises(NicknamesError, match="already has the name 'Rob'"):
        make().rename_name("p1", "Robert", "Rob")


def test_move_name_and_remember_it_was_seen() -> None:
    mapping = make()
    mapping.move_name("p1", "Rob", "p2")
    assert mapping.names == {"p1": ["Robert"], "p2": ["Elizabeth", "Rob"]}
    assert "Rob" in mapping.seen["p1"]


def test_merge_participants_combines_counts() -> None:
    mapping = Mapping()
    mapping.set_name("a", Name("Rob", 2, ("greeting",)))
    mapping.set_name("b", Name("Rob", 3, ("signoff",)))
    mapping.merge_participants("a", "b")
    assert mapping.participants == ["b"]
    assert mapping.entry("b").names == [Name("Rob", 5, ("signoff", "greeting"))]


def test_keep_and_unkeep() -> None:
    mapping = make()
    mapping.keep_name("Ada Lovelace")
    assert mapping.keep == ["Arthur C. Clarke", "Ada Lovelace"]
    mapping.unkeep_name("Arthur C. Clarke")
    assert mapping.keep == ["Ada Lovelace"]


def test_shared_names() -> None:
    mapping = Mapping({"a": ["Sam"], "b": ["Sam", "Bo"]})
    assert mapping.shared_names() == {"Sam": ["a", "b"]}


def test_copy_is_independent() -> None:
    mapping = make()
    copy = mapping.copy()
    copy.reject("p1", "Rob")
    assert mapping.names_in_use("p1") == ["Robert", "Rob"]
    assert copy != mapping


@pytest.mark.parametrize("text", ["", " Rob", "...", "Rob\nert"])
def test_invalid_names_cannot_exist(text: str) -> None:
    with pytest.raises(NicknamesError):
        Name(text)


@pytest.mark.parametrize("participant", ["", "#1", "@keep", "a|b"])
def test_invalid_participant_ids_are_refused(participant: str) -> None:
    with pytest.raises(NicknamesError):
        Mapping().add_participant(participant)


def test_unknown_participant_is_a_clear_error() -> None:
    with pytest.raises(NicknamesError, match="Participant 'zz' is not in the mapping"):
        make().reject("zz", "Rob")


def test_moving_a_name_the_target_has_keeps_the_larger_count_not_the_sum() -> None:
    from nicknames.model.mapping import Name, Status

    mapping = Mapping()
    mapping.add_participant("U1")
    mapping.add_participant("U2")
    mapping.set_name("U1", Name("Sammy", 5, ("nickname",), Status.SUGGESTED))
    mapping.set_name("U2", Name("Sammy", 7, ("signoff",)))
    mapping.move_name("U1", "Sammy", "U2")
    moved = mapping.entry("U2").find("Sammy")
    assert (moved.count, moved.status, moved.tags) == (7, Status.ACTIVE, ("signoff", "nickname"))
    mapping.set_name("U1", Name("Ann", 2, ("greeting",)))
    mapping.move_name("U1", "Ann", "U2")
    assert mapping.entry("U2").find("Ann").count == 2


@pytest.mark.parametrize(
    ("names", "shown"),
    [
        ([Name("GV", 1, status=Status.SUGGESTED), Name("Greta", 1)], "Greta"),  # a confirmed name before a suggestion
        ([Name("GV", 1), Name("Greta", 1)], "Greta"),  # a name before initials on a tie
        ([Name("GV", 3), Name("Greta", 1)], "GV"),  # the count first
        ([Name("Greta", 1, status=Status.SUGGESTED), Name("G. Vollmer", 1, status=Status.SUGGESTED)], "Greta"),
        ([Name("Greta", 1, status=Status.REJECTED), Name("GV", 1)], "GV"),  # a rejected name is not in use
        ([Name("Greta", 1, status=Status.REJECTED)], None),
    ],
)
def test_the_name_shown_for_a_participant(names: list[Name], shown: str | None) -> None:
    mapping = Mapping()
    mapping.add_participant("p1")
    for name in names:
        mapping.set_name("p1", name)
    assert mapping.most_used_name("p1") == shown
