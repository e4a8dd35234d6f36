"""The Dask engine on a cluster of a scheduler and two worker processes: the local engine's mapping and rows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from tests.distributed_corpus import (  # noqa: F401 (fixtures)
    Corpus,
    bad_cell_stops_apply,
    make_corpus,
    no_table_on_the_driver,
    run,
    same_apply_on_cluster,
    same_collect_on_cluster,
    same_other_columns,
    same_parted_runs,
    same_rows,
    same_runs,
    same_title_audit,
    small_buckets,
    small_held_runs,
    sorted_parts,
)

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed (pip install '.[dask]')")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A local Dask cluster (a scheduler and two worker processes of one thread), shut down after the module."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0") as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return make_corpus(tmp_path_factory.mktemp("dask"))


def _package_file() -> str:
    import nicknames

    return str(Path(nicknames.__file__).resolve())


def test_workers_run_this_copy_of_the_package(scheduler: str) -> None:
    with distributed.Client(scheduler, set_as_default=False) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        assert set(client.run(_package_file).values()) == {_package_file()}


def test_collect_apply_and_audit_give_the_local_engines_results(corpus: Corpus, scheduler: str,
                                                                tmp_path: Path) -> None:
    same_runs(corpus, tmp_path / "out", ["--engine", "dask", "--cluster", scheduler])


def test_parts_read_by_the_workers_give_the_local_engines_results(corpus: Corpus, scheduler: str,
                                                                  tmp_path: Path) -> None:
    same_parted_runs(corpus, tmp_path / "out", ["--engine", "dask", "--cluster", scheduler])


def test_a_bad_cell_in_a_part_is_the_users_one_line_error(corpus: Corpus, scheduler: str, tmp_path: Path) -> None:
    parts = tmp_path / "parts"
    parts.mkdir()
    (parts / "a.jsonl").write_text('{"message_id": "1", "user_id": "u1", "text": "Hi"}\n{"message_id": \n',
                                   encoding="utf-8")
    code, stdout, stderr = run("collect", parts, "-o", tmp_path / "m.txt", "--engine", "dask", "--cluster", scheduler)
    assert (code, stdout) == (1, "")
    assert stderr.startswith("Error: ") and "a.jsonl" in stderr and "line 2" in stderr
    assert len(stderr.strip().splitlines()) == 1


def test_no_scheduler_at_the_address_is_a_one_line_error(tmp_path: Path, corpus: Corpus,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("nicknames.distributed.dask_map.CONNECT_TIMEOUT", "1s")
    code, stdout, stderr = run("collect", corpus.messages, "-o", tmp_path / "m.txt", "--engine", "dask",
                               "--cluster", "tcp://127.0.0.1:9")
    assert (code, stdout) == (1, "")
    assert "No Dask scheduler answers at tcp://127.0.0.1:9" in stderr
    assert len(stderr.strip().splitlines()) == 1


@pytest.mark.usefixtures("small_held_runs", "no_table_on_the_driver")
@pytest.mark.parametrize("messages", ["messages", "csv_parts", "parquet_parts"])
def test_collect_with_the_texts_on_the_cluster_gives_the_local_engines_mapping(
        corpus: Corpus, scheduler: str, tmp_path: Path, messages: str) -> None:
    path = corpus.csv_parts / "*.csv" if messages == "csv_parts" else getattr(corpus, messages)
    same_collect_on_cluster(corpus, tmp_path, path, ["--engine", "dask", "--cluster", scheduler])


@pytest.mark.usefixtures("small_buckets", "no_table_on_the_driver")
@pytest.mark.parametrize("parts", ["csv_parts", "parquet_parts"])
@pytest.mark.parametrize("scope", ["session", "thread"])
def test_apply_with_the_texts_on_the_cluster_gives_the_local_engines_rows_and_records(
        corpus: Corpus, scheduler: str, tmp_path: Path, parts: str, scope: str) -> None:
    same_apply_on_cluster(corpus, tmp_path, getattr(corpus, parts), scope, ["--engine", "dask", "--cluster", scheduler])


@pytest.mark.usefixtures("small_buckets", "no_table_on_the_driver")
def test_one_file_read_by_a_worker_into_an_existing_folder_gives_the_local_engines_rows(
        corpus: Corpus, scheduler: str, tmp_path: Path) -> None:
    (tmp_path / "parted").mkdir()
    code, _, stderr = run("apply", corpus.messages, corpus.mapping, "--scope", "thread", "-o", tmp_path / "parted",
                          "-q", "--engine", "dask", "--cluster", scheduler)
    assert code == 0, stderr
    assert all(part.suffix == ".csv" for part in (tmp_path / "parted").iterdir())
    same_rows(tmp_path / "parted", corpus.local("thread.csv"))


def _apply_with_a_key(corpus: Corpus, folder: Path, scheduler: str, *options: str) -> dict[str, pd.DataFrame]:
    """Apply with the local engine, then on Dask with a copy of the key file the first run wrote: both outputs."""
    outputs = {}
    (folder / "keys").mkdir()
    (folder / "out").mkdir()
    for name, engine in (("local", []), ("dask", ["--engine", "dask", "--cluster", scheduler])):
        key = folder / "keys" / f"{name}.json"
        if name == "dask":
            key.write_bytes((folder / "keys" / "local.json").read_bytes())
        code, _, stderr = run("apply", corpus.csv_parts, corpus.mapping, "--key-file", key, *options,
                              "-o", folder / "out" / name, "-q", *engine)
        assert code == 0, stderr
        outputs[name] = sorted_parts(folder / "out" / name)
    return outputs


@pytest.mark.usefixtures("small_buckets", "no_table_on_the_driver")
@pytest.mark.parametrize("scope", ["session", "thread"])
def test_one_output_file_gathered_from_the_workers_is_the_local_engines_bytes(
        corpus: Corpus, scheduler: str, tmp_path: Path, scope: str) -> None:
    code, _, stderr = run("apply", corpus.messages, corpus.mapping, "--scope", scope, "-o", tmp_path / "out.csv",
                          "--report", tmp_path / "report.csv", "-q", "--engine", "dask", "--cluster", scheduler)
    assert code == 0, stderr
    assert (tmp_path / "out.csv").read_bytes() == corpus.local(f"{scope}.csv").read_bytes()
    assert (tmp_path / "report.csv").read_bytes() == corpus.local(f"{scope}-report.csv").read_bytes()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out.csv", "report.csv"]  # no pieces left


@pytest.mark.usefixtures("small_buckets")
@pytest.mark.parametrize("output", ["out.csv", "out.jsonl"])
def test_a_csv_dialect_and_json_records_are_kept_in_one_gathered_file(
        corpus: Corpus, scheduler: str, tmp_path: Path, output: str) -> None:
    frame = pd.read_csv(corpus.messages, dtype=str, keep_default_na=False)
    source = tmp_path / ("messages.csv" if output.endswith(".csv") else "messages.jsonl")
    if output.endswith(".csv"):
        source.write_bytes(b"\xef\xbb\xbf" + frame.to_csv(index=False, sep=";", lineterminator="\r\n").encode())
    else:
        frame.assign(score=range(len(frame))).to_json(source, orient="records", lines=True, force_ascii=False)
    for name, engine in (("local", []), ("dask", ["--engine", "dask", "--cluster", scheduler])):
        code, _, stderr = run("apply", source, corpus.mapping, "-o", tmp_path / f"{name}-{output}", "-q", *engine)
        assert code == 0, stderr
    assert (tmp_path / f"dask-{output}").read_bytes() == (tmp_path / f"local-{output}").read_bytes()


@pytest.mark.usefixtures("small_buckets")
def test_surrogates_need_every_text_and_run_on_the_driver_with_the_same_rows(
        corpus: Corpus, scheduler: str, tmp_path: Path) -> None:
    outputs = _apply_with_a_key(corpus, tmp_path, scheduler, "--style", "surrogate")
    pd.testing.assert_frame_equal(outputs["dask"], outputs["local"])
    assert len(list((tmp_path / "out" / "dask").iterdir())) == 1  # the driver's parts: 100,000 rows each


@pytest.mark.usefixtures("small_buckets")
def test_keyed_ids_and_csv_safe_cells_are_written_by_the_workers_as_on_one_machine(
        corpus: Corpus, scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nicknames.pipeline import exports

    opened = []
    whole_table = exports.read_source
    monkeypatch.setattr(exports, "read_source",
                        lambda *args, **kwargs: opened.append(args) or whole_table(*args, **kwargs))
    outputs = _apply_with_a_key(corpus, tmp_path, scheduler, "--style", "keyed", "--csv-safe")
    pd.testing.assert_frame_equal(outputs["dask"], outputs["local"])
    assert outputs["dask"]["user_id"].str.startswith("P").all()
    assert len(opened) == 1  # the local run's


def test_a_bad_cell_in_a_part_stops_apply_with_the_users_one_line_error(corpus: Corpus, scheduler: str,
                                                                        tmp_path: Path) -> None:
    bad_cell_stops_apply(corpus, tmp_path, ["--engine", "dask", "--cluster", scheduler])


def test_the_outline_reports_missing_parents_and_reply_loops_from_the_id_columns(corpus: Corpus, scheduler: str,
                                                                                tmp_path: Path) -> None:
    parts = tmp_path / "parts"
    parts.mkdir()
    pd.DataFrame({"message_id": ["1", "2", "3", "4"], "parent_id": ["", "9", "4", "3"],
                  "user_id": ["u1", "u2", "u1", "u2"], "text": ["Hi Ann", "Hi", "Hi", "Hi"]}
                 ).to_parquet(parts / "a.parquet", index=False)
    outputs = {}
    for name, engine in (("local", []), ("dask", ["--engine", "dask", "--cluster", scheduler])):
        code, _, stderr = run("apply", parts, corpus.mapping, "-o", tmp_path / name, *engine)
        assert code == 0, stderr
        outputs[name] = stderr
    assert "not in the file" in outputs["dask"] and outputs["dask"] == outputs["local"]


@pytest.mark.usefixtures("small_buckets")
def test_senders_that_are_addresses_get_their_opaque_ids_on_the_driver_with_the_same_rows(
        scheduler: str, tmp_path: Path) -> None:
    parts = tmp_path / "parts"
    parts.mkdir()
    pd.DataFrame({"message_id": ["1", "2", "3"], "parent_id": ["", "1", "2"],
                  "sender": ["ann@example.org", "bob@example.org", "ann@example.org"],
                  "text": ["Hi Bob, Ann", "Thanks Ann! Bob", "Bye Bob"]}).to_parquet(parts / "a.parquet", index=False)
    code, _, stderr = run("collect", parts, "-o", tmp_path / "mapping.txt", "-q")
    assert code == 0, stderr
    for name, engine in (("local", []), ("dask", ["--engine", "dask", "--cluster", scheduler])):
        code, _, stderr = run("apply", parts, tmp_path / "mapping.txt", "-o", tmp_path / name, "-q", *engine)
        assert code == 0, stderr
    pd.testing.assert_frame_equal(sorted_parts(tmp_path / "dask"), sorted_parts(tmp_path / "local"))
    assert set(sorted_parts(tmp_path / "dask")["sender"]) == {"P1", "P2"}


def test_the_table_of_a_source_on_the_cluster_refuses_to_give_its_empty_texts(corpus: Corpus, scheduler: str) -> None:
    import nicknames

    engine = nicknames.Engine("dask", scheduler)
    with nicknames.open_source(corpus.messages, on_cluster=True, engine=engine) as source:
        assert source.texts_on_cluster and source.table.frame["text"].eq("").all()
        for read in (lambda: nicknames.collect(source.table), lambda: list(source.table.messages()),
                     source.table.texts):
            with pytest.raises(nicknames.NicknamesError, match="texts are kept on the cluster. Pass the Source"):
                read()
        assert len(dict(source.text_pairs())) == len(source.table)


@pytest.mark.usefixtures("small_buckets")
def test_titles_and_columns_of_the_authors_names_are_written_by_the_workers_as_on_one_machine(
        scheduler: str, tmp_path: Path) -> None:
    written = same_other_columns(tmp_path, ["--engine", "dask", "--cluster", scheduler])
    assert written["author_name"].tolist() == ["[U1]", "[U2]", "[U1]"]
    assert written["author_email"].tolist() == ["u1@pseudonymised.invalid", "u2@pseudonymised.invalid",
                                                "u1@pseudonymised.invalid"]
    assert written["title"].tolist() == ["For [U2]", "", "[U1] again"]  # Parquet: a changed column is text


def test_audit_on_the_cluster_reads_each_title_after_its_text_as_on_one_machine(scheduler: str, tmp_path: Path) -> None:
    found = same_title_audit(tmp_path, ["--engine", "dask", "--cluster", scheduler])
    assert [(finding["message_id"], finding["text"]) for finding in found["findings"]] == [("2", "Ines")]


@pytest.mark.usefixtures("small_buckets")
def test_columns_named_to_keep_are_left_by_the_workers_as_on_one_machine(scheduler: str, tmp_path: Path) -> None:
    written = same_other_columns(tmp_path, ["--engine", "dask", "--cluster", scheduler], "--keep-column", "title", "--keep-column", "author_email")
    title = written["title"].tolist()
    assert title[0] == "For Tobias" and pd.isna(title[1]) and title[2] == "Anika again"  # as read: the null too
    assert written["author_email"].tolist()[0] == "av@uni.example.org" and written["author_name"][0] == "[U1]"
