"""The duplicates view: names shared by participants active in the same scope, with each one's evidence."""

from __future__ import annotations

from typing import Protocol, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Label

from nicknames.editing.concordance import Concordance, Occurrences
from nicknames.editing.duplicates import Activity, DuplicateName
from nicknames.model.mapping import Mapping, Name
from nicknames.rules.patterns import name_key
from nicknames.tui import messages as msg
from nicknames.tui.dialogs import PickParticipantDialog
from nicknames.tui.rowlist import RowList
from nicknames.tui.rows import STATUS, side_cells


class Editor(Protocol):
    """What this screen reads of the app that shows it (the app owns the mapping and the evidence)."""

    mapping: Mapping
    class_list: dict[str, str]
    scope: str
    concordance: Concordance | None
    activity: Activity | None
    duplicates: list[DuplicateName]


EVIDENCE = 50
"""Occurrences listed per participant."""

SIDES = 3
"""Participants shown side by side; ← and → bring the others into view."""


class DuplicatesScreen(ModalScreen[None]):
    """Each duplicate name with its participants side by side; resolve by reject, move or keep."""

    BINDINGS = [
        Binding("escape,q,d", "close", "Back"),
        Binding("x", "reject", "Reject"),
        Binding("m", "move", "Move"),
        Binding("k", "keep", "Keep"),
        Binding("g", "go", "Go to"),
        Binding("u,ctrl+z", "app.undo", "Undo"),
        Binding("question_mark,f1", "app.help", "Help"),
        Binding("U,ctrl+y", "app.redo", "Redo", show=False),
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
        self.window: list[int] = []
        """The participants (by position in the duplicate) whose columns are shown."""
        self.shown_key: str | None = None
        """The row whose sides are drawn, so a repeated highlight does not redraw them."""
        """Counts redraws of the sides, so new side tables never reuse the ids of old ones."""

    @property
    def editor(self) -> Editor:
        """The app, which owns the mapping and the evidence."""
        return cast(Editor, self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="duplicates-view"):
            yield Label("", id="duplicates-title")
            yield RowList(id="duplicate-list")
            yield Label("", id="side-title")
            yield Horizontal(id="sides")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """List the duplicates."""
        self.reload()
        self.query_one("#duplicate-list").focus()

    def reload(self) -> None:
        """List the duplicates again (after an edit), keeping the cursor's place."""
        rows = self.query_one("#duplicate-list", RowList)
        row = rows.cursor
        before = self.current()
        self.shown = list(self.editor.duplicates)
        width = min(24, max((len(duplicate.name) for duplicate in self.shown), default=4))
        keys = [str(index) for index in range(len(self.shown))]
        rows.set_rows(keys, lambda key: duplicate_line(self.shown[int(key)], width), str(min(row, len(keys) - 1)))
        self.shown_key = rows.highlighted_key
        if self.current() != before:
            self.side = 0
        scope = f"{self.editor.scope} scope" if self.editor.activity else "no messages: any shared name"
        self.query_one("#duplicates-title", Label).update(Text.assemble(
            ("Duplicate names", "bold"), f" ({scope}): {len(self.shown)}. ",
            "← → choose a side; x rejects the name there (1–9: for participant N), "
            "m moves it, k keeps it everywhere, g goes to it.",
        ))
        self.show_sides()

    def current(self) -> DuplicateName | None:
        """The duplicate under the cursor."""
        key = self.query_one("#duplicate-list", RowList).highlighted_key
        return None if key is None or int(key) >= len(self.shown) else self.shown[int(key)]

    def on_row_list_highlighted(self, event: RowList.Highlighted) -> None:
        """A new duplicate shows its participants."""
        event.stop()
        if event.key != self.shown_key:
            self.shown_key = event.key
            self.side = 0
            self.show_sides()

    def on_row_list_selected(self, event: RowList.Selected) -> None:
        """Enter on a duplicate goes to the acting side's participant."""
        event.stop()
        self.action_go()

    def show_sides(self) -> None:
        """A column per participant (up to ``SIDES`` around the acting one): its name and its evidence."""
        sides = self.query_one("#sides", Horizontal)
        sides.remove_children()
        duplicate = self.current()
        if duplicate is None:
            self.query_one("#side-title", Label).update("No duplicate names left." if not self.shown else "")
            return
        count = len(duplicate.participants)
        self.side = min(self.side, count - 1)
        first = max(0, min(self.side - 1, count - SIDES))
        self.window = list(range(first, min(count, first + SIDES)))
        more = f" · showing {first + 1}–{self.window[-1] + 1} of {count} (← →)" if count > SIDES else ""
        self.query_one("#side-title", Label).update(Text(
            f"Acting on #{self.side + 1} {duplicate.participants[self.side]}{more}", "bold"))
        self.generation += 1
        columns = []
        for index in self.window:
            participant = duplicate.participants[index]
            table: DataTable[Text] = DataTable(cursor_type="row", id=self.side_id(index))
            table.add_columns("at", "context", "from→to", "msg")
            column = Vertical(Label(self.describe(index, participant, duplicate)), table, classes="side")
            if index == self.side:
                column.add_class("acting")
            columns.append(column)
        sides.mount_all(columns)
        if self.editor.concordance is not None:
            self.load_evidence(self.editor.concordance, duplicate, tuple(self.window), self.generation)

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
    def load_evidence(
        self, concordance: Concordance, duplicate: DuplicateName, window: tuple[int, ...], generation: int
    ) -> None:
        """Find, per participant shown, the occurrences in messages it sent or that answer it."""
        found = [concordance.find(duplicate.name, duplicate.participants[i], EVIDENCE) for i in window]
        self.app.call_from_thread(self.fill_evidence, duplicate, window, found, generation)

    def fill_evidence(
        self, duplicate: DuplicateName, window: tuple[int, ...], found: list[Occurrences], generation: int
    ) -> None:
        """Show the evidence in the sides it was found for, if they are still shown; supporting places first."""
        if generation != self.generation:
            return
        width = self.query_one("#sides").size.width // len(window)
        side = max(4, (width - 14 - len(duplicate.name)) // 2)
        for index, occurrences in zip(window, found):
            participant = duplicate.participants[index]
            hits = sorted(occurrences.hits, key=lambda hit: hit.points_to != participant)
            for table in self.query(f"#{self.side_id(index)}").results(DataTable):
                for hit in hits:
                    table.add_row(*side_cells(hit, participant, side))
                if not hits:
                    table.add_row(Text(""), Text("no message by or to this participant has the name", "italic"), Text(""), Text(""))

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


def duplicate_line(duplicate: DuplicateName, width: int) -> Text:
    """``Rob          U01, U02   in 3 scopes``."""
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"{duplicate.name:<{width}}", "bold")
    line.append(f"  {', '.join(duplicate.participants)}")
    if duplicate.scopes:
        count = len(duplicate.scopes)
        line.append(f"  in {count} scope{'s' if count > 1 else ''}", "dim")
    return line
