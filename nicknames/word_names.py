"""Names that are also ordinary words (Will, Mark, Grace, Hope, Bill, May): where apply leaves them alone.

A name tagged ``word`` in the mapping is replaced like any other name, except
where it reads as the word:

- at the start of a sentence followed by a lower-case word or "I"
  ("Will you ...", "Hope this helps", "May I ...");
- next to a number ("May 2021", "3 May"), where it is a month;
- written all in lower case ("mark", "will") anywhere but the greeting line and
  the sign-off, where a lower-case signature is common.

Case is still exact, so "will" is never replaced for a name written "Will".
"""

from __future__ import annotations

import regex

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
