"""A title and one initial ("Dr. Q"): read, written, and found after any title."""

from __future__ import annotations

import pytest

from nicknames.rules.titled_initials import (
    has_initial,
    letter_of,
    titled_forms,
    titled_initial,
    titled_initial_at,
)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Dr. Q", "Dr. Q"),
        ("Dr Q", "Dr. Q"),  # written with the title's full stop
        ("Prof K.", "Prof. K"),
        ("Professor Q", "Professor Q"),
        ("Miss V", "Miss V"),
        ("Mrs. V", "Mrs. V"),
        ("Herr K", "Herr K"),  # other languages' titles
        ("Mme. V", "Mme. V"),
        ("Dr. Quell", None),  # a name, not an initial
        ("Dr. QA", None),
        ("Dr. q", None),
        ("Q", None),
        ("Dean Q", None),  # no title
    ],
)
def test_titled_initial(text: str, name: str | None) -> None:
    assert titled_initial(text) == name


@pytest.mark.parametrize(
    ("text", "name"),
    [("Dr. Q, thanks", "Dr. Q"), ("Ms V's point", None), ("Ms V and Dr K", "Ms. V"), ("Mr. Q2", None)],
)
def test_titled_initial_at_the_start(text: str, name: str | None) -> None:
    assert titled_initial_at(text) == name


def test_titled_forms_are_every_title_with_and_without_its_stop() -> None:
    forms = titled_forms("Dr. Q")
    assert {"Dr Q", "Prof. Q", "Prof Q", "Professor Q", "Ms. Q", "Mrs Q", "Miss Q"} <= set(forms)
    assert "Dr. Q" not in forms and "Professor. Q" not in forms
    assert titled_forms("Quell") == [] and letter_of("Quell") is None and letter_of("Prof Q") == "Q"


@pytest.mark.parametrize(
    ("parts", "letter", "expected"),
    [(["Tobias Quell", "Tobias", "Quell"], "Q", True), (["Tobias Quell"], "T", True), (["Greta Vollmer"], "Q", False)],
)
def test_has_initial(parts: list[str], letter: str, expected: bool) -> None:
    assert has_initial(parts, letter) is expected
