"""Apply's memory for one huge field: a small multiple of the field's size, however many names it holds."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pandas as pd
import pytest

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.replacement import Replacement, Replacements
from nicknames.apply.scopes import ApplyResult, apply_mapping
from nicknames.model.mapping import Mapping
from nicknames.pipeline.sources import read_messages
from nicknames.rules.identifiers import identifier_rules
from tests.conftest import write_csv

HEADER = ["message_id", "parent_id", "user_id", "session_id", "text"]
MENTIONS = 120_000
"""Mentions in the huge field: 600 kB of "Mary " (each a record)."""


def test_huge_field_takes_a_small_multiple_of_its_size(tmp_path: Path) -> None:
    field = "Hello Mary,\n" + "Mary " * MENTIONS + "\nEd"
    table = read_messages(write_csv(tmp_path / "m.csv", HEADER, [["m1", "", "u2", "s", field],
                                                                 ["m2", "m1", "u1", "s", "Thanks Ed"]]))
    mapping = Mapping({"u1": ["Mary Jones", "Mary"], "u2": ["Ed Poe", "Ed"]})
    rules = identifier_rules()
    small = read_messages(write_csv(tmp_path / "small.csv", HEADER, [["m1", "", "u2", "s", "Hello Mary,\nEd"]]))
    apply_mapping(small, mapping, "session", IdTemplate(), identifiers=rules)  # word lists and caches load once
    tracemalloc.start()
    try:
        result = apply_mapping(table, mapping, "session", IdTemplate(), identifiers=rules)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.replacement_count() == MENTIONS + 3
    assert peak < 11 * len(field), f"apply took {peak / len(field):.1f} times the field's size"


def test_records_by_column_read_back_as_tuples() -> None:
    records = Replacements()
    first = records.open("m1")
    records.add(first, 6, ("Mary", "Mary", "u1", "[u1]", "only", ("u1",), "name", 1.0, "only one"))
    records.append(Replacement("m2", 0, 2, "Ed", "Ed", "u2", "[u2]", "only", ("u2",)))
    records.append(Replacement("m2", 9, 11, "Ed", "Ed", "u2", "[u2]", "only", ("u2",)))
    assert list(records) == [
        Replacement("m1", 6, 10, "Mary", "Mary", "u1", "[u1]", "only", ("u1",), "name", 1.0, "only one"),
        Replacement("m2", 0, 2, "Ed", "Ed", "u2", "[u2]", "only", ("u2",)),
        Replacement("m2", 9, 11, "Ed", "Ed", "u2", "[u2]", "only", ("u2",)),
    ]
    assert records[2] == records[-1] and records[1:] == list(records)[1:]
    assert len(records._details) == 2  # the two mentions of Ed share one detail


def test_records_merged_in_row_order() -> None:
    one, two = Replacements(), Replacements()
    for records, ids in ((one, ["a", "c"]), (two, ["b", "d"])):
        for message_id in ids:
            records.append(Replacement(message_id, 0, 1, "X", "X", "u", "[u]", "only", ("u",)))
            records.append(Replacement(message_id, 5, 6, "Y", "Y", "u", "[u]", "only", ("u",)))
    merged = Replacements.merged([(one, [0, 2]), (two, [1, 3])], ["a", "b", "c", "d"])
    assert [(r.message_id, r.start) for r in merged] == [(m, s) for m in "abcd" for s in (0, 5)]


def test_a_record_whose_span_is_not_its_text_is_refused() -> None:
    with pytest.raises(ValueError, match="not its span"):
        Replacements().append(Replacement("m", 0, 5, "Ed", "Ed", "u", "[u]", "only", ("u",)))


SUMMARY_RECORDS = [
    Replacement("m1", 0, 4, "Mary", "Mary", "u1", "[u1]", "only", ("u1",)),
    Replacement("m1", 9, 13, "Mary", "Mary", "u1", "[u1]", "only", ("u1",)),
    Replacement("m2", 0, 2, "Ed", "Ed", "", "Ed", "skip", ("u2", "u3")),
    Replacement("m2", 5, 7, "Ed", "Ed", "u2", "[u2]", "first", ("u2", "u3")),
    Replacement("m3", 0, 9, "a@b.co.uk", "a@b.co.uk", "", "[EMAIL]", "identifier", (), "email"),
    Replacement("m4", 0, 2, "Ed", "Ed", "", "Ed", "skip", ("u2", "u3")),
]


@pytest.mark.parametrize("kept", ["columns", "tuples"])
def test_summaries_count_the_same_records_kept_by_column_or_as_tuples(kept: str) -> None:
    columns = Replacements()
    for record in SUMMARY_RECORDS:
        columns.append(record)
    records = columns if kept == "columns" else list(SUMMARY_RECORDS)
    result = ApplyResult(pd.DataFrame({"text": ["", "", "", ""]}), records, [], 1)
    assert result.changed_messages() == 3  # m4's only record left its text as written
    assert result.identifier_kinds() == {"email": 1}
    assert result.shared_rules() == {"skip": 2, "first": 1}
    assert result.review_count() == 3
    assert len(result.for_review()) == 3
