"""Apply on a file kept on disk: the same bytes as apply on the table read whole, with a bounded driver.

The spill path (``nicknames.pipeline.spilled_source``) is taken for large CSV
files; these tests lower the threshold to zero and cut the table into small
runs and partitions so that every piece is crossed: reading in runs, taking
a partition's rows from them, writing changed cells by row, merging them back
in file order.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from typer.testing import CliRunner

from nicknames.apply import spilled
from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.scopes import apply_mapping
from nicknames.apply.spilled import SpilledApplyResult
from nicknames.cli import app
from nicknames.engine.spill import ROW, TableSpiller, spill_folder
from nicknames.io.csv_file import CsvDialect, read_csv_table
from nicknames.io.formats import TableFile
from nicknames.io.mapping_file import read_mapping
from nicknames.io.table_chunks import csv_chunks
from nicknames.io.table_writer import spreadsheet_safe, write_csv_runs, write_table
from nicknames.model.errors import InputError
from nicknames.pipeline import spilled_source
from nicknames.pipeline.source_jobs import pseudonymise
from nicknames.pipeline.sources import read_source
from nicknames.pipeline.spilled_source import open_spilled_source
from tests.conftest import collected_sample, write_csv


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """A generated sample (messages, class list) and the mapping collect makes of it."""
    return collected_sample(tmp_path_factory.mktemp("spilled"), 5)


def test_runs_read_the_cells_and_rows_of_the_whole_file(corpus: tuple[Path, Path, Path]) -> None:
    whole = read_csv_table(corpus[0])
    runs = list(csv_chunks(corpus[0], rows=37))
    assert [run.index[0] for run in runs] == [0, *np.cumsum([len(run) for run in runs])[:-1].tolist()]
    assert len(runs) > 5 and all(len(run) <= 37 for run in runs)
    assert pd.concat(runs).reset_index(drop=True).equals(whole)


@pytest.mark.parametrize(("cell", "message"), [
    ("hello, there", "row 62: this row has 4 fields but the header has 3"),
    ('"hello there', "row 62: a double quote opened in this row is never closed"),
    ("hello\x00there", "row 62, column 'text': holds a NUL character"),
])
def test_a_bad_row_in_a_later_run_is_named_as_in_the_whole_file(tmp_path: Path, cell: str, message: str) -> None:
    rows = [[f"m{number}", f"u{number % 3}", f"hello {number}"] for number in range(100)]
    path = tmp_path / "m.csv"
    lines = ["message_id,user_id,text", *(",".join(row) for row in rows)]
    lines[61] = f"m60,u0,{cell}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as whole:
        read_csv_table(path)
    with pytest.raises(InputError) as in_runs:
        list(csv_chunks(path, rows=25))
    assert str(in_runs.value) == str(whole.value)
    assert message in str(whole.value)


def test_a_partition_takes_its_rows_in_file_order_and_changes_merge_back(tmp_path: Path) -> None:
    frame = pd.DataFrame({"id": [f"m{n}" for n in range(10)], "text": [f"t{n}" for n in range(10)]}, dtype="str")
    spiller = TableSpiller(tmp_path)
    for first in range(0, 10, 4):
        spiller.add(frame.iloc[first:first + 4])
    table = spiller.table()
    assert (table.bounds, len(table), table.runs) == ((0, 4, 8, 10), 10, 3)
    one = table.read_rows(np.array([0, 2, 6, 8], dtype=np.int64), ["id"])
    assert one.column(ROW).to_pylist() == [0, 2, 6, 8]
    assert one.column("id").to_pylist() == ["m0", "m2", "m6", "m8"]
    assert table.read_rows(np.array([9], dtype=np.int64), ["id"]).column("id").to_pylist() == ["m9"]
    assert table.read_rows(np.array([], dtype=np.int64), ["id"]).num_rows == 0
    table.write_changes(1, [0, 6, 8], "text", ["new0", "new6", "new8"])
    table.write_changes(2, [9], "text", ["new9"])
    merged = pd.concat(table.merged_runs(["text"]), ignore_index=True)
    assert list(merged.columns) == ["id", "text"]
    assert merged["text"].tolist() == ["new0", "t1", "t2", "t3", "t4", "t5", "new6", "t7", "new8", "new9"]
    table.write_changes(0, [7, 5, 4], "id", ["n7", "n5", "n4"])  # every row of the middle run, in any order
    table.write_changes(1, [6], "id", ["n6"])
    merged = pd.concat(table.merged_runs(["id"], rows=3), ignore_index=True)
    assert merged["id"].tolist() == ["m0", "m1", "m2", "m3", "n4", "n5", "n6", "n7", "m8", "m9"]
    assert merged["text"].tolist() == [f"t{n}" for n in range(10)]


@pytest.mark.parametrize("failure", [InputError("bad"), KeyboardInterrupt()])
def test_the_spill_folder_is_removed_on_an_error_or_ctrl_c(failure: BaseException) -> None:
    with pytest.raises(type(failure)), spill_folder() as root:
        (root / "input").mkdir()
        (root / "input" / "0.parquet").write_bytes(b"x")
        raise failure
    assert not root.exists()


@pytest.mark.parametrize(("scope", "jobs", "fresh"), [
    ("session", 1, False), ("thread", 1, False), ("all", 1, False),
    ("session", 2, False), ("thread", 2, True),
])
def test_spilled_apply_gives_the_in_memory_result(
    corpus: tuple[Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, scope: str, jobs: int,
    fresh: bool,
) -> None:
    """With workers forked, and spawned (as for a large table: they get the context pickled)."""
    monkeypatch.setattr(spilled, "FRESH_WORKERS_FROM", 0 if fresh else 2**62)
    messages, _, mapping_path = corpus
    mapping = read_mapping(mapping_path)
    expected = pseudonymise(read_source(messages), mapping, scope, jobs=1)
    with spill_folder() as root:
        source = open_spilled_source(messages, root)
        assert source is not None and source.spilled is not None
        assert source.table.frame[source.table.columns.text].eq("").all()  # the driver holds no texts
        result = pseudonymise(source, mapping, scope, jobs=jobs)
        assert isinstance(result, SpilledApplyResult)
        frame = pd.concat(result.runs(), ignore_index=True)
    assert frame.equals(expected.frame)
    assert list(result.replacements) == list(expected.replacements)
    assert result.duplicates == expected.duplicates
    assert (result.scopes, result.message_count()) == (expected.scopes, expected.message_count())
    assert result.changed_messages() == expected.changed_messages()


def test_the_api_on_a_table_keeps_the_in_memory_path(corpus: tuple[Path, Path, Path]) -> None:
    result = apply_mapping(read_source(corpus[0]).table, read_mapping(corpus[2]), "session", IdTemplate())
    assert not isinstance(result, SpilledApplyResult)


@pytest.mark.parametrize("options", [
    [],
    ["--scope", "thread", "--csv-safe"],
    ["--style", "keyed", "--key-file", "KEY", "--key-beside-output"],
    ["--output-encoding", "utf-8-sig", "--identifiers", "none"],
])
def test_the_command_writes_the_same_bytes_spilled(
    corpus: tuple[Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    options: list[str],
) -> None:
    messages, class_list, mapping = corpus
    outputs = {}
    for name, threshold in (("whole", 2**62), ("spill", 0)):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        folder = tmp_path / name
        folder.mkdir(mode=0o700)
        given = [str(tmp_path / "key.json") if option == "KEY" else option for option in options]
        code, stdout, stderr = run("apply", messages, mapping, "--class-list", class_list, "-o", folder / "out.csv",
                                   "--report", folder / "report.csv", "--review", folder / "review.csv", *given)
        assert (code, stdout) == (0, ""), stderr
        outputs[name] = ([(folder / file).read_bytes() for file in ("out.csv", "report.csv", "review.csv")],
                         stderr.replace(name, "<run>"))
    assert outputs["spill"] == outputs["whole"]
    assert list(small_runs.iterdir()) == []  # the spill folder is gone


def test_two_workers_write_the_bytes_of_one_process_spilled(
    corpus: tuple[Path, Path, Path], small_runs: Path, tmp_path: Path,
) -> None:
    """Each worker takes its partition's rows from the runs on disk; the output, report and review are those of one
    process."""
    messages, class_list, mapping = corpus
    outputs = {}
    for jobs in ("1", "2"):
        folder = tmp_path / jobs
        folder.mkdir(mode=0o700)
        code, stdout, stderr = run("apply", messages, mapping, "--class-list", class_list, "--jobs", jobs, "-o",
                                   folder / "out.csv", "--report", folder / "report.csv", "--review",
                                   folder / "review.csv")
        assert (code, stdout) == (0, ""), stderr
        outputs[jobs] = ([(folder / file).read_bytes() for file in ("out.csv", "report.csv", "review.csv")],
                         stderr.replace(str(folder), "<run>"))
    assert outputs["2"] == outputs["1"]
    assert list(small_runs.iterdir()) == []


def test_an_error_in_a_worker_is_one_line_and_writes_nothing_spilled(
    corpus: tuple[Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    def failing(*args: object) -> object:
        raise InputError("messages.csv, row 7: this text cannot be read; fix the row.")

    monkeypatch.setattr(spilled, "apply_scope", failing)  # the workers are forked after this
    messages, _, mapping = corpus
    code, stdout, stderr = run("apply", messages, mapping, "--jobs", "2", "-o", tmp_path / "out.csv")
    assert (code, stdout) == (1, "")
    assert stderr.strip() == "Error: messages.csv, row 7: this text cannot be read; fix the row."
    assert not (tmp_path / "out.csv").exists() and list(tmp_path.glob("out*")) == []
    assert list(small_runs.iterdir()) == []


def test_a_semicolon_export_with_a_bom_and_crlf_keeps_its_dialect(
    small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rows = [[f"m{n}", f"m{n - 1}" if n % 4 else "", f"u{n % 5}", f"Hi Ann;\r\nbye, Bob {n}"] for n in range(90)]
    path = tmp_path / "m.csv"
    lines = ["message_id;parent_id;user_id;text", *(";".join(f'"{cell}"' if ";" in cell else cell for cell in row)
                                                    for row in rows)]
    path.write_bytes(("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))
    mapping = tmp_path / "mapping.txt"
    mapping.write_text("u1: Ann\nu2: Bob\n", encoding="utf-8")
    outputs = []
    for threshold in (2**62, 0):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        out = tmp_path / f"out-{threshold}.csv"
        code, _, stderr = run("apply", path, mapping, "-o", out, "-q")
        assert code == 0, stderr
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1] and outputs[0].startswith(b"\xef\xbb\xbfmessage_id;parent_id")


def test_a_bad_export_fails_spilled_with_the_error_of_the_whole_read(small_runs: Path, tmp_path: Path) -> None:
    path = write_csv(tmp_path / "m.csv", ["message_id", "user_id", "text"],
                     [[f"m{n}", "u1", "hi"] for n in range(60)] + [["m3", "u1", "again"]])
    (tmp_path / "mapping.txt").write_text("u1: Ann\n", encoding="utf-8")
    code, stdout, stderr = run("apply", path, tmp_path / "mapping.txt", "-o", tmp_path / "out.csv")
    assert (code, stdout) == (1, "")
    assert "row 62, column 'message_id': this message id was already used in row 5" in " ".join(stderr.split())
    assert not (tmp_path / "out.csv").exists()
    assert list(small_runs.iterdir()) == []


def test_column_strings_read_as_the_list_of_the_column() -> None:
    values = ["m1", "", "Zoë", "長い", "m5", "x"]
    array = pa.array(values).slice(1, 4)
    strings = spilled.ColumnStrings(array)
    assert (len(strings), list(strings), strings[-1], strings[1:3]) == (4, values[1:5], "m5", values[2:4])
    with pytest.raises(IndexError):
        strings[4]
    assert list(spilled.ColumnStrings(pa.array(["", ""]))) == ["", ""]


@pytest.mark.parametrize("options", [[], ["--output-encoding", "utf-8-sig", "--csv-safe"]])
def test_the_command_writes_the_same_bytes_to_stdout_spilled(
    corpus: tuple[Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, options: list[str],
) -> None:
    messages, _, mapping = corpus
    outputs = {}
    for name, threshold in (("whole", 2**62), ("spill", 0)):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        taken = []
        monkeypatch.setattr(spilled_source, "TableSpiller", _noting(taken, spilled_source.TableSpiller))
        code, stdout, stderr = run("apply", messages, mapping, "-q", *options)
        assert (code, stderr) == (0, "")
        assert bool(taken) == (name == "spill")
        outputs[name] = stdout
    assert outputs["spill"] == outputs["whole"] and outputs["whole"].count("\n") > 300
    assert list(small_runs.iterdir()) == []


def _noting(taken: list[bool], spiller: type[TableSpiller]) -> type[TableSpiller]:
    """The spiller class, noting in ``taken`` that a table was spilled."""

    def made(root: Path) -> TableSpiller:
        taken.append(True)
        return spiller(root)

    return made  # type: ignore[return-value]


def test_missing_parents_and_reply_loops_are_reported_spilled_as_read_whole(
    small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    rows = [[f"m{n}", f"m{n - 1}" if n % 5 else "", f"u{n % 3}", f"Hi Ann {n}"] for n in range(120)]
    rows[7][1], rows[60][1], rows[61][1], rows[62][1] = "gone", "m62", "m60", "m61"  # one lost parent, one loop
    path = write_csv(tmp_path / "m.csv", ["message_id", "parent_id", "user_id", "text"], rows)
    (tmp_path / "mapping.txt").write_text("u1 | Ann\n", encoding="utf-8")
    outputs = []
    for threshold in (2**62, 0):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        out = tmp_path / f"out-{threshold}.csv"
        code, _, stderr = run("apply", path, tmp_path / "mapping.txt", "-s", "thread", "-o", out)
        assert code == 0, stderr
        outputs.append((out.read_bytes(), stderr))
    assert outputs[0] == outputs[1]
    assert "1 message replies to a parent id that is not in the file" in outputs[0][1]
    assert "3 messages are on loops of parent links" in outputs[0][1]


@pytest.mark.parametrize("options", [["--style", "surrogate"], ["--strict"], ["--strict", "--others", "keep"]])
def test_surrogates_and_strict_run_spilled_as_read_whole(
    corpus: tuple[Path, Path, Path], small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    options: list[str],
) -> None:
    messages, class_list, mapping = corpus
    outcomes = {}
    for name, threshold in (("whole", 2**62), ("spill", 0)):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        out = tmp_path / f"{name}.csv"
        code, stdout, stderr = run("apply", messages, mapping, "--class-list", class_list, "-o", out, *options)
        outcomes[name] = (code, stdout, stderr.replace(str(out), "<out>"), out.read_bytes() if out.exists() else None)
    assert outcomes["spill"] == outcomes["whole"]
    assert list(small_runs.iterdir()) == []
    code, _, stderr, written = outcomes["spill"]
    if "--strict" in options and code == 1:
        assert "--strict: the audit found" in stderr and written is None  # nothing was written
    else:
        assert code == 0 and written is not None


def test_senders_that_are_names_get_the_opaque_ids_of_the_whole_read_spilled(
    small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    rows = ["message_id,parent_id,thread_id,author,recipients,text"]
    people = ["Ann Smith", "Bo Lee", "cleo@example.org", "Dara Quinn"]
    for number in range(1, 121):
        sender, addressee = people[number % 4], people[(number + 1) % 4]
        parent = number - 1 if number % 6 else ""
        rows.append(f'{number},{parent},T{(number - 1) // 6},{sender},{addressee},"Hi {addressee.split()[0]}, '
                    f'see you. Thanks, {sender.split()[0]}"')
    messages = tmp_path / "posts.csv"
    messages.write_text("\n".join(rows) + "\n", encoding="utf-8")
    outcomes = {}
    for name, threshold in (("whole", 2**62), ("spill", 0)):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        folder = tmp_path / name
        folder.mkdir(mode=0o700)
        code, _, stderr = run("collect", messages, "--sender-column", "author", "-o", folder / "mapping.txt", "-q")
        assert code == 0, stderr
        code, stdout, stderr = run("apply", messages, folder / "mapping.txt", "--sender-column", "author",
                                   "--scope", "all", "-o", folder / "out.csv", "-q")
        assert (code, stdout) == (0, ""), stderr
        outcomes[name] = [(folder / file).read_bytes() for file in ("mapping.txt", "mapping.addresses.csv", "out.csv")]
    assert outcomes["spill"] == outcomes["whole"]
    output = outcomes["spill"][2].decode()
    assert "P1" in output and not any(person in output for person in ("Ann", "Smith", "cleo@example.org"))
    assert list(small_runs.iterdir()) == []


@pytest.mark.parametrize("encoding", [None, "utf-8-sig", "cp1252"])
@pytest.mark.parametrize("csv_safe", [False, True])
@pytest.mark.parametrize("dialect", [CsvDialect(), CsvDialect(";", bom=True, line_ending="\r\n")])
def test_runs_as_arrow_tables_are_written_as_the_whole_table(
    tmp_path: Path, encoding: str | None, csv_safe: bool, dialect: CsvDialect
) -> None:
    """Arrow runs go to polars without pandas, and after the first as bytes into a UTF-8 file: the same bytes."""
    cells = ["", "plain", "a, b; c", 'say "hi"', "two\nlines", "lone\rreturn", "=1+2", "-x", "Zoë café", " "]
    frame = pd.DataFrame({"id": [f"m{n}" for n in range(len(cells) * 3)], "text": cells * 3}, dtype="str")
    whole = tmp_path / "whole.csv"
    write_table(spreadsheet_safe(frame) if csv_safe else frame, whole, "csv",
                TableFile(frame, "csv", dialect=dialect), encoding)
    for name, runs in (("frames", [frame.iloc[start:start + 7] for start in range(0, len(frame), 7)]),
                       ("tables", [pa.Table.from_pandas(frame.iloc[start:start + 7], preserve_index=False)
                                   .cast(pa.schema([("id", pa.large_string()), ("text", pa.large_string())]))
                                   for start in range(0, len(frame), 7)])):
        out = tmp_path / f"{name}.csv"
        write_csv_runs(runs, out, dialect, encoding, csv_safe=csv_safe)
        assert out.read_bytes() == whole.read_bytes(), name
