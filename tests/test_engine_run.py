"""The engine's worker processes: results in input order, whatever the number of workers, and workers started
ahead of their work (``WorkersAhead``) that make what every partition shares while the input is still read."""

from __future__ import annotations

import os

import pytest

from nicknames.engine.run import WorkersAhead, computed_aside, ordered_map
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


def _made_in(context: list[int]) -> tuple[int, int]:
    """The sum of what the process held, and which process computed it."""
    context.append(1)  # a change the caller never sees when computed aside
    return sum(context), os.getpid()


def _refused(context: list[int]) -> int:
    raise InputError("row 3: no good")


@pytest.mark.parametrize("aside", [True, False])
def test_work_computed_aside_gives_the_result_computed_here(aside: bool) -> None:
    held = list(range(100))
    with computed_aside(_made_in, held, aside=aside) as future:
        assert list(ordered_map(_tagged, range(6), 2, "c")) == [(n * n, "c") for n in range(6)]  # workers meanwhile
        total, process = future.result()
    assert total == sum(range(100)) + 1
    assert (process != os.getpid()) is aside
    assert len(held) == (100 if aside else 101)


def test_an_error_computed_aside_reaches_the_caller_as_raised() -> None:
    with computed_aside(_refused, [1]) as future, pytest.raises(InputError, match="row 3: no good"):
        future.result()
