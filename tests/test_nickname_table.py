"""Tests of the nickname table: the built-in data, both directions, user files."""

from __future__ import annotations

from pathlib import Path

import pytest

from nicknames.io.nickname_file import read_table
from nicknames.model.errors import InputError
from nicknames.rules.nickname_table import builtin_table, parse_table


@pytest.mark.parametrize(
    ("name", "form"),
    [("Robert", "Bob"), ("Robert", "Robbie"), ("Margaret", "Peggy"), ("Elizabeth", "Liz"),
     ("Elisabeth", "Liz"), ("William", "Bill"), ("Michelle", "Shelly"), ("Katherine", "Kate")],
)
def test_builtin_table_knows_common_forms(name: str, form: str) -> None:
    table = builtin_table()
    assert form in table.familiar_forms(name)
    assert name in table.given_names(form)


def test_builtin_table_has_at_least_500_names() -> None:
    assert len(builtin_table()) >= 500


def test_lookup_ignores_case_and_related_goes_both_ways() -> None:
    table = parse_table("name,forms\nRobert,Rob;Bob\nRoberta,Bobbie\n")
    assert table.familiar_forms("ROBERT") == ("Rob", "Bob")
    assert table.given_names("bob") == ("Robert",)
    assert table.related("Rob") == ("Robert",)
    assert table.related("Robert") == ("Rob", "Bob")


@pytest.mark.parametrize(("name", "known"), [("robert", True), ("bob", True), ("roberta", True), ("bobbie", True),
                                            ("red", False), ("rob ert", False)])
def test_knows_a_given_name_or_a_familiar_form_in_lower_case(name: str, known: bool) -> None:
    assert parse_table("name,forms\nRobert,Rob;Bob\nRoberta,Bobbie\n").knows(name) is known


def test_comments_blank_lines_and_duplicates() -> None:
    table = parse_table("# a comment\n\nLeslie,Les\nLeslie,Lesley;Les\nAnn,ann\n")
    assert table.familiar_forms("Leslie") == ("Les", "Lesley")
    assert table.familiar_forms("Ann") == ()


def test_malformed_row_names_file_and_line() -> None:
    with pytest.raises(InputError, match=r"names.csv, line 2: expected two fields"):
        parse_table("Robert,Rob\nRobert,Rob,Bob\n", "names.csv")


def test_user_file_extends_or_replaces(tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    path.write_text("Gráinne,Grá\n", encoding="utf-8")
    extended = read_table(path)
    assert extended.familiar_forms("Gráinne") == ("Grá",)
    assert "Bob" in extended.familiar_forms("Robert")
    assert read_table(path, replace=True).familiar_forms("Robert") == ()


def test_missing_user_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        read_table(tmp_path / "absent.csv")
