"""Identifier patterns run on the lines that can hold a match find what a scan of the whole text finds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.identifiers import _COMPILED, _matches

PIECES = st.sampled_from([
    "mary.poe", "@", "example.org", " at ", "[at]", "(at)", " ", "\n", "713", "-", "853", "1234", "+44", "(",
    ")", ".", "x", "ext.", "a", "_", "\r", "www.", "http://", "ab",
])
texts = st.lists(PIECES, max_size=40).map("".join)


@settings(max_examples=400, deadline=None)
@given(texts, st.sampled_from(["email", "phone", "url", "handle"]))
def test_windows_find_what_the_whole_text_scan_finds(text: str, kind: str) -> None:
    whole = [(m.span(), m.group()) for m in _COMPILED[kind].finditer(text)]
    assert [(m.span(), m.group()) for m in _matches(kind, text)] == whole
