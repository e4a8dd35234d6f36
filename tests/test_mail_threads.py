"""Reply links and threads from Message-ID, In-Reply-To, References and subjects."""

from __future__ import annotations

import pytest

from nicknames.io.mail.threads import (
    Link,
    ThreadHeaders,
    base_subject,
    link_messages,
    message_ids,
)


@pytest.mark.parametrize(
    ("subject", "expected"),
    [
        ("Lunch", "lunch"),
        ("Re: Lunch", "lunch"),
        ("RE: Fwd: AW: Lunch", "lunch"),
        ("[list-x] Re:  Lunch   plans", "lunch plans"),
        ("Re[2]: Lunch", "lunch"),
        ("Reply needed", "reply needed"),
    ],
)
def test_base_subject(subject: str, expected: str) -> None:
    assert base_subject(subject) == expected


@pytest.mark.parametrize(
    ("header", "expected"),
    [(None, ()), ("", ()), ("<a@x> <b@x>", ("<a@x>", "<b@x>")), ("bare@x", ("bare@x",)), ("two words", ())],
)
def test_message_ids(header: str | None, expected: tuple[str, ...]) -> None:
    assert message_ids(header) == expected


def test_in_reply_to_then_references_then_subject() -> None:
    links = link_messages([
        ThreadHeaders("<a>", subject="Lunch"),
        ThreadHeaders("<b>", ("<a>",), ("<a>",), "Re: Lunch"),
        ThreadHeaders("<d>", ("<c>",), ("<a>", "<c>"), "Re: Lunch"),
        ThreadHeaders("<e>", subject="Re: Lunch"),
        ThreadHeaders("<f>", subject="Lunch"),
    ])
    assert links == [
        Link(None, "<a>", "none"),
        Link("<a>", "<a>", "in-reply-to"),
        Link("<a>", "<a>", "references"),
        Link("<d>", "<a>", "subject"),
        Link(None, "<f>", "none"),
    ]


def test_replies_to_a_missing_message_share_its_thread() -> None:
    links = link_messages([
        ThreadHeaders("<b>", ("<a>",), ("<a>",), "Re: x"),
        ThreadHeaders("<c>", ("<a>",), ("<a>",), "Re: y"),
    ])
    assert [link.thread for link in links] == ["<a>", "<a>"]
    assert [link.parent for link in links] == [None, None]


def test_a_reference_cycle_ends() -> None:
    links = link_messages([ThreadHeaders("<a>", ("<b>",)), ThreadHeaders("<b>", ("<a>",))])
    assert {link.parent for link in links} == {"<a>", "<b>"}
