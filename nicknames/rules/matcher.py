"""Find all names of a scope in one pass over a text, by the rules of ``patterns``.

An Aho-Corasick automaton (ahocorasick-rs) finds the names in one pass
whatever their number, leftmost then longest first; the rules of ``patterns``
are then applied to those few hits: whole words by the same look-arounds, a
space in a name matching a run of spaces or tabs. Where a hit that is not a
whole word may hide one that is, every overlapping hit of that text is looked
at instead. The result is exactly what the alternation of every ``name_pattern``,
longest first, finds with ``finditer`` (the tests compare the two on random
names and texts), at a cost that does not grow with the number of names.
Without ahocorasick-rs the same interface runs a trie-shaped regular
expression (``patterns.trie_pattern``), slower but still one pass.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Collection, Iterator, Sequence
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
_JOINED_TEXTS = 100
"""Texts ``NameMatcher.names_in_texts`` searches at once."""
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
        self._automaton = (
            ahocorasick_rs.AhoCorasick(self.keys, matchkind=ahocorasick_rs.MatchKind.LeftmostLongest)
            if ahocorasick_rs else None
        )
        self._every_hit: ahocorasick_rs.AhoCorasick | None = None
        """The automaton that reports overlapping hits too, built when a text first needs it."""
        self._trie: regex.Pattern[str] | None = None
        if self._automaton is None:
            from nicknames.rules.patterns import alternation, trie_pattern

            self._trie = alternation(self.keys, glued) if glued else regex.compile(
                trie_pattern(self.keys), regex.VERSION1
            )
        self._word_start = [WORD.match(key[0]) is not None for key in self.keys]
        self._word_end = [WORD.match(key[-1]) is not None for key in self.keys]
        # ``glued`` names may touch a word in camel case (patterns.GLUED_BEFORE / GLUED_AFTER).
        self._glued_start = [key in glued and key[0].isupper() for key in self.keys]
        self._glued_end = [key in glued and key[-1].islower() for key in self.keys]
        self._glued = bool(glued)
        from nicknames.rules.patterns import name_key  # patterns imports this module

        self._name_key = name_key
        self._name_keys = [name_key(key) for key in self.keys]
        self._multiline = any("\n" in key for key in self.keys)

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
        hits, missed = self._whole_words(folded)
        if missed:
            hits = self._from_every_hit(folded)
        if not runs:
            keys = self._name_keys
            return [(start, end, keys[index]) for index, start, end in hits]
        found: list[tuple[int, int, str]] = []
        for _, start, end in hits:
            start, end = _unfold(start, runs, removed), _unfold(end, runs, removed)
            found.append((start, end, self._name_key(text[start:end])))
        return found

    def names_in(self, text: str) -> set[str]:
        """The names ``spans`` finds in the text (as ``name_key``), without their places.

        A hit in the folded text is its name with runs of spaces folded, so no offset needs mapping back.
        """
        if self._trie is not None:
            return {key for _, _, key in self.spans(text)}
        folded = _folded(text)
        hits, missed = self._whole_words(folded)
        if missed:
            hits = self._from_every_hit(folded)
        keys = self._name_keys
        return {keys[index] for index, _, _ in hits}

    def names_in_texts(self, texts: Sequence[str]) -> list[set[str]]:
        """``names_in`` of each text, the texts searched a hundred at a time.

        The texts are searched joined by line breaks, which no name holds and no rule counts as part of a word:
        a hit lies in one text, and each text's hits are those it has alone. (The automaton searches a longer
        string more slowly per character.)
        """
        if self._trie is not None or self._multiline:
            return [self.names_in(text) for text in texts]
        found: list[set[str]] = []
        for start in range(0, len(texts), _JOINED_TEXTS):
            found.extend(self._names_in_joined(texts[start : start + _JOINED_TEXTS]))
        return found

    def _names_in_joined(self, texts: Sequence[str]) -> list[set[str]]:
        joined = "\n".join(texts)
        if _may_fold(joined):
            texts = [_folded(text) for text in texts]
            joined = "\n".join(texts)
        hits, missed = self._whole_words(joined)
        starts = list(itertools.accumulate((len(text) + 1 for text in texts[:-1]), initial=0))
        found: list[set[str]] = [set() for _ in texts]
        keys = self._name_keys
        for index, start, _ in hits:
            found[bisect.bisect_right(starts, start) - 1].add(keys[index])
        for text in {bisect.bisect_right(starts, start) - 1 for start in missed}:
            found[text] = {keys[index] for index, _, _ in self._from_every_hit(texts[text])}
        return found

    def _whole_words(self, folded: str) -> tuple[list[tuple[int, int, int]], list[int]]:
        """The names found by one leftmost-longest pass, and where it may have missed one.

        The pass reports at each step the longest name that starts leftmost,
        whole word or not. A hit that is a whole word is what the rules pick. A
        hit that is not can be dropped when it lies inside one word, because
        then no shorter name at its start and no name starting inside it is a
        whole word either ("Tim" in "Time"); any other is a possible miss (its
        start is returned), and ``_from_every_hit`` looks at every hit instead.
        """
        assert self._automaton is not None
        hits = self._automaton.find_matches_as_indexes(folded)
        found: list[tuple[int, int, int]] = []
        missed: list[int] = []
        word_start, word_end, size, word = self._word_start, self._word_end, len(folded), _WORD_CHARS
        for hit in hits:
            index, start, end = hit
            if (word_start[index] and start and word[folded[start - 1]]) or (
                word_end[index] and end < size and word[folded[end]]
            ):
                if self._glued and self._whole_word(folded, index, start, end):
                    found.append(hit)
                elif not self._inside_word(folded, start, end):
                    missed.append(start)
                continue
            found.append(hit)
        return found, missed

    def _whole_word(self, folded: str, index: int, start: int, end: int) -> bool:
        """True when the hit is a whole word; a ``glued`` name may touch a word in camel case."""
        if self._word_start[index] and start and _WORD_CHARS[folded[start - 1]]:
            if not (self._glued_start[index] and folded[start - 1].islower()):
                return False
        if self._word_end[index] and end < len(folded) and _WORD_CHARS[folded[end]]:
            if not (self._glued_end[index] and folded[end].isupper()):
                return False
        return True

    def _inside_word(self, folded: str, start: int, end: int) -> bool:
        """True when ``folded[start:end]`` is word characters only, with no camel case when names may be glued."""
        piece = folded[start:end]
        if not (piece.isascii() and piece.isalnum()) and _WORDS.fullmatch(piece) is None:
            return False
        return not self._glued or not any(char.isupper() for char in piece[1:])

    def _from_every_hit(self, folded: str) -> list[tuple[int, int, int]]:
        """The names found from every hit, overlapping ones too: the longest whole word at each start."""
        if self._every_hit is None:
            self._every_hit = ahocorasick_rs.AhoCorasick(self.keys)
        hits = self._every_hit.find_matches_as_indexes(folded, overlapping=True)
        longest: dict[int, tuple[int, int]] = {}
        for index, start, end in hits:
            if not self._whole_word(folded, index, start, end):
                continue
            best = longest.get(start)
            if best is None or best[0] < end:
                longest[start] = (end, index)
        found: list[tuple[int, int, int]] = []
        position = 0
        for start in sorted(longest):
            if start >= position:
                end, index = longest[start]
                found.append((index, start, end))
                position = end
        return found

    def search(self, text: str) -> Matches | None:
        """The first name in the text, or None."""
        return next(self.finditer(text), None)


def fold_space_runs(text: str) -> tuple[str, list[int], list[int]]:
    """The text with every run of spaces/tabs (other than a single space) folded to one space.

    Returns the folded text, the folded offset of each folded run, and how many
    characters were removed up to and including each run, to map offsets back.
    """
    if not _may_fold(text):
        return text, [], []
    pieces: list[str] = []
    runs: list[int] = []
    removed: list[int] = []
    position = total = 0
    for match in _FOLDABLE.finditer(text):  # the runs of SPACE_RUN other than a single space
        pieces.append(text[position : match.start()])
        pieces.append(" ")
        runs.append(match.start() - total)
        total += len(match.group()) - 1
        removed.append(total)
        position = match.end()
    if not runs:
        return text, runs, removed
    pieces.append(text[position:])
    return "".join(pieces), runs, removed


def _folded(text: str) -> str:
    """The text with every run of spaces/tabs (other than a single space) folded to one space."""
    return _FOLDABLE.sub(" ", text) if _may_fold(text) else text


def _may_fold(text: str) -> bool:
    """False when the text has no run of spaces to fold; True when it may have one (a text not all ASCII)."""
    return not text.isascii() or any(run in text for run in _ASCII_FOLDABLE)


def _unfold(offset: int, runs: list[int], removed: list[int]) -> int:
    """The offset in the original text of an offset in the folded one."""
    index = bisect.bisect_left(runs, offset) - 1
    return offset + removed[index] if index >= 0 else offset


class _WordChars(dict[str, bool]):
    """Character → whether ``\\w`` matches it, filled as characters are first seen."""

    def __missing__(self, char: str) -> bool:
        known = self[char] = WORD.match(char) is not None
        return known


_WORD_CHARS = _WordChars()
_WORDS = regex.compile(r"\w+", regex.VERSION1)
