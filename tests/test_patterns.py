"""The matching rules of patterns.py, one table row per rule."""

from __future__ import annotations

import pytest

from nicknames.rules.patterns import (
    compile_names,
    longest_first,
    name_key,
    name_pattern,
    occurs,
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
        ("Mary Jane", "Mary\nJane", False),  # but not a line break
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


def test_name_key_folds_inner_space() -> None:
    assert name_key("Mary \t Jane") == "Mary Jane"


def test_pattern_has_boundaries_only_on_word_sides() -> None:
    assert name_pattern("-RG-") == r"\-RG\-"
    assert name_pattern("Rob").startswith(r"(?<!\w)")
