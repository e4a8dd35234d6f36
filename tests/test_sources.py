"""Any export behind one interface: collect and apply on tables and on mail archives, end to end."""

from __future__ import annotations

import mailbox
import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pandas as pd
import pytest

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.io.mail.tables import part_table
from nicknames.io.mapping_file import format_mapping
from nicknames.model.errors import OutputError
from nicknames.pipeline.source_jobs import (
    ArchiveApplyResult,
    apply_source,
    collect_source,
)
from nicknames.pipeline.source_outputs import write_output
from nicknames.pipeline.sources import read_source
from tests.mail_samples import (
    ADDRESSES,
    CARL,
    FIRST,
    NAMES,
    ROB,
    headers,
    raw,
    write_eml_folder,
    write_mbox,
)


def leftovers(text: str) -> list[str]:
    """Participant names (whole words) and addresses still in a text."""
    names = [name for name in NAMES if re.search(rf"(?<!\w){name}(?!\w)", text)]
    return names + [address for address in ADDRESSES if address in text.lower()]


def read_mbox(path: Path) -> list[EmailMessage]:
    """The messages of an mbox as the standard library's ``mailbox`` opens it, with decoded headers."""
    box = mailbox.mbox(path, factory=lambda stream: BytesParser(policy=policy.default).parse(stream))
    try:
        return list(box)  # type: ignore[arg-type]
    finally:
        box.close()


def readable(message: EmailMessage) -> str:
    """Every header (decoded) and the decoded body, to look for names in."""
    headers = "".join(f"{name}: {value}\n" for name, value in message.items())
    return headers + "\n" + str(message.get_content())


@pytest.fixture
def archive_path(tmp_path: Path) -> Path:
    return write_mbox(tmp_path / "archive.mbox")


def test_collect_on_mail(archive_path: Path) -> None:
    mapping = collect_source(read_source(archive_path)).mapping
    names = mapping.names
    assert {"Ann", "Annie", "Ann Lee"} <= set(names["P1"])
    assert {"Rob", "Robbie", "Robert", "Robert Grey"} <= set(names["P2"])
    assert "Carl" in names["P3"]
    assert "Robbie [1; greeting, nickname]" in format_mapping(mapping)  # a familiar form of Robert


def test_a_greeting_names_the_recipient_it_matches(archive_path: Path) -> None:
    """Ann's HTML reply hangs under her own message (its parent is missing): "Dear Carl" is still Carl's."""
    mapping = collect_source(read_source(archive_path)).mapping
    carl = mapping.entry("P3").find("Carl")
    assert carl is not None and "greeting" in carl.tags
    assert mapping.entry("P1").find("Carl") is None


def test_quoted_greetings_and_signoffs_are_not_the_authors(archive_path: Path) -> None:
    """Rob's reply quotes "Thanks, Ann": that sign-off must not become a name of Rob."""
    mapping = collect_source(read_source(archive_path)).mapping
    assert mapping.entry("P2").find("Ann") is None
    assert mapping.entry("P3").find("Ann") is None


def test_apply_on_mail_leaves_no_name_or_address(archive_path: Path, tmp_path: Path) -> None:
    source = read_source(archive_path)
    mapping = collect_source(source).mapping
    result = apply_source(source, mapping, "thread", IdTemplate())
    assert isinstance(result, ArchiveApplyResult)
    assert len(result.frame) == 5
    output = tmp_path / "out.mbox"
    write_output(source, result, output)
    messages = read_mbox(output)
    assert len(messages) == 5
    for message in messages:
        assert leftovers(readable(message)) == []
        assert leftovers(message.as_string()) == []
    assert messages[2]["Subject"] == "Re: Lunch à la cafétéria"
    assert "Hello [P2],\n\ngern! Grüße an [P1]." in messages[2].get_content()


def test_output_threads_survive(archive_path: Path, tmp_path: Path) -> None:
    source = read_source(archive_path)
    result = apply_source(source, collect_source(source).mapping, "thread", IdTemplate())
    write_output(source, result, tmp_path / "out.mbox")
    messages = list(mailbox.mbox(tmp_path / "out.mbox"))
    ids = [message["Message-ID"] for message in messages]
    assert ids == [f"<m{n}@pseudonymised.invalid>" for n in range(1, 6)]
    assert messages[1]["In-Reply-To"] == ids[0]
    assert messages[2]["References"] == f"{ids[0]} {ids[1]}"
    assert messages[3]["References"] == f"{ids[0]} <m6@pseudonymised.invalid>"
    again = read_source(tmp_path / "out.mbox").archive
    assert again is not None
    assert [m.link.parent for m in again.messages] == [None, ids[0], ids[1], ids[0], ids[3]]


def test_output_headers_follow_the_policy(archive_path: Path, tmp_path: Path) -> None:
    source = read_source(archive_path)
    result = apply_source(source, collect_source(source).mapping, "thread", IdTemplate())
    write_output(source, result, tmp_path / "out.mbox")
    first, second, *_, last = list(mailbox.mbox(tmp_path / "out.mbox"))
    assert set(first.keys()) == {
        "From", "To", "Date", "Subject", "Message-ID", "Content-Type", "Content-Transfer-Encoding", "MIME-Version",
    }
    assert first["From"] == '"[P1]" <p1@pseudonymised.invalid>'
    assert second["To"] == '"[P1]" <p1@pseudonymised.invalid>, "[P3]" <p3@pseudonymised.invalid>'
    assert first.get_from().startswith("p1@pseudonymised.invalid Mon Jan  3 11:00:00 2022")
    assert "[attachment removed: application/pdf]" in last.get_payload(decode=True).decode()


def test_quotes_are_pseudonymised_as_their_authors_text(archive_path: Path) -> None:
    source = read_source(archive_path)
    result = apply_source(source, collect_source(source).mapping, "thread", IdTemplate())
    second = result.frame.loc[1, "text"]
    assert "On Mon, 3 Jan 2022, [P1] <p1@pseudonymised.invalid> wrote:\n> Hi [P2]," in second
    quoted = [r for r in result.replacements if r.message_id == "<2@mail.example.org>#1"]
    assert {r.participant for r in quoted} == {"P1", "P2"}


def test_eml_folder_in_and_out(tmp_path: Path) -> None:
    source = read_source(write_eml_folder(tmp_path / "mail"))
    result = apply_source(source, collect_source(source).mapping, "thread", IdTemplate())
    write_output(source, result, tmp_path / "out")
    files = sorted(path.name for path in (tmp_path / "out").iterdir())
    assert files == [f"m{n}.eml" for n in range(1, 6)]
    for path in (tmp_path / "out").iterdir():
        assert leftovers(path.read_text(encoding="utf-8")) == []


def test_eml_output_refuses_a_folder_with_files(tmp_path: Path, archive_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "keep.txt").write_text("mine", encoding="utf-8")
    source = read_source(archive_path)
    result = apply_source(source, collect_source(source).mapping, "thread", IdTemplate())
    with pytest.raises(OutputError, match="not empty"):
        write_output(source, result, tmp_path / "out", "eml")
    assert (tmp_path / "out" / "keep.txt").read_text(encoding="utf-8") == "mine"


def test_mail_as_a_table(archive_path: Path, tmp_path: Path) -> None:
    source = read_source(archive_path)
    result = apply_source(source, collect_source(source).mapping, "thread", IdTemplate())
    write_output(source, result, tmp_path / "out.csv", "csv")
    table = pd.read_csv(tmp_path / "out.csv", dtype=str, keep_default_na=False)
    assert list(table.columns) == ["message_id", "parent_id", "thread_id", "sender", "recipients", "date",
                                   "subject", "text"]
    assert leftovers(table.to_csv()) == []


def test_a_table_cannot_become_mail(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_text("id,user_id,text\n1,U1,Hi\n", encoding="utf-8")
    source = read_source(path)
    result = apply_source(source, collect_source(source).mapping, "all", IdTemplate())
    with pytest.raises(OutputError, match="cannot be written as mbox"):
        write_output(source, result, tmp_path / "o.mbox", "mbox")


@pytest.mark.parametrize("suffix", ["csv", "jsonl", "parquet"])
def test_tables_give_the_same_mapping_in_every_format(tmp_path: Path, suffix: str) -> None:
    frame = pd.DataFrame({
        "id": ["1", "2"], "parent_id": ["", "1"], "user_id": ["U1", "U2"],
        "text": ["Hi all,\nanyone?\nThanks, Mary", "Hi Mary,\nyes.\nRob"],
    })
    path = tmp_path / f"m.{suffix}"
    {"csv": lambda: frame.to_csv(path, index=False), "parquet": lambda: frame.to_parquet(path, index=False),
     "jsonl": lambda: frame.to_json(path, orient="records", lines=True)}[suffix]()
    mapping = collect_source(read_source(path)).mapping
    assert mapping.names == {"U1": ["Mary"], "U2": ["Rob"]}


def test_a_forwarded_message_is_its_named_authors_text(tmp_path: Path) -> None:
    """Carl forwards Ann's note to Rob: the quote is Ann's (by its From: line), not Carl's parent's."""
    forward = raw(
        headers(7, CARL, ROB, "Fwd: Lunch"),
        "Rob, see below.\nCarl\n\n---------- Forwarded message ---------\nFrom: Ann Lee <ann.lee@example.org>\n"
        "Subject: Lunch\n\nHi Robbie,\nlunch?\nAnn\n",
    )
    source = read_source(write_mbox(tmp_path / "fwd.mbox", (FIRST, forward)))
    table = part_table(source.archive)  # type: ignore[arg-type]
    authors = dict(zip(table.frame["part_id"], table.frame["sender"]))
    assert authors["<7@mail.example.org>#0"] == "P2"
    assert authors["<7@mail.example.org>#1"] == "P1"
