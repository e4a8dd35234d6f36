"""Encoding detection for files that are not UTF-8: a likely encoding, never applied silently."""

from __future__ import annotations

from pathlib import Path

import pytest

from nicknames.io.encodings import first_bad_byte, guess_encoding, undecodable_error


@pytest.mark.parametrize(
    ("text", "written_in", "guess"),
    [
        ("1,U1,Hi Ren\u00e9e\n", "cp1252", "cp1252"),
        ("Gr\u00fc\u00dfe \u201cJ\u00fcrgen\u201d \u2013 ok\n", "cp1252", "cp1252"),
        ("Hi Ren\u00e9e, thanks\n", "latin-1", "cp1252"),
        ("\u041f\u0440\u0438\u0432\u0435\u0442, \u041c\u0430\u0448\u0430, \u043a\u0430\u043a \u0434\u0435\u043b\u0430? "
         "\u0421\u043f\u0430\u0441\u0438\u0431\u043e\n", "cp1251", "cp1251"),
        ("1,U1,Hi Ren\u00e9e\n", "utf-16", "utf-16"),
    ],
)
def test_guess_encoding(text: str, written_in: str, guess: str) -> None:
    assert guess_encoding(text.encode(written_in)) == guess


def test_binary_data_has_no_guess() -> None:
    assert guess_encoding(b"PK\x03\x04\x00\x00\x08\x00" * 20) is None


@pytest.mark.parametrize(
    ("raw", "line", "column"),
    [(b"abc\xff", 1, 4), (b"a\nbc\n\xe9", 3, 1), (b"ok", None, None)],
)
def test_first_bad_byte(raw: bytes, line: int | None, column: int | None) -> None:
    bad = first_bad_byte(raw, "utf-8")
    assert (bad.line, bad.column) == (line, column) if bad else line is None


def test_undecodable_error_names_place_and_option(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes("a,b\n1,Ren\u00e9e\n".encode("cp1252"))
    message = str(undecodable_error(path, "utf-8-sig"))
    assert message.startswith(f"{path}, line 2, column 6: byte 0xe9 is not valid UTF-8")
    assert "--encoding cp1252" in message


def test_unrecognised_encoding_asks_for_one(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(b"a,b\n1,\x81\x8d\x8f\x90\x9d\x81\x8d\x8f\x90\x9d\n")
    message = str(undecodable_error(path, "cp1252"))
    assert "not valid cp1252" in message and "--encoding" in message


# Mixed files (issue 22, item 2): UTF-8 with a few lines in a Windows code page.

MIXED_HEADER = "message_id,user_id,text\n".encode()
MIXED_UTF8 = "".join(f"{i},U{i % 3},Hi Zoë and Renée\n" for i in range(1, 30)).encode("utf-8")
MIXED_CP1252 = "30,U1,Thanks Zoë\n".encode("cp1252")
MIXED = MIXED_HEADER + MIXED_UTF8 + MIXED_CP1252 + "31,U2,Bye Zoë\n".encode("utf-8")


def test_mixed_lines_names_the_lines_that_are_not_utf8() -> None:
    from nicknames.io.encodings import mixed_lines

    found = mixed_lines(MIXED)
    assert found is not None
    assert found.other == (31,) and found.utf8 == 30


@pytest.mark.parametrize(
    "raw",
    [MIXED_HEADER + MIXED_UTF8, MIXED_HEADER + "1,U1,Thanks Zoë\n".encode("cp1252"), b"plain ascii\n"],
    ids=["all UTF-8", "all cp1252", "ascii"],
)
def test_files_in_one_encoding_are_not_mixed(raw: bytes) -> None:
    from nicknames.io.encodings import mixed_lines

    assert mixed_lines(raw) is None


@pytest.mark.parametrize("encoding", [None, "cp1250", "cp1252", "latin-1"])
def test_a_mixed_file_is_one_error_naming_its_lines_and_no_encoding(tmp_path: Path, encoding: str | None) -> None:
    from typer.testing import CliRunner

    from nicknames.cli import app

    path = tmp_path / "messages.csv"
    path.write_bytes(MIXED)
    args = ["collect", str(path), "-o", str(tmp_path / "m.txt")] + (["--encoding", encoding] if encoding else [])
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "messages.csv, line 31: not UTF-8 (it looks like cp1252)" in result.stderr
    assert "mixes two encodings" in result.stderr
    assert "run again with --encoding" not in result.stderr
    assert not (tmp_path / "m.txt").exists()


def test_a_mixed_json_lines_file_is_one_error(tmp_path: Path) -> None:
    from nicknames.io.formats import read_jsonl_records
    from nicknames.model.errors import InputError

    path = tmp_path / "messages.jsonl"
    path.write_bytes('{"text": "Zoë"}\n'.encode() + '{"text": "Zoë"}\n'.encode("cp1252"))
    with pytest.raises(InputError, match="line 2: not UTF-8.*mixes two encodings"):
        read_jsonl_records(path)


def test_a_mixed_mapping_file_is_one_error(tmp_path: Path) -> None:
    from nicknames.io.mapping_file import read_mapping
    from nicknames.model.errors import NicknamesError

    path = tmp_path / "map.txt"
    path.write_bytes("U1 | Zoë\n".encode() + "U2 | Renée\n".encode("cp1252"))
    with pytest.raises(NicknamesError, match="line 2: not UTF-8.*mixes two encodings"):
        read_mapping(path)
