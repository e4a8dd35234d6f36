"""Messages the editor's screens and widgets post to the app, which owns the mapping."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class RejectName(Message):
    """Reject a name for one participant (from the duplicates view)."""

    participant: str
    name: str


@dataclass
class MoveName(Message):
    """Move a name from one participant to another (from the duplicates view)."""

    participant: str
    name: str
    target: str


@dataclass
class KeepName(Message):
    """Put a name on the keep list (from the duplicates view)."""

    name: str


@dataclass
class ShowParticipant(Message):
    """Select a participant, and one of its names, in the main view."""

    participant: str
    name: str | None = None
