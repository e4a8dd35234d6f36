"""Find names of the mapping still present in pseudonymised text: the check behind ``apply --strict``.

This is deliberately small and strict: any name in use for any participant
(whatever the scope) that still occurs as a whole word outside a keep-list
name is a leftover. Apply only replaces a participant's names where that
participant is active, so a mention of someone in a session they never wrote
in is a leftover here, which is what a cautious release wants to hear about.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from nicknames.errors import NicknamesError

from nicknames.mapping import Mapping
from nicknames.patterns import compile_names, name_key


@dataclass(frozen=True)
class Leftover:
    """A name of the mapping found in the output: the row, the span and whose name it is."""

    row: int
    start: int
    end: int
    name: str
    participants: tuple[str, ...]


def find_leftovers(texts: Iterable[str], mapping: Mapping) -> list[Leftover]:
    """Every whole-word occurrence of a name in use, outside keep-list names, in row order."""
    owners: dict[str, list[str]] = {name_key(text): [] for text in mapping.keep}
    keep = set(owners)
    for participant, texts_in_use in mapping.names.items():
        for key in map(name_key, texts_in_use):
            if key not in keep:
                owners.setdefault(key, []).append(participant)
    pattern = compile_names(owners)
    if pattern is None:
        return []
    found: list[Leftover] = []
    for row, text in enumerate(texts):
        for match in pattern.finditer(text):
            key = name_key(match.group())
            if owners[key]:
                found.append(Leftover(row, match.start(), match.end(), key, tuple(owners[key])))
    return found


SHOWN_ROWS = 10
"""Rows listed in the ``--strict`` error before "..."."""


def refuse_leftovers(leftovers: list[Leftover], mapping_path: Path | str) -> None:
    """Stop ``apply --strict`` when names are left: the rows go in the message, the names only in the detail."""
    if not leftovers:
        return
    rows = sorted({leftover.row for leftover in leftovers})
    shown = ", ".join(str(row + 2) for row in rows[:SHOWN_ROWS]) + (" ..." if len(rows) > SHOWN_ROWS else "")
    names = sorted({leftover.name for leftover in leftovers})
    raise NicknamesError(
        f"--strict: {len(leftovers)} mentions of {len(names)} names of {mapping_path} are still in the output "
        f"(rows {shown}); nothing was written. They belong to participants not active in that scope: "
        "try --scope all, put public names on the keep list, or check those rows by hand.",
        detail="names: " + ", ".join(repr(name) for name in names[:SHOWN_ROWS]),
    )
