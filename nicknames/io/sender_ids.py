"""Opaque participant ids for sender columns that hold names or addresses.

Many exports name the sender by a display name ("Ann Smith") or an e-mail
address rather than a user id. Used as participant ids, those would become the
pseudonyms ("Hi [Ann Smith]") and stay in the output's id columns. So, when a
sender looks like a name or an address (or always, when asked), every sender
gets an opaque id (``P1``, ``P2``, ...) from the same owner-only key that gives
mail addresses their ids (``mapping.addresses.csv`` beside the mapping); the
sender and recipients columns carry those ids, and the names become the
participants' registered names, as a mail archive's display names do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pandas as pd
import regex

from nicknames.io.address_names import name_of_address
from nicknames.io.mail.participants import (
    AddressKey,
    clean_display_name,
)
from nicknames.io.row_shapes import is_username
from nicknames.model.columns import resolve_columns

_ADDRESS_OR_FULL_NAME = regex.compile(r"\s|[^\s@]@[^\s@]")
"""A sender that holds a space or an address (``name@domain``): a full name or an address, never an id."""
_GIVEN_NAME = regex.compile(r"^\p{Lu}\p{Ll}+$|^\p{Lu}\p{Ll}*(?:['’-]\p{Lu}?\p{Ll}+)+$")
"""A sender that is one capitalised word ("Ann", "O'Neil"): a name when most senders are such words."""


@dataclass(frozen=True)
class OpaqueSenders:
    """A table whose sender (and recipients) columns now hold opaque ids, and the names they replaced."""

    frame: pd.DataFrame
    registered: dict[str, str] = field(default_factory=dict)
    """Participant id → the sender's name, when it was a name (not an address): a class list."""
    column: str = ""
    """The sender column that held names or addresses."""


def looks_like_name_or_address(value: str) -> bool:
    """True for a sender such as "Ann Smith", "ann@example.org" or "Ann"; False for "U07", "user42", "a" (and for
    a user name such as "stonebridge_k", which counts only when most senders are such: ``needs_opaque_ids``).

    A sender that starts with ``@`` stays an error of the messages table (the mapping cannot hold it).
    """
    value = value.strip()
    return bool(_ADDRESS_OR_FULL_NAME.search(value) or _GIVEN_NAME.match(value))


def needs_opaque_ids(senders: pd.Series) -> bool:
    """Whether the senders are names or addresses rather than ids.

    One full name or address is enough; single capitalised words ("Ann") or user
    names ("stonebridge_k", see ``is_username``) must be at least half of the
    senders, so that one "Admin" among ids changes nothing. User names are
    personal: as ids they would be the pseudonyms and stay in the id columns.
    """
    distinct = [value.strip() for value in senders.unique() if isinstance(value, str) and value.strip()]
    if any(_ADDRESS_OR_FULL_NAME.search(value) for value in distinct):
        return True
    named = sum(1 for value in distinct if _GIVEN_NAME.match(value) or is_username(value))
    return bool(distinct) and 2 * named >= len(distinct)


def opaque_senders(
    frame: pd.DataFrame, chosen: Mapping[str, str], source: str, key: AddressKey, *, always: bool = False
) -> OpaqueSenders | None:
    """The frame with opaque ids in its sender and recipients columns, or None when its senders are ids.

    ``frame`` is not changed: output in the input's format compares against it to find changed cells.
    """
    columns = resolve_columns([str(column) for column in frame.columns], chosen, source)
    senders = frame[columns.sender]
    if not always and not needs_opaque_ids(senders):
        return None
    result = frame.copy()
    registered: dict[str, str] = {}
    ids = []
    for value in senders:
        if not value.strip():
            ids.append(value)  # an empty sender stays an error the table check reports
            continue
        participant = key.id_for(value)
        name = clean_display_name(value) if "@" not in value else name_of_address(value)
        if name is not None:
            registered.setdefault(participant, name)
        ids.append(participant)
    result[columns.sender] = ids
    if columns.recipients is not None:
        result[columns.recipients] = [" ".join(key.id_for(one) for one in recipients(cell))
                                      for cell in frame[columns.recipients]]
    return OpaqueSenders(result, registered, columns.sender)


def recipients(cell: str) -> list[str]:
    """The recipients in a cell: separated by commas or semicolons, or by spaces when each is an address."""
    parts = [part.strip() for part in regex.split(r"[,;]", cell) if part.strip()]
    return [one for part in parts for one in (part.split() if all("@" in word for word in part.split()) else [part])]
