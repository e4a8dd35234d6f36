"""Reading and writing CSV, JSON Lines and Parquet, and telling formats apart."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from nicknames.io.formats import TableFile, check_format, detect_format, read_table_file
from nicknames.io.table_writer import write_table
from nicknames.model.errors import InputError, OutputError

ROWS = [
    {"id": 1, "author": "U1", "text": "Hi Ann,\nThanks, Rob", "score": 2.5, "ok": True},
    {"id": 2, "author": "U2", "text": "Rob: fine\nAnn", "score": None, "ok": False},
]


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("a.csv", b"id,text\n", "csv"),
        ("a.jsonl", b"{}", "jsonl"),
        ("a.ndjson", b"{}", "jsonl"),
        ("a.parquet", b"PAR1", "parquet"),
        ("a.mbox", b"From x", "mbox"),
        ("a.eml", b"From: x", "eml"),
        ("archive.txt", b"From someone@example.org Mon Jan  3 10:00:00 2022\n", "mbox"),
        ("export.dat", b'{"id": 1}\n', "jsonl"),
        ("export.dat", b"PAR1....", "parquet"),
        ("export.dat", b"id,text\n1,hi\n", "csv"),
    ],
)
def test_detect_format(tmp_path: Path, name: str, content: bytes, expected: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert detect_format(path) == expected


def test_a_folder_is_a_folder_of_eml_files(tmp_path: Path) -> None:
    assert detect_format(tmp_path) == "eml"


@pytest.mark.parametrize(("given", "expected"), [("CSV", "csv"), ("json", "jsonl"), (".parquet", "parquet"), (None, None)])
def test_check_format(given: str | None, expected: str | None) -> None:
    assert check_format(given) == expected


def test_check_format_refuses_unknown() -> None:
    with pytest.raises(InputError, match="Unknown format 'xlsx'"):
        check_format("xlsx")


def test_jsonl_cells_are_strings(tmp_path: Path) -> None:
    table = read_table_file(write_jsonl(tmp_path / "m.jsonl", ROWS), "jsonl")
    assert list(table.frame.columns) == ["id", "author", "text", "score", "ok"]
    assert table.frame.iloc[0].tolist() == ["1", "U1", "Hi Ann,\nThanks, Rob", "2.5", "true"]
    assert table.frame.iloc[1].tolist() == ["2", "U2", "Rob: fine\nAnn", "", "false"]


def test_jsonl_keys_missing_from_some_lines_are_empty(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "m.jsonl", [{"id": 1, "text": "a"}, {"id": 2, "text": "b", "parent": 1}])
    frame = read_table_file(path, "jsonl").frame
    assert frame["parent"].tolist() == ["", "1"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"id": 1}\n{"id": 2\n', "line 2, column 9: not valid JSON"),
        ('{"id": 1}\n[1, 2]\n', "line 2: expected a JSON object"),
        ("\n\n", "has no JSON objects"),
    ],
)
def test_jsonl_errors_name_the_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "m.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_table_file(path, "jsonl")


def test_jsonl_round_trip_keeps_types_of_unchanged_cells(tmp_path: Path) -> None:
    table = read_table_file(write_jsonl(tmp_path / "m.jsonl", ROWS), "jsonl")
    frame = table.frame.copy()
    frame["text"] = ["Hi [U2],\nThanks, [U1]", "[U1]: fine\n[U2]"]
    write_table(frame, tmp_path / "out.jsonl", "jsonl", table)
    records = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    assert records[0] == {**ROWS[0], "text": "Hi [U2],\nThanks, [U1]"}
    assert records[1] == {**ROWS[1], "text": "[U1]: fine\n[U2]"}


def test_parquet_round_trip_keeps_types(tmp_path: Path) -> None:
    path = tmp_path / "m.parquet"
    pd.DataFrame(ROWS).to_parquet(path, index=False)
    table = read_table_file(path, "parquet")
    assert table.frame["id"].tolist() == ["1", "2"]
    assert table.frame["score"].tolist() == ["2.5", ""]
    frame = table.frame.copy()
    frame["text"] = ["x", "y"]
    write_table(frame, tmp_path / "out.parquet", "parquet", table)
    back = pd.read_parquet(tmp_path / "out.parquet")
    assert back["id"].tolist() == [1, 2]
    assert back["text"].tolist() == ["x", "y"]


def test_csv_to_jsonl_writes_strings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.csv"
    path.write_text("id,text\n1,Hi Ann\n", encoding="utf-8")
    table = read_table_file(path, "csv")
    write_table(table.frame, None, "jsonl", table)
    assert json.loads(capsys.readouterr().out) == {"id": "1", "text": "Hi Ann"}


def test_parquet_is_not_written_to_stdout(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="--output"):
        write_table(pd.DataFrame({"a": ["1"]}), None, "parquet", None)


def test_a_broken_parquet_file_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "m.parquet"
    path.write_bytes(b"PAR1 not really")
    with pytest.raises(InputError, match="not a readable Parquet file"):
        read_table_file(path, "parquet")


def test_mail_is_not_a_table(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="read as mail"):
        read_table_file(tmp_path / "a.mbox", "mbox")


def test_table_file_without_original_writes_strings(tmp_path: Path) -> None:
    source = TableFile(pd.DataFrame({"id": ["1"], "text": ["a"]}, dtype=object), "csv")
    write_table(source.frame, tmp_path / "o.csv", "csv", source)
    assert (tmp_path / "o.csv").read_text(encoding="utf-8") == "id,text\n1,a\n"


def test_a_parquet_index_becomes_a_column(tmp_path: Path) -> None:
    path = tmp_path / "m.parquet"
    pd.DataFrame({"text": ["a", "b"]}, index=pd.Index([10, 11], name="message_id")).to_parquet(path)
    table = read_table_file(path, "parquet")
    assert table.frame.to_dict("list") == {"message_id": ["10", "11"], "text": ["a", "b"]}
