"""Letters lost by an archive: ``St?phane``, ``?ystein``, ``G\\ufffdnther`` for a name with an accented letter; and
letters garbled, ``StÃ©phane``, where the UTF-8 bytes of a letter were read as Windows-1252 or Latin-1.

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

A garbled word (``garbled_words``) matches the registered name it reads as once its
letters are read back as UTF-8 (``repaired``): ``HÃ©lÃ¨ne`` is ``Hélène``, ``Åukasz`` is
``Łukasz``.

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
    """The words of a text with a lost letter in them (``St?phane``, ``?ystein``), or a garbled one
    (``HÃ©lÃ¨ne``)."""
    words = garbled_words(text) if not text.isascii() else set()
    if "\ufffd" not in text and ("?" not in text or (text.isascii() and _ASCII_MARK.search(text) is None)):
        return words
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


_GARBLED_PAIR = (r"[\u00c3-\u00d1][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc"
                 r"\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]")
"""A letter's two UTF-8 bytes read as Windows-1252 or Latin-1: a lead byte of the Latin, Greek or Cyrillic letters
(C3 to D1: "Ã", "Å", "Ð"…) and a continuation byte (80 to BF: "©", "¨", or what Windows-1252 writes for 80 to
9F)."""
_GARBLED_WORD = regex.compile(rf"(?:{_GARBLED_PAIR}|\p{{L}})*{_GARBLED_PAIR}(?:{_GARBLED_PAIR}|\p{{L}})*")
_ANY_GARBLED = re.compile(_GARBLED_PAIR)
"""``_GARBLED_PAIR`` for the standard ``re``, which looks for it many times as fast: most texts have none."""


def garbled_words(text: str) -> set[str]:
    """The words of a text holding a letter garbled (``_GARBLED_PAIR``) that read as other words once repaired."""
    if _ANY_GARBLED.search(text) is None:
        return set()
    return {match.group() for match in _GARBLED_WORD.finditer(text) if repaired(match.group()) is not None}


def repaired(word: str) -> str | None:
    """The word with its characters read back as the UTF-8 bytes they were read from (Windows-1252, or Latin-1 for
    the five bytes it leaves undefined), or None when they are no UTF-8 or the word reads the same."""
    try:
        raw = b"".join(_garbled_byte(char) for char in word)
        fixed = raw.decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return None
    return fixed if fixed != word else None


def _garbled_byte(char: str) -> bytes:
    try:
        return char.encode("cp1252")
    except UnicodeEncodeError:
        return char.encode("latin-1")


def has_lost_letter(word: str) -> bool:
    """True when a word holds ``?`` or U+FFFD."""
    return any(c in LOST for c in word)


def lost_letter_pattern(word: str) -> regex.Pattern[str]:
    """The word with each run of lost letters standing for one or two letters, or lost letters (any case)."""
    pieces = [r"(?:\p{L}{1,2}|[?\ufffd]{1,2})" if piece[0] in LOST else regex.escape(piece)
              for piece in regex.findall(r"[?\ufffd]+|[^?\ufffd]+", word)]
    return regex.compile("".join(pieces), regex.IGNORECASE)


def matches(word: str, name: str) -> bool:
    """True when a word and a registered name are the same but for letters lost or garbled in either."""
    if word.casefold() == name.casefold():
        return False
    fixed = repaired(word) if not word.isascii() else None
    if fixed is not None and (fixed.casefold() == name.casefold() or matches(fixed, name)):
        return True
    fixed = repaired(name) if not name.isascii() else None
    if fixed is not None and (fixed.casefold() == word.casefold() or matches(word, fixed)):
        return True  # the class list garbled
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
    """The tokens that a registered part with lost letters stands for (``Oystein`` for ``\\ufffdystein``), or a
    garbled part read back (``Hélène`` for ``HÃ©lÃ¨ne``: a class list saved in the wrong encoding).

    Only capitalised tokens that hold the longest run of the part's kept letters are tried.
    """
    parts = list(parts)
    garbled = {fixed.casefold() for part in parts if not part.isascii() and (fixed := repaired(part)) is not None}
    lost = [part for part in parts if has_lost_letter(part)]
    if not lost and not garbled:
        return []
    keys = [(max(regex.split(r"[?\ufffd]+", part.casefold()), key=len), lost_letter_pattern(part)) for part in lost]
    found: list[str] = []
    for token in tokens:
        if not token[:1].isupper() or has_lost_letter(token):
            continue
        folded = token.casefold()
        if folded in garbled or any(
                len(key) >= 2 and key in folded and pattern.fullmatch(token) for key, pattern in keys):
            found.append(token)
    return found
