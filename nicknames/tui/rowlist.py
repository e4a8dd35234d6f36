"""A list of one-line rows that renders only what is on screen, for lists of thousands.

Textual's ``OptionList`` measures every option when the list is filled, which
takes seconds for the 5,000 participants or 8,000 duplicates of a large
course; this list keeps only row keys and draws the visible rows on demand
(Textual's line API), so refilling it on every keystroke of a filter is free.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip


class RowList(ScrollView, can_focus=True):
    """Rows identified by string keys, drawn by a function of the key; one row is the cursor."""

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "move(-1000000000)", "First", show=False),
        Binding("end", "move(1000000000)", "Last", show=False),
        Binding("enter", "select", "Select", show=False),
    ]
    COMPONENT_CLASSES = {"row-list--cursor"}
    DEFAULT_CSS = """
    RowList { height: 1fr; overflow-x: hidden; }
    RowList > .row-list--cursor { background: $block-cursor-blurred-background; }
    RowList:focus > .row-list--cursor { background: $block-cursor-background; color: $block-cursor-foreground; }
    """

    cursor: reactive[int] = reactive(0, always_update=True)

    @dataclass
    class Highlighted(Message):
        """The cursor moved to another row."""

        row_list: RowList
        key: str | None

        @property
        def control(self) -> RowList:
            """The list the message is about."""
            return self.row_list

    @dataclass
    class Selected(Message):
        """Enter was pressed (or the cursor row clicked) on a row."""

        row_list: RowList
        key: str

        @property
        def control(self) -> RowList:
            """The list the message is about."""
            return self.row_list

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.keys: list[str] = []
        self.draw: Callable[[str], Text] = Text
        self._lines: dict[str, Text] = {}

    @property
    def highlighted_key(self) -> str | None:
        """The key of the cursor row, None when the list is empty."""
        return self.keys[self.cursor] if 0 <= self.cursor < len(self.keys) else None

    def set_rows(self, keys: list[str], draw: Callable[[str], Text], cursor_key: str | None = None) -> None:
        """Show these rows; the cursor goes to ``cursor_key`` when shown, else to the first row."""
        self.keys = keys
        self.draw = draw
        self._lines.clear()
        self.virtual_size = Size(self.size.width, len(keys))
        index = keys.index(cursor_key) if cursor_key in keys else 0
        self.cursor = index
        self.refresh()

    def redraw(self, keys: set[str] | None = None) -> None:
        """Draw some rows (or all) again after what they show has changed."""
        if keys is None:
            self._lines.clear()
        else:
            for key in keys:
                self._lines.pop(key, None)
        self.refresh()

    def watch_cursor(self, old: int, new: int) -> None:
        """Keep the cursor in view and tell the parent."""
        if self.keys:
            self.scroll_to_region(Region(0, new, 1, 1), animate=False, force=True)
        self.refresh()
        self.post_message(self.Highlighted(self, self.highlighted_key))

    def action_move(self, step: int) -> None:
        """Move the cursor by some rows, stopping at the ends."""
        if self.keys:
            self.cursor = max(0, min(len(self.keys) - 1, self.cursor + step))

    def action_page(self, direction: int) -> None:
        """Move the cursor by a screenful."""
        self.action_move(direction * max(1, self.scrollable_content_region.height - 1))

    def action_select(self) -> None:
        """Choose the cursor row."""
        if (key := self.highlighted_key) is not None:
            self.post_message(self.Selected(self, key))

    def on_click(self, event: events.Click) -> None:
        """A click moves the cursor; a click on the cursor row chooses it."""
        index = event.y + int(self.scroll_offset.y)
        if 0 <= index < len(self.keys):
            if index == self.cursor:
                self.action_select()
            else:
                self.cursor = index

    def on_resize(self) -> None:
        """Rows are as wide as the list."""
        self.virtual_size = Size(self.size.width, len(self.keys))
        self._lines.clear()

    def render_line(self, y: int) -> Strip:
        """One visible row, drawn from its key."""
        index = y + int(self.scroll_offset.y)
        width = self.scrollable_content_region.width
        base = self.rich_style
        if not 0 <= index < len(self.keys):
            return Strip.blank(width, base)
        key = self.keys[index]
        text = self._lines.get(key)
        if text is None:
            text = self._lines[key] = self.draw(key)
        if index == self.cursor:
            base = base + self.get_component_rich_style("row-list--cursor")
        line = text.copy()
        line.truncate(width, overflow="ellipsis", pad=True)
        segments = list(Segment.apply_style(line.render(self.app.console), base))
        return Strip(segments).crop(0, width).extend_cell_length(width, base)
