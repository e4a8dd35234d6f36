"""Short forms of surnames ("Kirb", "Kirby" for Kirbride): which words of a corpus are one, and whose."""

from __future__ import annotations

import pytest

from nicknames.collect.discover.surname_forms import surname_forms

SURNAMES = {"P1": "Kirbride", "P2": "Vinnicombe", "P3": "Marlowe", "P4": "Marsh", "P5": "Delacroix"}


@pytest.mark.parametrize(
    ("token", "owner"),
    [
        ("Kirb", "P1"),  # the first letters
        ("Kirby", "P1"),  # with an ending
        ("Kirbie", "P1"),
        ("Kirbo", "P1"),
        ("Kirbs", "P1"),
        ("Vinny", "P2"),  # the last consonant doubled before the ending
        ("Vinn", "P2"),
        ("Vinno", "P2"),
        ("Dela", "P5"),
        ("Marlo", "P3"),  # "Marl" is Marlowe's alone
        ("Mar", None),  # Marlowe and Marsh begin so: whose?
        ("Marsy", None),  # "Marsh" less nothing but a letter: too little left out
        ("Ki", None),  # too short
        ("Kirbride", None),  # the surname itself is a registered name part, found otherwise
        ("Kirbrid", None),  # one letter left out: a misspelling, not a short form
        ("KIRB", None),  # capitals: an abbreviation
        ("kirb", None),  # lower case
        ("Kirbx", None),  # no such ending
        ("Kirby", "P1"),
    ],
)
def test_short_forms_of_a_surname(token: str, owner: str | None) -> None:
    found = surname_forms([token], SURNAMES, lambda word: False)
    assert found.get(token) == owner


def test_known_words_and_names_are_never_short_forms() -> None:
    assert surname_forms(["Kirby", "Dela"], SURNAMES, lambda word: word == "Kirby") == {"Dela": "P5"}
