"""Tests of misspelt names of several words (``nicknames.collect.discover.sequences``)."""

from __future__ import annotations

from collections import Counter

import pytest

from nicknames.collect.discover.sequences import (
    RUN,
    Windows,
    misspelt_window,
    named_neighbours,
    runs_in,
    sequence_words,
)

WORDS = frozenset({"hi", "thanks", "dear", "and", "student", "like"})


def is_word(text: str) -> bool:
    return text.casefold() in WORDS


def test_sequence_words_come_from_names_of_several_words() -> None:
    assert sequence_words(["Mary Jane", "Robert", "Anne  Marie"]) == {"mary", "jane", "anne", "marie"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Thanks to Anne Maire for the link", {"Anne Maire"}),
        ("Hi Mary Jnae,\nthe draft", {"Hi Mary Jnae"}),
        ("I agree with Mary Jnae's point", {"Mary Jnae"}),  # the possessive is left out
        ("Mary\nJnae", set()),  # a run stays on one line
        ("Ask Robert Grey", set()),  # no word of a registered name of several words
        ("mary jane", set()),  # only capitalised words
    ],
)
def test_runs_in(text: str, expected: set[str]) -> None:
    assert runs_in(text, sequence_words(["Mary Jane", "Anne Marie"])) == expected


@pytest.mark.parametrize(
    ("run", "name", "window"),
    [
        ("Hi Mary Jnae", "Mary Jane", "Mary Jnae"),  # transposition in the second word
        ("Anne Maire", "Anne Marie", "Anne Maire"),
        ("Dear Anne Marie Thompsn", "Anne Marie Thompson", "Anne Marie Thompsn"),
        ("Mary Jane", "Mary Jane", None),  # spelt right: not a variant
        ("Mary Jones", "Mary Jane", None),  # too far
        ("Marty Jnae", "Mary Jane", None),  # no word exact
        ("Mary Hane", "Mary Jane", None),  # another first letter
        ("Mary Janes", "Mary Jane", None),  # a possessive without its apostrophe
        ("Bo Jo", "Bo Li", None),  # short words get no edits
        ("Thanks Mary Dear", "Mary Deer", None),  # an ordinary word is not a misspelling
        ("Like Anna", "Lika Anna", None),
        ("Tom Students", "Tom Studens", None),  # ... nor one with an ending
        ("Anna Hall", "Anna Hill", None),  # ... nor a building, street, month or day
        ("Tom March", "Tom Marsh", None),
        ("Tom Marhs", "Tom Marsh", "Tom Marhs"),  # a misspelling still is
    ],
)
def test_misspelt_window(run: str, name: str, window: str | None) -> None:
    assert misspelt_window(run, name, is_word) == window


@pytest.mark.parametrize(
    ("text", "paired"),
    [
        ("Ask Nora Quist about it", {"Nora", "Quist", "Ask"}),
        ("Hi Rich, and Thanks Rich", {"Hi", "Thanks"}),  # greeting words are ordinary: Rich stays alone
        ("Merry Christmas", {"Merry", "Christmas"}),
        ("rich people", set()),
    ],
)
def test_named_neighbours(text: str, paired: set[str]) -> None:
    assert named_neighbours([run.split() for run in RUN.findall(text)], is_word) == paired


def test_windows_skip_names_someone_has() -> None:
    runs = {"Steve Quill": Counter({"t1": 2}), "Dear Anne Maire": Counter({"t1": 1, "t2": 1})}
    windows = Windows.find(runs, ["Steven Quill", "Anne Marie"], is_word, frozenset({"steve quill"}))
    assert windows.threads == {"Anne Maire": Counter({"t1": 1, "t2": 1})}
    assert windows.spelling == {"Anne Marie": {"Anne Maire"}}
    assert windows.messages_with("Maire") == 2


@pytest.mark.parametrize(
    ("run", "found"),
    [
        ("Dear Anne Maire Lund", {"Anne Maire"}),  # the window inside a longer run
        ("Maire Anne", set()),  # the words in another order
        ("Anne Naire", set()),  # a misspelling keeps the first letter
        ("Ask Anne Mairie Anne Marei", {"Anne Mairie"}),  # the first window that spells it
    ],
)
def test_windows_are_those_misspelt_window_finds(run: str, found: set[str]) -> None:
    windows = Windows.find({run: Counter({3: 1})}, ["Anne Marie"], is_word)
    assert set(windows.threads) == found
    window = misspelt_window(run, "Anne Marie", is_word)
    assert found == ({window} if window else set())
