"""The mapping editor: participants on the left, the selected one's names and their evidence on the right.

This module says what the keys do; what the editor shows and its state are
``EditorView`` (``tui/view.py``). Every edit goes through a ``Mapping``
method, wrapped in ``History.edit`` so it can be undone. It never reads or writes a
file: ``ctrl+s`` ends the app with the mapping as its return value and the
command line writes it; quitting returns None.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable, Input

from nicknames.editing.history import Step
from nicknames.model.mapping import OTHERS, Mapping
from nicknames.tui import messages as msg
from nicknames.tui.dialogs import (
    ConfirmDialog,
    HelpScreen,
    KeepChange,
    KeepListScreen,
    NameDialog,
    PickParticipantDialog,
)
from nicknames.tui.duplicates import DuplicatesScreen
from nicknames.tui.help import HELP
from nicknames.tui.view import OTHERS_LABEL, EditorView


class EditorApp(EditorView):
    """Review a participant → names mapping; returns the mapping on save, None on quit."""

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

    def action_filter(self) -> None:
        """Type to filter the participant list."""
        self.query_one("#filter", Input).focus()

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



