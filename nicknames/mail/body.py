"""The text of a mail message: MIME parts and charsets decoded, HTML turned into text.

The body is the ``text/plain`` part when there is one, else the text of the
``text/html`` part. Every other leaf part (attachments, images, messages
forwarded as attachments) is listed by content type only: the pseudonymised
output leaves them out, because their content cannot be checked for names.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage, Message

from nicknames.mail.html_text import html_to_text

FALLBACK_CHARSET = "cp1252"
"""Charset for text whose declared charset is unknown and that is not UTF-8 (common in old mail)."""


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
        return raw.decode(FALLBACK_CHARSET, errors="replace")


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
                return {id(child) for child in children if child.get_content_maintype() == "text"}
    return set()


def _normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")
