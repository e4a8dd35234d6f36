"""``nicknames apply`` on CSV reads in chunks: the same bytes with any --jobs, and as the in-memory path."""

from __future__ import annotations

import csv
from pathlib import Path

from typer.testing import CliRunner

from nicknames.cli import app

MAPPING = "u1 | Rob | Robert\nu2 | Mary Jane | Mary | Sam\nu3 | Sam\n"


def corpus(folder: Path) -> tuple[Path, Path]:
    messages = folder / "messages.csv"
    with messages.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(["message_id", "parent_id", "user_id", "session_id", "text"])
        for number in range(1, 120):
            parent = f"m{number - 1}" if number % 4 else ""
            writer.writerow([f"m{number}", parent, f"u{number % 3 + 1}", f"s{number % 2}",
                             f"Hi Sam,\nRobert and Mary  Jane said {number}.\nThanks,\nSam"])
    mapping = folder / "mapping.txt"
    mapping.write_text(MAPPING, encoding="utf-8")
    return messages, mapping


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_jobs_give_identical_output(tmp_path: Path) -> None:
    messages, mapping = corpus(tmp_path)
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}.csv"
        code, stdout, _ = run("apply", str(messages), str(mapping), "-o", str(out), "--jobs", jobs, "--quiet")
        assert (code, stdout) == (0, "")
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    assert b"[u1]" in outputs[0]


def test_streamed_output_equals_the_in_memory_path(tmp_path: Path) -> None:
    messages, mapping = corpus(tmp_path)
    code, streamed, _ = run("apply", str(messages), str(mapping), "--quiet")
    code2, whole, _ = run("apply", str(messages), str(mapping), "--quiet", "--review", str(tmp_path / "r.csv"))
    assert (code, code2) == (0, 0)
    assert streamed == whole


def test_summary_goes_to_stderr_without_a_progress_bar_off_a_terminal(tmp_path: Path) -> None:
    messages, mapping = corpus(tmp_path)
    code, stdout, stderr = run("apply", str(messages), str(mapping), "-o", str(tmp_path / "o.csv"))
    assert (code, stdout) == (0, "")
    assert "119 messages" in stderr and "━" not in stderr


def test_negative_jobs_is_a_usage_error(tmp_path: Path) -> None:
    messages, mapping = corpus(tmp_path)
    result = CliRunner().invoke(app, ["apply", str(messages), str(mapping), "--jobs", "-1"])
    assert result.exit_code == 2
    assert result.stdout == ""


def test_a_bad_file_fails_with_one_line(tmp_path: Path) -> None:
    _, mapping = corpus(tmp_path)
    bad = tmp_path / "bad.csv"
    bad.write_text("message_id,user_id,text\nm1,u1,a\nm1,u2,b\n", encoding="utf-8")
    code, stdout, stderr = run("apply", str(bad), str(mapping), "-o", str(tmp_path / "o.csv"))
    assert (code, stdout) == (1, "")
    assert "already used in row 2" in stderr and len(stderr.strip().splitlines()) == 1
    assert not (tmp_path / "o.csv").exists()
