"""Identifier patterns run on the lines that can hold a match find what a scan of the whole text finds.

Likewise, texts that the quick test says can only hold an address written in
words give what running every pattern gives.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nicknames.rules.identifier_patterns import COMPILED, matches
from nicknames.rules.identifiers import (
    Identifier,
    IdentifierRules,
    identifier_rules,
    without_overlaps,
)
from nicknames.rules.written_identifiers import (
    _DOMAIN,
    _HOST,
    _HOST_SEEN,
    _LOCAL_PART,
    _may_end_local_part,
    _may_start_host,
)

PIECES = st.sampled_from([
    "mary.poe", "@", "example.org", " at ", "[at]", "(at)", " ", "\n", "713", "-", "853", "1234", "+44", "(",
    ")", ".", "x", "ext.", "a", "_", "\r", "www.", "http://", "ab",
])
texts = st.lists(PIECES, max_size=40).map("".join)


@settings(max_examples=400, deadline=None)
@given(texts, st.sampled_from(["email", "phone", "url", "handle"]))
def test_windows_find_what_the_whole_text_scan_finds(text: str, kind: str) -> None:
    whole = [(m.span(), m.group()) for m in COMPILED[kind].finditer(text)]
    assert [(m.span(), m.group()) for m in matches(kind, text)] == whole


RULES = identifier_rules(participants=["U0012", "js42", "Ab\u0663x"])
ID_PIECES = st.sampled_from(["U0012", "u0012", "js42", "Ab\u0663x", "Www.", "WWW.", "://", "é", "\u0663", "9", "mary"])


def every_pattern(rules: IdentifierRules, text: str) -> list[Identifier]:
    """What ``find`` gives without the quick test: every kind's pattern run over the text."""
    found = [span for kind in rules.kinds if kind in COMPILED for span in rules._spans(kind, text)]
    assert rules.ids is not None
    found.extend(Identifier("id", m.start(), m.end(), m.group(), rules.owners.get(m.group().lower()))
                 for m in rules.ids.finditer(text))
    return without_overlaps(found)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(PIECES, ID_PIECES), max_size=30).map("".join))
def test_quick_test_skips_only_texts_without_identifiers(text: str) -> None:
    assert RULES.find(text) == every_pattern(RULES, text)


@settings(max_examples=400, deadline=None)
@given(texts, st.data())
def test_local_part_test_passes_every_local_part(text: str, data: st.DataObject) -> None:
    end = data.draw(st.integers(0, len(text)))
    start = data.draw(st.integers(0, end))
    if _LOCAL_PART.search(text, start, end) is not None:
        assert _may_end_local_part(text, start, end)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(PIECES, st.sampled_from(["dot", " dot ", "example", "-", "\t", "\u2003", "a" * _HOST_SEEN])),
                max_size=40).map("".join))
@example("mary.poe" + "a" * 128 + " dot mary.poe")  # "dot" cut by the window read
def test_host_test_passes_every_domain_and_host(text: str) -> None:
    for at in range(len(text) - 3):
        domain = _DOMAIN.match(text, at + 4)
        if _HOST.match(text, at + 4) is not None or (domain is not None and "." in domain.group()):
            assert _may_start_host(text, at)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("x mary.poe at", "mary.poe"),
        ("@@ at  at  at 713713713www.ab\n", None),  # a line break ends the window: no local part before it
        ("x mary.poe\n at", None),
    ],
)
def test_a_local_part_ends_where_the_window_ends(text: str, found: str | None) -> None:
    end = text.rfind(" at") if text.endswith(" at") else len(text)
    match = _LOCAL_PART.search(text, 0, end)
    assert (match.group() if match else None) == found
    assert _may_end_local_part(text, 0, end) or match is None
