"""Reading mbox files and .eml folders into messages with participants and threads."""

from __future__ import annotations

from pathlib import Path

import pytest

from nicknames.io.mail.archive import read_archive
from nicknames.io.mail.participants import AddressKey
from nicknames.io.mail.tables import named_author
from nicknames.model.errors import InputError
from tests.mail_samples import FIRST, LIST_ARCHIVE, SECOND, write_eml_folder, write_mbox


def test_mbox_participants_threads_and_display_names(tmp_path: Path) -> None:
    archive = read_archive(write_mbox(tmp_path / "a.mbox"))
    assert archive.format == "mbox"
    assert [m.sender for m in archive.messages] == ["P1", "P2", "P3", "P1", "P2"]
    assert archive.messages[1].recipients == ("P1", "P3")
    assert archive.display_names == {"P1": "Ann Lee", "P2": "Robert Grey", "P3": "Bauer, Carl"}
    assert [m.link.how for m in archive.messages] == ["none", "in-reply-to", "in-reply-to", "references", "subject"]
    assert {m.link.thread for m in archive.messages} == {"<1@mail.example.org>"}
    assert archive.messages[2].subject == "Re: Lunch à la cafétéria"


def test_senders_get_ids_before_other_addresses(tmp_path: Path) -> None:
    archive = read_archive(write_mbox(tmp_path / "a.mbox"))
    assert archive.key.ids == {"ann.lee@example.org": "P1", "rob@example.org": "P2", "carl@example.net": "P3"}


def test_ids_are_stable_with_a_key(tmp_path: Path) -> None:
    key = AddressKey({"carl@example.net": "P1"})
    archive = read_archive(write_mbox(tmp_path / "a.mbox"), key)
    assert archive.messages[0].sender == "P2"
    assert archive.messages[2].sender == "P1"


def test_eml_folder_reads_like_the_mbox(tmp_path: Path) -> None:
    mbox = read_archive(write_mbox(tmp_path / "a.mbox"))
    folder = read_archive(write_eml_folder(tmp_path / "mail"))
    assert folder.format == "eml"
    assert [m.body.text for m in folder.messages] == [m.body.text for m in mbox.messages]
    assert [m.link for m in folder.messages] == [m.link for m in mbox.messages]


def test_repeated_message_ids_are_told_apart(tmp_path: Path) -> None:
    archive = read_archive(write_mbox(tmp_path / "a.mbox", (FIRST, FIRST, SECOND)))
    assert [m.message_id for m in archive.messages] == [
        "<1@mail.example.org>", "<1@mail.example.org>#2", "<2@mail.example.org>",
    ]
    assert archive.messages[2].link.parent == "<1@mail.example.org>"


def test_message_without_id_or_sender(tmp_path: Path) -> None:
    path = tmp_path / "one.eml"
    path.write_bytes(b"Subject: hi\n\nHello\n")
    archive = read_archive(path)
    assert archive.messages[0].message_id == "<message-1@no-message-id.invalid>"
    assert archive.messages[0].sender == "P1"
    assert archive.key.ids == {"(no address)": "P1"}


@pytest.mark.parametrize("name", ["missing.mbox", "empty"])
def test_nothing_to_read(tmp_path: Path, name: str) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="does not exist|holds no mail messages"):
        read_archive(tmp_path / name)


def test_a_folder_of_mbox_files_gives_one_session_per_file(tmp_path: Path) -> None:
    folder = tmp_path / "list"
    folder.mkdir()
    write_mbox(folder / "2022-01.txt", (FIRST,))
    write_mbox(folder / "2022-02.mbox", (SECOND,))
    (folder / "notes.md").write_text("not mail", encoding="utf-8")
    archive = read_archive(folder)
    assert [m.session for m in archive.messages] == ["2022-01.txt", "2022-02.mbox"]
    assert archive.messages[1].link.parent == "<1@mail.example.org>"


def test_encoded_and_folded_headers_are_decoded(tmp_path: Path) -> None:
    path = tmp_path / "one.eml"
    path.write_bytes(
        b"From: =?utf-8?q?Zo=C3=AB_=C3=81vila?= <zoe@example.org>\n"
        b"To: Ann Lee\n <ann.lee@example.org>,\n\tRob <rob@example.org>\n"
        b"Subject: =?iso-8859-1?q?caf=E9?=\n =?utf-8?b?IOKAkyBtZWV0aW5n?=\n"
        b"Message-ID: <x@example.org>\n\nHi\n"
    )
    archive = read_archive(path)
    assert archive.display_names == {"P1": "Zoë Ávila", "P2": "Ann Lee", "P3": "Rob"}
    assert archive.messages[0].subject == "café – meeting"
    assert archive.messages[0].recipients == ("P2", "P3")


def test_eight_bit_headers_are_read_as_utf8(tmp_path: Path) -> None:
    path = tmp_path / "one.eml"
    path.write_bytes("From: Zoë Ávila <zoe@example.org>\nSubject: Grüße\n\nHi\n".encode())
    archive = read_archive(path)
    assert archive.display_names == {"P1": "Zoë Ávila"}
    assert archive.messages[0].subject == "Grüße"


def test_an_address_without_a_display_name_gives_the_name_it_spells(tmp_path: Path) -> None:
    path = tmp_path / "one.eml"
    path.write_bytes(b"From: leontyne.abara@uni.example.edu\nTo: Stats Group <stats-group@lists.example.edu>\n"
                     b"Cc: no-reply@example.edu\nSubject: hi\n\nHello\n")
    archive = read_archive(path)
    # the sender's address spells her name; a list's and a service's mailbox spell none, nor is a list's own
    # display name a person's
    assert archive.display_names == {"P1": "Leontyne Abara"}


def test_an_address_only_a_text_gives_takes_the_name_written_before_it(tmp_path: Path) -> None:
    path = tmp_path / "one.eml"
    path.write_bytes(b"From: Tobias Quell <tq@example.org>\nSubject: [PATCH] fix\n\nA fix.\n\n"
                     b"Reported-by: Ada Berg <ada@example.net>\nSigned-off-by: Tobias Quell <tq@example.org>\n")
    archive = read_archive(path)
    # the reporter writes nothing herself: her trailer names her, and her name is replaced with her address
    assert archive.display_names == {"P1": "Tobias Quell", "P2": "Ada Berg"}


def test_one_person_one_id_across_mailboxes_and_a_list_that_rewrites_senders(tmp_path: Path) -> None:
    archive = read_archive(write_mbox(tmp_path / "list.mbox", LIST_ARCHIVE))
    senders = [message.sender for message in archive.messages]
    # work and home address of one person ("Quell, Tobias" is Tobias Quell): one id; the list's rewritten mail
    # goes to the person who wrote it, and so does their own address later
    assert senders == ["P1", "P1", "P2", "P3", "P2"]
    assert archive.key.ids["team-discuss@lists.example.org"] == "P4"
    assert archive.key.joined == 2
    # the list's own display names ("Team-discuss", "team", "Team Discussions") name nobody
    assert archive.display_names == {"P1": "Tobias Quell", "P2": "Ada Berg", "P3": "Lena Harcourt"}
    assert archive.other_names == {"P1": ("Quell, Tobias",)}
    # a quote of the rewritten mail is its author's, not the list's
    assert named_author(archive.messages[3].body.text, archive.key) == "P2"


def test_a_key_keeps_the_ids_it_holds_when_a_name_comes_again(tmp_path: Path) -> None:
    key = AddressKey({"tq@work.example.org": "P1", "tobias.quell@home.example.net": "P9"})
    archive = read_archive(write_mbox(tmp_path / "list.mbox", LIST_ARCHIVE), key)
    assert [message.sender for message in archive.messages][:2] == ["P1", "P9"]


def _list_archive(path: Path, bodies: list[tuple[str, str]]) -> Path:
    """An mbox of messages to a list ``folk@lists.example.org`` (its display name "Harbour Folk"), one a sender."""
    messages = [f"From x Mon Jan  1 00:00:00 2001\nFrom: {sender}\nTo: Harbour Folk <folk@lists.example.org>\n"
                f"Subject: s{number}\nMessage-ID: <{number}@example.org>\n\n{body}\n"
                for number, (sender, body) in enumerate(bodies)]
    path.write_text("\n".join(messages), encoding="utf-8")
    return path


def test_a_lists_address_names_no_person(tmp_path: Path) -> None:
    senders = [f"Person{chr(65 + n)} Quill <p{n}@example.net>" for n in range(12)]
    archive = read_archive(_list_archive(tmp_path / "l.mbox", [(sender, "hi all") for sender in senders[:-1]] + [
        (senders[-1], "Write to Harbour-Folk <folk@lists.example.org>.")]))  # nor the name a text writes with it
    # the address that receives most of the messages, from many senders, is the list's: "Harbour Folk" is no person
    assert archive.key.ids["folk@lists.example.org"] not in archive.display_names
    assert len(archive.display_names) == 12
    # a person's archive (few senders) keeps the name of the address most messages went to
    mine = read_archive(_list_archive(tmp_path / "m.mbox", [(senders[0], "hi")] * 12))
    assert mine.display_names[mine.key.ids["folk@lists.example.org"]] == "Harbour Folk"


@pytest.mark.parametrize(
    ("body", "names"),
    [
        # an address only a text gives, and the name written with it: before it, after it in parentheses, or on
        # the line above it
        ("Ada Berg (ada@example.net) wrote:\n> no", {"Ada Berg"}),
        ("ada@example.net (Ada Berg) writes:\n> no", {"Ada Berg"}),
        ("a list run by Ada Berg\n> <ada@example.net>, who", {"Ada Berg"}),
        # the end of an organisation's name is none
        ("Member of the League for Open Harbours <ada@example.net>", set()),
        ("Engineers for Quiet Streets (ada@example.net)", set()),
    ],
)
def test_names_written_with_an_address_a_text_gives(tmp_path: Path, body: str, names: set[str]) -> None:
    path = tmp_path / "one.eml"
    path.write_bytes(f"From: Tobias Quell <tq@example.org>\nSubject: hi\n\n{body}\n".encode())
    archive = read_archive(path)
    assert set(archive.display_names.values()) - {"Tobias Quell"} == names


def test_an_address_a_text_writes_with_a_senders_name_is_theirs(tmp_path: Path) -> None:
    path = tmp_path / "one.eml"
    path.write_bytes(b"From: Tobias Quell <tq@example.org>\nSubject: hi\n\n"
                     b"Forwarded from tq@home.example.net (Tobias Quell):\n> hello\n")
    archive = read_archive(path)
    # one person writing from two addresses stays one participant, as two headers would make them
    assert archive.key.ids["tq@home.example.net"] == archive.key.ids["tq@example.org"] == "P1"
    assert archive.display_names == {"P1": "Tobias Quell"}
