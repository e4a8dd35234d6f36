"""One name found in a text, as the matcher gives it: the parts of ``regex.Match`` that callers use."""

from __future__ import annotations

from typing import Protocol

from nicknames.rules.patterns import name_key


class NameMatch:
    """One name found in a text: the parts of ``regex.Match`` that callers use."""

    __slots__ = ("_start", "_end", "_text", "name")

    def __init__(self, start: int, end: int, text: str, name: str = "") -> None:
        self._start, self._end, self._text = start, end, text
        self.name = name or name_key(text)
        """The name in the mapping's form (``name_key``) that the text stands for."""

    def start(self) -> int:
        """Offset of the first character in the searched text."""
        return self._start

    def end(self) -> int:
        """Offset just past the last character."""
        return self._end

    def span(self) -> tuple[int, int]:
        """``(start, end)``."""
        return self._start, self._end

    def group(self) -> str:
        """The matched text as it is in the searched text (inner white space unfolded, any Unicode form)."""
        return self._text

    def __repr__(self) -> str:
        return f"<NameMatch span={self.span()!r} match={self._text!r}>"


class Matches(Protocol):
    """What ``finditer`` yields: a ``regex.Match`` or a ``NameMatch``."""

    def start(self) -> int: ...
    def end(self) -> int: ...
    def group(self) -> str: ...
