"""Where the sign-off of a message starts: read from the end, the same as over all lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.apply.zones import _signoff_start, _signoff_start_by_lines


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", 1),
        ("Hi Rob", 7),  # one line: no sign-off
        ("Hi Rob\nThanks", 7),  # two lines: the second
        ("Hi Rob\nText\nThanks,\nMary", 12),  # the last two non-empty lines
        ("Hi\n\n  \nThanks,\n\nMary\n\n", 7),  # blank lines do not count
    ],
)
def test_signoff_start(text: str, expected: int) -> None:
    assert _signoff_start(text) == expected == _signoff_start_by_lines(text)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(["a", " ", "\t", "\n", "\r", "\xa0", "\x1c", "\u2028", "é"]), max_size=40))
def test_reading_from_the_end_agrees_with_reading_all_lines(text: str) -> None:
    assert _signoff_start(text) == _signoff_start_by_lines(text)
