"""Where the sign-off of a message starts: read from the end, the same as over all lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.apply.resolution import Zone
from nicknames.apply.zones import _last_lines_start, _signoff_start_by_lines, zones_of


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
    assert _last_lines_start(text) == expected == _signoff_start_by_lines(text)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(["a", " ", "\t", "\n", "\r", "\xa0", "\x1c", "\u2028", "é"]), max_size=40))
def test_reading_from_the_end_agrees_with_reading_all_lines(text: str) -> None:
    assert _last_lines_start(text) == _signoff_start_by_lines(text)


LISTSERV = "#" * 72 + "\n\nTo unsubscribe from the Will list, click the following link:\nhttps://list.example.org/x\n"
LEGAL = ("*" * 40 + "\nThis e-mail is confidential and may be legally privileged. If you are not the intended recipient,\n"
         "delete it.\n" + "*" * 40 + "\nExample Ltd, registered office: Town\n")
SIGNED = "Hi Will,\nI will ask Will.\nThanks,\nArt\n\n-- \nArt Quell, Ph.D.\nRoom 7, Quarry Lane\n"


@pytest.mark.parametrize(
    ("text", "word", "zone"),
    [
        ("Hi Will,\nI will ask Will.\nThanks,\nArt", "Will,", Zone.GREETING),
        ("Hi Will,\nI will ask Will.\nThanks,\nArt", "Will.", Zone.BODY),
        ("Hi Will,\nI will ask Will.\nThanks,\nArt", "Art", Zone.SIGNOFF),
        # an HTML post's paragraphs and breaks are its lines
        ("<p>Hi Will,</p><p>I will ask Will.</p><p>Thanks,<br>Art</p>", "Will,", Zone.GREETING),
        ("<p>Hi Will,</p><p>I will ask Will.</p><p>Thanks,<br>Art</p>", "Will.", Zone.BODY),
        ("<p>Hi Will,</p><p>I will ask Will.</p><p>Thanks,<br>Art</p>", "Art", Zone.SIGNOFF),
        ("<div>Hi Will,<br/>I will ask Will about the notes this week.<br/>Art</div>", "Will about", Zone.BODY),
        # a tag mentioned in a plain post breaks no line
        ("Hi Will, a <p> here and a </p> there, ask Will.\nok\nArt", "Will.", Zone.GREETING),
        # above a signature block ("-- "), the last lines are those above the delimiter; the block signs too
        (SIGNED, "Art\n", Zone.SIGNOFF),
        (SIGNED, "Art Quell", Zone.SIGNOFF),
        (SIGNED, "Will.", Zone.BODY),
        (SIGNED.replace("-- \n", "--\n"), "Art\n", Zone.SIGNOFF),          # "--" as often written
        (SIGNED.replace("-- \n", "---\n"), "Art\n", Zone.SIGNOFF),         # a rule of dashes or underscores too
        (SIGNED.replace("-- \n", "________\n"), "Art Quell", Zone.SIGNOFF),
        # a boxed signature: the rule that closes the box has nothing under it, the block is the one it closes
        (SIGNED.replace("-- \n", "-- \n" + "-" * 30 + "\n") + "-" * 30 + "\n", "Art\n", Zone.SIGNOFF),
        (SIGNED.replace("-- \n", "-" * 30 + "\n") + "-" * 30 + "\n", "Art\n", Zone.SIGNOFF),
        # a signature laid out in columns: its first line's first column is short
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\n\n" + "-" * 30 + "\n Art Quell              E-Mail: art at "
         "harbour dot example dot org\n Room 7\n", "Art\n", Zone.SIGNOFF),
        # but not a rule between paragraphs, nor one before a forwarded message
        ("Hi Will,\nI will ask Will.\n\n---\n\nEDIT: I will ask Will again tomorrow.\nok\nArt", "Will again", Zone.BODY),
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\n\n_____\nFrom: Will Quell\nSent: Monday\n", "Art\n", Zone.BODY),
        (SIGNED + "\n".join(["> quoted"] * 11), "Art\n", Zone.SIGNOFF),  # a quote below: the sign-off is above it
        (SIGNED + "\n".join(["own text"] * 11), "Art\n", Zone.BODY),  # a long text of the sender's own below
        # a reply written above the message it quotes: its sign-off is above the quote, the quote's is the body's
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\n\n-----Original Message-----\nFrom: Will\nSent: Monday\n\n"
         "Sure.\nWillem", "Art\n", Zone.SIGNOFF),
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\n\n-----Original Message-----\nFrom: Will\nSent: Monday\n\n"
         "Sure.\nWillem", "Willem", Zone.BODY),
        # and a signature block under the quote signs with it, as some mail programs place it
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\n\nOn Monday, Will wrote:\n> Sure.\n> Willem\n\n-- \nArt Quell\n",
         "Art\n", Zone.SIGNOFF),
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\n\nOn Monday, Will wrote:\n> Sure.\n> Willem\n\n-- \nArt Quell\n",
         "Art Quell", Zone.SIGNOFF),
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\n\nOn Monday, Will wrote:\n> Sure.\n> Willem\n\n-- \nArt Quell\n",
         "Willem", Zone.BODY),
        ("Hi Will,\nI will ask Will.\n-- \nArt Quell", "Will.", Zone.SIGNOFF),  # a short line above, as without
        # above a mailing list's footer, its rule and lines aside, what is above is read as without it
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\n" + LISTSERV, "Art\n", Zone.SIGNOFF),
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\n" + LISTSERV, "Will list", Zone.BODY),
        (SIGNED + LISTSERV, "Art Quell", Zone.SIGNOFF),
        # and above an organisation's legal notice between rules
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\n" + LEGAL, "Art\n", Zone.SIGNOFF),
        # an archive's note on a line of its own is a blank line: the sign-off and the quote are above it
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\nHarbour Lab\n\n\t[[alternative HTML version deleted]]", "Art\n",
         Zone.SIGNOFF),
        ("Hi Will,\nI will ask Will.\nThanks,\nArt Quell\nHarbour Lab\n\n2016-06-30 1:40 GMT+01:00 Will <w at x.org>:\n\n"
         "> Sure.\n> Willem\n\n??? [[alternative HTML version deleted]]\n", "Art Quell", Zone.SIGNOFF),
        ("Hi Will,\nI will ask Will.\nThanks,\nArt Quell\nHarbour Lab\n\n2016-06-30 1:40 GMT+01:00 Will <w at x.org>:\n\n"
         "> Sure.\n> Willem\n\n??? [[alternative HTML version deleted]]\n", "Willem", Zone.BODY),
        ("Hi Will,\nI will ask Will.\nThanks,\nArt\nSee the page.\nIt is [[Will Quell]] now", "Art\n", Zone.BODY),  # not
        # a line with more words than the note
    ],
)
def test_zones_of(text: str, word: str, zone: Zone) -> None:
    assert zones_of(text)(text.index(word)) is zone
