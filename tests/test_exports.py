"""The library chooses where an export's texts are kept, as the command line does, with the same results.

``nicknames.open_source`` keeps a large CSV file on disk (the threshold is
lowered to zero here and the runs cut small), collect, apply and the output's
writer work from there, options that need the texts read them from the spill
folder, and the folder is gone once the source is closed, however it ends.
``nicknames.audit_file`` scans a large output in runs on disk. Each gives the
bytes, mapping and findings of the export read whole.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

import nicknames
from nicknames.cli import app
from nicknames.io.mapping_file import format_mapping
from nicknames.io.roster import read_roster
from nicknames.pipeline import spilled_source
from nicknames.pipeline.disk_results import DiskApplyResult
from nicknames.pipeline.on_cluster import ClusterSource
from nicknames.pipeline.sources import read_source
from nicknames.pipeline.styles import build_style, load_key
from tests.conftest import collected_sample, write_csv

ROOT = Path(__file__).resolve().parent.parent

WHOLE = 2**62
"""A threshold no test file reaches: the export is read whole."""


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """A generated sample (messages, class list) and the mapping collect makes of it read whole."""
    return collected_sample(tmp_path_factory.mktemp("exports"), 11)


@pytest.fixture
def spills(small_runs: Path) -> Path:
    """Every CSV file kept on disk, in small runs and partitions (``small_runs``); the folder of its spill folders."""
    return small_runs


def refuse_whole_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make reading the whole export fail: the library must keep it on disk."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the whole export was read")

    monkeypatch.setattr("nicknames.pipeline.exports.read_source", refuse)


def test_a_large_csv_is_kept_on_disk_and_collects_the_mapping_of_the_whole_read(
        corpus: tuple[Path, Path, Path], spills: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    messages, class_list, _ = corpus
    roster = nicknames.read_class_list(class_list)
    whole = nicknames.collect_source(read_source(messages), roster).mapping
    refuse_whole_reads(monkeypatch)
    with nicknames.open_source(messages) as source:
        assert source.spilled is not None and source.table.frame[source.table.columns.text].eq("").all()
        found = nicknames.collect_source(source, roster, jobs=2).mapping
    assert format_mapping(found) == format_mapping(whole)
    assert list(spills.iterdir()) == []


def test_the_texts_of_a_source_on_disk_are_read_from_its_spill_folder(
        corpus: tuple[Path, Path, Path], spills: Path) -> None:
    whole = read_source(corpus[0])
    with nicknames.open_source(corpus[0]) as source:
        assert source.texts() == whole.texts()
        assert list(source.text_pairs()) == list(whole.text_pairs())


@pytest.mark.parametrize("scope", ["session", "thread"])
def test_apply_through_the_api_writes_the_bytes_of_the_command_read_whole(
        corpus: tuple[Path, Path, Path], spills: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        scope: str) -> None:
    messages, class_list, mapping_path = corpus
    monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", WHOLE)
    code, _, stderr = run("apply", messages, mapping_path, "--class-list", class_list, "-s", scope,
                          "-o", tmp_path / "cli.csv", "-q")
    assert code == 0, stderr
    monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", 0)
    refuse_whole_reads(monkeypatch)
    roster = read_roster(class_list)
    with nicknames.open_source(messages) as source:
        result = nicknames.pseudonymise(source, nicknames.read_mapping(mapping_path), scope,
                                        addresses=roster.addresses, registered=roster.names, jobs=2)
        assert isinstance(result, DiskApplyResult)
        nicknames.write_output(source, result, tmp_path / "api.csv")
    assert (tmp_path / "api.csv").read_bytes() == (tmp_path / "cli.csv").read_bytes()
    assert list(spills.iterdir()) == []


def test_a_result_on_disk_gives_its_whole_frame_and_a_second_apply_starts_clean(
        corpus: tuple[Path, Path, Path], spills: Path) -> None:
    messages, _, mapping_path = corpus
    mapping = nicknames.read_mapping(mapping_path)
    whole = read_source(messages)
    with nicknames.open_source(messages) as source:
        by_session = nicknames.pseudonymise(source, mapping, "session")
        by_thread = nicknames.pseudonymise(source, mapping, "thread")
        for scope, result in (("session", by_session), ("thread", by_thread)):
            expected = nicknames.pseudonymise(whole, mapping, scope)
            assert result.frame.equals(expected.frame)
            assert list(result.replacements) == list(expected.replacements)
        assert not by_session.frame.equals(by_thread.frame)


@pytest.mark.parametrize("ending", ["close", "with", "error", "forgotten"])
def test_the_spill_folder_is_gone_however_the_source_ends(
        corpus: tuple[Path, Path, Path], spills: Path, ending: str) -> None:
    if ending == "close":
        source = nicknames.open_source(corpus[0])
        assert len(list(spills.iterdir())) == 1
        source.close()
        source.close()  # twice is harmless
    elif ending == "with":
        with nicknames.open_source(corpus[0]) as source:
            assert len(list(spills.iterdir())) == 1
    elif ending == "error":
        with pytest.raises(KeyError), nicknames.open_source(corpus[0]) as source:
            raise KeyError("stop")
    else:
        nicknames.collect_source(nicknames.open_source(corpus[0]))
        gc.collect()
    assert list(spills.iterdir()) == []


def test_a_source_never_closed_removes_its_folder_when_python_exits(
        corpus: tuple[Path, Path, Path], tmp_path: Path) -> None:
    script = ("import sys; from pathlib import Path; import nicknames\n"
              "from nicknames.pipeline import spilled_source\n"
              "spilled_source.SPILL_MIN_BYTES = 0\n"
              "kept = nicknames.open_source(Path(sys.argv[1]))\n"
              "assert kept.spilled is not None\n")
    spills = tmp_path / "spills"
    spills.mkdir()
    done = subprocess.run([sys.executable, "-c", script, str(corpus[0])], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "TMPDIR": str(spills)}, check=False)
    assert done.returncode == 0, done.stderr
    assert list(spills.iterdir()) == []


def test_a_source_used_after_it_was_closed_says_so(
        corpus: tuple[Path, Path, Path], spills: Path, tmp_path: Path) -> None:
    mapping = nicknames.read_mapping(corpus[2])
    with nicknames.open_source(corpus[0]) as source:
        result = nicknames.pseudonymise(source, mapping)
    with pytest.raises(nicknames.NicknamesError, match="closed"):
        nicknames.write_output(source, result, tmp_path / "out.csv")
    with pytest.raises(nicknames.NicknamesError, match="closed"):
        nicknames.pseudonymise(source, mapping)
    with pytest.raises(nicknames.NicknamesError, match="closed"):
        source.texts()
    with pytest.raises(nicknames.NicknamesError, match="closed"):
        nicknames.collect_source(source)
    assert not (tmp_path / "out.csv").exists()


def test_the_table_of_a_source_on_disk_refuses_to_give_its_texts(
        corpus: tuple[Path, Path, Path], spills: Path) -> None:
    mapping = nicknames.read_mapping(corpus[2])
    with nicknames.open_source(corpus[0]) as source:
        assert source.spilled is not None
        for read in (lambda: nicknames.collect(source.table), lambda: nicknames.apply_mapping(source.table, mapping, "session", str),
                     source.table.texts):
            with pytest.raises(nicknames.NicknamesError, match="texts are kept on disk. Pass the Source"):
                read()
        assert len(source.texts()) == len(source.table)


def test_a_result_keeps_its_spill_folder_while_it_lives(
        corpus: tuple[Path, Path, Path], spills: Path, tmp_path: Path) -> None:
    result = nicknames.pseudonymise(nicknames.open_source(corpus[0]), nicknames.read_mapping(corpus[2]))
    gc.collect()
    assert repr(result).startswith("DiskApplyResult(messages=300, ")
    assert len(result.frame) == 300
    del result
    gc.collect()
    assert list(spills.iterdir()) == []


def test_surrogates_through_the_api_on_a_large_csv_are_those_of_the_whole_read(
        corpus: tuple[Path, Path, Path], spills: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    messages, _, mapping_path = corpus
    mapping = nicknames.read_mapping(mapping_path)
    outputs = []
    for threshold in (WHOLE, 0):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        with nicknames.open_source(messages) as source:
            assert (source.spilled is not None) == (threshold == 0)
            texts = (text for _, text in source.text_pairs())
            pseudonym = build_style(load_key(None, "surrogate", None), mapping, source.participants(), texts)
            result = nicknames.pseudonymise(source, mapping, pseudonym=pseudonym)
            nicknames.write_output(source, result, tmp_path / f"out-{threshold}.csv")
        outputs.append((tmp_path / f"out-{threshold}.csv").read_bytes())
    assert outputs[0] == outputs[1] and outputs[0].count(b"\n") > 300


def test_the_command_keeps_a_large_csv_on_disk_for_surrogates_with_the_same_bytes(
        corpus: tuple[Path, Path, Path], spills: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    messages, class_list, mapping_path = corpus
    outputs = []
    for threshold in (WHOLE, 0):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        out = tmp_path / f"out-{threshold}.csv"
        code, _, stderr = run("apply", messages, mapping_path, "--class-list", class_list, "--style", "surrogate",
                              "-o", out, "-q")
        assert code == 0, stderr
        outputs.append(out.read_bytes())
        if threshold == 0:
            refuse_whole_reads(monkeypatch)
    assert outputs[0] == outputs[1]
    code, _, stderr = run("apply", messages, mapping_path, "--style", "surrogate", "-o", tmp_path / "again.csv", "-q")
    assert code == 0, stderr  # read from disk: the whole read would have failed


def test_strict_apply_through_the_api_reads_the_result_from_disk(
        corpus: tuple[Path, Path, Path], spills: Path) -> None:
    from nicknames.pipeline.source_outputs import result_texts
    from nicknames.pipeline.strict import strict_audit

    mapping = nicknames.read_mapping(corpus[2])
    whole = read_source(corpus[0])
    expected = nicknames.pseudonymise(whole, mapping)
    with nicknames.open_source(corpus[0]) as source:
        result = nicknames.pseudonymise(source, mapping)
        pairs = zip(result.frame[source.table.columns.message_id], result_texts(source, result))
        found = strict_audit(pairs, mapping)
    assert found == strict_audit(zip(expected.frame["message_id"], result_texts(whole, expected)), mapping)


def test_senders_that_are_names_get_opaque_ids_on_disk_as_read_whole(spills: Path, tmp_path: Path) -> None:
    path = write_csv(tmp_path / "m.csv", ["message_id", "sender", "text"],
                     [[f"m{n}", f"Ann Example{n % 3}", f"hello {n}"] for n in range(50)])
    whole = read_source(path)
    with nicknames.open_source(path) as source:
        assert source.spilled is not None and source.sender_key is not None
        assert source.table.frame["sender"].tolist() == whole.table.frame["sender"].tolist()
        assert source.class_list == whole.class_list
        assert source.texts() == whole.texts()
    assert list(spills.iterdir()) == []


def test_small_files_and_mail_are_read_whole(corpus: tuple[Path, Path, Path], tmp_path: Path) -> None:
    with nicknames.open_source(corpus[0]) as source:
        assert source.spilled is None and not source.table.frame["text"].eq("").all()


def test_a_source_held_on_a_cluster_is_not_pseudonymised_here_without_its_texts(
        corpus: tuple[Path, Path, Path]) -> None:
    whole = read_source(corpus[0])
    held = ClusterSource(whole.path, whole.format, whole.table)
    with pytest.raises(nicknames.NicknamesError, match="pseudonymise_on_cluster"):
        nicknames.pseudonymise(held, nicknames.read_mapping(corpus[2]))


@pytest.fixture(scope="module")
def output(corpus: tuple[Path, Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The messages with a name left out of the mapping's reach and a person it does not know."""
    frame = pd.read_csv(corpus[0], dtype=str, keep_default_na=False)
    frame.loc[10, "text"] += " Dr. Quentin Marlowe wrote the chapter we read."
    path = tmp_path_factory.mktemp("audited") / "out.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.mark.parametrize("jobs", [1, 2])
def test_audit_file_on_a_large_csv_gives_the_findings_of_the_whole_read(
        corpus: tuple[Path, Path, Path], output: Path, spills: Path, monkeypatch: pytest.MonkeyPatch,
        jobs: int) -> None:
    mapping = nicknames.read_mapping(corpus[2])
    roster = nicknames.read_class_list(corpus[1])
    monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", WHOLE)
    whole = nicknames.audit_file(output, mapping, roster, jobs=jobs)
    texts = list(read_source(output).texts().items())
    assert whole.result == nicknames.audit_messages(texts, nicknames.build_index(mapping, roster))
    monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", 0)
    monkeypatch.setattr("nicknames.pipeline.audit_files.iter_texts", lambda *args, **kwargs: pytest.fail("read"))
    on_disk = nicknames.audit_file(output, mapping, roster, jobs=jobs)
    assert on_disk == whole and whole.result.findings
    assert any(person.text == "Quentin Marlowe" for person in whole.people)
    assert list(spills.iterdir()) == []
