"""The duplicates view: names shared by participants active in the same scope, with each one's evidence."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Label

from nicknames.concordance import Concordance, Occurrences
from nicknames.duplicates import DuplicateName
from nicknames.mapping import Name
from nicknames.patterns import name_key
from nicknames.tui import messages as msg
from nicknames.tui.dialogs import PickParticipantDialog
from nicknames.tui.rows import STATUS, hit_cells

if TYPE_CHECKING:
    from nicknames.tui.app import EditorApp

EVIDENCE = 50
"""Occurrences listed per participant."""


class DuplicatesScreen(ModalScreen[None]):
    """Each duplicate name with its participants side by side; resolve by reject, move or keep."""

    BINDINGS = [
        Binding("escape,q,d", "close", "Back"),
        Binding("x", "reject", "Reject for this side"),
        Binding("m", "move", "Move"),
        Binding("k", "keep", "Keep list"),
        Binding("g", "go", "Go to participant"),
        Binding("u,ctrl+z", "app.undo", "Undo"),
        Binding("U,ctrl+y", "app.redo", "Redo"),
        Binding("f1,question_mark", "app.help", "Help"),
        Binding("left", "side(-1)", "Side", show=False),
        Binding("right", "side(1)", "Side", show=False),
        *[Binding(str(n), f"reject_for({n - 1})", f"Reject for #{n}", show=False) for n in range(1, 10)],
    ]

    def __init__(self) -> None:
        super().__init__()
        self.side = 0
        """Which participant of the duplicate the actions apply to."""
        self.shown: list[DuplicateName] = []
        self.generation = 0
        """Counts redraws of the sides, so new side tables never reuse the ids of old ones."""

    @property
    def editor(self) -> EditorApp:
        """The app, which owns the mapping and the evidence."""
        return cast("EditorApp", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="duplicates-view"):
            yield Label("", id="duplicates-title")
            yield DataTable(id="duplicate-list", cursor_type="row")
            yield Label("", id="side-title")
            yield Horizontal(id="sides")
        yield Footer()

    def on_mount(self) -> None:
        """List the duplicates."""
        self.query_one("#duplicate-list", DataTable).add_columns("name", "participants", "scopes")
        self.reload()

    def reload(self) -> None:
        """List the duplicates again (after an edit), keeping the cursor's place."""
        table = self.query_one("#duplicate-list", DataTable)
        row = table.cursor_row
        self.shown = list(self.editor.duplicates)
        table.clear()
        for duplicate in self.shown:
            table.add_row(
                Text(duplicate.name, "bold", no_wrap=True),
                Text(", ".join(duplicate.participants), no_wrap=True),
                Text(str(len(duplicate.scopes)) if duplicate.scopes else "-", justify="right"),
            )
        scope = f"{self.editor.scope} scope" if self.editor.activity else "no messages: any shared name"
        self.query_one("#duplicates-title", Label).update(Text.assemble(
            ("Duplicate names", "bold"), f" ({scope}): {len(self.shown)}. ",
            "x rejects the name for the highlighted side (← →), 1–9 for participant N; "
            "m moves it; k keeps it everywhere.",
        ))
        if self.shown:
            table.move_cursor(row=min(row, len(self.shown) - 1))
        self.show_sides()

    def current(self) -> DuplicateName | None:
        """The duplicate under the cursor."""
        table = self.query_one("#duplicate-list", DataTable)
        if not self.shown or not 0 <= table.cursor_row < len(self.shown):
            return None
        return self.shown[table.cursor_row]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """A new duplicate shows its participants."""
        if event.data_table.id == "duplicate-list":
            self.side = 0
            self.show_sides()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a duplicate goes to the highlighted side's participant."""
        if event.data_table.id == "duplicate-list":
            self.action_go()

    def show_sides(self) -> None:
        """One column per participant: its name record and the messages that tie the name to it."""
        sides = self.query_one("#sides", Horizontal)
        sides.remove_children()
        duplicate = self.current()
        if duplicate is None:
            self.query_one("#side-title", Label).update("No duplicate names left." if not self.shown else "")
            return
        self.side = min(self.side, len(duplicate.participants) - 1)
        self.query_one("#side-title", Label).update(Text(
            f"Acting on #{self.side + 1} {duplicate.participants[self.side]}", "bold"))
        self.generation += 1
        columns = []
        for index, participant in enumerate(duplicate.participants):
            table: DataTable[Text] = DataTable(cursor_type="row", id=self.side_id(index))
            table.add_columns("from→to", "at", "context", "msg", "thread")
            column = Vertical(Label(self.describe(index, participant, duplicate)), table, classes="side")
            if index == self.side:
                column.add_class("acting")
            columns.append(column)
        sides.mount_all(columns)
        if self.editor.concordance is not None:
            self.load_evidence(self.editor.concordance, duplicate)

    def side_id(self, index: int) -> str:
        """The id of one side's evidence table in the current drawing."""
        return f"side-{self.generation}-{index}"

    def describe(self, index: int, participant: str, duplicate: DuplicateName) -> Text:
        """``#1 U01 · Robert Jones · ✓ Rob 12 (greeting)``."""
        name = self.record(participant, duplicate.name)
        text = Text.assemble((f"#{index + 1} {participant}", "bold"))
        registered = self.editor.class_list.get(participant)
        if registered:
            text.append(f" · {registered}")
        if name is not None:
            mark, style = STATUS[name.status]
            text.append(f" · {mark} ", style)
            text.append(f"{name.text} {name.count or 0}× ({', '.join(name.tags) or 'no source'})")
        return text

    def record(self, participant: str, key: str) -> Name | None:
        """The participant's name that compares equal to the duplicate's name."""
        entry = self.editor.mapping.entries.get(participant)
        if entry is None:
            return None
        return next((name for name in entry.names if name_key(name.text) == key), None)

    @work(thread=True, exclusive=True, group="duplicate-evidence")
    def load_evidence(self, concordance: Concordance, duplicate: DuplicateName) -> None:
        """Find, per participant, the occurrences in messages it sent or that answer it."""
        found = [concordance.find(duplicate.name, related_to=p, limit=EVIDENCE) for p in duplicate.participants]
        self.app.call_from_thread(self.fill_evidence, duplicate, found)

    def fill_evidence(self, duplicate: DuplicateName, found: list[Occurrences]) -> None:
        """Show the evidence if the same duplicate is still selected."""
        if duplicate != self.current():
            return
        width = self.query_one("#sides").size.width // len(duplicate.participants)
        side = max(6, (width - 28 - len(duplicate.name)) // 2)
        for index, (participant, occurrences) in enumerate(zip(duplicate.participants, found)):
            tables = self.query(f"#{self.side_id(index)}").results(DataTable)
            hits = sorted(occurrences.hits, key=lambda hit: hit.points_to != participant)
            for table in tables:
                for hit in hits:
                    table.add_row(*hit_cells(hit, participant, side))
                if not occurrences.hits:
                    table.add_row(Text("-"), Text(""), Text("no message sent by or answering it"), Text(""), Text(""))

    def action_side(self, step: int) -> None:
        """Act on the next or previous participant of the duplicate."""
        duplicate = self.current()
        if duplicate is not None:
            self.side = (self.side + step) % len(duplicate.participants)
            self.show_sides()

    def acting(self) -> tuple[DuplicateName, str, str] | None:
        """The duplicate, the participant acted on and its name's text."""
        duplicate = self.current()
        if duplicate is None:
            return None
        participant = duplicate.participants[self.side]
        name = self.record(participant, duplicate.name)
        return (duplicate, participant, name.text) if name else None

    def action_reject(self) -> None:
        """Reject the name for the participant acted on."""
        if chosen := self.acting():
            self.post_message(msg.RejectName(chosen[1], chosen[2]))

    def action_reject_for(self, index: int) -> None:
        """Reject the name for participant number ``index + 1``."""
        duplicate = self.current()
        if duplicate is not None and index < len(duplicate.participants):
            self.side = index
            self.action_reject()

    def action_move(self) -> None:
        """Move the name of the participant acted on to another participant."""
        if not (chosen := self.acting()):
            return
        duplicate, participant, text = chosen
        others = [p for p in duplicate.participants if p != participant]
        others += [p for p in self.editor.mapping.participants if p not in duplicate.participants]
        choices = [(p, f"{p}  {self.editor.class_list.get(p, '')}".rstrip()) for p in others]

        def done(target: str | None) -> None:
            if target:
                self.post_message(msg.MoveName(participant, text, target))

        self.app.push_screen(PickParticipantDialog(f"Move “{text}” from {participant} to…", choices), done)

    def action_keep(self) -> None:
        """Put the name on the keep list: no participant's name any more, never replaced."""
        duplicate = self.current()
        if duplicate is not None:
            self.post_message(msg.KeepName(duplicate.name))

    def action_go(self) -> None:
        """Leave for the main view, on the participant acted on."""
        if chosen := self.acting():
            self.post_message(msg.ShowParticipant(chosen[1], chosen[2]))

    def action_close(self) -> None:
        """Back to the main view."""
        self.dismiss(None)
