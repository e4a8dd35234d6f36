"""The mapping file format: reading the paper's format, the extensions, errors, round trips."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nicknames.io.mapping_file import (
    format_mapping,
    parse_mapping,
    read_mapping,
    write_mapping,
)
from nicknames.model.errors import MappingFileError
from nicknames.model.mapping import Mapping, Name, Status


def test_reads_the_papers_format_with_and_without_counts() -> None:
    mapping = parse_mapping("U01 | Robbie | Jones | Robert | R o b e r t\nU02 | Mary Jane [12] | MJ [3]\n")
    assert mapping.names == {"U01": ["Robbie", "Jones", "Robert", "R o b e r t"], "U02": ["Mary Jane", "MJ"]}
    assert mapping.entry("U02").names[0] == Name("Mary Jane", 12)


@pytest.mark.parametrize(
    ("item", "name"),
    [
        ("Robbie", Name("Robbie")),
        ("Robbie [12]", Name("Robbie", 12)),
        ("Robbie [12; greeting, signoff]", Name("Robbie", 12, ("greeting", "signoff"))),
        ("Robbie [greeting]", Name("Robbie", None, ("greeting",))),
        ("?Rob [2; nickname]", Name("Rob", 2, ("nickname",), Status.SUGGESTED)),
        ("!Cheers [4]", Name("Cheers", 4, (), Status.REJECTED)),
        (r"\?Mark", Name("?Mark")),
        (r"A\|B", Name("A|B")),
        (r"Rob \[admin\]", Name("Rob [admin]")),
        (r"C\\D", Name("C\\D")),
        ("-RG-", Name("-RG-")),
        ("R o b e r t [1]", Name("R o b e r t", 1)),
    ],
)
def test_name_items(item: str, name: Name) -> None:
    mapping = parse_mapping(f"U01 | {item}\n")
    assert mapping.entry("U01").names == [name]
    assert format_mapping(mapping) == f"U01 | {item}\n"


def test_keep_list_comments_and_seen_round_trip(sample_mappings: Path) -> None:
    text = (sample_mappings / "annotated.txt").read_text(encoding="utf-8")
    mapping = parse_mapping(text)
    assert mapping.keep == ["Arthur C. Clarke", "Ada Lovelace", "Grace Hopper"]
    assert mapping.participants == ["P001", "P002", "P003", "P004"]
    assert mapping.names_in_use("P004") == []
    assert "Cheers" in mapping.seen["P001"]
    assert format_mapping(mapping) == text


@pytest.mark.parametrize("name", ["figure3.txt", "figure3-reviewed.txt", "annotated.txt"])
def test_shipped_samples_round_trip_to_the_same_bytes(sample_mappings: Path, name: str, tmp_path: Path) -> None:
    source = sample_mappings / name
    copy = tmp_path / name
    write_mapping(read_mapping(source), copy)
    assert copy.read_bytes() == source.read_bytes()


def test_written_mapping_is_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "mapping.txt"
    write_mapping(parse_mapping("U01 | Rob\n"), path)
    assert os.stat(path).st_mode & 0o777 == 0o600


def test_bom_and_crlf_are_read(tmp_path: Path) -> None:
    path = tmp_path / "m.txt"
    path.write_bytes("\ufeffU01 | José\r\nU02 | Zoë\r\n".encode())
    assert read_mapping(path).names == {"U01": ["José"], "U02": ["Zoë"]}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("U01 | Rob\nU01 | Bob\n", "line 2: participant 'U01' appears on two lines"),
        ("| Rob\n", "line 1, column 1: the line has no participant id"),
        ("U01 | Rob | Rob\n", "line 1, column 13: this name is listed twice"),
        ("U01 | ...\n", "line 1, column 7: a name has no letter or digit"),
        ("U01 | Rob [3; greting]\n", "unknown tag 'greting'"),
        ("@keep | ?Clarke\n", "keep-list names take no '?' or '!'"),
        ("@kept | Clarke\n", "unknown directive '@kept'"),
        ("U01 | Rob\n@keep | A\n@keep | B\n", "line 3: the keep list appears on two lines"),
    ],
)
def test_broken_lines_are_errors_with_line_and_column(text: str, message: str) -> None:
    with pytest.raises(MappingFileError, match="^<mapping>, line") as raised:
        parse_mapping(text)
    assert message in str(raised.value)


def test_missing_file_says_how_to_create_one(tmp_path: Path) -> None:
    with pytest.raises(MappingFileError, match="does not exist; run 'nicknames collect'"):
        read_mapping(tmp_path / "none.txt")


def test_non_utf8_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "m.txt"
    path.write_bytes(b"U01 | Rob\nU02 | Jos\xe9\n")
    with pytest.raises(MappingFileError, match="line 2, column 10: the mapping file is not UTF-8"):
        read_mapping(path)


def test_a_keep_list_added_to_a_new_file_comes_after_its_header() -> None:
    from nicknames.io.mapping_file import (
        HEADER,
        format_mapping,
        parse_mapping,
        with_header,
    )

    mapping = with_header(Mapping({"U01": ["Ann"]}))
    mapping.keep_name("Arthur C. Clarke")
    text = format_mapping(mapping)
    assert text.splitlines()[: len(HEADER) + 2] == [*HEADER, "@keep | Arthur C. Clarke", "U01 | Ann [manual]"]
    assert format_mapping(parse_mapping(text)) == text
