"""Find all names of a scope in one pass over a text, by the rules of ``patterns``.

An Aho-Corasick automaton (ahocorasick-rs) finds every occurrence of every
name in one pass whatever the number of names; the rules of ``patterns`` are
then applied to those few occurrences: whole words by the same look-arounds,
leftmost then longest first, a space in a name matching a run of spaces or
tabs. The result is exactly what the alternation of every ``name_pattern``,
longest first, finds with ``finditer`` (the tests compare the two on random
names and texts), at a cost that does not grow with the number of names.
Without ahocorasick-rs the same interface runs a trie-shaped regular
expression (``patterns.trie_pattern``), slower but still one pass.
"""

from __future__ import annotations

import bisect
from collections.abc import Collection, Iterator
from typing import Protocol

import regex

try:  # an optional speed-up: the trie-shaped pattern gives the same matches
    import ahocorasick_rs
except ImportError:  # pragma: no cover - exercised only where the wheel is missing
    ahocorasick_rs = None  # type: ignore[assignment]

WORD = regex.compile(r"\w", regex.VERSION1)
SPACE_RUN = regex.compile(r"[^\S\r\n]+", regex.VERSION1)
"""What a space inside a name matches (``patterns.SPACE_IN_NAME``)."""
_FOLDABLE = regex.compile(r"[^\S\r\n]{2,}|[^\S\r\n ]", regex.VERSION1)
_ASCII_FOLDABLE = ("  ", "\t", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f")


class NameMatch:
    """One name found in a text: the parts of ``regex.Match`` that callers use."""

    __slots__ = ("_start", "_end", "_text")

    def __init__(self, start: int, end: int, text: str) -> None:
        self._start, self._end, self._text = start, end, text

    def start(self) -> int:
        """Offset of the first character in the searched text."""
        return self._start

    def end(self) -> int:
        """Offset just past the last character."""
        return self._end

    def span(self) -> tuple[int, int]:
        """``(start, end)``."""
        return self._start, self._end

    def group(self) -> str:
        """The matched text as it is in the searched text (inner white space unfolded)."""
        return self._text

    def __repr__(self) -> str:
        return f"<NameMatch span={self.span()!r} match={self._text!r}>"


class Matches(Protocol):
    """What ``finditer`` yields: a ``regex.Match`` or a ``NameMatch``."""

    def start(self) -> int: ...
    def end(self) -> int: ...
    def group(self) -> str: ...


class NameMatcher:
    """All names of a scope (``name_key``-folded), found in one pass by the matching rules."""

    def __init__(self, keys: Collection[str], glued: Collection[str] = ()) -> None:
        self.keys = sorted(keys)
        self._automaton = ahocorasick_rs.AhoCorasick(self.keys) if ahocorasick_rs else None
        self._trie: regex.Pattern[str] | None = None
        if self._automaton is None:
            from nicknames.patterns import alternation, trie_pattern

            self._trie = alternation(self.keys, glued) if glued else regex.compile(
                trie_pattern(self.keys), regex.VERSION1
            )
        self._word_start = [WORD.match(key[0]) is not None for key in self.keys]
        self._word_end = [WORD.match(key[-1]) is not None for key in self.keys]
        # ``glued`` names may touch a word in camel case (patterns.GLUED_BEFORE / GLUED_AFTER).
        self._glued_start = [key in glued and key[0].isupper() for key in self.keys]
        self._glued_end = [key in glued and key[-1].islower() for key in self.keys]
        from nicknames.patterns import name_key  # patterns imports this module

        self._name_key = name_key
        self._name_keys = [name_key(key) for key in self.keys]

    def finditer(self, text: str) -> Iterator[Matches]:
        """The names in the text, left to right, the longest at each position, not overlapping."""
        if self._trie is not None:
            matches: Iterator[Matches] = self._trie.finditer(text)
            return matches
        return (NameMatch(start, end, text[start:end]) for start, end, _ in self.spans(text))

    def spans(self, text: str) -> list[tuple[int, int, str]]:
        """What ``finditer`` finds as ``(start, end, name_key(matched text))``, without match objects.

        Large runs call this once per message; building no object per name found
        is most of what it saves.
        """
        if self._trie is not None:
            key = self._name_key
            return [(match.start(), match.end(), key(match.group())) for match in self._trie.finditer(text)]
        folded, runs, removed = fold_space_runs(text)
        assert self._automaton is not None
        hits = self._automaton.find_matches_as_indexes(folded, overlapping=True)
        if not hits:
            return []
        longest = self._longest(folded, hits)
        found: list[tuple[int, int, str]] = []
        position = 0
        for start in sorted(longest):
            if start < position:
                continue
            end, index = longest[start]
            position = end
            if runs:
                start, end = _unfold(start, runs, removed), _unfold(end, runs, removed)
                found.append((start, end, self._name_key(text[start:end])))
            else:
                found.append((start, end, self._name_keys[index]))
        return found

    def _longest(self, folded: str, hits: list[tuple[int, int, int]]) -> dict[int, tuple[int, int]]:
        """Start → (end, key index) of the longest whole-word hit starting there."""
        longest: dict[int, tuple[int, int]] = {}
        word_start, word_end, size = self._word_start, self._word_end, len(folded)
        for index, start, end in hits:
            if word_start[index] and start and _is_word(folded[start - 1]):
                if not (self._glued_start[index] and folded[start - 1].islower()):
                    continue
            if word_end[index] and end < size and _is_word(folded[end]):
                if not (self._glued_end[index] and folded[end].isupper()):
                    continue
            best = longest.get(start)
            if best is None or best[0] < end:
                longest[start] = (end, index)
        return longest

    def search(self, text: str) -> Matches | None:
        """The first name in the text, or None."""
        return next(self.finditer(text), None)


def fold_space_runs(text: str) -> tuple[str, list[int], list[int]]:
    """The text with every run of spaces/tabs (other than a single space) folded to one space.

    Returns the folded text, the folded offset of each folded run, and how many
    characters were removed up to and including each run, to map offsets back.
    """
    if text.isascii() and not any(run in text for run in _ASCII_FOLDABLE):
        return text, [], []
    if not text.isascii() and _FOLDABLE.search(text) is None:
        return text, [], []
    pieces: list[str] = []
    runs: list[int] = []
    removed: list[int] = []
    position = total = 0
    for match in SPACE_RUN.finditer(text):
        if match.group() == " ":
            continue
        pieces.append(text[position : match.start()])
        pieces.append(" ")
        runs.append(match.start() - total)
        total += len(match.group()) - 1
        removed.append(total)
        position = match.end()
    pieces.append(text[position:])
    return "".join(pieces), runs, removed


def _unfold(offset: int, runs: list[int], removed: list[int]) -> int:
    """The offset in the original text of an offset in the folded one."""
    index = bisect.bisect_left(runs, offset) - 1
    return offset + removed[index] if index >= 0 else offset


_WORD_CACHE: dict[str, bool] = {}


def _is_word(char: str) -> bool:
    known = _WORD_CACHE.get(char)
    if known is None:
        known = _WORD_CACHE[char] = WORD.match(char) is not None
    return known
