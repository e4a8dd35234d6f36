"""The text of a mail message: MIME parts and charsets decoded, HTML turned into text.

The body is the ``text/plain`` part when there is one, else the text of the
``text/html`` part. Every other leaf part (attachments, images, messages
forwarded as attachments) is listed by content type only: the pseudonymised
output leaves them out, because their content cannot be checked for names.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage, Message

from nicknames.rules.html_text import html_to_text

FALLBACK_CHARSET = "cp1252"
"""Charset for text whose declared charset is unknown and that is not UTF-8 (common in old mail)."""
READ_AS_CP1252 = frozenset({"iso-8859-1", "latin-1", "latin1", "l1", "us-ascii", "ascii", "windows-1252", "cp1252"})
"""Declared charsets read as Windows-1252, as web browsers do: mail labelled Latin-1 or ASCII
is often Windows-1252 with its curly quotes and dashes in bytes 0x80-0x9F."""


@dataclass(frozen=True)
class Body:
    """The readable text of a message and the content types of the parts left out."""

    text: str
    attachments: tuple[str, ...] = ()


def body_of(message: EmailMessage) -> Body:
    """Decode the text part (or HTML) of a message; list the other parts."""
    part = message.get_body(preferencelist=("plain", "html"))
    text = "" if part is None else part_text(part)
    if part is not None and part.get_content_subtype() == "html":
        text = html_to_text(text)
    return Body(_normalise_newlines(text), _attachments(message, part))


def part_text(part: Message) -> str:
    """The decoded text of one part: transfer encoding and charset, with a fallback for unknown charsets."""
    if (part.get_content_charset() or "").lower() in READ_AS_CP1252:
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes):
            return _cp1252(payload)
    try:
        content = part.get_content()  # type: ignore[attr-defined]
    except (LookupError, UnicodeError, ValueError, AssertionError):
        content = None
    if isinstance(content, str):
        return content
    payload = part.get_payload(decode=True)
    raw = payload if isinstance(payload, bytes) else str(part.get_payload()).encode("utf-8", "replace")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return _cp1252(raw)


def _cp1252(raw: bytes) -> str:
    """Windows-1252, with Latin-1 for the five bytes it leaves undefined."""
    try:
        return raw.decode(FALLBACK_CHARSET)
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _attachments(message: EmailMessage, body: Message | None) -> tuple[str, ...]:
    kept = {id(body)} if body is not None else set()
    alternatives = _alternatives_of(message, body)
    return tuple(
        part.get_content_type()
        for part in message.walk()
        if not part.is_multipart() and id(part) not in kept and id(part) not in alternatives
    )


def _alternatives_of(message: EmailMessage, body: Message | None) -> set[int]:
    """Other renderings of the body (the HTML beside the plain text), which are not attachments."""
    if body is None:
        return set()
    for part in message.walk():
        if part.get_content_type() == "multipart/alternative":
            children = part.get_payload()
            if isinstance(children, list) and any(child is body for child in children):
                return {id(child) for child in children
                        if not isinstance(child, str) and child.get_content_maintype() == "text"}
    return set()


def _normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")
