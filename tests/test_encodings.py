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
