"""The matching rules of patterns.py, one table row per rule."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.rules.matcher import compile_names
from nicknames.rules.patterns import (
    NOT_AFTER_WORD,
    longest_first,
    name_key,
    name_pattern,
    occurs,
    written_forms,
)


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("Eve", "Evening, all", False),  # never inside a longer word
        ("Eve", "Steve said", False),
        ("Eve", "Thanks, Eve!", True),
        ("Mary", "Mary's point", True),  # possessive keeps its ending
        ("Mary", "Marys", False),
        ("-RG-", "Cheers -RG-", True),  # names that start and end with non-word characters
        ("-RG-", "x-RG-y", True),  # no boundary needed on a non-word side
        ("R o b e r t", "Cheers\nR o b e r t", True),
        ("R o b e r t", "R  o b e r t", True),  # a space matches a run of spaces
        ("Mary Jane", "Mary\nJane", True),  # a wrapped line
        ("Mary Jane", "Mary\n\nJane", False),  # but not a blank line
        ("Mary Jane", "Mary-Jane", True),  # a hyphen where the name has a space
        ("Mary Jane", "Mary\u2011Jane", True),  # a non-breaking hyphen
        ("Mary Jane", "Mary - Jane", False),  # a dash between blanks is punctuation
        ("Anna-Lena", "Anna Lena", True),  # a space where the name has a hyphen
        ("Renée", "Rene\u0301e", True),  # NFD
        ("Rene\u0301e", "Renée", True),  # names are normalised too
        ("Mary", "Ma\u200bry", True),  # a zero-width space
        ("Mary", "Ma\xadry", True),  # a soft hyphen
        ("Mary", "M\u0430ry", False),  # a Cyrillic a: audit's finding
        ("张伟", "谢谢张伟的帮助", True),  # scripts without spaces
        ("田中", "田中さんへ", True),
        ("Mary", "谢谢Mary的", True),
        ("محمد", "ومحمد", True),  # Arabic prefixes
        ("محمد", "ووومحمد", True),
        ("محمد", "ووووومحمد", False),  # at most MAX_PREFIX of them
        ("محمد", "سمحمد", False),  # only prefix letters
        ("דוד", "לדוד", True),  # Hebrew prefixes
        ("דוד", "ודודה", False),
        ("O'Brien", "Hi O'Brien,", True),
        ("José", "Hola José.", True),
        ("José", "Josét", False),  # Unicode-aware word characters
        ("Zoë", "Zoëy", False),
        ("C++", "I like C++ a lot", True),  # metacharacters are literal
        ("C++", "I like CCC a lot", False),
        ("(Rob)", "signed (Rob)", True),
        ("a.b", "axb", False),
        ("mary", "Mary", False),  # case is exact
        ("Rob", "Rob2", False),  # digits are word characters
        ("Rob", "_Rob", False),
        ("Anne-Marie", "Hi Anne-Marie!", True),
        ("Anne", "Anne-Marie", True),  # a hyphen is a word boundary
    ],
)
def test_whole_word_rules(name: str, text: str, expected: bool) -> None:
    assert occurs(name, text) is expected


@pytest.mark.parametrize(
    ("names", "text", "matches"),
    [
        (["Mary", "Mary Jane"], "Hi Mary Jane!", ["Mary Jane"]),  # longest first
        (["Arthur", "Arthur C. Clarke"], "Arthur C. Clarke and Arthur", ["Arthur C. Clarke", "Arthur"]),
        (["Jane", "Mary Jane"], "Mary Jane and Jane", ["Mary Jane", "Jane"]),
        (["Rob", "Robert"], "Robert, Rob", ["Robert", "Rob"]),
        (["MJ"], "MJ-MJ", ["MJ", "MJ"]),
    ],
)
def test_compiled_names_match_longest_first(names: list[str], text: str, matches: list[str]) -> None:
    pattern = compile_names(names)
    assert pattern is not None
    assert [match.group() for match in pattern.finditer(text)] == matches


def test_no_names_compile_to_none() -> None:
    assert compile_names([]) is None


def test_longest_first_is_deterministic() -> None:
    assert longest_first(["Bo", "Al", "Mary", "Al"]) == ["Mary", "Al", "Bo"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text("abAB é-", max_size=5), max_size=30))
def test_longest_first_orders_by_length_then_alphabetically(names: list[str]) -> None:
    assert longest_first(names) == sorted(set(names), key=lambda name: (-len(name), name))


def test_name_key_folds_inner_space() -> None:
    assert name_key("Mary \t Jane") == "Mary Jane"


def test_pattern_has_boundaries_only_on_word_sides() -> None:
    assert name_pattern("-RG-") == r"\-RG\-"
    assert name_pattern("Rob").startswith(NOT_AFTER_WORD)
    assert name_pattern("张伟") == "张伟"  # no boundaries next to a script written without spaces


def test_name_key_normalises() -> None:
    assert name_key("Rene\u0301e") == "Renée"
    assert name_key("Ma\u200bry\u2011Jane") == "Mary-Jane"


@pytest.mark.parametrize(
    ("key", "forms"),
    [
        ("Mary", ["Mary"]),
        ("Mary Jane", ["Mary Jane", "Mary-Jane", "Mary\nJane", "Mary\r\nJane"]),
        ("Anna-Lena", ["Anna-Lena", "Anna Lena", "Anna\nLena", "Anna\r\nLena"]),
        ("-RG-", ["-RG-"]),  # outer hyphens are no separators
        ("C++ Jo", ["C++ Jo", "C++-Jo", "C++\nJo", "C++\r\nJo"]),
        ("A B C D E F", ["A B C D E F"]),  # more than MAX_SEPARATORS: only as written
    ],
)
def test_written_forms(key: str, forms: list[str]) -> None:
    assert written_forms(key) == forms


def test_written_forms_of_three_words() -> None:
    forms = written_forms("Mary Jane Poe")
    assert len(forms) == 16 == len(set(forms)) and forms[0] == "Mary Jane Poe" and "Mary-Jane\r\nPoe" in forms


@pytest.mark.parametrize(
    ("key", "written", "not_written"),
    [
        ("Tobias R. Quell", ["Tobias R. Quell", "Tobias R Quell", "Tobias R\nQuell"], []),
        ("Ann M. J. Berg", ["Ann M J Berg", "Ann M. J. Berg", "Ann M J. Berg"], []),  # any stop left out
        ("T. Quell", ["T. Quell"], ["T Quell"]),  # a first initial keeps its stop
        ("Tobias Quell Jr.", ["Tobias Quell Jr."], ["Tobias Quell Jr"]),  # no initial
        ("Tobias Q.", ["Tobias Q."], ["Tobias Q"]),  # a last initial keeps its stop
        ("Tobias R.Quell", ["Tobias R.Quell"], ["Tobias RQuell"]),  # no space after: not a middle initial
    ],
)
def test_written_forms_of_middle_initials(key: str, written: list[str], not_written: list[str]) -> None:
    forms = written_forms(key)
    assert forms[0] == key and len(forms) == len(set(forms))
    assert set(written) <= set(forms) and not set(not_written) & set(forms)
