"""Apply on a table: scopes, duplicates, and the output shape."""

from __future__ import annotations

from pathlib import Path

import pytest

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.resolution import NamesOf
from nicknames.apply.scopes import Duplicate, apply_mapping
from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import Mapping, Name
from nicknames.pipeline.sources import read_messages
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
def test_scopes_with_the_names_of_active_participants_only(table, scope: str, texts: list[str]) -> None:
    result = apply_mapping(table, MAPPING, scope, IdTemplate(), names_of=NamesOf.active)
    assert list(result.frame["text"]) == texts


@pytest.mark.parametrize("scope", ["thread", "session", "all"])
def test_names_of_everyone_replaces_a_name_of_one_participant_in_every_scope(table, scope: str) -> None:
    result = apply_mapping(table, MAPPING, scope, IdTemplate())
    assert list(result.frame["text"]) == [
        "Question from [a]", "Hi [a],\nanswer\n[b]", "[a] and [b] again", "[a] is not active here, nor [b]"
    ]


def test_names_of_everyone_prefers_the_active_owner_of_a_shared_name(table) -> None:
    mapping = Mapping({"a": ["Sam"], "b": ["Al"], "c": [], "d": ["Al"]})
    result = apply_mapping(table, mapping, "session", IdTemplate())
    assert list(result.frame["text"])[2:] == ["[a] and [b] again", "[a] is not active here, nor [d]"]
    assert [r.rule for r in result.replacements if r.message_id == "4"] == ["file", "only"]


def test_output_keeps_every_other_column_row_and_order(table) -> None:
    result = apply_mapping(table, MAPPING, "all", IdTemplate())
    assert list(result.frame.columns) == HEADER
    assert result.frame.drop(columns="text").equals(table.frame.drop(columns="text"))


def test_duplicate_names_in_a_scope_are_reported(table) -> None:
    mapping = Mapping({"a": ["Sam"], "c": ["Sam"], "d": ["Sam"]})
    result = apply_mapping(table, mapping, "session", IdTemplate())
    assert result.duplicates == [Duplicate("S1", "Sam", ("a", "c"))]


def test_counts_and_unknown_participants(table) -> None:
    mapping = Mapping({"a": ["Sam"], "zz": ["Zed"], "ab": []})
    mapping.set_name("ab", Name("Quell", 1, ("classlist", "absent")))
    result = apply_mapping(table, mapping, "all", IdTemplate("<{id}>"))
    assert result.counts() == [("a", "Sam", 4)]
    assert result.changed_messages() == 4
    assert result.unknown_participants == ["zz"]  # registered people who post nothing are expected


@pytest.mark.parametrize("template", ["[{name}]", "[U]", "[{id]"])
def test_bad_pseudonym_templates(template: str) -> None:
    with pytest.raises(NicknamesError, match="Pseudonym format"):
        IdTemplate(template)
