"""Undo and redo of mapping edits, without the editor."""

from __future__ import annotations

import pytest

from nicknames.editing.history import History
from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import Mapping


def make() -> Mapping:
    mapping = Mapping({"p1": ["Robert", "Rob"], "p2": ["Elizabeth"], "p3": ["Liz"]}, keep=["Darwin"])
    mapping.seen["p1"] = {"Bob"}
    mapping.suggest("p1", "Rob")
    return mapping


EDITS = [
    ("accept", ["p1"], lambda m: m.accept("p1", "Rob")),
    ("reject", ["p1"], lambda m: m.reject("p1", "Rob")),
    ("suggest", ["p1"], lambda m: m.suggest("p1", "Robert")),
    ("add", ["p2"], lambda m: m.add_name("p2", "Lizzy")),
    ("rename", ["p1"], lambda m: m.rename_name("p1", "Rob", "Robbie")),
    ("remove", ["p1"], lambda m: m.remove_name("p1", "Rob")),
    ("move", ["p3", "p2"], lambda m: m.move_name("p3", "Liz", "p2")),
    ("keep", [], lambda m: m.keep_name("Newton")),
    ("unkeep", [], lambda m: m.unkeep_name("Darwin")),
    ("merge", ["p3", "p2"], lambda m: m.merge_participants("p3", "p2")),
    ("merge first", ["p1", "p3"], lambda m: m.merge_participants("p1", "p3")),
]


@pytest.mark.parametrize(("label", "keys", "change"), EDITS, ids=[edit[0] for edit in EDITS])
def test_undo_restores_and_redo_repeats(label, keys, change) -> None:
    mapping, history = make(), History()
    history.edit(mapping, label, keys, lambda: change(mapping))
    after = mapping.copy()
    assert mapping != make()
    assert history.undo(mapping).label == label
    assert mapping == make()
    assert list(mapping.entries) == list(make().entries)
    assert history.redo(mapping).label == label
    assert mapping == after
    assert list(mapping.entries) == list(after.entries)


def test_several_steps_undo_in_reverse_order() -> None:
    mapping, history = make(), History()
    history.edit(mapping, "a", ["p1"], lambda: mapping.add_name("p1", "Bobby"))
    history.edit(mapping, "b", ["p1"], lambda: mapping.reject("p1", "Bobby"))
    history.undo(mapping)
    assert mapping.names["p1"] == ["Robert", "Rob", "Bobby"]
    history.undo(mapping)
    assert mapping == make()
    assert history.undo(mapping) is None
    history.redo(mapping)
    history.redo(mapping)
    assert mapping.names["p1"] == ["Robert", "Rob"]
    assert history.redo(mapping) is None


def test_a_new_edit_clears_redo() -> None:
    mapping, history = make(), History()
    history.edit(mapping, "a", ["p1"], lambda: mapping.add_name("p1", "Bobby"))
    history.undo(mapping)
    history.edit(mapping, "b", ["p2"], lambda: mapping.add_name("p2", "Beth"))
    assert history.redo(mapping) is None


def test_a_failed_edit_changes_nothing_and_is_not_recorded() -> None:
    mapping, history = make(), History()

    def half_done() -> None:
        mapping.add_name("p1", "Bobby")
        mapping.rename_name("p1", "Bobby", "Robert")

    with pytest.raises(NicknamesError):
        history.edit(mapping, "bad", ["p1"], half_done)
    assert mapping == make()
    assert history.undo(mapping) is None


def test_the_oldest_steps_are_forgotten() -> None:
    mapping, history = make(), History(limit=2)
    for text in ["A1", "A2", "A3"]:
        history.edit(mapping, text, ["p1"], lambda text=text: mapping.add_name("p1", text))
    assert [step.label for step in history.undo_steps] == ["A2", "A3"]


def test_changed_follows_undo_and_ignores_edits_that_change_nothing() -> None:
    mapping, history = make(), History()
    history.edit(mapping, "same", ["p1"], lambda: mapping.accept("p1", "Robert"))
    assert not history.changed
    history.edit(mapping, "a", ["p1"], lambda: mapping.accept("p1", "Rob"))
    assert history.changed
    history.undo(mapping)
    assert not history.changed


def test_forgetting_steps_counts_as_changed() -> None:
    mapping, history = make(), History(limit=1)
    history.edit(mapping, "a", ["p1"], lambda: mapping.add_name("p1", "A1"))
    history.edit(mapping, "b", ["p1"], lambda: mapping.add_name("p1", "A2"))
    history.undo(mapping)
    assert history.changed
