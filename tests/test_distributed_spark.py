"""The Spark engine on ``local[2]``: the local engine's mapping and rows.

pyspark is not in the test extra (it is large, and a JVM starts for these
tests): they run where the spark extra is installed, and skip elsewhere.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

import tests.spark_support  # noqa: F401 (skips this module without pyspark or Java)
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
    same_runs,
    same_title_audit,
    small_buckets,
    small_held_runs,
)

pytestmark = pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return make_corpus(tmp_path_factory.mktemp("spark"))


def test_collect_apply_and_audit_give_the_local_engines_results(corpus: Corpus, spark: str, tmp_path: Path) -> None:
    same_runs(corpus, tmp_path / "out", ["--engine", "spark", "--cluster", spark])


def test_parts_read_by_the_executors_give_the_local_engines_results(corpus: Corpus, spark: str,
                                                                    tmp_path: Path) -> None:
    same_parted_runs(corpus, tmp_path / "out", ["--engine", "spark", "--cluster", spark])


@pytest.mark.usefixtures("small_held_runs", "no_table_on_the_driver")
@pytest.mark.parametrize("messages", ["messages", "csv_parts", "parquet_parts"])
def test_collect_with_the_texts_on_the_executors_gives_the_local_engines_mapping(
        corpus: Corpus, spark: str, tmp_path: Path, messages: str) -> None:
    path = corpus.csv_parts / "*.csv" if messages == "csv_parts" else getattr(corpus, messages)
    same_collect_on_cluster(corpus, tmp_path, path, ["--engine", "spark", "--cluster", spark])


@pytest.mark.usefixtures("small_buckets", "no_table_on_the_driver")
@pytest.mark.parametrize("parts", ["csv_parts", "parquet_parts"])
def test_apply_with_the_texts_on_the_executors_gives_the_local_engines_rows_and_records(
        corpus: Corpus, spark: str, tmp_path: Path, parts: str) -> None:
    same_apply_on_cluster(corpus, tmp_path, getattr(corpus, parts), "thread", ["--engine", "spark", "--cluster", spark])


def test_a_bad_cell_in_a_part_stops_apply_on_spark_with_the_users_one_line_error(corpus: Corpus, spark: str,
                                                                                 tmp_path: Path) -> None:
    bad_cell_stops_apply(corpus, tmp_path, ["--engine", "spark", "--cluster", spark])


@pytest.mark.usefixtures("small_buckets")
def test_titles_and_columns_of_the_authors_names_are_written_by_the_workers_as_on_one_machine(
        spark: str, tmp_path: Path) -> None:
    written = same_other_columns(tmp_path, ["--engine", "spark", "--cluster", spark])
    assert written["author_name"].tolist() == ["[U1]", "[U2]", "[U1]"]
    assert written["author_email"].tolist() == ["u1@pseudonymised.invalid", "u2@pseudonymised.invalid",
                                                "u1@pseudonymised.invalid"]
    assert written["title"].tolist() == ["For [U2]", "", "[U1] again"]  # Parquet: a changed column is text


def test_audit_on_the_cluster_reads_each_title_after_its_text_as_on_one_machine(spark: str, tmp_path: Path) -> None:
    found = same_title_audit(tmp_path, ["--engine", "spark", "--cluster", spark])
    assert [(finding["message_id"], finding["text"]) for finding in found["findings"]] == [("2", "Ines")]


@pytest.mark.usefixtures("small_buckets")
def test_columns_named_to_keep_are_left_by_the_workers_as_on_one_machine(spark: str, tmp_path: Path) -> None:
    written = same_other_columns(tmp_path, ["--engine", "spark", "--cluster", spark], "--keep-column", "title", "--keep-column", "author_email")
    title = written["title"].tolist()
    assert title[0] == "For Tobias" and pd.isna(title[1]) and title[2] == "Anika again"  # as read: the null too
    assert written["author_email"].tolist()[0] == "av@uni.example.org" and written["author_name"][0] == "[U1]"
