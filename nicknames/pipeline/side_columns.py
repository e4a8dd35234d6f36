"""Columns of a table beside the ones apply reads: other prose (a title), people's names and addresses, and a
column of the senders' full names that is the export's own class list."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from collections.abc import Mapping as MappingType
from pathlib import Path

import pandas as pd

from nicknames.engine.spill import SpilledTable
from nicknames.io.class_list import NAME_COLUMNS
from nicknames.io.roster import ADDRESS_COLUMNS, HANDLE_COLUMNS
from nicknames.model.columns import Columns, header_listing
from nicknames.model.errors import InputError
from nicknames.model.messages import MessageTable

OTHER_TEXT_COLUMNS = frozenset({
    "subject", "title", "topic", "thread_title", "post_title", "thread_subject", "discussion_title", "topic_title",
    "summary", "headline", "attachment", "attachments", "attachment_name", "attachment_names", "attachment_url",
    "attachment_urls", "file_name", "filename", "files",
})
"""Column names of prose besides the message text, and of attached files' names and links, which name people as
file names do ("Greta_Essay.docx"; ``Source.other_text_columns``)."""
IDENTITY_COLUMNS = frozenset({
    *NAME_COLUMNS, *ADDRESS_COLUMNS, *HANDLE_COLUMNS, "author", "author_name", "author_email", "author_username",
    "sender_name", "sender_email", "user_full_name", "userfullname", "first_name", "last_name", "firstname",
    "lastname", "given_name", "surname", "from", "to", "cc", "bcc", "recipient", "recipient_email", "recipient_name",
})
"""Column names of people's names, addresses and user names (``Source.identity_columns``)."""


def unread_columns(names: Iterable[str], read: set[str], wanted: frozenset[str], endings: tuple[str, ...] = ()
                   ) -> list[str]:
    """The columns (``names``) with one of the ``wanted`` names, or a name with one of the ``endings`` (any case),
    that are none of the ``read`` ones."""
    return [name for name in names if name not in read and (
        (key := name.strip().casefold()) in wanted or (endings and key.endswith(endings)))]


def other_text_names(header: Iterable[str], columns: Columns) -> list[str]:
    """The columns of other prose (``OTHER_TEXT_COLUMNS``) of a table with this header, none of the ``columns`` it
    reads."""
    return unread_columns(header, set(columns.used()), OTHER_TEXT_COLUMNS)


def visible_texts(ids: Sequence[str], texts: Sequence[str], others: MappingType[str, Sequence[object]]
                  ) -> list[tuple[str, str]]:
    """(message id, all the text a reader sees) of each row: its text, then each of its cells of other prose that
    holds text (a title), after a blank line, so that offsets in the text stay those of the text column. What audit
    and ``apply --strict`` scan, whichever way the table is read."""
    if not others:
        return list(zip(ids, texts))
    columns = list(others.values())
    pairs = []
    for row, (message_id, text) in enumerate(zip(ids, texts)):
        cells = [cell for cell in (column[row] for column in columns) if isinstance(cell, str) and cell]
        pairs.append((message_id, "\n\n".join([text, *cells]) if cells else text))
    return pairs


def frame_texts(frame: pd.DataFrame, message_id: str, text: str, others: Iterable[str]) -> list[tuple[str, str]]:
    """``visible_texts`` of a frame's rows: their ids, texts and cells of the ``others`` columns."""
    return visible_texts(frame[message_id].tolist(), frame[text].tolist(),
                         {name: frame[name].tolist() for name in others})


def spilled_texts(spilled: SpilledTable, run: int, message_id: str, text: str, others: Sequence[str]
                  ) -> list[tuple[str, str]]:
    """``visible_texts`` of a run kept on disk, only the columns needed read."""
    if not others:
        return spilled.run_pairs(run, message_id, text)
    table = spilled.read_run(run, [message_id, text, *others])
    return visible_texts(table.column(message_id).to_pylist(), table.column(text).to_pylist(),
                         {name: table.column(name).to_pylist() for name in others})


def checked_columns(path: Path, columns: Iterable[str], there: Sequence[str], what: str = "of other prose"
                    ) -> list[str]:
    """The columns asked for (``what`` they are for), each one of the table's (``there``); else an error naming it
    and the columns there are."""
    chosen = list(columns)
    for column in chosen:
        if column not in there:
            shown, detail = header_listing(there)
            raise InputError(f"{path}: there is no column {column!r} {what}; the columns are {shown}.",
                             detail=detail)
    return chosen


def side_columns(source_path: Path, there: Sequence[str], found: Iterable[str], chosen: Iterable[str] | None,
                 kept: Iterable[str]) -> tuple[str, ...]:
    """The columns of one kind apply pseudonymises: those ``chosen`` (checked), else those ``found``, less the
    ``kept`` ones (checked: ``--keep-column``)."""
    left = set(checked_columns(source_path, kept, there, "to keep"))
    columns = found if chosen is None else checked_columns(source_path, chosen, there)
    return tuple(column for column in columns if column not in left)


PERSON_NAME_COLUMNS = ("full_name", "fullname", "userfullname", "user_full_name", "author_name", "sender_name",
                       "display_name", "user_display_name", "author_display_name", "student_name", "registered_name",
                       "poster_name", "creator_name", "name", "user_name", "username", "author_username", "author")
"""Columns of the senders' names beside their ids, in the order looked for (``names_beside_ids``): full names first,
then columns that hold a full name in some exports and a user name in others (Canvas's ``user_name`` is a display
name, edX's ``author_username`` a login; either is a registered name, see ``class_list.registered_parts``)."""


def names_beside_ids(frame: pd.DataFrame, table: MessageTable) -> tuple[str, dict[str, str]]:
    """A column of full names beside the sender ids ("author_name", "full_name"; not one the table reads) and each
    sender's first name in it: the export's own class list. None found, or a column that gives most senders the
    same value (a course's name, not a person's): ("", {})."""
    read = set(table.columns.used())
    columns = {str(column).strip().casefold(): column for column in frame.columns if column not in read}
    column = next((columns[name] for name in PERSON_NAME_COLUMNS if name in columns), None)
    if column is None:
        return "", {}
    names: dict[str, str] = {}
    for participant, name in zip(frame[table.columns.sender].tolist(), frame[column].tolist()):
        if participant not in names and isinstance(name, str) and name.strip():
            names[participant] = " ".join(name.split())
    if len(set(names.values())) < DISTINCT_NAMES * len(names):
        return "", {}
    return str(column), names


DISTINCT_NAMES = 0.8
"""The share of senders with a name of their own for a column to be read as their names."""
