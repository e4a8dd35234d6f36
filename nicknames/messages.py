"""Read a messages export and see it as messages with their reply and scope context."""

from __future__ import annotations

import codecs
import csv
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import pandas as pd

from nicknames.columns import Columns, resolve_columns
from nicknames.errors import InputError

NO_PARENT = frozenset({"", "0", "-1", "none", "null", "nan"})
"""Parent id values that mean "this message starts a thread"."""

SCOPES = ("thread", "session", "all")


class Message(NamedTuple):
    """One message with what collect and apply need to know about its context."""

    id: str
    sender: str
    text: str
    parent_sender: str | None
    thread: str
    session: str


@dataclass
class MessageTable:
    """A messages export as read, all cells as strings, with its column roles."""

    frame: pd.DataFrame
    columns: Columns
    source: str
    parent_senders: list[str | None] = field(default_factory=list)
    threads: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.frame)

    def messages(self) -> Iterator[Message]:
        """The messages in file order."""
        frame, columns = self.frame, self.columns
        sessions = frame[columns.session_id] if columns.session_id else [""] * len(frame)
        return map(
            Message._make,
            zip(
                frame[columns.message_id],
                frame[columns.sender],
                frame[columns.text],
                self.parent_senders,
                self.threads,
                sessions,
            ),
        )

    def scope_keys(self, scope: str) -> list[str]:
        """The scope each message belongs to: its thread, its session, or one scope for all."""
        if scope == "all":
            return [""] * len(self.frame)
        if scope == "session":
            if self.columns.session_id is None:
                raise InputError(
                    f"{self.source}: --scope session needs a session column and none was found; "
                    "name it with --session-id-column or use --scope thread or all."
                )
            return list(self.frame[self.columns.session_id])
        if scope == "thread":
            return self.threads
        raise InputError(f"Unknown scope {scope!r}; choose one of {', '.join(SCOPES)}.")


def read_messages(
    path: Path,
    chosen: Mapping[str, str] | None = None,
    encoding: str | None = None,
) -> MessageTable:
    """Read a CSV export, find its columns, and derive each message's parent sender and thread."""
    return table_from_frame(read_csv_table(path, encoding), chosen, str(path))


def table_from_frame(frame: pd.DataFrame, chosen: Mapping[str, str] | None = None, source: str = "<table>") -> MessageTable:
    """See a table of string cells (from any reader) as messages with their reply context."""
    columns = resolve_columns([str(column) for column in frame.columns], chosen or {}, source)
    table = MessageTable(frame, columns, source)
    _check_unique_ids(table)
    table.parent_senders, table.threads = _reply_context(table)
    return table


def read_csv_table(path: Path, encoding: str | None = None) -> pd.DataFrame:
    """Read a CSV file with every cell as a string, and a clear error for each way it can fail."""
    encoding = _check_encoding(encoding)
    csv.field_size_limit(2**31 - 1)
    try:
        frame = pd.read_csv(
            path, dtype=str, keep_default_na=False, na_filter=False, encoding=encoding,
            encoding_errors="strict", engine="c",
        )
    except FileNotFoundError:
        raise InputError(f"File {path} does not exist; check the path.") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a folder; give the path of a CSV file.") from None
    except UnicodeDecodeError as error:
        raise InputError(
            f"{path} is not valid {encoding} (byte {error.start} cannot be decoded); "
            "give its encoding with --encoding, for example --encoding cp1252."
        ) from None
    except pd.errors.EmptyDataError:
        raise InputError(f"{path} is empty; it needs a header row and at least one message.") from None
    except pd.errors.ParserError as error:
        raise InputError(f"{path} is not a well-formed CSV file: {_first_line(error)}.") from None
    if frame.empty:
        raise InputError(f"{path} has a header but no rows; it needs at least one message.")
    return frame


def _check_encoding(encoding: str | None) -> str:
    if encoding is None:
        return "utf-8-sig"
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        raise InputError(f"Unknown encoding {encoding!r}; use a name such as utf-8, cp1252 or latin-1.") from None
    return "utf-8-sig" if name == "utf-8" else name


def _first_line(error: Exception) -> str:
    return str(error).strip().splitlines()[0].rstrip(".")


def _check_unique_ids(table: MessageTable) -> None:
    check_unique_ids(table.frame[table.columns.message_id], table.source, table.columns.message_id)


def check_unique_ids(ids: pd.Series, source: str, column: str) -> None:
    """Raise an ``InputError`` naming the first message id that appears twice (ids indexed from 0)."""
    duplicated = ids[ids.duplicated(keep=False)]
    if len(duplicated):
        value = duplicated.iloc[0]
        rows = [index + 1 for index in duplicated.index[duplicated == value][:2]]
        raise InputError(
            f"{source}: message id {value!r} appears in data rows {rows[0]} and {rows[1]} "
            f"(column {column!r}); message ids must be unique."
        )


def _reply_context(table: MessageTable) -> tuple[list[str | None], list[str]]:
    """Each message's parent sender (None without a known parent) and thread id."""
    frame, columns = table.frame, table.columns
    ids = list(frame[columns.message_id])
    if columns.parent_id is None:
        threads = list(frame[columns.thread_id]) if columns.thread_id else list(ids)
        return [None] * len(ids), threads
    parents = [None if p.strip().lower() in NO_PARENT else p for p in frame[columns.parent_id]]
    sender_of = dict(zip(ids, frame[columns.sender]))
    parent_senders = [sender_of.get(parent) if parent else None for parent in parents]
    if columns.thread_id is not None:
        return parent_senders, list(frame[columns.thread_id])
    return parent_senders, _thread_roots(ids, parents)


def _thread_roots(ids: list[str], parents: list[str | None]) -> list[str]:
    """Follow parent links up to the first message of each thread (cycles stop where they close)."""
    parent_of = dict(zip(ids, parents))
    root_of: dict[str, str] = {}
    for start in ids:
        path: list[str] = []
        current = start
        while current not in root_of and current not in path:
            path.append(current)
            parent = parent_of.get(current)
            if parent is None or parent not in parent_of:
                break
            current = parent
        root = root_of.get(current, current)
        for node in path:
            root_of[node] = root
    return [root_of[message_id] for message_id in ids]
