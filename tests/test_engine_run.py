"""The engine's worker processes: results in input order, whatever the number of workers, and workers started
ahead of their work (``WorkersAhead``) that make what every partition shares while the input is still read."""

from __future__ import annotations

import os

import pytest

from nicknames.engine.run import WorkersAhead, ordered_map
from nicknames.model.errors import InputError


def _warm(seed: str) -> tuple[str, int]:
    """What a worker makes when it starts: the seed, and the process that made it."""
    return seed.upper(), os.getpid()


def _complete(context: str, warmed: tuple[str, int]) -> str:
    return f"{context}+{warmed[0]}"


def _tagged(item: int, context: str) -> tuple[int, str]:
    return item * item, context


def _failing(item: int, context: str) -> int:
    if item == 5:
        raise InputError(f"row {item}: no good")
    return item


def _warmed_in(item: int, context: str) -> tuple[int, int]:
    """Which process ran the item, and which made what it was completed with (always the same one)."""
    from nicknames.engine import run

    return os.getpid(), run._warmed[1]


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_ordered_map_gives_the_results_of_one_process_in_order(jobs: int) -> None:
    assert list(ordered_map(_tagged, range(20), jobs, "c")) == [(n * n, "c") for n in range(20)]


def test_workers_ahead_run_each_map_with_its_context_completed_by_what_they_made() -> None:
    with WorkersAhead(2, _warm, "names") as workers:
        assert list(workers.map(_tagged, range(20), "first", _complete)) == [(n * n, "first+NAMES") for n in range(20)]
        assert list(workers.map(_tagged, range(5), "second", _complete)) == [(n * n, "second+NAMES") for n in range(5)]
        ran = list(workers.map(_warmed_in, range(20), "", _complete))
    assert all(worker == maker for worker, maker in ran)  # each worker uses what it made itself
    assert os.getpid() not in {worker for worker, _ in ran}


def test_an_error_in_a_worker_started_ahead_reaches_the_caller_as_raised() -> None:
    with WorkersAhead(2, _warm, "names") as workers, pytest.raises(InputError, match="row 5: no good"):
        list(workers.map(_failing, range(20), "", _complete))
