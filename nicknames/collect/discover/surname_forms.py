"""Short forms of surnames: "Kirb" or "Kirby" for a registered Ann Kirbride, "Vinno" for Vinnicombe.

Colleagues call each other by the first syllable of the surname, often with an
ending ("-y", "-ie", "-o", "-s", the last consonant doubled before it: "Vinny"
for a Vinnicombe). No nickname table lists these, so they are found the other way
round: a capitalised word of the corpus that is no ordinary word, no known given
name or familiar form and no registered name part is the short form of a
surname when it is that surname's first letters (three or more, two or more
left out), with one of those endings or none, and no other registered person's
surname begins so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

ENDINGS = ("", "y", "ie", "o", "s")
"""What may follow the first letters of a surname in its short form."""
MIN_STEM = 3
"""The fewest first letters of the surname a short form keeps."""
MIN_LEFT_OUT = 2
"""The fewest letters of the surname a short form leaves out (a surname less one letter is a misspelling)."""


def surname_forms(tokens: Iterable[str], surnames: Mapping[str, str], skip: Callable[[str], bool]) -> dict[str, str]:
    """Token → the one participant whose registered surname (``surnames``: participant → surname) it is a short
    form of; ``skip``: tokens that are ordinary words or known names (never short forms)."""
    owners = _beginnings(surnames)
    found: dict[str, str] = {}
    for token in tokens:
        if len(token) < MIN_STEM or not token.isalpha() or not token[0].isupper() or not token[1:].islower():
            continue
        who = set().union(*(owners.get(stem, set()) for stem in _stems(token.casefold())))
        if len(who) == 1 and not skip(token):
            found[token] = who.pop()
    return found


def _beginnings(surnames: Mapping[str, str]) -> dict[str, set[str]]:
    """First letters of each surname (at least ``MIN_STEM``, leaving out at least ``MIN_LEFT_OUT``) → participants."""
    owners: dict[str, set[str]] = {}
    for participant, surname in surnames.items():
        folded = surname.casefold()
        for length in range(MIN_STEM, len(folded) - MIN_LEFT_OUT + 1):
            owners.setdefault(folded[:length], set()).add(participant)
    return owners


def _stems(folded: str) -> set[str]:
    """The beginnings of a surname a token may keep: without each ending it may have, and without a last consonant
    doubled before the ending ("vinny": "vinn", "vin")."""
    stems: set[str] = set()
    for ending in ENDINGS:
        if not folded.endswith(ending):
            continue
        stem = folded[: len(folded) - len(ending)]
        stems.add(stem)
        if ending and len(stem) > MIN_STEM and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
            stems.add(stem[:-1])
    return {stem for stem in stems if len(stem) >= MIN_STEM}
