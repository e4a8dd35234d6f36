"""Inputs read only once (pipes) are copied privately, read as files, and removed afterwards."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from nicknames.io.spool import read_once, readable_again

ROOT = Path(__file__).resolve().parent.parent
MESSAGES = (
    "message_id,parent_id,user_id,session_id,text\n"
    "1,0,U1,S1,\"Hi all,\nThanks,\nMary\"\n2,1,U2,S1,\"Hi Mary,\nok\nRob\"\n"
)

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


def fifo_with(folder: Path, name: str, data: str) -> tuple[Path, threading.Thread]:
    """A named pipe and a thread that writes ``data`` into it once a reader opens it."""
    pipe = folder / name
    os.mkfifo(pipe)

    def write() -> None:
        with open(pipe, "w", encoding="utf-8") as stream:
            stream.write(data)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    return pipe, writer


def test_regular_files_and_folders_are_read_in_place(tmp_path: Path) -> None:
    path = tmp_path / "messages.csv"
    path.write_text(MESSAGES)
    for given in (path, tmp_path):
        assert not read_once(given)
        with readable_again(given) as readable:
            assert readable == given


def test_a_pipe_is_copied_privately_and_the_copy_removed(tmp_path: Path) -> None:
    pipe, writer = fifo_with(tmp_path, "messages.csv", MESSAGES)
    assert read_once(pipe)
    with readable_again(pipe) as copy:
        assert copy != pipe and copy.name == "messages.csv"
        assert copy.read_text() == MESSAGES
        assert copy.read_text() == MESSAGES  # readable again
        assert stat.S_IMODE(copy.parent.stat().st_mode) == 0o700
    writer.join(timeout=10)
    assert not copy.exists() and not copy.parent.exists()


def test_the_copy_is_removed_when_the_reading_fails(tmp_path: Path) -> None:
    pipe, writer = fifo_with(tmp_path, "messages.csv", MESSAGES)
    with pytest.raises(RuntimeError), readable_again(pipe) as copy:
        raise RuntimeError("reading failed")
    writer.join(timeout=10)
    assert not copy.parent.exists()


@pytest.mark.parametrize("command", ["collect", "apply"])
def test_commands_read_a_pipe_as_they_read_the_file(tmp_path: Path, command: str) -> None:
    (tmp_path / "messages.csv").write_text(MESSAGES)
    (tmp_path / "map.txt").write_text("U1 | Mary\nU2 | Rob\n")
    pipe, writer = fifo_with(tmp_path, "piped.csv", MESSAGES)
    extra = ["map.txt"] if command == "apply" else []

    def run(messages: str, output: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "nicknames", command, messages, *extra, "-o", output, "-q"],
            cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120,
        )

    from_file, from_pipe = run("messages.csv", "a.out"), run(str(pipe), "b.out")
    writer.join(timeout=10)
    assert from_file.returncode == 0 and from_pipe.returncode == 0, from_pipe.stderr
    assert (tmp_path / "a.out").read_text() == (tmp_path / "b.out").read_text()
    assert "[U1]" in (tmp_path / "b.out").read_text() or "Mary" in (tmp_path / "b.out").read_text()
