"""The edges of a name in a text: which characters block a word edge, which names need one, prefix letters.

The rules are ``patterns``' (``BLOCKING``, ``CONTINUOUS``, ``PREFIXES``), answered per character for the matcher,
which asks them for every hit.
"""

from __future__ import annotations

import functools

import regex

from nicknames.rules.patterns import BLOCKING, CONTINUOUS, MAX_PREFIX

WORD = regex.compile(r"\w", regex.VERSION1)


@functools.cache
def needs_edge(char: str) -> bool:
    """True when a name with this character at an edge must not touch a ``BLOCKING`` character there (kept per
    character: a matcher asks for every name's first and last)."""
    if char.isascii():
        return char.isalnum() or char == "_"
    return WORD.match(char) is not None and CONTINUOUS.match(char) is None


def after_prefix(folded: str, start: int, prefixes: str) -> bool:
    """True when up to ``MAX_PREFIX`` prefix letters, and before them no ``BLOCKING`` character, precede ``start``."""
    if not prefixes:
        return False
    for length in range(1, MAX_PREFIX + 1):
        begin = start - length
        if begin < 0 or folded[begin] not in prefixes:
            return False
        if begin == 0 or not BLOCKING_CHARS[folded[begin - 1]]:
            return True
    return False


class _BlockingChars(dict[str, bool]):
    """Character → whether it blocks a name's word edge (``patterns.BLOCKING``), filled as characters are first seen."""

    def __missing__(self, char: str) -> bool:
        known = self[char] = BLOCKING.match(char) is not None
        return known


BLOCKING_CHARS = _BlockingChars()
INSIDE_WORD = regex.compile(
    r"[\w--[\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}\p{Arabic}\p{Hebrew}]]+", regex.VERSION1
)
"""A piece that no name can start or end inside (``NameMatcher._inside_word``)."""
