"""Near misses: capitalised words a small edit away from a name, dropped where the word is also written in lower case.

A near miss is a capitalised word within a small edit distance of a name (one
edit, a swap of two neighbouring letters counting as one, for words of up to 7
letters; two for longer ones) that is not a stop word or a common word
("Table" is no misspelling of a name "Tabe"). It is weighed against the words
written in lower case anywhere in the output (``LowerWords``): then it is a word.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex
from rapidfuzz import process
from rapidfuzz.distance import OSA

from nicknames.check.findings import Finding, finding
from nicknames.check.name_index import MIN_NEAR_LENGTH, NameIndex
from nicknames.rules.stopwords import STOPWORDS, common_words
from nicknames.rules.word_names import WORD_NAMES

CAPITALISED = regex.compile(r"(?<![\w'’\-])\p{Lu}\w{%d,}(?!\w|['’\-](?![sS]\b)\w)" % (MIN_NEAR_LENGTH - 1))
LOWER_WORD = regex.compile(r"(?<![\w'’\-])\p{Ll}+(?![\w'’\-])")
_HAS_DIGIT = regex.compile(r"\d")
_ASCII_WORDS = str.maketrans({chr(c): " " for c in range(128) if not (chr(c).isalnum() or chr(c) in "_'-")})
"""Turns an ASCII text into its words with inner apostrophes and hyphens (the bounds of ``LOWER_WORD``)."""


class NearLookups:
    """The near-miss lookups of a scan: the name each capitalised word is near (``cache``, by the word in lower case),
    and the words found near none (at most ``QUIET_KEPT``)."""

    def __init__(self, index: NameIndex, cache: dict[str, str | None], near: bool = True) -> None:
        self.index = index
        self.cache = cache
        self.near = near
        self.quiet_words: set[str] = set()

    def quiet(self, word: str) -> bool:
        """True when a capitalised word is no near miss (or near misses are not looked for)."""
        if not self.near or word in self.quiet_words:
            return True
        if _near(word, word.lower(), self.index, self.cache) is not None:
            return False
        if len(self.quiet_words) >= QUIET_KEPT:
            self.quiet_words.clear()
        self.quiet_words.add(word)
        return True

    def all_quiet(self, words: set[str]) -> bool:
        """True when none of these words is a near miss."""
        return words <= self.quiet_words or all(self.quiet(word) for word in words)


QUIET_KEPT = 200_000
"""Capitalised words known to be no near miss that a scan keeps at most (then it forgets them)."""


class LowerWords:
    """The words written in lower case (``LOWER_WORD``) anywhere in the texts seen.

    An ASCII text is split with ``str.translate`` and all its words are kept
    until there are many; a word counts only if it is letters in lower case.
    """

    def __init__(self, limit: int = 100_000) -> None:
        self.found: set[str] = set()
        self.ascii: set[str] = set()
        self._limit = limit

    def add(self, text: str) -> None:
        """Note the lower-case words of one text."""
        if not text.isascii():
            self.found.update(LOWER_WORD.findall(text))
            return
        self.ascii.update(text.translate(_ASCII_WORDS).split())
        if len(self.ascii) > self._limit:  # keep memory bounded by the vocabulary, not the numbers and codes
            self.compact()
            self._limit = max(self._limit, 2 * len(self.ascii))

    def add_words(self, words: Iterable[str]) -> None:
        """Note lower-case words read elsewhere (``plain_texts``)."""
        self.ascii.update(words)

    def compact(self) -> None:
        """Drop the ASCII words that are not lower-case letters only."""
        self.ascii = {word for word in self.ascii if word.isalpha() and word.islower()}

    def absorb(self, other: LowerWords) -> None:
        """Add the words of another set (compacted)."""
        self.found |= other.found
        self.ascii |= other.ascii

    def __contains__(self, word: object) -> bool:
        if word in self.found:
            return True
        return isinstance(word, str) and word in self.ascii and word.isalpha() and word.islower()


def near_misses(message_id: str, text: str, index: NameIndex, cache: dict[str, str | None],
                taken: set[int]) -> list[Finding]:
    """Capitalised words within a small edit distance of a name (not yet filtered by the lower-case words)."""
    found: list[Finding] = []
    for match in CAPITALISED.finditer(text):
        if match.start() in taken:
            continue
        similar = _near(match.group(), match.group().lower(), index, cache)
        if similar is not None:
            found.append(finding(message_id, text, match.start(), match.end(), "near", similar, index))
    return found


def _near(word: str, folded: str, index: NameIndex, cache: dict[str, str | None]) -> str | None:
    """The name a capitalised word is a near miss of, if any."""
    if not word[:1].isupper() or len(word) < MIN_NEAR_LENGTH or _HAS_DIGIT.search(word):
        return None
    if folded not in cache:
        cache[folded] = None if _is_ordinary(folded) else _nearest(folded, index)
    return cache[folded]


def _is_ordinary(folded: str) -> bool:
    """A stop word, a common word or a name that is also a word: "Table" is no misspelling of "Tabe"."""
    return folded in STOPWORDS or folded in WORD_NAMES or folded in common_words()


def _nearest(folded: str, index: NameIndex) -> str | None:
    limit = 1 if len(folded) <= 7 else 2
    best = process.extractOne(folded, index.near, scorer=OSA.distance, score_cutoff=limit)
    return best[0] if best is not None else None
