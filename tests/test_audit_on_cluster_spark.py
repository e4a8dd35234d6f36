"""Audit on Spark ``local[2]`` with the texts kept on the executors: the local engine's findings.

They run where the spark extra is installed, and skip elsewhere (see ``test_distributed_spark``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.spark_support  # noqa: F401 (skips this module without pyspark or Java)
from nicknames.distributed import same_package
from tests.audit_corpus import (  # noqa: F401
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

pytestmark = pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning")


@pytest.fixture(scope="module")
def output(tmp_path_factory: pytest.TempPathFactory) -> AuditedOutput:
    folder = tmp_path_factory.mktemp("audit-spark")
    return audited_output(make_corpus(folder / "corpus"), folder)


@pytest.mark.usefixtures("short_runs")
@pytest.mark.parametrize("shape", ["csv", "parquet_parts"])
def test_audit_with_the_texts_on_the_executors_gives_the_local_engines_findings(
        output: AuditedOutput, spark: str, shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    same_audit_on_cluster(output, shape, ["--engine", "spark", "--cluster", spark], monkeypatch)


@pytest.mark.usefixtures("another_version_here")
def test_executors_with_another_version_of_the_package_stop_the_command_with_one_line(
        output: AuditedOutput, spark: str) -> None:
    result = run("audit", output.csv, "-m", output.mapping, "--engine", "spark", "--cluster", spark)
    one_line_version_error(result, "Spark executors at local[2] run another version of nicknames (0.1.0+")


def test_executors_that_cannot_import_what_the_driver_sends_stop_the_command_with_one_line(
        output: AuditedOutput, spark: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(same_package, "_SPARK_CHECKED", {})
    monkeypatch.setattr(same_package, "_stamp_of", code_only_here(monkeypatch, tmp_path))
    result = run("audit", output.csv, "-m", output.mapping, "--engine", "spark", "--cluster", spark)
    one_line_version_error(result, "Spark executors at local[2] cannot import this version of nicknames")
