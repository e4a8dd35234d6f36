"""Streaming apply writes exactly what apply_mapping on the whole table writes, whatever the parallelism.

Streaming apply implements the paper's rule (the names of the participants active in a scope), so it is compared
with ``apply_mapping(..., names_of=NamesOf.active)``.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from nicknames.apply import apply_mapping
from nicknames.apply_stream import apply_csv
from nicknames.mapping import Mapping
from nicknames.messages import read_messages
from nicknames.pseudonyms import IdTemplate
from nicknames.resolution import NamesOf
from tests.recorded_progress import RecordedProgress

ROWS = [
    ("m1", "", "u1", "s1", "Hi all,\nI think so.\nCheers,\nRob"),
    ("m2", "m1", "u2", "s1", "Hi Rob,\nMary Jane agrees with  Rob.\nThanks,\nMJ"),
    ("m3", "m2", "u3", "s1", "Hi MJ, Arthur C. Clarke said so.\nArthur"),
    ("m4", "", "u1", "s2", "Mary said \"Rob, Rob\" twice\n-- Rob"),
    ("m5", "m4", "u4", "s2", "Hi Robert, ok\tthen, Sam\n\nSam"),
    ("m6", "m9", "u2", "s2", "Reply to a missing parent, MJ here.\nMJ"),
    ("m7", "m5", "u3", "s1", "Sam and Sam again, Rob."),
]


def write_messages(path: Path, rows: list[tuple[str, ...]]) -> Path:
    import csv

    with path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(["message_id", "parent_id", "user_id", "session_id", "text"])
        writer.writerows(rows)
    return path


@pytest.fixture
def mapping() -> Mapping:
    return Mapping(
        {"u1": ["Rob", "Robert"], "u2": ["Mary Jane", "Mary", "MJ"], "u3": ["Arthur", "Sam"], "u4": ["Sam"]},
        keep=["Arthur C. Clarke"],
    )


@pytest.mark.parametrize("scope", ["thread", "session", "all"])
@pytest.mark.parametrize(("jobs", "chunk_rows"), [(1, 1), (1, 3), (2, 2), (2, 100)])
def test_streaming_matches_in_memory(tmp_path: Path, mapping: Mapping, scope: str, jobs: int,
                                     chunk_rows: int, arrays_on_disk: bool) -> None:
    path = write_messages(tmp_path / "m.csv", ROWS)
    result = apply_mapping(read_messages(path), mapping, scope, IdTemplate(), names_of=NamesOf.active)
    expected = io.StringIO()
    result.frame.to_csv(expected, index=False, lineterminator="\n")
    streamed = io.StringIO()
    summary = apply_csv(path, streamed, mapping, scope, IdTemplate(), jobs=jobs, chunk_rows=chunk_rows)
    assert streamed.getvalue() == expected.getvalue()
    assert summary.counts() == result.counts()
    assert summary.duplicates == result.duplicates
    assert (summary.changed_messages(), summary.replacement_count(), summary.scopes) == (
        result.changed_messages(), len(result.replacements), result.scopes)
    assert summary.unknown_participants == result.unknown_participants


def test_jobs_do_not_change_the_output(tmp_path: Path, mapping: Mapping) -> None:
    rows = [(f"m{i}", f"m{i - 1}" if i % 3 else "", f"u{i % 4 + 1}", f"s{i % 2}",
             f"Hi Rob and Mary Jane, message {i}\nSam") for i in range(1, 200)]
    path = write_messages(tmp_path / "m.csv", rows)
    outputs = []
    for jobs in (1, 2):
        stream = io.StringIO()
        apply_csv(path, stream, mapping, "session", IdTemplate(), jobs=jobs, chunk_rows=17)
        outputs.append(stream.getvalue())
    assert outputs[0] == outputs[1]
    assert "[u1]" in outputs[0]


def random_rows(seed: int, count: int) -> list[tuple[str, ...]]:
    """Messages full of shared names, replies across chunk borders and threads of several sessions."""
    import random

    rng = random.Random(seed)
    words = ["Sam", "Sam", "Rob", "Mary", "MJ", "ok", "and", "Hi", "Thanks,", "\n", "Robert", "Arthur C. Clarke"]
    rows = []
    for number in range(1, count + 1):
        parent = f"m{rng.randint(1, number - 1)}" if number > 1 and rng.random() < 0.7 else ""
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 12)))
        if rng.random() < 0.5:
            text = f"Hi {rng.choice(['Sam', 'Rob', 'MJ'])},\n{text}\nThanks,\n{rng.choice(['Sam', 'Rob', 'MJ'])}"
        rows.append((f"m{number}", parent, f"u{rng.randint(1, 5)}", f"s{rng.randint(1, 2)}", text))
    return rows


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("scope", ["thread", "session", "all"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_shared_names_decided_across_chunks_match_in_memory(tmp_path: Path, seed: int, scope: str, jobs: int,
                                                              arrays_on_disk: bool) -> None:
    mapping = Mapping({"u1": ["Rob", "Sam"], "u2": ["Mary", "MJ", "Sam"], "u3": ["Sam", "Rob"],
                       "u4": ["Sam", "Robert"], "u5": ["MJ"]}, keep=["Arthur C. Clarke"])
    path = write_messages(tmp_path / "m.csv", random_rows(seed, 60))
    result = apply_mapping(read_messages(path), mapping, scope, IdTemplate(), names_of=NamesOf.active)
    expected = io.StringIO()
    result.frame.to_csv(expected, index=False, lineterminator="\n")
    for chunk_rows in (1, 7, 100):
        streamed = io.StringIO()
        summary = apply_csv(path, streamed, mapping, scope, IdTemplate(), chunk_rows=chunk_rows, jobs=jobs)
        assert streamed.getvalue() == expected.getvalue()
        assert summary.counts() == result.counts()
        assert summary.review_count() == len(result.for_review())


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_moves_as_messages_are_substituted(tmp_path: Path, mapping: Mapping, jobs: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import nicknames.apply_chunk as apply_chunk

    monkeypatch.setattr(apply_chunk, "PROGRESS_STEP", 30)
    rows = [(f"m{i}", "", f"u{i % 4 + 1}", "s1", f"Hi Rob, message {i}") for i in range(200)]
    progress = RecordedProgress()
    apply_csv(write_messages(tmp_path / "m.csv", rows), io.StringIO(), mapping, "session", IdTemplate(),
              jobs=jobs, chunk_rows=75, progress=progress)
    assert progress.events[0] == ("start", 200)
    advances = [done for kind, done in progress.events if kind == "advance"]
    assert sum(advances) == 200
    if jobs == 1:
        assert [done for done in advances if done] == [30, 30, 15] * 2 + [30, 20]  # not a chunk at a time


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("scope", ["thread", "session"])
def test_scopes_too_many_to_compile_ahead_are_compiled_as_met(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              jobs: int, scope: str) -> None:
    """With more scopes than the cache keeps, the duplicate check compiles none and the workers compile theirs."""
    from nicknames.scope_cache import ScopeNamesCache

    monkeypatch.setattr(ScopeNamesCache.__init__, "__defaults__", (1,))
    mapping = Mapping({"u1": ["Rob", "Sam"], "u2": ["Mary", "MJ", "Sam"], "u3": ["Sam", "Rob"],
                       "u4": ["Sam", "Robert"], "u5": ["MJ"]}, keep=["Arthur C. Clarke"])
    path = write_messages(tmp_path / "m.csv", random_rows(3, 60))
    result = apply_mapping(read_messages(path), mapping, scope, IdTemplate(), names_of=NamesOf.active)
    expected = io.StringIO()
    result.frame.to_csv(expected, index=False, lineterminator="\n")
    streamed = io.StringIO()
    summary = apply_csv(path, streamed, mapping, scope, IdTemplate(), chunk_rows=7, jobs=jobs)
    assert streamed.getvalue() == expected.getvalue()
    assert summary.duplicates == result.duplicates
    assert summary.counts() == result.counts()
