"""Write a pseudonymised archive: new messages built from the pseudonymised texts and a header allowlist.

Header policy (see docs/mail.md). Each output message is built from scratch, so
only these headers exist in it:

- ``From``, ``To``, ``Cc``, ``Bcc``, ``Reply-To``, ``Sender``: every address becomes its
  participant's pseudonymous address and every display name the participant's pseudonym;
- ``Message-ID``, ``In-Reply-To``, ``References``: every id becomes ``<mN@pseudonymised.invalid>``,
  numbered in archive order, the same number wherever an id appears, so threads survive;
- ``Subject``: pseudonymised like the body; ``Date``: kept (researchers need the timing);
- ``MIME-Version`` and ``Content-*``: written anew for a UTF-8 ``text/plain`` body.

Everything else is dropped: ``Received``, ``Return-Path``, ``X-*``, ``User-Agent``,
``DKIM-Signature``, ``ARC-*``, ``Authentication-Results``, ``List-*``, ``Thread-*``,
``Organization`` and any header not named above. The body is the pseudonymised
text; HTML alternatives and attachments are left out, each attachment noted by
its content type on a last line. The mbox ``From`` line carries the sender's
pseudonymous address and the message's date.
"""

from __future__ import annotations

import mailbox
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from email.charset import QP, Charset
from email.header import Header
from email.message import Message
from email.mime.text import MIMEText
from email.utils import formataddr, parsedate_to_datetime
from pathlib import Path
from typing import cast

from nicknames.io.mail.archive import (
    RECIPIENT_HEADERS,
    Headers,
    MailArchive,
    MailMessage,
    addresses,
    header_values,
)
from nicknames.io.mail.participants import PSEUDONYMOUS_DOMAIN, pseudonymous_address
from nicknames.io.mail.tables import parts_per_message
from nicknames.io.mail.threads import message_ids
from nicknames.io.output import PRIVATE_MODE, atomic_path
from nicknames.model.errors import OutputError

ADDRESS_HEADERS = ("From", *RECIPIENT_HEADERS, "Reply-To", "Sender")
ATTACHMENT_NOTE = "[attachment removed: {type}]"
_BODY_CHARSET = Charset("utf-8")
_BODY_CHARSET.body_encoding = QP  # readable in the mbox file, unlike base64


class MessageIds:
    """Original Message-ID → pseudonymous id, numbered in order of first appearance."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}

    def __call__(self, original: str) -> str:
        number = self.numbers.setdefault(original, len(self.numbers) + 1)
        return f"<m{number}@{PSEUDONYMOUS_DOMAIN}>"


def archive_message_ids(archive: MailArchive) -> MessageIds:
    """Pseudonymous ids numbered by the archive's messages first, in order."""
    ids = MessageIds()
    for message in archive.messages:
        ids(original_id(message.message_id))
    return ids


def original_id(message_id: str) -> str:
    """A Message-ID without the ``#2`` that told repeated ids apart."""
    return message_id.split("#")[0]


def pseudonymised_messages(
    archive: MailArchive, part_texts: Sequence[str], pseudonym: Callable[[str], str], ids: MessageIds
) -> list[Message]:
    """Build the output messages from the pseudonymised part texts (in part-table order)."""
    result: list[Message] = []
    position = 0
    for message in archive.messages:
        count = parts_per_message(message)
        subject, *body = part_texts[position : position + count]
        position += count
        result.append(_rebuild(message, archive, subject, "".join(body), ids, pseudonym))
    return result


def _rebuild(
    message: MailMessage, archive: MailArchive, subject: str, body: str,
    ids: MessageIds, pseudonym: Callable[[str], str],
) -> Message:
    original = message.headers
    notes = "".join(ATTACHMENT_NOTE.format(type=kind) + "\n" for kind in message.body.attachments)
    text = body if not notes else body + ("" if body.endswith("\n") or not body else "\n") + notes
    # Built with the compat32 classes and preformatted header text: policy.default's header
    # objects made writing four times slower, and every value here is one we generated.
    charset = cast(str, _BODY_CHARSET) if not text.isascii() else "us-ascii"  # MIMEText takes a Charset too
    new = MIMEText(text, "plain", charset)
    del new["MIME-Version"]
    for name in ADDRESS_HEADERS:
        pairs = addresses(original, (name,))
        if pairs:
            participants = dict.fromkeys(archive.key.id_for_mailbox(display, address) for display, address in pairs)
            new[name] = ", ".join(_address(pseudonym(pid), pseudonymous_address(pid, pseudonym(pid)))
                                  for pid in participants)
    date = _date(original)
    if date:
        new["Date"] = date
    new["Subject"] = subject if subject.isascii() else Header(subject, "utf-8").encode()
    new["Message-ID"] = ids(original_id(message.message_id))
    for name in ("In-Reply-To", "References"):
        found = message_ids(" ".join(header_values(original, name)))
        if found:
            new[name] = " ".join(ids(value) for value in found)
    new["MIME-Version"] = "1.0"
    new.set_unixfrom(_from_line(pseudonymous_address(message.sender, pseudonym(message.sender)), date))
    return new


def body_text(message: Message) -> str:
    """The text of an output message's body."""
    payload = message.get_payload(decode=True)
    return payload.decode(message.get_content_charset() or "utf-8") if isinstance(payload, bytes) else ""


def _address(display: str, address: str) -> str:
    """``"[P7]" <p7@...>``, the display name quoted or encoded as RFC 5322 and 2047 need."""
    return formataddr((display, address), charset="utf-8")


def _date(headers: Headers) -> str | None:
    values = header_values(headers, "Date")
    if not values:
        return None
    try:
        moment = parsedate_to_datetime(values[0])
    except (TypeError, ValueError, IndexError):
        return None
    return moment.strftime("%a, %d %b %Y %H:%M:%S ") + (moment.strftime("%z") or "-0000")


def _from_line(address: str, date: str | None) -> str:
    moment = time.gmtime(0)
    if date:
        moment = parsedate_to_datetime(date).utctimetuple()
    return f"From {address} {time.asctime(moment)}"


def write_archive(messages: Sequence[Message], output: Path | None, fmt: str) -> None:
    """Write messages as an mbox file (to stdout without ``output``) or as a folder of ``.eml`` files."""
    if fmt == "mbox":
        if output is None:
            _mbox_to_stdout(messages)
        else:
            with atomic_path(output) as temporary:
                _write_mbox(messages, temporary)
        return
    if output is None:
        raise OutputError("A folder of .eml files cannot go to standard output; name the folder with --output.")
    if output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise OutputError(f"Output folder {output} exists and is not empty; name a new or empty folder.")
    with atomic_path(output) as temporary:
        temporary.mkdir()
        for number, message in enumerate(messages, start=1):
            (temporary / f"m{number}.eml").write_bytes(message.as_bytes())


def _write_mbox(messages: Sequence[Message], path: Path) -> None:
    # Created owner-only here (mailbox would follow the umask); the output gets its own mode when it is whole.
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE))
    box = mailbox.mbox(path, create=True)
    try:
        for message in messages:
            box.add(message)
        box.flush()
    finally:
        box.close()


def _mbox_to_stdout(messages: Sequence[Message]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "out.mbox"
        _write_mbox(messages, path)
        sys.stdout.flush()
        with path.open("rb") as stream:
            shutil.copyfileobj(stream, sys.stdout.buffer)
        sys.stdout.buffer.flush()

