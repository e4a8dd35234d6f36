"""The engine's worker processes: results in input order, whatever the number of workers."""

from __future__ import annotations

import pytest

from nicknames.engine.run import ordered_map


def _tagged(item: int, context: str) -> tuple[int, str]:
    return item * item, context


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_ordered_map_gives_the_results_of_one_process_in_order(jobs: int) -> None:
    assert list(ordered_map(_tagged, range(20), jobs, "c")) == [(n * n, "c") for n in range(20)]
