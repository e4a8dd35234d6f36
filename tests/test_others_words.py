"""The word counts of people-who-are-not-participants read ASCII texts a faster way: they must count the same."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.collect.discover.capital_words import ASCII_CAPITAL, CAPITAL
from nicknames.collect.discover.corpus_words import _LOWER, _MID_SENTENCE, _words_of_run
from nicknames.collect.discover.token_patterns import without_addresses


def _one_by_one(texts: list[str]) -> tuple[Counter[str], Counter[str]]:
    """What the ``regex`` patterns count, text by text, without the texts' addresses."""
    lower: Counter[str] = Counter()
    capitalised: Counter[str] = Counter()
    for text in map(without_addresses, texts):
        lower.update(_LOWER.findall(text))
        capitalised.update(word.casefold() for word in _MID_SENTENCE.findall(text))
    return lower, capitalised


@pytest.mark.parametrize(
    "texts",
    [
        ["we met Ada and Bob Cole today", "list of things, Scanned here"],
        ["don't re-send it", "a  Bob\tCarl", "Ana;   Berg", "x \x0bDan"],
        ["word\nAda", "a \x1cBob", "well-known O'Neil's", "Hi Ada,\n\nthanks"],
        ["Zoë wrote, Élodie read", "plain ascii, Then more"],  # one not ASCII among ASCII texts
        ["", "  Ada", "lower", "ab\nCd"],
        ["Hi Zoë,\nwe met Ada and Bob Cole today\nlist, Scanned\r\n\nÉlodie, Then", "x"],  # lines of both kinds
    ],
)
def test_ascii_texts_are_counted_as_the_patterns_count(texts: list[str]) -> None:
    assert _words_of_run(range(len(texts)), texts) == _one_by_one(texts)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="aZb, ;\t\r\x0b\x0c\n'-’Abé?xY\x1c.", max_size=40), max_size=6))
def test_any_texts_are_counted_as_the_patterns_count(texts: list[str]) -> None:
    assert _words_of_run(range(len(texts)), texts) == _one_by_one(texts)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("aZbsS, ;\t\n'-.M_1") + ["Mary ", "O'Neil", "Ann-Sofie", "Berg's", "x-Ada"]),
                max_size=30).map("".join))
def test_ascii_capitals_are_what_the_unicode_pattern_finds(text: str) -> None:
    assert [m.span() for m in ASCII_CAPITAL.finditer(text)] == [m.span() for m in CAPITAL.finditer(text)]


@pytest.mark.parametrize(
    ("text", "absent", "present"),
    [
        ("Write to mike.quellmann@example.org or see www.quellmann.example.org/quell", {"mike", "quellmann", "quell"},
         {"to", "or", "see"}),
        ("Zoë: zoë.quellmann@example.org, https://example.org/~quellmann/ and quellmann", {"zoë"}, {"quellmann", "and"}),
    ],
)
def test_addresses_are_no_uses_of_their_words(text: str, absent: set[str], present: set[str]) -> None:
    """A mail corpus writes people's names in lower case in their addresses: no sign of an ordinary word."""
    lower, _ = _words_of_run(range(1), [text])
    assert not absent & set(lower) and present <= set(lower)
