"""Stylised signatures (R o b e r t, -RG-, R.G., R-J) and initials derived from the registered name."""

from __future__ import annotations

import re

import ahocorasick_rs
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
    as words ("Anne Smith-Jones" → ASJ, AS; "Mei-Ling Tsao" → MLT, ML, MT).
    Single-word names have none.
    """
    words = [w for w in _BLANKS.split(full_name.replace(",", " ")) if w and w[0].isalpha()]
    if len(words) < 2:
        return set()
    first = [w[0].upper() for w in words]
    parts = [[p[0].upper() for p in w.split("-") if p and p[0].isalpha()] for w in words]
    given = "".join(letter for word in parts[:-1] for letter in word)
    found = {"".join(first), "".join(letter for word in parts for letter in word), first[0] + first[-1],
             "".join(first[:-1]), given}
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


_LABELS = ("present", "attendees", "attending", "attendance", "in attendance", "members present", "participants",
           "apologies", "apologies for absence", "absent", "regrets")
"""The labels of a line of minutes that lists who came or sent apologies."""
_ATTENDANCE = re.compile(rf"^[ \t>*-]*(?:{'|'.join(_LABELS)})[ \t]*:[ \t]*(\S[^\n]*)$", re.IGNORECASE | re.MULTILINE)
"""A line of minutes that lists who came or sent apologies ("Present: GV, KM, TQ"), and its list."""
_LABEL_COLONS = ahocorasick_rs.AhoCorasick(list(dict.fromkeys(
    f"{case(label.split()[-1])}{colon}" for label in _LABELS for case in (str.lower, str.capitalize, str.upper)
    for colon in (":", " :"))))
"""The last words of the labels before a colon, looked for first: a search of the automaton costs a few
microseconds a text, the pattern's a few times that."""
_ITEM_SEPARATOR = regex.compile(r"[ \t]*(?:[,;/&]|\band\b)[ \t]*|[ \t]+(?=\p{Lu}{2,3}\b)")
_LISTED_INITIALS = regex.compile(r"(\p{Lu}{2,3})(?:[ \t]*\([^()\n]{1,30}\))?")
"""Two or three capitals, and a remark in brackets ("GV (chair)")."""
_LISTED_NAME = regex.compile(r"\p{Lu}[\p{Ll}\p{M}'’\-]+(?:[ \t]+\p{Lu}[\p{Ll}\p{M}'’\-]+)?")
MIN_LISTED = 2
"""The fewest initials a list of minutes needs for them to be read as people's."""


def listed_initials(text: str) -> list[str]:
    """The initials that lines of minutes list as people present or absent ("Present: GV, KM, TQ (chair)"): a line
    whose items are all initials or capitalised names, at least ``MIN_LISTED`` of them initials. Minutes then name
    the same people by them ("KM noted that ...")."""
    if ":" not in text or not _LABEL_COLONS.find_matches_as_indexes(text):
        return []
    found: list[str] = []
    for line in _ATTENDANCE.finditer(text):
        items = [item for item in _ITEM_SEPARATOR.split(line.group(1).strip().rstrip(".")) if item]
        initials = [match.group(1) for item in items if (match := _LISTED_INITIALS.fullmatch(item)) is not None]
        if len(initials) >= MIN_LISTED and len(initials) + sum(
                _LISTED_NAME.fullmatch(item) is not None for item in items) == len(items):
            found.extend(initials)
    return found
