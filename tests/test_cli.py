"""Every command through CliRunner: the happy path, and each user error's exit code, message and empty stdout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from tests import figure1
from tests.conftest import write_csv

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def invoke(*args: str | Path, catch: bool = True):
    return runner.invoke(app, [str(arg) for arg in args], catch_exceptions=catch)


def test_collect_then_apply_on_figure1(figure1_csv: Path, tmp_path: Path) -> None:
    mapping = tmp_path / "mapping.txt"
    result = invoke("collect", figure1_csv, "-o", mapping, catch=False)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert "participant–name connections" in result.stderr and "owner-only" in result.stderr
    assert os.stat(mapping).st_mode & 0o777 == 0o600
    assert "U43 | MJ [1; signoff] | Mary Jane [1; greeting]" in mapping.read_text()

    out = tmp_path / "out.csv"
    result = invoke("apply", figure1_csv, mapping, "--scope", "thread", "-o", out, "--report", tmp_path / "r.csv",
                    catch=False)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    text = out.read_text()
    assert "Hello [U43] -" in text and "Hi [U12]," in text and "[U01]" in text
    assert "3 messages in 1 scope, 3 changed" in result.stderr
    assert os.stat(tmp_path / "r.csv").st_mode & 0o777 == 0o600


def test_apply_writes_csv_to_stdout_when_no_output(figure1_csv: Path, sample_mappings: Path) -> None:
    result = invoke("apply", figure1_csv, sample_mappings / "figure3-reviewed.txt", "-q", catch=False)
    assert result.exit_code == 0
    assert result.stdout.startswith("session_id,thread_id,message_id,parent_id,user_id,timestamp,text\n")
    assert "Hi [U12]," in result.stdout
    assert "apply (scope" not in result.stderr  # --quiet: no summary, only warnings


def test_collect_merges_into_an_existing_mapping(figure1_csv: Path, tmp_path: Path) -> None:
    mapping = tmp_path / "mapping.txt"
    mapping.write_text("# reviewed\nU43 | !MJ | Marie [manual]\n")
    result = invoke("collect", figure1_csv, "-o", mapping, catch=False)
    assert result.exit_code == 0
    text = mapping.read_text()
    assert text.startswith("# reviewed\nU43 | !MJ [1; signoff] | Mary Jane [1; greeting] | Marie [manual]\n")
    assert "Merged into" in result.stderr


def test_config_file_sets_columns(tmp_path: Path) -> None:
    messages = write_csv(tmp_path / "m.csv", ["pid", "who", "postBody"], [["1", "a", "x\nThanks, Rob"]])
    config = tmp_path / "nicknames.toml"
    config.write_text('[columns]\nmessage_id = "pid"\nsender = "who"\n')
    result = invoke("collect", messages, "-o", tmp_path / "map.txt", "--config", config, catch=False)
    assert result.exit_code == 0, result.stderr
    assert "a | Rob [1; signoff]" in (tmp_path / "map.txt").read_text()


def error_cases(tmp: Path) -> list[tuple[list[str | Path], str]]:
    messages = write_csv(tmp / "m.csv", figure1.HEADER, figure1.ROWS)
    no_text = write_csv(tmp / "nt.csv", ["id", "user_id"], [["1", "a"]])
    bad_map = tmp / "bad.txt"
    bad_map.write_text("U01 | Rob\nU01 | Bob\n")
    latin = tmp / "latin.csv"
    latin.write_bytes("id,user_id,text\n1,a,Jos\xe9\n".encode("latin-1"))
    good_map = tmp / "good.txt"
    good_map.write_text("U01 | Rob\n")
    config = tmp / "bad.toml"
    config.write_text("[colums]\n")
    return [
        (["collect", tmp / "none.csv"], "File " + str(tmp / "none.csv") + " does not exist"),
        (["collect", no_text, "-o", tmp / "o.txt"], "no column for the text was found among 'id', 'user_id'"),
        (["collect", messages, "-o", messages], "is the same file as input"),
        (["collect", latin, "-o", tmp / "o.txt"], "run again with --encoding cp1252"),
        (["collect", messages, "-o", tmp / "o.txt", "--encoding", "klingon"], "Unknown encoding 'klingon'"),
        (["collect", messages, "-o", tmp / "o.txt", "--text-column", "body"], "there is no column 'body'"),
        (["collect", messages, "-o", tmp / "o.txt", "--class-list", tmp / "none.csv"], "does not exist"),
        (["collect", messages, "-o", tmp / "o.txt", "--config", config], "unknown section [colums]"),
        (["collect", messages, "-o", bad_map], "line 2: participant 'U01' appears on two lines"),
        (["collect", messages, "-o", tmp / "missing-dir" / "o.txt"], "folder " + str(tmp / "missing-dir") + " does not exist"),
        (["apply", messages, bad_map], "bad.txt, line 2"),
        (["apply", messages, tmp / "none.txt"], "does not exist; run 'nicknames collect'"),
        (["apply", messages, good_map, "-o", good_map], "is the same file as input"),
        (["apply", messages, good_map, "--format", "[{name}]"], "Pseudonym format '[{name}]' must use {id}"),
    ]


def test_every_user_error_is_one_line_exit_1_and_empty_stdout(tmp_path: Path) -> None:
    for args, message in error_cases(tmp_path):
        before = {path: path.read_bytes() for path in tmp_path.iterdir() if path.is_file()}
        result = invoke(*args)
        assert result.exit_code == 1, (args, result.stderr, result.exception)
        assert result.stdout == "", args
        assert message in result.stderr, (args, result.stderr)
        assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
        after = {path: path.read_bytes() for path in tmp_path.iterdir() if path.is_file()}
        assert after == before, f"{args} changed files"


def test_bad_usage_is_exit_2(figure1_csv: Path, sample_mappings: Path) -> None:
    result = invoke("apply", figure1_csv, sample_mappings / "figure3.txt", "--scope", "course")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "course" in result.stderr


@pytest.mark.parametrize("command", ["collect", "apply"])
def test_every_command_has_help(command: str) -> None:
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.stdout and len(result.stdout) > 400


def test_python_dash_m_runs_the_cli() -> None:
    result = subprocess.run([sys.executable, "-m", "nicknames", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0
    assert "collect" in result.stdout and "apply" in result.stdout


@pytest.mark.parametrize(
    ("sessions", "warning"),
    [
        (["S1"], "Warning: 1 name belongs to several participants active in the same scope (1 scope)"),
        (["S1", "S2"], "Warning: 2 names belong to several participants active in the same scope (2 scopes)"),
    ],
)
def test_apply_counts_shared_names_in_singular_and_plural(tmp_path: Path, sessions: list[str], warning: str) -> None:
    """One name shared in one scope is "1 name belongs ... (1 scope)", not "1 names belong ... (1 scopes)"."""
    header = ["session_id", "thread_id", "message_id", "parent_id", "user_id", "timestamp", "text"]
    rows = [[session, f"T{session}", f"{session}-{user}", "0", user, "2022-01-01 10:00", "Thanks Quill, see you."]
            for session in sessions for user in ("U1", "U2")]
    messages = write_csv(tmp_path / "messages.csv", header, rows)
    mapping = tmp_path / "mapping.txt"
    mapping.write_text("U1 | Quill\nU2 | Quill\n", encoding="utf-8")
    result = invoke("apply", messages, mapping, "--scope", "session", "-o", tmp_path / "out.csv")
    assert result.exit_code == 0, result.stderr
    assert warning in " ".join(result.stderr.split())
