"""Which tokens are ordinary words rather than names: a built-in list plus the corpus's own usage.

A token is an ordinary word when its lower-case form is in ``data/common_words.txt``
or ``data/name_words.txt`` (both compiled for this project), or when the corpus itself writes it in lower case more
often than capitalised in mid-sentence ("list", "scanned"): names are capitalised
where sentences do not force it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

# The word lists live with the rules (greetings read them too); discovery's callers find them here as well.
from nicknames.rules.stopwords import common_words as common_words
from nicknames.rules.stopwords import name_words as name_words

MIN_LOWER = 3
"""Lower-case uses a token needs before the corpus alone makes it an ordinary word."""


@dataclass
class Lexicon:
    """Usage counts per lower-case token: written in lower case, or capitalised mid-sentence."""

    lower: Counter[str] = field(default_factory=Counter)
    capitalised: Counter[str] = field(default_factory=Counter)
    words: frozenset[str] = field(default_factory=common_words)
    addressed: Counter[str] = field(default_factory=Counter)
    """Of ``lower``, the words of the local parts of addresses an archive wrote out ("ann" and "lee" of "ann.lee at
    example.org"): a name written in lower case, for the forms collect suggests so, but no use of an ordinary word
    (``is_word``)."""

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
        lower = self.lower.get(key, 0) - self.addressed.get(key, 0)
        return lower >= MIN_LOWER and lower > self.capitalised.get(key, 0)
