"""A title and one initial: how a class calls its teacher ("Dr. Q", "Prof K", "Ms. V's point").

A sign-off or a greeting of a title and one capital letter names the person whose registered name has a word with
that initial; collect keeps the title with the letter (a letter alone is too short to look for), and apply finds the
name after any of these titles, with its full stop or without: "Dr. Q" in the mapping is also "Prof. Q" and
"Professor Q" in the text.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

INITIAL_TITLES = ("Dr", "Prof", "Professor", "Mr", "Mrs", "Ms", "Miss", "Mx", "Herr", "Frau", "Mme", "Mlle", "Sra",
                  "Srta", "Dra", "Juf")
"""The titles written before one initial ("Herr K", "Mme V", "Juf M" of a Dutch class); a full stop after the
abbreviated ones or not."""
_TITLE = "|".join(sorted(INITIAL_TITLES, key=len, reverse=True))
TITLED_INITIAL = regex.compile(rf"(?P<title>{_TITLE})\.?[^\S\n]+(?P<letter>\p{{Lu}})\.?(?![\p{{L}}\p{{N}}'’])")
"""A title, then one capital letter that no letter, digit or apostrophe follows (its own full stop may)."""


def titled_initial(text: str) -> str | None:
    """The name "Title. X" when the whole text is a title and one initial ("Dr Q", "Prof. K."), else None."""
    match = TITLED_INITIAL.fullmatch(text.strip())
    return None if match is None else written(match["title"], match["letter"])


def titled_initial_at(text: str, start: int = 0) -> str | None:
    """``titled_initial`` of what opens ``text`` at ``start`` ("Dr. Q, thanks" → "Dr. Q")."""
    match = TITLED_INITIAL.match(text, start)
    return None if match is None else written(match["title"], match["letter"])


_NO_STOP = frozenset({"Professor", "Miss", "Herr", "Frau"})
"""Titles that are whole words: no full stop after them."""


def written(title: str, letter: str) -> str:
    """How collect writes the name: the title with its full stop (none after a whole word: "Professor", "Herr"),
    the letter."""
    return f"{title}{'' if title in _NO_STOP else '.'} {letter}"


def letter_of(name: str) -> str | None:
    """The initial of a name that ``titled_initial`` gives ("Q" of "Dr. Q"), else None."""
    match = TITLED_INITIAL.fullmatch(name)
    return None if match is None else match["letter"]


def has_initial(parts: Iterable[str], letter: str) -> bool:
    """Whether a word of a registered name's parts opens with the letter."""
    return any(word[:1].upper() == letter for part in parts for word in part.split())


def titled_forms(name: str) -> list[str]:
    """Every way the text may write a titled initial of the mapping (``titled_initial``), but the name itself: each
    title, with a full stop and without, before the letter ("Dr. Q" → "Dr Q", "Prof. Q", "Professor Q", ...)."""
    letter = letter_of(name)
    if letter is None:
        return []
    forms = {f"{title}{stop} {letter}" for title in INITIAL_TITLES
             for stop in (("",) if title in _NO_STOP else ("", "."))}
    return sorted(forms - {name})
