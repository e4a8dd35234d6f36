"""Shared fixtures: small synthetic exports written to each test's own folder."""

from __future__ import annotations

import csv
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import settings

from tests import figure1

settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")  # CI draws the same examples every run: a failure there is the change's, not luck's


def write_csv(path: Path, header: Sequence[str], rows: Sequence[Sequence[str]]) -> Path:
    """Write a CSV file the way exports do (quoted where needed, UTF-8)."""
    with path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(header)
        writer.writerows(rows)
    return path


@pytest.fixture
def figure1_csv(tmp_path: Path) -> Path:
    """The paper's Figure 1 messages as a CSV export."""
    return write_csv(tmp_path / "messages.csv", figure1.HEADER, figure1.ROWS)


@pytest.fixture
def sample_mappings() -> Path:
    """The folder of annotated example mappings shipped with the project."""
    return Path(__file__).resolve().parent.parent / "sample_mappings"


@pytest.fixture(scope="module")
def spark() -> Iterator[str]:
    """A Spark session on local[2], the one the engine uses; stopped after the module (the Spark test modules import
    ``tests.spark_support`` first, which skips them without pyspark or Java)."""
    from nicknames.distributed.spark_map import spark_session

    session = spark_session("local[2]")
    yield "local[2]"
    session.stop()


@pytest.fixture
def small_runs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Every table file counts as large (kept on disk), read in runs of 37 rows and applied in partitions of about
    50 messages; spill folders are made in a folder of the test's own (returned, to check that it is emptied)."""
    import tempfile

    from nicknames.engine import partitions
    from nicknames.io import table_chunks
    from nicknames.pipeline import spilled_source

    monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", 0)
    monkeypatch.setattr(table_chunks, "CHUNK_ROWS", 37)
    monkeypatch.setattr(partitions, "PARTITION_ROWS", 50)
    folder = tmp_path / "spills"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def collected_sample(folder: Path, seed: int) -> tuple[Path, Path, Path]:
    """A generated sample of 300 messages in ``folder`` (messages, class list) and the mapping collect makes of it,
    the file read whole."""
    from typer.testing import CliRunner

    from nicknames.cli import app
    from nicknames.sample.generate import SampleConfig, generate_sample

    generate_sample(folder / "sample", SampleConfig(seed=seed, messages=300, participants=20, sessions=3))
    messages, class_list = folder / "sample" / "messages.csv", folder / "sample" / "class_list.csv"
    result = CliRunner().invoke(app, ["collect", str(messages), "--class-list", str(class_list),
                                      "-o", str(folder / "mapping.txt"), "-q"], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return messages, class_list, folder / "mapping.txt"
