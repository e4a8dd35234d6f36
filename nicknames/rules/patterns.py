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
- Regex metacharacters in names (``C++``, ``(Rob)``, ``a.b``) are literal.
- Names tagged ``glued`` also match glued to a word in camel case
  ("thanksMary" → "thanks[U01]"); names tagged ``word`` are skipped where they
  read as the word (see ``nicknames.rules.word_names``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import regex

from nicknames.rules.matcher import NameMatcher

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


def compile_names(names: Iterable[str], glued: Collection[str] = ()) -> NameMatcher | None:
    """One matcher for all the names, longest first; None when there are none.

    ``matcher.finditer(text)`` finds exactly what the alternation of every
    ``name_pattern``, longest first, finds, in one pass over the text whatever
    the number of names (see ``nicknames.rules.matcher``). ``name_key(match.group())``
    gives back the name that matched. Names in ``glued`` also match glued to a
    word (see ``name_pattern``).
    """
    keys = {name_key(name) for name in names}
    keys.discard("")
    return NameMatcher(keys, {name_key(name) for name in glued} & keys) if keys else None


def alternation(names: Iterable[str], glued: Collection[str] = ()) -> regex.Pattern[str] | None:
    """The straightforward pattern: every ``name_pattern``, longest first, as one alternation.

    The definition that ``compile_names`` must agree with, kept for tests and
    benchmarks; its cost grows with the number of names.
    """
    ordered = longest_first(name_key(name) for name in names)
    ordered = [name for name in ordered if name]
    if not ordered:
        return None
    return regex.compile("|".join(name_pattern(name, name in glued) for name in ordered), regex.VERSION1)


_END = ""
"""Trie key marking that a name ends at this node (no unit is the empty string)."""
_Trie = dict[str, "_Trie"]


def trie_pattern(keys: Iterable[str]) -> str:
    """The names (already ``name_key``-folded) as one regular expression shaped like a trie.

    Names sharing a prefix share its pattern, so the engine decides at each
    character which names are still possible instead of trying every name in
    turn. At each node the longer continuations are tried before the name that
    ends there, which is the longest-first rule: names that can match at one
    position are prefixes of one another (the branches of a node start with
    different characters, or with a space run that no literal can match), so
    the deepest one that matches is the longest. The look-behind is shared by
    all names that start with a word character; each name's look-ahead sits
    where it ends.
    """
    word_first: _Trie = {}
    other_first: _Trie = {}
    for key in keys:
        node = word_first if WORD.match(key[0]) else other_first
        for unit in _units(key):
            node = node.setdefault(unit, {})
        node[_END] = {"(?!\\w)" if WORD.match(key[-1]) else "": {}}
    branches = []
    if word_first:
        branches.append(r"(?<!\w)" + _node_pattern(word_first))
    if other_first:
        branches.append(_node_pattern(other_first))
    return "|".join(branches)


def _units(key: str) -> list[str]:
    """A name as trie units: its characters, each space standing for a run of spaces or tabs."""
    return [SPACE_IN_NAME if char == " " else regex.escape(char) for char in key]


def _node_pattern(node: _Trie) -> str:
    """The pattern of one trie node: every continuation, then the end of a name here (if any)."""
    branches = [unit + _node_pattern(child) for unit, child in sorted(node.items()) if unit != _END]
    if _END in node:
        branches.append(next(iter(node[_END])))
    if len(branches) == 1:
        return branches[0]
    return "(?:" + "|".join(branches) + ")"


def name_key(text: str) -> str:
    """A name with its inner white space folded to single spaces, as patterns compare names."""
    return " ".join(text.split())


def occurs(name: str, text: str) -> bool:
    """True when the name occurs in the text as a whole word."""
    return regex.search(name_pattern(name), text) is not None
