"""The (scope, participant) pairs of a file's messages, gathered a step at a time, are every pair once."""

from __future__ import annotations

import random

import numpy as np
import pytest

from nicknames import pairs
from nicknames.pairs import distinct, member_pairs


def naive(scope: list[int], sender: list[int], parent: list[int], members: int) -> list[int]:
    found = {s * members + who for s, who in zip(scope, sender)}
    found |= {s * members + who for s, who in zip(scope, parent) if who >= 0}
    return sorted(found)


@pytest.mark.parametrize(("scope", "sender", "parent", "members", "expected"), [
    ([], [], [], 3, []),
    ([0], [2], [-1], 3, [2]),
    ([0, 0], [1, 1], [-1, 1], 3, [1]),  # a sender replying to themself counts once
    ([1, 0], [0, 2], [2, -1], 3, [2, 3, 5]),  # scope 1: sender 0 replies to 2; scope 0: sender 2
    ([0, 1, 0], [1, 1, 0], [0, 0, 1], 2, [0, 1, 2, 3]),
])
def test_pairs_of_senders_and_the_senders_they_reply_to(scope: list[int], sender: list[int], parent: list[int],
                                                        members: int, expected: list[int]) -> None:
    codes = [np.array(values, dtype=np.int32) for values in (scope, sender, parent)]
    assert member_pairs(*codes, members).tolist() == expected


@pytest.mark.parametrize("step", [1, 3, 64, 2**16])
@pytest.mark.parametrize("seed", range(4))
def test_pairs_are_the_same_whatever_the_step(monkeypatch: pytest.MonkeyPatch, step: int, seed: int) -> None:
    monkeypatch.setattr(pairs, "STEP", step)
    rng = random.Random(seed)
    count, members = 200, 7
    scope = [rng.randrange(5) for _ in range(count)]
    sender = [rng.randrange(members) for _ in range(count)]
    parent = [rng.choice([-1, rng.randrange(members)]) for _ in range(count)]
    where, who, replied = (np.array(values, dtype=np.int32) for values in (scope, sender, parent))
    assert member_pairs(where, who, replied, members).tolist() == naive(scope, sender, parent, members)
    by_member = sorted((pair % members) * 5 + pair // members for pair in naive(scope, sender, parent, members))
    assert member_pairs(where, who, replied, members, 5).tolist() == by_member
    among = [pair for pair in by_member if 2 <= pair // 5 < 4]
    assert member_pairs(where, who, replied, members, 5, range(2, 4)).tolist() == among


@pytest.mark.parametrize(("values", "expected"), [
    ([], []), ([5], [5]), ([3, 1, 3, 2, 1], [1, 2, 3]), ([7, 7, 7], [7]), ([-1, 2**40, -1], [-1, 2**40]),
])
def test_distinct_values_in_order(values: list[int], expected: list[int]) -> None:
    assert distinct(np.array(values, dtype=np.int64)).tolist() == expected
