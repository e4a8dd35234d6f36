"""The engine's worker processes: results in input order, whatever the number of workers, and serial work computed
aside in a copy of the driver while the workers run."""

from __future__ import annotations

import os

import pytest

from nicknames.engine.run import computed_aside, ordered_map
from nicknames.model.errors import InputError


def _tagged(item: int, context: str) -> tuple[int, str]:
    return item * item, context


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_ordered_map_gives_the_results_of_one_process_in_order(jobs: int) -> None:
    assert list(ordered_map(_tagged, range(20), jobs, "c")) == [(n * n, "c") for n in range(20)]


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
