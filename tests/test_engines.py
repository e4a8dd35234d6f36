"""Choosing an engine (options, config file, API), what a missing extra says, and partitioned inputs and outputs
on the local engine. The clusters themselves are tested in test_distributed_dask.py and test_distributed_spark.py."""

from __future__ import annotations

import importlib.util
import pickle
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from nicknames.distributed.datasets import write_parts
from nicknames.distributed.engines import Engine, EngineError, engine_of
from nicknames.distributed.sealed import result_of, run_sealed, seal, unseal
from nicknames.io.config import Config, load_config
from nicknames.io.datasets import ORDER_COLUMN, dataset_files, read_dataset
from nicknames.model.errors import InputError, OutputError
from nicknames.rules.matcher import NameMatcher

MAPPING = "u1 | Rob | Robert\nu2 | Mary Jane | Mary\nu3 | Sam\n"
HEADER = "message_id,parent_id,user_id,session_id,text\n"


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def rows(first: int, count: int) -> str:
    return "".join(f'm{n},{f"m{n - 1}" if n % 3 else ""},u{n % 3 + 1},s{n % 2},"Hi Sam,\nRobert said {n}.\nMary"\n'
                   for n in range(first, first + count))


@pytest.fixture
def parts(tmp_path: Path) -> Path:
    """One export written whole (messages.csv) and as three CSV parts (parts/)."""
    (tmp_path / "messages.csv").write_text(HEADER + rows(1, 30), encoding="utf-8")
    folder = tmp_path / "parts"
    folder.mkdir()
    for number, first in enumerate((1, 11, 21)):
        (folder / f"part-{number}.csv").write_text(HEADER + rows(first, 10), encoding="utf-8")
    (tmp_path / "mapping.txt").write_text(MAPPING, encoding="utf-8")
    return folder


@pytest.mark.parametrize(("kind", "cluster", "message"), [
    ("ray", None, "Unknown engine 'ray'; choose one of local, dask, spark."),
    ("local", "tcp://host:8786", "--cluster is for the dask and spark engines"),
])
def test_a_wrong_engine_is_refused(kind: str, cluster: str | None, message: str) -> None:
    with pytest.raises(EngineError, match=message):
        Engine(kind, cluster)


def test_the_local_engine_is_not_remote() -> None:
    assert not engine_of(None).remote
    assert Engine("dask", "tcp://host:8786").remote


@pytest.mark.parametrize("kind", ["dask", "spark"])
@pytest.mark.parametrize("command", ["collect", "apply", "audit"])
def test_a_missing_extra_is_a_one_line_error_naming_the_install_command(
    parts: Path, monkeypatch: pytest.MonkeyPatch, kind: str, command: str
) -> None:
    found = importlib.util.find_spec
    missing = {"dask": "distributed", "spark": "pyspark"}[kind]
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == missing else found(name, *a))
    folder = parts.parent
    args = {"collect": ["collect", folder / "messages.csv", "-o", folder / "new.txt"],
            "apply": ["apply", folder / "messages.csv", folder / "mapping.txt", "-o", folder / "out.csv"],
            "audit": ["audit", folder / "messages.csv", "-m", folder / "mapping.txt"]}[command]
    code, stdout, stderr = run(*args, "--engine", kind)
    assert (code, stdout) == (1, "")
    assert stderr == (f"Error: The {kind} engine needs the {kind} extra, which is not installed; install it with: "
                      f"pip install 'nicknames-pseudonymiser[{kind}]'\n")
    assert not (folder / "new.txt").exists() and not (folder / "out.csv").exists()


def test_cluster_without_an_engine_is_a_one_line_error(parts: Path) -> None:
    code, stdout, stderr = run("collect", parts.parent / "messages.csv", "-o", parts.parent / "new.txt",
                               "--cluster", "local[2]")
    assert (code, stdout) == (1, "")
    assert stderr.startswith("Error: --cluster is for the dask and spark engines")


def test_the_config_file_names_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "nicknames.toml"
    path.write_text('[engine]\nname = "spark"\ncluster = "local[2]"\n', encoding="utf-8")
    assert load_config(path) == Config(engine="spark", cluster="local[2]")


@pytest.mark.parametrize(("content", "message"), [
    ('[engine]\nname = "ray"\n', '[engine] name must be one of "local", "dask" or "spark"'),
    ("[engine]\ncluster = 2\n", "[engine] cluster must be an address in quotes"),
    ('[engine]\nworkers = "2"\n', "unknown key 'workers' in [engine]"),
])
def test_a_wrong_engine_section_is_refused(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "nicknames.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_config(path)


def test_the_config_files_engine_is_used_when_no_option_names_one(parts: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    folder = parts.parent
    (folder / "nicknames.toml").write_text('[engine]\nname = "local"\ncluster = "tcp://x:1"\n', encoding="utf-8")
    monkeypatch.chdir(folder)
    code, stdout, stderr = run("collect", "messages.csv", "-o", "new.txt")
    assert (code, stdout) == (1, "")
    assert "--cluster is for the dask and spark engines" in stderr


def test_sealed_values_hide_their_text_and_come_back_whole() -> None:
    value = {"u1": ["Robert Example"]}
    sealed = seal(value)
    assert b"Robert" not in sealed
    assert unseal(sealed) == value


def test_an_error_on_a_worker_is_raised_on_the_driver() -> None:
    def fails(item: str, context: str) -> str:
        raise InputError(f"{item}, line 2: bad")

    def doubles(item: str, context: str) -> str:
        return item * 2 + context

    assert result_of(run_sealed(doubles, seal("a"), "run", seal("!"))) == "aa!"
    with pytest.raises(InputError, match="x.csv, line 2: bad"):
        result_of(run_sealed(fails, seal("x.csv"), "run2", seal("")))


def test_a_name_matcher_pickles_as_its_names() -> None:
    matcher = NameMatcher(["Mary Jane", "Rob", "MaryJane"], glued=["MaryJane"])
    copy = pickle.loads(pickle.dumps(matcher))
    text = "Hi Mary Jane, Rob and MaryJane2"
    assert copy.spans(text) == matcher.spans(text)


def test_a_folder_or_glob_of_parts_is_a_dataset_in_name_order(parts: Path) -> None:
    names = ["part-0.csv", "part-1.csv", "part-2.csv"]
    assert [file.name for file in dataset_files(parts) or []] == names
    assert [file.name for file in dataset_files(parts / "part-*.csv") or []] == names
    assert dataset_files(parts / "part-0.csv") is None
    with pytest.raises(InputError, match="matches no file"):
        dataset_files(parts / "*.parquet")


def test_parts_read_as_one_table_equal_the_whole_file(parts: Path) -> None:
    whole = read_dataset([parts.parent / "messages.csv"], "csv")
    assert read_dataset(dataset_files(parts) or [], "csv").frame.equals(whole.frame)


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "parquet"])
def test_written_parts_keep_the_rows_and_their_order(tmp_path: Path, fmt: str) -> None:
    frame = pd.DataFrame({"message_id": [f"m{n}" for n in range(7)], "text": [f"t{n}" for n in range(7)]})
    written = write_parts(frame, tmp_path / "out", fmt, rows=3)
    assert [path.name for path in written] == [f"part-0000{n}.{fmt}" for n in range(3)]
    reader = {"csv": lambda p: pd.read_csv(p, dtype=str), "jsonl": lambda p: pd.read_json(p, lines=True, dtype=str),
              "parquet": pd.read_parquet}[fmt]
    back = pd.concat([reader(path) for path in reversed(written)])
    back = back.sort_values(ORDER_COLUMN, key=lambda column: column.astype(int))
    assert back["message_id"].tolist() == frame["message_id"].tolist()


def test_parts_go_to_a_new_or_empty_folder_only(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "old.csv").write_text("x\n", encoding="utf-8")
    with pytest.raises(OutputError, match="is a folder that is not empty"):
        write_parts(pd.DataFrame({"text": ["a"]}), tmp_path / "out", "csv")


def test_the_local_engine_on_parts_gives_the_whole_files_mapping_and_rows(parts: Path) -> None:
    folder = parts.parent
    assert run("collect", folder / "messages.csv", "-o", folder / "whole.txt", "-q")[0] == 0
    assert run("collect", parts / "*.csv", "-o", folder / "parted.txt", "-q")[0] == 0
    assert (folder / "whole.txt").read_bytes() == (folder / "parted.txt").read_bytes()
    assert run("apply", folder / "messages.csv", folder / "mapping.txt", "-o", folder / "whole.csv", "-q")[0] == 0
    assert run("apply", parts, folder / "mapping.txt", "-o", folder / "one.csv", "-q")[0] == 0
    assert (folder / "whole.csv").read_bytes() == (folder / "one.csv").read_bytes()
    code, _, stderr = run("apply", parts, folder / "mapping.txt", "-o", folder / "parted", "-q")
    assert code == 0, stderr
    parted = pd.read_csv(folder / "parted" / "part-00000.csv", dtype=str, keep_default_na=False)
    assert parted[ORDER_COLUMN].tolist() == [str(n) for n in range(30)]
    whole = pd.read_csv(folder / "whole.csv", dtype=str, keep_default_na=False)
    assert parted.drop(columns=ORDER_COLUMN).equals(whole)
