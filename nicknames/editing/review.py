"""What needs the reviewer's attention in each participant's entry."""

from __future__ import annotations

from collections.abc import Collection

from nicknames.model.mapping import Mapping, Status

PROBLEMS: dict[str, str] = {
    "duplicate": "a name shared with another participant active in the same scope",
    "empty": "no name in use: every mention of this participant would stay as it is",
    "word": "a name that is also a common word (tagged 'word')",
    "suggested": "suggestions not reviewed yet",
}
"""The problems a participant's entry can have, in the order they are shown."""


def participant_problems(mapping: Mapping, participant: str, duplicated: Collection[str] = ()) -> tuple[str, ...]:
    """The problems of one participant; ``duplicated`` holds the participants with duplicate names."""
    names = mapping.entry(participant).names
    found = {
        "duplicate": participant in duplicated,
        "empty": not any(name.in_use for name in names),
        "word": any(name.in_use and "word" in name.tags for name in names),
        "suggested": any(name.status is Status.SUGGESTED for name in names),
    }
    return tuple(problem for problem in PROBLEMS if found[problem])
