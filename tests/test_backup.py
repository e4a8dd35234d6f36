"""Saving an edited mapping with a backup of the previous version."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from nicknames.io.backup import backup_path, save_with_backup
from nicknames.io.mapping_file import format_mapping
from nicknames.model.errors import OutputError
from nicknames.model.mapping import Mapping

ORIGINAL = b"# my comment\r\nU01 | Rob\r\n"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_saves_and_keeps_the_previous_bytes(tmp_path: Path) -> None:
    path = tmp_path / "mapping.txt"
    path.write_bytes(ORIGINAL)
    mapping = Mapping({"U01": ["Rob", "Robert"]})
    assert save_with_backup(mapping, path, ORIGINAL) == backup_path(path) == tmp_path / "mapping.txt.bak"
    assert backup_path(path).read_bytes() == ORIGINAL
    assert path.read_text(encoding="utf-8") == format_mapping(mapping)
    assert mode(path) == mode(backup_path(path)) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mapping.txt", "mapping.txt.bak"]


def test_nothing_to_save_leaves_the_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "mapping.txt"
    mapping = Mapping({"U01": ["Rob"]})
    original = format_mapping(mapping).encode()
    path.write_bytes(original)
    assert save_with_backup(mapping, path, original) is None
    assert not backup_path(path).exists()


def test_a_file_changed_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "mapping.txt"
    path.write_bytes(b"U01 | Someone else's edit\n")
    with pytest.raises(OutputError, match="changed on disk"):
        save_with_backup(Mapping({"U01": ["Rob"]}), path, ORIGINAL)
    assert path.read_bytes() == b"U01 | Someone else's edit\n"
    assert (tmp_path / "mapping.txt.edited").read_text() == "U01 | Rob [manual]\n"
