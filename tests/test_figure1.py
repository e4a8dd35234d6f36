"""The paper's worked example: collect on Figure 1, and apply with the reviewed Figure 3 mapping."""

from __future__ import annotations

from pathlib import Path

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.scopes import apply_mapping
from nicknames.collect.candidates import collect
from nicknames.io.mapping_file import read_mapping
from nicknames.pipeline.sources import read_messages
from tests import figure1
from tests.conftest import write_csv


def test_apply_with_reviewed_figure3_mapping_gives_the_after_text(
    figure1_csv: Path, sample_mappings: Path
) -> None:
    mapping = read_mapping(sample_mappings / "figure3-reviewed.txt")
    table = read_messages(figure1_csv)
    result = apply_mapping(table, mapping, "session", IdTemplate())
    after = dict(zip(result.frame["message_id"], result.frame["text"]))
    assert after == figure1.AFTER


def test_apply_keeps_the_cited_author_and_replaces_nothing_else(
    figure1_csv: Path, sample_mappings: Path
) -> None:
    mapping = read_mapping(sample_mappings / "figure3-reviewed.txt")
    result = apply_mapping(read_messages(figure1_csv), mapping, "session", IdTemplate())
    assert "Arthur C. Clarke" in result.frame["text"][0]
    assert sorted(record.original for record in result.replacements) == sorted(
        ["Mary", "Arthur", "Arhtur", "MJ", "Mary Jane", "Mary", "R o b e r t"]
    )


def test_unreviewed_figure3_mapping_also_replaces_the_non_names(
    figure1_csv: Path, sample_mappings: Path
) -> None:
    mapping = read_mapping(sample_mappings / "figure3.txt")
    result = apply_mapping(read_messages(figure1_csv), mapping, "session", IdTemplate())
    first = result.frame["text"][0]
    assert "[U12] of his engineering" in first and "[U12], thanks" in first
    assert "[U12] C. Clarke" in first


def test_collect_on_figure1_connects_the_names_of_the_paper(figure1_csv: Path) -> None:
    mapping = collect(read_messages(figure1_csv)).mapping
    assert set(mapping.names_in_use("U12")) == {"Arthur", "Arhtur"}
    assert set(mapping.names_in_use("U43")) == {"Mary Jane", "MJ"}
    assert mapping.names_in_use("U01") == ["R o b e r t"]


def test_collect_on_figure1_flattened_into_one_line_messages_connects_the_same_names(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "flat.csv", figure1.HEADER, figure1.FLAT_ROWS)
    mapping = collect(read_messages(path)).mapping
    assert set(mapping.names_in_use("U12")) == {"Arthur", "Arhtur", "Arthr"}  # "Arthr": discovery's misspelling
    assert set(mapping.names_in_use("U43")) == {"Mary Jane", "MJ"}
    assert mapping.names_in_use("U01") == ["R o b e r t"]


def test_collect_without_parent_message_connects_no_greeting(figure1_csv: Path) -> None:
    result = collect(read_messages(figure1_csv))
    assert "Mary" not in {name for _, name in result.mapping.connections()}
    assert result.stats.greetings_without_parent == 1
