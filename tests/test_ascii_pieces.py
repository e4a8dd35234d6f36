"""Pieces of many ASCII texts at once, against the per-text patterns they stand for."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.collect.discover.ascii_pieces import split_texts
from nicknames.collect.discover.sequences import ASCII_RUN
from nicknames.collect.discover.token_patterns import (
    ASCII_PATTERNS,
    ASCII_PIECES,
    ascii_runs,
    leading_word,
)

_ASCII = st.sampled_from(
    list("abMRy?'- \n\t\r\x0b\x1c,;).sS19") + ["O'", "s ", "-x", "ab Cd", "1 Ef", ", Gh", "  Ij", "Kl Mn", "?Op Qr"]
)
_TEXTS = st.lists(st.lists(_ASCII, max_size=30).map("".join), min_size=1, max_size=5)


def _by_text(pieces, positions, values):
    found: list[list[str]] = [[] for _ in pieces.text_starts]
    for text, value in zip(pieces.text_of(positions).tolist(), values):
        found[text].append(value)
    return found


@pytest.mark.parametrize(
    ("texts", "pieces", "counts"),
    [
        (["Hi Mary, it's me", "mary-Jane?"], ["Hi", "Mary", "it's", "me", "mary-Jane?"], [1, 1, 1, 1, 1]),
        (["a b a", "", "b"], ["a", "b"], [2, 2]),
        (["", "..."], [], []),
        (["end", "start"], ["end", "start"], [1, 1]),
    ],
)
def test_distinct_pieces_in_the_order_first_seen(texts: list[str], pieces: list[str], counts: list[int]) -> None:
    found = split_texts(texts)
    assert (found.distinct, found.counts) == (pieces, counts)


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_pieces_are_the_split_of_each_text(texts: list[str]) -> None:
    pieces = split_texts(texts)
    found = _by_text(pieces, pieces.start, [pieces.distinct[code] for code in pieces.code.tolist()])
    assert found == [text.translate(ASCII_PIECES).split() for text in texts]


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_mid_sentence_words_are_what_the_pattern_finds(texts: list[str]) -> None:
    pieces = split_texts(texts)
    mid = pieces.mid_sentence()
    words = [leading_word(pieces.distinct[code])[0] for code in pieces.code[mid].tolist()]
    assert _by_text(pieces, pieces.start[mid], words) == [ASCII_PATTERNS[2].findall(text) for text in texts]


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_runs_are_what_the_pattern_finds(texts: list[str]) -> None:
    runs = ascii_runs(split_texts(texts))
    assert [runs.get(number, []) for number in range(len(texts))] == [ASCII_RUN.findall(text) for text in texts]
