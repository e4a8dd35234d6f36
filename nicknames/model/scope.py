"""Scopes: the groups of messages inside which a participant's names are applied (a thread, a session, all)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Protocol

from nicknames.model.columns import Columns
from nicknames.model.errors import InputError


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
        keys: list[str] = table.frame[table.columns.session_id].tolist()
        return keys


SCOPES = tuple(scope.value for scope in Scope)
"""The scope names, narrowest first."""
