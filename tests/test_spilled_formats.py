"""JSON Lines and Parquet exports kept on disk: read in runs with the cells and errors of the file read whole, and
collect, apply and audit giving what they give on the table read whole (apply's output in the input's format,
records and types kept)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from nicknames.io.formats import read_table_file
from nicknames.io.table_chunks import InputAgain
from nicknames.io.table_chunks import table_chunks as chunks_of
from nicknames.model.errors import InputError
from nicknames.pipeline import spilled_source
from nicknames.sample.generate import SampleConfig, generate_sample


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _jsonl(path: Path, records: list[dict[str, object]], blank_after: int = -1) -> Path:
    with path.open("w", encoding="utf-8") as stream:
        for number, record in enumerate(records):
            stream.write(json.dumps(record, ensure_ascii=False) + "\n")
            if number == blank_after:
                stream.write("\n")
    return path


def _records() -> list[dict[str, object]]:
    records: list[dict[str, object]] = [{"id": n, "user": f"u{n % 3}", "text": f"Hi Åsa {n}"} for n in range(10)]
    records[7]["extra"] = {"tags": [1, 2]}  # a key first seen in a later run
    records[8]["text"] = None
    return records


def _typed() -> pd.DataFrame:
    frame = pd.DataFrame({"id": np.arange(10), "user": [f"u{n % 3}" for n in range(10)],
                          "text": [f"Hi {n}" if n % 4 else None for n in range(10)],
                          "score": [0.5 * n if n != 3 else None for n in range(10)]})
    return frame.set_index("id")  # a named index: read as a column


@pytest.mark.parametrize(("name", "write"), [
    ("a.jsonl", lambda path: _jsonl(path, _records(), blank_after=4)),
    ("a.parquet", lambda path: _typed().to_parquet(path)),
])
@pytest.mark.parametrize("rows", [1, 3, 10, 20])
def test_runs_hold_the_cells_of_the_file_read_whole(tmp_path: Path, name: str, write: object, rows: int) -> None:
    path = tmp_path / name
    write(path)  # type: ignore[operator]
    fmt = name.split(".")[1]
    whole = read_table_file(path, fmt).frame
    runs = list(chunks_of(path, fmt, rows=rows))
    assert [len(run) for run in runs][:-1] == [rows] * (len(runs) - 1)
    together = pd.concat(runs)
    assert list(together.index) == list(range(len(whole)))
    assert together.reset_index(drop=True).equals(whole)


def test_a_bad_line_in_a_later_run_is_the_error_of_the_whole_read(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "a.jsonl", _records())
    path.write_text(path.read_text(encoding="utf-8") + '{"id": 10, "text": "broken\n', encoding="utf-8")
    with pytest.raises(InputError) as whole:
        read_table_file(path, "jsonl")
    with pytest.raises(InputError) as in_runs:
        list(chunks_of(path, "jsonl", rows=3))
    assert str(in_runs.value) == str(whole.value)
    assert "line 11" in str(whole.value)


@pytest.mark.parametrize(("content", "message"), [
    (b"", "has no JSON objects"),
    (b"\n\n", "has no JSON objects"),
])
def test_an_empty_jsonl_file_is_refused_in_runs(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "a.jsonl"
    path.write_bytes(content)
    with pytest.raises(InputError, match=message):
        list(chunks_of(path, "jsonl"))


def test_a_parquet_file_without_rows_or_damaged_is_refused_in_runs(tmp_path: Path) -> None:
    empty = tmp_path / "empty.parquet"
    pd.DataFrame({"id": pd.Series([], dtype="int64"), "text": pd.Series([], dtype=object)}).to_parquet(empty)
    with pytest.raises(InputError, match="has no rows"):
        list(chunks_of(empty, "parquet"))
    damaged = tmp_path / "damaged.parquet"
    damaged.write_bytes(b"PAR1 not really")
    with pytest.raises(InputError, match="not a readable Parquet file"):
        list(chunks_of(damaged, "parquet"))


def test_the_input_read_again_gives_the_rows_in_any_cut(tmp_path: Path) -> None:
    path = tmp_path / "a.parquet"
    _typed().to_parquet(path)
    monkey_rows = [4, 1, 3, 2]
    again = InputAgain(path, "parquet")
    whole = read_table_file(path, "parquet")
    first = 0
    for count in monkey_rows:
        rows = again.take(count, list(whole.frame.columns))
        assert rows.frame.equals(whole.frame.iloc[first:first + count].reset_index(drop=True))
        assert isinstance(rows.original, pd.DataFrame)
        assert rows.original.equals(whole.original.iloc[first:first + count].reset_index(drop=True))  # type: ignore[union-attr]
        first += count


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path, Path]:
    """A generated sample as JSON Lines and as Parquet (ids as numbers), its class list, and the mapping collect
    makes of it."""
    folder = tmp_path_factory.mktemp("formats")
    generate_sample(folder / "sample", SampleConfig(seed=7, messages=240, participants=16, sessions=3))
    messages = pd.read_csv(folder / "sample" / "messages.csv", dtype=str, keep_default_na=False)
    jsonl = folder / "messages.jsonl"
    messages.to_json(jsonl, orient="records", lines=True, force_ascii=False)
    typed = messages.copy()
    typed["message_id"] = typed["message_id"].str.extract(r"(\d+)", expand=False).astype("int64")
    typed["score"] = [None if n % 5 == 0 else float(n) for n in range(len(typed))]
    parquet = folder / "messages.parquet"
    typed.to_parquet(parquet, index=False)
    class_list = folder / "sample" / "class_list.csv"
    code, _, stderr = run("collect", folder / "sample" / "messages.csv", "--class-list", class_list,
                          "-o", folder / "mapping.txt", "-q")
    assert code == 0, stderr
    return jsonl, parquet, class_list, folder / "mapping.txt"


def _both_ways(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *args: str | Path) -> dict[str, Path]:
    """The command run on the file read whole and kept on disk, each in its own folder; the folders."""
    folders = {}
    for name, threshold in (("whole", 2**62), ("spill", 0)):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        folder = folders[name] = tmp_path / name
        folder.mkdir(mode=0o700, exist_ok=True)
        code, _, stderr = run(*[str(arg).replace("OUT", str(folder)) for arg in args])
        assert code in (0, 1), stderr
    return folders


@pytest.mark.parametrize("which", [0, 1])
def test_collect_from_disk_writes_the_mapping_of_the_whole_read(
    exports: tuple[Path, Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    which: int,
) -> None:
    folders = _both_ways(monkeypatch, tmp_path, "collect", exports[which], "--class-list", exports[2],
                         "-o", "OUT/mapping.txt", "-q")
    assert (folders["spill"] / "mapping.txt").read_bytes() == (folders["whole"] / "mapping.txt").read_bytes()
    assert list(small_runs.iterdir()) == []


@pytest.mark.parametrize("options", [[], ["--scope", "thread", "--identifiers", "none"]])
def test_jsonl_apply_from_disk_writes_the_bytes_of_the_whole_read(
    exports: tuple[Path, Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    options: list[str],
) -> None:
    folders = _both_ways(monkeypatch, tmp_path, "apply", exports[0], exports[3], "-o", "OUT/out.jsonl",
                         "--report", "OUT/report.csv", *options)
    for file in ("out.jsonl", "report.csv"):
        assert (folders["spill"] / file).read_bytes() == (folders["whole"] / file).read_bytes()
    assert (folders["spill"] / "out.jsonl").read_bytes() != exports[0].read_bytes()  # names were replaced
    assert list(small_runs.iterdir()) == []


def test_parquet_apply_from_disk_keeps_the_types_of_the_whole_read(
    exports: tuple[Path, Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    folders = _both_ways(monkeypatch, tmp_path, "apply", exports[1], exports[3], "-o", "OUT/out.parquet")
    whole, spill = (pq.read_table(folders[name] / "out.parquet") for name in ("whole", "spill"))
    assert spill.schema.equals(whole.schema, check_metadata=True)
    assert spill.to_pandas().equals(whole.to_pandas())
    assert str(spill.schema.field("message_id").type) == "int64"  # unchanged columns keep their types
    assert (folders["spill"] / "out.parquet").stat().st_mode == (folders["whole"] / "out.parquet").stat().st_mode
    assert list(small_runs.iterdir()) == []


def test_a_jsonl_export_kept_on_disk_can_be_written_as_csv(
    exports: tuple[Path, Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    folders = _both_ways(monkeypatch, tmp_path, "apply", exports[0], exports[3], "-o", "OUT/out.csv")
    assert (folders["spill"] / "out.csv").read_bytes() == (folders["whole"] / "out.csv").read_bytes()


@pytest.mark.parametrize("which", [0, 1])
def test_audit_from_disk_finds_what_the_whole_read_finds(
    exports: tuple[Path, Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    which: int,
) -> None:
    monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", 2**62)
    suffix = exports[which].suffix
    code, _, stderr = run("apply", exports[which], exports[3], "-o", tmp_path / f"out{suffix}", "-q")
    assert code == 0, stderr
    reports = {}
    for name, threshold in (("whole", 2**62), ("spill", 0)):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        code, stdout, stderr = run("audit", tmp_path / f"out{suffix}", "-m", exports[3], "--json", "-q")
        assert code in (0, 1), stderr
        reports[name] = json.loads(stdout)
    assert reports["spill"] == reports["whole"]
    assert reports["whole"]["messages"] == 240


@pytest.mark.parametrize("fmt", ["parquet", "jsonl"])
def test_a_csv_export_kept_on_disk_can_be_written_in_another_format(
    exports: tuple[Path, Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    fmt: str,
) -> None:
    csv = exports[0].parent / "sample" / "messages.csv"
    folders = _both_ways(monkeypatch, tmp_path, "apply", csv, exports[3], "-o", f"OUT/out.{fmt}",
                         "--output-format", fmt)
    whole, spill = (folders[name] / f"out.{fmt}" for name in ("whole", "spill"))
    if fmt == "jsonl":
        assert spill.read_bytes() == whole.read_bytes()
    else:
        assert pq.read_table(spill).equals(pq.read_table(whole), check_metadata=True)
    assert list(small_runs.iterdir()) == []


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig"])
def test_jsonl_from_disk_to_stdout_writes_the_whole_reads_text(
    exports: tuple[Path, Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, encoding: str,
) -> None:
    written = {}
    for name, threshold in (("whole", 2**62), ("spill", 0)):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        code, stdout, stderr = run("apply", exports[0], exports[3], "--output-encoding", encoding, "-q")
        assert code == 0, stderr
        written[name] = stdout
    assert written["spill"] == written["whole"]
    assert written["spill"].startswith("\ufeff") is (encoding == "utf-8-sig")
