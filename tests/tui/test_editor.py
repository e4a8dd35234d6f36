"""Pilot tests: every action of the editor driven by keys, asserting on the mapping and the screens."""

from __future__ import annotations

from textual.widgets import DataTable, Input

from nicknames.model.mapping import Status
from nicknames.tui.dialogs import (
    ConfirmDialog,
    HelpScreen,
    KeepListScreen,
    MessageScreen,
    NameDialog,
    PickParticipantDialog,
)
from nicknames.tui.duplicates import DuplicatesScreen
from nicknames.tui.evidence import fixed_width
from nicknames.tui.rowlist import RowList
from tests.tui.apps import make_app, settle

SIZE = (100, 32)


def status(app, participant: str, text: str) -> Status:
    return app.mapping.entry(participant).find(text).status


def shown_participants(app) -> list[str]:
    return list(app.query_one("#participants", RowList).keys)


async def open_name(pilot, participant_downs: int, name_downs: int) -> None:
    """Select a participant by moving down the list, then a name in its table."""
    await pilot.press(*["down"] * participant_downs, "tab", *["down"] * name_downs)
    await settle(pilot)


async def test_opens_on_the_first_participant_with_markers_and_duplicates() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert shown_participants(app) == ["p1", "p2", "p3", "p4"]
        assert app.current == "p1"
        assert app.selected_name() == "Robert"
        assert [(d.name, d.participants) for d in app.duplicates] == [
            ("Beth", ("p2", "p3")), ("Elizabeth", ("p2", "p3"))]
        assert "D" in str(app.participant_label("p2"))
        assert "0" in str(app.participant_label("p4")).split()[0]
        assert app.query_one("#occurrences", DataTable).row_count == 1


async def test_accept_reject_suggest_and_remove() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 1, 2)
        assert app.selected_name() == "Beth"
        await pilot.press("a")
        assert status(app, "p2", "Beth") is Status.ACTIVE
        assert app.selected_name() == "Beth"  # the last row: the cursor cannot go on
        await pilot.press("up", "x")
        assert status(app, "p2", "Elizabeth") is Status.REJECTED
        assert app.selected_name() == "Beth"  # the rejected name sank to the end; the next one took its row
        await pilot.press("s")
        assert status(app, "p2", "Beth") is Status.SUGGESTED
        await pilot.press("delete")
        assert app.mapping.entry("p2").find("Beth") is None
        assert "Beth" in app.mapping.seen["p2"]
        assert app.selected_name() == "Elizabeth"


async def test_accept_goes_on_to_the_next_name() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 1, 0)
        await pilot.press("a")
        assert app.selected_name() == "Elizabeth"


async def test_add_a_name() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        assert isinstance(app.screen, NameDialog)
        await pilot.press(*"Bobby", "enter")
        await settle(pilot)
        name = app.mapping.entry("p1").find("Bobby")
        assert name is not None and name.tags == ("manual",)
        assert app.selected_name() == "Bobby"


async def test_escape_cancels_a_dialog_without_change() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", *"Bob", "escape")
        await settle(pilot)
        assert app.mapping.names["p1"] == ["Robert", "Rob"]
        assert not app.history.changed


async def test_rename_a_name() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 0, 1)
        await pilot.press("e")
        assert app.screen.query_one(Input).value == "Rob"
        await pilot.press("end", *"bie", "enter")
        await settle(pilot)
        assert app.mapping.names["p1"] == ["Robert", "Robbie"]


async def test_a_refused_edit_is_shown_and_changes_nothing() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 0, 1)
        await pilot.press("e", *["backspace"] * 3, *"Robert", "enter")
        await settle(pilot)
        assert app.mapping.names["p1"] == ["Robert", "Rob"]
        assert not app.history.changed
        assert any("already has the name" in str(n.message) for n in app._notifications)


async def test_move_a_name_to_another_participant() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 1, 2)
        await pilot.press("m")
        assert isinstance(app.screen, PickParticipantDialog)
        await pilot.press(*"Brown", "enter")
        await settle(pilot)
        assert app.mapping.entry("p2").find("Beth") is None
        assert app.mapping.entry("p3").find("Beth").count == 2  # the larger count: both may count the same messages


async def test_merge_participants() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down")
        await settle(pilot)
        assert app.current == "p3"
        await pilot.press("M", *"p2", "enter")
        await settle(pilot)
        assert "p3" not in app.mapping.entries
        assert app.current == "p2"
        assert shown_participants(app) == ["p1", "p2", "p4"]
        await pilot.press("u")
        await settle(pilot)
        assert shown_participants(app) == ["p1", "p2", "p3", "p4"]


async def test_keep_a_name_and_take_it_off_the_keep_list() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 1, 2)
        await pilot.press("k")
        assert app.mapping.keep == ["Darwin", "Beth"]
        assert app.mapping.entry("p2").find("Beth") is None
        assert [d.name for d in app.duplicates] == ["Elizabeth"]
        await pilot.press("K")
        assert isinstance(app.screen, KeepListScreen)
        await pilot.press("down", "delete")
        await settle(pilot)
        assert app.mapping.keep == ["Darwin"]


async def test_undo_and_redo() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 0, 1)
        await pilot.press("x", "down", "u")
        assert status(app, "p1", "Rob") is Status.ACTIVE
        assert not app.history.changed
        await pilot.press("U")
        assert status(app, "p1", "Rob") is Status.REJECTED
        await pilot.press("ctrl+z")
        assert status(app, "p1", "Rob") is Status.ACTIVE
        await pilot.press("ctrl+y")
        assert status(app, "p1", "Rob") is Status.REJECTED
        await pilot.press("U")
        assert any("Nothing to redo" in str(n.message) for n in app._notifications)


async def test_filter_by_typing() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", *"brown")
        await settle(pilot)
        assert shown_participants(app) == ["p3"]
        assert app.current == "p3"
        await pilot.press("escape")
        assert app.focused is app.query_one("#participants")
        await pilot.press("slash", *["backspace"] * 5, *"smith", "enter")
        await settle(pilot)
        assert shown_participants(app) == ["p2"]
        await pilot.press("slash", *["backspace"] * 5, *"nobody")
        await settle(pilot)
        assert shown_participants(app) == []
        assert app.current is None


async def test_problems_only() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        assert shown_participants(app) == ["p2", "p3", "p4"]
        await pilot.press("p")
        assert shown_participants(app) == ["p1", "p2", "p3", "p4"]


async def test_evidence_follows_the_name_and_opens_the_message() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 0, 1)
        assert app.selected_name() == "Rob"
        occurrences = app.query_one("#occurrences", DataTable)
        assert [hit.message_id for hit in app.evidence.hits] == ["2", "3"]
        assert occurrences.row_count == 2
        await pilot.press("tab", "down", "enter")
        assert isinstance(app.screen, MessageScreen)
        assert app.screen.message.id == "3"
        await pilot.press("escape")
        assert not isinstance(app.screen, MessageScreen)


async def test_only_related_occurrences() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 1, 0)
        assert app.selected_name() == "Liz"
        assert [hit.message_id for hit in app.evidence.hits] == ["2", "3", "4"]
        await pilot.press("o")
        await settle(pilot)
        assert [hit.message_id for hit in app.evidence.hits] == ["2", "3"]


async def test_duplicates_view_resolves_by_reject_keep_and_go() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DuplicatesScreen)
        assert [d.name for d in screen.shown] == ["Beth", "Elizabeth"]
        await pilot.press("x")
        await settle(pilot)
        assert status(app, "p2", "Beth") is Status.REJECTED
        assert [d.name for d in screen.shown] == ["Elizabeth"]
        await pilot.press("right", "x")
        await settle(pilot)
        assert status(app, "p3", "Elizabeth") is Status.REJECTED
        assert screen.shown == []
        await pilot.press("u", "u")
        await settle(pilot)
        assert [d.name for d in app.duplicates] == ["Beth", "Elizabeth"]
        assert [d.name for d in screen.shown] == ["Beth", "Elizabeth"]


async def test_duplicates_view_number_keys_keep_and_go() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert status(app, "p3", "Beth") is Status.REJECTED
        await pilot.press("k")
        await settle(pilot)
        assert app.mapping.keep == ["Darwin", "Elizabeth"]
        assert app.duplicates == []
        await pilot.press("u", "u", "right", "g")
        await settle(pilot)
        assert not isinstance(app.screen, DuplicatesScreen)
        assert (app.current, app.selected_name()) == ("p3", "Beth")


async def test_duplicates_view_moves_a_name() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("m")
        assert isinstance(app.screen, PickParticipantDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert app.mapping.entry("p2").find("Beth") is None
        assert app.mapping.entry("p3").find("Beth").count == 2  # the larger count: both may count the same messages
        await pilot.press("escape")
        assert not isinstance(app.screen, DuplicatesScreen)


async def test_help_screen() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert len(app.screen_stack) == 2
        await pilot.press("escape")
        assert len(app.screen_stack) == 1


async def test_save_returns_the_mapping() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 0, 1)
        await pilot.press("x", "ctrl+s")
    assert app.return_value is app.mapping
    assert status(app, "p1", "Rob") is Status.REJECTED


async def test_quit_without_changes_returns_none() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
    assert app.return_value is None


async def test_quit_with_changes_asks_first() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 0, 1)
        await pilot.press("x", "q")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        assert not isinstance(app.screen, ConfirmDialog)
        assert app.is_running
        await pilot.press("q", "y")
    assert app.return_value is None


async def test_without_messages_the_editor_still_works() -> None:
    app = make_app(with_messages=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "--messages" in str(app.query_one("#evidence-title").render())
        assert [d.name for d in app.duplicates] == ["Beth", "Elizabeth"]
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, DuplicatesScreen)


async def test_the_mouse_selects_participants_and_names() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.click("#participants", offset=(6, 2))
        await settle(pilot)
        assert app.current == "p3"
        await pilot.click("#participants", offset=(6, 2))
        await settle(pilot)
        assert app.focused is app.query_one("#names")
        await pilot.click("#names", offset=(4, 2))
        await settle(pilot)
        assert app.selected_name() == "Elizabeth"


async def test_k_moves_the_name_to_the_keep_list_and_off_the_participant() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 1, 2)
        assert (app.current, app.selected_name()) == ("p2", "Beth")
        await pilot.press("k")
        await settle(pilot)
        assert app.mapping.keep == ["Darwin", "Beth"]
        assert app.mapping.entry("p2").find("Beth") is None
        assert "Beth" in app.mapping.seen["p2"]
        await pilot.press("u")
        await settle(pilot)
        assert app.mapping.keep == ["Darwin"] and app.mapping.entry("p2").find("Beth") is not None


async def test_the_keep_list_dialog_adds_any_name() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("K")
        assert isinstance(app.screen, KeepListScreen)
        await pilot.press("tab", *"Arthur C. Clarke", "enter")
        await settle(pilot)
        assert app.mapping.keep == ["Darwin", "Arthur C. Clarke"]
        assert not isinstance(app.screen, KeepListScreen)


async def test_the_move_picker_finds_participants_by_their_names() -> None:
    from nicknames.tui import EditorApp
    from tests.tui.apps import make_mapping

    app = EditorApp(make_mapping())  # no class list: "Elizabeth" is only a name in use
    async with app.run_test(size=SIZE) as pilot:
        await open_name(pilot, 0, 1)
        assert (app.current, app.selected_name()) == ("p1", "Rob")
        await pilot.press("m")
        assert isinstance(app.screen, PickParticipantDialog)
        await pilot.press(*"elizabeth")
        await settle(pilot)
        assert list(app.screen.query_one(RowList).keys) == ["p2", "p3"]
        await pilot.press("enter")
        await settle(pilot)
        assert app.mapping.entry("p2").find("Rob").count == 2
        assert app.mapping.entry("p1").find("Rob") is None


async def test_without_a_class_list_the_most_used_name_is_shown() -> None:
    from nicknames.tui import EditorApp
    from tests.tui.apps import make_mapping

    app = EditorApp(make_mapping())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = app.query_one("#participants", RowList)
        assert "Liz" in app.participant_label("p2").plain
        assert "Robert" in app.participant_label("p1").plain
        assert app.describe("p3") == "p3 (Beth)"
        assert rows.keys


async def test_a_confirmed_name_labels_a_participant_before_suggested_initials() -> None:
    from nicknames.model.mapping import Mapping, Name, Status
    from nicknames.tui import EditorApp

    mapping = Mapping({"p1": []})
    mapping.set_name("p1", Name("GV", 1, ("signoff", "initials"), Status.SUGGESTED))
    mapping.set_name("p1", Name("Greta", 1, ("greeting",)))
    app = EditorApp(mapping)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Greta" in app.participant_label("p1").plain
        app.mapping.reject("p1", "Greta")
        assert "GV" in app.participant_label("p1").plain


async def test_one_name_in_use_is_one_name() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "down")
        await settle(pilot)
        app.mapping.reject("p3", "Elizabeth")
        app.show_names()
        title = str(app.query_one("#names-title").render())
        assert "1 name in use" in title


async def test_thread_ids_are_not_cut() -> None:
    from nicknames.editing.concordance import Hit

    hits = [Hit(0, "1234", "U0001", "U0002", "T0001-long", 0, 3, "", "Ann", "", "body")]
    assert fixed_width(hits) >= len("U0001→U0002") + len("T0001-long") + len("1234") + 5


async def test_slash_in_the_filter_does_not_type_a_slash() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash", *"li")
        assert app.query_one("#filter", Input).value == "li"
        await pilot.press("slash", *"eliz")
        await settle(pilot)
        assert app.query_one("#filter", Input).value == "eliz"
        assert shown_participants(app) == ["p2", "p3"]
