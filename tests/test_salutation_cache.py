"""Greeting and closer patterns are matched once per distinct short line: the same answers as matching every time."""

from __future__ import annotations

import pickle

import pytest

from nicknames.rules.salutation_rules import READ_KEY_CHARS, Rules


@pytest.mark.parametrize("kind", ["greeting", "closer"])
@pytest.mark.parametrize("line", ["Hi Mary,", "Thanks,", "Best regards, Ann", "the plan is fine", "x" * (READ_KEY_CHARS + 5)])
def test_a_line_matched_again_gives_what_the_pattern_gives(kind: str, line: str) -> None:
    rules = Rules()
    expected = rules.pattern(kind).match(line)
    for _ in range(2):
        found = rules.match(kind, line)
        assert (found is None) == (expected is None)
        if found is not None and expected is not None:
            assert found.span() == expected.span() and found.groups() == expected.groups()


def test_only_short_lines_are_remembered() -> None:
    rules = Rules()
    rules.match("closer", "Thanks,")
    rules.match("closer", "Thanks, " + "x" * READ_KEY_CHARS)
    assert list(rules._matched) == [("closer", "Thanks,")]


def test_rules_that_matched_lines_can_be_sent_to_a_worker() -> None:
    rules = Rules()
    rules.match("closer", "Thanks,")
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules and copy._matched == {}
    assert copy.match("closer", "Thanks,") is not None
