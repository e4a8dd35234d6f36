"""Capitalised words of a text, and lists of given names made of them ("Ann, Ben and Cleo").

The finder of people who are not participants (``discover.others``) reads
texts as these words: each a named tuple with where it stands, read once per
distinct word where a reading costs (capitalised, may be a name).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import regex

from nicknames.collect.discover.lexicon import Lexicon
from nicknames.io.class_list import JOB_TITLES
from nicknames.io.given_names import given_names
from nicknames.io.person_names import TITLES
from nicknames.rules.languages import languages
from nicknames.rules.salutations import DEFAULT_RULES

WORD = regex.compile(r"\p{L}[\p{L}\p{M}]*(?:['’\-](?![sS]\b)\p{L}[\p{L}\p{M}]*)*")
"""A word, with inner apostrophes and hyphens ("O'Neil", "Ann-Sofie"), without a possessive "'s"."""
CAPITAL = regex.compile(r"(?<![\p{L}\p{M}'’])(?<![\p{L}\p{M}]-)\p{Lu}[\p{L}\p{M}]*(?:['’\-](?![sS]\b)\p{L}[\p{L}\p{M}]*)*")
"""A word that starts with a capital: the only words a name found here is made of."""
ASCII_CAPITAL = re.compile(r"[A-Z](?<![A-Za-z'][A-Z])(?<![A-Za-z]-[A-Z])[A-Za-z]*(?:['\-](?![sS]\b)[A-Za-z][A-Za-z]*)*")
"""``CAPITAL`` for a text of ASCII characters only, in the standard ``re`` engine (faster; it starts with the capital
so that the engine skips to the next one). ``tests/test_others_words.py`` checks they find the same words."""
_SPACES = regex.compile(r"[^\S\n]+")
_CONTRACTION = regex.compile(r"['’]\p{Ll}{1,2}$")
"""The end of "I'd", "I'll": a word that is no name."""
_PACK_WORDS = frozenset(word.casefold() for word in DEFAULT_RULES.stopwords | DEFAULT_RULES.titles | languages().names_too)
PLACE_OPENERS = frozenset(
    "san santa santo sao são st saint fort port new north south east west".split()
)
"""The first words of place names ("San Teodoro", "Fort Ambler", "New Harlow"): what they open names no person."""
NOT_NAME_WORDS = _PACK_WORDS | JOB_TITLES | PLACE_OPENERS | frozenset(
    """
    el la le los las van von de del da di du
    congratulations congrats welcome attn attention participant attendee guest speaker author reviewer editor
    """.split()
)
"""Capitalised words that are never part of a found name: stop words, titles, greeting words that are also names
("Cara Claudio," greets Claudio), greetings, job titles and roles, the start of a place name."""
WORDS_KEPT = 50_000
"""Distinct words whose readings (capitalised, may be a name, a title) are remembered."""
_LIST_WORDS = frozenset({"and", "und", "et", "y", "og", "och", "en"})
_LIST_JOINER = regex.compile(r"^(?:,[^\S\n]*(?:and[^\S\n]+|&[^\S\n]*)?|[^\S\n]+(?:and|&|und|et|y|og|och|en)[^\S\n]+)$")


class Word(NamedTuple):
    """One word of a text, with where it stands (a named tuple: a text makes one for every capitalised word)."""

    start: int
    end: int
    text: str
    capitalised: bool = False
    """A capital then at least one lower-case letter ("Berg", "McNeil")."""

    @classmethod
    def of(cls, match: re.Match[str] | regex.Match[str]) -> Word:
        """The word a match found."""
        text = match.group()
        start, end = match.span()
        return tuple.__new__(cls, (start, end, text, capitalised(text)))  # skips the checks of ``__new__``


@functools.lru_cache(maxsize=WORDS_KEPT)
def capitalised(text: str) -> bool:
    """A capital then at least one lower-case letter (read once per distinct word)."""
    return text[0].isupper() and any(c.islower() for c in text[1:])


def capital_words(text: str) -> Iterator[Word]:
    """The words of a text that start with a capital, in order."""
    if text.isascii():
        return map(Word.of, ASCII_CAPITAL.finditer(text))
    return map(Word.of, CAPITAL.finditer(text))


@functools.lru_cache(maxsize=WORDS_KEPT)
def may_be_name(text: str) -> bool:
    """False for capitalised words that are never part of a found name ("Hey", "Vice", "I'd", "San")."""
    return text.casefold() not in NOT_NAME_WORDS and not _CONTRACTION.search(text)


@functools.lru_cache(maxsize=WORDS_KEPT)
def is_title(text: str) -> bool:
    """A title before a name ("Dr", "Mrs", "Prof"), capitalised or in lower case; not in capitals of two letters or
    more ("MS Windows", "MR imaging": an abbreviation; a name in capitals is no run of capitalised words anyway)."""
    return (text.casefold() in TITLES and not (len(text) > 1 and text.isupper())) or text in ("Ing",)


def name_lists(text: str, words: Iterable[Word], lexicon: Lexicon) -> Iterable[tuple[list[str], int]]:
    """Runs of single capitalised given names joined by commas, "and" or "&": the names of each, each once, and how
    many words it has."""
    names: dict[str, None] = {}
    size = 0
    last = None
    for previous, word, following in with_neighbours(words):
        if size and word.text in _LIST_WORDS:
            continue
        alone = single_given(text, word, (previous, following), lexicon)
        if alone and size and last is not None and _LIST_JOINER.match(text[last.end : word.start]):
            names.setdefault(word.text)
            size += 1
            last = word
            continue
        if size >= 2:
            yield list(names), size
        names, size, last = ({word.text: None}, 1, word) if alone else ({}, 0, None)
    if size >= 2:
        yield list(names), size


def may_hold_list(text: str, words: Iterable[Word]) -> bool:
    """False when ``name_lists`` surely finds no list in the text: no two neighbouring words are capitalised given
    names with a list's joiner between them, which every list it finds has. Cheaper than reading the words for
    lists, and most texts have none."""
    given = given_names()
    previous: Word | None = None
    for word in words:
        if not (word.capitalised and word.text.casefold() in given):
            previous = None
            continue
        if previous is not None and _LIST_JOINER.match(text[previous.end : word.start]):
            return True
        previous = word
    return False


def with_neighbours(words: Iterable[Word]) -> Iterator[tuple[Word | None, Word, Word | None]]:
    """Each word with the word before and the word after it (None at either end)."""
    previous: Word | None = None
    current: Word | None = None
    for word in words:
        if current is not None:
            yield previous, current, word
        previous, current = current, word
    if current is not None:
        yield previous, current, None


def single_given(text: str, word: Word, neighbours: tuple[Word | None, Word | None], lexicon: Lexicon) -> bool:
    """A capitalised given name that is no ordinary word and stands alone (no capitalised word next to it)."""
    if not word.capitalised or not may_be_name(word.text) or word.text.casefold() not in given_names():
        return False
    if lexicon.is_word(word.text):
        return False
    return not any(other is not None and other.capitalised and _SPACES.fullmatch(between(text, word, other))
                   for other in neighbours)


def between(text: str, one: Word, other: Word) -> str:
    return text[min(one.end, other.end) : max(one.start, other.start)]
