"""Places that read like people's names: a country or a land in a run of capitalised words, a town of a postal
address ("Harlow Green MD 20777"). ``others`` proposes neither."""

from __future__ import annotations

import regex

from nicknames.io.given_names import given_names
from nicknames.rules.stopwords import places


def is_land(word: str) -> bool:
    """True for a country, a continent or a land ("Occupied Quellmark Germany", "UK", "U.S.A"), unless a given name
    too ("Jordan"); for words whose last is one and whose first is no given name ("South Africa", "Western
    Australia"; not "Ben Wales")."""
    folded = word.casefold()
    if " " in folded:
        first, *_, last = folded.split()
        return first not in given_names() and is_land(last)
    return folded.replace(".", "") in _LAND_LETTERS or (folded in places() and folded not in given_names())


_LAND_LETTERS = frozenset({"uk", "usa"})
"""Lands written in letters."""


LANDS_OF_WORDS = frozenset({
    "hong kong", "sri lanka", "burkina faso", "el salvador", "saudi arabia", "kuala lumpur", "tel aviv", "abu dhabi",
    "buenos aires", "los angeles", "las vegas", "addis ababa", "dar es salaam",
})
"""Places of several words that read as a given name and a surname ("Hong Kong") and that no word opening place names
("San", "New", "Puerto", ``PLACE_OPENERS``) opens, case-folded."""


def holds_land(words: list[str]) -> bool:
    """True when two or three of these words in a row name a place of ``LANDS_OF_WORDS`` ("Hong Kong Baptist")."""
    folded = [word.casefold() for word in words]
    return any(" ".join(folded[start : start + size]) in LANDS_OF_WORDS
               for size in (2, 3) for start in range(len(folded) - size + 1))


def in_postal_address(text: str, start: int, end: int) -> bool:
    """True for the capitalised words at ``text[start:end]`` when a postal code follows them on their line, after a
    state or a town or two ("Harlow Green MD 20777", "Maren Harbour, Quellbury, OX9 9ZZ", "Henrik Heights, ON K9Z
    9Z9"), or opens it before them ("D-12345 Maren Harbour"): a town in a signature's address, no person."""
    return (_POSTAL_AFTER.match(text, end) is not None
            or _POSTAL_BEFORE.search(text, max(0, start - 12), start) is not None)


_POSTAL_CODE = (r"(?:\p{Lu}{2}[^\S\n]+\d{5}(?:-\d{4})?"  # a US state and ZIP code
                r"|\p{Lu}{1,2}\d[\p{Lu}\d]?[^\S\n]+\d\p{Lu}{2}"  # a British postcode
                r"|\p{Lu}{2}[^\S\n]+\p{Lu}\d\p{Lu}[^\S\n]?\d\p{Lu}\d)(?![\w\-])")  # a province and a Canadian one
_POSTAL_AFTER = regex.compile(r"(?:,?[^\S\n]+\p{Lu}[\p{Ll}\-]+){0,2},?[^\S\n]+" + _POSTAL_CODE)
_POSTAL_BEFORE = regex.compile(r"(?:^|(?<=[\s,]))(?:\p{Lu}{1,2}-)?\d{4,5}[^\S\n]+\Z")
"""A postal code before a town ("D-12345 ", "75005 ")."""
