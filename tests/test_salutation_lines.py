"""Greetings and sign-offs read only the ends of a message, exactly as splitting all its lines would."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.rules.salutations import _first_line, last_lines_of

PIECES = st.sampled_from(
    ["a", "Rob", " ", "\n", "\r", "\r\n", "\x0b", "\x1c", "\u2028", "\x85", "\t", "\xa0", "\n \n", "x" * 300]
)
texts = st.lists(PIECES, max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(texts, st.integers(min_value=1, max_value=5))
def test_last_lines_agree_with_all_lines(text: str, count: int) -> None:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert last_lines_of(text, count) == lines[-count:]


@settings(max_examples=300, deadline=None)
@given(texts)
def test_first_line_agrees_with_all_lines(text: str) -> None:
    assert _first_line(text) == next((line for line in text.splitlines() if line.strip()), None)
