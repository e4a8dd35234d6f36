"""Columns of people's names, addresses and user names beside the text: each value written as its person's pseudonym."""

from __future__ import annotations

import pandas as pd
import pytest

from nicknames.apply.identity_columns import IdentityColumns, authors
from nicknames.model.mapping import Mapping

MAPPING = Mapping({"U1": ["Anika", "Anika Vey"], "U2": ["Tobias", "Tobias Quell"], "U3": ["Tobias", "Tobias Brandt"]})
COLUMNS = IdentityColumns.of(
    ["author_name", "email", "to", "username"], "user_id", MAPPING,
    {"U1": ["anika.vey@uni.example.org", "quill_feather"], "U2": ["tq@uni.example.org"]},
    {"U3": "Tobias Elias Brandt"}, {"U1": "[U1]", "U2": "[U2]", "U3": "[U3]"},
)


@pytest.mark.parametrize(
    ("value", "sender", "handles", "own", "written"),
    [
        ("Anika Vey", None, False, False, "[U1]"),                                  # a mapping name of one person
        ("  anika   VEY ", None, False, False, "[U1]"),                             # any case, any blanks
        ("Tobias Elias Brandt", None, False, False, "[U3]"),                        # a registered name
        ("Tobias", "U3", False, False, "[U3]"),                                     # shared: the row's sender's
        ("Tobias", "U1", False, False, "[PERSON]"),                                 # shared, not the sender's: nobody's
        ("ANIKA.VEY@uni.example.org", None, False, False, "u1@pseudonymised.invalid"),  # an address of theirs
        ("anika.vey", None, False, False, "[U1]"),                                  # its local part: a handle
        ("@quill_feather", None, True, False, "[U1]"),                              # a user name of theirs
        ("mailto:tq@uni.example.org", None, False, False, "u2@pseudonymised.invalid"),
        ("Tobias Quell <tq@uni.example.org>", None, False, False, "[U2] <u2@pseudonymised.invalid>"),
        ("someone@else.example.org", None, False, False, "[EMAIL]"),               # nobody known
        ("stranger_42", None, True, False, "[HANDLE]"),                             # in a column of user names
        ("Ines Marlow", None, False, False, "[PERSON]"),                            # a name of nobody known
        ("Ines Marlow", "U2", False, True, "[U2]"),                                 # in the author's column: theirs
        ("ines@else.example.org", "U2", False, True, "u2@pseudonymised.invalid"),
        ("Quell, Tobias", None, False, False, "[U2]"),                              # surname first
        ("tq@uni.example.org; x@else.example.org", None, False, False, "u2@pseudonymised.invalid; [EMAIL]"),
        ("Anika Vey,Ines Marlow", None, False, False, "[U1],[PERSON]"),             # a list, its separators kept
        ("", "U1", False, True, ""),                                                # empty stays empty
        ("   ", "U1", False, True, "   "),
    ],
)
def test_each_value_is_written_as_its_persons_pseudonym(
        value: str, sender: str | None, handles: bool, own: bool, written: str) -> None:
    assert COLUMNS.cell(value, sender, handles, own) == written


def test_values_that_are_not_text_are_left() -> None:
    assert COLUMNS.cell(None) is None
    assert COLUMNS.cell(42) == 42


def test_a_frame_gets_every_identity_column_written_and_no_other() -> None:
    frame = pd.DataFrame({
        "user_id": ["U1", "U2", "U3"],
        "author_name": ["Anika Vey", "Tobias", "T. B."],
        "email": ["anika.vey@uni.example.org", "", "t.b@else.example.org"],
        "username": ["quill_feather", "tq", "tb_9"],
        "to": ["Tobias Quell", "x@else.example.org", ""],
        "text": ["Anika Vey", "Tobias", "x"],
    })
    written = COLUMNS(frame)
    # Values of nobody known in the author's columns are the row's sender's; in the recipients', placeholders.
    assert written["author_name"].tolist() == ["[U1]", "[U2]", "[U3]"]
    assert written["email"].tolist() == ["u1@pseudonymised.invalid", "", "u3@pseudonymised.invalid"]
    assert written["username"].tolist() == ["[U1]", "[U2]", "[U3]"]
    assert written["to"].tolist() == ["[U2]", "[EMAIL]", ""]
    assert written["text"].tolist() == frame["text"].tolist() and written["user_id"].tolist() == ["U1", "U2", "U3"]
    assert frame["author_name"][0] == "Anika Vey"  # the input frame is not changed


@pytest.mark.parametrize(
    ("column", "theirs"),
    [
        ("email", True), ("author_email", True), ("userfullname", True), ("user_name", True), ("first_name", True),
        ("to", False), ("recipient_email", False),  # the recipients'
        ("privatereplytofullname", False), ("reviewer_email", False), ("editor_username", False),  # somebody else's
    ],
)
def test_which_columns_of_people_are_the_authors(column: str, theirs: bool) -> None:
    assert authors(column) is theirs


def test_a_column_named_for_somebody_else_gets_no_author_for_nobody_known() -> None:
    columns = IdentityColumns.of(["privatereplytofullname"], "user_id", MAPPING, {}, {}, {"U1": "[U1]", "U2": "[U2]"})
    frame = pd.DataFrame({"user_id": ["U1", "U1"], "privatereplytofullname": ["Tobias Quell", "Ines Marlow"]})
    assert columns(frame)["privatereplytofullname"].tolist() == ["[U2]", "[PERSON]"]
