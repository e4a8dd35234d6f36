"""How a corpus writes each word, for the finder of people who are not participants (``others``).

A word the corpus mostly writes in lower case, rather than capitalised in mid-sentence, is an ordinary word, not a
name ("List", "Scanned"). The counts are made over runs of texts in the engine's partitions and added up in order.
Texts of ASCII characters only, and the lines of ASCII characters only of the other texts (no word reaches across a
line break), are read a run at a time, by the standard ``re`` engine and a translation into pieces, several times as
fast as the ``regex`` patterns (``tests/test_others_words.py`` checks they
count the same).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

import pyarrow as pa
import pyarrow.compute as pc
import regex

from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.token_patterns import (
    hidden_address_words,
    without_addresses,
)
from nicknames.engine.partitions import row_runs
from nicknames.engine.run import ordered_map

_LOWER = regex.compile(r"(?<![\p{L}\p{M}'’\-])\p{Ll}[\p{Ll}\p{M}]*(?![\p{L}\p{M}])")
_MID_SENTENCE = regex.compile(r"(?<=[\p{Ll},;][^\S\n]+)\p{Lu}\p{Ll}[\p{L}\p{M}]*")
_ASCII_SPACE = "[ \t\x0b\x0c\r]"
"""What a space within a line (``_SPACES``) of the ``regex`` engine is among ASCII characters."""
_ASCII_PIECES = str.maketrans({chr(code): " " for code in range(128) if not (chr(code).isalpha() or chr(code) in "'-")})
"""Every ASCII character that is not a letter, an apostrophe or a hyphen, to a space: ``split()`` then gives the
pieces, the runs that a plain lower-case word (``_LOWER``) can only open."""
_ASCII_LOWER = re.compile(r"[a-z]+(?![A-Za-z])")
"""``_LOWER`` at the start of an ASCII piece."""
_ASCII_AFTER_SPACE = re.compile(rf"[A-Z](?<=[a-z,; \t\x0b\x0c\r]{_ASCII_SPACE}[A-Z])[a-z][A-Za-z]*")
"""``_MID_SENTENCE`` in ASCII after one space (a lower-case letter, a comma or a semicolon two characters before the
capital), and the candidates after several spaces (a space there), where what stands before the spaces decides; it
starts with the capital, so that the engine skips to the next one. (``tests/test_others.py`` checks this finds what
the ``regex`` patterns find.)"""
_MID_BEFORE = frozenset("abcdefghijklmnopqrstuvwxyz,;")
_ASCII_SPACES = frozenset(" \t\x0b\x0c\r")
_TEXTS = "\n"
"""Between texts read as one string: no word, lower-case word or mid-sentence word reaches across a line break."""
_SPLIT_CHARS = 1 << 20
"""Longest text with characters other than ASCII that is cut into lines (a longer one is read whole, not copied)."""


def corpus_lexicon(texts: Sequence[str], jobs: int = 1) -> Lexicon:
    """Usage of every word in these texts: how often written in lower case or capitalised mid-sentence (runs of
    texts counted in ``jobs`` processes and added up in order)."""
    lexicon = Lexicon()
    for lower, capitalised in ordered_map(_words_of_run, row_runs(len(texts)), jobs, texts):
        lexicon.lower.update(lower)
        lexicon.capitalised.update(capitalised)
    return lexicon


def _words_of_run(run: range, texts: Sequence[str]) -> tuple[Counter[str], Counter[str]]:
    """The lower-case words and the capitalised words mid-sentence of a run of texts, counted; not the names of an
    address an archive wrote out ("ann.berg at …": ``hidden_address_words``)."""
    lower: Counter[str] = Counter()
    capitalised: Counter[str] = Counter()
    hidden: Counter[str] = Counter()
    ascii_texts = []
    others = []
    for position in run:
        hidden.update(hidden_address_words(texts[position]))
        text = without_addresses(texts[position])  # "ann.berg@…" is no use of "berg" as a word
        if text.isascii():
            ascii_texts.append(text)
        elif len(text) > _SPLIT_CHARS:
            others.append(text)
        else:  # its lines of ASCII characters only are read the fast way (most of them: a name with an accent)
            for line in text.split(_TEXTS):
                (ascii_texts if line.isascii() else others).append(line)
    if others:
        joined = _TEXTS.join(others)
        del others
        lower.update(_LOWER.findall(joined))
        capitalised.update(word.casefold() for word in _MID_SENTENCE.findall(joined))
    joined = _TEXTS.join(ascii_texts)  # one call of each pattern for all of them, not one a text
    del ascii_texts
    _ascii_words(joined, lower, capitalised)
    if hidden:
        lower -= hidden
    return lower, capitalised


def _ascii_words(joined: str, lower: Counter[str], capitalised: Counter[str]) -> None:
    """Count what ``_LOWER`` and ``_MID_SENTENCE`` find in texts of ASCII characters only: the plain lower-case word
    a piece opens (read once per distinct piece), and the words in mid-sentence."""
    for piece, times in _distinct_pieces(joined.translate(_ASCII_PIECES)):
        word = _ASCII_LOWER.match(piece)
        if word is not None:
            lower[word.group()] += times
    mid, after_spaces = [], []
    for found in _ASCII_AFTER_SPACE.finditer(joined):  # both kinds in one pass, counted kind by kind as before
        start = found.start()
        if joined[start - 2] in _ASCII_SPACES:
            after_spaces.append(found)
        else:
            mid.append(found.group())
    capitalised.update(word.lower() for word in mid)
    for found in after_spaces:
        before = found.start() - 1
        while before >= 0 and joined[before] in _ASCII_SPACES:
            before -= 1
        if before >= 0 and joined[before] in _MID_BEFORE:
            capitalised[found.group().lower()] += 1


def _distinct_pieces(spaced: str) -> Iterable[tuple[str, int]]:
    """The distinct words of a text of ASCII characters only, split on spaces, and how often each occurs: counted by
    Arrow, without a Python string for every word."""
    pieces = pc.ascii_split_whitespace(pa.array([spaced], pa.large_string())).flatten()
    counted = pc.value_counts(pieces)
    return zip(counted.field(0).to_pylist(), counted.field(1).to_pylist())
