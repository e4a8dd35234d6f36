"""The normalised view of a text, and the way back from its offsets to the original text."""

from __future__ import annotations

import sys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.rules.text_forms import (
    INVISIBLE,
    matching_view,
    normalised,
    read_references,
)


@pytest.mark.parametrize(
    ("text", "view", "identical"),
    [
        ("Mary Jane", "Mary Jane", True),  # ASCII is its own view
        ("Renée", "Renée", True),  # NFC with nothing to skip
        ("Rene\u0301e", "Renée", False),  # NFD composed
        ("Ma\u200bry", "Mary", False),  # a zero-width space skipped
        ("Ma\xadry", "Mary", False),  # a soft hyphen
        ("Ma\u200dry\u2060", "Mary", False),  # a zero-width joiner, a word joiner
        ("\ufeffMary", "Mary", False),  # a byte-order mark
        ("E\u200b\u0301", "\u00c9", False),  # a mark parted from its letter by an invisible character composes
        ("Mary\u2011Jane", "Mary-Jane", True),  # hyphens one for one: offsets unchanged
        ("Mary\u2010Jane", "Mary-Jane", True),
        ("Sean O\u2019Brien and O\u02bcBrien", "Sean O'Brien and O'Brien", True),  # apostrophes one for one
        ("M\u0430ry", "M\u0430ry", True),  # a confusable stays (audit's skeleton finds it)
        ("O&#39;Neill", "O'Neill", False),  # HTML character references inside names
        ("O&#0039;Neill O&#X27;Neill", "O'Neill O'Neill", False),
        ("Kasimir&nbsp;Vey", "Kasimir Vey", False),
        ("Ren\u0065\u0301e O&rsquo;Neill", "Renée O'Neill", False),  # composed, read together, the apostrophe plain
        ("R&amp;D &lt;b&gt; &#38; &#8212; &bogus; &#1114112;", "R&amp;D &lt;b&gt; &#38; &#8212; &bogus; &#1114112;",
         True),  # others stay as written
        ("Jos&eacute; M&uuml;ller, Fran&#231;ois and Fran&#xE7;ois", "José Müller, François and François", False),
        ("Rene&#769;e &#65;da", "Renée Ada", False),  # a combining accent composes; a letter by number
        # the underscores of emphasis are spaces, one for one; underscores inside a word stay
        ("Ask _Mary_ first", "Ask  Mary  first", True),
        ("__Mary Jane__, thanks", "  Mary Jane  , thanks", True),
        ("(_Mary_) and _Ren\u0065\u0301e_", "( Mary ) and  Renée ", False),
        ("_O&#39;Neill_", " O'Neill ", False),
        ("mary_jane, _private, a__b, snake_case_", "mary_jane, _private, a__b, snake_case_", True),
        ("_1990_ and _Mary\n_", "_1990_ and _Mary\n_", True),  # no letter after the opening; across a line
    ],
)
def test_view(text: str, view: str, identical: bool) -> None:
    found = matching_view(text)
    assert (found.text, found.identical) == (view, identical)
    assert normalised(text) == view


@pytest.mark.parametrize(
    ("text", "start", "end", "original"),
    [
        ("Hi Rene\u0301e!", 3, 8, (3, 9)),  # "Renée" in the view is six characters of the text
        ("x Ma\u200bry y", 2, 6, (2, 7)),
        ("\u200bMary", 0, 4, (1, 5)),  # a skipped character before a name stays out of its span
        ("x E\u200b\u0301 y", 2, 3, (2, 5)),
        ("Hi O&#39;Neill!", 3, 10, (3, 14)),  # a reference is one character of the view
        ("Hi O&#39;Neill!", 4, 5, (4, 9)),
        ("Kasimir&nbsp;Vey", 8, 11, (13, 16)),
        ("Rene\u0301e&#39;s", 0, 6, (0, 11)),
        ("Hi Jos&eacute;!", 3, 7, (3, 14)),  # a letter's reference is one character of the view
    ],
)
def test_spans_map_back(text: str, start: int, end: int, original: tuple[int, int]) -> None:
    assert matching_view(text).span(start, end) == original


def test_skeleton_folds_confusables_and_compatibility_forms() -> None:
    assert matching_view("M\u0430ry \uff2d\uff41\uff52\uff59", skeleton=True).text == "Mary Mary"


def test_invisible_is_every_format_character() -> None:
    chars = (chr(code) for code in range(sys.maxunicode + 1))
    assert all((INVISIBLE.match(char) is not None) == (unicodedata.category(char) == "Cf") for char in chars)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("aé e\u0301\u200b\xad\u2011-\u0301\u0430张_"), max_size=30))
def test_every_view_span_shows_its_text(text: str) -> None:
    """Each view character maps back to original characters whose own view is that character (or includes it)."""
    view = matching_view(text)
    for index in range(len(view.text)):
        start, end = view.span(index, index + 1)
        shown = text[start:end]
        assert view.text[index] in normalised(shown) or (view.text[index] == " " and "_" in shown)  # emphasis


PIECES = ["a", "é", "e\u0301", "\u200b", " ", "&#39;", "&nbsp;", "&#x27;", "&amp;", "&#160", "&", "\u0301", "Z",
          "&eacute;", "&#769;", "&#38;", "&lt;"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=20))
def test_every_view_span_of_a_text_with_references_shows_its_text(pieces: list[str]) -> None:
    """With character references too, each view character maps back to text whose own view holds it, and the
    references the view reads are the ones ``read_references`` reads."""
    text = "".join(pieces)
    view = matching_view(text)
    for index in range(len(view.text)):
        start, end = view.span(index, index + 1)
        assert view.text[index] in normalised(text[start:end])
    assert normalised(read_references(text)) == view.text
