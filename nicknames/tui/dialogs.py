"""Modal dialogs of the editor; each returns a typed value with ``dismiss``."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from nicknames.model.messages import Message
from nicknames.tui.rowlist import RowList


@dataclass(frozen=True)
class KeepChange:
    """What the keep-list dialog returns: a name to add to the keep list, or to take off it."""

    name: str
    add: bool


class FilterInput(Input):
    """The participant filter: ``/`` (the key that opens it) selects its text instead of typing a slash."""

    async def _on_key(self, event: events.Key) -> None:
        if event.character == "/":
            event.stop()
            event.prevent_default()
            self.select_all()
            return
        await super()._on_key(event)


class NameDialog(ModalScreen[str | None]):
    """Ask for a name: a new one, or the corrected text of an existing one."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, value: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text(self.title_text), classes="dialog-title")
            yield Input(self.value, placeholder="name as written in the messages", id="name-input")
            yield Label("Enter to confirm, Escape to cancel", classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Return the name, without spaces around it; an empty one cancels."""
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        """Close without a name."""
        self.dismiss(None)


class PickParticipantDialog(ModalScreen[str | None]):
    """Choose a participant from a list filtered by typing."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("down", "focus_list", show=False)]

    def __init__(self, title: str, choices: list[tuple[str, str]], search: dict[str, str] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.labels = dict(choices)
        """Participant id → label."""
        self.search = {pid: f"{label} {(search or {}).get(pid, '')}".casefold() for pid, label in choices}
        """Participant id → what typing finds it by: its label and, when given, its names in use."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog picker"):
            yield Label(Text(self.title_text), classes="dialog-title")
            yield Input(placeholder="type to filter by id or any name in use", id="pick-filter")
            yield RowList(id="pick-list")
            yield Label("Enter to choose, Escape to cancel", classes="dialog-hint")

    def on_mount(self) -> None:
        """Show every participant."""
        self.show_matching("")

    def show_matching(self, text: str) -> None:
        """Show only the participants whose id or name contains the text."""
        needle = text.casefold()
        keys = [pid for pid, label in self.search.items() if needle in label]
        self.query_one(RowList).set_rows(keys, lambda pid: Text(self.labels[pid]))

    def on_input_changed(self, event: Input.Changed) -> None:
        """Filter as the user types."""
        self.show_matching(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Choose the highlighted (at first the first) participant of the filtered list."""
        event.stop()
        key = self.query_one(RowList).highlighted_key
        if key is not None:
            self.dismiss(key)

    def on_row_list_selected(self, event: RowList.Selected) -> None:
        """Choose the participant clicked or selected with Enter."""
        event.stop()
        self.dismiss(event.key)

    def on_row_list_highlighted(self, event: RowList.Highlighted) -> None:
        """Keep the highlight to this dialog."""
        event.stop()

    def action_focus_list(self) -> None:
        """Move from the filter to the list."""
        self.query_one(RowList).focus()

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    """Ask a yes/no question; Escape means no."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.labels = (yes, no)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text(self.question), classes="dialog-title")
            with Horizontal(classes="buttons"):
                yield Button(f"{self.labels[0]} (y)", variant="error", id="yes")
                yield Button(f"{self.labels[1]} (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        """Start on the safe answer."""
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Answer with the button pressed."""
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        """Answer by key."""
        self.dismiss(answer)


class HelpScreen(ModalScreen[None]):
    """The keys of the editor and what the markers mean."""

    BINDINGS = [Binding("escape,q,f1,question_mark", "close", "Close")]

    def __init__(self, text: RenderableType) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog help"):
            yield Label("nicknames edit — help (Escape to close)", classes="dialog-title")
            with VerticalScroll():
                yield Static(self.text, id="help-text")

    def action_close(self) -> None:
        """Back to the editor."""
        self.dismiss(None)


class MessageScreen(ModalScreen[None]):
    """One whole message with a name highlighted, to read an occurrence in full."""

    BINDINGS = [Binding("escape,q,enter", "close", "Close")]

    def __init__(self, message: Message, start: int, end: int, heading: str) -> None:
        super().__init__()
        self.message = message
        self.span = (start, end)
        self.heading = heading

    def compose(self) -> ComposeResult:
        text = Text(self.message.text)
        text.stylize("bold reverse", *self.span)
        with Vertical(classes="dialog message"):
            yield Label(Text(self.heading), classes="dialog-title")
            with VerticalScroll():
                yield Static(text, id="message-text")
            yield Label("Escape to close", classes="dialog-hint")

    def action_close(self) -> None:
        """Back to the editor."""
        self.dismiss(None)


class KeepListScreen(ModalScreen[KeepChange | None]):
    """The keep list: type a name to add it (a cited author), or take the highlighted one off."""

    BINDINGS = [Binding("escape", "cancel", "Close"), Binding("delete", "remove", "Take off")]

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog picker"):
            yield Label("Keep list: names never replaced", classes="dialog-title")
            yield Input(placeholder="add a name never to replace, e.g. a cited author", id="keep-add")
            if self.names:
                yield OptionList(*[Option(Text(name), id=name) for name in self.names], id="keep-list")
            else:
                yield Label("The keep list is empty; type a name above, or press k on a name.", id="keep-empty")
            yield Label("Delete takes the highlighted name off; Tab, type a name, Enter adds it; Escape closes",
                        classes="dialog-hint")

    def on_mount(self) -> None:
        """Start on the list when there is one (Delete takes a name off), else on the field to add one."""
        self.query_one("#keep-list" if self.names else "#keep-add").focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Add the typed name."""
        event.stop()
        text = event.value.strip()
        if text:
            self.dismiss(KeepChange(text, add=True))

    def action_remove(self) -> None:
        """Take the highlighted name off the keep list."""
        if not self.names:
            return
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            name = options.get_option_at_index(options.highlighted).id
            if name is not None:
                self.dismiss(KeepChange(name, add=False))

    def action_cancel(self) -> None:
        """Close without change."""
        self.dismiss(None)
