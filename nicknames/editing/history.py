"""Undo and redo for mapping edits, by saving only the entries an edit touches.

A deep copy of a mapping of 5,000 participants takes most of a second and
megabytes per step, so each step keeps just the entries of the participants an
edit names (plus the keep list, their ``seen`` sets and the entry order) as
they were before the edit. Names are frozen records, so copying an entry
copies two lists. An edit that fails half-way is rolled back the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TypeVar

from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import KEEP, Entry, Mapping

T = TypeVar("T")

LIMIT = 500
"""Steps kept for undo; the oldest are forgotten first."""


@dataclass(frozen=True)
class Parts:
    """The parts of a mapping an edit may change, as they were at one moment."""

    order: tuple[str, ...]
    entries: dict[str, Entry | None]
    seen: dict[str, frozenset[str] | None]
    footer: tuple[str, ...]


@dataclass(frozen=True)
class Step:
    """One undoable edit: what it was called, and the touched parts before it."""

    label: str
    keys: tuple[str, ...]
    before: Parts


def save_parts(mapping: Mapping, keys: Iterable[str]) -> Parts:
    """Copy the entries and ``seen`` sets of ``keys`` (and the keep list) out of a mapping."""
    touched = tuple(dict.fromkeys([KEEP, *keys]))
    return Parts(
        order=tuple(mapping.entries),
        entries={key: _copy_entry(mapping.entries[key]) if key in mapping.entries else None for key in touched},
        seen={key: frozenset(mapping.seen[key]) if key in mapping.seen else None for key in touched},
        footer=tuple(mapping.footer),
    )


def restore_parts(mapping: Mapping, parts: Parts) -> None:
    """Put saved parts back into a mapping, in the saved entry order."""
    current = dict(mapping.entries)
    for key, entry in parts.entries.items():
        current.pop(key, None)
        if entry is not None:
            current[key] = _copy_entry(entry)
    order = [key for key in parts.order if key in current]
    placed = set(order)
    order.extend(key for key in current if key not in placed)
    mapping.entries = {key: current[key] for key in order}
    for key, seen in parts.seen.items():
        if seen is None:
            mapping.seen.pop(key, None)
        else:
            mapping.seen[key] = set(seen)
    mapping.footer = list(parts.footer)


class History:
    """The undo and redo stacks of one editing session."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self.undo_steps: list[Step] = []
        self.redo_steps: list[Step] = []
        self.forgotten = False
        """True once steps were dropped for the limit: the start can no longer be reached."""

    def edit(self, mapping: Mapping, label: str, keys: Iterable[str], change: Callable[[], T]) -> T:
        """Run ``change`` (which may touch only ``keys`` and the keep list) as one undoable step.

        A ``NicknamesError`` from ``change`` leaves the mapping as it was and is re-raised.
        """
        keys = tuple(keys)
        before = save_parts(mapping, keys)
        try:
            result = change()
        except NicknamesError:
            restore_parts(mapping, before)
            raise
        if save_parts(mapping, keys) == before:
            return result
        self.undo_steps.append(Step(label, keys, before))
        if len(self.undo_steps) > self.limit:
            del self.undo_steps[: -self.limit]
            self.forgotten = True
        self.redo_steps.clear()
        return result

    @property
    def changed(self) -> bool:
        """True when the mapping differs from where the session started (as far as edits show)."""
        return bool(self.undo_steps) or self.forgotten

    def undo(self, mapping: Mapping) -> Step | None:
        """Revert the last edit; the step undone, or None when there is nothing to undo."""
        return _move(mapping, self.undo_steps, self.redo_steps)

    def redo(self, mapping: Mapping) -> Step | None:
        """Make the last undone edit again; the step redone, or None."""
        return _move(mapping, self.redo_steps, self.undo_steps)


def _move(mapping: Mapping, source: list[Step], target: list[Step]) -> Step | None:
    if not source:
        return None
    step = source.pop()
    target.append(Step(step.label, step.keys, save_parts(mapping, step.keys)))
    restore_parts(mapping, step.before)
    return step


def _copy_entry(entry: Entry) -> Entry:
    return replace(entry, names=list(entry.names), comments=list(entry.comments))
