"""Letters lost by an archive: ``St?phane``, ``?ystein``, ``G\\ufffdnther`` for a name with an accented letter.

An archive that could not encode a letter writes ``?`` or U+FFFD (the
replacement character) in its place, in the messages or in the class list. Such
a word is matched against the registered names with each lost letter standing
for one or two letters (a letter encoded in two bytes may leave two marks, and
the registered name may have lost it too):

| in the text | registered | matched |
|---|---|---|
| ``St?phane`` | ``Stephane`` | yes: ``?`` for ``e`` |
| ``?ystein`` | ``\\ufffdystein`` | yes: both lost the same letter |
| ``Oystein`` | ``\\ufffdystein`` | yes: U+FFFD for ``O`` |
| ``Stephan`` | ``St?phane`` | no: a letter missing is a misspelling, not a lost letter |

A match names the participant when one participant is registered with the
name it matches; collect then takes it as their name (tag ``lost``), as it takes
the registered name itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import regex

LOST = "?\ufffd"
"""Characters an archive writes in place of a letter it could not encode."""

_MARK = regex.compile(r"\ufffd|(?<=\p{L})\?+(?=\p{L})|(?<![\p{L}\p{M}?])\?(?=\p{L}{2})")
"""A lost letter: U+FFFD anywhere, or ``?`` between letters or opening a word of two letters or more.

A ``?`` between a lower-case and a capital letter ends a question ("Really?Yes"), not a lost letter."""
_ASCII_MARK = re.compile(r"\?[A-Za-z]")
"""What every ``_MARK`` in a text of ASCII characters only holds: a ``?`` before a letter (found by the standard
``re`` engine, many times as fast, in the many texts that ask a question)."""
MIN_LETTERS = 3
"""Letters a word needs besides its lost ones to be matched (``?a`` is not a name)."""


def lost_letter_words(text: str) -> set[str]:
    """The words of a text with a lost letter in them (``St?phane``, ``?ystein``)."""
    if "\ufffd" not in text and ("?" not in text or (text.isascii() and _ASCII_MARK.search(text) is None)):
        return set()
    words: set[str] = set()
    for mark in _MARK.finditer(text):
        if _ends_question(text, mark.start(), mark.end()):
            continue
        word = _word_around(text, mark.start())
        if word and sum(c.isalpha() for c in word) >= MIN_LETTERS:
            words.add(word)
    return words


def _ends_question(text: str, start: int, end: int) -> bool:
    return text[start] == "?" and 0 < start and text[start - 1].islower() and end < len(text) and text[end].isupper()


def _word_around(text: str, offset: int) -> str:
    start = offset
    while start > 0 and (text[start - 1].isalpha() or text[start - 1] in LOST):
        start -= 1
    end = offset + 1
    while end < len(text) and (text[end].isalpha() or text[end] in LOST):
        end += 1
    word = text[start:end].rstrip("?")
    return word if any(c in LOST for c in word) else ""


def has_lost_letter(word: str) -> bool:
    """True when a word holds ``?`` or U+FFFD."""
    return any(c in LOST for c in word)


def lost_letter_pattern(word: str) -> regex.Pattern[str]:
    """The word with each run of lost letters standing for one or two letters, or lost letters (any case)."""
    pieces = [r"(?:\p{L}{1,2}|[?\ufffd]{1,2})" if piece[0] in LOST else regex.escape(piece)
              for piece in regex.findall(r"[?\ufffd]+|[^?\ufffd]+", word)]
    return regex.compile("".join(pieces), regex.IGNORECASE)


def matches(word: str, name: str) -> bool:
    """True when a word and a registered name are the same but for letters lost in either."""
    if word.casefold() == name.casefold():
        return False
    return bool(
        (has_lost_letter(word) and lost_letter_pattern(word).fullmatch(name))
        or (has_lost_letter(name) and lost_letter_pattern(name).fullmatch(word))
    )


def registered_matches(words: Iterable[str], parts: Iterable[str]) -> dict[str, set[str]]:
    """Each word → the registered name parts it matches with lost letters (words matching none left out)."""
    parts = list(dict.fromkeys(parts))
    found: dict[str, set[str]] = {}
    for word in words:
        hits = {part for part in parts if matches(word, part)}
        if hits:
            found[word] = hits
    return found


def registered_forms(parts: Iterable[str], tokens: Iterable[str]) -> list[str]:
    """The tokens that a registered part with lost letters stands for (``Oystein`` for ``\\ufffdystein``).

    Only capitalised tokens that hold the longest run of the part's kept letters are tried.
    """
    lost = [part for part in parts if has_lost_letter(part)]
    if not lost:
        return []
    keys = [(max(regex.split(r"[?\ufffd]+", part.casefold()), key=len), lost_letter_pattern(part)) for part in lost]
    found: list[str] = []
    for token in tokens:
        if not token[:1].isupper() or has_lost_letter(token):
            continue
        folded = token.casefold()
        if any(len(key) >= 2 and key in folded and pattern.fullmatch(token) for key, pattern in keys):
            found.append(token)
    return found
