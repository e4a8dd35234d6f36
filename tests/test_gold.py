"""Gold-span records: validation, CSV and JSON round trips, and clear errors for broken files."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from nicknames.check.gold import (
    GoldSpan,
    read_spans_csv,
    spans_by_message,
    spans_from_json,
    spans_to_json,
    write_spans_csv,
)
from nicknames.model.errors import InputError, NicknamesError

SPANS = [
    GoldSpan("2", 0, 3, "Rob", "U1", "nickname"),
    GoldSpan("1", 10, 21, "Marie Curie", "", "public_figure"),
    GoldSpan("1", 0, 4, "Mary", "U2", "registered_subset"),
]


def test_csv_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "spans.csv"
    with path.open("w", newline="", encoding="utf-8") as stream:
        write_spans_csv(SPANS, stream)
    assert read_spans_csv(path) == SPANS


def test_json_round_trip() -> None:
    assert spans_from_json(spans_to_json(SPANS)) == SPANS


def test_spans_by_message_are_in_text_order() -> None:
    grouped = spans_by_message(SPANS)
    assert [span.text for span in grouped["1"]] == ["Mary", "Marie Curie"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("1", 5, 5, "", "U1", "nickname"), "empty"),
        (("1", 0, 4, "Rob", "U1", "nickname"), "length"),
        (("1", 0, 3, "Rob", "U1", "pet_name"), "Unknown gold category"),
        (("1", 0, 3, "Rob", "", "nickname"), "needs a participant"),
        (("1", 0, 4, "will", "U1", "common_word"), "needs a participant"),
    ],
)
def test_invalid_spans_cannot_exist(args: tuple, message: str) -> None:
    with pytest.raises(NicknamesError, match=message):
        GoldSpan(*args)


def test_is_name_and_overlaps() -> None:
    span = GoldSpan("1", 3, 7, "Mary", "U2", "registered_subset")
    assert span.is_name and not SPANS[1].is_name
    assert span.overlaps(6, 10) and not span.overlaps(7, 10)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("id,start\n", "line 1"),
        ("message_id,start,end,text,participant,category\n1,0,x,Rob,U1,nickname\n", "line 2: start and end"),
        ("message_id,start,end,text,participant,category\n1,0,3,Rob,U1\n", "line 2: expected 6 fields"),
        ("message_id,start,end,text,participant,category\n1,0,3,Rob,U1,pet\n", "line 2: Unknown gold category"),
    ],
)
def test_broken_files_name_the_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "spans.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_spans_csv(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        read_spans_csv(tmp_path / "none.csv")


def test_bad_json() -> None:
    with pytest.raises(InputError, match="JSON"):
        spans_from_json('{"not": "a list"}')


def test_header_can_be_left_out_when_appending() -> None:
    stream = io.StringIO()
    write_spans_csv(SPANS[:1], stream, header=False)
    assert stream.getvalue() == "2,0,3,Rob,U1,nickname\n"
