"""The text of the editor's help screen."""

from __future__ import annotations

import textwrap

from rich.text import Text

KEY_WIDTH = 18
MEANING_WIDTH = 50

_KEYS = [
    ("Moving", [
        ("↑ ↓  PgUp PgDn", "move in a list"),
        ("Tab  Shift+Tab", "next / previous pane: participants, names, occurrences"),
        ("Enter", "participant → its names; name → its occurrences; occurrence → whole message"),
        ("/", "filter participants by id, registered name or any of their names"),
        ("p", "show only participants with problems (again: all)"),
        ("d", "duplicates view: names shared by participants active in the same scope"),
        ("o", "occurrences in all messages, or only those sent by or answering the participant"),
    ]),
    ("Editing the selected name", [
        ("a", "accept (reviewed, in use)"),
        ("x", "reject (apply skips it; collect never proposes it again)"),
        ("s", "mark as a suggestion to review later"),
        ("e", "edit (correct) the text of the name"),
        ("m", "move the name to another participant"),
        ("k", "move the name to the keep list (off the participant; never replaced anywhere)"),
        ("Delete", "remove the name"),
    ]),
    ("Editing the participant", [
        ("n", "add a new name"),
        ("M", "merge all names of this participant into another one"),
        ("K", "the keep list (Delete takes a name off; Tab, type a name, Enter adds it)"),
    ]),
    ("History and leaving", [
        ("u  Ctrl+Z", "undo"),
        ("U  Ctrl+Y", "redo"),
        ("Ctrl+S", "save and quit (the previous file is kept as a .bak backup)"),
        ("q  Ctrl+Q", "quit without saving (asks when there are changes)"),
        ("?  F1", "this help"),
    ]),
]

_MARKERS = [
    ("D", "bold red", "a name shared with another participant active in the same scope"),
    ("0", "bold yellow", "no name in use"),
    ("W", "magenta", "a name that is also a common word"),
    ("?", "cyan", "suggestions not reviewed yet"),
]

_SOURCES = [
    ("greet", "found in a greeting that addresses the parent message's sender"),
    ("sign", "found in a sign-off of the participant's own message"),
    ("class", "the registered name or a part of it (class list)"),
    ("nick", "a familiar form of a known name"),
    ("fuzzy  case", "a near spelling / a case variant of a known name"),
    ("style  init", "a stylised form (R o b) / initials"),
    ("glued", "a name glued to a neighbouring word"),
    ("word", "also an ordinary word: replaced only where written as a name"),
    ("unsure", "attributed by thread context, not by a direct reply"),
    ("manual", "added by the reviewer"),
]

_STATUS = [
    ("✓", "green", "in use (accepted)"),
    ("?", "cyan", "suggested: in use, not reviewed yet"),
    ("✗", "red", "rejected: not replaced, never proposed again"),
]


def help_text() -> Text:
    """Keys by task, then what the markers and status marks mean, wrapped to fit an 80-column terminal."""
    text = Text()
    sections = [(heading, [(Text(keys, "bold"), meaning) for keys, meaning in rows]) for heading, rows in _KEYS]
    sections.append(("Participant markers", [(Text(mark, style), meaning) for mark, style, meaning in _MARKERS]))
    sections.append(("Name status", [(Text(mark, style), meaning) for mark, style, meaning in _STATUS]))
    sections.append(("Sources of a name", [(Text(tag, "dim"), meaning) for tag, meaning in _SOURCES]))
    for heading, rows in sections:
        text.append(f"{heading}\n", "bold underline")
        for key, meaning in rows:
            key.pad_right(KEY_WIDTH - key.cell_len)
            text.append_text(key)
            lines = textwrap.wrap(meaning, MEANING_WIDTH)
            text.append(("\n" + " " * KEY_WIDTH).join(lines) + "\n")
        text.append("\n")
    return text


HELP = help_text()
