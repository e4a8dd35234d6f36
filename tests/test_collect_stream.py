"""Streamed collect writes exactly the mapping that collect on the whole table writes, whatever the chunks."""

from __future__ import annotations

import csv
from pathlib import Path
from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from nicknames.class_list import read_class_list
from nicknames.cli import app
from nicknames import collect_stream, disk_arrays
from nicknames.discover import attribution, thread_counts
from nicknames.collect import collect
from nicknames.collect_stream import collect_csv
from nicknames.labels import LabelsAt
from nicknames.mapping_file import format_mapping
from nicknames.messages import read_messages
from nicknames.sample import SampleConfig, generate_sample
from tests.recorded_progress import RecordedProgress


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sample")
    generate_sample(folder, SampleConfig(seed=3, messages=400, participants=30, sessions=3))
    return folder


@pytest.mark.parametrize(("rows", "jobs"), [(1, 1), (7, 1), (150, 1), (10_000, 1), (50, 2)])
@pytest.mark.parametrize("discover", [True, False])
def test_streamed_mapping_equals_whole_table(sample: Path, rows: int, jobs: int, discover: bool,
                                             arrays_on_disk: bool) -> None:
    messages, class_list = sample / "messages.csv", read_class_list(sample / "class_list.csv")
    # The streamed path (being replaced by one engine) proposes no people who are not participants.
    whole = collect(read_messages(messages), class_list, discover=discover, others=False)
    streamed = collect_csv(messages, class_list, discover=discover, rows=rows, jobs=jobs)
    assert format_mapping(streamed.mapping) == format_mapping(whole.mapping)
    assert streamed.stats == whole.stats


@pytest.mark.parametrize("jobs", [1, 2])
def test_streamed_mapping_with_records_written_to_disk_often(sample: Path, jobs: int,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(disk_arrays, "SMALL", 1)  # every record file on disk, however small
    monkeypatch.setattr(thread_counts, "HELD", 3)  # counts per thread written after every absorbed chunk
    monkeypatch.setattr(attribution, "SPILLED", 2)
    monkeypatch.setattr(attribution, "READ", 3)
    writes: list[int] = []
    write = thread_counts._Written.write
    monkeypatch.setattr(thread_counts._Written, "write", lambda self, held: writes.append(1) or write(self, held))
    messages, class_list = sample / "messages.csv", read_class_list(sample / "class_list.csv")
    whole = collect(read_messages(messages), class_list, others=False)  # as above
    streamed = collect_csv(messages, class_list, rows=40, jobs=jobs)
    assert format_mapping(streamed.mapping) == format_mapping(whole.mapping)
    assert len(writes) >= 3 * 9  # three counts, each written after each of the ten chunks but maybe the first


def test_streamed_without_class_list_or_thread_column(tmp_path: Path) -> None:
    messages = tmp_path / "m.csv"
    with messages.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(["message_id", "parent_id", "user_id", "recipients", "text"])
        writer.writerow(["m1", "", "u1", "u2", "Hi Mary,\nsee you.\nThanks,\nRob"])
        writer.writerow(["m2", "m1", "u2", "u1 u3", "Hi Rob,\nyes.\nCheers,\nMary"])
        writer.writerow(["m3", "m9", "u3", "", "Hi Bobby and Mary,\nok.\n-- Sam"])
        writer.writerow(["m4", "m3", "u1", "", "Dear Sam,\nthanks mary.\nRob"])
    roster = {"u1": "Robert Grey", "u2": "Mary Poe", "u3": "Sam Hill", "u9": "Ann Other"}
    whole = collect(read_messages(messages), roster)
    for rows in (1, 2, 3):
        assert format_mapping(collect_csv(messages, roster, rows=rows).mapping) == format_mapping(whole.mapping)


def test_cli_collect_is_the_same_for_any_jobs(sample: Path, tmp_path: Path) -> None:
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"mapping{jobs}.txt"
        result = CliRunner().invoke(app, ["collect", str(sample / "messages.csv"), "--class-list",
                                          str(sample / "class_list.csv"), "-o", str(out), "--jobs", jobs],
                                    catch_exceptions=False)
        assert (result.exit_code, result.stdout) == (0, "")
        assert "━" not in result.stderr  # no progress bar off a terminal
        outputs.append(out.read_text(encoding="utf-8"))
    assert outputs[0] == outputs[1]


def test_cli_collect_negative_jobs_is_a_usage_error(sample: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["collect", str(sample / "messages.csv"), "-o", str(tmp_path / "m.txt"),
                                      "--jobs", "-1"])
    assert result.exit_code == 2
    assert result.stdout == ""


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_counts_every_message_between_named_steps(sample: Path, jobs: int, monkeypatch: pytest.MonkeyPatch) -> None:
    import nicknames.collect_stream as collect_stream

    monkeypatch.setattr(collect_stream, "BATCH", 60)
    progress = RecordedProgress()
    collect_csv(sample / "messages.csv", rows=150, jobs=jobs, progress=progress)
    steps = [event for event in progress.events if event[0] != "advance"]
    assert steps == [("step", "preparing"), ("start", 400), ("step", "suggesting names")]
    advances = [done for kind, done in progress.events if kind == "advance"]
    assert sum(advances) == 400  # type: ignore[arg-type]
    if jobs == 1:
        assert advances == [60, 60, 30] * 2 + [60, 40]  # every BATCH messages, not every chunk


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3)), min_size=1, max_size=40), st.integers(1, 8))
def test_each_thread_has_the_session_of_its_first_message(messages: list[tuple[int, int]], step: int) -> None:
    present = sorted({thread for thread, _ in messages})
    thread = np.asarray([present.index(code) for code, _ in messages], dtype=np.int32)  # every code has a message
    session = np.asarray([session for _, session in messages], dtype=np.int32)
    first: dict[int, int] = {}
    for code, label in zip(thread.tolist(), session.tolist()):
        first.setdefault(code, label)
    with patch.object(collect_stream, "STEP", step):
        found = collect_stream._first_sessions(thread, session, len(present))
    assert found.tolist() == [first[code] for code in range(len(present))]
    labels = LabelsAt(found, ["s0", "s1", "s2", "s3"])
    assert list(labels) == [f"s{first[code]}" for code in range(len(present))] and labels[:1] == [labels[0]]
