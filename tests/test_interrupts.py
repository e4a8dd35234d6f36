"""Ctrl-C (a real SIGINT) in the middle of a run: exit 130, no partial output, the old files intact."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MESSAGES = "message_id,user_id,text\n" + "".join(f'{i},U{i % 5},"Hi Mary,\nThanks, Rob"\n' for i in range(200))
MAPPING = "U1 | Mary\nU2 | Rob\n"

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX signals and named pipes")


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}


def ctrl_c_as_at_a_terminal() -> None:
    """In the child before it starts: Ctrl-C as a terminal delivers it, even where the tests run with it ignored
    (a job started in the background by a shell without job control inherits SIGINT ignored, and Python then
    never raises KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def temporaries(folder: Path) -> list[str]:
    return [path.name for path in folder.iterdir() if path.name.endswith(".tmp")]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "map.txt").write_text(MAPPING)
    (tmp_path / "out.csv").write_text("previous output\n")
    return tmp_path


def test_sigint_while_reading_a_slow_input(project: Path) -> None:
    """The messages come through a pipe that stalls half-way; Ctrl-C then leaves everything as it was."""
    pipe = project / "messages.csv"
    os.mkfifo(pipe)
    command = [sys.executable, "-m", "nicknames", "apply", str(pipe), str(project / "map.txt"), "-s", "all",
               "-o", str(project / "out.csv")]
    process = subprocess.Popen(command, cwd=project, env=environment(), stderr=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, preexec_fn=ctrl_c_as_at_a_terminal)
    with open(pipe, "w") as writer:  # returns once the tool has opened the pipe to read it
        writer.write(MESSAGES[: len(MESSAGES) // 2])
        writer.flush()
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert stdout == ""
    assert "Interrupted; no output was written." in stderr
    assert (project / "out.csv").read_text() == "previous output\n"
    assert temporaries(project) == []


INTERRUPT_WHILE_WRITING = textwrap.dedent(
    """
    import os, signal, sys, time
    from nicknames.io import table_writer as formats
    from nicknames.cli import main

    def half_then_ctrl_c(frame, stream, fmt, source):
        rows = frame.to_csv(index=False)
        stream.write(rows[: len(rows) // 2])
        stream.flush()
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(30)  # the KeyboardInterrupt arrives here
        stream.write(rows[len(rows) // 2 :])

    formats._write_text = half_then_ctrl_c
    sys.argv = ["nicknames", *sys.argv[1:]]
    main()
    """
)

INTERRUPT_WHILE_SAVING_MAPPING = textwrap.dedent(
    """
    import os, signal, sys, time
    from nicknames.cli import main

    def ctrl_c(fd):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(30)

    os.fsync = ctrl_c
    sys.argv = ["nicknames", *sys.argv[1:]]
    main()
    """
)


def run_script(script: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", script, *args], cwd=cwd, env=environment(),
                          capture_output=True, text=True, timeout=60, preexec_fn=ctrl_c_as_at_a_terminal)


def test_sigint_in_the_middle_of_writing_the_output(project: Path) -> None:
    (project / "m.csv").write_text(MESSAGES)
    result = run_script(INTERRUPT_WHILE_WRITING, ["apply", "m.csv", "map.txt", "-s", "all", "-o", "out.csv"], project)
    assert result.returncode == 130, result.stderr
    assert "Interrupted; no output was written." in result.stderr
    assert (project / "out.csv").read_text() == "previous output\n"
    assert temporaries(project) == []


def test_sigint_while_collect_saves_the_mapping(project: Path) -> None:
    (project / "m.csv").write_text(MESSAGES)
    before = (project / "map.txt").read_bytes()
    result = run_script(INTERRUPT_WHILE_SAVING_MAPPING, ["collect", "m.csv", "-o", "map.txt"], project)
    assert result.returncode == 130, result.stderr
    assert (project / "map.txt").read_bytes() == before
    assert temporaries(project) == []


INTERRUPT_WHILE_LOADING = textwrap.dedent(
    """
    import builtins, sys

    real_import = builtins.__import__

    def ctrl_c_on_the_commands(name, *args, **kwargs):
        if name == "nicknames.cli":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    builtins.__import__ = ctrl_c_on_the_commands
    from nicknames.__main__ import main
    sys.argv = ["nicknames", *sys.argv[1:]]
    main()
    """
)


def test_sigint_while_the_commands_load(project: Path) -> None:
    """A Ctrl-C in the first second, while the command line is still being imported: no traceback."""
    result = run_script(INTERRUPT_WHILE_LOADING, ["--help"], project)
    assert result.returncode == 130, result.stderr
    assert result.stderr == "Interrupted; no output was written.\n"
    assert result.stdout == ""
