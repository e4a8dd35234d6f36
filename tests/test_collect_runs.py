"""Collect with the texts read run by run where they are: the mapping of the table read whole.

The runs are cut small here (a handful of messages, a spill folder of runs of
37 rows) so that every merge on the driver is crossed: the scan's findings,
the word usage, the uses of absent people's forms, the names of people who are
not participants and their given names used alone. The Dask and Spark tests
check the same on a cluster's workers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from nicknames.collect.candidates import collect
from nicknames.collect.discover.corpus_words import corpus_lexicon
from nicknames.collect.discover.other_names import Known
from nicknames.collect.discover.others import find_others
from nicknames.collect.form_uses import FormUses
from nicknames.collect.passes import TableIds, others_in_runs
from nicknames.collect.runs import RunFunction
from nicknames.engine import spilled_runs
from nicknames.io.class_list import read_class_list
from nicknames.io.mapping_file import format_mapping
from nicknames.model.messages import Message, MessageTable, table_from_frame
from nicknames.pipeline.sources import read_messages
from tests.conftest import collected_sample, write_csv

R = TypeVar("R")
C = TypeVar("C")


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@dataclass(frozen=True)
class SmallRuns:
    """Messages held here, cut into runs of ``size``."""

    messages: Sequence[Message]
    size: int

    def map_runs(self, function: RunFunction[C, R], context: C) -> Iterator[R]:
        for first in range(0, len(self.messages), self.size):
            yield function(first, self.messages[first : first + self.size], context)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """A generated sample (messages, class list) and the mapping collect makes of it read whole."""
    return collected_sample(tmp_path_factory.mktemp("runs"), 7)


@pytest.fixture
def spilled(small_runs: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Spill every CSV in runs of 37 rows (``small_runs``), read as runs of 16 messages, into a temporary folder of
    the test's own (returned, to check that it is emptied); reading the whole table on the driver fails."""
    monkeypatch.setattr(spilled_runs, "RUN_ROWS", 16)

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the driver read the whole table")

    monkeypatch.setattr("nicknames.pipeline.exports.read_source", refuse)
    return small_runs


@pytest.mark.parametrize("size", [1, 7, 64])
def test_runs_of_any_size_give_the_mapping_of_one_pass(corpus: tuple[Path, Path, Path], size: int) -> None:
    table = read_messages(corpus[0])
    roster = read_class_list(corpus[1])
    whole = collect(table, roster)
    runs = collect(table, roster, runs=SmallRuns(list(table.messages()), size))
    assert format_mapping(runs.mapping) == format_mapping(whole.mapping)
    assert runs.stats == whole.stats


@pytest.mark.usefixtures("spilled")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_collect_of_a_csv_kept_on_disk_writes_the_mapping_of_the_table_read_whole(
        corpus: tuple[Path, Path, Path], tmp_path: Path, jobs: str) -> None:
    code, stdout, stderr = run("collect", corpus[0], "--class-list", corpus[1], "-o", tmp_path / "mapping.txt",
                               "-q", "--jobs", jobs)
    assert (code, stdout) == (0, ""), stderr
    assert (tmp_path / "mapping.txt").read_bytes() == corpus[2].read_bytes()


def test_the_spill_folder_is_gone_after_collect(corpus: tuple[Path, Path, Path], tmp_path: Path,
                                                spilled: Path) -> None:
    code, _, stderr = run("collect", corpus[0], "-o", tmp_path / "mapping.txt", "-q")
    assert code == 0, stderr
    assert list(spilled.iterdir()) == []


@pytest.mark.usefixtures("spilled")
def test_a_bad_row_in_a_csv_kept_on_disk_is_a_one_line_error(tmp_path: Path) -> None:
    rows = [[str(number), f"u{number % 3}", f"Hi there, number {number}"] for number in range(80)]
    rows[61][2] = "hello\x00there"
    messages = write_csv(tmp_path / "messages.csv", ["message_id", "user_id", "text"], rows)
    code, stdout, stderr = run("collect", messages, "-o", tmp_path / "mapping.txt")
    assert (code, stdout) == (1, "")
    assert stderr.startswith("Error: ") and "messages.csv, row 63, column 'text'" in stderr
    assert len(stderr.strip().splitlines()) == 1
    assert not (tmp_path / "mapping.txt").exists()


def _table(texts: list[tuple[str, str, str]]) -> MessageTable:
    import pandas as pd

    frame = pd.DataFrame([(str(number), sender, thread, text) for number, (sender, thread, text) in enumerate(texts)],
                         columns=["message_id", "sender", "thread_id", "text"])
    return table_from_frame(frame)


TEXTS = [
    ("U1", "t1", "Henrik Olsen called. My colleague Mrs Lund agrees."),
    ("U2", "t1", "Ask Henrik about it, and Tobias Quell too."),
    ("U3", "t2", "Henrik was in Tobias last week."),
    ("U1", "t2", "Ann, Ben and Cleo went with Henrik Olsen."),
    ("U2", "t3", "Tobias Quell wrote to Henrik. Quell again."),
    ("U3", "t1", "Thanks, Henrik"),
]


@pytest.mark.parametrize("size", [1, 2, 4])
def test_others_read_in_runs_are_those_of_one_pass(size: int) -> None:
    table = _table(TEXTS)
    messages = list(table.messages())
    texts = [message.text for message in messages]
    lexicon = corpus_lexicon(texts)
    known = Known(frozenset(), frozenset())
    whole = find_others(texts, known, lexicon, table.threads, [message.sender for message in messages])
    runs = others_in_runs(SmallRuns(messages, size), known, lexicon, TableIds.of(table))
    assert runs == whole
    assert list(runs.counts) == list(whole.counts)


@pytest.mark.parametrize("size", [1, 2, 4])
def test_uses_of_forms_read_in_runs_are_those_of_one_pass(size: int) -> None:
    messages = list(_table(TEXTS).messages())
    keys = ["Henrik", "Tobias", "Quell", "Tobias Quell", "Henrik Olsen"]
    whole = FormUses.of(messages, keys)
    runs = FormUses()
    for first in range(0, len(messages), size):
        runs.absorb(FormUses.of(messages[first : first + size], keys))
    assert runs == whole
    assert list(runs.kept()) == list(whole.kept())
    assert [list(threads) for threads in runs.kept().values()] == [list(threads) for threads in whole.kept().values()]


@pytest.mark.parametrize(("bounds", "jobs", "pieces"), [
    ((0, 10, 20, 30), 1, [(0, 0, 10), (1, 10, 20), (2, 20, 30)]),
    ((0, 10, 20, 30), 2, [(0, 0, 10), (1, 10, 15), (1, 15, 20), (2, 20, 25), (2, 25, 30)]),
    ((0, 10, 11), 2, [(0, 0, 5), (0, 5, 10), (1, 10, 11)]),  # a run of one row is not cut
    ((0, 4), 3, [(0, 0, 2), (0, 2, 4)]),
    ((0,), 2, []),
])
def test_the_last_runs_are_read_in_halves_so_that_no_worker_waits_long_for_the_others(
        bounds: tuple[int, ...], jobs: int, pieces: list[tuple[int, int, int]]) -> None:
    assert spilled_runs.run_pieces(bounds, jobs) == pieces
    assert [start for _, start, _ in pieces] == sorted(start for _, start, _ in pieces)  # file order
