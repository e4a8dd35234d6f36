"""Audit of a large CSV output kept on disk in runs: the findings of the output read whole, whatever the runs."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pandas as pd
import pytest

from nicknames.pipeline.audit_on_disk import can_audit_on_disk
from tests.audit_corpus import (
    AuditedOutput,
    audit,
    audited_output,
    refuse_texts_on_the_driver,
)
from tests.distributed_corpus import make_corpus, run


@pytest.fixture(scope="module")
def output(tmp_path_factory: pytest.TempPathFactory) -> AuditedOutput:
    folder = tmp_path_factory.mktemp("audit-disk")
    return audited_output(make_corpus(folder / "corpus"), folder)


@pytest.fixture()
def on_disk(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Every CSV output audited from disk, read in runs of 45 rows, its spill folder made in a folder of its own."""
    monkeypatch.setattr("nicknames.pipeline.spilled_source.SPILL_MIN_BYTES", 0)
    monkeypatch.setattr("nicknames.io.table_chunks.CHUNK_ROWS", 45)
    spills = tmp_path / "spills"
    spills.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spills))
    return spills


@pytest.mark.parametrize("options", [["-j", "1"], ["-j", "2"], ["-j", "2", "--no-near"]])
def test_an_output_audited_from_disk_gives_the_findings_of_the_output_read_whole(
        output: AuditedOutput, on_disk: Path, monkeypatch: pytest.MonkeyPatch, options: list[str]) -> None:
    monkeypatch.setattr("nicknames.pipeline.spilled_source.SPILL_MIN_BYTES", 2**40)
    whole = audit(output, "csv", *options)
    monkeypatch.setattr("nicknames.pipeline.spilled_source.SPILL_MIN_BYTES", 0)
    refuse_texts_on_the_driver(monkeypatch)
    assert audit(output, "csv", *options) == whole
    assert whole[0] == 1 and "Quentin Marlowe" in whole[1]
    assert list(on_disk.iterdir()) == []  # the spill folder is gone


def test_a_bad_row_after_the_first_run_is_the_error_of_the_file_read_whole(
        output: AuditedOutput, on_disk: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    frame = pd.read_csv(output.csv, dtype=str, keep_default_na=False)
    frame.loc[100, "text"] = "a damaged \x00 cell"
    bad = tmp_path / "bad.csv"
    frame.to_csv(bad, index=False)
    monkeypatch.setattr("nicknames.pipeline.spilled_source.SPILL_MIN_BYTES", 2**40)
    whole = run("audit", bad, "-m", output.mapping)
    monkeypatch.setattr("nicknames.pipeline.spilled_source.SPILL_MIN_BYTES", 0)
    assert run("audit", bad, "-m", output.mapping) == whole
    assert whole[:2] == (1, "") and whole[2].startswith("Error: ") and len(whole[2].strip().splitlines()) == 1
    assert "NUL" in whole[2] and "row 102" in whole[2]
    assert list(on_disk.iterdir()) == []


def test_the_html_report_reads_the_texts_whole(output: AuditedOutput, on_disk: Path, tmp_path: Path) -> None:
    code, _, stderr = run("audit", output.csv, "-m", output.mapping, "--html", tmp_path / "report.html", "-q")
    assert code == 1, stderr
    assert (tmp_path / "report.html").exists()


@pytest.mark.parametrize(("name", "size", "expected"), [
    ("out.csv", 300 * 2**20, True),
    ("out.csv", 1_000, False),
    ("out.jsonl", 300 * 2**20, True),
    ("out.parquet", 300 * 2**20, True),
    ("out.mbox", 300 * 2**20, False),
    ("parts", 0, False),
])
def test_only_a_large_table_file_is_audited_from_disk(tmp_path: Path, name: str, size: int, expected: bool) -> None:
    path = tmp_path / name
    if name == "parts":
        path.mkdir()
        (path / "a.csv").write_text("message_id,user_id,text\n1,u1,Hi\n", encoding="utf-8")
    else:
        with path.open("wb") as stream:
            stream.truncate(size)
    assert can_audit_on_disk(path) is expected
