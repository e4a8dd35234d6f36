"""Where the footers at the end of a message start, a mailing list's and a forum page's (``rules.footers``)."""

from __future__ import annotations

import pytest

from nicknames.rules.footers import (
    FOOTER_LINES,
    footer_start,
    list_footer_start,
    page_footer_start,
    without_footer,
)

RULE = "_" * 47
MAILMAN = f"{RULE}\nresearch-list mailing list\nresearch-list@lists.example.org\nhttps://lists.example.org/mailman/listinfo/x\n"
LISTSERV = ("#" * 72 + "\n\nTo unsubscribe from the READING-GROUP list, click the following link:\n"
            "https://list.example.ac.uk/cgi-bin/wa?SUBED1=READING-GROUP&A=1\n")
GROUPS = ("-- \nYou received this message because you are subscribed to the Google Groups \"Reading Group\" group.\n"
          "To unsubscribe from this group, send an email to reading-group+unsubscribe@googlegroups.com.\n")


LEGAL = ("-" * 96 + "\n" + "-" * 20 + "\nExample Research GmbH\n12345 Town\nSitz der Gesellschaft: Town\n"
         "Eingetragen im Handelsregister des Amtsgerichts Town Nr. HR B 1\n" + "-" * 96 + "\n" + "-" * 96
         + "\n\nKennen Sie schon unsere App? http://www.example.org/app")
STARS = "*" * 40


@pytest.mark.parametrize(
    ("text", "own"),
    [
        (f"Fixed.\n\nHP\n\n{MAILMAN}", "Fixed.\n\nHP\n\n"),  # Mailman
        (f"Fixed.\n\nHP\n\n{LISTSERV}", "Fixed.\n\nHP\n\n"),  # LISTSERV's rule of hashes
        (f"Fixed.\nHarold\n{GROUPS}", "Fixed.\nHarold\n"),  # Google Groups, under the delimiter "-- "
        (f"Fixed.\n-- \nHarold Penbrook\n{MAILMAN}", "Fixed.\n-- \nHarold Penbrook\n"),  # a signature above it stays
        ("Fixed.\n-- \nHarold Penbrook\nChair, research-list mailing list\n", None),  # a signature naming a list
        (f"Fixed.\n{RULE}\nHarold Penbrook\nDept. of Physics\n", None),  # a rule above a signature says nothing
        (f"Fixed.\n{RULE}\nFrom: Harold\nTo unsubscribe, reply STOP\n" + "line\n" * FOOTER_LINES, None),  # too long
        ("Please unsubscribe me from this mailing list.\nHarold", None),  # no rule: the sender's own words
        (f"Fixed.\nHP\n> {RULE}\n> research-list mailing list\n", None),  # a quoted footer is the quote's
        # an organisation's legal notice, between rules (a long rule wrapped over two lines), with a line under it
        (f"Fixed.\n\nHarold\n\n{LEGAL}", "Fixed.\n\nHarold\n\n"),
        (f"Fixed.\nHarold\n{STARS}\nThis e-mail is confidential and may be legally privileged.\n{STARS}\n",
         "Fixed.\nHarold\n"),
        # a signature between rules above a footer stays the sender's; so does one under "-- " alone at the end
        (f"Fixed.\n{RULE}\nHarold Penbrook\nDept. of Physics\n{MAILMAN}", f"Fixed.\n{RULE}\nHarold Penbrook\nDept. of Physics\n"),
        (f"Fixed.\n{RULE}\nregistered office: Example Ltd\n-- \nHarold Penbrook\n", None),
        # a rule of dashes or underscores with full stops between, as lists of the 1990s drew it
        ("Fixed.\nHP\n\n" + "-." * 30 + "\nr-list mailing list -- send \"[un]subscribe\"\n" + "_." * 30 + "\n",
         "Fixed.\nHP\n\n"),
        ("Fixed.\nHP\n" + "-." * 30 + "\nHarold Penbrook\n", None),  # a dotted rule above a signature
        # a webmail's advertisement under a rule
        (f"Fixed.\n\nharold\n\n{RULE}\nGet Your Private, Free Email at http://mail.example.com\n", "Fixed.\n\nharold\n\n"),
        (f"Fixed.\n\nharold\n\n{RULE}\nDo You Yahoo!?\nGet your free mail at http://mail.example.com\n",
         "Fixed.\n\nharold\n\n"),
        ("", None),
    ],
)
def test_a_footer_starts_at_its_rule(text: str, own: str | None) -> None:
    expected = len(text) if own is None else len(own)
    assert list_footer_start(text) == footer_start(text) == expected
    assert without_footer(text) == (text if own is None else own)


@pytest.mark.parametrize("says", ["To UNSUBSCRIBE, write to the list owner", "The Research-List Mailing List",
                                  "You received this message because you joined", "List archives: lists.example.org"])
def test_a_footer_says_so_in_any_case(says: str) -> None:
    text = f"Fixed.\nHP\n{RULE}\n{says}\n"
    assert list_footer_start(text) == len("Fixed.\nHP\n")


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("Hard going.\n\nToby\nPermalink | Show parent | Reply", "Hard going.\n\nToby\n"),  # a course forum's page
        ("Hard going.\nToby\nReply • Quote • Report\n\n", "Hard going.\nToby\n"),
        ("Hard going.\nToby\n  Like · Share  ", "Hard going.\nToby\n"),
        ("Hard going.\nToby\nReply", None),  # one word alone may sign or end a sentence
        ("Hard going.\nKay Marsden | Workshop chair | Example University", None),  # a signature's parts
        ("Hard going.\nToby | Reply", None),
        ("Permalink | Reply", ""),
    ],
)
def test_a_forum_pages_links_end_a_post(text: str, own: str | None) -> None:
    expected = len(text) if own is None else len(own)
    assert page_footer_start(text) == footer_start(text) == expected


def test_a_list_footer_above_a_pages_links_is_a_footer_too() -> None:
    text = f"Fixed.\nHP\n{MAILMAN}Reply | Quote\n"
    assert footer_start(text) == len("Fixed.\nHP\n")
