"""Command-line tests of collect's discovery options."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from nicknames.cli import app

MESSAGES = 'message_id,sender,parent_id,thread_id,text\n1,U1,,t,"Hello,\nok\nThanks,\nRobert"\n2,U2,1,t,"Hi Bobbo,\nyes, Bobbo"\n'


def test_collect_with_a_nicknames_file(tmp_path: Path) -> None:
    (tmp_path / "m.csv").write_text(MESSAGES)
    (tmp_path / "n.csv").write_text("name,forms\nRobert,Bobbo\n")
    result = CliRunner().invoke(
        app, ["collect", str(tmp_path / "m.csv"), "-o", str(tmp_path / "map.txt"), "-q",
              "--nicknames-file", str(tmp_path / "n.csv")], catch_exceptions=False,
    )
    assert result.exit_code == 0
    assert "Bobbo" in (tmp_path / "map.txt").read_text()


def test_collect_with_a_missing_nicknames_file(tmp_path: Path) -> None:
    (tmp_path / "m.csv").write_text(MESSAGES)
    result = CliRunner().invoke(
        app, ["collect", str(tmp_path / "m.csv"), "-o", str(tmp_path / "map.txt"),
              "--nicknames-file", str(tmp_path / "absent.csv")],
    )
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "absent.csv does not exist" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_collect_with_a_malformed_nicknames_file(tmp_path: Path) -> None:
    (tmp_path / "m.csv").write_text(MESSAGES)
    (tmp_path / "n.csv").write_text("Robert,Bob,Rob\n")
    result = CliRunner().invoke(
        app, ["collect", str(tmp_path / "m.csv"), "-o", str(tmp_path / "map.txt"),
              "--nicknames-file", str(tmp_path / "n.csv")],
    )
    assert result.exit_code == 1 and result.stdout == ""
    assert "line 1: expected two fields" in result.stderr
