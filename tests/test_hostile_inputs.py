"""Endless inputs and SIGTERM (issue 22, items 5 and 7): refused or bounded, and nothing left behind."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from nicknames.io.input_files import (
    PIPE_LIMIT_VARIABLE,
    check_input_kind,
    pipe_limit,
    readable_again,
)
from nicknames.model.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
MESSAGES = "message_id,parent_id,user_id,text\n1,,U1,\"Hi all,\nThanks, Mary\"\n2,1,U2,\"Hi Mary,\nRob\"\n"
MAPPING = "U1 | Mary [2; signoff]\nU2 | Rob [1; signoff]\n"

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX devices, signals and named pipes")


def assert_one_line_error(args: list[str], fragment: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "messages.csv").write_text(MESSAGES)
    (tmp_path / "map.txt").write_text(MAPPING)
    return tmp_path


def test_a_device_as_messages_is_refused(project: Path) -> None:
    assert_one_line_error(["collect", "/dev/zero", "-o", str(project / "out.txt")], "/dev/zero is a character device")
    assert sorted(path.name for path in project.iterdir()) == ["map.txt", "messages.csv"]


def test_a_device_as_mapping_is_refused(project: Path) -> None:
    assert_one_line_error(["apply", str(project / "messages.csv"), "/dev/zero", "-s", "all"], "character device")


def test_a_device_as_class_list_is_refused(project: Path) -> None:
    args = ["collect", str(project / "messages.csv"), "--class-list", "/dev/zero", "-o", str(project / "m.txt")]
    assert_one_line_error(args, "character device")


def test_a_device_as_config_is_refused(project: Path) -> None:
    args = ["collect", str(project / "messages.csv"), "--config", "/dev/zero", "-o", str(project / "m.txt")]
    assert_one_line_error(args, "Config file /dev/zero is a character device")


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom"])
def test_check_input_kind_refuses_devices(path: str) -> None:
    with pytest.raises(InputError, match="could be read for ever"):
        check_input_kind(Path(path))


def test_check_input_kind_accepts_files_folders_pipes_and_missing_paths(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    os.mkfifo(tmp_path / "pipe")
    for name in ("file", "pipe", "missing", "."):
        check_input_kind(tmp_path / name)


@pytest.mark.parametrize(("value", "expected"), [("", 4 << 30), ("1000", 1000), ("64K", 65536), ("2g", 2 << 30),
                                                 ("500MB", 500 << 20), ("1GiB", 1 << 30)])
def test_pipe_limit(monkeypatch: pytest.MonkeyPatch, value: str, expected: int) -> None:
    monkeypatch.setenv(PIPE_LIMIT_VARIABLE, value)
    assert pipe_limit() == expected


@pytest.mark.parametrize("value", ["lots", "0", "-5", "1.5G"])
def test_a_bad_pipe_limit_is_an_error(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(PIPE_LIMIT_VARIABLE, value)
    with pytest.raises(InputError, match="is not a size"):
        pipe_limit()


def _feed(pipe: Path, data: bytes, repeat: int) -> threading.Thread:
    def write() -> None:
        try:
            with open(pipe, "wb") as stream:
                for _ in range(repeat):
                    stream.write(data)
        except BrokenPipeError:
            pass

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_a_pipe_copy_is_owner_only_and_removed(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    thread = _feed(pipe, MESSAGES.encode(), 1)
    with readable_again(pipe) as copy:
        assert copy.read_text() == MESSAGES
        assert stat.S_IMODE(copy.stat().st_mode) == 0o600
        assert stat.S_IMODE(copy.parent.stat().st_mode) == 0o700
    thread.join(5)
    assert not copy.parent.exists()


def test_an_endless_pipe_stops_at_the_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PIPE_LIMIT_VARIABLE, "64K")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    _feed(pipe, b"x" * 4096, 10_000)
    with pytest.raises(InputError, match=f"more than 64K bytes.*{PIPE_LIMIT_VARIABLE}=20G"), readable_again(pipe):
        pass


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    temporary = tmp_path / "tmp"
    temporary.mkdir(exist_ok=True)
    return {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", "TMPDIR": str(temporary), **extra}


def test_an_endless_pipe_on_the_command_line_is_one_error(project: Path) -> None:
    command = f"yes 1,U1,hello | {sys.executable} -m nicknames collect /dev/stdin -o {project / 'out.txt'}"
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=60,
                          env=environment(project, **{PIPE_LIMIT_VARIABLE: "1M"}))
    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("Error: /dev/stdin is a pipe that gave more than 1M bytes")
    assert done.stderr.count("\n") == 1
    assert list((project / "tmp").iterdir()) == []


def test_sigterm_while_reading_a_pipe_leaves_nothing_behind(project: Path) -> None:
    pipe = project / "slow.csv"
    os.mkfifo(pipe)
    (project / "out.csv").write_text("previous output\n")
    command = [sys.executable, "-m", "nicknames", "apply", str(pipe), str(project / "map.txt"), "-s", "all",
               "-o", str(project / "out.csv")]
    process = subprocess.Popen(command, cwd=project, env=environment(project), stderr=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    with open(pipe, "w") as writer:  # returns once the tool has opened the pipe to read it
        writer.write(MESSAGES[: len(MESSAGES) // 2])
        writer.flush()
        copies = project / "tmp"
        for _ in range(500):  # wait until the copy exists, so that the signal comes in the middle of it
            if any(copies.iterdir()):
                break
            threading.Event().wait(0.01)
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 143, stderr
    assert stdout == ""
    assert stderr == "Terminated; no output was written.\n"
    assert (project / "out.csv").read_text() == "previous output\n"
    assert sorted(path.name for path in project.iterdir()) == ["map.txt", "messages.csv", "out.csv", "slow.csv", "tmp"]
    assert list((project / "tmp").iterdir()) == []


TERMINATE_WHILE_WRITING = """
import os, signal, sys, time
from nicknames.io import table_writer as formats
from nicknames.__main__ import main

original = formats._write_text

def half_then_sigterm(frame, stream, fmt, source):
    stream.write("half of the output")
    stream.flush()
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(30)  # Terminated is raised here
    original(frame, stream, fmt, source)

formats._write_text = half_then_sigterm
sys.argv = ["nicknames", *sys.argv[1:]]
main()
"""


def test_sigterm_while_writing_keeps_the_previous_output(project: Path) -> None:
    (project / "out.csv").write_text("previous output\n")
    command = [sys.executable, "-c", TERMINATE_WHILE_WRITING, "apply", str(project / "messages.csv"),
               str(project / "map.txt"), "-s", "all", "-o", str(project / "out.csv")]
    done = subprocess.run(command, cwd=project, env=environment(project), capture_output=True, text=True, timeout=60)
    assert done.returncode == 143, done.stderr
    assert done.stdout == ""
    assert done.stderr == "Terminated; no output was written.\n"
    assert (project / "out.csv").read_text() == "previous output\n"
    assert sorted(path.name for path in project.iterdir()) == ["map.txt", "messages.csv", "out.csv", "tmp"]


@pytest.mark.parametrize(
    ("option", "what"),
    [("--nicknames-file", "Nicknames file is a character device"),
     ("--address-key", "--address-key /dev/zero exists and is not a regular file")],
)
def test_a_device_for_the_other_collect_inputs_is_refused(project: Path, option: str, what: str) -> None:
    mbox = project / "box.mbox"
    mbox.write_text("From a@example.org Mon Jan  1 10:00:00 2024\nFrom: a@example.org\n\nHi\n")
    args = ["collect", str(mbox), option, "/dev/zero", "-o", str(project / "m.txt")]
    assert_one_line_error(args, what.replace("file is", "file /dev/zero is"))


def test_a_device_as_key_file_is_refused(project: Path) -> None:
    from nicknames.apply.key_file import read_key_file

    with pytest.raises(InputError, match="Key file /dev/zero is a character device"):
        read_key_file(Path("/dev/zero"))


def test_small_inputs_read_from_a_pipe_within_the_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nicknames.io.config import load_config

    monkeypatch.setenv(PIPE_LIMIT_VARIABLE, "64K")
    pipe = tmp_path / "config"
    os.mkfifo(pipe)
    _feed(pipe, b"[collect]\r\nstopwords = [\"prof\"]\r\n", 1)
    assert load_config(pipe).stopwords == ("prof",)
    _feed(pipe, b"# endless\n" * 1000, 10_000)
    with pytest.raises(InputError, match="is a pipe that gave more than 64K bytes"):
        load_config(pipe)


def test_read_input_text_reads_as_read_text_does(tmp_path: Path) -> None:
    from nicknames.io.input_files import read_input_text

    path = tmp_path / "file.txt"
    path.write_bytes("\ufeffa\r\nb\rc\n".encode())
    assert read_input_text(path, "utf-8-sig") == path.read_text(encoding="utf-8-sig")
    path.write_bytes(b"\xff")
    with pytest.raises(UnicodeDecodeError):
        read_input_text(path, "utf-8")


FORKED_WORKER = """
import os, signal, sys, time
from nicknames.io.interrupts import terminate_as_interrupt

terminate_as_interrupt()
child = os.fork()
if child == 0:
    try:
        time.sleep(30)
    except BaseException as error:  # a forked worker must not see Terminated
        os._exit(3)
    os._exit(0)
time.sleep(0.2)
os.kill(child, signal.SIGTERM)
_, status = os.waitpid(child, 0)
print(os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM)
"""


def test_a_forked_worker_dies_of_sigterm_as_by_default(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", FORKED_WORKER], capture_output=True, text=True, timeout=60,
                          env=environment(tmp_path))
    assert done.stdout == "True\n", done.stderr
