"""Surrogate names: shapes, gender, distinctness, never a real name."""

from __future__ import annotations

import pytest

from nicknames.apply.surrogates import (
    Surrogate,
    SurrogateNames,
    assign_surrogates,
    guess_gender,
    load_given_names,
    load_surnames,
    shape,
    words_of,
)
from nicknames.model.errors import NicknamesError

ANNA = Surrogate("Anna", "Lena", "Berg", "F")
REFERENCE = ("mary", "jane", "poe")


@pytest.mark.parametrize(
    ("original", "expected"),
    [
        ("Mary", "Anna"),  # first name → given name
        ("Poe", "Berg"),  # surname → surname
        ("Jane", "Lena"),  # middle name → middle name
        ("Mary Poe", "Anna Berg"),  # full → full
        ("Mary Jane Poe", "Anna Lena Berg"),
        ("Mary P.", "Anna B."),
        ("Molly", "Anna"),  # a nickname is a given name
        ("MJ", "AB"),  # initials → the surrogate's initials
        ("M.J.", "A.B."),
        ("M. J. P.", "A. L. B."),
        ("-MJP-", "-ALB-"),  # dashes kept
        ("R o b e r t", "A n n a"),  # spaced letters → spaced letters
        ("MARY", "ANNA"),  # case as written
        ("mary", "anna"),
        ("Mary-Jane", "Anna-Lena"),
        ("~Mary~", "~Anna~"),
    ],
)
def test_shape_follows_the_original(original: str, expected: str) -> None:
    assert shape(original, ANNA, REFERENCE) == expected


def test_shape_without_reference_goes_by_position() -> None:
    assert shape("Zed Quux", ANNA) == "Anna Berg"
    assert shape("Zed", ANNA) == "Anna"


def test_possessive_stays_outside_the_match() -> None:
    from nicknames.apply.scope_names import scope_names
    from nicknames.apply.substitute import substitute_message
    from nicknames.model.mapping import Mapping
    from nicknames.model.messages import Message

    names = scope_names(Mapping({"U1": ["Mary"]}), {"U1"})
    style = SurrogateNames({"U1": ANNA}, {"U1": REFERENCE})
    text, _ = substitute_message(Message("1", "U2", "I like Mary's idea", None, "t", "s"), names, style)
    assert text == "I like Anna's idea"


@pytest.mark.parametrize(
    ("kind", "expected"),
    [("email", "anna.berg@example.org"), ("handle", "@annaberg"), ("id", "Anna Berg")],
)
def test_identifiers_of_a_participant_get_surrogate_forms(kind: str, expected: str) -> None:
    assert SurrogateNames({"U1": ANNA}).mention("U1", "x", kind) == expected


def test_ambiguous_lists_every_candidate() -> None:
    style = SurrogateNames({"U1": ANNA, "U2": Surrogate("Omar", "Ivan", "Kerr", "M")})
    assert style.ambiguous(["U1", "U2"], "Sam") == "[Anna|Omar]"


def test_unknown_participant_is_an_error() -> None:
    with pytest.raises(NicknamesError, match="no surrogate"):
        SurrogateNames({})("U9")


def test_builtin_lists_are_large_and_clean() -> None:
    given, surnames = load_given_names(), load_surnames()
    assert len(given) > 800 and len(surnames) > 300
    assert set(given.values()) == {"F", "M", "N"}
    assert all(name.isascii() and name.isalpha() for name in [*given, *surnames])


def test_assignment_is_distinct_gendered_and_avoids_real_names() -> None:
    participants = [f"U{i}" for i in range(300)]
    genders = {p: ("F" if i % 2 else "M") for i, p in enumerate(participants)}
    given = load_given_names()
    forbidden = {"anna", "omar", "berg"}
    chosen = assign_surrogates(participants, genders, forbidden, seed=1)
    givens = [s.given for s in chosen.values()]
    assert len(set(givens)) == len(givens)
    assert not {s.given.lower() for s in chosen.values()} & forbidden
    assert not {s.surname.lower() for s in chosen.values()} & forbidden
    matched = sum(given[s.given] == genders[p] for p, s in chosen.items())
    assert matched == len(participants)


def test_assignment_is_deterministic_and_keeps_earlier_surrogates() -> None:
    first = assign_surrogates(["U1", "U2"], {}, set(), seed=7)
    assert first == assign_surrogates(["U1", "U2"], {}, set(), seed=7)
    kept = {"U1": ANNA}
    again = assign_surrogates(["U1", "U2"], {}, set(), seed=7, kept=kept)
    assert again["U1"] == ANNA and again["U2"].given != "Anna"


def test_composed_names_when_the_list_runs_out() -> None:
    everything = {name.lower() for name in load_given_names()}
    participants = [f"U{i}" for i in range(500)]
    chosen = assign_surrogates(participants, {p: "F" for p in participants}, everything, seed=3)
    givens = [s.given for s in chosen.values()]
    assert len(set(givens)) == 500 and not {g.lower() for g in givens} & everything
    assert all(g.endswith(("a", "ine", "elle", "ia", "etta")) for g in givens)


@pytest.mark.parametrize(
    ("names", "expected"),
    [(["Mary Poe"], "F"), (["Robert"], "M"), (["Zzyx", "Mary"], "F"), (["Zzyx"], "N"), ([], "N")],
)
def test_gender_from_name_statistics(names: list[str], expected: str) -> None:
    assert guess_gender(names, {"Mary": "F", "Robert": "M", "Sam": "N"}) == expected


def test_words_of_lowercases_every_word() -> None:
    assert words_of(["Mary-Jane O'Brien", "grace period"]) == {"mary", "jane", "o'brien", "grace", "period"}


@pytest.mark.parametrize(
    ("name", "gender"),
    [("Marie", "F"), ("Hannah", "F"), ("Natalie", "F"), ("Zoë", "F"), ("Jean-Luc", "M"), ("Dmitri", "M"),
     ("Josephine", "F"), ("Patrick", "M")],
)
def test_the_wider_name_statistics_know_common_given_names(name: str, gender: str) -> None:
    from nicknames.apply.surrogates import load_name_genders

    assert guess_gender([name], load_name_genders()) == gender


def test_the_built_in_list_wins_over_the_wider_statistics() -> None:
    from nicknames.apply.surrogates import load_name_genders

    statistics = load_name_genders()
    assert all(statistics[name] == gender for name, gender in load_given_names().items())
