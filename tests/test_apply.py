"""Apply on a table: scopes, duplicates, and the output shape."""

from __future__ import annotations

from pathlib import Path

import pytest

from nicknames.apply.scopes import Duplicate, apply_mapping
from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import Mapping
from nicknames.pipeline.sources import read_messages
from nicknames.apply.pseudonyms import IdTemplate
from tests.conftest import write_csv

HEADER = ["session_id", "thread_id", "message_id", "parent_id", "user_id", "extra", "text"]
ROWS = [
    ["S1", "T1", "1", "0", "a", "x1", "Question from Sam"],
    ["S1", "T1", "2", "1", "b", "x2", "Hi Sam,\nanswer\nAl"],
    ["S1", "T2", "3", "0", "c", "x3", "Sam and Al again"],
    ["S2", "T3", "4", "0", "d", "x4", "Sam is not active here, nor Al"],
]


@pytest.fixture
def table(tmp_path: Path):
    return read_messages(write_csv(tmp_path / "m.csv", HEADER, ROWS))


MAPPING = Mapping({"a": ["Sam"], "b": ["Al"], "c": [], "d": []})


@pytest.mark.parametrize(
    ("scope", "texts"),
    [
        ("thread", ["Question from [a]", "Hi [a],\nanswer\n[b]", "Sam and Al again", "Sam is not active here, nor Al"]),
        ("session", ["Question from [a]", "Hi [a],\nanswer\n[b]", "[a] and [b] again", "Sam is not active here, nor Al"]),
        ("all", ["Question from [a]", "Hi [a],\nanswer\n[b]", "[a] and [b] again", "[a] is not active here, nor [b]"]),
    ],
)
def test_scopes(table, scope: str, texts: list[str]) -> None:
    result = apply_mapping(table, MAPPING, scope, IdTemplate())
    assert list(result.frame["text"]) == texts


def test_output_keeps_every_other_column_row_and_order(table) -> None:
    result = apply_mapping(table, MAPPING, "all", IdTemplate())
    assert list(result.frame.columns) == HEADER
    assert result.frame.drop(columns="text").equals(table.frame.drop(columns="text"))


def test_duplicate_names_in_a_scope_are_reported(table) -> None:
    mapping = Mapping({"a": ["Sam"], "c": ["Sam"], "d": ["Sam"]})
    result = apply_mapping(table, mapping, "session", IdTemplate())
    assert result.duplicates == [Duplicate("S1", "Sam", ("a", "c"))]


def test_counts_and_unknown_participants(table) -> None:
    mapping = Mapping({"a": ["Sam"], "zz": ["Zed"]})
    result = apply_mapping(table, mapping, "all", IdTemplate("<{id}>"))
    assert result.counts() == [("a", "Sam", 4)]
    assert result.changed_messages() == 4
    assert result.unknown_participants == ["zz"]


@pytest.mark.parametrize("template", ["[{name}]", "[U]", "[{id]"])
def test_bad_pseudonym_templates(template: str) -> None:
    with pytest.raises(NicknamesError, match="Pseudonym format"):
        IdTemplate(template)
