"""Counting a message's mentions gives what the ``Replacement`` records would."""

from __future__ import annotations

from collections import Counter

import pytest

from nicknames.replacement_counts import ReplacementCounts
from nicknames.substitute import Mention

ROB = (0, 3, "Rob", "Rob", "u1", "[u1]", "only", ("u1",), "name", 1.0, "")
SAM = (4, 7, "Sam", "Sam", "u3", "[u3]", "signoff", ("u3", "u4"), "name", 1.0, "")
UNDECIDED = (8, 11, "Sam", "Sam", "u3", "[u3]", "first", ("u3", "u4"), "name", 0.5, "")
MAIL = (12, 20, "a@b.org", "a@b.org", "", "[EMAIL]", "identifier", (), "email", 1.0, "")
KEPT = (21, 24, "Ann", "Ann", "", "Ann", "skip", ("u5", "u6"), "name", 0.0, "")


@pytest.mark.parametrize("mentions", [[], [ROB], [ROB, ROB], [ROB, SAM], [MAIL, ROB, UNDECIDED], [KEPT], [KEPT, ROB]])
def test_counts_are_those_of_the_records(mentions: list[Mention]) -> None:
    counts = ReplacementCounts()
    counts.count(mentions)
    names = [m for m in mentions if m[8] == "name"]
    shared = [m for m in names if len(m[7]) > 1]
    assert counts.tally == Counter((m[4], m[3]) for m in names)
    assert counts.kinds == Counter(m[8] for m in mentions if m[8] != "name")
    assert counts.rules == Counter(m[6] for m in shared)
    assert counts.review == sum(m[6] in ("first", "mark", "skip") for m in shared)
    assert counts.changed == int(any(m[5] != m[2] for m in mentions))
    assert counts.replaced == len(mentions)


def test_chunks_add_up() -> None:
    total, chunk = ReplacementCounts(), ReplacementCounts()
    chunk.count([ROB, SAM, MAIL])
    total.add(chunk)
    total.add(chunk)
    assert (total.tally[("u1", "Rob")], total.kinds["email"], total.rules["signoff"], total.changed,
            total.replaced) == (2, 2, 2, 2, 6)
