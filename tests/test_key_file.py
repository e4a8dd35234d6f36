"""The key file: round trip, owner-only, kept apart from the output, clear errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nicknames.apply.key_file import (
    KeyFile,
    KeyFileError,
    check_key_location,
    read_key_file,
    write_key_file,
)
from nicknames.apply.replacement import Replacement
from nicknames.apply.surrogates import Surrogate


def _key() -> KeyFile:
    key = KeyFile("surrogate", "ab" * 32, surrogates={"U1": Surrogate("Anna", "Lena", "Berg", "F")},
                  pseudonyms={"Anna Berg": "U1", "Anna": "U1"}, mapping="U1 | Mary\n")
    key.record([
        Replacement("m1", 3, 7, "Mary", "Mary", "U1", "Anna", "only", ("U1",)),
        Replacement("m1", 9, 13, "Mary", "Mary", "", "Mary", "skip", ("U1", "U2")),  # no change: not kept
    ])
    return key


def test_round_trip_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "key.json"
    write_key_file(path, _key())
    assert os.stat(path).st_mode & 0o777 == 0o600
    again = read_key_file(path)
    assert again == _key()
    assert again.replacements == [["m1", 3, 7, "Mary", "Anna", "U1", "name", "only"]]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "does not exist"),
        ("{", "not a readable key file"),
        ('{"format": "other"}', "not a nicknames key file"),
        ('{"format": "nicknames-key-file", "version": 99}', "version 99"),
        ('{"format": "nicknames-key-file", "version": 1}', "damaged"),
        ('{"format": "nicknames-key-file", "version": 1, "style": "id", "secret": 12345}',
         'field "secret" must be text, found a number'),
        ('{"format": "nicknames-key-file", "version": 1, "style": null, "secret": "ab"}',
         'field "style" must be text, found null'),
        ('{"format": "nicknames-key-file", "version": 1, "style": "id", "secret": "ab", "codes": {"U1": 7}}',
         'field "codes" must map text to text'),
    ],
)
def test_bad_key_files(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "key.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(KeyFileError, match=message):
        read_key_file(path)


@pytest.mark.parametrize(
    ("key", "output", "allow", "refused"),
    [
        ("keys/k.json", "out/o.csv", False, False),
        ("out/k.json", "out/o.csv", False, True),  # same folder
        ("out/sub/k.json", "out/o.csv", False, True),  # below the output's folder
        ("out/k.json", "out/o.csv", True, False),  # allowed explicitly
        ("k.json", None, False, False),  # output to stdout: nothing to compare
    ],
)
def test_key_file_stays_out_of_the_output_folder(
    tmp_path: Path, key: str, output: str | None, allow: bool, refused: bool
) -> None:
    target = tmp_path / output if output else None
    if refused:
        with pytest.raises(KeyFileError, match="inside the output's folder"):
            check_key_location(tmp_path / key, target, allow)
    else:
        check_key_location(tmp_path / key, target, allow)
