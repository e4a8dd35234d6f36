"""The evidence pane of the editor: where the selected name occurs, each occurrence in its context.

The pane is three widgets of the editor's layout (``#evidence-title``,
``#occurrences``, ``#evidence-detail``); this controller fills them. Scans run
in a worker thread and are cached per (name, participant, only related), so
moving back to a name shows its occurrences at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import App
from textual.widgets import DataTable, Label

from nicknames.editing.concordance import Concordance, Hit, Occurrences
from nicknames.tui.dialogs import MessageScreen
from nicknames.tui.rows import hit_cells

EvidenceKey = tuple[str, str | None, bool]
"""(name, participant, only the participant's messages) of a search for evidence."""

SHOWN_HITS = 200
"""Occurrences listed in the evidence pane (all are counted)."""

COLUMNS = ("from→to", "at", "context", "msg", "thread")
"""The columns of the occurrences table."""


class Evidence:
    """Fills the evidence pane of ``app`` for a name; ``describe`` labels a participant id."""

    def __init__(self, app: App[Any], describe: Callable[[str], str]) -> None:
        self.app = app
        self.describe = describe
        self.concordance: Concordance | None = None
        self.shown: EvidenceKey | None = None
        self.cache: dict[EvidenceKey, Occurrences] = {}
        self.hits: list[Hit] = []

    def title(self) -> Label:
        return self.app.query_one("#evidence-title", Label)

    def table(self) -> DataTable[object]:
        return self.app.query_one("#occurrences", DataTable)

    def show(self, name: str | None, participant: str | None, only_related: bool, messages_given: bool) -> None:
        """Show where a name occurs, from the cache or from a worker."""
        if name is None:
            self.shown = None
            self.fill(None, participant, only_related)
            self.title().update("")
            return
        if not messages_given:
            self.title().update("Give --messages to see where each name occurs.")
            return
        if self.concordance is None:
            return
        key = (name, participant, only_related)
        self.shown = key
        if key in self.cache:
            self.fill(self.cache[key], participant, only_related)
        else:
            self.title().update(Text(f"Looking for “{name}”…"))
            concordance = self.concordance
            self.app.run_worker(lambda: self.find(concordance, key), thread=True, exclusive=True, group="evidence")

    def find(self, concordance: Concordance, key: EvidenceKey) -> None:
        """Scan the messages for a name (in a worker thread)."""
        name, participant, only_related = key
        if participant is None:
            found = concordance.find(name)
        elif only_related:
            found = concordance.find(name, related_to=participant)
        else:
            found = concordance.find_for(name, participant)
        self.app.call_from_thread(self.found, key, found)

    def found(self, key: EvidenceKey, found: Occurrences) -> None:
        """Cache a scan's result and show it if the name is still selected."""
        self.cache[key] = found
        if key == self.shown:
            self.fill(found, key[1], key[2])

    def refill(self) -> None:
        """Draw the shown occurrences again (after a resize: the names stay centred)."""
        if self.shown in self.cache:
            self.fill(self.cache[self.shown], self.shown[1], self.shown[2])

    def fill(self, found: Occurrences | None, participant: str | None, only_related: bool) -> None:
        """List the occurrences of a name (the participant's own messages first), the name centred."""
        table = self.table()
        table.clear()
        self.hits = list(found.hits[:SHOWN_HITS]) if found else []
        self.app.query_one("#evidence-detail", Label).update("")
        if found is None:
            return
        side = max(8, (table.size.width - fixed_width(self.hits) - len(found.name)) // 2)
        for hit in self.hits:
            table.add_row(*hit_cells(hit, participant, side))
        if only_related:
            counts = f"{found.total} in messages by or to {participant} (o: all)"
        elif found.related is not None:
            counts = f"{found.total} in all, {found.related} by or to {participant} (listed first)"
        else:
            counts = f"{found.total} in all"
        shown = f"; first {len(self.hits)} shown" if found.total > len(self.hits) else ""
        self.title().update(Text.assemble((f"“{found.name}”", "bold"), f": {counts}{shown}"))
        if self.hits:
            self.detail(0)

    def detail(self, row: int) -> None:
        """One line under the occurrences: message, thread, sender and parent sender with their names."""
        if not 0 <= row < len(self.hits):
            return
        hit = self.hits[row]
        parent = self.describe(hit.parent_sender) if hit.parent_sender else "no parent"
        self.app.query_one("#evidence-detail", Label).update(Text(
            f"msg {hit.message_id} · thread {hit.thread} · {hit.place} · "
            f"from {self.describe(hit.sender)} to {parent}", no_wrap=True, overflow="ellipsis",
        ))

    def open_message(self, row: int) -> None:
        """Show the whole message of an occurrence."""
        if self.concordance is None or not 0 <= row < len(self.hits):
            return
        hit = self.hits[row]
        message = self.concordance.message(hit.message_id)
        if message is not None:
            parent = self.describe(hit.parent_sender) if hit.parent_sender else "no parent"
            heading = f"Message {hit.message_id} · thread {hit.thread} · from {self.describe(hit.sender)} to {parent}"
            self.app.push_screen(MessageScreen(message, hit.start, hit.end, heading))


def fixed_width(hits: list[Hit]) -> int:
    """Columns other than the context: from→to, at, msg and thread as wide as their widest cell, with padding."""
    who = max((len(hit.sender) + 1 + len(hit.parent_sender or "·") for hit in hits), default=7)
    message = max((len(hit.message_id) for hit in hits), default=3)
    thread = max((len(hit.thread) for hit in hits), default=6)
    return max(who, 7) + 5 + max(message, 3) + max(thread, 6) + 2 * 5 + 2
