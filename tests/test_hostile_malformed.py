"""Malformed inputs that used to end in a traceback (issue 22, items 11 and 13): one line, exit 1."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.cli import app

MAPPING = "U1 | Mary\nU2 | Rob\n"


def assert_one_line_error(args: list[str], fragment: str) -> str:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr
    return result.stderr


def deep_mail(depth: int) -> str:
    head = ("From: Mary <mary@example.org>\nTo: rob@example.org\nSubject: deep\nMessage-ID: <1@example.org>\n"
            "Date: Mon, 1 Jan 2024 10:00:00 +0000\n")
    opening = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\n\n--b{i}\n' for i in range(depth))
    closing = "".join(f"--b{i}--\n" for i in reversed(range(depth)))
    return head + opening + "Content-Type: text/plain\n\nHi Rob\n" + closing


@pytest.mark.parametrize("suffix", [".mbox", ".eml"])
def test_mail_nested_a_thousand_parts_deep_is_one_error(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"deep{suffix}"
    envelope = "From mary@example.org Mon Jan  1 10:00:00 2024\n" if suffix == ".mbox" else ""
    path.write_text(envelope + deep_mail(1000))
    assert_one_line_error(["collect", str(path), "-o", str(tmp_path / "m.txt")], "nests its parts more than 50 deep")


def test_mail_nested_a_few_parts_deep_is_read(tmp_path: Path) -> None:
    path = tmp_path / "nested.eml"
    path.write_text(deep_mail(10))
    result = CliRunner().invoke(app, ["collect", str(path), "-o", str(tmp_path / "m.txt")])
    assert result.exit_code == 0, result.stderr


def test_a_json_value_nested_100000_deep_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text('{"message_id": "1", "user_id": "U1", "text": "hi", "x": ' + "[" * 100_000 + "]" * 100_000 + "}\n")
    assert_one_line_error(["collect", str(path), "-o", str(tmp_path / "m.txt")], "deep.jsonl, line 1: a value nests")


def test_a_lone_surrogate_in_json_lines_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "messages.jsonl"
    path.write_text('{"message_id": "1", "user_id": "U1", "text": "Hi Rob"}\n'
                    '{"message_id": "2", "user_id": "U2", "text": "Hi Mary \\ud800"}\n')
    mapping = tmp_path / "map.txt"
    mapping.write_text(MAPPING)
    output = tmp_path / "out.jsonl"
    assert_one_line_error(["apply", str(path), str(mapping), "-s", "all", "-o", str(output)],
                          "messages.jsonl, line 2: a \\u escape names half of a character")
    assert not output.exists()


def test_a_surrogate_pair_in_json_lines_is_a_character(tmp_path: Path) -> None:
    path = tmp_path / "messages.jsonl"
    path.write_text('{"message_id": "1", "user_id": "U1", "text": "Hi Rob \\ud83d\\ude00"}\n')
    mapping = tmp_path / "map.txt"
    mapping.write_text(MAPPING)
    result = CliRunner().invoke(app, ["apply", str(path), str(mapping), "-s", "all"])
    assert result.exit_code == 0, result.stderr
    assert "\U0001f600" in result.stdout


def test_a_key_file_whose_secret_is_a_number_is_one_error(tmp_path: Path) -> None:
    messages = tmp_path / "messages.csv"
    messages.write_text("message_id,user_id,text\n1,U1,Hi Rob\n")
    mapping = tmp_path / "map.txt"
    mapping.write_text(MAPPING)
    key = tmp_path / "keys" / "key.json"
    key.parent.mkdir()
    key.write_text('{"format": "nicknames-key-file", "version": 1, "style": "id", "secret": 12345}')
    assert_one_line_error(["apply", str(messages), str(mapping), "-s", "all", "--key-file", str(key)],
                          'field "secret" must be text, found a number')


@pytest.mark.parametrize(
    ("first_row", "option"),
    [
        ("1,0,U01,S1,Hi Mary Jones how are you", "--message-id-column"),
        ("message_id,parent,U01,S1,Hi Mary Jones how are you", "--sender-column"),
        ("m1,m0,U01,S1,Hi Mary, how are you?", "--message-id-column"),
    ],
)
def test_a_csv_without_header_row_keeps_its_text_out_of_the_error(tmp_path: Path, first_row: str, option: str) -> None:
    path = tmp_path / "messages.csv"
    path.write_text(first_row + "\n2,1,U02,S1,Fine thanks\n")
    stderr = assert_one_line_error(["collect", str(path), "-o", str(tmp_path / "m.txt")], "looks like data rather than")
    assert "Mary" not in stderr and option in stderr and "run with --verbose" in stderr
    verbose = CliRunner().invoke(app, ["collect", str(path), "-o", str(tmp_path / "m.txt"), "--verbose"])
    assert verbose.exit_code == 1 and "Mary" in verbose.stderr


def test_a_class_list_without_header_row_keeps_its_names_out_of_the_error(tmp_path: Path) -> None:
    messages = tmp_path / "messages.csv"
    messages.write_text("message_id,user_id,text\n1,U1,Hi Rob\n")
    roster = tmp_path / "class.csv"
    roster.write_text("U1,Mary Anne Jones Smith\nU2,Rob\n")
    stderr = assert_one_line_error(
        ["collect", str(messages), "--class-list", str(roster), "-o", str(tmp_path / "m.txt")], "looks like data")
    assert "Mary" not in stderr


@pytest.mark.parametrize(
    ("cell", "data"),
    [("message_id", False), ("Post Body", False), ("Full Name", False), ("user.id", False), ("12", True),
     ("-3.5", True), ("Hi Mary, how are you", True), ("one two three four", True), ("x" * 41, True)],
)
def test_looks_like_data(cell: str, data: bool) -> None:
    from nicknames.model.columns import looks_like_data

    assert looks_like_data(cell) is data
