"""Letters lost by an archive (``?``, U+FFFD): collect matches them with the class list, apply replaces them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.scope_names import lost_letter_forms, scope_names
from nicknames.apply.substitute import substitute_message
from nicknames.collect.candidates import collect
from nicknames.collect.discover import lost_letters
from nicknames.collect.discover.lost_letters import (
    lost_letter_words,
    matches,
    registered_forms,
)
from nicknames.model.mapping import Status
from nicknames.model.messages import Message
from nicknames.pipeline.sources import read_messages
from tests.conftest import write_csv

LOST = "\ufffd"


@pytest.mark.parametrize(
    ("word", "name", "same"),
    [
        ("St?phane", "Stephane", True),           # ? for a letter the class list has
        (f"St{LOST}phane", "Stephane", True),
        ("?stra", "Ostra", True),                 # the first letter lost
        ("?stra", f"{LOST}stra", True),           # lost in both
        ("Ostra", f"{LOST}stra", True),           # lost in the class list only
        ("Gr??ne", "Gräne", True),                # one letter, two marks (two bytes)
        ("St?phane", "STEPHANE", True),           # any case
        ("Stephan", "St?phane", False),           # a letter missing: a misspelling, not a lost letter
        ("St?phanie", "Stephane", False),
        ("Stephane", "Stephane", False),          # the same name: nothing lost
        ("StÃ©phane", "Stéphane", True),          # UTF-8 read as Windows-1252: garbled
        ("HÃ‰LÃˆNE", "Hélène", True),             # in capitals, where Windows-1252 writes 88 and 89
        ("Ã…sa", "Åsa", True),
        ("Å\u0081ukasz", "Łukasz", True),        # C5 81: Windows-1252 leaves 81 undefined, Latin-1 reads it
        ("StÃƒÂ©phane", "Stéphane", True),        # garbled twice
        ("StÃ©phane", "Stefan", False),
        ("Stéphane", "Stéphane", False),
        ("Stéphane", "StÃ©phane", True),          # the class list garbled
        ("St?phane", "StÃ©phane", True),          # lost in the text, garbled in the class list
    ],
)
def test_lost_letters_match_registered_names(word: str, name: str, same: bool) -> None:
    assert matches(word, name) is same


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Thanks,\n?stra", {"?stra"}),
        ("from St?phane and Gr??ne.", {"St?phane", "Gr??ne"}),
        (f"by Ma{LOST}a", {f"Ma{LOST}a"}),
        ("Really?Yes. Is it? ok ?? a?b", set()),   # questions; too few letters
    ],
)
def test_words_with_lost_letters(text: str, words: set[str]) -> None:
    assert lost_letter_words(text) == words


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("As HÃ©lÃ¨ne said,\nJÃ¶rg", {"HÃ©lÃ¨ne", "JÃ¶rg"}),
        ("HÃ©lÃ¨ne’s draft", {"HÃ©lÃ¨ne"}),    # a real apostrophe after it is no garbled byte
        ("Ã‡a va? Ãœber", {"Ã‡a", "Ãœber"}),   # any word: the class list decides which are names
        ("Hélène and Jörg", set()),             # not garbled
        ("Ã alone; Ã© alone", {"Ã©"}),
        ("Café Ã ", set()),
    ],
)
def test_garbled_words_of_a_text(text: str, words: set[str]) -> None:
    assert lost_letters.garbled_words(text) == words


def test_registered_forms_with_a_lost_letter_find_tokens() -> None:
    assert registered_forms([f"{LOST}stra", "Quell"], ["Ostra", "ostra", "Astra", "Ostrava", "Quell"]) == [
        "Ostra", "Astra",
    ]


def test_registered_forms_garbled_find_the_tokens_they_read_as() -> None:
    assert registered_forms(["HÃ©lÃ¨ne", "Quell"], ["Hélène", "HÉLÈNE", "hélène", "Helene", "Quell"]) == [
        "Hélène", "HÉLÈNE",
    ]


def test_collect_takes_lost_letter_forms_and_apply_replaces_them(tmp_path: Path) -> None:
    rows = [
        ["1", "0", "u1", f"A question on grids.\nThanks,\n?stra\n\n--\nDr. Ostra Vell{LOST}"],
        ["2", "1", "u2", "Hi ?stra,\nan answer, with R?ne too.\nMira"],
        ["3", "2", "u3", "Hi Mira,\nthanks!\nR?ne"],
        ["4", "0", "u2", "Ask R?ne or T?rrow, they know.\nMira"],
        ["5", "4", "u4", "Thanks all.\nRon"],
    ]
    header = ["message_id", "parent_id", "user_id", "text"]
    class_list = {"u1": f"{LOST}stra Vell{LOST}", "u2": "Mira Quell", "u3": "Rene Tarrow", "u4": "Ron Tarrow"}
    mapping = collect(read_messages(write_csv(tmp_path / "m.csv", header, rows)), class_list).mapping
    found = {(pid, name.text): name for pid in mapping.participants for name in mapping.entry(pid).names}
    for key in [("u1", "?stra"), ("u1", "Ostra"), ("u3", "R?ne")]:
        assert found[key].status is Status.ACTIVE and "lost" in found[key].tags, key
    for key in [("u3", "T?rrow"), ("u4", "T?rrow")]:  # registered by two people: each one's, decided per mention
        assert found[key].status is Status.ACTIVE and "lost" in found[key].tags, key
    names = scope_names(mapping, set(mapping.participants))
    out, _ = substitute_message(Message("2", "u2", rows[1][3], "u1", "t", "s"), names, IdTemplate())
    assert out == "Hi [u1],\nan answer, with [u3] too.\n[u2]"
    out, _ = substitute_message(Message("4", "u2", rows[3][3], "", "t", "s"), names, IdTemplate())
    assert "T?rrow" not in out and "R?ne" not in out
    assert lost_letter_words("Thanks,\nRen?") == set()  # a last letter lost reads as a question


def test_collect_takes_garbled_forms_and_apply_replaces_them(tmp_path: Path) -> None:
    rows = [
        ["1", "0", "u1", "A question on grids.\nThanks,\nHÃ©lÃ¨ne"],
        ["2", "1", "u2", "As HÃ©lÃ¨ne said, the grid is fine.\nMira"],
        ["3", "2", "u1", "Merci Mira!\nHélène"],
    ]
    header = ["message_id", "parent_id", "user_id", "text"]
    mapping = collect(read_messages(write_csv(tmp_path / "m.csv", header, rows)),
                      {"u1": "Hélène Marsden", "u2": "Mira Quell"}).mapping
    found = mapping.entry("u1").find("HÃ©lÃ¨ne")
    assert found is not None and found.status is Status.ACTIVE and "lost" in found.tags
    names = scope_names(mapping, set(mapping.participants))
    out, _ = substitute_message(Message("2", "u2", rows[1][3], "u1", "t", "s"), names, IdTemplate())
    assert out == "As [u1] said, the grid is fine.\n[u2]"


def test_a_garbled_class_list_finds_the_names_the_text_writes(tmp_path: Path) -> None:
    rows = [
        ["1", "0", "u1", "A question on grids.\nThanks"],  # she does not sign: only the class list tells
        ["2", "1", "u2", "As Hélène said, the grid is fine.\nMira"],
    ]
    header = ["message_id", "parent_id", "user_id", "text"]
    mapping = collect(read_messages(write_csv(tmp_path / "m.csv", header, rows)),
                      {"u1": "HÃ©lÃ¨ne Marsden", "u2": "Mira Quell"}).mapping
    found = mapping.entry("u1").find("Hélène")
    assert found is not None and found.status is Status.ACTIVE
    names = scope_names(mapping, set(mapping.participants))
    out, _ = substitute_message(Message("2", "u2", rows[1][3], "u1", "t", "s"), names, IdTemplate())
    assert out == "As [u1] said, the grid is fine.\n[u2]"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Is it done? Yes.", set()),                   # a question: no letter after the mark
        ("Really?Yes", set()),                         # a question glued to the next sentence
        ("Done?? ok", set()),
        ("Hi St?phane, thanks", {"St?phane"}),
        ("?ystein wrote", {"?ystein"}),
        ("Gr??ne said", {"Gr??ne"}),
        (f"G{LOST}nther said", {f"G{LOST}nther"}),
        ("Why? St?phane knows", {"St?phane"}),
    ],
)
def test_lost_letter_words_of_a_text(text: str, words: set[str]) -> None:
    assert lost_letter_words(text) == words


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="a?Z -\n.'", max_size=30))
def test_an_ascii_text_without_a_mark_before_a_letter_has_no_lost_letter(text: str) -> None:
    # The quick test of ASCII texts must never skip a text the full pattern finds a mark in.
    if lost_letters._ASCII_MARK.search(text) is None:
        assert lost_letters._MARK.search(text) is None


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="aZ é\u00c3\u00c5\u00d1\u00d2\u00a9\u0080\u00bf\u00c0\u2122\u2019", max_size=20))
def test_the_quick_test_for_garbled_letters_skips_no_garbled_word(text: str) -> None:
    if lost_letters._ANY_GARBLED.search(text) is None:
        assert lost_letters._GARBLED_WORD.search(text) is None


@pytest.mark.parametrize(
    ("owners", "forms"),
    [
        ({"Jens Q": ["u1"], "Q?ellmann": ["u1"]}, {"Jens Q?ellmann": "Jens Q"}),  # after the initial it opens with
        ({"Jens Quellmann": ["u1"], "Quellm?nn": ["u1"]}, {"Jens Quellm?nn": "Jens Quellmann"}),  # a surname it spells
        ({"Jens Quellmann": ["u1"], "Quellm??n": ["u1"]}, {"Jens Quellm??n": "Jens Quellmann"}),
        ({"Jens Quellmann": ["u1"], "Quellm?nn": ["u2"]}, {}),  # another participant's surname
        ({"Jens Harrow": ["u1"], "Quellm?nn": ["u1"]}, {}),  # a word the surname does not spell
        ({"Jens Quellmann": ["u1"], "Quellmann": ["u1"]}, {}),  # no lost letter
        ({"Jens Quellmann": ["u1"], "Quell?": []}, {}),  # the keep list's
    ],
)
def test_full_names_with_a_surname_with_lost_letters(owners: dict[str, list[str]], forms: dict[str, str]) -> None:
    assert lost_letter_forms(owners) == forms
