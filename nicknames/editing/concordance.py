"""Keyword in context: where a name occurs in the messages, with who wrote and who was answered.

The reviewer decides whether a name belongs to a participant from evidence:
the sentence around it, the sender, the parent message's sender. The normalised
views of all message texts (``text_forms.matching_view``: "O&#39;Neill" is
"O'Neill", an NFD "Renée" is "Renée", as apply and audit read them) are joined
once, with a blank line between them, into one string; a name is then found by
one scan of the whole-word pattern of ``patterns.py`` (tens of milliseconds for
100,000 messages), and offsets are mapped back to messages by bisection, and to
the message's own text through its view. A blank line cannot be part of a name,
so no match spans two messages.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import regex

from nicknames.apply.resolution import Zone
from nicknames.apply.zones import zones_of
from nicknames.model.messages import Message, MessageTable
from nicknames.rules.patterns import name_key, name_pattern
from nicknames.rules.text_forms import TextView, matching_view

CONTEXT = 40
"""Characters of context kept on each side of a name."""

LIMIT = 500
"""Occurrences returned at most (all are counted)."""

PLACES = {
    "greeting": "in the first line: a greeting names the parent message's sender",
    "signoff": "in the last two lines: a sign-off names the sender",
    "body": "elsewhere in the message",
}
"""Where in its message a name occurs."""

_SEPARATOR = "\n\n"
"""What joins the texts: a blank line, which no separator inside a name matches (a name may wrap over one line
break: "Mary\nJane")."""
_WHITE = regex.compile(r"\s+")


@dataclass(frozen=True)
class Hit:
    """One occurrence of a name in one message; offsets are in the message text."""

    row: int
    message_id: str
    sender: str
    parent_sender: str | None
    thread: str
    start: int
    end: int
    before: str
    text: str
    after: str
    place: str

    @property
    def points_to(self) -> str | None:
        """Whom the place names: the parent's sender for a greeting, the sender for a sign-off."""
        if self.place == "greeting":
            return self.parent_sender
        if self.place == "signoff":
            return self.sender
        return None


@dataclass(frozen=True)
class Occurrences:
    """The occurrences of a name: the first ``LIMIT`` hits and how many there are in all."""

    name: str
    hits: tuple[Hit, ...]
    total: int
    related: int | None = None
    """With ``find_for``: how many occurrences are in the participant's messages or replies to them."""


class Concordance:
    """Messages prepared for finding any name fast."""

    def __init__(self, messages: Iterable[Message]) -> None:
        self.messages = list(messages)
        self.starts: list[int] = []
        self.views: dict[int, TextView] = {}
        """The views of the messages whose offsets differ from their text's, by row."""
        pieces: list[str] = []
        position = 0
        for row, message in enumerate(self.messages):
            view = matching_view(message.text)
            if not view.identical:
                self.views[row] = view
            pieces.append(view.text)
            self.starts.append(position)
            position += len(view.text) + len(_SEPARATOR)
        self.text = _SEPARATOR.join(pieces)
        self.row_of = {message.id: row for row, message in enumerate(self.messages)}

    @classmethod
    def from_table(cls, table: MessageTable) -> Concordance:
        """A concordance of every message of a table."""
        return cls(table.messages())

    def __len__(self) -> int:
        return len(self.messages)

    def find(self, name: str, related_to: str | None = None, limit: int = LIMIT) -> Occurrences:
        """Where ``name`` occurs as a whole word; with ``related_to``, only in messages that
        participant sent or that answer that participant."""
        hits: list[Hit] = []
        total = 0
        for row, start, end in self._matches(name):
            if related_to is not None and not self._related(row, related_to):
                continue
            total += 1
            if len(hits) < limit:
                hits.append(self._hit(row, start, end))
        return Occurrences(name, tuple(hits), total)

    def find_for(self, name: str, participant: str, limit: int = LIMIT) -> Occurrences:
        """Every occurrence, those in messages ``participant`` sent or that answer it listed first.

        ``related`` of the result counts those; one scan of the messages.
        """
        related: list[Hit] = []
        others: list[Hit] = []
        total = related_total = 0
        for row, start, end in self._matches(name):
            total += 1
            if self._related(row, participant):
                related_total += 1
                if len(related) < limit:
                    related.append(self._hit(row, start, end))
            elif len(others) < limit:
                others.append(self._hit(row, start, end))
        return Occurrences(name, tuple((related + others)[:limit]), total, related_total)

    def _matches(self, name: str) -> Iterator[tuple[int, int, int]]:
        """(row, start, end) of every whole-word occurrence, offsets within the message."""
        pattern = regex.compile(name_pattern(name_key(name)), regex.VERSION1)
        for match in pattern.finditer(self.text):
            row = bisect.bisect_right(self.starts, match.start()) - 1
            start, end = match.start() - self.starts[row], match.end() - self.starts[row]
            view = self.views.get(row)
            yield (row, start, end) if view is None else (row, *view.span(start, end))

    def _related(self, row: int, participant: str) -> bool:
        message = self.messages[row]
        return participant in (message.sender, message.parent_sender)

    def message(self, message_id: str) -> Message | None:
        """The message with this id, if there is one."""
        row = self.row_of.get(message_id)
        return None if row is None else self.messages[row]

    def _hit(self, row: int, start: int, end: int) -> Hit:
        message = self.messages[row]
        text = message.text
        return Hit(
            row, message.id, message.sender, message.parent_sender, message.thread, start, end,
            before=_flat(text[max(0, start - CONTEXT * 2) : start])[-CONTEXT:],
            text=text[start:end],
            after=_flat(text[end : end + CONTEXT * 2])[:CONTEXT],
            place=place_in_message(text, start),
        )


def place_in_message(text: str, offset: int) -> str:
    """``greeting`` in the first non-empty line, ``signoff`` in the sign-off, else ``body``: where apply's zones
    (``zones.zones_of``) put the offset, so that the reviewer reads a place as apply decides by it (a long last line
    is a sentence, not a sign-off; a signature block's short lines and the lines above a list's footer sign)."""
    return _PLACES.get(zones_of(text)(offset), "body")


_PLACES = {Zone.GREETING: "greeting", Zone.SIGNOFF: "signoff"}


def _flat(text: str) -> str:
    """Context on one line: every run of white space (line breaks too) as one space."""
    return str(_WHITE.sub(" ", text))
