"""The section of people who are not participants in the editor: shown, accepted, rejected, moved, kept."""

from __future__ import annotations

from nicknames.model.mapping import OTHERS, Name, Status
from nicknames.tui import EditorApp
from nicknames.tui.dialogs import PickParticipantDialog
from nicknames.tui.rowlist import RowList
from tests.tui.apps import CLASS_LIST, make_mapping, make_table, settle

SIZE = (100, 32)


def make_app() -> EditorApp:
    mapping = make_mapping()
    mapping.add_other(Name("Henrik Olsen", 2, ("fullname",), Status.SUGGESTED))
    mapping.add_other(Name("Sofia", 1, ("relation",), Status.SUGGESTED))
    return EditorApp(mapping, make_table(), dict(CLASS_LIST))


async def open_others(pilot, name_downs: int) -> None:
    await pilot.press("end", "tab", *["down"] * name_downs)
    await settle(pilot)


async def test_others_are_listed_after_the_participants() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert list(app.query_one("#participants", RowList).keys) == ["p1", "p2", "p3", "p4", OTHERS]
        await open_others(pilot, 0)
        assert app.current == OTHERS


async def test_accept_and_reject_an_other() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_others(pilot, 0)
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        statuses = {name.text: name.status for name in app.mapping.entry(OTHERS).names}
        assert statuses == {"Henrik Olsen": Status.ACTIVE, "Sofia": Status.REJECTED}


async def test_move_an_other_to_a_participant() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_others(pilot, 1)
        await pilot.press("m")
        assert isinstance(app.screen, PickParticipantDialog)
        await pilot.press(*"Robert", "enter")
        await settle(pilot)
        assert app.mapping.others == ["Henrik Olsen"] and "Sofia" in app.mapping.names["p1"]


async def test_move_a_participants_name_to_others() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab")
        await settle(pilot)
        await pilot.press("m")
        await pilot.press(*"not participants", "enter")
        await settle(pilot)
        assert "Robert" in app.mapping.others


async def test_keep_an_other_and_add_one() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_others(pilot, 0)
        await pilot.press("k")
        await settle(pilot)
        assert "Henrik Olsen" in app.mapping.keep
        await pilot.press("n", *"Bo Lund", "enter")
        await settle(pilot)
        assert "Bo Lund" in app.mapping.others
