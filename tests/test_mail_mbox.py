"""Splitting an mbox file (issue 22, item 12): body lines beginning with "From " are kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from nicknames.io.mail.archive import read_archive
from nicknames.io.mail.mbox import is_envelope, split_mbox

ONE = (
    b"From mary@example.org Mon Jan  1 10:00:00 2024\n"
    b"From: Mary Jones <mary@example.org>\nTo: rob@example.org\nSubject: plan\n"
    b"Message-ID: <1@example.org>\nDate: Mon, 1 Jan 2024 10:00:00 +0000\n\n"
    b"Hi Rob,\n\nFrom my side the plan is fine.\n\nThanks, Mary\n\n"
)
TWO = (
    b"From rob@example.org Tue Jan  2 09:30:00 2024\n"
    b"From: Rob Smith <rob@example.org>\nTo: mary@example.org\nSubject: Re: plan\n"
    b"Message-ID: <2@example.org>\nIn-Reply-To: <1@example.org>\nDate: Tue, 2 Jan 2024 09:30:00 +0000\n\n"
    b"Hi Mary,\n\nGreat.\n\nRob\n"
)


@pytest.mark.parametrize(
    ("line", "envelope"),
    [
        (b"From mary@example.org Mon Jan  1 10:00:00 2024", True),
        (b"From MAILER-DAEMON Fri Jul  8 12:08:34 2011", True),
        (b"From mary@example.org Mon, 1 Jan 2024 10:00:00 +0000", True),
        (b"From - Sat Jan 03 10:00:00 2024", True),
        (b"From mary@example.org 2024-01-01T10:00:00Z", True),
        (b"From my side the plan is fine.", False),
        (b"From 10:00 to 12:00 we meet", False),
        (b"From ", False),
        (b"From mary@example.org", False),
        (b">From mary@example.org Mon Jan  1 10:00:00 2024", False),
    ],
)
def test_is_envelope(line: bytes, envelope: bool) -> None:
    assert is_envelope(line) is envelope


def test_an_unescaped_from_line_in_a_body_stays_in_its_message() -> None:
    found = list(split_mbox(ONE + TWO))
    assert [message.line for message in found] == [1, 14]
    assert b"From my side the plan is fine.\n" in found[0].data
    assert found[0].data.endswith(b"Thanks, Mary\n")


def test_content_length_decides_where_a_message_ends() -> None:
    body = b"From mary@example.org Mon Jan  1 10:00:00 2024\nlooks like an envelope\n"
    first = (b"From rob@example.org Tue Jan  2 09:30:00 2024\nFrom: rob@example.org\n"
             b"Content-Length: " + str(len(body)).encode() + b"\n\n" + body)
    found = list(split_mbox(first + b"\n" + TWO))
    assert len(found) == 2
    assert found[0].data.endswith(body)


def test_a_wrong_content_length_is_ignored() -> None:
    first = b"From rob@example.org Tue Jan  2 09:30:00 2024\nFrom: rob@example.org\nContent-Length: 3\n\nhello\n\n"
    found = list(split_mbox(first + TWO))
    assert len(found) == 2 and found[0].data.endswith(b"hello\n")


def test_an_envelope_right_after_a_body_line_starts_a_message_when_headers_follow() -> None:
    found = list(split_mbox(ONE.rstrip(b"\n") + b"\n" + TWO))
    assert len(found) == 2
    glued = ONE.rstrip(b"\n") + b"\nFrom rob@example.org Tue Jan  2 09:30:00 2024 was when we met\nok\n"
    assert len(list(split_mbox(glued))) == 1


def test_crlf_files_are_split_the_same() -> None:
    found = list(split_mbox((ONE + TWO).replace(b"\n", b"\r\n")))
    assert len(found) == 2 and b"From my side" in found[0].data


def test_read_archive_keeps_the_line(tmp_path: Path) -> None:
    path = tmp_path / "box.mbox"
    path.write_bytes(ONE + TWO)
    archive = read_archive(path)
    assert len(archive.messages) == 2
    assert "From my side the plan is fine." in archive.messages[0].body.text
    assert archive.headerless == []


def test_apply_writes_the_line_back_escaped(tmp_path: Path) -> None:
    path = tmp_path / "box.mbox"
    path.write_bytes(ONE + TWO)
    mapping = tmp_path / "map.txt"
    assert CliRunner().invoke(app, ["collect", str(path), "-o", str(mapping)]).exit_code == 0
    output = tmp_path / "out.mbox"
    result = CliRunner().invoke(app, ["apply", str(path), str(mapping), "-s", "all", "-o", str(output)])
    assert result.exit_code == 0, result.stderr
    again = read_archive(output)
    assert len(again.messages) == 2
    assert "rom my side the plan is fine." in again.messages[0].body.text


def test_messages_without_headers_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "box.mbox"
    path.write_bytes(b"From garbage\nno headers here, only text\n\n" + TWO)
    result = CliRunner().invoke(app, ["collect", str(path), "-o", str(tmp_path / "map.txt")])
    assert result.exit_code == 0, result.stderr
    assert "Warning: 1 message has no mail headers (" in result.stderr
    assert "box.mbox, line 1" in result.stderr
