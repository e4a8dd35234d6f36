"""Names that are also ordinary words (Will, Mark, Grace, Hope, Bill, May): where they read as the word.

Apply: a name tagged ``word`` in the mapping is replaced like any other name,
except where it reads as the word:

- at the start of a sentence followed by a lower-case word or "I"
  ("Will you ...", "Hope this helps", "May I ...");
- next to a number ("May 2021", "3 May"), where it is a month;
- written all in lower case ("mark", "will") anywhere but the greeting line and
  the sign-off, where a lower-case signature is common.

Case is still exact, so "will" is never replaced for a name written "Will".

Audit uses ``WORD_NAMES`` to tell a leaked name from a word: such a name
written in lower case, or opening a sentence before a lower-case word ("Will
we ...", "Hope this helps"), is taken as the word.
"""

from __future__ import annotations

import regex

WORD_NAMES = frozenset(
    """
    will bill mark grace hope rose frank may june april joy faith rich art max guy ray drew dawn summer
    sandy holly ivy iris lily heather olive pearl ruby amber crystal penny dean chase cliff lance wade
    earnest patience prudence honor mercy hunter mason page bell
    white green brown black gray grey hall king fox hart baker cooper turner young little long hill
    moss rice stone wells lane ford banks wood cook wright reed rush bush field fields gates price
    rivers waters street bishop carter porter sharp strong swift
    """.split()
)
"""Lower-case forms of given names and surnames that are common English words."""

_SENTENCE_START = regex.compile(r"(?:^|[.!?]['\")\]]?\s+|\n\s*)[\"'(\[*_]*$")
_LOWER_NEXT = regex.compile(r"[^\S\n]+(?:\p{Ll}|I\b)")
_NUMBER_AFTER = regex.compile(r"[^\S\n]*,?[^\S\n]*\d")
_NUMBER_BEFORE = regex.compile(r"\d(?:st|nd|rd|th)?[^\S\n]*(?:of[^\S\n]+)?$")


def reads_as_word(text: str, start: int, end: int, in_salutation: bool) -> bool:
    """True when the name at ``text[start:end]`` is used as an ordinary word, not as a name."""
    name = text[start:end]
    if name.islower() and not in_salutation:
        return True
    before = text[max(0, start - 12) : start]
    if _NUMBER_AFTER.match(text, end) or _NUMBER_BEFORE.search(before):
        return True
    return bool(_SENTENCE_START.search(before) or start == 0) and _LOWER_NEXT.match(text, end) is not None
