"""The mapping editor: participants on the left, the selected one's names and their evidence on the right.

The app owns the mapping and every edit goes through a ``Mapping`` method,
wrapped in ``History.edit`` so it can be undone. It never reads or writes a
file: ``ctrl+s`` ends the app with the mapping as its return value and the
command line writes it; quitting returns None.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Footer, Header, Input, Label

from nicknames.editing.concordance import Concordance, Hit, Occurrences
from nicknames.editing.duplicates import (
    Activity,
    DuplicateName,
    find_duplicates,
    update_duplicates,
)
from nicknames.editing.history import History, Step
from nicknames.editing.review import participant_problems
from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import OTHERS, Mapping
from nicknames.model.messages import MessageTable
from nicknames.tui import messages as msg
from nicknames.tui.dialogs import (
    ConfirmDialog,
    FilterInput,
    HelpScreen,
    KeepChange,
    KeepListScreen,
    MessageScreen,
    NameDialog,
    PickParticipantDialog,
)
from nicknames.tui.duplicates import DuplicatesScreen
from nicknames.tui.help import HELP
from nicknames.tui.rowlist import RowList
from nicknames.tui.rows import hit_cells, name_cells, participant_line, sort_names

T = TypeVar("T")

EvidenceKey = tuple[str, str | None, bool]
"""(name, participant, only the participant's messages) of a search for evidence."""

SHOWN_HITS = 200
"""Occurrences listed in the evidence pane (all are counted)."""

NAME_WIDTH = 28
"""Longer names are cut in the names table (the whole name is in the edit dialog)."""

OTHERS_LABEL = "people who are not participants"
"""What the list shows beside ``@others``."""

BIG = 1000
"""Participants above which the filter waits for a pause in typing."""


class EditorApp(App[Mapping]):
    """Review a participant → names mapping; returns the mapping on save, None on quit."""

    CSS_PATH = "editor.tcss"
    TITLE = "nicknames edit"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("slash", "filter", "Filter", show=False),
        Binding("a", "accept", "Accept"),
        Binding("x", "reject", "Reject"),
        Binding("n", "add_name", "New"),
        Binding("e", "rename_name", "Edit"),
        Binding("m", "move_name", "Move"),
        Binding("d", "duplicates", "Dups"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("q", "quit_editor", "Quit"),
        Binding("ctrl+q", "quit_editor", "Quit", priority=True, show=False),
        Binding("U,ctrl+y", "redo", "Redo", show=False),
        Binding("k", "keep_name", "Keep", show=False),
        Binding("s", "suggest", "Suggest", show=False),
        Binding("delete", "remove_name", "Remove", show=False),
        Binding("M", "merge", "Merge", show=False),
        Binding("K", "keep_list", "Keep list", show=False),
        Binding("p", "problems_only", "Problems", show=False),
        Binding("o", "only_related", "Only related", show=False),
    ]

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
        self.concordance: Concordance | None = None
        self.activity: Activity | None = None
        self.duplicates: list[DuplicateName] = []
        self.duplicated: set[str] = set()
        self.current: str | None = None
        self.problems_only = False
        self.only_related = False
        self._evidence_key: EvidenceKey | None = None
        self._cache: dict[EvidenceKey, Occurrences] = {}
        self._hits: list[Hit] = []
        self.id_width = 4

    # ------------------------------------------------------------------ layout

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
        self.query_one("#occurrences", DataTable).add_columns("from→to", "at", "context", "msg", "thread")
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
        self.concordance, self.activity = concordance, activity
        self.refresh_duplicates()
        self.refresh_participants()
        self.update_title()
        self.show_evidence_for(self.selected_name())

    # ------------------------------------------------------------------ participants

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

    # ------------------------------------------------------------------ names

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
            self.show_hit_detail(event.cursor_row)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on an occurrence opens its whole message."""
        if event.data_table.id == "occurrences":
            self.open_message(event.cursor_row)
        elif event.data_table.id == "names":
            self.query_one("#occurrences").focus()

    # ------------------------------------------------------------------ evidence

    def show_evidence_for(self, name: str | None) -> None:
        """Show where a name occurs, from the cache or from a worker."""
        title = self.query_one("#evidence-title", Label)
        if name is None:
            self._evidence_key = None
            self.fill_occurrences(None)
            title.update("")
            return
        if self.table is None:
            title.update("Give --messages to see where each name occurs.")
            return
        if self.concordance is None:
            return
        key = (name, self.current, self.only_related)
        self._evidence_key = key
        if key in self._cache:
            self.fill_occurrences(self._cache[key])
        else:
            title.update(Text(f"Looking for “{name}”…"))
            self.find_occurrences(self.concordance, key)

    @work(thread=True, exclusive=True, group="evidence")
    def find_occurrences(self, concordance: Concordance, key: EvidenceKey) -> None:
        """Scan the messages for a name off the main thread."""
        name, participant, only_related = key
        if participant is None:
            found = concordance.find(name)
        elif only_related:
            found = concordance.find(name, related_to=participant)
        else:
            found = concordance.find_for(name, participant)
        self.call_from_thread(self.occurrences_found, key, found)

    def occurrences_found(self, key: EvidenceKey, found: Occurrences) -> None:
        """Cache a scan's result and show it if the name is still selected."""
        self._cache[key] = found
        if key == self._evidence_key:
            self.fill_occurrences(found)

    def fill_occurrences(self, found: Occurrences | None) -> None:
        """List the occurrences of a name (the participant's own messages first), the name centred."""
        table = self.query_one("#occurrences", DataTable)
        table.clear()
        self._hits = list(found.hits[:SHOWN_HITS]) if found else []
        self.query_one("#evidence-detail", Label).update("")
        if found is None:
            return
        side = max(8, (table.size.width - self.fixed_width(self._hits) - len(found.name)) // 2)
        for hit in self._hits:
            table.add_row(*hit_cells(hit, self.current, side))
        if self.only_related:
            counts = f"{found.total} in messages by or to {self.current} (o: all)"
        elif found.related is not None:
            counts = f"{found.total} in all, {found.related} by or to {self.current} (listed first)"
        else:
            counts = f"{found.total} in all"
        shown = f"; first {len(self._hits)} shown" if found.total > len(self._hits) else ""
        self.query_one("#evidence-title", Label).update(Text.assemble(
            (f"“{found.name}”", "bold"), f": {counts}{shown}",
        ))
        if self._hits:
            self.show_hit_detail(0)

    @staticmethod
    def fixed_width(hits: list[Hit]) -> int:
        """Columns other than the context: from→to, at, msg and thread as wide as their widest cell, with padding."""
        who = max((len(hit.sender) + 1 + len(hit.parent_sender or "·") for hit in hits), default=7)
        message = max((len(hit.message_id) for hit in hits), default=3)
        thread = max((len(hit.thread) for hit in hits), default=6)
        return max(who, 7) + 5 + max(message, 3) + max(thread, 6) + 2 * 5 + 2

    def show_hit_detail(self, row: int) -> None:
        """One line under the occurrences: message, thread, sender and parent sender with their names."""
        if not 0 <= row < len(self._hits):
            return
        hit = self._hits[row]
        parent = self.describe(hit.parent_sender) if hit.parent_sender else "no parent"
        self.query_one("#evidence-detail", Label).update(Text(
            f"msg {hit.message_id} · thread {hit.thread} · {hit.place} · "
            f"from {self.describe(hit.sender)} to {parent}", no_wrap=True, overflow="ellipsis",
        ))

    def describe(self, participant: str) -> str:
        """A participant id with its registered name, else its most used name, when known."""
        known = participant in self.mapping.entries
        shown = self.class_list.get(participant) or (self.mapping.most_used_name(participant) if known else None)
        return f"{participant} ({shown})" if shown else participant

    def open_message(self, row: int) -> None:
        """Show the whole message of an occurrence."""
        if self.concordance is None or not 0 <= row < len(self._hits):
            return
        hit = self._hits[row]
        message = self.concordance.message(hit.message_id)
        if message is not None:
            parent = self.describe(hit.parent_sender) if hit.parent_sender else "no parent"
            heading = f"Message {hit.message_id} · thread {hit.thread} · from {self.describe(hit.sender)} to {parent}"
            self.push_screen(MessageScreen(message, hit.start, hit.end, heading))

    def on_resize(self) -> None:
        """Re-centre the names in their context for the new width."""
        if self._evidence_key in self._cache:
            self.fill_occurrences(self._cache[self._evidence_key])

    # ------------------------------------------------------------------ editing

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

    def need_name(self) -> tuple[str, str] | None:
        """The current participant and selected name, or a hint when there is none."""
        name = self.selected_name()
        if self.current is None or name is None:
            self.notify("Select a participant and one of its names first.", severity="warning")
            return None
        return self.current, name

    def action_accept(self) -> None:
        """Accept the selected name: reviewed and in use; the cursor goes on to the next name."""
        if chosen := self.need_name():
            row = self.query_one("#names", DataTable).cursor_row
            if self.edit(f"accept {chosen[1]}", [chosen[0]], lambda: self.mapping.accept(*chosen)):
                self.names_cursor(row + 1)

    def action_reject(self) -> None:
        """Reject the selected name (it sinks to the end); the cursor stays put, on the next name."""
        if chosen := self.need_name():
            row = self.query_one("#names", DataTable).cursor_row
            if self.edit(f"reject {chosen[1]}", [chosen[0]], lambda: self.mapping.reject(*chosen)):
                self.names_cursor(row)

    def names_cursor(self, row: int) -> None:
        """Put the cursor of the names table on a row (the last one when past the end)."""
        table = self.query_one("#names", DataTable)
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    def action_suggest(self) -> None:
        """Mark the selected name as a suggestion still to review."""
        if chosen := self.need_name():
            self.edit(f"suggest {chosen[1]}", [chosen[0]], lambda: self.mapping.suggest(*chosen))

    def action_remove_name(self) -> None:
        """Delete the selected name (collect will not propose it again)."""
        if chosen := self.need_name():
            row = self.query_one("#names", DataTable).cursor_row
            if self.edit(f"remove {chosen[1]}", [chosen[0]], lambda: self.mapping.remove_name(*chosen)):
                self.names_cursor(row)

    def action_keep_name(self) -> None:
        """Move the selected name to the keep list: off the participant, never replaced anywhere."""
        if chosen := self.need_name():
            row = self.query_one("#names", DataTable).cursor_row
            if self.edit(f"keep {chosen[1]}", [chosen[0]], lambda: self.mapping.keep_instead(*chosen)):
                self.names_cursor(row)
                self.notify(Text(f"“{chosen[1]}” is on the keep list (K shows it).").plain, markup=False)

    def action_add_name(self) -> None:
        """Ask for a new name for the current participant."""
        participant = self.current
        if participant is None:
            return

        def done(text: str | None) -> None:
            if text:
                self.edit(f"add {text}", [participant], lambda: self.mapping.add_name(participant, text), text)

        self.push_screen(NameDialog(f"New name for {self.describe(participant)}"), done)

    def action_rename_name(self) -> None:
        """Ask for the corrected text of the selected name."""
        if not (chosen := self.need_name()):
            return
        participant, old = chosen

        def done(text: str | None) -> None:
            if text and text != old:
                self.edit(f"rename {old}", [participant],
                          lambda: self.mapping.rename_name(participant, old, text), text)

        self.push_screen(NameDialog(f"Correct “{old}” of {participant}", old), done)

    def action_move_name(self) -> None:
        """Move the selected name to another participant."""
        if not (chosen := self.need_name()):
            return
        participant, name = chosen

        def done(target: str | None) -> None:
            if target:
                self.edit(f"move {name}", [participant, target],
                          lambda: self.mapping.move_name(participant, name, target))

        self.pick(f"Move “{name}” from {participant} to…", participant, done, others=True)

    def action_merge(self) -> None:
        """Give all names of the current participant to another one."""
        source = self.current
        if source is None or source == OTHERS:
            if source == OTHERS:
                self.notify("Move names out of @others one by one (m); it cannot be merged.", severity="warning")
            return

        def done(target: str | None) -> None:
            if target and self.edit(f"merge {source}", [source, target],
                                    lambda: self.mapping.merge_participants(source, target)):
                self.go_to(target)

        self.pick(f"Merge all names of {source} into…", source, done)

    def pick(self, title: str, exclude: str, done: Callable[[str | None], None], others: bool = False) -> None:
        """Ask for another participant, found by id, registered name or any name in use.

        With ``others``, the section of people who are not participants (``@others``) is a choice too.
        """
        candidates = [p for p in self.mapping.participants if p != exclude]
        choices = [(p, f"{p}  {self.shown_name(p)}".rstrip()) for p in candidates]
        search = {p: " ".join([p, self.class_list.get(p, ""), *self.mapping.names_in_use(p)]) for p in candidates}
        if others and exclude != OTHERS:
            choices.append((OTHERS, f"{OTHERS}  {OTHERS_LABEL}"))
        self.push_screen(PickParticipantDialog(title, choices, search), done)

    def shown_name(self, participant: str) -> str:
        """The name shown beside an id: the registered one, else the most used name in use (dimmed as a guess)."""
        return self.class_list.get(participant) or self.mapping.most_used_name(participant) or ""

    def action_keep_list(self) -> None:
        """Show the keep list: add any name to it (a cited author), or take one off."""

        def done(change: KeepChange | None) -> None:
            if change is None:
                return
            if change.add:
                self.edit(f"keep {change.name}", [], lambda: self.mapping.keep_name(change.name))
            else:
                self.edit(f"unkeep {change.name}", [], lambda: self.mapping.unkeep_name(change.name))

        self.push_screen(KeepListScreen(self.mapping.keep), done)

    def action_undo(self) -> None:
        """Undo the last edit."""
        self.step(self.history.undo, "Undid", "undo")

    def action_redo(self) -> None:
        """Redo the last undone edit."""
        self.step(self.history.redo, "Redid", "redo")

    def step(self, move: Callable[[Mapping], Step | None], verb: str, noun: str) -> None:
        """Undo or redo one step and redraw what it touched."""
        before = set(self.listed())
        stack = self.history.undo_steps if noun == "undo" else self.history.redo_steps
        names = self.names_of(stack[-1].keys) if stack else set()
        done = move(self.mapping)
        if done is None:
            self.notify(f"Nothing to {noun}.", severity="warning")
            return
        self.notify(f"{verb} {done.label}", markup=False, timeout=2)
        self.after_edit(done.keys, before, names)

    # ------------------------------------------------------------------ views

    def action_filter(self) -> None:
        """Type to filter the participant list."""
        self.query_one("#filter", Input).focus()

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

    def action_problems_only(self) -> None:
        """Show only participants with problems, or all again."""
        self.problems_only = not self.problems_only
        self.refresh_participants()
        self.notify("Only participants with problems" if self.problems_only else "All participants", timeout=2)

    def action_only_related(self) -> None:
        """Show occurrences in all messages, or only in the current participant's and replies to them."""
        self.only_related = not self.only_related
        self.show_evidence_for(self.selected_name())

    def action_duplicates(self) -> None:
        """Open the duplicates view."""
        self.push_screen(DuplicatesScreen())

    def action_help(self) -> None:
        """Show the keys and markers."""
        self.push_screen(HelpScreen(HELP))

    def go_to(self, participant: str, name: str | None = None) -> None:
        """Select a participant in the list (clearing a filter that hides it)."""
        if participant not in self.visible_participants():
            self.query_one("#filter", Input).value = ""
            self.problems_only = False
        self.current = participant
        self.refresh_participants()
        self.show_names(name)

    def on_reject_name(self, message: msg.RejectName) -> None:
        """Reject a name for one participant (duplicates view)."""
        self.edit(f"reject {message.name}", [message.participant],
                  lambda: self.mapping.reject(message.participant, message.name))

    def on_move_name(self, message: msg.MoveName) -> None:
        """Move a name between participants (duplicates view)."""
        self.edit(f"move {message.name}", [message.participant, message.target],
                  lambda: self.mapping.move_name(message.participant, message.name, message.target))

    def on_keep_name(self, message: msg.KeepName) -> None:
        """Put a name on the keep list (duplicates view)."""
        self.edit(f"keep {message.name}", [], lambda: self.mapping.keep_name(message.name))

    def on_show_participant(self, message: msg.ShowParticipant) -> None:
        """Leave the duplicates view for a participant's names."""
        while isinstance(self.screen, DuplicatesScreen):
            self.pop_screen()
        self.go_to(message.participant, message.name)

    # ------------------------------------------------------------------ leaving

    def action_save(self) -> None:
        """End the editor with the mapping, for the command line to write."""
        self.exit(self.mapping)

    def action_quit_editor(self) -> None:
        """Quit without saving; ask first when there are unsaved changes."""
        if not self.history.changed:
            self.exit(None)
            return
        steps = len(self.history.undo_steps)

        def done(quit_anyway: bool | None) -> None:
            if quit_anyway:
                self.exit(None)

        self.push_screen(ConfirmDialog(
            f"Quit without saving? {steps} edit{'s' if steps > 1 else ''} will be lost (ctrl+s saves).",
            "Quit", "Keep editing",
        ), done)


