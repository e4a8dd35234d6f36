"""One place that builds the editor under test, and a way to wait for its workers."""

from __future__ import annotations

import asyncio

import pandas as pd
from textual.pilot import Pilot

from nicknames.model.mapping import Mapping, Name, Status
from nicknames.model.messages import MessageTable, table_from_frame
from nicknames.tui import EditorApp

ROWS = [
    ("1", "0", "1", "s1", "p1", "Hi all,\nthe grid is ready.\nCheers,\nRobert"),
    ("2", "1", "1", "s1", "p2", "Hi Rob,\nthanks, looks good.\nLiz"),
    ("3", "2", "1", "s1", "p1", "Liz, I will check the units.\nRob"),
    ("4", "0", "4", "s1", "p3", "Hello everyone,\nI agree with Liz and Will.\nBeth"),
    ("5", "4", "4", "s1", "p2", "Hi Beth,\nyes.\nElizabeth"),
]
CLASS_LIST = {"p1": "Robert Jones", "p2": "Elizabeth Smith", "p3": "Elizabeth Brown", "p4": "Will Turner"}


def make_mapping() -> Mapping:
    """Three participants with a shared name, a suggestion, a common word and one without names."""
    mapping = Mapping()
    for participant, names in {
        "p1": [Name("Robert", 2, ("signoff", "classlist")), Name("Rob", 2, ("greeting", "signoff"))],
        "p2": [Name("Liz", 3, ("greeting", "signoff")), Name("Elizabeth", 1, ("signoff", "classlist")),
               Name("Beth", 1, ("nickname",), Status.SUGGESTED)],
        "p3": [Name("Beth", 2, ("signoff",)), Name("Elizabeth", 1, ("classlist",))],
        "p4": [Name("Will", 1, ("classlist", "word"), Status.REJECTED)],
    }.items():
        mapping.add_participant(participant)
        for name in names:
            mapping.set_name(participant, name)
    mapping.keep_name("Darwin")
    return mapping


def make_table() -> MessageTable:
    """Five messages in one session, two threads."""
    frame = pd.DataFrame(ROWS, columns=["message_id", "parent_id", "thread_id", "session_id", "user_id", "text"])
    return table_from_frame(frame)


def make_app(with_messages: bool = True) -> EditorApp:
    """The editor on the small mapping, with or without messages."""
    return EditorApp(make_mapping(), make_table() if with_messages else None, dict(CLASS_LIST))


async def settle(pilot: Pilot[object]) -> None:
    """Wait until no worker runs and the screen has caught up (never sleeps on a clock)."""
    for _ in range(20):
        await pilot.pause()
        running = [worker for worker in pilot.app.workers if not worker.is_finished]
        if not running:
            break
        await asyncio.gather(*(worker.wait() for worker in running), return_exceptions=True)
    await pilot.pause()
