"""The matching rules for names in text, in one place.

- Whole words by Unicode-aware look-arounds: a name that starts (ends) with a
  word character must not have a word character before (after) it, so "Eve"
  never matches inside "Evening" or "Steve"; a name that starts or ends with a
  non-word character (``-RG-``) needs no boundary on that side.
- Possessives keep their ending: "Mary's" matches "Mary" and leaves "'s".
- Case is exact: variants are separate names in the mapping.
- A space inside a name matches any run of spaces or tabs (not a line break),
  so "Mary  Jane" is still "Mary Jane".
- Longest first: at any position the longest name wins, so "Mary Jane" is one
  match and a keep-list name such as "Arthur C. Clarke" covers "Arthur".
- Names tagged ``glued`` also match glued to a word in camel case
  ("thanksMary" → "thanks[U01]"); names tagged ``word`` are skipped where they
  read as the word (see ``nicknames.word_names``).
- Regex metacharacters in names (``C++``, ``(Rob)``, ``a.b``) are literal.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import regex

WORD = regex.compile(r"\w")
SPACE_IN_NAME = r"[^\S\r\n]+"
"""What a space inside a name matches: spaces and tabs, not line breaks."""


GLUED_BEFORE = r"(?<![\w--\p{Ll}])"
"""Left edge of a ``glued`` name that starts with a capital: a lower-case letter may touch it ("thanksMary")."""
GLUED_AFTER = r"(?![\w--\p{Lu}])"
"""Right edge of a ``glued`` name that ends in lower case: a capital may touch it ("MaryThanks")."""


def name_pattern(name: str, glued: bool = False) -> str:
    """The regular expression for one name, whole-word on the sides where it has word characters.

    A ``glued`` name also matches where it is glued to a word in camel case:
    "Mary" in "thanksMary" and "MaryThanks", never in "Rosemary" or "Marys".
    """
    body = SPACE_IN_NAME.join(regex.escape(part) for part in name.split())
    before = r"(?<!\w)" if WORD.match(name[0]) else ""
    after = r"(?!\w)" if WORD.match(name[-1]) else ""
    if glued and name[0].isupper():
        before = GLUED_BEFORE
    if glued and name[-1].islower():
        after = GLUED_AFTER
    return before + body + after


def longest_first(names: Iterable[str]) -> list[str]:
    """Distinct names ordered longest first, then alphabetically (a deterministic order)."""
    return sorted(set(names), key=lambda name: (-len(name), name))


def compile_names(names: Iterable[str], glued: Collection[str] = ()) -> regex.Pattern[str] | None:
    """One pattern matching any of the names, longest first; None when there are none.

    ``name_key(match.group())`` gives back the name that matched. Names in
    ``glued`` also match glued to a word (see ``name_pattern``).
    """
    ordered = longest_first(name_key(name) for name in names)
    if not ordered:
        return None
    return regex.compile("|".join(name_pattern(name, name in glued) for name in ordered), regex.VERSION1)


def name_key(text: str) -> str:
    """A name with its inner white space folded to single spaces, as patterns compare names."""
    return " ".join(text.split())


def occurs(name: str, text: str) -> bool:
    """True when the name occurs in the text as a whole word."""
    return regex.search(name_pattern(name), text) is not None
