"""Every broken mapping line is an error naming file, line and column, and never the name itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from nicknames.io.mapping_file import parse_mapping, read_mapping
from nicknames.model.errors import MappingFileError


@pytest.mark.parametrize(
    ("text", "place", "fragment"),
    [
        ("U1 | Mary\n | Rob\n", "m.txt, line 2, column 1", "no participant id"),
        ("U1 | Mary\n\nU1 | Rob\n", "m.txt, line 3", "appears on two lines"),
        ("U1 | Mary | ...\n", "m.txt, line 1, column 13", "no letter or digit"),
        ("U1 | Mary | !?\n", "m.txt, line 1, column 13", "no letter or digit"),
        ("U1 | Mary |   | Rob\n", "m.txt, line 1, column 15", "empty name"),
        ("U1 | ?\n", "m.txt, line 1, column 6", "empty"),
        ("U1 | Mary | Mary\n", "m.txt, line 1, column 13", "listed twice"),
        ("U1 | Mary [3; bogus]\n", "m.txt, line 1, column 6", "unknown tag 'bogus'"),
        ("@kep | Mary\n", "m.txt, line 1, column 1", "unknown directive"),
        ("@keep | ?Mary\n", "m.txt, line 1, column 9", "take no '?' or '!'"),
        ("U1 | Mary \\\n", "m.txt, line 1, column 11", "ends in a backslash"),
        ("U1 | Mary\\  | Rob\n", "m.txt, line 1, column 10", "ends in a backslash"),  # white space after it is stripped
        ("\\\x85\n", "m.txt, line 1, column 1", "ends in a backslash"),
        ("#U1 | x\n@U1 | Mary\n", "m.txt, line 2, column 1", "unknown directive"),
        ("U1 | Mary [3\n", "m.txt, line 1, column 11", "a bracket that is not a count"),
        ("U1 | ?Mary [3; greeting ]x\n", "m.txt, line 1, column 12", "a bracket that is not a count"),
        ("U1 | Rob] | Mary\n", "m.txt, line 1, column 9", "put a backslash before a bracket"),
    ],
)
def test_broken_lines(text: str, place: str, fragment: str) -> None:
    with pytest.raises(MappingFileError) as caught:
        parse_mapping(text, "m.txt")
    message = str(caught.value)
    assert message.startswith(place + ":")
    assert fragment in message
    assert "Mary" not in message and "Rob" not in message
    assert "\n" not in message


def test_the_name_is_in_the_detail_for_verbose_output() -> None:
    with pytest.raises(MappingFileError) as caught:
        parse_mapping("U1 | Mary | Mary\n", "m.txt")
    assert caught.value.detail == "the name is 'Mary'"


def test_line_numbers_count_only_newlines() -> None:
    """Form feeds and Unicode line separators are not line breaks for editors, nor for the parser."""
    mapping = parse_mapping("U1 | Mary\u2028Jane | Rob\x0cert\r\nU2 | Sue\n")
    assert mapping.names == {"U1": ["Mary\u2028Jane", "Rob\x0cert"], "U2": ["Sue"]}
    with pytest.raises(MappingFileError, match="line 3"):
        parse_mapping("U1 | A\x85B\nU2 | C\nU2 | D\n")


@pytest.mark.parametrize("name", ["C++", "(Rob)", "a.b", "M*ry", "[x]", "\\d+", "Jo|hn", "?Q", "!Bang"])
def test_names_with_metacharacters_round_trip(name: str) -> None:
    from nicknames.io.mapping_file import format_mapping
    from nicknames.model.mapping import Mapping

    mapping = Mapping({"U1": [name]})
    assert parse_mapping(format_mapping(mapping)).names == {"U1": [name]}


def test_trailing_bars_are_allowed() -> None:
    assert parse_mapping("U1 | Mary | | \n").names == {"U1": ["Mary"]}


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ("U1 | Ren\u00e9e\n".encode("cp1252"), "line 1, column 9: the mapping file is not UTF-8 (it looks like cp1252)"),
        (b"\x00\xff\xfe\x00garbage", "not UTF-8"),
    ],
)
def test_files_that_are_not_utf8(tmp_path: Path, data: bytes, fragment: str) -> None:
    path = tmp_path / "m.txt"
    path.write_bytes(data)
    with pytest.raises(MappingFileError, match="not UTF-8") as caught:
        read_mapping(path)
    assert fragment in str(caught.value)


def test_missing_mapping_file(tmp_path: Path) -> None:
    with pytest.raises(MappingFileError, match="does not exist; run 'nicknames collect'"):
        read_mapping(tmp_path / "none.txt")
