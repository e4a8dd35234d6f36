"""Outputs under attack (issue 22, items 9, 10 and 14): planted temporary names, special files, symlinks."""

from __future__ import annotations

import email
import os
import stat
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from nicknames.io.mail.writer import write_archive
from nicknames.io.output import atomic_output, check_outputs
from nicknames.io.table_writer import write_table
from nicknames.model.errors import OutputError

MESSAGES = "message_id,parent_id,user_id,text\n1,,U1,\"Hi all,\nThanks, Mary\"\n2,1,U2,\"Hi Mary,\nRob\"\n"
MAPPING = "U1 | Mary [2; signoff]\nU2 | Rob [1; signoff]\n"


def _mail() -> list[email.message.Message]:
    return [email.message_from_string("From: a@example.org\nSubject: x\n\nHello\n")]


def _write_mbox(output: Path) -> None:
    write_archive(_mail(), output, "mbox")


def _write_parquet(output: Path) -> None:
    pytest.importorskip("pyarrow")
    write_table(pd.DataFrame({"text": ["hello"]}), output, "parquet")


def _write_csv(output: Path) -> None:
    write_table(pd.DataFrame({"text": ["hello"]}), output, "csv")


WRITERS = {"mbox": _write_mbox, "parquet": _write_parquet, "csv": _write_csv}


@pytest.mark.parametrize("writer", WRITERS, ids=list(WRITERS))
def test_a_planted_symlink_at_the_old_temporary_name_is_not_followed(tmp_path: Path, writer: str) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    output = tmp_path / f"out.{writer}"
    (tmp_path / f".{output.name}.{os.getpid()}.tmp").symlink_to(victim)
    WRITERS[writer](output)
    assert victim.read_text() == "precious\n"
    assert output.is_file() and not output.is_symlink()


@pytest.mark.parametrize("writer", WRITERS, ids=list(WRITERS))
def test_a_stale_temporary_file_is_not_appended_to(tmp_path: Path, writer: str) -> None:
    output = tmp_path / f"out.{writer}"
    stale = tmp_path / f".{output.name}.{os.getpid()}.tmp"
    stale.write_bytes(b"From old@example.org Thu Jan  1 00:00:00 1970\nSubject: Secret Name\n\nold\n")
    WRITERS[writer](output)
    assert b"Secret Name" not in output.read_bytes()


@pytest.mark.parametrize("writer", WRITERS, ids=list(WRITERS))
def test_writing_leaves_no_temporary_file_or_folder(tmp_path: Path, writer: str) -> None:
    output = tmp_path / f"out.{writer}"
    WRITERS[writer](output)
    assert sorted(path.name for path in tmp_path.iterdir()) == [output.name]


def test_eml_folder_written_through_a_private_temporary_folder(tmp_path: Path) -> None:
    output = tmp_path / "out"
    write_archive(_mail(), output, "eml")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]
    assert [path.name for path in output.iterdir()] == ["m1.eml"]


def test_a_failure_inside_atomic_path_leaves_nothing(tmp_path: Path) -> None:
    from nicknames.io.output import atomic_path

    with pytest.raises(RuntimeError), atomic_path(tmp_path / "out.mbox") as temporary:
        temporary.write_text("partial")
        raise RuntimeError
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def test_output_onto_a_fifo_is_refused(tmp_path: Path, fifo: Path) -> None:
    with pytest.raises(OutputError, match="is not a regular file"):
        check_outputs({"--output": fifo}, [])
    with pytest.raises(OutputError, match="is not a regular file"), atomic_output(fifo) as stream:
        stream.write("x")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_output_onto_a_device_is_refused() -> None:
    with pytest.raises(OutputError, match="is not a regular file"):
        check_outputs({"--output": Path("/dev/null")}, [])


def _project(tmp_path: Path) -> tuple[Path, Path]:
    messages = tmp_path / "messages.csv"
    messages.write_text(MESSAGES)
    mapping = tmp_path / "mapping.txt"
    mapping.write_text(MAPPING)
    return messages, mapping


def test_apply_onto_a_fifo_exits_1_and_keeps_the_fifo(tmp_path: Path, fifo: Path) -> None:
    messages, mapping = _project(tmp_path)
    result = CliRunner().invoke(app, ["apply", str(messages), str(mapping), "-o", str(fifo)])
    assert result.exit_code == 1, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert "is not a regular file" in result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_apply_onto_a_symlink_replaces_the_link_and_leaves_its_target(tmp_path: Path) -> None:
    messages, mapping = _project(tmp_path)
    target = tmp_path / "elsewhere.csv"
    target.write_text("untouched\n")
    link = tmp_path / "out.csv"
    link.symlink_to(target)
    result = CliRunner().invoke(app, ["apply", str(messages), str(mapping), "--scope", "all", "-o", str(link)])
    assert result.exit_code == 0, result.stderr
    assert not link.is_symlink() and "[U1]" in link.read_text()
    assert target.read_text() == "untouched\n"


def test_a_temporary_output_is_owner_only_while_it_is_written(tmp_path: Path) -> None:
    output = tmp_path / "out.csv"
    with atomic_output(output) as stream:
        stream.write("partial")
        [temporary] = [path for path in tmp_path.iterdir() if path.name.endswith(".tmp")]
        assert stat.S_IMODE(temporary.stat().st_mode) == 0o600
    assert output.read_text() == "partial"


@pytest.mark.parametrize("writer", ["mbox", "parquet"])
def test_files_written_by_libraries_are_owner_only_until_whole(tmp_path: Path, writer: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    modes: list[int] = []
    original = os.chmod

    def spy(path: str | Path, mode: int) -> None:
        modes.append(stat.S_IMODE(os.stat(path).st_mode))  # as the writer left it, before the output's own mode
        original(path, mode)

    monkeypatch.setattr(os, "chmod", spy)
    WRITERS[writer](tmp_path / f"out.{writer}")
    assert modes == [0o600]


def test_mbox_to_stdout_goes_through_an_owner_only_file(monkeypatch: pytest.MonkeyPatch,
                                                        capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    from nicknames.io.mail import writer as writer_module

    modes: list[int] = []
    original = writer_module.mailbox.mbox

    def spy(path: Path, create: bool = True) -> object:
        modes.append(stat.S_IMODE(os.stat(path).st_mode))
        return original(path, create=create)

    monkeypatch.setattr(writer_module.mailbox, "mbox", spy)
    write_archive(_mail(), None, "mbox")
    assert modes == [0o600]
    assert b"Hello" in capsysbinary.readouterr().out
