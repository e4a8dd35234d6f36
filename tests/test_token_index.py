"""The discovery index: its word pattern, and what one message adds to it."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.discover.token_index import _WORD, ASCII_PATTERNS, TOKEN, UNICODE_PATTERNS, TokenIndex
from nicknames.messages import Message

_ALPHABET = st.sampled_from(list("abMaryé\u0301?\ufffd'’- \nsS.,Ωж") + ["O'", "s ", "-x"])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Mary's book", ["Mary", "s", "book"]),
        ("O'Neil and Jean-Luc", ["O'Neil", "and", "Jean-Luc"]),
        ("G?nther G\ufffdnther", ["G?nther", "G\ufffdnther"]),
        ("end- -start ?x", ["end", "start", "x"]),
        ("Renée e\u0301", ["Renée", "e\u0301"]),
    ],
)
def test_words(text: str, words: list[str]) -> None:
    assert TOKEN.findall(text) == words


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_unrolled_word_pattern_finds_what_the_definition_finds(text: str) -> None:
    assert TOKEN.findall(text) == regex.findall(_WORD, text)


def test_plain_words_are_indexed_only_when_watched() -> None:
    index = TokenIndex(watched=frozenset({"mary"}))
    index.add(Message("m1", "U1", "thanks mary and Rob, see you. Will do", None, "t1", "s1"))
    assert dict(index.threads) == {"mary": {"t1": 1}, "Rob": {"t1": 1}}


_ASCII = st.sampled_from(list("abMRy?'- \n\t,;).sS19") + ["O'", "s ", "-x", "ab Cd", "1 Ef", ", Gh"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_ASCII, max_size=40).map("".join))
def test_ascii_patterns_find_what_the_unicode_patterns_find(text: str) -> None:
    for fast, general in zip(ASCII_PATTERNS, UNICODE_PATTERNS):
        assert fast.findall(text) == general.findall(text)
