"""``nicknames edit`` around the editor: what it loads, and that only a save writes the file."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from nicknames.model.mapping import Mapping
from nicknames.tui import EditorApp

runner = CliRunner()
MAPPING = "# reviewed by hand\nU01 | Rob [2; greeting]\nU02 | Liz\n"
MESSAGES = "message_id,parent_id,user_id,text\n1,0,U01,Hi all\n2,1,U02,Hi Rob\n"
ROSTER = "user_id,full_name\nU01,Robert Jones\nU02,Elizabeth Smith\n"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {"mapping": tmp_path / "mapping.txt", "messages": tmp_path / "m.csv", "roster": tmp_path / "r.csv"}
    paths["mapping"].write_text(MAPPING)
    paths["mapping"].chmod(0o600)
    paths["messages"].write_text(MESSAGES)
    paths["roster"].write_text(ROSTER)
    return paths


def fake_run(result, seen: list[EditorApp] | None = None):
    def run(self: EditorApp, *args, **kwargs):
        if seen is not None:
            seen.append(self)
        if isinstance(result, Exception):
            raise result
        return result(self.mapping) if callable(result) else result

    return run


def edit(files: dict[str, Path], *extra: str):
    return runner.invoke(app, ["edit", str(files["mapping"]), *extra])


def test_the_editor_gets_the_mapping_messages_and_class_list(files, monkeypatch) -> None:
    seen: list[EditorApp] = []
    monkeypatch.setattr(EditorApp, "run", fake_run(None, seen))
    result = edit(files, "--messages", str(files["messages"]), "--class-list", str(files["roster"]))
    assert result.exit_code == 0, result.stderr
    [editor] = seen
    assert editor.mapping.names == {"U01": ["Rob"], "U02": ["Liz"]}
    assert len(editor.table) == 2
    assert editor.class_list == {"U01": "Robert Jones", "U02": "Elizabeth Smith"}
    assert editor.scope == "session"  # no session column: the export is one session, as in collect and apply
    assert "has no session column, so the whole export is one session" in result.stderr


def test_quit_without_saving_leaves_the_file_byte_identical(files, monkeypatch) -> None:
    before = files["mapping"].read_bytes()
    monkeypatch.setattr(EditorApp, "run", fake_run(None))
    result = edit(files)
    assert result.exit_code == 0
    assert "unchanged" in result.stderr
    assert result.stdout == ""
    assert files["mapping"].read_bytes() == before
    assert sorted(p.name for p in files["mapping"].parent.iterdir()) == ["m.csv", "mapping.txt", "r.csv"]


def test_a_crash_leaves_the_file_byte_identical(files, monkeypatch) -> None:
    before = files["mapping"].read_bytes()
    monkeypatch.setattr(EditorApp, "run", fake_run(RuntimeError("boom")))
    result = edit(files)
    assert result.exit_code != 0
    assert isinstance(result.exception, RuntimeError)
    assert files["mapping"].read_bytes() == before
    assert sorted(p.name for p in files["mapping"].parent.iterdir()) == ["m.csv", "mapping.txt", "r.csv"]


def test_save_writes_the_mapping_and_a_backup(files, monkeypatch) -> None:
    before = files["mapping"].read_bytes()

    def reject(mapping: Mapping) -> Mapping:
        mapping.reject("U01", "Rob")
        return mapping

    monkeypatch.setattr(EditorApp, "run", fake_run(reject))
    result = edit(files)
    assert result.exit_code == 0, result.stderr
    assert "mapping.txt.bak" in result.stderr
    assert files["mapping"].read_text() == "# reviewed by hand\nU01 | !Rob [2; greeting]\nU02 | Liz\n"
    backup = files["mapping"].with_name("mapping.txt.bak")
    assert backup.read_bytes() == before
    assert stat.S_IMODE(backup.stat().st_mode) == stat.S_IMODE(files["mapping"].stat().st_mode) == 0o600


def test_save_without_changes_writes_nothing(files, monkeypatch) -> None:
    monkeypatch.setattr(EditorApp, "run", fake_run(lambda mapping: mapping))
    result = edit(files)
    assert result.exit_code == 0
    assert "No changes" in result.stderr
    assert not files["mapping"].with_name("mapping.txt.bak").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["edit", "{dir}/missing.txt"], "does not exist"),
        (["edit", "{mapping}", "--messages", "{dir}/missing.csv"], "does not exist"),
        (["edit", "{mapping}", "--messages", "{messages}", "--scope", "session"], "session column"),
    ],
)
def test_user_errors(files, monkeypatch, args: list[str], message: str) -> None:
    monkeypatch.setattr(EditorApp, "run", fake_run(AssertionError("the editor must not start")))
    values = {"dir": files["mapping"].parent, "mapping": files["mapping"], "messages": files["messages"]}
    result = runner.invoke(app, [arg.format(**values) for arg in args])
    assert result.exit_code == 1
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""


def test_an_unknown_scope_is_a_usage_error(files) -> None:
    result = edit(files, "--scope", "galaxy")
    assert result.exit_code == 2
    assert result.stdout == ""
