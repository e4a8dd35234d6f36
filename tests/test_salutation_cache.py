"""Greeting and closer patterns are matched once per distinct short line: the same answers as matching every time."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


_STARTS = ["Thanks", "thank you", "Best regards", "Mvh", "Hälsningar", "Liebe Grüße", "Saludos", "Cheers", "Hi", "Hej",
           "Dear", "Hallo", "Bonjour", "Terveisin", "Venlig hilsen", "Take care", "The", "Time", "Then", "Ta", "  Hi",
           "\tThanks", "-- ", "Best", "Bes", "Kind", "Thx", "tia", "Tiara", "Mvhx", "Dear-John", "Re:"]


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(["greeting", "closer"]), st.sampled_from(_STARTS),
       st.text(alphabet=" ,!.:-\u00a0aZxy\n", max_size=12), st.sampled_from(["", " Ann", " " + "y" * READ_KEY_CHARS]))
def test_the_quick_look_at_a_line_start_gives_what_the_pattern_gives(kind: str, start: str, middle: str,
                                                                       end: str) -> None:
    rules = Rules()
    assert rules.built_in
    line = start + middle + end
    expected, found = rules.pattern(kind).match(line), rules.match(kind, line)
    assert (found is None) == (expected is None)
    if found is not None and expected is not None:
        assert found.span() == expected.span() and found.groups() == expected.groups()


def test_lines_are_looked_at_quickly_with_built_in_words_only() -> None:
    rules = Rules()
    assert rules.match("closer", "Then we went home, and the plan was fine " + "x" * READ_KEY_CHARS) is None
    assert ("closer", "Then") in rules._heads
    configured = rules.extended(closers=["then"])
    assert not configured.built_in
    assert configured.match("closer", "Then we went home " + "x" * READ_KEY_CHARS) is not None
    assert configured._heads == {}
