"""The screen before the finder of people who are not participants: it may pass texts that name nobody, never
skip one that names somebody, so the finder finds the same with it as without it."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.collect.discover import others, others_screen
from nicknames.collect.discover.capital_words import (
    capital_words,
    may_hold_list,
    name_lists,
)
from nicknames.collect.discover.corpus_words import corpus_lexicon
from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.other_names import Known
from nicknames.collect.discover.others import _in_text, find_others
from nicknames.collect.discover.others_screen import (
    ARROW_TEXTS,
    may_name,
    may_name_others,
)
from nicknames.sample.generate import SampleConfig, generate_sample

NOBODY_KNOWN = Known(frozenset(), frozenset(), frozenset())
LEXICON = Lexicon()


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("I spoke with my colleague Henrik about it.", True),  # relation
        ("Ask our daughter, Cleo.", True),
        ("Mrs Lund will call.", True),  # title
        ("Prof. Dr. Ada M. Berg wrote the chapter.", True),  # titles, initial
        ("Dr.-Berg agreed", True),
        ("We met Henrik Olsen at the fair.", True),  # given name and surname
        ("R. Ada Berg signed it", True),  # initial first
        ("Thanks to Loes Harmon for that.", True),  # second word a frequent surname
        ("Ann, Ben and Cleo came.", True),  # a list of given names
        ("Ann & Ben", True),
        ("Samantha Mitchell's notes", True),  # a possessive ends the name, not the screen
        ("Hi Mary,\n\nthanks for the notes.\n\nRalu", False),  # one word alone
        ("The Quarterly Report is due. Then we rest.", False),  # no given name, surname or title
        ("end of the line. Next line", False),
        ("Hi Mary,\nZoë wrote it.", True),  # other characters: the finder reads it
        ("Done. Oskar, please pull it.", True),  # a given name asked something, thanked or copied in
        ("Thanks also to Oskar.", True),
        ("cc Bertram", True),
        ("Thanks Oskar, please pull it.", False),  # a greeting's name: left to the participants
        ("", False),
    ],
)
def test_the_screen_passes_every_text_that_may_name_somebody(text: str, named: bool) -> None:
    assert bool(may_name_others([text])[0]) is named
    if list(_in_text(text, NOBODY_KNOWN, LEXICON)):
        assert may_name_others([text])[0]


PIECES = [
    "Henrik", "Olsen", "Ann", "Ben", "Cleo", "Mary", "Berg", "Harmon", "Ralu", "Paposefo", "Report", "Hi",
    "Dr", "Mrs", "Prof", "M", "A", "my", "colleague", "our", "daughter", "and", "&", "und", "the", "San",
    " ", "  ", "   ", ", ", ",", ". ", ".", ".-", "-", "'s ", "'", "\n", "\t", ":", "x", "2", "Ann-Sofie", "O'Neil",
    "please", "could", "any", "Thanks", "thank you", "also", "to", "cc", "cc:", "? ", "! ", "Oskar",
]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=24).map("".join))
def test_no_text_the_finder_takes_a_name_from_is_screened_out(text: str) -> None:
    if list(_in_text(text, NOBODY_KNOWN, LEXICON)):
        assert may_name_others([text])[0], text


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES + ["My", "COLLEAGUE", "Our  Daughter", "her\tboss", "mY", "Zoë"]),
                         max_size=12).map("".join), min_size=1, max_size=5))
def test_texts_are_screened_alike_one_at_a_time_and_in_a_batch(texts: list[str]) -> None:
    many = texts * (others_screen.ARROW_TEXTS // len(texts) + 1)  # a batch: relations by Arrow's engine
    assert may_name_others(many).tolist() == [may_name(text) for text in many]


def test_texts_are_screened_one_by_one_in_a_batch() -> None:
    texts = ["Hi Mary,", "We met Henrik Olsen.", "Zoë", "plain", "my colleague Ada"]
    assert may_name_others(texts).tolist() == [bool(may_name_others([text])[0]) for text in texts]
    assert may_name_others(texts).tolist() == [False, True, True, False, True]


@pytest.mark.parametrize("source", ["forum", "figure1", "sample-en", "sample-de"])
def test_the_finder_finds_the_same_with_and_without_the_screen(
    source: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = _texts(source, tmp_path)
    lexicon = corpus_lexicon(texts)
    screened = find_others(texts, NOBODY_KNOWN, lexicon)
    monkeypatch.setattr(others, "may_name_others", lambda batch: np.ones(len(batch), dtype=bool))
    assert find_others(texts, NOBODY_KNOWN, lexicon) == screened
    assert screened.counts


def _texts(source: str, folder: Path) -> list[str]:
    if source.startswith("sample-"):
        generate_sample(folder, SampleConfig(seed=4, messages=1500, language=source.removeprefix("sample-")))
        path = folder / "messages.csv"
    else:
        path = Path(__file__).parent.parent / "sample_data" / source / "messages.csv"
    return pd.read_csv(path, dtype=str, keep_default_na=False)["text"].tolist()


def test_a_long_chain_is_read_in_pieces_without_losing_the_pair_at_a_cut() -> None:
    # The only given name stands right after the first piece of the chain.
    text = "Ralu " * (others_screen.CHAIN_WORDS) + "Henrik"
    assert may_name(text)
    assert may_name_others([text] * others_screen.ARROW_TEXTS).all()
    assert not may_name("Ralu " * 3 * others_screen.CHAIN_WORDS)


def test_the_readings_of_chains_are_remembered_across_batches_and_forgotten_when_many() -> None:
    texts = [f"Hi Ann Berg, see Dr. Lund {number}. Then the Report Was Late." for number in range(ARROW_TEXTS)]
    texts += ["Nothing here. Then Done." for _ in range(ARROW_TEXTS)]
    first = may_name_others(texts).tolist()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(others_screen, "CHAINS_KEPT", 1)  # the memory is cleared before every batch
        assert may_name_others(texts).tolist() == first
    assert may_name_others(texts).tolist() == first == [True] * ARROW_TEXTS + [False] * ARROW_TEXTS


AROUND = ["", " ", "x", "-", "'", "2", "_", "x-", "2-", "'-", "a'", ". ", "é"]
"""What may stand right before a chain: ``ASCII_CAPITAL`` reads a capital after a letter or an apostrophe, or after
a letter and a hyphen, as no word's start."""


@pytest.mark.parametrize("after", ["", " ", "x", "2", "_", ".", "'s", "'s2", "'s "])
def test_a_chain_read_once_serves_only_chains_between_characters_of_the_same_kinds(after: str) -> None:
    texts = [f"{before}Ann Berg{after}" for before in AROUND] + [f"{before}Ann O'Neil's{after}" for before in AROUND]
    batch = texts * (ARROW_TEXTS // len(texts) + 1)
    for order in (batch, batch[::-1]):  # each chain read first after other characters
        others_screen._CHAIN_READINGS.clear()
        assert may_name_others(order).tolist() == [may_name(text) for text in order]
    assert not may_name("xAnn Berg") and may_name("x Ann Berg")


@pytest.mark.parametrize(
    ("text", "may"),
    [
        ("Ann, Ben and Cleo came.", True),
        ("Ann and Ben", True),
        ("Ann & Ben", True),
        ("Ann,Ben", True),
        ("Ann Ben", False),  # next to each other: a run, not a list
        ("Ann,\n\nBen", False),  # a blank line joins no list
        ("Ann, Report and Cleo", False),  # a word between that is no given name
        ("Ann, and then Ben", False),
        ("ann, ben", False),  # not capitalised
        ("", False),
    ],
)
def test_a_text_may_hold_a_list_only_with_two_given_names_joined_as_a_list(text: str, may: bool) -> None:
    assert may_hold_list(text, list(capital_words(text))) is may


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(PIECES + ["Cleo", ", and ", " & ", " and ", " och ", "Report"]), max_size=24)
       .map("".join))
def test_every_text_with_a_list_may_hold_one(text: str) -> None:
    words = list(capital_words(text))
    if list(name_lists(text, words, LEXICON)):
        assert may_hold_list(text, words), text


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES + ["Ann's", "O'", "-Berg", "Ann-", ".-", ". .", ",  and ", ", &"]), max_size=30)
       .map("".join))
def test_chains_are_found_as_with_words_that_give_letters_back(text: str) -> None:
    backtracking = re.compile(others_screen.CHAIN.pattern.replace("*+", "*"))
    assert "*+" not in backtracking.pattern
    found = [(chain.span(), chain.span(1)) for chain in others_screen.CHAIN.finditer(text)]
    assert found == [(chain.span(), chain.span(1)) for chain in backtracking.finditer(text)]
