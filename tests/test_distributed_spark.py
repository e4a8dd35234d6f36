"""The Spark engine on ``local[2]``: the local engine's mapping and rows.

pyspark is not in the test extra (it is large, and a JVM starts for these
tests): they run where the spark extra is installed, and skip elsewhere.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.distributed_corpus import Corpus, make_corpus, same_parted_runs, same_runs

pytestmark = pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning")

pytest.importorskip("pyspark", reason="the spark extra is not installed (pip install '.[spark]')")
if shutil.which("java") is None:
    pytest.skip("Spark needs Java 17 or later, and there is no java here", allow_module_level=True)


@pytest.fixture(scope="module")
def spark() -> Iterator[str]:
    """A Spark session on local[2], the one the engine uses; stopped after the module."""
    from nicknames.distributed.spark_map import spark_session

    session = spark_session("local[2]")
    yield "local[2]"
    session.stop()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return make_corpus(tmp_path_factory.mktemp("spark"))


def test_collect_apply_and_audit_give_the_local_engines_results(corpus: Corpus, spark: str, tmp_path: Path) -> None:
    same_runs(corpus, tmp_path / "out", ["--engine", "spark", "--cluster", spark])


def test_parts_read_by_the_executors_give_the_local_engines_results(corpus: Corpus, spark: str,
                                                                    tmp_path: Path) -> None:
    same_parted_runs(corpus, tmp_path / "out", ["--engine", "spark", "--cluster", spark])
