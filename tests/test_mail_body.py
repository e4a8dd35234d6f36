"""Mail bodies: MIME parts, transfer encodings and charsets decoded; HTML turned into text."""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

import pytest

from nicknames.io.mail.body import body_of
from nicknames.rules.html_text import html_to_text
from tests.mail_samples import FIFTH, FOURTH, SECOND, THIRD, raw


def parse(data: bytes) -> EmailMessage:
    message = BytesParser(policy=policy.default).parsebytes(data)
    assert isinstance(message, EmailMessage)
    return message


def test_quoted_printable_plain_text() -> None:
    assert body_of(parse(SECOND)).text.startswith("Hi Annie,\n\nYes, and Carl comes too.")


def test_latin1_body() -> None:
    assert "gern! Grüße an Ann." in body_of(parse(THIRD)).text


def test_base64_html_only_becomes_text_with_quotes_marked() -> None:
    assert body_of(parse(FOURTH)).text == "Dear Carl,\nsee you.\nAnn Lee\n> Carl wrote: hello\n"


def test_multipart_prefers_plain_and_lists_attachments() -> None:
    body = body_of(parse(FIFTH))
    assert body.text == "Ann – the menu is attached. Best, Rob\n"
    assert body.attachments == ("application/pdf",)


@pytest.mark.parametrize(
    ("content_type", "payload", "expected"),
    [
        ("text/plain; charset=x-unknown", "Grüße".encode(), "Grüße"),
        ("text/plain; charset=x-unknown", "Grüße".encode("cp1252"), "Grüße"),
        ("text/plain; charset=koi8-r", "Привет".encode("koi8-r"), "Привет"),
        ("text/plain; charset=shift_jis", "こんにちは".encode("shift_jis"), "こんにちは"),
        ("text/plain; charset=utf-8", b"line\r\nbreaks\r\n", "line\nbreaks\n"),
        ("text/plain; charset=iso-8859-1", b"Ann \x96 \x93Rob\x94 caf\xe9", "Ann – “Rob” café"),
        ("text/plain; charset=us-ascii", b"8-bit \xe9 in ASCII mail", "8-bit é in ASCII mail"),
        ("text/plain; charset=iso-8859-1", b"undefined \x81 byte \xe9", "undefined \x81 byte é"),
    ],
)
def test_charsets(content_type: str, payload: bytes, expected: str) -> None:
    message = parse(raw({"From": "a@example.org"}, payload, content_type, "8bit"))
    assert body_of(message).text.rstrip("\n") == expected.rstrip("\n")


def test_message_without_text_part() -> None:
    message = parse(raw({"From": "a@example.org"}, b"JVBERi0xLjQK", "application/pdf", "base64"))
    assert body_of(message).text == ""
    assert body_of(message).attachments == ("application/pdf",)


@pytest.mark.parametrize(
    ("html", "text"),
    [
        ("<p>Hi Ann,</p><p>ok</p>", "Hi Ann,\nok\n"),
        ("Hi<br>Ann<br/><br>Rob", "Hi\nAnn\n\nRob\n"),
        ("<div>A &amp; B&nbsp;&eacute;</div>", "A & B é\n"),
        ("<style>.x{}</style><script>var a</script><title>T</title>Body", "Body\n"),
        ("<blockquote><blockquote>old</blockquote>newer</blockquote>mine", "> > old\n> newer\nmine\n"),
        ("<pre>a\n  b</pre>", "a\n  b\n"),
        ("", ""),
    ],
)
def test_html_to_text(html: str, text: str) -> None:
    assert html_to_text(html) == text
