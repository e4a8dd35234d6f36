"""A long text is matched a window at a time (``NameMatcher.iter_spans``): the same spans as in one pass."""

from __future__ import annotations

import random

import pytest

from nicknames.rules.matcher import compile_names

NAMES = ["Mary", "Mary Jane", "Jane Poe", "Ed", "Edward", "Tim", "Anne-Marie", "Zoë", "Renée", "Ma", "Jo Ann Li",
         "mary", "ed"]
PIECES = [*NAMES, "time", "Edda", "the", "and", "Marys", "Timothy", "  ", "\n", "-", ",", "Jane", "Poe", "ZoëX",
          "xMary", "Mary2", "Re\u0301ne\u0301e", "Ma\u200bry", "MaryJane"]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("window", [40, 97, 500])
def test_windows_give_the_spans_of_one_pass(seed: int, window: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        matcher = compile_names(rng.sample(NAMES, rng.randint(1, len(NAMES))), glued=rng.choice([[], ["Mary"]]))
        assert matcher is not None
        text = "".join(rng.choice(PIECES) + rng.choice([" ", "", "\n", " "]) for _ in range(rng.randint(50, 1500)))
        matcher._window = 10**9
        whole = matcher.spans(text)
        matcher._window = max(window, 2 * matcher._reach)
        assert matcher.spans(text) == whole


@pytest.mark.parametrize("seed", range(4))
def test_names_of_a_long_text_are_read_by_windows(seed: int) -> None:
    """``names_in`` and ``names_in_texts`` read a text longer than the window a window at a time: the same names."""
    rng = random.Random(seed)
    matcher = compile_names(rng.sample(NAMES, rng.randint(1, len(NAMES))), glued=rng.choice([[], ["Mary"]]))
    assert matcher is not None
    texts = ["".join(rng.choice(PIECES) + rng.choice([" ", "", "\n"]) for _ in range(rng.randint(1, 400)))
             for _ in range(5)]
    matcher._window = 10**9
    whole = [matcher.names_in(text) for text in texts]
    matcher._window = max(60, 2 * matcher._reach)
    assert [matcher.names_in(text) for text in texts] == whole
    assert matcher.names_in_texts(texts) == whole
    assert whole == [{name for _, _, name in matcher.spans(text)} for text in texts]
