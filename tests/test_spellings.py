"""The keys under which a name's spellings without accents meet (``rules.spellings``)."""

from __future__ import annotations

import pytest

from nicknames.rules.spellings import (
    plain_key,
    plain_spellings,
    spelled_key,
    spelling_keys,
)


@pytest.mark.parametrize(
    ("text", "plain", "spelled"),
    [
        ("José", "jose", "jose"),
        ("JOSÉ", "jose", "jose"),
        ("Müller", "muller", "mueller"),
        ("MÜLLER", "muller", "mueller"),
        ("Søren", "soren", "soeren"),
        ("Åsa", "asa", "aasa"),
        ("Łukasz", "lukasz", "lukasz"),
        ("Straße", "strasse", "strasse"),
        ("Cæcilie", "caecilie", "caecilie"),
        ("Ní Bhriain", "ni bhriain", "ni bhriain"),
        ("Dvořák", "dvorak", "dvorak"),
        ("İpek", "ipek", "ipek"),
        ("Mueller", "mueller", "mueller"),
        ("O'Neill", "o'neill", "o'neill"),
    ],
)
def test_keys(text: str, plain: str, spelled: str) -> None:
    assert (plain_key(text), spelled_key(text)) == (plain, spelled)
    assert spelling_keys(text) == {plain, spelled}


@pytest.mark.parametrize(
    ("one", "other", "meet"),
    [("Müller", "Mueller", True), ("Müller", "Muller", True), ("Muller", "Mueller", False),
     ("Søren", "Soeren", True), ("Jörg", "Jorg", True), ("Jörg", "Joerg", True), ("Jörg", "Jurg", False)],
)
def test_spellings_meet(one: str, other: str, meet: bool) -> None:
    assert bool(spelling_keys(one) & spelling_keys(other)) is meet


@pytest.mark.parametrize(
    ("name", "spellings"),
    [
        ("José Ramírez", ["Jose Ramirez"]),
        ("JOSÉ", ["JOSE"]),  # in the name's own case
        ("Zoë Müller", ["Zoe Muller", "Zoe Mueller"]),
        ("MÜLLER", ["MULLER", "MUELLER"]),
        ("Søren Åberg", ["Soren Aberg", "Soeren Aaberg"]),
        ("Łukasz Ødegård", ["Lukasz Odegard", "Lukasz Oedegaard"]),
        ("Ævar Þórsson", ["Aevar Thorsson"]),
        ("Straße", ["Strasse"]),
        ("Mary", []),  # ASCII: nothing else
        ("张伟", []),  # another script has no plain spelling
        ("Ана", []),
    ],
)
def test_plain_spellings(name: str, spellings: list[str]) -> None:
    assert plain_spellings(name) == spellings
    assert all(spelling_keys(spelling) & spelling_keys(name) for spelling in spellings)
