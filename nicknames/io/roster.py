"""What a class list can tell apply beyond names: participants' addresses, handles and gender."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from nicknames.io.class_list import ID_COLUMNS, read_class_list
from nicknames.io.csv_file import read_csv_table

ADDRESS_COLUMNS = ("email", "e-mail", "e_mail", "mail", "email_address", "address")
HANDLE_COLUMNS = ("handle", "username", "user_name", "login", "screen_name", "nick")
GENDER_COLUMNS = ("gender", "sex")
GENDER_VALUES = {"f": "F", "female": "F", "w": "F", "woman": "F", "m": "M", "male": "M", "man": "M"}
"""Class-list gender values read as F or M; any other value counts as unknown (neutral)."""


@dataclass(frozen=True)
class Roster:
    """A class list: registered names, and addresses, handles and gender where it has those columns."""

    names: dict[str, str] = field(default_factory=dict)
    addresses: dict[str, list[str]] = field(default_factory=dict)
    """Participant → e-mail addresses and handles (the identifiers that are theirs)."""
    genders: dict[str, str] = field(default_factory=dict)


def read_roster(path: Path, encoding: str | None = None) -> Roster:
    """Read a class list with its optional address, handle and gender columns."""
    names = read_class_list(path, encoding)
    frame = read_csv_table(path, encoding)
    header = {str(c).strip().lower().replace(" ", "_"): str(c) for c in frame.columns}
    id_column = next(header[c] for c in ID_COLUMNS if c in header)
    addresses: dict[str, list[str]] = {}
    for column in (header[c] for c in ADDRESS_COLUMNS + HANDLE_COLUMNS if c in header):
        for participant, value in zip(frame[id_column], frame[column]):
            if participant.strip() and value.strip():
                addresses.setdefault(participant.strip(), []).append(value.strip())
    genders: dict[str, str] = {}
    for column in (header[c] for c in GENDER_COLUMNS if c in header):
        for participant, value in zip(frame[id_column], frame[column]):
            if value.strip().lower() in GENDER_VALUES:
                genders[participant.strip()] = GENDER_VALUES[value.strip().lower()]
    return Roster(names, addresses, genders)
