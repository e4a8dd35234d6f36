"""Small synthetic mail archives for the tests, written byte for byte."""

from __future__ import annotations

import base64
from pathlib import Path


def raw(headers: dict[str, str], body: str | bytes, content_type: str = "text/plain; charset=utf-8",
        encoding: str | None = None) -> bytes:
    """One message as bytes: the headers given, then a single-part body."""
    lines = [f"{name}: {value}" for name, value in headers.items()]
    lines.append(f"Content-Type: {content_type}")
    if encoding:
        lines.append(f"Content-Transfer-Encoding: {encoding}")
    payload = body if isinstance(body, bytes) else body.encode("utf-8")
    return ("\n".join(lines) + "\n\n").encode("ascii") + payload


def headers(number: int, sender: str, to: str, subject: str, reply_to: int | None = None,
            references: tuple[int, ...] = (), **extra: str) -> dict[str, str]:
    """Typical headers of message ``number`` of the thread at example.org."""
    result = {
        "From": sender, "To": to, "Subject": subject,
        "Date": f"Mon, 3 Jan 2022 1{number}:00:00 +0000",
        "Message-ID": f"<{number}@mail.example.org>",
    }
    if reply_to is not None:
        result["In-Reply-To"] = f"<{reply_to}@mail.example.org>"
    if references:
        result["References"] = " ".join(f"<{ref}@mail.example.org>" for ref in references)
    result.update({name.replace("_", "-"): value for name, value in extra.items()})
    return result


ANN = "Ann Lee <ann.lee@example.org>"
ROB = "Robert Grey <rob@example.org>"
CARL = '"Bauer, Carl" <carl@example.net>'

FIRST = raw(
    headers(1, ANN, ROB, "Lunch", Received="from relay.example.org by mx", X_Mailer="MailerX 1.0",
            User_Agent="Client/2", DKIM_Signature="v=1; a=rsa-sha256; d=example.org"),
    "Hi Robbie,\n\nlunch on Friday?\n\nThanks,\nAnn\n",
)
"""Ann to Rob, plain UTF-8, with headers that must not survive."""

SECOND = raw(
    headers(2, ROB, f"{ANN}, {CARL}", "Re: Lunch", reply_to=1, references=(1,)),
    "Hi Annie,\n\nYes, and Carl comes too. Write to carl@example.net.\n\nCheers,\nRob\n\n"
    "On Mon, 3 Jan 2022, Ann Lee <ann.lee@example.org> wrote:\n> Hi Robbie,\n>\n> lunch on Friday?\n>\n"
    "> Thanks,\n> Ann\n",
    "text/plain; charset=utf-8", "quoted-printable",
)
"""Rob replies to Ann and Carl, quoting Ann (quoted-printable, all ASCII)."""

THIRD = raw(
    headers(3, CARL, f"{ROB}, {ANN}", "=?iso-8859-1?q?Re=3A_Lunch_=E0_la_caf=E9t=E9ria?=", reply_to=2,
            references=(1, 2)),
    "Hello Robert,\n\ngern! Grüße an Ann.\n\nCarl\n\nRobert Grey wrote:\n> Hi Annie,\n> Cheers,\n> Rob\n>\n"
    ">> Hi Robbie,\n>> Thanks,\n>> Ann\n".encode("iso-8859-1"),
    "text/plain; charset=iso-8859-1", "8bit",
)
"""Carl replies in Latin-1 with an encoded-word subject and nested quotes."""

FOURTH = raw(
    headers(4, ANN, f"{CARL}", "Re: Lunch", reply_to=99, references=(1, 99)),
    base64.b64encode("<html><head><style>p {}</style></head><body><p>Dear Carl,</p><p>see you.</p>"
                     "<p>Ann Lee</p><blockquote>Carl wrote: hello</blockquote></body></html>".encode()).decode() + "\n",
    "text/html; charset=utf-8", "base64",
)
"""Ann answers a message the archive lacks (<99>): HTML only, base64."""

FIFTH = (
    "\n".join([
        "From: Robert Grey <rob@example.org>", "To: Ann Lee <ann.lee@example.org>", "Subject: Re: Lunch",
        "Date: Tue, 4 Jan 2022 09:00:00 +0000", "Message-ID: <5@mail.example.org>",
        "MIME-Version: 1.0", 'Content-Type: multipart/mixed; boundary="outer"', "",
        "--outer", 'Content-Type: multipart/alternative; boundary="inner"', "",
        "--inner", "Content-Type: text/plain; charset=windows-1252", "Content-Transfer-Encoding: quoted-printable", "",
        "Ann =96 the menu is attached. Best, Rob", "",
        "--inner", "Content-Type: text/html; charset=utf-8", "", "<p>Ann - the menu is attached. Best, Rob</p>", "",
        "--inner--", "",
        "--outer", "Content-Type: application/pdf", 'Content-Disposition: attachment; filename="menu-for-Ann.pdf"',
        "Content-Transfer-Encoding: base64", "", "JVBERi0xLjQK", "--outer--", "",
    ])
).encode("ascii")
"""Rob with no reply headers (subject fallback): multipart with cp1252 text, HTML and a PDF."""

MESSAGES = (FIRST, SECOND, THIRD, FOURTH, FIFTH)
NAMES = ("Ann", "Annie", "Lee", "Robbie", "Robert", "Rob", "Grey", "Carl", "Bauer")
ADDRESSES = ("ann.lee@example.org", "rob@example.org", "carl@example.net")


def write_mbox(path: Path, messages: tuple[bytes, ...] = MESSAGES) -> Path:
    """An mbox file of the messages, each after a ``From`` line."""
    chunks = [b"From sender@example.org Mon Jan  3 10:00:00 2022\n" + message.rstrip(b"\n") + b"\n\n"
              for message in messages]
    path.write_bytes(b"".join(chunks))
    return path


def write_eml_folder(path: Path, messages: tuple[bytes, ...] = MESSAGES) -> Path:
    """A folder with one ``.eml`` file per message."""
    path.mkdir()
    for number, message in enumerate(messages, start=1):
        (path / f"message {number}.eml").write_bytes(message)
    return path


LIST_ARCHIVE = (
    (b"From: Tobias Quell <tq@work.example.org>\nTo: Team-discuss <team-discuss@lists.example.org>\n"
     b"Message-ID: <1@x>\nSubject: a\n\nHello\n"),
    (b"From: \"Quell, Tobias\" <tobias.quell@home.example.net>\nTo: team <team-discuss@lists.example.org>\n"
     b"Message-ID: <2@x>\nIn-Reply-To: <1@x>\nSubject: Re: a\n\nFrom home\n"),
    (b"From: Ada Berg via Team-discuss <team-discuss@lists.example.org>\nMessage-ID: <3@x>\n"
     b"In-Reply-To: <2@x>\nSubject: Re: a\n\nAda here\n"),
    (b"From: 'Lena Harcourt' via Team-discuss <team-discuss@lists.example.org>\nMessage-ID: <4@x>\n"
     b"In-Reply-To: <3@x>\nSubject: Re: a\n\nOn Mon, Ada Berg via Team-discuss <team-discuss@lists.example.org> "
     b"wrote:\n> Ada here\n\nLena here\n"),
    (b"From: Ada Berg <ada@uni.example.edu>\nCc: Team Discussions <team-discuss@lists.example.org>\n"
     b"Message-ID: <5@x>\nSubject: b\n\nFrom my own address\n"),
)
"""A list that rewrites its senders ("Ada Berg via Team-discuss"), one person writing from two mailboxes."""
