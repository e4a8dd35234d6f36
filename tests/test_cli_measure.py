"""The measuring commands through CliRunner: sample, evaluate and audit, happy paths and error paths."""

from __future__ import annotations

import csv
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


def test_evaluate_the_expected_output_is_perfect(corpus: Path) -> None:
    gold = corpus / "gold_mapping.txt"
    result = invoke("evaluate", gold, gold, "--gold-spans", corpus / "gold_spans.csv", "--pseudonymised",
                    corpus / "expected.csv", "--json", catch=False)
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)["output"]
    assert report["recall"] == report["attribution"] == report["exact_rate"] == 1.0
    assert report["over_replaced"] == report["spurious_changes"] == report["wrong_participant"] == 0


def test_evaluate_an_applied_output(corpus: Path, tmp_path: Path) -> None:
    gold = corpus / "gold_mapping.txt"
    out = tmp_path / "out.csv"
    assert invoke("apply", corpus / "messages.csv", gold, "-o", out, "-q", catch=False).exit_code == 0
    result = invoke("evaluate", gold, gold, "--gold-spans", corpus / "gold_spans.csv", "-p", out, "-v", catch=False)
    assert result.exit_code == 0, result.stderr
    assert "mention recall" in result.stdout and "messages exactly as expected" in result.stdout


def test_evaluate_gold_spans_without_output(corpus: Path) -> None:
    gold = corpus / "gold_mapping.txt"
    assert_user_error(invoke("evaluate", gold, gold, "--gold-spans", corpus / "gold_spans.csv"), "go together")


def test_evaluate_bad_pseudonym_format(corpus: Path) -> None:
    gold = corpus / "gold_mapping.txt"
    assert_user_error(invoke("evaluate", gold, gold, "--format", "[id]"), "{id}")


def test_evaluate_needs_the_original_messages(corpus: Path, tmp_path: Path) -> None:
    spans = tmp_path / "gold_spans.csv"
    spans.write_bytes((corpus / "gold_spans.csv").read_bytes())
    gold = corpus / "gold_mapping.txt"
    assert_user_error(invoke("evaluate", gold, gold, "--gold-spans", spans, "-p", corpus / "expected.csv"),
                      "--messages")


def test_evaluate_broken_gold_spans(corpus: Path, tmp_path: Path) -> None:
    spans = tmp_path / "gold_spans.csv"
    spans.write_text("message_id,start\n")
    gold = corpus / "gold_mapping.txt"
    assert_user_error(invoke("evaluate", gold, gold, "--gold-spans", spans, "-p", corpus / "expected.csv"),
                      "line 1")


def test_evaluate_missing_output(corpus: Path, tmp_path: Path) -> None:
    gold = corpus / "gold_mapping.txt"
    assert_user_error(invoke("evaluate", gold, gold, "--gold-spans", corpus / "gold_spans.csv", "-p",
                             tmp_path / "none.csv"), "does not exist")


def test_audit_is_silent_on_a_clean_output(corpus: Path) -> None:
    result = invoke("audit", corpus / "expected.csv", "--mapping", corpus / "gold_mapping.txt", "--class-list",
                    corpus / "class_list.csv", catch=False)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout == ""
    assert "Clean" in result.stderr


def test_audit_finds_an_unreplaced_name_and_exits_1(corpus: Path, tmp_path: Path) -> None:
    with (corpus / "expected.csv").open(encoding="utf-8", newline="") as stream:
        rows = list(csv.reader(stream))
    gold = (corpus / "gold_mapping.txt").read_text(encoding="utf-8")
    name = gold.split("\nU", 1)[1].split(" | ")[1].split(" [")[0]  # the first participant's first name
    rows[1][-1] = rows[1][-1].replace(" the ", f" the {name} ", 1)   # left unreplaced in the first message
    leaky = tmp_path / "leaky.csv"
    with leaky.open("w", encoding="utf-8", newline="") as stream:
        csv.writer(stream).writerows(rows)
    result = invoke("audit", leaky, "-m", corpus / "gold_mapping.txt", catch=False)
    assert result.exit_code == 1
    assert name in result.stdout and "Found 1 possible name (1 name, 0 near misses, 0 person-like names outside the mapping)" in result.stderr
    header, line = result.stdout.splitlines()  # one line per finding, under a header, context last
    assert header.split() == ["message", "kind", "found", "participants", "context"]
    assert line.split()[:2] == [f"1:{rows[1][-1].index(name)}", "name"]
    assert f"the {name} " in line and line.endswith("…")
    findings = json.loads(invoke("audit", leaky, "-m", corpus / "gold_mapping.txt", "--json").stdout)["findings"]
    assert [finding["text"] for finding in findings] == [name]
    assert findings[0]["message_id"] == "1"


def test_audit_finds_the_same_with_any_number_of_workers(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nicknames.check import audit

    monkeypatch.setattr(audit, "PARTITION_ROWS", 40)  # 150 messages: 4 chunks
    runs = [invoke("audit", corpus / "messages.csv", "-m", corpus / "gold_mapping.txt", "--class-list",
                   corpus / "class_list.csv", "--json", "--jobs", jobs) for jobs in ("1", "2")]
    assert [run.exit_code for run in runs] == [1, 1]
    one, two = (json.loads(run.stdout) for run in runs)
    assert one["messages"] == 150 and len(one["findings"]) > 40
    assert two == one


def test_audit_missing_mapping(corpus: Path, tmp_path: Path) -> None:
    assert_user_error(invoke("audit", corpus / "expected.csv", "-m", tmp_path / "none.txt"), "does not exist")


def test_audit_missing_output(corpus: Path, tmp_path: Path) -> None:
    assert_user_error(invoke("audit", tmp_path / "none.csv", "-m", corpus / "gold_mapping.txt"), "does not exist")


def test_audit_needs_a_mapping(corpus: Path) -> None:
    result = invoke("audit", corpus / "expected.csv")
    assert result.exit_code == 2
    assert result.stdout == ""


def test_audit_bad_class_list(corpus: Path, tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("a,b\n1,2\n")
    assert_user_error(invoke("audit", corpus / "expected.csv", "-m", corpus / "gold_mapping.txt", "--class-list",
                             roster), "participant id")
