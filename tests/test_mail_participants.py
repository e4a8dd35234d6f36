"""Participant ids for addresses and the address key file."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from nicknames.io.address_names import name_of_address
from nicknames.io.mail.participants import (
    AddressKey,
    clean_display_name,
    key_path,
    list_addresses,
    names_its_person,
    names_of_ids,
    person_key,
    pseudonymous_address,
    read_key,
    write_key,
    written_mailboxes,
)
from nicknames.model.errors import InputError


def test_ids_are_sequential_and_case_blind() -> None:
    key = AddressKey()
    assert [key.id_for(a) for a in ("ann@x.org", "<Rob@X.org>", "ANN@x.org", "")] == ["P1", "P2", "P1", "P3"]
    assert key.added == 3


def test_new_addresses_continue_after_the_highest_id() -> None:
    key = AddressKey({"ann@x.org": "P7", "list@x.org": "moderator"})
    assert key.id_for("new@x.org") == "P8"


def test_key_file_round_trip_is_private(tmp_path: Path) -> None:
    key = AddressKey()
    key.id_for("ann@x.org")
    key.id_for("rob@x.org")
    path = key_path(tmp_path / "mapping.txt")
    assert path.name == "mapping.addresses.csv"
    write_key(key, path)
    assert path.read_text(encoding="utf-8") == "participant,address\nP1,ann@x.org\nP2,rob@x.org\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_key(path).ids == key.ids


def test_an_edited_key_gives_two_addresses_one_id(tmp_path: Path) -> None:
    path = tmp_path / "k.csv"
    path.write_text("participant,address\nP1,ann@x.org\nP1,Ann.Home@y.org\n", encoding="utf-8")
    assert read_key(path).id_for("ann.home@y.org") == "P1"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("id,email\n", "line 1: an address key starts with the header"),
        ("participant,address\nP1\n", "line 2: expected 'participant,address'"),
    ],
)
def test_broken_key_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "k.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_key(path)


def test_missing_key_file_says_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="run 'nicknames collect'"):
        read_key(tmp_path / "none.csv")


@pytest.mark.parametrize(
    ("display", "expected"),
    [
        ("Ann Lee", "Ann Lee"),
        ('"Lee, Ann"', "Lee, Ann"),
        ("'Ann Lee'", "Ann Lee"),
        ("Ann Lee (Sales)", "Ann Lee"),
        ("ann@x.org", None),
        ("Team-discusslists.example.org", None),  # an address a mail program wrote without its "@"
        ("A.B.Quell", "A.B.Quell"),
        ("ann.lee", "ann.lee"),  # a name as some mail programs show it
        ("", None),
        ("1234", None),
    ],
)
def test_clean_display_name(display: str, expected: str | None) -> None:
    assert clean_display_name(display) == expected


def test_pseudonymous_address_is_reserved() -> None:
    assert pseudonymous_address("P12") == "p12@pseudonymised.invalid"


@pytest.mark.parametrize(
    ("shown", "expected"),
    [(None, "p12"), ("[P12]", "p12"), ("Zoë Ávila-Ng", "zoe.avila.ng"), ("<P7F3A2>", "p7f3a2"), ("[]", "p12")],
)
def test_pseudonymous_address_follows_the_pseudonym(shown: str | None, expected: str) -> None:
    assert pseudonymous_address("P12", shown) == f"{expected}@pseudonymised.invalid"


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        ("leontyne.abara@uni.example.edu", "Leontyne Abara"),
        ("<Ann_Lee@example.org>", "Ann Lee"),
        ("mary-jane.poe@example.org", "Mary Jane Poe"),
        ("annlee@example.org", None),  # one word: no telling where the name ends
        ("ann.lee2@example.org", None),  # digits
        ("a.lee@example.org", None),  # an initial alone
        ("stats-group@lists.example.org", None),  # a list
        ("harbour-mm@lists.example.org", None),  # words joined by hyphens only: a list's name
        ("ann-lee@example.org", None),  # the price of that rule
        ("no-reply@example.org", None),  # a service
        ("info.desk@example.org", None),
        ("the.office@example.org", None),  # a stop word
    ],
)
def test_name_of_address(address: str, expected: str | None) -> None:
    assert name_of_address(address) == expected


@pytest.mark.parametrize(
    ("display", "expected"),
    [
        ("Ann Lee", "ann lee"),
        ('"Lee, Ann"', "ann lee"),  # surname first, as many mail programs write it
        ("ANN  LEE", "ann lee"),
        ("Zoë Ávila-Ng", "zoe avila ng"),
        ("Ann Lee via Team-discuss", "ann lee"),  # a list that rewrites its senders
        ("'Ann Lee' via Team-discuss", "ann lee"),
        ("Ann Lee (Sales)", "ann lee"),
        ("Ann", None),  # one word: many people
        ("Stats Group", None),  # an office, a list
        ("Harbour Summit Discussions", None),
        ("GNU C Library", None),
        ("Cc: Ann Lee", None),  # a header's text taken for a name
        ("ann@x.org", None),
        ("", None),
    ],
)
def test_person_key(display: str, expected: str | None) -> None:
    assert person_key(display) == expected


@pytest.mark.parametrize(
    ("display", "address", "expected"),
    [
        ("Ann Lee", "ann@x.org", True),
        ("Ann", "ann@x.org", True),
        ("Ann Lee", "contact@lee.example", True),  # a person's own "contact@"
        ("Ann Lee via Team-discuss", "team-discuss@lists.x.org", True),
        ("team", "team-discuss@lists.x.org", False),  # the list's short name
        ("Team-discuss", "team-discuss@lists.x.org", False),
        ("Stats Group", "stats-group@x.org", False),
        ("kernel-team", "kernel-team@x.org", False),
    ],
)
def test_names_its_person(display: str, address: str, expected: bool) -> None:
    assert names_its_person(display, address) is expected


@pytest.mark.parametrize(
    ("mailboxes", "ids", "joined"),
    [
        # one person, two addresses: one id
        ([("Ann Lee", "ann@work.org"), ("Ann Lee", "ann.lee@home.net")], ["P1", "P1"], 1),
        ([("Ann Lee", "ann@work.org"), ('"Lee, Ann"', "ann.lee@home.net")], ["P1", "P1"], 1),
        # a given name alone tells nobody apart
        ([("Ann", "ann@work.org"), ("Ann", "ann.lee@home.net")], ["P1", "P2"], 0),
        ([("Ann Lee", "ann@work.org"), ("Ann Berg", "ann@home.net")], ["P1", "P2"], 0),
        # a list that rewrites its senders: each person, not the list's address
        ([("Ann Lee via Team", "team@lists.org"), ("Rob Berg via Team", "team@lists.org"),
          ("Ann Lee", "ann@work.org")], ["P1", "P2", "P1"], 1),
        ([("", "team@lists.org"), ("Ann Lee via Team", "team@lists.org")], ["P1", "P2"], 0),
        # ... also one who shows one word: each their own, none the list's
        ([("Max via Team", "team@lists.org"), ("gv42 via Team", "team@lists.org"), ("Max via Team", "team@lists.org"),
          ("", "team@lists.org")], ["P1", "P2", "P1", "P3"], 0),
        # no display name, or none at all
        ([("", "ann@work.org"), ("Ann Lee", "ann@work.org")], ["P1", "P1"], 0),
        ([("Ann Lee", ""), ("Ann Lee", "ann@work.org")], ["P1", "P1"], 1),
    ],
)
def test_id_for_mailbox(mailboxes: list[tuple[str, str]], ids: list[str], joined: int) -> None:
    key = AddressKey()
    assert [key.id_for_mailbox(display, address) for display, address in mailboxes] == ids
    assert key.joined == joined


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["Signed-off-by: Ann Lee <ann@x.org>"], {"P1": "Ann Lee"}),  # a trailer
        (["On Wed, 22 Aug 2018 14:47:56 +0200 Ann Lee <ann@x.org> wrote:"], {"P1": "Ann Lee"}),  # an attribution
        (["Ann Lee <ann@x.org>", "A. Lee <ann@x.org>", "Ann Lee <ann@x.org>"], {"P1": "Ann Lee"}),  # the most used
        (["Reviewed-by: Ann Lee <ann@x.org>, Bo Quell <bo@y.org>"], {"P1": "Ann Lee", "P2": "Bo Quell"}),
        (["Ann <ann@x.org>"], {}),  # one word: no full name
        (["Harbour Ops Team <ann@x.org>"], {}),  # an office's
        (["Ann Lee <someone@else.org>"], {}),  # an address the archive gave no id
        (["see ann@x.org"], {}),
    ],
)
def test_written_names(texts: list[str], expected: dict[str, str]) -> None:
    key = AddressKey()
    key.id_for("ann@x.org")
    key.id_for("bo@y.org")
    assert names_of_ids(key, written_mailboxes(texts)) == expected


def test_id_for_mailbox_keeps_the_ids_a_key_holds() -> None:
    key = AddressKey({"ann@work.org": "P1", "ann.lee@home.net": "P5"})
    assert [key.id_for_mailbox("Ann Lee", a) for a in ("ann@work.org", "ann.lee@home.net", "a@new.org")] == [
        "P1", "P5", "P1"]
    assert key.joined == 1


_TWELVE = [[f"p{n}@x.org"] for n in range(12)]


@pytest.mark.parametrize(
    ("senders", "recipients", "lists"),
    [
        # more than half of the messages, from ten senders or more, and it sends none: a list
        (_TWELVE, [["team@lists.org"]] * 12, {"team@lists.org"}),
        (_TWELVE, [["team@lists.org"]] * 6 + [["ann@x.org"]] * 6, set()),  # half is not more than half
        ([["p0@x.org"]] * 12, [["team@lists.org"]] * 12, set()),  # one sender: a person's mailbox
        # it sends as much as it receives: a list that rewrites its senders, or a person answering
        (_TWELVE + [["team@lists.org"]] * 12, [["team@lists.org"]] * 24, set()),
        # ... or one notice in twenty
        (_TWELVE * 2 + [["team@lists.org"]], [["team@lists.org"]] * 24 + [["p1@x.org"]], {"team@lists.org"}),
    ],
)
def test_list_addresses(senders: list[list[str]], recipients: list[list[str]], lists: set[str]) -> None:
    assert list_addresses(senders, recipients) == lists
