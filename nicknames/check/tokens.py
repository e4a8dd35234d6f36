"""How audit cuts a text or a name into tokens, and which known name of several tokens starts at a token."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

import regex

from nicknames.rules.patterns import (
    CONTINUOUS,
    CONTINUOUS_SCRIPTS,
    MAX_PREFIX,
    SEPARATOR,
    prefixes_before,
)
from nicknames.rules.text_forms import normalised

TOKEN = regex.compile(r"\w+(?:['’](?![sS]\b)\w+)*")
"""A word, with inner apostrophes ("O'Brien"), without a possessive "'s"; a hyphen parts two words, as a
space does ("García-López" is "García López")."""
ASCII_TOKEN = re.compile(r"\w+(?:'(?![sS]\b)\w+)*", re.ASCII)
"""``TOKEN`` in ASCII text, for the standard ``re``, which finds it faster."""
CONTINUOUS_TOKEN = regex.compile(
    rf"[{CONTINUOUS_SCRIPTS}]|[\w--[{CONTINUOUS_SCRIPTS}]]+(?:['’](?![sS]\b)[\w--[{CONTINUOUS_SCRIPTS}]]+)*",
    regex.VERSION1,
)
"""``TOKEN`` where a character of a script written without spaces is a word alone ("张伟" is two tokens)."""
NAME_GAP = regex.compile(SEPARATOR, regex.VERSION1)
"""A gap between the parts of a name that counts whatever its length: blanks, one line break, a hyphen."""
MAX_GAP = 3
"""Other gaps between the parts of a name: at most this many characters on one line ("M. J.", "Mary, Jane")."""
_SENTENCE_END = regex.compile(r"(?:^|[.!?:>\n]\s*)$")


class Spanned(Protocol):
    """A token: its text, and where it starts and ends in the text scanned (the parts of ``regex.Match`` used)."""

    def start(self) -> int: ...
    def end(self) -> int: ...
    def group(self) -> str: ...


@dataclass(frozen=True)
class _Token:
    """A token that is not a match of ``TOKEN``: a word after its Arabic or Hebrew prefix letters."""

    first: int
    last: int
    word: str

    def start(self) -> int:
        return self.first

    def end(self) -> int:
        return self.last

    def group(self) -> str:
        return self.word


def text_tokens(text: str) -> list[Spanned]:
    """The tokens of a text (``TOKEN``, and ``CONTINUOUS_TOKEN`` inside words of scripts written without spaces)."""
    tokens: list[Spanned] = list(TOKEN.finditer(text))
    if text.isascii() or CONTINUOUS.search(text) is None:
        return tokens
    return [part for token in tokens for part in _parts(text, token)]


def prefixed_tokens(tokens: Sequence[Spanned], folded: list[str], first: set[str]) -> dict[int, _Token]:
    """Tokens that are a name's first word after Arabic or Hebrew prefix letters: that word, by token position."""
    found: dict[int, _Token] = {}
    for position, word in enumerate(folded):
        if word not in first and not word.isascii():
            token = _after_prefix(word, tokens[position], first)
            if token is not None:
                found[position] = token
    return found


def _parts(text: str, token: Spanned) -> list[Spanned]:
    """A token as ``CONTINUOUS_TOKEN`` cuts it: each character of a script written without spaces alone."""
    if CONTINUOUS.search(text, token.start(), token.end()) is None:
        return [token]
    return list(CONTINUOUS_TOKEN.finditer(text, token.start(), token.end()))


def _after_prefix(word: str, token: Spanned, first: set[str]) -> _Token | None:
    """The token without up to ``MAX_PREFIX`` prefix letters (``patterns.PREFIXES``), when the rest is a word."""
    for length in range(1, min(MAX_PREFIX, len(word) - 1) + 1):
        if word[length - 1] not in prefixes_before(word[length]):
            return None
        if word[length:] in first:
            return _Token(token.start() + length, token.end(), word[length:])
    return None


def name_tokens(text: str) -> tuple[str, ...]:
    """A name as audit compares it: its tokens (``TOKEN``, ``CONTINUOUS_TOKEN``), in lower case."""
    text = normalised(text)
    pattern = CONTINUOUS_TOKEN if not text.isascii() and CONTINUOUS.search(text) else TOKEN
    return tuple(match.group().lower() for match in pattern.finditer(text))


def longest_name(known: Collection[tuple[str, ...]], lengths: list[int], tokens: Sequence[Spanned],
                 folded: list[str], i: int, text: str) -> int:
    """The length of the longest known name starting at token i (0 when none does)."""
    for length in lengths:
        if i + length <= len(tokens) and tuple(folded[i:i + length]) in known and _close(tokens, i, length, text):
            return length
    return 0


def _close(tokens: Sequence[Spanned], i: int, length: int, text: str) -> bool:
    """True when the tokens of a name are apart only by short gaps on one line ("Mary Jane", "M. J."), or by
    ``NAME_GAP`` (blanks, one line break, a hyphen: "Mary\\nJane")."""
    gaps = (text[tokens[k].end():tokens[k + 1].start()] for k in range(i, i + length - 1))
    return all((len(gap) <= MAX_GAP and "\n" not in gap) or NAME_GAP.fullmatch(gap) is not None for gap in gaps)


def opens_sentence(text: str, start: int) -> bool:
    """True when a token starting here opens a sentence: the text's start, or after a sentence's end (the three
    characters before it read)."""
    return _SENTENCE_END.search(text[max(0, start - 3):start]) is not None
