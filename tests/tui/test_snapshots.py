"""Snapshot tests: layout only (behaviour is in test_editor.py). Look at the SVGs before updating them."""

from __future__ import annotations

from textual.widgets import Input

from nicknames.model.mapping import Mapping, Name, Status
from nicknames.tui import EditorApp
from tests.tui.apps import make_app, settle

SMALL = (80, 24)
LARGE = (100, 32)


def still(pilot) -> None:
    """No blinking cursor in any input of the current screen."""
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False


def keys(*pressed: str):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press(*pressed)
        await settle(pilot)
        still(pilot)
        await pilot.pause()

    return run_before


def test_main_view_at_80x24(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=keys(), terminal_size=SMALL)


def test_concordance(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=keys("down", "tab", "tab", "down"), terminal_size=LARGE)


def test_duplicates_view(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=keys("d"), terminal_size=LARGE)


def test_add_name_dialog(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=keys("n", *"Bobby"), terminal_size=SMALL)


def test_pick_participant_dialog(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=keys("tab", "down", "m"), terminal_size=SMALL)


def test_confirm_quit_dialog(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=keys("tab", "down", "x", "q"), terminal_size=SMALL)


def test_help_screen(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=keys("question_mark"), terminal_size=LARGE)


def test_message_screen(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=keys("tab", "down", "tab", "enter"), terminal_size=SMALL)


def test_keep_list(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=keys("K"), terminal_size=SMALL)


def test_empty_mapping(snap_compare) -> None:
    assert snap_compare(EditorApp(Mapping()), run_before=keys(), terminal_size=SMALL)


def test_very_long_names(snap_compare) -> None:
    mapping = Mapping()
    long_id = "participant-0000000000000001"
    mapping.add_participant(long_id)
    mapping.set_name(long_id, Name("Maximiliane Alexandra Konstantinopoulou-Wolfeschlegelsteinhausen", 12,
                                   ("classlist", "signoff", "greeting", "nickname", "fuzzy")))
    mapping.set_name(long_id, Name("Max", 3, ("nickname",), Status.SUGGESTED))
    mapping.add_participant("p2")
    roster = {long_id: "Maximiliane Alexandra Konstantinopoulou-Wolfeschlegelsteinhausen Sr."}
    assert snap_compare(EditorApp(mapping, class_list=roster), run_before=keys(), terminal_size=SMALL)
