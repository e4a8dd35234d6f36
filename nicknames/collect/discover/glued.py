"""Names glued to a neighbouring word without a space: "thanksMary", "HiRob", "MaryThanks".

A glued token is split where a lower-case letter meets a capital. When one piece
is a participant's name and every other piece is an ordinary word, the name is
suggested with the ``glued`` tag. Apply matches a name tagged ``glued`` also
where a lower-case letter is right before it or a capital right after it (see
``nicknames.rules.patterns``), so "thanksMary" becomes "thanks[U01]" and only the name
part is replaced.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

_BOUNDARY = regex.compile(r"(?<=\p{Ll})(?=\p{Lu})")


def pieces(token: str) -> list[str]:
    """The token split where a lower-case letter meets a capital ("thanksMary" → thanks, Mary)."""
    return [piece for piece in _BOUNDARY.split(token) if piece]


def glued_name(token: str, is_name: Callable[[str], bool], is_word: Callable[[str], bool]) -> str | None:
    """The name inside a glued token, when exactly one piece is a name and the others are words."""
    parts = pieces(token)
    if len(parts) < 2:
        return None
    names = [p for p in parts if is_name(p)]
    if len(names) != 1:
        return None
    others = [p for p in parts if p != names[0]]
    return names[0] if all(is_word(p) for p in others) else None
