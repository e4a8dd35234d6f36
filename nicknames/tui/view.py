"""What the mapping editor shows: the participant list, the selected one's names and their evidence.

``EditorView`` holds the editor's state (the mapping, its history, the
duplicates, the current participant) and keeps the three panes in step with
it; ``edit`` is the one way a change reaches the mapping. What the keys do is
``EditorApp`` (``tui/app.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Footer, Header, Input, Label

from nicknames.editing.concordance import Concordance
from nicknames.editing.duplicates import (
    Activity,
    DuplicateName,
    find_duplicates,
    update_duplicates,
)
from nicknames.editing.history import History
from nicknames.editing.review import participant_problems
from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import OTHERS, Mapping
from nicknames.model.messages import MessageTable
from nicknames.tui.dialogs import (
    FilterInput,
)
from nicknames.tui.duplicates import DuplicatesScreen
from nicknames.tui.evidence import COLUMNS as EVIDENCE_COLUMNS
from nicknames.tui.evidence import Evidence
from nicknames.tui.rowlist import RowList
from nicknames.tui.rows import name_cells, participant_line, sort_names

T = TypeVar("T")

NAME_WIDTH = 28
"""Longer names are cut in the names table (the whole name is in the edit dialog)."""

OTHERS_LABEL = "people who are not participants"
"""What the list shows beside ``@others``."""

BIG = 1000
"""Participants above which the filter waits for a pause in typing."""



class EditorView(App[Mapping]):
    """The editor's panes and state; every change goes through ``edit`` so it can be undone."""

    CSS_PATH = "editor.tcss"

    def __init__(
        self,
        mapping: Mapping,
        messages: MessageTable | None = None,
        class_list: dict[str, str] | None = None,
        scope: str | None = None,
    ) -> None:
        super().__init__()
        self.mapping = mapping
        self.table = messages
        self.class_list = class_list or {}
        self.scope = scope or "session"  # as apply; without a session column the export is one session
        self.history = History()
        self.activity: Activity | None = None
        self.duplicates: list[DuplicateName] = []
        self.duplicated: set[str] = set()
        self.current: str | None = None
        self.problems_only = False
        self.only_related = False
        self.evidence = Evidence(self, self.describe)
        self.id_width = 4

    @property
    def concordance(self) -> Concordance | None:
        """The prepared messages, which the evidence pane searches (None until ready, or without messages)."""
        return self.evidence.concordance

    def compose(self) -> ComposeResult:
        yield Header(icon="")
        with Horizontal():
            with Vertical(id="participants-pane"):
                yield FilterInput(placeholder="/ filter: id, name…", id="filter")
                yield RowList(id="participants")
            with Vertical(id="right-pane"):
                yield Label("", id="names-title")
                yield DataTable(id="names", cursor_type="row")
                yield Label("", id="evidence-title")
                yield DataTable(id="occurrences", cursor_type="row")
                yield Label("", id="evidence-detail")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Fill the lists; prepare the messages in a worker so the window opens at once."""
        self.query_one("#occurrences", DataTable).add_columns(*EVIDENCE_COLUMNS)
        self.refresh_duplicates()
        self.refresh_participants()
        self.query_one("#participants").focus()
        if self.table is not None:
            self.query_one("#evidence-title", Label).update("Reading the messages…")
            self.prepare_messages(self.table)
        self.update_title()

    @work(thread=True, exclusive=True, group="prepare")
    def prepare_messages(self, table: MessageTable) -> None:
        """Build the concordance and who is active where (a second or so for 100,000 messages)."""
        concordance = Concordance.from_table(table)
        activity = Activity.from_table(table, self.scope)
        self.call_from_thread(self.messages_ready, concordance, activity)

    def messages_ready(self, concordance: Concordance, activity: Activity) -> None:
        """Use the prepared messages: duplicates by scope, evidence for the selected name."""
        self.evidence.concordance, self.activity = concordance, activity
        self.refresh_duplicates()
        self.refresh_participants()
        self.update_title()
        self.show_evidence_for(self.selected_name())

    def participant_label(self, participant: str) -> Text:
        """One line of the participant list."""
        problems = participant_problems(self.mapping, participant, self.duplicated)
        count = len(self.mapping.names_in_use(participant))
        shown = OTHERS_LABEL if participant == OTHERS else self.shown_name(participant)
        return participant_line(participant, shown, count, problems, self.id_width)

    def visible_participants(self) -> list[str]:
        """Participants that match the filter (and have problems, when only those are shown)."""
        needle = self.query_one("#filter", Input).value.strip().casefold()
        shown = []
        for participant in self.listed():
            if self.problems_only and not participant_problems(self.mapping, participant, self.duplicated):
                continue
            if needle and needle not in self.search_text(participant):
                continue
            shown.append(participant)
        return shown

    def listed(self) -> list[str]:
        """The participants, then the section of people who are not participants when the mapping has one."""
        return self.mapping.participants + ([OTHERS] if OTHERS in self.mapping.entries else [])

    def search_text(self, participant: str) -> str:
        """What the filter looks in: id, registered name and names."""
        names = " ".join(name.text for name in self.mapping.entry(participant).names)
        registered = OTHERS_LABEL if participant == OTHERS else self.class_list.get(participant, "")
        return f"{participant} {registered} {names}".casefold()

    def refresh_participants(self) -> None:
        """Rebuild the participant list, keeping the selection when it is still shown."""
        rows = self.query_one("#participants", RowList)
        shown = self.visible_participants()
        self.id_width = min(12, max((len(p) for p in self.mapping.participants), default=4))
        rows.set_rows(shown, self.participant_label, self.current)
        self.select(rows.highlighted_key)

    def refresh_rows(self, participants: Iterable[str]) -> None:
        """Redraw some rows of the participant list after an edit."""
        self.query_one("#participants", RowList).redraw(set(participants))

    def on_row_list_highlighted(self, event: RowList.Highlighted) -> None:
        """Show the names of the participant under the cursor."""
        if event.row_list.id == "participants":
            self.select(event.key)

    def on_row_list_selected(self, event: RowList.Selected) -> None:
        """Enter on a participant goes to its names."""
        if event.row_list.id == "participants":
            self.query_one("#names").focus()

    def select(self, participant: str | None, name: str | None = None) -> None:
        """Make a participant the current one and show its names."""
        changed = participant != self.current
        self.current = participant
        if changed or name is not None:
            self.show_names(name)

    def show_names(self, keep: str | None = None) -> None:
        """Fill the names table for the current participant; the cursor stays on ``keep``."""
        table = self.query_one("#names", DataTable)
        keep = keep if keep is not None else self.selected_name()
        table.clear()
        title = self.query_one("#names-title", Label)
        if self.current is None:
            title.update("No participant matches the filter (Escape, then / to change it)." if self.mapping.participants
                         else "This mapping has no participants yet: run nicknames collect to propose them.")
            self.show_evidence_for(None)
            return
        names = sort_names(self.mapping.entry(self.current).names)
        table.clear(columns=True)
        longest = max((len(name.text) for name in names), default=4)
        table.add_column("", width=1)
        table.add_column("name", width=max(4, min(NAME_WIDTH, longest)))
        table.add_columns("count", "sources")
        for name in names:
            table.add_row(*name_cells(name), key=name.text)
        registered = self.shown_name(self.current)
        in_use = len(self.mapping.names_in_use(self.current))
        title.update(Text.assemble(
            (self.current, "bold"), (f" · {registered}" if registered else "", ""),
            f" · {in_use} name{'' if in_use == 1 else 's'} in use",
        ))
        texts = [name.text for name in names]
        if texts:
            table.move_cursor(row=texts.index(keep) if keep in texts else 0)
        self.show_evidence_for(self.selected_name())

    def selected_name(self) -> str | None:
        """The text of the name under the cursor in the names table."""
        table = self.query_one("#names", DataTable)
        if self.current is None or not table.row_count:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """A new name shows its evidence; a new occurrence shows its details."""
        if event.data_table.id == "names":
            self.show_evidence_for(self.selected_name())
        elif event.data_table.id == "occurrences":
            self.evidence.detail(event.cursor_row)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on an occurrence opens its whole message."""
        if event.data_table.id == "occurrences":
            self.evidence.open_message(event.cursor_row)
        elif event.data_table.id == "names":
            self.query_one("#occurrences").focus()

    def show_evidence_for(self, name: str | None) -> None:
        """Show where a name occurs, in the evidence pane."""
        self.evidence.show(name, self.current, self.only_related, self.table is not None)

    def describe(self, participant: str) -> str:
        """A participant id with its registered name, else its most used name, when known."""
        known = participant in self.mapping.entries
        shown = self.class_list.get(participant) or (self.mapping.most_used_name(participant) if known else None)
        return f"{participant} ({shown})" if shown else participant

    def on_resize(self) -> None:
        """Re-centre the names in their context for the new width."""
        self.evidence.refill()

    def edit(self, label: str, keys: Iterable[str], change: Callable[[], T], select: str | None = None) -> bool:
        """Make one undoable edit and redraw what it touched; a refused edit is shown, not raised."""
        keys = tuple(keys)
        before = set(self.listed())
        names = self.names_of(keys)
        try:
            self.history.edit(self.mapping, label, keys, change)
        except NicknamesError as error:
            self.notify(str(error), title="Not changed", severity="error", markup=False)
            return False
        self.after_edit(keys, before, names, select)
        return True

    def names_of(self, keys: Iterable[str]) -> set[str]:
        """Every name of these participants and of the keep list: all an edit of them can make or end a duplicate of."""
        names = set(self.mapping.keep)
        for key in keys:
            if key in self.mapping.entries:
                names.update(name.text for name in self.mapping.entries[key].names)
        return names

    def after_edit(self, keys: tuple[str, ...], before: set[str], names: set[str], name: str | None = None) -> None:
        """Redraw the lists after the mapping changed in ``keys``; ``names`` are theirs before the edit."""
        old = set(self.duplicated)
        self.refresh_duplicates(names | self.names_of(keys))
        if set(self.listed()) != before or self.problems_only:
            self.refresh_participants()
        else:
            self.refresh_rows(set(keys) | (old ^ self.duplicated))
        if self.current is not None and self.current not in self.mapping.entries:
            self.current = None
            self.refresh_participants()
        self.show_names(name)
        self.update_title()
        if isinstance(self.screen, DuplicatesScreen):
            self.screen.reload()

    def refresh_duplicates(self, names: set[str] | None = None) -> None:
        """Find the duplicate names again: all, or (after an edit) those among ``names``."""
        if self.table is not None and self.activity is None:
            return
        if names is None:
            self.duplicates = find_duplicates(self.mapping, self.activity)
        else:
            self.duplicates = update_duplicates(self.duplicates, self.mapping, self.activity, names)
        self.duplicated = {p for duplicate in self.duplicates for p in duplicate.participants}

    def update_title(self) -> None:
        """Counts and whether there are unsaved changes, in the header."""
        parts = [f"{len(self.mapping.participants)} participants", f"{len(self.duplicates)} duplicates"]
        if self.history.changed:
            parts.append("modified")
        self.sub_title = " · ".join(parts)

    def shown_name(self, participant: str) -> str:
        """The name shown beside an id: the registered one, else the most used name in use (dimmed as a guess)."""
        return self.class_list.get(participant) or self.mapping.most_used_name(participant) or ""

    def on_input_changed(self, event: Input.Changed) -> None:
        """Filter as the user types (after a short pause on very long lists)."""
        if event.input.id != "filter":
            return
        if len(self.mapping.participants) < BIG:
            self.refresh_participants()
        else:
            self.filter_timer = getattr(self, "filter_timer", None)
            if self.filter_timer is not None:
                self.filter_timer.stop()
            self.filter_timer = self.set_timer(0.2, self.refresh_participants)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the filter goes to the list."""
        if event.input.id == "filter":
            self.refresh_participants()
            self.query_one("#participants").focus()

    def on_key(self, event: events.Key) -> None:
        """Escape or Down in the filter goes back to the list."""
        if self.focused is self.query_one("#filter") and event.key in ("escape", "down"):
            self.query_one("#participants").focus()

    def go_to(self, participant: str, name: str | None = None) -> None:
        """Select a participant in the list (clearing a filter that hides it)."""
        if participant not in self.visible_participants():
            self.query_one("#filter", Input).value = ""
            self.problems_only = False
        self.current = participant
        self.refresh_participants()
        self.show_names(name)

