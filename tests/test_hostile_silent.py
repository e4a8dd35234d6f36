"""Surprises that used to pass without a word (issue 22, item 14): now an error or a warning."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.cli import app

MESSAGES = "message_id,user_id,text\n1,U1,Hi Rob\n2,U2,Thanks Mary\n"


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b'message_id,user_id,text\n1,U1,"Hi Rob\x00 there"\n', "row 2, column 'text': holds a NUL character"),
        (b"message_id,user_id,te\x00xt\n1,U1,Hi Rob\n", "line 1, column 3: the header holds a NUL character"),
    ],
)
def test_a_nul_character_in_valid_utf8_is_refused(tmp_path: Path, content: bytes, fragment: str) -> None:
    messages = tmp_path / "messages.csv"
    messages.write_bytes(content)
    result = CliRunner().invoke(app, ["collect", str(messages), "-o", str(tmp_path / "m.txt")])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert fragment in result.stderr
    assert not (tmp_path / "m.txt").exists()


@pytest.mark.parametrize("mapping", ["", "# only a comment\n", "U1 | !Mary\nU2 | !Rob\n"])
def test_a_mapping_without_names_in_use_is_warned_about(tmp_path: Path, mapping: str) -> None:
    messages = tmp_path / "messages.csv"
    messages.write_text(MESSAGES)
    path = tmp_path / "map.txt"
    path.write_text(mapping)
    result = CliRunner().invoke(app, ["apply", str(messages), str(path), "-s", "all", "-q"])
    assert result.exit_code == 0, result.stderr
    assert "Warning: mapping file" in result.stderr and "has no names to replace" in result.stderr
    assert "Mary" in result.stdout


def test_a_mapping_with_names_gives_no_such_warning(tmp_path: Path) -> None:
    messages = tmp_path / "messages.csv"
    messages.write_text(MESSAGES)
    path = tmp_path / "map.txt"
    path.write_text("U1 | Mary\n")
    result = CliRunner().invoke(app, ["apply", str(messages), str(path), "-s", "all", "-q"])
    assert result.exit_code == 0 and "no names to replace" not in result.stderr


FIRST = (
    "From mary@example.org Mon Jan  1 10:00:00 2024\nFrom: Mary Jones <mary@example.org>\nTo: rob@example.org\n"
    "Subject: plan\nMessage-ID: <1@example.org>\nDate: Mon, 1 Jan 2024 10:00:00 +0000\n\nHi Rob,\n\nok?\n\nThanks, Mary\n\n"
)
LATER = (
    "From zed@example.org Tue Jan  2 09:30:00 2024\nFrom: Zed Quill <zed@example.org>\nTo: mary@example.org\n"
    "Subject: Re: plan\nMessage-ID: <2@example.org>\nIn-Reply-To: <1@example.org>\n"
    "Date: Tue, 2 Jan 2024 09:30:00 +0000\n\nHi Mary,\n\nGreat.\n\nCheers, Zed\n"
)


def test_a_sender_missing_from_address_key_and_mapping_is_warned_about(tmp_path: Path) -> None:
    first = tmp_path / "first.mbox"
    first.write_text(FIRST)
    mapping = tmp_path / "map.txt"
    assert CliRunner().invoke(app, ["collect", str(first), "-o", str(mapping)]).exit_code == 0
    both = tmp_path / "both.mbox"
    both.write_text(FIRST + LATER)
    result = CliRunner().invoke(app, ["apply", str(both), str(mapping), "-s", "all", "-q",
                                      "-o", str(tmp_path / "out.mbox")])
    assert result.exit_code == 0, result.stderr
    assert "Warning: 1 sender of this archive is in neither the address key" in result.stderr
    assert "P3" in result.stderr and "Zed" not in result.stderr


def test_no_warning_when_every_sender_is_known(tmp_path: Path) -> None:
    both = tmp_path / "both.mbox"
    both.write_text(FIRST + LATER)
    mapping = tmp_path / "map.txt"
    assert CliRunner().invoke(app, ["collect", str(both), "-o", str(mapping)]).exit_code == 0
    result = CliRunner().invoke(app, ["apply", str(both), str(mapping), "-s", "all", "-q",
                                      "-o", str(tmp_path / "out.mbox")])
    assert result.exit_code == 0 and "in neither the address key" not in result.stderr


FORMULAS = (
    "message_id,user_id,text\n"
    '1,U1,"=HYPERLINK(""http://example.org"",""click"")"\n'
    "2,=1+2,+cmd\n"
    "3,U2,-2 is the answer\n"
    "4,U3,@SUM(A1:A3)\n"
    "5,U1,plain text\n"
)


def test_csv_safe_prefixes_cells_that_start_like_formulas(tmp_path: Path) -> None:
    import csv
    import io

    messages = tmp_path / "messages.csv"
    messages.write_text(FORMULAS)
    mapping = tmp_path / "map.txt"
    mapping.write_text("U1 | Mary\n")
    result = CliRunner().invoke(app, ["apply", str(messages), str(mapping), "-s", "all", "-q", "--identifiers",
                                      "none", "--csv-safe"])
    assert result.exit_code == 0, result.stderr
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["message_id", "user_id", "text"]
    assert rows[1][2] == "'=HYPERLINK(\"http://example.org\",\"click\")"
    assert rows[2][1:] == ["'=1+2", "'+cmd"]
    assert rows[3][2] == "'-2 is the answer"
    assert rows[4][2] == "'@SUM(A1:A3)"
    assert rows[5] == ["5", "U1", "plain text"]


def test_without_csv_safe_cells_are_written_as_they_are(tmp_path: Path) -> None:
    messages = tmp_path / "messages.csv"
    messages.write_text(FORMULAS)
    mapping = tmp_path / "map.txt"
    mapping.write_text("U1 | Mary\n")
    result = CliRunner().invoke(app, ["apply", str(messages), str(mapping), "-s", "all", "-q"])
    assert result.exit_code == 0, result.stderr
    assert "\n4,U3,@SUM(A1:A3)\n" in result.stdout  # a spreadsheet function is not a handle


def test_csv_safe_with_another_output_format_is_one_error(tmp_path: Path) -> None:
    messages = tmp_path / "messages.csv"
    messages.write_text(FORMULAS)
    mapping = tmp_path / "map.txt"
    mapping.write_text("U1 | Mary\n")
    result = CliRunner().invoke(app, ["apply", str(messages), str(mapping), "-s", "all", "--csv-safe",
                                      "--output-format", "jsonl"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("Error: --csv-safe is for CSV output") and result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("cell", "safe"),
    [("=1", "'=1"), ("+1", "'+1"), ("-1", "'-1"), ("@x", "'@x"), ("\tx", "'\tx"), ("\rx", "'\rx"), ("a=1", "a=1"),
     ("", ""), ("'=1", "'=1")],
)
def test_spreadsheet_safe(cell: str, safe: str) -> None:
    import pandas as pd

    from nicknames.io.table_writer import spreadsheet_safe

    frame = pd.DataFrame({"text": [cell]}, dtype=object)
    assert spreadsheet_safe(frame)["text"].tolist() == [safe]
    assert frame["text"].tolist() == [cell]
