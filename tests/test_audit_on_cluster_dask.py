"""Audit on a Dask cluster of a scheduler and two worker processes, the texts kept there: the local engine's findings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from nicknames.distributed import same_package
from tests.audit_corpus import (  # noqa: F401 (fixtures)
    AuditedOutput,
    audited_output,
    same_audit_on_cluster,
    short_runs,
)
from tests.distributed_corpus import make_corpus, run
from tests.worker_versions import (  # noqa: F401
    another_version_here,
    code_only_here,
    one_line_version_error,
)

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed (pip install '.[dask]')")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A local Dask cluster (a scheduler and two worker processes of one thread), shut down after the module."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address="127.0.0.1:0") as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def output(tmp_path_factory: pytest.TempPathFactory) -> AuditedOutput:
    folder = tmp_path_factory.mktemp("audit-dask")
    return audited_output(make_corpus(folder / "corpus"), folder)


@pytest.mark.usefixtures("short_runs")
@pytest.mark.parametrize("shape", ["csv", "csv_parts", "parquet_parts", "jsonl"])
def test_audit_with_the_texts_on_the_cluster_gives_the_local_engines_findings(
        output: AuditedOutput, scheduler: str, shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    same_audit_on_cluster(output, shape, ["--engine", "dask", "--cluster", scheduler], monkeypatch)


@pytest.mark.usefixtures("short_runs")
def test_no_near_misses_on_the_cluster_as_on_one_machine(output: AuditedOutput, scheduler: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    same_audit_on_cluster(output, "csv", ["--engine", "dask", "--cluster", scheduler], monkeypatch, "--no-near")


def test_the_outline_of_parts_warns_of_missing_parents_and_refuses_repeated_ids_as_on_one_machine(
        output: AuditedOutput, scheduler: str, tmp_path: Path) -> None:
    for name, ids, parents in (("missing", ["1", "2", "3"], ["", "9", "1"]), ("repeated", ["1", "2", "1"], ["", "", ""])):
        parts = tmp_path / name
        parts.mkdir()
        pd.DataFrame({"message_id": ids, "parent_id": parents, "user_id": ["u1", "u2", "u1"],
                      "text": ["Hi Ann", "Hi", "Thanks"]}).to_parquet(parts / "a.parquet", index=False)
        local = run("audit", parts, "-m", output.mapping)
        assert run("audit", parts, "-m", output.mapping, "--engine", "dask", "--cluster", scheduler) == local
        assert ("not in the file" if name == "missing" else "Error: ") in local[2]


def test_a_bad_cell_is_the_users_one_line_error(output: AuditedOutput, scheduler: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"message_id": "1", "user_id": "u1", "text": "Hi"}\n{"message_id": \n', encoding="utf-8")
    code, stdout, stderr = run("audit", bad, "-m", output.mapping, "--engine", "dask", "--cluster", scheduler)
    assert (code, stdout) == (1, "")
    assert stderr.startswith("Error: ") and "bad.jsonl" in stderr and "line 2" in stderr
    assert len(stderr.strip().splitlines()) == 1


@pytest.mark.usefixtures("another_version_here")
@pytest.mark.parametrize("command", ["audit", "apply"])
def test_workers_with_another_version_of_the_package_stop_the_command_with_one_line(
        output: AuditedOutput, scheduler: str, tmp_path: Path, command: str) -> None:
    args = ["-m", output.mapping] if command == "audit" else [output.mapping, "-o", tmp_path / "out.csv"]
    result = run(command, output.csv, *args, "--engine", "dask", "--cluster", scheduler)
    one_line_version_error(result, "run another version of nicknames (0.1.0+")
    assert "0.0.1+" in result[2] and not (tmp_path / "out.csv").exists()


def test_workers_that_cannot_import_what_the_driver_sends_stop_the_command_with_one_line(
        output: AuditedOutput, scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(same_package, "package_stamp", code_only_here(monkeypatch, tmp_path))
    result = run("audit", output.csv, "-m", output.mapping, "--engine", "dask", "--cluster", scheduler)
    one_line_version_error(result, "cannot import this version of nicknames")



@pytest.mark.usefixtures("short_runs")
def test_the_python_api_audits_on_the_cluster_as_on_one_machine(output: AuditedOutput, scheduler: str) -> None:
    import nicknames

    mapping = nicknames.read_mapping(output.mapping)
    class_list = nicknames.read_class_list(output.class_list)
    texts = list(nicknames.open_source(output.parquet_parts).texts().items())
    local = nicknames.audit_messages(texts, nicknames.build_index(mapping, class_list))
    outcome = nicknames.audit_on_cluster(output.parquet_parts, mapping, nicknames.Engine("dask", scheduler),
                                         class_list)
    assert isinstance(outcome, nicknames.AuditOutcome)
    assert outcome.result == local and outcome.result.findings
    assert [person.text for person in outcome.people] == ["Ada Berg", "Quentin Marlowe", "Ysolde Brennick"]


def test_mail_is_audited_on_the_driver(scheduler: str, output: AuditedOutput) -> None:
    import nicknames

    mbox = Path(__file__).resolve().parents[1] / "sample_data" / "mail" / "course-list.mbox"
    engine = nicknames.Engine("dask", scheduler)
    assert nicknames.audit_on_cluster(mbox, nicknames.read_mapping(output.mapping), engine) is None
