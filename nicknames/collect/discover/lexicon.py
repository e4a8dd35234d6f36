"""Which tokens are ordinary words rather than names: a built-in list plus the corpus's own usage.

A token is an ordinary word when its lower-case form is in ``data/common_words.txt``
or ``data/name_words.txt`` (both compiled for this project), or when the corpus itself writes it in lower case more
often than capitalised in mid-sentence ("list", "scanned"): names are capitalised
where sentences do not force it.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources

COMMON_WORDS = "common_words.txt"
NAME_WORDS = "name_words.txt"
MIN_LOWER = 3
"""Lower-case uses a token needs before the corpus alone makes it an ordinary word."""


@functools.cache
def common_words() -> frozenset[str]:
    """The built-in list of common English words, lower case (names that are words included)."""
    return _read_words(COMMON_WORDS) | name_words()


def _read_words(file_name: str) -> frozenset[str]:
    text = resources.files("nicknames").joinpath("data", file_name).read_text(encoding="utf-8")
    lines = (line for line in text.splitlines() if not line.lstrip().startswith("#"))
    return frozenset(word.lower() for line in lines for word in line.split())


@functools.cache
def name_words() -> frozenset[str]:
    """Given names that are also ordinary words (Will, Mark, Grace, May), lower case."""
    return _read_words(NAME_WORDS)


@dataclass
class Lexicon:
    """Usage counts per lower-case token: written in lower case, or capitalised mid-sentence."""

    lower: Counter[str] = field(default_factory=Counter)
    capitalised: Counter[str] = field(default_factory=Counter)
    words: frozenset[str] = field(default_factory=common_words)

    def observe(self, token: str, sentence_start: bool) -> None:
        """Count one occurrence of a token in running text."""
        if token.islower():
            self.lower[token] += 1
        elif token[0].isupper() and not sentence_start:
            self.capitalised[token.casefold()] += 1

    def is_common(self, text: str) -> bool:
        """True when the text, ignoring case, is on the built-in word list."""
        return text.casefold() in self.words

    def is_word(self, text: str) -> bool:
        """True when the text is an ordinary word: on the list, or mostly lower case in this corpus."""
        return text.casefold() in self.words or self._written_as_word(text)

    def is_name_word(self, text: str) -> bool:
        """True for a name that is also a word: on the names-that-are-words list, or mostly lower case here."""
        return text.casefold() in name_words() or self._written_as_word(text)

    def _written_as_word(self, text: str) -> bool:
        key = text.casefold()
        lower = self.lower.get(key, 0)
        return lower >= MIN_LOWER and lower > self.capitalised.get(key, 0)
