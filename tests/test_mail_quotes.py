"""Own words and quotes: quote levels line by line."""

from __future__ import annotations

import pytest

from nicknames.rules.quotes import Segment, own_words, quote_levels, split_quotes


@pytest.mark.parametrize(
    ("lines", "levels"),
    [
        (["Hi", "> quoted", ">> older", "> back", "me"], [0, 1, 2, 1, 0]),
        (["Hi", "> > spaced marks"], [0, 2]),
        (["Thanks", "On Mon, 3 Jan 2022, Ann <a@b.org> wrote:", "> text"], [0, 1, 1]),
        (["Thanks", "On Mon, 3 Jan 2022 at 10:00, Ann Lee <", "a@b.org> wrote:", "> text"], [0, 1, 1, 1]),
        (["Thanks", "", "Ann Lee wrote:", "", "> text"], [0, 0, 1, 1, 1]),
        (["Ok", "-----Original Message-----", "From: Ann", "Sent: Monday", "text"], [0, 1, 1, 1, 1]),
        (["Ok", "-----Original Message-----", "From: Ann", "-----Original Message-----", "From: Bob"],
         [0, 1, 1, 2, 2]),
        (["FYI", "---------- Forwarded message ---------", "From: Ann"], [0, 1, 1]),
        (["FYI", "Begin forwarded message:", "From: Ann"], [0, 1, 1]),
        (["FYI", "----- Forwarded by Ann Lee/HOU/ECT on 01/03/2001 10:00 AM -----", "text"], [0, 1, 1]),
        (["Ok", "________________________________", "From: Ann", "text"], [0, 1, 1, 1]),
        (["A rule", "________________________________", "not a header"], [0, 0, 0]),
        (["Rob wrote:", "no quote follows"], [0, 0]),
        (["Sure.", "Quoting Ann Lee <a@b.org>:", "> text"], [0, 1, 1]),  # a webmail's attribution
        (["Quoting the manual:", "it says so"], [0, 0]),
        (["-- ", "Rob Grey", "Signature stays"], [0, 0, 0]),
        (["Hi", "GV> quoted by initials", "me"], [0, 1, 0]),  # Supercite
        (["Ok", "    Harold> quoted by name"], [0, 1]),  # Gnus
        (["Ok", "|> Usenet", "|>> older"], [0, 1, 2]),
        (["Ok", "> GV> nested", "GV>"], [0, 2, 1]),
        (["a>b is no quote", "Note>nor this", "x -> y"], [0, 0, 0]),
        # a separator on a quoted line opens a quote inside that quote only: the author's lines under it are theirs
        (["Hi", "> x", "> -----Original Message-----", "> From: Ann", "> text", "", "mine", "-- ", "Ben"],
         [0, 1, 2, 2, 2, 1, 0, 0, 0]),
        (["Hi", ">> -----Original Message-----", ">> From: Ann", "> between", ">> more"], [0, 3, 3, 1, 2]),
        (["Ok", "-----Original Message-----", "From: Ann", "> old", "text"], [0, 1, 1, 2, 1]),  # unmarked: to the end
    ],
)
def test_quote_levels(lines: list[str], levels: list[int]) -> None:
    assert quote_levels([line + "\n" for line in lines]) == levels


def test_segments_cover_the_text_exactly() -> None:
    text = "Hi Ann,\nyes.\n\nOn Mon, Ann wrote:\n> Hi Rob\n>> older\nmore of mine"
    segments = split_quotes(text)
    assert "".join(text[s.start : s.end] for s in segments) == text
    assert [s.level for s in segments] == [0, 1, 2, 0]
    assert segments[0] == Segment(0, 14, 0)


def test_own_words_leave_quotes_out() -> None:
    text = "Hi Ann,\n> Hi Rob,\n> Ann\nThanks,\nRob\n"
    assert own_words(text) == "Hi Ann,\nThanks,\nRob\n"


def test_empty_text_has_no_segments() -> None:
    assert split_quotes("") == []


def test_invalid_segment_is_refused() -> None:
    with pytest.raises(ValueError):
        Segment(3, 1, 0)


@pytest.mark.parametrize("end", ["\n", "\r", "\r\n", "\u2028", "\x0c"])
def test_a_quote_under_an_attribution_is_found_whatever_ends_its_lines(end: str) -> None:
    """Lines end where ``str.splitlines`` ends them, so the look-up before the reading finds such a quote too."""
    text = f"On Mon, Ann wrote:{end}| quoted"
    assert own_words(text) == ""
