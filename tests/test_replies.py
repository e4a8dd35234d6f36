"""Reply links: parents that point nowhere and loops are counted, never followed forever."""

from __future__ import annotations

import pytest

from nicknames.model.replies import ReplyCheck, check_replies


@pytest.mark.parametrize(
    ("ids", "parents", "expected"),
    [
        (["1", "2"], [None, "1"], ReplyCheck(0, 0)),
        (["1", "2"], [None, "9"], ReplyCheck(1, 0)),
        (["1"], ["1"], ReplyCheck(0, 1)),
        (["1", "2", "3"], ["2", "1", "2"], ReplyCheck(0, 2)),
        (["1", "2", "3", "4"], ["2", "3", "1", "1"], ReplyCheck(0, 3)),
        (["1", "2", "3"], ["x", "1", "y"], ReplyCheck(2, 0)),
    ],
    ids=["clean", "missing", "self", "two-loop", "three-loop-with-tail", "two-missing"],
)
def test_check_replies(ids: list[str], parents: list[str | None], expected: ReplyCheck) -> None:
    assert check_replies(ids, parents) == expected
    assert expected.clean == (expected == ReplyCheck())


def test_long_chains_are_linear() -> None:
    count = 200_000
    ids = [str(i) for i in range(count)]
    parents = [None, *ids[:-1]]
    parents[0] = ids[-1]
    assert check_replies(ids, parents) == ReplyCheck(0, count)
