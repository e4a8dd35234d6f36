"""The measuring commands through CliRunner: sample, evaluate and audit, happy paths and error paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.cli import app

runner = CliRunner()


def invoke(*args: str | Path, catch: bool = True):
    return runner.invoke(app, [str(arg) for arg in args], catch_exceptions=catch)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    outdir = tmp_path_factory.mktemp("corpus")
    result = invoke("sample", outdir, "--messages", "150", "--participants", "20", "--sessions", "2", catch=False)
    assert result.exit_code == 0, result.stderr
    return outdir


def assert_user_error(result, fragment: str) -> None:
    assert result.exit_code == 1, result.stderr
    assert result.stdout == ""
    assert fragment in result.stderr
    assert result.stderr.strip().count("\n") == 0


def test_sample_writes_the_corpus_and_says_so(corpus: Path) -> None:
    for name in ("messages.csv", "class_list.csv", "gold_mapping.txt", "gold_spans.csv", "expected.csv"):
        assert (corpus / name).stat().st_size > 0


def test_sample_json_summary(tmp_path: Path) -> None:
    result = invoke("sample", tmp_path / "s", "-n", "20", "--participants", "6", "--sessions", "1", "--json",
                    catch=False)
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert summary["messages"] == 20 and summary["participants"] == 6


def test_sample_refuses_an_existing_corpus(corpus: Path) -> None:
    assert_user_error(invoke("sample", corpus), "--force")


def test_sample_refuses_a_file_as_folder(tmp_path: Path) -> None:
    target = tmp_path / "file.txt"
    target.write_text("x")
    result = invoke("sample", target)
    assert result.exit_code in (1, 2)
    assert result.stdout == ""


def test_sample_refuses_impossible_sizes(tmp_path: Path) -> None:
    assert_user_error(invoke("sample", tmp_path / "s", "--participants", "4", "--sessions", "3"),
                      "two participants per session")


def test_sample_bad_number_is_a_usage_error(tmp_path: Path) -> None:
    result = invoke("sample", tmp_path / "s", "--messages", "many")
    assert result.exit_code == 2
    assert result.stdout == ""


def test_evaluate_gold_against_itself(corpus: Path) -> None:
    gold = corpus / "gold_mapping.txt"
    result = invoke("evaluate", gold, gold, catch=False)
    assert result.exit_code == 0, result.stderr
    assert "100.0%" in result.stdout and "0/" in result.stdout
    report = json.loads(invoke("evaluate", gold, gold, "--json", catch=False).stdout)["mapping"]
    assert report["coverage"] == 1.0
    assert report["names"]["f1"] == 1.0 and report["words"]["f1"] == 1.0
    assert "missed" not in report


def test_evaluate_collect_output_with_details(corpus: Path, tmp_path: Path) -> None:
    mapping = tmp_path / "mapping.txt"
    assert invoke("collect", corpus / "messages.csv", "-o", mapping, "-q", catch=False).exit_code == 0
    result = invoke("evaluate", corpus / "gold_mapping.txt", mapping, "-v", catch=False)
    assert result.exit_code == 0
    assert "missed (in the gold mapping" in result.stdout
    report = json.loads(invoke("evaluate", corpus / "gold_mapping.txt", mapping, "--json", "-v").stdout)["mapping"]
    assert 0 < report["names"]["recall"] < 1
    assert isinstance(report["missed"], dict)


def test_evaluate_missing_mapping(corpus: Path, tmp_path: Path) -> None:
    assert_user_error(invoke("evaluate", corpus / "gold_mapping.txt", tmp_path / "none.txt"), "does not exist")


def test_evaluate_broken_mapping(corpus: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_text("U1 | Rob [3; nosuchtag]\n")
    assert_user_error(invoke("evaluate", corpus / "gold_mapping.txt", broken), "line 1")
