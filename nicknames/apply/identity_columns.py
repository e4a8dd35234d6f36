"""Columns of people's names, addresses and user names beside the text: each value written as its person's pseudonym.

A table export often has, besides the sender's id and the text, columns that
name people: the author's full name or e-mail address, a user name, a list of
recipients (``Source.identity_columns``: "author_name", "email", "username",
"to", ...). Apply leaves no name in them, as it leaves none in a mail's
headers. Each value is looked up whole, then, when it is a list ("a@x.org;
b@y.org", "Poe, Mary"), item by item:

| the value | is written as |
|---|---|
| an address, handle, user name or id of a participant (``identifier_owners``) | their pseudonymous address for an address, else their pseudonym |
| a name of one participant in the mapping, or their registered name | their pseudonym |
| a name of several participants, the row's sender among them | the sender's pseudonym |
| any other value in a column of the row's author (any but the recipients', ``RECIPIENT_COLUMNS``) | the sender's pseudonym or pseudonymous address |
| any other value (in a column of recipients, or a row without a known sender) | ``[EMAIL]`` for an address, ``[HANDLE]`` in a column of user names, else ``[PERSON]`` |
| an empty cell, a value that is not text | itself |
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping as MappingType
from dataclasses import dataclass

import pandas as pd
import regex

from nicknames.io.mail.participants import pseudonymous_address
from nicknames.io.roster import HANDLE_COLUMNS
from nicknames.model.mapping import Mapping
from nicknames.rules.identifiers import identifier_owners

RECIPIENT_COLUMNS = frozenset({"to", "cc", "bcc", "recipient", "recipients", "recipient_email", "recipient_name"})
"""Columns of the people a message went to; any other identity column is its author's ("author_email", "email",
"userfullname"): a value of nobody known in it is the row's sender's."""
IDENTITY_ENDINGS = ("fullname", "full_name", "username", "user_name", "email", "email_address")
"""Endings of column names that hold people's names, addresses or user names, for whom the rest of the name says
(Moodle's ``privatereplytofullname``, a ``reviewer_email``, an ``editor_username``)."""
AUTHOR_WORDS = ("user", "author", "sender", "poster", "owner", "creator", "from", "student", "participant", "member")
"""What opens the name of such a column of the row's author's ("userfullname", "author_email")."""
PERSON = "[PERSON]"
"""What a value naming nobody known is written as (an address: ``[EMAIL]``; in a column of user names: ``[HANDLE]``)."""
_SEPARATED = regex.compile(r"(\s*[,;]\s*)")
"""What parts the items of a list (a comma or semicolon), kept by ``split``."""
_BRACKETED = regex.compile(r"<([^<>\s]+@[^<>\s]+)>")
"""The address of an item written ``Mary Poe <mary@example.org>``."""


def authors(column: str) -> bool:
    """Whether a column of people (case-folded name) holds the row's author's: any but the recipients' and those
    whose name says they are somebody else's (``privatereplytofullname``, ``reviewer_email``: an ending of
    ``IDENTITY_ENDINGS`` after words that open with none of ``AUTHOR_WORDS``)."""
    if column in RECIPIENT_COLUMNS:
        return False
    ending = next((ending for ending in IDENTITY_ENDINGS if column.endswith(ending)), None)
    before = column[: len(column) - len(ending)].strip("_- ") if ending is not None else ""
    return not before or before.startswith(AUTHOR_WORDS)


@dataclass(frozen=True)
class IdentityColumns:
    """The identity columns of a table, and what their values are written as: a transform of the output's rows."""

    columns: tuple[str, ...]
    sender: str
    """The sender column: whose row it is, for a name several participants have."""
    identifiers: dict[str, str]
    """Lower-cased address, handle, user name or id → participant (``identifier_owners``)."""
    names: dict[str, tuple[str, ...]]
    """Case-folded name (blanks as one space) → the participants who have it."""
    shown: dict[str, str]
    """Participant → their pseudonym."""

    @classmethod
    def of(cls, columns: Iterable[str], sender: str, mapping: Mapping, owners: MappingType[str, list[str]],
           registered: MappingType[str, str], shown: MappingType[str, str]) -> IdentityColumns:
        """``owners``: participant → their addresses and handles; ``registered``: participant → registered name;
        ``shown``: participant → pseudonym, for every participant of the mapping."""
        names: dict[str, list[str]] = {}
        for participant, used in mapping.names.items():
            for name in [*used, registered.get(participant, "")]:
                users = names.setdefault(_folded(name), [])
                if name and participant not in users:
                    users.append(participant)
        names.pop("", None)
        return cls(tuple(columns), sender, identifier_owners(owners, mapping.participants),
                   {name: tuple(users) for name, users in names.items()}, dict(shown))

    def __call__(self, frame: pd.DataFrame) -> pd.DataFrame:
        """The rows with every identity column's values written as ``cell`` has them."""
        present = [column for column in self.columns if column in frame.columns]
        if not present:
            return frame
        frame = frame.copy()
        senders = [self._sender(value) for value in frame[self.sender]] if self.sender in frame.columns else []
        for column in present:
            name = column.strip().casefold()
            frame[column] = self._column(frame[column].tolist(), senders, name in HANDLE_COLUMNS, authors(name))
        return frame

    def _column(self, values: list[object], senders: list[str | None], handles: bool, own: bool) -> list[object]:
        """A column's values as ``cell`` writes them, each value and sender written once (a column repeats them)."""
        written: dict[tuple[str, str | None], object] = {}
        cells = []
        for row, value in enumerate(values):
            sender = senders[row] if senders else None
            if not isinstance(value, str):
                cells.append(value)
                continue
            if (value, sender) not in written:
                written[value, sender] = self.cell(value, sender, handles, own)
            cells.append(written[value, sender])
        return cells

    def cell(self, value: object, sender: str | None = None, handles: bool = False, own: bool = False) -> object:
        """A value as written in the output (``sender``: the row's participant; ``handles``: a column of user
        names; ``own``: a column of the row's author, not of its recipients: ``RECIPIENT_COLUMNS``). See the module's
        table."""
        if not isinstance(value, str) or not value.strip():
            return value
        text = value.strip()
        whole = self._item(text, sender)
        if whole is None and own and sender is not None:
            shown = self.shown.get(sender, sender)
            whole = pseudonymous_address(sender, shown) if _is_address(text) else shown
        if whole is not None:
            return whole
        pieces = _SEPARATED.split(text)
        if len(pieces) == 1:
            return _placeholder(text, handles)
        if len(pieces) == 3 and "@" not in text:  # "Poe, Mary"
            turned = self._item(f"{pieces[2]} {pieces[0]}", sender)
            if turned is not None:
                return turned
        return "".join(piece if index % 2 or not piece else self._item(piece, sender) or _placeholder(piece, handles)
                       for index, piece in enumerate(pieces))

    def _item(self, item: str, sender: str | None) -> str | None:
        """One item written as its participant's pseudonym or pseudonymous address; None when it names nobody
        known."""
        bracketed = _BRACKETED.search(item)
        address = bracketed.group(1) if bracketed is not None else item
        owner = self.identifiers.get(address.strip("\"' ").lower().removeprefix("mailto:").lstrip("@"))
        if owner is None and bracketed is None:
            users = self.names.get(_folded(item.strip("\"'")), ())
            owner = sender if sender in users else users[0] if len(users) == 1 else None
        if owner is None:
            return None
        shown = self.shown.get(owner, owner)
        if bracketed is not None:
            return f"{shown} <{pseudonymous_address(owner, shown)}>"
        return pseudonymous_address(owner, shown) if _is_address(item) else shown

    def _sender(self, value: object) -> str | None:
        """The participant of a sender cell: a participant id, or an address, user name or name of theirs."""
        if not isinstance(value, str):
            return None
        if value in self.shown:
            return value
        owner = self.identifiers.get(value.strip().lower().lstrip("@"))
        if owner is not None:
            return owner
        users = self.names.get(_folded(value), ())
        return users[0] if len(users) == 1 else None


def _placeholder(value: str, handles: bool) -> str:
    """What a value naming nobody known is written as."""
    if _is_address(value):
        return "[EMAIL]"
    return "[HANDLE]" if handles or value.lstrip().startswith("@") else PERSON


def _is_address(value: str) -> bool:
    """An e-mail address (an ``@`` inside it), not a handle (``@`` first)."""
    return "@" in value.strip().lstrip("@")


def _folded(name: str) -> str:
    """A name as looked up: case-folded, its blanks one space."""
    return " ".join(name.casefold().split())
