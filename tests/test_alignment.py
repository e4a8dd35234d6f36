"""Lining up an output with its original: the changed ranges."""

from __future__ import annotations

import pytest

from nicknames.check.alignment import Change, changes, covered


@pytest.mark.parametrize(
    ("original", "output", "expected"),
    [
        ("Hi Mary, thanks", "Hi Mary, thanks", []),
        ("Hi Mary, thanks", "Hi [U1], thanks", [(2, 8, " [U1],")]),
        ("Mary Jane said", "[U1] said", [(0, 9, "[U1]")]),
        ("Mary Jane said", "[U1] Jane said", [(0, 4, "[U1]")]),
        ("Thanks,\nR o b e r t", "Thanks,\n[U1]", [(7, 19, "\n[U1]")]),
        ("Mary's idea", "[U1]'s idea", [(0, 5, "[U1]'")]),
    ],
)
def test_changes(original: str, output: str, expected: list[tuple[int, int, str]]) -> None:
    assert [(c.start, c.end, c.replacement) for c in changes(original, output)] == expected


def test_a_change_of_the_name_covers_the_whole_name() -> None:
    found = changes("Hi Mary, thanks", "Hi [U1], thanks")
    assert covered(3, 7, found) == 4  # "Mary" at 3..7


def test_an_insertion_touches_a_range_only_strictly_inside() -> None:
    insertion = Change(5, 5, "x")
    assert insertion.overlaps(3, 7)
    assert not insertion.overlaps(5, 7)
    assert Change(3, 7, "y").overlaps(6, 9) and not Change(3, 7, "y").overlaps(7, 9)
