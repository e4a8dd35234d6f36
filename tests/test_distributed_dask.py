"""The Dask engine on a cluster of a scheduler and two worker processes: the local engine's mapping and rows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.distributed_corpus import Corpus, make_corpus, run, same_parted_runs, same_runs

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
