"""What the token index reads in a text: words, plain lower-case words, words in mid-sentence, runs of capitals.

The patterns come in two forms: with Unicode classes (``regex``) for any text, and for texts of ASCII characters
only, in the standard ``re`` engine, two to three times as fast (``tests/test_token_index.py`` and
``tests/test_ascii_pieces.py`` check both find the same). The functions here read a batch of ASCII texts split into
pieces (``ascii_pieces``) or one text; ``token_index.TokenIndex`` counts what they find.
"""

from __future__ import annotations

import functools
import itertools
import re
from typing import NamedTuple

import numpy as np
import regex

from nicknames.collect.discover.ascii_pieces import (
    MID_BEFORE,
    PIECE_CHARACTERS,
    SPACES,
    Pieces,
)
from nicknames.collect.discover.sequences import ASCII_RUN, RUN
from nicknames.rules.html_text import looks_like_html
from nicknames.rules.identifier_parts import local_part
from nicknames.rules.written_identifiers import bang_paths, obfuscated_addresses

WORD = r"\p{L}(?:[\p{L}\p{M}]|['’](?=\p{L})(?![sS](?!\p{L}))|-(?=\p{L})|[?\uFFFD](?=\p{L}))*"
TOKEN = regex.compile(r"\p{L}[\p{L}\p{M}]*+(?:(?:['’](?![sS](?!\p{L}))|[-?\uFFFD])(?=\p{L})[\p{L}\p{M}]*+)*+")
"""A word: letters with inner apostrophes and hyphens, without a possessive "'s"; a ``?`` or
U+FFFD between letters is a lost accent. (``WORD`` unrolled so that runs of letters need no
alternation; ``tests/test_token_index.py`` checks both find the same words.)"""
LOWER = regex.compile(r"(?<![\p{L}\p{M}'’?\uFFFD-])\p{Ll}[\p{Ll}\p{M}]*(?![\p{L}\p{M}'’-])")
"""A plain lower-case word, for the lexicon's counts."""
MID_SENTENCE = regex.compile(rf"(?<=[\p{{Ll}}\p{{N}},;)])[^\S\n]+(\p{{Lu}}{WORD[5:]})")
"""A word after a lower-case word, a number or a comma on the same line: not at a sentence start."""
ASCII_JOINED = r"(?:(?:'(?![sS](?![A-Za-z]))|[-?])(?=[A-Za-z])[A-Za-z]*)*"
"""Letters joined on by an apostrophe (not a possessive "'s"), a hyphen or a lost accent."""
ASCII_PATTERNS = (
    re.compile(rf"[A-Za-z]+{ASCII_JOINED}"),
    re.compile(r"(?<![A-Za-z'?-])[a-z]+(?![A-Za-z'-])"),
    re.compile(rf"(?<=[a-z0-9,;)])[^\S\n]+([A-Z][A-Za-z]*{ASCII_JOINED})"),
)
"""``TOKEN``, ``LOWER`` and ``MID_SENTENCE`` for a text of ASCII characters only, where the Unicode
classes are plain letter ranges and the standard ``re`` engine is two to three times as fast
(``tests/test_token_index.py`` checks they find the same)."""
UNICODE_PATTERNS = (TOKEN, LOWER, MID_SENTENCE)
ADDRESS = regex.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+|(?:https?://|www\.)\S+|(?<!\w)(?:/[\w.\-]+){2,}")
"""E-mail addresses, URLs and paths, where case says nothing about names."""
PATH = regex.compile(r"/(?<!\w/)[\w.\-]+(?:/[\w.\-]+)+")
"""The paths of ``ADDRESS``, starting with the slash so that the engine skips to the next one."""
ASCII_ADDRESS = re.compile(
    r"[\w.+\-]++@[\w\-]+(?:\.[\w\-]+)+|(?:https?://|www\.)[^\t\n\x0b\x0c\r ]+|(?<!\w)(?:/[\w.\-]+){2,}", re.ASCII
)
r"""``ADDRESS`` for a text of ASCII characters only, in the standard ``re`` engine, some four times as fast (``\S`` of
``regex`` spelt out: ``re`` also counts ``\x1c``–``\x1f`` as spaces; the name before the ``@`` possessive, since no
character of it is an ``@``); ``tests/test_token_index.py`` checks both remove the same."""
ASCII_PATH = re.compile(r"/(?<!\w/)[\w.\-]+(?:/[\w.\-]+)+", re.ASCII)
"""``PATH`` for a text of ASCII characters only."""
ASCII_PIECES = str.maketrans({chr(code): " " for code in range(128) if chr(code) not in PIECE_CHARACTERS})
"""Every ASCII character that no word is made of, to a space: what ``split()`` leaves are the pieces."""
UNICODE_PIECE = regex.compile(r"[\p{L}\p{M}'’?\uFFFD-]+")
"""A piece: a run of the characters words are made of (what the look-arounds of ``TOKEN`` and ``LOWER`` look at).
No word, plain lower-case word or mid-sentence word crosses the edge of a piece, so each distinct piece
is read by those patterns once and a text is split into pieces by a cheap translation."""
ASCII_CAPITAL = re.compile(rf"([A-Z](?<=(.)[^\S\n][A-Z])[A-Za-z]*{ASCII_JOINED})", re.DOTALL)
"""A word whose capital follows a space on its line, with the character before that space: in mid-sentence when that
character is a lower-case letter, a digit, a comma, semicolon or bracket (``ASCII_PATTERNS[2]``); it starts with the
capital so that the engine skips to the next capital."""
ASCII_LEADING = re.compile(rf"[A-Z][A-Za-z]*{ASCII_JOINED}")
"""The word of ``ASCII_CAPITAL``, at the start of a piece."""
LEADING_WORDS_KEPT = 50_000
"""Pieces whose leading capitalised word is remembered (``leading_word``)."""


_MARKUP = re.compile(r"<[A-Za-z/!][^<>]*>")
"""An HTML tag with its attributes (``<a class="mention" href="/u/ann_w">``, ``<li>``): no word of it is written by
anyone ("li" and "p" are no ordinary words, "ann" in an attribute no use of it)."""


_QUOTE_TITLE = re.compile(r'<div class="title">(?:[^<]|<(?!/div>))*</div>')
"""The title of a forum's quote (Discourse: ``<div class="title">… anneliese_w:</div>``): the quoted user's name as
their account spells it, no use of a word."""
_QUOTE_TAG = re.compile(r"\[quote=[^\]\n]*\]", re.IGNORECASE)
"""A forum's quote tag, ``[quote="ann_w, post:3, topic:7"]``: its user name is no use of a word."""


def without_addresses(text: str) -> str:
    """The text with its e-mail addresses, URLs and paths made spaces, its UUCP bang paths (``uunet!harbour!annb``),
    and an HTML post's tags and a forum's quote tags. Addresses written out as an archive hides them (``ann at
    example.org``) stay: their lower-case names are names written in lower case (``hidden_address_words``)."""
    if "!" in text:
        text = _without_spans(text, bang_paths(text))
    if "<" in text and looks_like_html(text):
        text = _MARKUP.sub(" ", _QUOTE_TITLE.sub(" ", text) if 'class="title"' in text else text)
    if "[" in text and "=" in text:
        text = _QUOTE_TAG.sub(" ", text)
    if "@" in text or "://" in text or "www." in text:
        return (ASCII_ADDRESS if text.isascii() else ADDRESS).sub(" ", text)
    if "/" in text:  # without "@", "://" and "www." only the paths of ADDRESS can match
        return (ASCII_PATH if text.isascii() else PATH).sub(" ", text)
    return text


@functools.lru_cache(maxsize=LEADING_WORDS_KEPT)
def leading_word(piece: str) -> tuple[str, str]:
    """The capitalised word a piece starts with (one starting with a capital), and its case-folded form."""
    word = ASCII_LEADING.match(piece)
    assert word is not None, piece
    return word.group(), word.group().casefold()


def piece_tokens(pieces: Pieces, held: list[int], tokens: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """(text, token) for every token a piece of the batch holds; ``held``: how many tokens each distinct piece
    holds, ``tokens``: those tokens, piece after piece."""
    sizes = np.asarray(held, dtype=np.int64)
    flat = np.asarray(tokens, dtype=np.int64)
    hits = np.flatnonzero(sizes[pieces.code])
    holding = pieces.code[hits]
    each = sizes[holding]
    texts = np.repeat(pieces.text_of(pieces.start[hits]), each)
    firsts = np.cumsum(sizes) - sizes
    within = np.arange(len(texts)) - np.repeat(np.cumsum(each) - each, each)
    return texts, flat[np.repeat(firsts[holding], each) + within]


def ascii_runs(pieces: Pieces) -> dict[int, list[str]]:
    """The runs of capitalised words of a batch of ASCII texts, by text: what ``ASCII_RUN.findall`` finds in each.

    The pattern is tried only where a run may start (``Pieces.run_starts``), from left to right, and not inside
    a run already found: every run ``findall`` would find starts at one of those places.
    """
    found: list[str] = []
    starts: list[int] = []
    joined = pieces.joined
    candidates = pieces.run_starts()
    place, count = candidates.item, len(candidates)
    at = 0
    while at < count:
        start = place(at)
        match = ASCII_RUN.match(joined, start)
        if match is None:
            at += 1
            continue
        found.append(match.group())
        starts.append(start)
        end = match.end()
        at += 1
        while at < count and place(at) < end:  # on to the next place at or after the run's end (one or two on)
            at += 1
    runs: dict[int, list[str]] = {}
    for text, run in zip(pieces.text_of(np.asarray(starts, dtype=np.int64)).tolist(), found):
        runs.setdefault(text, []).append(run)
    return runs


def ascii_mid_and_runs(text: str) -> tuple[list[str], list[str]]:
    """The words in mid-sentence and the runs of capitalised words of a text of ASCII characters only."""
    capitals = ASCII_CAPITAL.findall(text)
    if not capitals:
        return [], []
    if any(before in SPACES for _, before in capitals):
        mid = ASCII_PATTERNS[2].findall(text)  # several spaces before a capital: the full pattern decides
    else:
        mid = [word for word, before in capitals if before in MID_BEFORE]
    return mid, ASCII_RUN.findall(text)


class TextReading(NamedTuple):
    """What the token index reads in a text with characters other than ASCII: its pieces, its words in mid-sentence
    and its runs of capitalised words, each in order."""

    pieces: list[str]
    mid: list[str]
    runs: list[str]


def read_text(text: str) -> TextReading:
    """The pieces, words in mid-sentence and runs of capitalised words of any text, by the ``regex`` patterns.

    None of them reaches across a line break, so the text is read line by line, in order: its lines of ASCII
    characters only (most of them: a name with an accent in a greeting) as an ASCII text is read, the others by the
    ``regex`` patterns. A text with a character that the standard ``re`` engine counts as a space and ``regex``
    does not (``\x1c``–``\x1f``) is read whole by the ``regex`` patterns.
    """
    if "\n" not in text or any(char in text for char in _RE_ONLY_SPACES):
        return _read_by_regex(text)
    pieces: list[str] = []
    mid: list[str] = []
    runs: list[str] = []
    for plain, lines in itertools.groupby(text.split("\n"), str.isascii):
        lines_text = "\n".join(lines)
        if plain:
            pieces += lines_text.translate(ASCII_PIECES).split()
            lines_mid, lines_runs = ascii_mid_and_runs(lines_text)
        else:
            pieces += UNICODE_PIECE.findall(lines_text)
            lines_mid, lines_runs = MID_SENTENCE.findall(lines_text), RUN.findall(lines_text)
        mid += lines_mid
        runs += lines_runs
    return TextReading(pieces, mid, runs)


_RE_ONLY_SPACES = ("\x1c", "\x1d", "\x1e", "\x1f")
"""Spaces within a line for the standard ``re`` engine (``[^\\S\\n]``), not for ``regex``."""


def _read_by_regex(text: str) -> TextReading:
    return TextReading(UNICODE_PIECE.findall(text), MID_SENTENCE.findall(text), RUN.findall(text))


def first_seen(pieces: Pieces, rows: np.ndarray, others: dict[int, TextReading]) -> dict[str, int]:
    """How often each piece of a batch occurs, in the order first seen as the texts are read one by one: the pieces
    of the texts of ASCII characters only (``rows``: the place of each in the batch) and of the others."""
    first = np.full(len(pieces.distinct), len(pieces.code), dtype=np.int64)
    np.minimum.at(first, pieces.code, np.arange(len(pieces.code)))
    first_rows = rows[pieces.text_of(pieces.start[first])].tolist()
    seen = {piece: (row, rank) for rank, (piece, row) in enumerate(zip(pieces.distinct, first_rows))}
    counts = dict(zip(pieces.distinct, pieces.counts))
    for row, read in others.items():
        for rank, piece in enumerate(read.pieces):
            if piece not in seen or seen[piece][0] > row:
                seen[piece] = (row, rank)
            counts[piece] = counts.get(piece, 0) + 1
    return {piece: counts[piece] for piece in sorted(seen, key=seen.__getitem__)}


def hidden_address_words(text: str) -> list[str]:
    """The lower-case words of the local parts of the addresses a text writes out as an archive hides them ("ann",
    "lee" of "ann.lee at example.org"), which ``without_addresses`` leaves."""
    if not ((" at " in text and (_AT_HOST.search(text) is not None or " dot " in text))
            or " AT " in text or "[at]" in text or "(at)" in text):
        return []  # most texts: no " at " before a host with a dot
    return [word for start, end in obfuscated_addresses(text)
            for word in _LOCAL_WORDS.findall(local_part(text[start:end])) if len(word) > 1 and word != "dot"]


_AT_HOST = re.compile(r" at [^\s.]+\.\w")
"""What an address written out (``ann at example.org``) holds, searched before the slower reading."""
_LOCAL_WORDS = regex.compile(r"(?<![^\W\d_])\p{Ll}+(?![^\W\d_])")
"""The plain lower-case words of a local part ("ann", "lee" of "ann.lee"; not of "AnnLee")."""


def _without_spans(text: str, spans: list[tuple[int, int]]) -> str:
    """The text with each span made one space."""
    if not spans:
        return text
    pieces, last = [], 0
    for start, end in spans:
        pieces.append(text[last:start])
        last = end
    return " ".join([*pieces, text[last:]])
