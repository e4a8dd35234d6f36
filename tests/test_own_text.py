"""The sender's own words, where collect reads greetings and sign-offs: HTML bodies read as text, quotes left out."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nicknames.rules.html_text import (
    html_to_text,
    looks_like_html,
    markup_lines,
    own_html_lines,
)
from nicknames.rules.quotes import (
    attributed_author,
    own_text,
    own_text_and_author,
    own_words,
    quotes_anything,
    split_quotes,
)
from nicknames.rules.salutations import greeting_names
from nicknames.rules.signoffs import signoff_names


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("<p>Hi Ann,</p><p>Thanks!</p>", True),
        ("  <div>Hi Ann</div>", True),
        ("<span class='x'>Hi</span>", True),
        ("Hi Ann,<br>thanks<br/>Rob", True),
        ("Hi Ann,</p><p>thanks</p>", True),
        ("Use a <div> here,\nthanks\nRob", False),
        ("a <p> and a </p>\nin a\nplain post", False),
        ("if a < b and b > c", False),
        ("<Ann> wrote that", False),
        ("no markup at all", False),
    ],
)
def test_looks_like_html(text: str, html: bool) -> None:
    assert looks_like_html(text) is html


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("Hi Ann,\nok\nRob", "Hi Ann,\nok\nRob"),
        ("> Hi Rob,\n> see you\n\nThanks Ann!\nRob", "\nThanks Ann!\nRob"),
        ("Sure.\nRob\n\n> Cheers,\n> Ann", "Sure.\nRob\n\n"),
        ("On Mon, Ann <a@b.org> wrote:\n> Hi\n\nHi Ann,\nyes\nRob", "\nHi Ann,\nyes\nRob"),
        ("Fine.\nRob\n-----Original Message-----\nFrom: Ann\nHi Rob,\nAnn", "Fine.\nRob\n"),
        ("<p>Hey Ann,</p><p>done.</p><p>Rob</p>", "Hey Ann,\ndone.\nRob\n"),
        ("<blockquote>Thanks, Rob</blockquote><p>Welcome!</p><p>Ann</p>", "Welcome!\nAnn\n"),
        ("Hi &amp; bye<br>thanks<br>Rob", "Hi & bye\nthanks\nRob\n"),
        # a forum's quote blocks, nested ones too; one left open stays
        ('[quote="ann_k, post:3, topic:9"]\nHi Rob,\nAnn\n[/quote]\n\nThanks Ann!\nRob', "\n\nThanks Ann!\nRob"),
        ("[QUOTE=Ann]a [quote]b[/quote] c[/QUOTE]Yes.\nRob", "Yes.\nRob"),
        ("[quote]left open\nRob", "[quote]left open\nRob"),
        # quote marks as Reddit's Markdown escapes them; "&gt;" inside a line stays
        ("&gt; Hi Rob,\n&gt;&gt; see you\n\nThanks Ann!\nRob", "\nThanks Ann!\nRob"),
        ("R&amp;D &gt; 5\nThanks, Ann", "R&amp;D &gt; 5\nThanks, Ann"),
        # other quote marks below an attribution line: "|" of some mail programs, Usenet's ":"
        ("On Mon, Ann Lee wrote:\n| Hi,\n| thanks, Ann\n\nYes.\nRob", "\nYes.\nRob"),
        ("Ann Lee (ann@example.org) wrote:\n: Is it so?\n: Ann\n\nIt is.\nRob", "\nIt is.\nRob"),
        ("See the table:\n| a | b |\n| 1 | 2 |\nDone.\nRob", "See the table:\n| a | b |\n| 1 | 2 |\nDone.\nRob"),
    ],
)
def test_own_text(text: str, own: str) -> None:
    assert own_text(text) == own


@pytest.mark.parametrize(
    ("text", "greeted", "signed"),
    [
        # A quoted greeting or sign-off is the quoted author's, not the sender's.
        ("> @Ann yes, fine.\n\nthanks a lot!\nRob", (), ("Rob",)),
        ("Booked it.\nThanks,\nRob\n\n> Count me in\n>\n> Cheers,\n> Ann", (), ("Rob",)),
        ("On Mon, Ann <a@b.org> wrote:\n> Hi\n\nHi Ann, booked.\nThanks,\nRob", ("Ann",), ("Rob",)),
        ("Ok\nBest,\nTom\n\n-----Original Message-----\nFrom: Ann\n\nHi Tom,\nsee.\nAnn", (), ("Tom",)),
        # An HTML body is read as lines.
        ("<p>Hey Ann,</p><p>done.</p><p>— Rob</p>", ("Ann",), ("Rob",)),
        ("<p>Hi all,</p><p>a question.</p><p>Cheers,<br>Rob</p>", (), ("Rob",)),
        ("<blockquote>@Ann had it.</blockquote><p>Thanks @ben_k, it works.</p><p>Oz</p>", ("ben_k",), ("Oz",)),
    ],
)
def test_salutations_of_own_text(text: str, greeted: tuple[str, ...], signed: tuple[str, ...]) -> None:
    own = own_text(text)
    assert greeting_names(own) == greeted
    assert signoff_names(own) == signed


_PIECES = st.sampled_from(["a", "Ann", " ", "\n", "\r", "\u2028", ">", "> ", "--", "-----Original Message-----",
                           "__________", "From: Ann", "Begin forwarded message:", "BEGIN FORWARDED MESSAGE:",
                           "On Mon, Ann wrote:", "wrote:", "_", "| ", ": ", ":\n"])


@given(st.lists(_PIECES, max_size=12).map("".join))
def test_own_words_skips_only_texts_that_quote_nothing(text: str) -> None:
    """The look-up before the line-by-line reading never skips a text that quotes something."""
    slow = "".join(text[segment.start : segment.end] for segment in split_quotes(text) if segment.level == 0)
    assert own_words(text) == slow
    if not quotes_anything(text):
        assert slow == text


@pytest.mark.parametrize(
    ("html", "lines"),
    [
        ("<p>Hey Ann,</p><p>done.</p><p>Rob</p>", "Hey Ann,\ndone.\nRob\n"),
        ("<P>Hey\nAnn,</P>\n<P>done</P>", "Hey Ann,\ndone\n"),  # a break in the source is a space
        ("<div>Hi <b>Ann</b>,<br/>ok</div><style>p { color: red }</style>", "Hi Ann,\nok\n"),
        ("<blockquote>Hi<blockquote>Rob</blockquote>Ann</blockquote><p>Welcome!</p>", "Welcome!\n"),
        ("<p>Tom &amp; Ann&nbsp;Lee</p>", "Tom & Ann Lee\n"),
        ("<p>a < b</p><p>ok</p>", "a < b\nok\n"),
    ],
)
def test_own_html_lines(html: str, lines: str) -> None:
    assert own_html_lines(html) == lines


_MARKUP = st.sampled_from(["<p>", "</p>", "<br>", "<br/>", "<div class='x'>", "</div>", "<b>", "</b>", "<a href='/u'>",
                           "</a>", "<li>", "Ann", "Rob Lee", " ", "\n", ",", "&amp;", "Hi", "thanks"])


@given(st.lists(_MARKUP, max_size=16).map("".join))
def test_own_html_lines_reads_the_lines_the_parser_reads(html: str) -> None:
    """Without quotes, the pattern passes give the parser's lines (``html_to_text``), blank ones dropped."""
    parsed = [" ".join(line.split()) for line in html_to_text(html).splitlines()]
    assert own_html_lines(html) == "".join(line + "\n" for line in parsed if line)


@pytest.mark.parametrize(
    ("text", "author"),
    [
        ("Thanks!\n\nOn Mon, 4 Mar 2024 at 09:00, Barnaby Quayle <bq@example.org> wrote:\n> Hi all,\n> B\n",
         "Barnaby Quayle"),
        ("ok\nOn Mon, Jan 3, 2022 at 9:00 AM Ann Lee <ann@example.org> wrote:\n> yes", "Ann Lee"),
        ("ok\nAnn Lee wrote:\n> yes", "Ann Lee"),
        # the verb before the name, or another language's verb after it; the sign-off above stays the sender's
        ("Danke.\nJörg\n\nAm Mo., 3. Jan. 2022 um 10:00 Uhr schrieb Anna Lehmann <anna@example.org>:\n> Hallo",
         "Anna Lehmann"),
        ("Bedankt!\nJoost\n\nOp ma 3 jan. 2022 om 10:00 schreef Anna Lehmann <anna@example.org>:\n> Hoi", "Anna Lehmann"),
        ("Tack!\nNils\n\nDen mån 3 jan. 2022 kl 10:00 skrev Anna Lehmann <anna@example.org>:\n> Hej", "Anna Lehmann"),
        ("Grazie!\nLuca\n\nIl giorno lun 3 gen 2022 alle ore 10:00 Anna Lehmann <anna@example.org> ha scritto:\n> Ciao",
         "Anna Lehmann"),
        ("Am Ende schrieb er: ok", None),
        ("ok\n\nOn Tue, Mar 5, 2024 at 10:12 AM Ann Lee <\nann@example.org> wrote:\n\n> yes", "Ann Lee"),  # wrapped
        ("ok\n\nOn Tue, Mar 5, 2024 at 10:12 AM\nAnn Lee <ann@example.org> wrote:\n> yes", "Ann Lee"),
        ("ok\nQuoting Ann Lee <ann@example.org>:\n> yes", "Ann Lee"),
        ('ok\nOn 12/03/2019 10:00, "Lee, Ann" wrote:\n> yes', "Ann Lee"),  # "Last, First" in quotes
        ("ok\nOn Mon, 3 Jan 2022, ann@example.org wrote:\n> yes", None),  # an address only
        ("In article <1994Mar3.2231@cs.example.edu>, ann@example.org (Ann Lee) writes:\n> yes\n\nok", "Ann Lee"),
        ("ok\nann@example.org (Ann Lee) wrote:\n>yes", "Ann Lee"),  # Usenet: the name in brackets after the address
        ("ok\nAnn Lee (ann@example.org) wrote:\n> yes", "Ann Lee"),
        ("ok\nThe committee wrote:\n> yes", None),  # no capitalised name at the end
        # a list that rewrites its members' senders names itself after theirs
        ("ok\n\nOn Tue, Aug 27, 2019 at 06:30:11AM -0700, Ann Lee via Team-discuss wrote:\n> yes", "Ann Lee"),
        ("ok\n\nOn Tue, Aug 27, 2019 at 2:30 AM Ann Lee via Team-discuss <team@lists.example.org> wrote:\n> yes",
         "Ann Lee"),
        ("ok\n> quoted first\nOn Mon, Ann Lee wrote:\n>> deeper", None),  # the first quote has no attribution
        ("no quote here, Ann wrote: x", None),
        ("<p>Thanks</p><blockquote>Ann Lee wrote:</blockquote>", None),  # HTML: no attribution line above a quote
        # a forum quote block's opening names its author, in the forms forums write
        ('[quote="Ann Lee"]\nyes\n[/quote]\nok', "Ann Lee"),
        ("[quote=annlee]yes[/quote] ok", "annlee"),
        ("[QUOTE=Ann Lee;1234]yes[/QUOTE]\nok", "Ann Lee"),  # vBulletin: the post's number after ";"
        ('[quote="ann_lee, post:3, topic:42"]\nyes\n[/quote]\nok', "ann_lee"),  # Discourse
        ('[QUOTE="Ann Lee, post: 3, member: 7"]yes[/QUOTE]\nok', "Ann Lee"),  # XenForo
        ("[quote author=Ann Lee link=topic=12.msg34#msg34 date=1234]yes[/quote]\nok", "Ann Lee"),  # SMF
        ('[quote="Ann Lee"][quote="Bo Quell"]deeper[/quote]yes[/quote]\nok', "Ann Lee"),  # the outer block's
        ("[quote]yes[/quote]\nok", None),  # no name
        # Discourse's HTML: the quote's title shows the author's name, beside an avatar
        ('<aside class="quote no-group" data-username="ann_lee" data-post="1" data-topic="42">\n<div class="title">\n'
         '<div class="quote-controls"></div>\n<img alt="" src="/user_avatar/ann_lee/48/1.png" class="avatar"> Ann Lee:'
         '</div>\n<blockquote>\n<p>yes</p>\n</blockquote>\n</aside>\n<p>ok</p>', "Ann Lee"),
        ('<aside class="quote" data-post="1"><div class="title">ann_lee:</div><blockquote><p>yes</p></blockquote>'
         "</aside><p>ok</p>", "ann_lee"),
        ("<aside class=\"onebox\"><div class=\"title\">Example Domain</div></aside><p>ok</p>", None),  # no quote
        ('[quote=""]yes[/quote]\nok', None),
        ("[quote=1234]yes[/quote]\nok", None),  # a number is no name
        # a forum's attribution line of a user name in lower case
        ("> bramble wrote:\n> yes\n\nok", "bramble"),
        ("> greta_v wrote:\n> yes\n\nok", "greta_v"),
        ("> On Mon, ann wrote:\n> yes\n\nok", None),  # a lower-case word after other words: no telling
        ("> see http://example.org wrote:\n> yes\n\nok", None),
        # a webmail's date and the name, without a verb
        ("ok\n\n2014-03-02 10:20 GMT+01:00 Ann Lee <ann@example.org>:\n\n> yes", "Ann Lee"),
        ("The ratio 2014-03-02 10:20 GMT+01:00 is:\nfine", None),  # no quote below it
        # a degree after the author's name is no part of it
        ("ok\n\nOn 10/25/2010 4:02 PM, Ann Lee, PhD wrote:\n> yes", "Ann Lee"),
        ("ok\n\nOn Mon, Ann Lee, Ph.D. wrote:\n> yes", "Ann Lee"),
        ("ok\n\nOn Mon, Ann Lee MD wrote:\n> yes", "Ann Lee"),
    ],
)
def test_attributed_author(text: str, author: str | None) -> None:
    assert attributed_author(text) == author
    assert own_text_and_author(text) == (own_text(text), author)


@pytest.mark.parametrize(
    ("text", "signed"),
    [
        ("Danke.\n\nViele Grüße\nJörg\n\nAm 03.01.22 um 10:00 schrieb Anna Lehmann <anna@example.org>:\n> Hallo Jörg",
         ("Jörg",)),
        ("Tack!\nNils\n\nDen mån 3 jan. 2022 kl 10:00 skrev Anna Lehmann <anna@example.org>:\n> Hej", ("Nils",)),
    ],
)
def test_an_attribution_line_with_the_verb_first_is_no_part_of_the_senders_words(text: str, signed: tuple[str, ...]) -> None:
    assert signoff_names(own_text(text)) == signed


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # a block tag ends a line (the break last: the next line opens with its word), other tags are spaces
        ("<p>Hi Ann,</p><p>Thanks</p>", "  \nHi Ann,   \n  \nThanks   \n"),
        ("<div>Hi&nbsp;<b>Ann</b>,<br>--<br>B</div>", "    \nHi      " + "   Ann    ,   \n--   \nB     \n"),
        ('<p class="x">ok</p>', " " * 12 + "\nok   \n"),
        ("Use a <div> here.", "Use a <div> here."),  # plain text that mentions a tag: itself
        ("no markup", "no markup"),
    ],
)
def test_markup_lines_reads_a_post_as_a_person_does_offset_for_offset(text: str, read: str) -> None:
    assert markup_lines(text) == read
    assert len(read) == len(text)
    assert markup_lines(read) == read  # what it reads is read as itself: apply reads a post's zones from it
