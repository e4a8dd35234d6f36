"""Stylised signatures (R o b e r t, -RG-, R.G., R-J) and initials derived from the registered name."""

from __future__ import annotations

import regex

SPACED = regex.compile(r"(?:\p{L} ){2,}\p{L}")
"""Letters separated by single spaces: "R o b e r t"."""
INITIALS = regex.compile(r"[-–—~]?(?:\p{Lu}[.\-]?){2,4}[-–—~]?")
"""Two to four capitals, plain or with dots, dashes or a dash on each side: MJ, R.G., R-J, -RG-."""
_MARKED = regex.compile(r"[.\-–—~]")
_BLANKS = regex.compile(r"[\s]+")
"""What separates the words of a registered name (compiled once: ``regex.split`` looks a pattern up on every call,
a tenth of a millisecond, and collect reads every registered name)."""


def is_stylised(text: str) -> bool:
    """True for spaced letters and for initials written with dots or dashes."""
    if SPACED.fullmatch(text):
        return True
    return INITIALS.fullmatch(text) is not None and _MARKED.search(text) is not None


def is_initials(text: str) -> bool:
    """True for two to four capitals, plain or marked (MJ, R.G., -RG-)."""
    return INITIALS.fullmatch(text) is not None


def letters(text: str) -> str:
    """The letters of a stylised form: "R o b e r t" → "Robert", "-R.G.-" → "RG"."""
    return "".join(c for c in text if c.isalpha())


def initials_of(full_name: str) -> set[str]:
    """Initials a person with this registered name may sign with: all words, given names, first and last.

    "Mary Jane Poe" → MJP, MJ, MP; "Robert Grey" → RG; hyphenated parts count
    as words ("Anne Smith-Jones" → ASJ, AS). Single-word names have none.
    """
    words = [w for w in _BLANKS.split(full_name.replace(",", " ")) if w and w[0].isalpha()]
    if len(words) < 2:
        return set()
    first = [w[0].upper() for w in words]
    parts = [p[0].upper() for w in words for p in w.split("-") if p and p[0].isalpha()]
    found = {"".join(first), "".join(parts), first[0] + first[-1], "".join(first[:-1])}
    return {initials for initials in found if len(initials) >= 2}


SHORT = regex.compile(r"\p{L}\.?|\p{Ll}{2,3}")
"""One letter, or two or three lower-case ones: a sign-off ("M", "J.", "kd") that only its position makes a name."""


def is_short(text: str) -> bool:
    """True for a one-letter or lower-case initials sign-off, which apply replaces in salutations only."""
    return SHORT.fullmatch(text) is not None


def signs_with(text: str, full_name: str) -> bool:
    """True when a short sign-off is this registered name's initials or its given name's first letter.

    "kd" and "KD" for Kate Dunn, "M", "m" or "M." for Mary Jane Poe; a single-word registered name gives its letter only.
    Three letters may hold a middle initial the class list does not have ("kjd" for Kate Dunn).
    """
    words, text = full_name.split(), letters(text).upper()
    if len(text) == 1:
        return bool(words) and words[0][:1].upper() == text
    initials = initials_of(full_name)
    return text in initials or (len(text) == 3 and text[0] + text[2] in initials)
