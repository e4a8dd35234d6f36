"""Outputs are all or nothing: a failure or Ctrl-C inside the write leaves the old file and no temporary."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

import pandas as pd
import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from nicknames.io import table_writer as formats
from nicknames.io.mapping_file import read_mapping, write_mapping
from nicknames.io.output import (
    PRIVATE_MODE,
    atomic_output,
    check_outputs,
    write_text_atomically,
)
from nicknames.model.errors import OutputError
from nicknames.model.mapping import Mapping


def leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.endswith(".tmp"))


@pytest.mark.parametrize("failure", [RuntimeError("bug"), KeyboardInterrupt()])
def test_a_failure_inside_the_write_keeps_the_old_file(tmp_path: Path, failure: BaseException) -> None:
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    with pytest.raises(type(failure)):
        with atomic_output(target) as stream:
            stream.write("new half")
            raise failure
    assert target.read_text() == "old\n"
    assert leftovers(tmp_path) == []


def test_a_failure_inside_the_write_leaves_no_new_file(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt):
        with atomic_output(tmp_path / "new.csv") as stream:
            stream.write("x" * 100_000)
            raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


def test_a_disk_error_becomes_an_output_error(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    with pytest.raises(OutputError, match="nothing was written and any earlier out.csv is unchanged"):
        with atomic_output(target) as stream:
            stream.write("new")
            raise OSError(28, "No space left on device")
    assert target.read_text() == "old\n" and leftovers(tmp_path) == []


def test_private_files_are_owner_only_even_over_a_public_one(tmp_path: Path) -> None:
    target = tmp_path / "mapping.txt"
    target.write_text("U1 | Mary\n")
    os.chmod(target, 0o644)
    write_text_atomically(target, "U1 | Mary\n", private=True)
    assert target.stat().st_mode & 0o777 == PRIVATE_MODE


def test_an_interrupted_mapping_write_leaves_the_mapping_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "mapping.txt"
    write_mapping(Mapping({"U1": ["Mary"], "U2": ["Rob"]}), target)
    before = target.read_bytes()

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_mapping(Mapping({"U1": ["Mary", "Molly"]}), target)
    assert target.read_bytes() == before
    assert read_mapping(target).names == {"U1": ["Mary"], "U2": ["Rob"]}
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("outputs", "inputs", "fragment"),
    [
        ({"--output": "in.csv"}, ["in.csv"], "--output {d}/in.csv is the same file as input"),
        ({"--output": "link.csv"}, ["in.csv"], "same file as input"),
        ({"--output": "a.csv", "--report": "a.csv"}, [], "--output and --report name the same file"),
        ({"--output": "missing/a.csv"}, [], "does not exist; create it first"),
    ],
)
def test_check_outputs(tmp_path: Path, outputs: dict[str, str], inputs: list[str], fragment: str) -> None:
    (tmp_path / "in.csv").write_text("x\n")
    (tmp_path / "link.csv").symlink_to(tmp_path / "in.csv")
    (tmp_path / "sub").mkdir()
    with pytest.raises(OutputError, match=None) as caught:
        check_outputs({key: tmp_path / value for key, value in outputs.items()}, [tmp_path / p for p in inputs])
    assert fragment.format(d=tmp_path) in str(caught.value)


def test_check_outputs_allows_new_distinct_files(tmp_path: Path) -> None:
    check_outputs({"--output": tmp_path / "a.csv", "--report": tmp_path / "b.csv", "--review": None},
                  [tmp_path / "in.csv", None])


MESSAGES = "message_id,user_id,text\n1,U1,\"Hi Rob,\nThanks, Mary\"\n2,U2,\"Hi Mary\nRob\"\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "m.csv").write_text(MESSAGES)
    (tmp_path / "map.txt").write_text("U1 | Mary\nU2 | Rob\n")
    (tmp_path / "out.csv").write_text("previous output\n")
    return tmp_path


def test_ctrl_c_while_apply_writes_keeps_the_previous_output(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def half_then_interrupt(frame: pd.DataFrame, stream: IO[str], fmt: str, source: object) -> None:
        rows = frame.to_csv(index=False)
        stream.write(rows[: len(rows) // 2])
        raise KeyboardInterrupt

    monkeypatch.setattr(formats, "_write_text", half_then_interrupt)
    result = CliRunner().invoke(app, ["apply", str(project / "m.csv"), str(project / "map.txt"), "-s", "all",
                                      "-o", str(project / "out.csv")])
    assert result.exit_code == 130
    assert "Interrupted; no output was written." in result.stderr
    assert (project / "out.csv").read_text() == "previous output\n"
    assert leftovers(project) == []


def test_a_crash_while_collect_writes_keeps_the_previous_mapping(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = (project / "map.txt").read_bytes()

    def crash(fd: int) -> None:
        raise RuntimeError("simulated crash")

    monkeypatch.setattr(os, "fsync", crash)
    result = CliRunner().invoke(app, ["collect", str(project / "m.csv"), "-o", str(project / "map.txt")])
    assert isinstance(result.exception, RuntimeError)
    assert (project / "map.txt").read_bytes() == before
    assert leftovers(project) == []


def test_rerunning_gives_byte_identical_outputs(project: Path) -> None:
    runner = CliRunner()
    results = []
    for run in range(2):
        mapping = project / f"mapping{run}.txt"
        output, report = project / f"out{run}.csv", project / f"report{run}.csv"
        assert runner.invoke(app, ["collect", str(project / "m.csv"), "-o", str(mapping), "-q"]).exit_code == 0
        args = ["apply", str(project / "m.csv"), str(mapping), "-s", "all", "-o", str(output), "--report", str(report)]
        assert runner.invoke(app, args).exit_code == 0
        results.append([path.read_bytes() for path in (mapping, output, report)])
    assert results[0] == results[1]
    again = runner.invoke(app, ["collect", str(project / "m.csv"), "-o", str(project / "mapping0.txt"), "-q"])
    assert again.exit_code == 0 and (project / "mapping0.txt").read_bytes() == results[0][0]


def test_stdout_appended_to_an_input_is_refused(project: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    before = (project / "m.csv").read_bytes()
    with open(project / "m.csv", "a") as stdout:
        result = subprocess.run([sys.executable, "-m", "nicknames", "apply", "m.csv", "map.txt", "-s", "all"],
                                cwd=project, stdout=stdout, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "PYTHONPATH": str(root)})
    assert result.returncode == 1
    assert "Standard output is redirected into the input" in result.stderr
    assert (project / "m.csv").read_bytes() == before
