"""Scopes: the groups of messages inside which a participant's names are applied (a thread, a session, all)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from nicknames.model.columns import Columns
from nicknames.model.errors import InputError
from nicknames.model.reply_context import shared_cells, string_column

if TYPE_CHECKING:
    import pandas as pd
    import polars as pl


class Table(Protocol):
    """What a scope reads of a messages table (``MessageTable``)."""

    frame: Any
    columns: Columns
    source: str
    threads: list[str]

    def __len__(self) -> int: ...


class Scope(StrEnum):
    """Where a participant's names are applied: in the threads, sessions or whole file where they are active."""

    thread = "thread"
    session = "session"
    all = "all"

    @classmethod
    def of(cls, name: str) -> Scope:
        """The scope of this name, or a one-line error naming the choices."""
        try:
            return cls(name)
        except ValueError:
            raise InputError(f"Unknown scope {name!r}; choose one of {', '.join(SCOPES)}.") from None

    def keys(self, table: Table) -> list[str]:
        """The scope each message of the table belongs to: its thread, its session, or one scope for all.

        Without a session column the whole export is one session, as collect sees it.
        """
        if self is Scope.all:
            return [""] * len(table)
        if self is Scope.thread:
            return table.threads
        if table.columns.session_id is None:
            return [""] * len(table)  # no session column: the export is one session, as collect sees it
        keys: list[str] = shared_cells(table.frame[table.columns.session_id])
        return keys

    def key_column(self, frame: pd.DataFrame, columns: Columns, threads: pl.Series) -> pl.Series | None:
        """``keys`` as a column, for a table's id columns (``threads``: each message's thread); None when every
        message is in one scope."""
        if self is Scope.thread:
            return threads
        if self is Scope.all or columns.session_id is None:
            return None
        return string_column(frame[columns.session_id])


SCOPES = tuple(scope.value for scope in Scope)
"""The scope names, narrowest first."""
