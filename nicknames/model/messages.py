"""Read a messages export and see it as messages with their reply and scope context."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, TypeVar

import pandas as pd

from nicknames.model.columns import Columns, resolve_columns
from nicknames.model.errors import InputError, NicknamesError, where
from nicknames.model.mapping import check_participant_id
from nicknames.model.replies import ReplyCheck
from nicknames.model.reply_context import (
    ReplyContext,
    compact,
    reply_context,
    string_column,
)
from nicknames.model.scope import Scope

if TYPE_CHECKING:
    import polars as pl

_ID_SEPARATORS = re.compile(r"[\s,;]+")


class Message(NamedTuple):
    """One message with what collect and apply need to know about its context."""

    id: str
    sender: str
    text: str
    parent_sender: str | None
    thread: str
    session: str
    recipients: tuple[str, ...] = ()
    """Who the message was sent to (mail): the candidates for the names in its greeting."""
    others: tuple[str, ...] = ()
    """Its other prose (a title), one for each of the table's ``Columns.other_texts``."""


_C = TypeVar("_C")
_R = TypeVar("_R")

RunFunction = Callable[[int, Sequence[Message], _C], _R]
"""What a pass over the texts does with one run of messages: (position of its first message in the file, its
messages, the pass's context) → a result (see ``nicknames.collect.runs``)."""


@dataclass
class MessageTable:
    """A messages export as read, all cells as strings, with its column roles."""

    frame: pd.DataFrame
    columns: Columns
    source: str
    parent_senders: list[str | None] = field(default_factory=list)
    threads: list[str] = field(default_factory=list)
    replies: ReplyCheck = field(default_factory=ReplyCheck)
    """Missing parents and reply loops found while deriving the reply context."""
    context: ReplyContext | None = None
    """The reply context as columns, for the id columns of a file kept on disk (``table_of_ids``): the lists
    ``parent_senders`` and ``threads`` are then empty, and the table has no messages to read."""
    texts_kept: str | None = None
    """Where the texts are when this table holds only the id columns ("on disk", "on the cluster"): its messages
    and texts are then refused rather than read as empty."""

    def __len__(self) -> int:
        return len(self.frame)

    def messages(self) -> Iterator[Message]:
        """The messages in file order."""
        frame, columns = self.frame, self.columns
        self._check_texts_here()
        sessions = frame[columns.session_id].tolist() if columns.session_id else [""] * len(frame)
        recipients = map(split_ids, frame[columns.recipients].tolist()) if columns.recipients else [()] * len(frame)
        return map(
            Message._make,
            zip(
                frame[columns.message_id].tolist(),
                frame[columns.sender].tolist(),
                frame[columns.text].tolist(),
                self.parent_senders,
                self.threads,
                sessions,
                recipients,
                _other_texts(columns, {name: frame[name].tolist() for name in columns.other_texts}, len(frame)),
            ),
        )

    def _check_texts_here(self) -> None:
        """Refuse to read the texts of a table that holds only its id columns: its texts would all be empty."""
        if self.texts_kept is not None:
            raise NicknamesError(
                f"{self.source}: this table holds only the id columns; its texts are kept {self.texts_kept}. "
                "Pass the Source to collect_source or pseudonymise, which read them there."
            )

    def reply_lists(self, start: int = 0, stop: int | None = None) -> tuple[list[str | None], list[str]]:
        """The parent's sender and thread of rows ``start:stop`` as lists, whether the table holds its reply context
        as lists or, kept on disk, as columns (``context``); the lists share one string per distinct value."""
        end = len(self) if stop is None else stop
        if self.context is None:
            return self.parent_senders[start:end], self.threads[start:end]
        return (compact(self.context.parent_senders.slice(start, end - start)),
                compact(self.context.threads.slice(start, end - start)))

    def one_session_note(self, scope: str) -> str | None:
        """What to tell the user when ``--scope session`` meets an export without a session column."""
        if scope != "session" or self.columns.session_id is not None:
            return None
        return (
            f"{self.source} has no session column, so the whole export is one session (as --scope all); "
            "name the column with --session-id-column, or choose --scope thread."
        )

    def texts(self) -> dict[str, str]:
        """Message id → text."""
        frame, columns = self.frame, self.columns
        self._check_texts_here()
        return dict(zip(frame[columns.message_id].tolist(), frame[columns.text].tolist()))

    def scope_keys(self, scope: str) -> list[str]:
        """The scope each message belongs to (see ``Scope.keys``)."""
        return Scope.of(scope).keys(self)


def split_ids(cell: str) -> tuple[str, ...]:
    """Participant ids in one cell, separated by spaces, commas or semicolons."""
    return tuple(part for part in _ID_SEPARATORS.split(cell) if part)


def table_from_frame(frame: pd.DataFrame, chosen: Mapping[str, str] | None = None, source: str = "<table>") -> MessageTable:
    """See a table of string cells (from any reader) as messages with their reply context."""
    columns = resolve_columns([str(column) for column in frame.columns], chosen or {}, source)
    return table_from_columns(frame, columns, source)


def table_from_columns(frame: pd.DataFrame, columns: Columns, source: str) -> MessageTable:
    """``table_from_frame`` with the columns already found: for a frame of some of a file's columns (the ids, without
    the text), whose own names would be guessed differently than the whole file's."""
    table = _checked(frame, columns, source)
    table.parent_senders, table.threads = _reply_context(table)
    return table


def table_of_ids(frame: pd.DataFrame, columns: Columns, source: str) -> MessageTable:
    """``table_from_columns`` for the id columns of a file whose messages stay on disk: the same checks and reply
    context, kept as columns (``MessageTable.context``): a million messages' context as lists of Python strings
    would be most of a bounded run's memory."""
    table = _checked(frame, columns, source)
    table.context = reply_columns(table)
    table.replies = table.context.replies
    table.texts_kept = "on disk"
    return table


def _checked(frame: pd.DataFrame, columns: Columns, source: str) -> MessageTable:
    """The frame as a table without its reply context, once its senders and ids are checked."""
    table = MessageTable(used_as_strings(frame, columns), columns, source)
    _check_senders(table)
    _check_unique_ids(table)
    return table


def message_columns(columns: Columns) -> list[str]:
    """The columns a message is made of (id, sender, text, and session and recipients when the table has them),
    each once: what a part of a table read on its own needs for ``messages_of``."""
    return list(dict.fromkeys(column for column in (columns.message_id, columns.sender, columns.text,
                                                    columns.session_id, columns.recipients, *columns.other_texts)
                              if column is not None))


def frame_messages(frame: pd.DataFrame, columns: Columns, parent_senders: Sequence[str | None],
                   threads: Sequence[str]) -> list[Message]:
    """``messages_of`` for rows of a table read as a frame of strings (``used_as_strings``)."""
    return messages_of(columns, {name: frame[name].tolist() for name in message_columns(columns)}, parent_senders,
                       threads)


def messages_of(columns: Columns, cells: Mapping[str, Sequence[str]], parent_senders: Sequence[str | None],
                threads: Sequence[str]) -> list[Message]:
    """Messages from a table's columns of cells (``cells``: column name → values) and their reply context, as
    ``MessageTable.messages`` gives them: for a part of a table read on its own."""
    count = len(threads)
    sessions = cells[columns.session_id] if columns.session_id else [""] * count
    recipients = map(split_ids, cells[columns.recipients]) if columns.recipients else [()] * count
    return list(map(Message._make, zip(
        cells[columns.message_id], cells[columns.sender], cells[columns.text], parent_senders, threads, sessions,
        recipients, _other_texts(columns, cells, count),
    )))


def _other_texts(columns: Columns, cells: Mapping[str, Sequence[str]], count: int) -> Iterable[tuple[str, ...]]:
    """Each message's cells of ``Columns.other_texts``, as strings (``string_cell``)."""
    if not columns.other_texts:
        return [()] * count
    return zip(*([string_cell(value) for value in cells[name]] for name in columns.other_texts))


def used_as_strings(frame: pd.DataFrame, columns: Columns) -> pd.DataFrame:
    """The frame with its used columns as strings: a missing value (NaN, None) is an empty cell."""
    used = [column for column in columns.used() if not _all_strings(frame[column])]
    if not used:
        return frame
    frame = frame.copy()
    for column in used:
        frame[column] = [string_cell(value) for value in frame[column]]
    return frame


def string_cell(value: object) -> str:
    """A cell as the pipeline reads it: a string as it is, a missing value (NaN, None) empty, else its ``str``."""
    return value if isinstance(value, str) else "" if pd.isna(value) else str(value)


def _all_strings(values: pd.Series) -> bool:
    if values.dtype == "str":
        return not values.isna().any()
    return all(isinstance(value, str) for value in values)


def _check_senders(table: MessageTable) -> None:
    """Every message needs an id and a sender id the mapping file can hold."""
    senders = table.frame[table.columns.sender]
    for sender in senders.unique():
        problem = _sender_problem(sender)
        if problem is not None:
            position = int((senders == sender).to_numpy().argmax())
            raise InputError(
                f"{where(table.source, row=position, column=repr(table.columns.sender))}: {problem}; "
                "every message needs a sender id without spaces around it, not starting with '#' or '@' "
                "and without '|': fix that cell in the export (or drop the row)."
            )
    ids = table.frame[table.columns.message_id]
    empty = ids.str.strip() == ""
    if empty.any():
        raise empty_ids_error(table.source, table.columns.message_id, int(empty.to_numpy().argmax()), int(empty.sum()))


def empty_ids_error(source: str, column: str, first: int, count: int) -> InputError:
    """The error for messages without an id: where the first is (row counted from 0) and how many."""
    return InputError(
        f"{where(source, row=first, column=repr(column))}: the message id is empty ({_rows(count)} without one); "
        "every message needs an id of its own: fill them in."
    )


def _rows(count: int) -> str:
    return "1 row" if count == 1 else f"{count} rows"


def _sender_problem(sender: str) -> str | None:
    try:
        check_participant_id(sender)
    except NicknamesError:
        if not sender.strip():
            return "the sender is empty"
        if sender != sender.strip():
            return "the sender id has spaces around it"
        return "the sender id starts with '#' or '@' or holds '|' or a line break"
    return None


def _check_unique_ids(table: MessageTable) -> None:
    check_unique_ids(table.frame[table.columns.message_id], table.source, table.columns.message_id)


def check_unique_ids(ids: pd.Series, source: str, column: str) -> None:
    """Raise an ``InputError`` at the first message id that was already used (rows counted from 0)."""
    repeated = ids.duplicated().to_numpy()
    if repeated.any():
        position = int(repeated.argmax())
        value = ids.iloc[position]
        first = int((ids == value).to_numpy().argmax())
        raise InputError(
            f"{where(source, row=position, column=repr(column))}: this message id "
            f"was already used in row {first + 2} ({int(repeated.sum())} repeated ids in all); message ids must "
            "be unique: fix the export or name another column with --message-id-column.",
            detail=f"the id is {_short(value)}",
        )


def _short(value: str, limit: int = 40) -> str:
    """A cell for a ``--verbose`` detail: quoted, and cut short (a wrong column could hold a whole message)."""
    return repr(value if len(value) <= limit else value[:limit] + "...")


def _reply_context(table: MessageTable) -> tuple[list[str | None], list[str]]:
    """Each message's parent sender (None without a known parent) and thread id, as lists that share one string
    object per distinct value."""
    context = reply_columns(table)
    table.replies = context.replies
    return compact(context.parent_senders), compact(context.threads)


def reply_columns(table: MessageTable) -> ReplyContext:
    """The reply context of a table as columns (see ``nicknames.model.reply_context``)."""
    frame, columns = table.frame, table.columns

    def column(name: str | None) -> pl.Series | None:
        return None if name is None else string_column(frame[name])

    ids, senders = string_column(frame[columns.message_id]), string_column(frame[columns.sender])
    return reply_context(ids, senders, column(columns.parent_id), column(columns.thread_id))
