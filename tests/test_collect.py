"""Collect: counts per participant, the class list, and merging into an edited mapping."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.scope_names import scope_names
from nicknames.apply.substitute import substitute_message
from nicknames.collect.candidates import collect
from nicknames.collect.discover.attribution import Attribution, Greeting, attribute
from nicknames.collect.found import merge, natural_key
from nicknames.collect.scan import lower_given_names
from nicknames.io.class_list import registered_parts
from nicknames.io.mapping_file import parse_mapping
from nicknames.model.mapping import Name, Status
from nicknames.model.messages import Message
from nicknames.pipeline.sources import read_messages
from tests.conftest import write_csv

HEADER = ["message_id", "parent_id", "user_id", "text"]


def table(tmp_path: Path, rows: list[list[str]]):
    return read_messages(write_csv(tmp_path / "m.csv", HEADER, rows))


def test_counts_messages_per_participant_and_name(tmp_path: Path) -> None:
    rows = [
        ["1", "0", "u1", "A question.\nThanks, Rob"],
        ["2", "1", "u2", "Hi Rob,\nan answer.\nMary"],
        ["3", "2", "u1", "Hi Mary,\nthanks!\nRob"],
        ["4", "3", "u2", "Hello Robbie!\nsure"],
    ]
    mapping = collect(table(tmp_path, rows)).mapping
    assert mapping.entry("u1").names == [Name("Rob", 3, ("signoff", "greeting")), Name("Robbie", 1, ("greeting",))]
    assert mapping.entry("u2").names == [Name("Mary", 2, ("signoff", "greeting"))]


def test_collect_leaves_no_object_frozen_and_keeps_what_others_froze(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [["1", "0", "u1", "A question.\nRob"], ["2", "1", "u2", "Hi Rob,\nan answer."]]
    gc.unfreeze()  # whatever an earlier test left frozen: collect must leave nothing frozen itself
    collect(table(tmp_path, rows))
    assert gc.get_freeze_count() == 0
    # With objects frozen by someone else, collect neither freezes more nor unfreezes them. (Their count is no
    # test: a bounded cache such as the regex modules' may drop, and free, a frozen entry whatever collect does.)
    gc.freeze()
    calls: list[str] = []
    try:
        monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
        monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
        collect(table(tmp_path, rows))
    finally:
        monkeypatch.undo()
        frozen = gc.get_freeze_count()
        gc.unfreeze()
    assert calls == [] and frozen > 0


def test_class_list_adds_registered_parts_that_occur(tmp_path: Path) -> None:
    rows = [["1", "0", "u1", "Grey here: a question."], ["2", "1", "u2", "Robert Grey asked that"]]
    roster = {"u1": "Robert Grey", "u2": "Mary Jane Poe", "u9": "Never Posted"}
    mapping = collect(table(tmp_path, rows), roster).mapping
    assert mapping.names == {"u1": ["Grey", "Robert Grey"], "u2": []}
    assert mapping.entry("u1").find("Grey") == Name("Grey", 1, ("classlist", "intro"))  # "Grey here:" introduces


def test_class_list_adds_the_given_name_with_an_initial(tmp_path: Path) -> None:
    rows = [["1", "0", "u1", "I left a message for Mary J. yesterday."], ["2", "1", "u2", "Ask Robert G or Mary."]]
    roster = {"u1": "Robert Grey", "u2": "Mary Jane Poe"}
    assert collect(table(tmp_path, rows), roster).mapping.names == {"u1": ["Robert G"], "u2": ["Mary", "Mary J"]}


def test_a_registered_given_name_signed_in_lower_case_is_no_word_for_anyone(tmp_path: Path) -> None:
    # a Freddy who signs "freddy" writes his name in lower case: it stays a name for a Frederick signing "Freddy" too
    rows = [[str(n), "0", "u2", f"Question {n}.\n\nfreddy"] for n in range(1, 5)] + [
        ["5", "1", "u1", "An answer.\n\nRegards, Freddy"], ["6", "2", "u1", "Another.\n\nFreddy"]]
    roster = {"u1": "Frederick Quell", "u2": "Freddy Harbour"}
    mapping = collect(table(tmp_path, rows), roster).mapping
    assert "word" not in mapping.entry("u1").find("Freddy").tags


def test_a_class_list_in_lower_case_gives_the_names_a_text_capitalises(tmp_path: Path) -> None:
    rows = [["1", "0", "u1", "Thanks Ana and Mr Wrenfield-Quell.\nGreta"],
            ["2", "1", "u2", "Ana de la Cruz said so too.\ntobias wrenfield-quell"]]
    roster = {"u1": "greta vollmer", "u2": "tobias wrenfield-quell", "u3": "ana de la cruz"}
    names = collect(table(tmp_path, rows), roster).mapping.names
    assert "Wrenfield-Quell" in names["u2"] and "tobias wrenfield-quell" in names["u2"]  # not Ana's, greeted beside
    assert "Ana de la Cruz" in names["u3"]


@pytest.mark.parametrize(
    ("office", "expected"),
    [
        ("Office of the Provost", {"u1": [], "u2": ["Mary"], "a1": ["Tobias Quell", "Tobias"]}),
        ("Ines Oduya", {"u1": ["Tobias"], "u2": ["Mary"], "a1": ["Tobias Quell"]}),  # a person: greeted
    ],
)
def test_a_greeting_never_names_an_office(tmp_path: Path, office: str, expected: dict[str, list[str]]) -> None:
    rows = [["1", "0", "u1", "Tobias Quell joins the board.\nThe provost"],
            ["2", "1", "u2", "Hi Tobias, and welcome!\nMary"]]
    roster = {"u1": office, "u2": "Mary Lind", "a1": "Tobias Quell"}
    assert collect(table(tmp_path, rows), roster).mapping.names == expected


@pytest.mark.parametrize(
    ("signatures", "expected"),
    [
        (["Regards\nTobias and Hugo"], ["Tobias"]),  # two sign: the other is not the sender
        (["Regards\nHugo and Toby"], ["Toby"]),  # a familiar form of the registered name
        (["Regards\nTobias and Hugo", "Thanks\nHugo"], ["Hugo", "Tobias"]),  # signed alone too
        (["Regards\nTQ and Hugo"], ["TQ"]),  # initials
    ],
)
def test_a_sign_off_of_two_people_gives_the_sender_their_own(
    tmp_path: Path, signatures: list[str], expected: list[str]
) -> None:
    rows = [[str(i + 1), "0", "u1", f"A question.\n{signature}"] for i, signature in enumerate(signatures)]
    names = collect(table(tmp_path, rows), {"u1": "Tobias Quell"}).mapping.names["u1"]
    assert sorted(names) == expected


@pytest.mark.parametrize(
    ("greeting", "expected"),
    [
        ("Dear Tobais, see below.", ["Tobais"]),  # a letter swapped
        ("Dear Tobiaz, see below.", ["Tobiaz"]),  # a letter changed
        ("Dear Tobiasz, see below.", ["Tobiasz"]),  # one more
        ("Dear Tobi, see below.", []),  # too short to tell from another name
        ("Dear Marten, see below.", []),  # two registered people are one letter away
    ],
)
def test_a_misspelt_greeting_names_the_one_registered_person_it_is_near(
    tmp_path: Path, greeting: str, expected: list[str]
) -> None:
    rows = [["1", "0", "u1", greeting], ["2", "9", "u3", "Fine."], ["3", "9", "u4", "Fine."], ["4", "9", "u5", "Ok."]]
    roster = {"u1": "Ines Oduya", "u3": "Tobias Quell", "u4": "Marlen Voss", "u5": "Marthen Oyo"}
    assert collect(table(tmp_path, rows), roster).mapping.names["u3"] == expected


@pytest.mark.parametrize(
    ("greeting", "owner", "name"),
    [
        ("Thanks @ingrid.solberg!", "u4", "ingrid.solberg"),  # a user name of her registered names, not u3's
        ("Hi IngridSolberg,", "u4", "IngridSolberg"),
        ("Hey @ingrid_solberg, agreed.", "u4", "ingrid_solberg"),
        ("Thanks @tobias.quell!", "u3", "tobias.quell"),  # the parent's sender's own
        ("Thanks @ingrid.quell!", "u3", "ingrid.quell"),  # two people's words: nobody's, so the parent's sender's
    ],
)
def test_a_greeted_user_name_of_one_persons_registered_names_is_theirs(
    tmp_path: Path, greeting: str, owner: str, name: str
) -> None:
    rows = [["1", "0", "u3", "A question."], ["2", "1", "u1", greeting], ["3", "1", "u4", "Same here."]]
    roster = {"u1": "Greta Vollmer", "u3": "Tobias Quell", "u4": "Ingrid Solberg"}
    names = collect(table(tmp_path, rows), roster).mapping.names
    assert [participant for participant, forms in names.items() if name in forms] == [owner]


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ("GV> Check the units.", ["GV", "Greta"]),  # Supercite's initials of the quoted author
        ("Toby> Check the units.", ["Greta"]),  # no form of the parent's sender's name: nobody's
        ("> Check the units.", ["Greta"]),
    ],
)
def test_a_quote_mark_opened_by_initials_names_the_quoted_sender(
    tmp_path: Path, quote: str, expected: list[str]
) -> None:
    rows = [["1", "0", "u1", "Check the units.\n\nGreta"], ["2", "1", "u3", f"{quote}\n\nThat was it, thanks Greta!"]]
    roster = {"u1": "Greta Vollmer", "u3": "Tobias Quell"}
    names = collect(table(tmp_path, rows), roster).mapping.names
    assert sorted(names["u1"]) == expected
    assert "GV" not in names["u3"]


@pytest.mark.parametrize(
    ("first", "reply", "expected"),
    [
        ("Welcome!\n\nDr. Q", "Hi Dr. Q,\nthanks.", {"u3": ["Dr. Q"], "u1": []}),  # signed and greeted
        ("Welcome!\n\nDr. V", "Hi Dr. V,\nthanks.", {"u3": [], "u1": []}),  # no word of his name opens so
    ],
)
def test_a_title_and_an_initial_of_the_senders_name_is_theirs(
    tmp_path: Path, first: str, reply: str, expected: dict[str, list[str]]
) -> None:
    rows = [["1", "0", "u3", first], ["2", "1", "u1", reply]]
    names = collect(table(tmp_path, rows), {"u1": "Greta Marsden", "u3": "Tobias Quell"}).mapping.names
    assert {participant: [name for name in forms if "." in name] for participant, forms in names.items()} == expected


def test_class_list_names_are_not_stop_words(tmp_path: Path) -> None:
    rows = [["1", "0", "u1", "A question"], ["2", "1", "u2", "Hi Will,\nyes"]]
    assert collect(table(tmp_path, rows)).mapping.names["u1"] == []
    assert collect(table(tmp_path, rows), {"u1": "Will Turner"}).mapping.names["u1"] == ["Will"]


def test_every_sender_is_listed_in_natural_order(tmp_path: Path) -> None:
    rows = [["1", "0", "U10", "x"], ["2", "0", "U2", "y"], ["3", "0", "U1", "z"]]
    assert collect(table(tmp_path, rows)).mapping.participants == ["U1", "U2", "U10"]


def test_merge_keeps_every_manual_edit() -> None:
    edited = parse_mapping(
        "# my notes\n"
        "@keep | Arthur C. Clarke\n"
        "U01 | Robert [3] | !Cheers [2] | Bobby [manual]\n"
        "@seen U01 | Cheers | Rob | Robert\n"
    )
    proposed = parse_mapping("U01 | Robert [7; signoff] | Cheers [4] | Rob [2] | Robbie [1]\nU02 | Mary [1]\n")
    merged = merge(edited, proposed)
    entry = merged.entry("U01")
    assert entry.find("Robert") == Name("Robert", 7, ("signoff",))  # count refreshed
    assert entry.find("Cheers").status is Status.REJECTED  # rejected stays rejected
    assert entry.find("Rob") is None  # deleted by hand stays deleted
    assert entry.find("Robbie") == Name("Robbie", 1)  # new evidence comes in
    assert entry.find("Bobby") == Name("Bobby", tags=("manual",))  # manual addition stays
    assert merged.keep == ["Arthur C. Clarke"]
    assert merged.entry("@keep").comments == ["# my notes"]
    assert merged.names["U02"] == ["Mary"]
    assert merged.seen["U01"] == {"Cheers", "Rob", "Robert", "Robbie"}


def test_merge_does_not_change_its_inputs() -> None:
    edited = parse_mapping("U01 | Robert\n")
    merge(edited, parse_mapping("U01 | Rob\n"))
    assert edited.names == {"U01": ["Robert"]}


def test_natural_key() -> None:
    assert sorted(["U10", "U2", "U1", "a"], key=natural_key) == ["U1", "U2", "U10", "a"]


# ---------------------------------------------------------------------- greetings and recipients (mail)


OWNERS = {"Ann Lee": {"P1"}, "Ann": {"P1"}, "Lee": {"P1"}, "Rob Grey": {"P2"}, "Rob": {"P2"}, "Grey": {"P2"},
          "Carl": {"P3"}}


@pytest.mark.parametrize(
    ("sender", "parent", "recipients", "name", "expected"),
    [
        ("P2", "P1", ("P1", "P3"), "Carl", ("P3", False)),  # a recipient's known name beats the parent
        ("P2", "P1", ("P1",), "Annie", ("P1", False)),  # nobody's known name: the parent's sender
        ("P1", None, ("P4",), "Carl", ("P4", True)),  # no parent, no poster: the only recipient, uncertain
        ("P1", None, ("P2",), "Robbie", ("P2", True)),
        ("P1", None, ("P2", "P3"), "Robbie", None),  # no parent, several recipients: unknown
        ("P3", "P1", (), "Carl", ("P1", False)),  # the sender's own name is never the addressee
    ],
)
def test_greeting_attribution_with_recipients(sender: str, parent: str | None, recipients: tuple[str, ...],
                                              name: str, expected: tuple[str, bool] | None) -> None:
    greeting = Greeting(0, "t", sender, parent, (name,), recipients)
    found = list(attribute(greeting, OWNERS, {}))
    assert found == ([] if expected is None else [Attribution(expected[0], name, expected[1])])


@pytest.mark.parametrize(
    ("signoff", "registered", "kept"),
    [
        ("Thanks.  kd", "Kate Dunn", ["kd"]),  # lower-case initials of the registered name
        ("Thanks.  kmd", "Kate Marie Dunn", ["kmd"]),  # all her initials, the first and last, the given names
        ("Thanks.  kd", "Kate Marie Dunn", ["kd"]),
        ("Thanks.  md", "Kate Marie Dunn", []),
        ("Thanks.  kjd", "Kate Dunn", ["kjd"]),  # a middle initial the class list does not have
        ("Thanks.  xy", "Kate Dunn", []),  # someone else's letters
        ("Text\n--K", "Kate Dunn", ["K"]),  # the given name's letter
        ("Text\n--D", "Kate Dunn", []),
        ("Text\n-k", "Kate Dunn", ["k"]),
        ("Thanks,\nK.", "Kate Dunn", ["K."]),
        ("Thanks,\nD.", "Kate Dunn", []),
        ("Text\n--K", None, []),  # no class list: nothing to check a letter against
        ("Thanks.  kd", None, []),
        ("Thanks, al", None, ["al"]),  # a familiar form is a name, not a short sign-off
    ],
)
def test_short_signoffs_count_only_as_the_senders_own(
    tmp_path: Path, signoff: str, registered: str | None, kept: list[str]
) -> None:
    rows = [["1", "0", "u1", f"A question.\n{signoff}"], ["2", "1", "u2", "An answer."]]
    roster = {"u1": registered} if registered else None
    mapping = collect(table(tmp_path, rows), roster, discover=False).mapping
    found = [name.text for name in mapping.entry("u1").names if "signoff" in name.tags]
    assert found == kept
    assert all("short" in mapping.entry("u1").find(name).tags for name in found if name != "al")


@pytest.mark.parametrize(
    ("registered", "status"),
    [
        ("Mei-Ling Tsao", Status.ACTIVE),  # the initials of a hyphenated given name
        ("Jean-Pierre Dupont", Status.SUGGESTED),  # no initials of his: doubtful
        ("Mei Tsao", Status.SUGGESTED),
    ],
)
def test_a_hyphenated_given_name_signs_with_its_initials(tmp_path: Path, registered: str, status: Status) -> None:
    rows = [["1", "0", "u1", "A question about week 3.\nThanks Harold! ML"], ["2", "1", "u2", "An answer.\nHarold"]]
    mapping = collect(table(tmp_path, rows), {"u1": registered, "u2": "Harold Penbrook"}, discover=False).mapping
    found = mapping.entry("u1").find("ML")
    assert found is not None and found.status is status


MAILMAN_FOOTER = "\n\n_______________________________________________\nresearch-list mailing list\nresearch-list@lists.example.org\nhttps://lists.example.org/mailman/listinfo/research-list\n"
LEGAL_FOOTER = ("\n\n" + "-" * 96 + "\n" + "-" * 20 + "\nExample Research GmbH\n12345 Town\n"
                "Sitz der Gesellschaft: Town\nEingetragen im Handelsregister des Amtsgerichts Town Nr. HR B 1\n"
                "Geschaeftsfuehrung: Prof. Dr. Ada Quellmann\n" + "-" * 96 + "\n" + "-" * 96 + "\n\nOur app: example.org/app")
GROUP_FOOTER = ("\n-- \nYou received this message because you are subscribed to the Google Groups \"Reading Group\" group.\n"
                "To unsubscribe from this group and stop receiving emails from it, send an email to "
                "reading-group+unsubscribe@googlegroups.com.\n")


@pytest.mark.parametrize(
    ("text", "signed"),
    [
        ("Units fixed.\n\nHP" + MAILMAN_FOOTER, ["HP"]),  # the sender's initials, above the list's footer
        ("Units fixed.\n\nCheers,\nHarold" + GROUP_FOOTER, ["Harold"]),
        ("Units fixed.\n\nHP\n\n> Has anyone run it?\n> Toby" + MAILMAN_FOOTER, ["HP"]),  # above what it quotes
        ("Units fixed.\n\nHP", ["HP"]),
        ("Units fixed.\n\nHarold\nPermalink | Show parent | Reply", ["Harold"]),  # above a forum page's links
        ("Units fixed.\n\nHarold" + LEGAL_FOOTER, ["Harold"]),  # above an organisation's legal notice
    ],
)
def test_a_signoff_is_read_above_a_footer(tmp_path: Path, text: str, signed: list[str]) -> None:
    rows = [["1", "0", "u2", "Has anyone run it?\nToby"], ["2", "1", "u1", text]]
    mapping = collect(table(tmp_path, rows), {"u1": "Harold Penbrook", "u2": "Tobias Quell"}, discover=False).mapping
    assert [name.text for name in mapping.entry("u1").names if "signoff" in name.tags] == signed


BLOCK = "\n\n-- \nHarold Penbrook, Data Manager\nExample University, Room 12\nTel. +44 1234 567890\nwww.example.org/hp\n"


@pytest.mark.parametrize(
    ("text", "signed"),
    [
        # above a signature block whose own last lines sign with no name the sender can be given
        ("Units fixed.\n\nThanks,\nhp" + BLOCK, ["hp"]),
        ("Units fixed.\n\nCheers,\nHarold" + BLOCK, ["Harold"]),
        # a doubtful name last above the block is no sign-off: a word, an office's acronym
        ("Units fixed, as the rule says.\n\nQED." + BLOCK, []),
        ("Units fixed.\n\nHarold and Kay\nORX" + BLOCK, []),
        # the sign-off glued to the delimiter, above a block without one
        ("Units fixed.\n\n--Harold\n\nHarold Penbrook      |  \"A saying\nExample University   |   of three\n"
         "Room 12              |   lines.\"\n", ["Harold"]),
        ("Units fixed.\n\n-- Hal\nHarold Penbrook, Data Manager\nExample University\n", ["Hal"]),
        ("Units fixed.\n\n--Harold\n\nFrom: Kay Marsden\nSubject: units\n\nDone?\n", []),  # a forwarded message
        ("I work on:\n- Geodesy.\n\nHow do I start?\nWhich book?\nWhere?\nThanks in advance\n", []),  # a list's item
        # above a block the sender's own full name opens, without a delimiter
        ("Units fixed.\n\nThanks,\n\nHal\n\nHarold Penbrook\nData Manager\nExample University, Room 12\n"
         "Office: +44 1234 567890\nCell: +44 1234 567891\n", ["Hal"]),
        ("Units fixed.\n\nThanks,\n\nHal\n\nHarold Penbrookes\nData Manager\nExample University, Room 12\n"
         "Office: +44 1234 567890\nCell: +44 1234 567891\n", []),  # somebody else's name
        ("It fails on both Solaris and Linux, but it put the clock out by many hours in\nLinux.\n\nHarold Penbrook\n"
         "=-=-=-=-=-=-=-=-=-=\nData Manager\nExample University, Room 12\nOffice: +44 1234 567890\n", []),  # prose
        ("Units fixed.\n\nThanks,\nHal\n\nHarold Penbrook\nData Manager\nExample University, Room 12\n"
         "Office: +44 1234 567890\nCell: +44 1234 567891\n", ["Hal"]),
        # above a rule that ends the text, and above one with an archive's note under it
        ("Units fixed.\nHarold \t \n" + "_" * 40 + "\n", ["Harold"]),
        ("Units fixed.\nHarold \t \n" + "_" * 40 + "\n\t[[alternative HTML version deleted]]\n", ["Harold"]),
    ],
)
def test_a_signoff_is_read_above_a_signature_block(tmp_path: Path, text: str, signed: list[str]) -> None:
    rows = [["1", "0", "u2", "Has anyone run it?\nToby"], ["2", "1", "u1", text]]
    mapping = collect(table(tmp_path, rows), {"u1": "Harold Penbrook", "u2": "Tobias Quell"}, discover=False).mapping
    assert [name.text for name in mapping.entry("u1").names if "signoff" in name.tags] == signed


ROSTER = {"u1": "Kay Marsden", "u2": "Greta Vollmer", "u3": "Tobias Quell"}


@pytest.mark.parametrize(
    ("last_line", "senders", "roster", "signed"),
    [
        ("Permalink | Show parent | Reply", 1, None, []),  # a forum page's links under a post (``footers``)
        ("Coursewiki", 3, ROSTER, []),  # a footer's word under every post, nobody's name
        ("Coursewiki", 2, ROSTER, ["Coursewiki"]),  # two senders: still read as a signature
        ("Coursewiki", 3, None, ["Coursewiki"]),  # no class list to tell whose name it is
        ("Chris", 3, ROSTER, ["Chris"]),  # a given name: several people may sign with it
        ("H e l e n", 3, ROSTER, ["H e l e n"]),  # and its letters, spaced out
        ("Anne-Sophie", 3, ROSTER, ["Anne-Sophie"]),  # a word of it
        ("Mary Jane", 3, ROSTER, ["Mary Jane"]),
        ("Marsden", 3, ROSTER, ["Marsden"]),  # the name of one of them
        ("Gre", 3, ROSTER, ["Gre"]),  # the opening of one's given name
        ("Vol", 3, ROSTER, []),  # the opening of a surname: no familiar form
    ],
)
def test_a_word_that_ends_the_messages_of_several_senders_is_a_footer_not_a_name(
    tmp_path: Path, last_line: str, senders: int, roster: dict[str, str] | None, signed: list[str]
) -> None:
    rows = [[str(n), "0", f"u{n}", f"A point about week {n}.\n{last_line}"] for n in range(1, senders + 1)]
    mapping = collect(table(tmp_path, rows), roster, discover=False).mapping
    found = [name.text for name in mapping.entry("u1").names if "signoff" in name.tags]
    assert found == signed


@pytest.mark.parametrize(
    ("signoff", "roster", "suggested"),
    [
        ("KM", {"u1": "Kate Marie Dunn", "u2": "Lars Obi"}, ["KMD"]),  # signs with initials: her full ones too
        ("Kate", {"u1": "Kate Marie Dunn", "u2": "Lars Obi"}, []),  # signs with a name: no initials learnt
        ("KM", {"u1": "Kate Marie Dunn", "u2": "Karl Max Dahl"}, []),  # two people have KMD
        ("-KMD-", {"u1": "Kate Marie Dunn", "u2": "Lars Obi"}, []),  # she signs with them already
    ],
)
def test_who_signs_with_initials_is_suggested_their_full_initials(
    tmp_path: Path, signoff: str, roster: dict[str, str], suggested: list[str]
) -> None:
    rows = [["1", "0", "u1", f"A question.\nThanks, {signoff}"], ["2", "1", "u2", "Hi,\nask KMD and the FBI.\nLars"]]
    mapping = collect(table(tmp_path, rows), roster, discover=False).mapping
    found = [name.text for name in mapping.entry("u1").names if name.status is Status.SUGGESTED]
    assert found == suggested


@pytest.mark.parametrize(
    ("minutes", "suggested"),
    [
        ("Present: KD, LO (chair)\nKD noted the deadline.", {"u1": ["KD"], "u2": ["LO"]}),  # listed: the people's
        ("Attendees: Kate, LO and KD.", {"u1": ["KD"], "u2": ["LO"]}),  # among names
        ("Apologies: KD", {}),  # one set of initials alone: an abbreviation as often
        ("Present: KD, LO, HP", {"u1": ["KD"], "u2": ["LO"]}),  # initials of nobody on the class list stay
        ("Present: KD, LO laptops", {}),  # a list of things
        ("We used KD, LO and HP.", {}),  # no list of minutes
        ("Present: KK, LO", {"u2": ["LO"]}),  # initials two participants have
    ],
)
def test_initials_that_minutes_list_are_suggested_for_their_participant(
        tmp_path: Path, minutes: str, suggested: dict[str, list[str]]) -> None:
    roster = {"u1": "Kate Dunn", "u2": "Lars Obi", "u3": "Karl Kemp", "u4": "Kira Kolb"}
    rows = [["1", "0", "u1", f"Minutes of Monday.\n\n{minutes}\n\nKate"], ["2", "1", "u2", "Thanks.\nLars"],
            ["3", "1", "u3", "Good.\nKarl"], ["4", "1", "u4", "Fine.\nKira"]]
    mapping = collect(table(tmp_path, rows), roster, discover=False).mapping
    found = {participant: names for participant in roster
             if (names := [name.text for name in mapping.entry(participant).names
                           if "initials" in name.tags and name.status is Status.SUGGESTED])}
    assert found == suggested


def _company_rows(word: str, other_threads: bool) -> list[list[str]]:
    """u1 signs one message with ``word``; 24 messages of u2 and u3 mention it, in threads u1 is not in (or is)."""
    rows = [["1", "", "u1", f"Here is the report.\nThanks,\n{word}"]]
    for number in range(2, 26):
        parent = "" if other_threads else "1"
        rows.append([str(number), parent, "u2" if number % 2 else "u3", f"The {word} office sent the report."])
    return rows


@pytest.mark.parametrize(
    ("word", "other_threads", "tagged"),
    [
        ("Quorvex", True, True),  # signed once, used mostly in threads its owner is not in: a company
        ("Quorvex", False, False),  # used where its owner is active: their name
        ("Kathy", True, False),  # a known given name: someone's, wherever it is used
    ],
)
def test_a_weak_name_used_mostly_away_from_its_owner_is_tagged_frequent(
        tmp_path: Path, word: str, other_threads: bool, tagged: bool) -> None:
    mapping = collect(table(tmp_path, _company_rows(word, other_threads))).mapping
    [name] = [name for name in mapping.entry("u1").names if name.text == word]
    assert ("frequent" in name.tags) == tagged


@pytest.mark.parametrize(("registered", "tagged"), [("QUORVEX", True), ("Ada QUORVEX", False)])
def test_a_class_list_row_of_one_word_used_mostly_away_from_its_owner_is_tagged_frequent(
        tmp_path: Path, registered: str, tagged: bool) -> None:
    rows = [["1", "", "u1", "Here is the report."]] + _company_rows("QUORVEX", True)[1:]
    mapping = collect(table(tmp_path, rows), {"u1": registered}).mapping
    [name] = [name for name in mapping.entry("u1").names if name.text == "QUORVEX"]
    assert ("frequent" in name.tags) == tagged  # an account named by one word; a person's surname stays theirs


def test_apply_replaces_a_frequent_name_only_in_greetings_and_sign_offs(tmp_path: Path) -> None:
    from nicknames.apply.scopes import apply_mapping

    messages = table(tmp_path, _company_rows("Quorvex", True))
    mapping = collect(messages).mapping
    texts = apply_mapping(messages, mapping, "session", lambda participant: f"[{participant}]").frame["text"]
    assert texts[0] == "Here is the report.\nThanks,\n[u1]"
    assert texts[1] == "The Quorvex office sent the report."


def test_audit_finds_no_frequent_name_left_where_apply_leaves_it(tmp_path: Path) -> None:
    from nicknames.apply.scopes import apply_mapping
    from nicknames.check.audit import audit_messages
    from nicknames.check.name_index import build_index

    messages = table(tmp_path, _company_rows("Quorvex", True))
    mapping = collect(messages).mapping
    frame = apply_mapping(messages, mapping, "session", lambda participant: f"[{participant}]").frame
    findings = audit_messages(zip(frame["message_id"], frame["text"]), build_index(mapping)).findings
    assert not [finding for finding in findings if "Quorvex" in finding.text]  # 24 mentions left, none a finding


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # the parent's sender is greeted in the sender's own words
        ("Hi Ruben,\nagreed.\nTobias", {"u1": ["Ruben"], "u2": ["Tobias"]}),
        # a quoted line opens the reply: its @name is the quoted author's greeting, not the sender's
        ("> @Tobias yes, see the notes.\n\nthanks!\nTobias", {"u1": [], "u2": ["Tobias"]}),
        # a sign-off inside a quote at the bottom is not the sender's
        ("Agreed.\nTobias\n\n> See you,\n> Ruben", {"u1": [], "u2": ["Tobias"]}),
        ("Agreed.\nTobias\n-----Original Message-----\nFrom: x\nHi Tobias,\nRuben", {"u1": [], "u2": ["Tobias"]}),
        # an HTML post: its paragraphs are its lines, a blockquote its quote
        ("<p>Hi Ruben,</p><p>agreed.</p><p>Tobias</p>", {"u1": ["Ruben"], "u2": ["Tobias"]}),
        ("<blockquote>@Tobias yes</blockquote><p>Thanks!</p><p>Tobias</p>", {"u1": [], "u2": ["Tobias"]}),
    ],
)
def test_only_the_senders_own_words_give_salutations(
    tmp_path: Path, reply: str, expected: dict[str, list[str]]
) -> None:
    rows = [["1", "0", "u1", "A question about the notes."], ["2", "1", "u2", reply]]
    names = collect(table(tmp_path, rows)).mapping.names
    assert {pid: sorted(names.get(pid, [])) for pid in expected} == expected


@pytest.mark.parametrize(
    ("roster", "signature", "expected"),
    [
        ({"u1": "Kasimir Ode"}, "Thanks", ["K"]),  # the registered name's letter
        ({"u1": "stonebridge_k"}, "Kasimir", ["K", "Kasimir"]),  # a user name: the name signed in full gives it
        ({"u1": "Ode Brandt"}, "Thanks", []),  # neither: someone else's letter
    ],
)
def test_a_short_sign_off_is_the_letter_of_a_name_the_sender_has(
    tmp_path: Path, roster: dict[str, str], signature: str, expected: list[str]
) -> None:
    rows = [["1", "0", "u1", f"A question.\n\n{signature}"], ["2", "0", "u1", "Done, re-uploaded.\n\n-K"]]
    names = collect(table(tmp_path, rows), roster).mapping.names.get("u1", [])
    assert sorted(names) == expected


@pytest.mark.parametrize(
    ("last_line", "expected"),
    [
        ("yeah ill send it. thx tadeo", []),  # Tadeo is registered to the parent's sender: thanked, not signing
        ("yeah ill send it.\nYsa", ["Ysa"]),  # opens as the registered given name does: a familiar form
        ("yeah ill send it.\nPerpetua", ["Perpetua"]),  # the sender's own registered name
        ("yeah ill send it.\nYsabella", []),  # longer than the given name it opens like: the other person's
        ("yeah ill send it.\nYsoldetta", ["Ysoldetta"]),  # ... unless it opens with three of its letters
    ],
)
def test_a_name_registered_to_someone_else_signs_only_as_a_form_of_the_senders_name(
    tmp_path: Path, last_line: str, expected: list[str]
) -> None:
    rows = [["1", "0", "u3", "Did you get the dataset link?"], ["2", "1", "u1", last_line], ["3", "0", "u5", "Hi all"],
            ["4", "0", "u6", "Hi"]]
    roster = {"u1": "Ysolde Perpetua Vance", "u3": "Tadeo Lindgren", "u4": "Ysa Oduya", "u5": "Ysabella Quell",
              "u6": "Ysoldetta Harrow"}
    names = collect(table(tmp_path, rows), roster).mapping.names
    assert [name for name in names["u1"] if name in ("tadeo", "Ysa", "Perpetua", "Ysabella", "Ysoldetta")] == expected


@pytest.mark.parametrize(
    ("last_line", "owner", "expected"),
    [
        # one person under two ids: registered once by an alias, once by a user name in lower case; their sign-off
        # in capitals is the user name's owner's form
        ("Good point.\n\n-Tobias", "u2", ["Tobias"]),
        ("Good point.\n\n-Tobias", "u1", []),
        ("yeah ill send it. thx tadeo", "u3", ["tadeo"]),  # a thanks: the thanked one's name all the same
        ("yeah ill send it. thx tadeo", "u1", []),
    ],
)
def test_a_sign_off_registered_to_one_other_in_another_case_is_theirs(
    tmp_path: Path, last_line: str, owner: str, expected: list[str]
) -> None:
    rows = [["1", "0", "u3", "Did you get the dataset link?"], ["2", "1", "u1", last_line], ["3", "0", "u2", "Hello."]]
    roster = {"u1": "Quillmaster", "u2": "tobias", "u3": "Tadeo Lindgren"}
    names = collect(table(tmp_path, rows), roster, discover=False).mapping.names  # the sign-off alone tells
    assert [name for name in names.get(owner, []) if name in ("Tobias", "tadeo")] == expected


@pytest.mark.parametrize(
    ("sender", "signature", "signer", "expected"),
    [
        ("u2", "Toby Quell", None, []),  # an assistant signs for a registered Tobias Quell: not her name
        ("u9", "Toby Quell", None, []),  # nor an office's: the announcement is his
        ("u2", "Kay for Toby Quell", None, []),
        ("u2", "Kay Marsden", "u2", ["Kay Marsden"]),  # her own full name
        ("u2", "Ivo Brandt", "u2", ["Ivo Brandt"]),  # a full name nobody registered has: hers, as before
    ],
)
def test_a_full_name_signed_that_names_another_registered_person_is_not_the_senders(
    tmp_path: Path, sender: str, signature: str, signer: str | None, expected: list[str]
) -> None:
    rows = [["1", "0", sender, f"The timetable for the spring term is attached.\n\n{signature}"],
            ["2", "0", "u1", "Thanks, I will be there.\nTobias"]]
    roster = {"u1": "Tobias Quell", "u2": "Kay Marsden", "u9": "Lab Announcements"}
    names = collect(table(tmp_path, rows), roster).mapping.names
    signed = {person: [name for name in names.get(person, []) if " " in name] for person in ("u2", "u9")}
    assert signed == {person: (expected if person == signer else []) for person in ("u2", "u9")}


@pytest.mark.parametrize("signature", ["Respectfully\n\nTobias & Kay", "Cordially,\nTobias", "Best,\nTobias and Kay"])
def test_an_offices_account_signed_by_registered_people_gives_the_office_none_of_their_names(
    tmp_path: Path, signature: str
) -> None:
    rows = [["1", "0", "u9", f"The award grows every year; join us next spring.\n\n{signature}"],
            ["2", "0", "u1", "Thanks, I will be there.\nTobias"], ["3", "0", "u2", "Me too.\nKay"]]
    roster = {"u1": "Tobias Quell", "u2": "Kay Marsden", "u9": "Office of the Dean", "u8": "Tobias and Ida Brandt"}
    names = collect(table(tmp_path, rows), roster).mapping.names
    assert not {"Tobias", "Kay"} & set(names.get("u9", []))
    assert "Tobias" in names["u1"]


def test_a_row_of_two_people_keeps_the_name_one_of_them_signs_with(tmp_path: Path) -> None:
    rows = [["1", "0", "u8", "We will bring the cake.\n\nCheers,\nTobias"], ["2", "0", "u1", "Great.\nTobias"]]
    roster = {"u1": "Tobias Quell", "u8": "Tobias and Ida Brandt"}
    assert "Tobias" in collect(table(tmp_path, rows), roster).mapping.names["u8"]


def test_the_attributes_of_html_posts_make_no_name_an_ordinary_word(tmp_path: Path) -> None:
    quote = ('<aside class="quote" data-username="anneliese_w" data-post="1"><div class="title">\n'
             '<img alt="" src="/a.png" class="avatar"> anneliese_w:</div>'
             "<blockquote><p>Has anyone got the script?</p></blockquote></aside>")
    rows = [["1", "0", "u1", "<p>Has anyone got the script?</p><p>Thanks,<br>Anneliese</p>"]] + [
        [str(n), "1", "u2", f'{quote}<p>Hi <a class="mention" href="/u/anneliese_w">@Anneliese</a>, here.</p>']
        for n in range(2, 6)
    ] + [[str(n), "1", "u3", '[quote="anneliese_w, post:1, topic:7"]\nHas anyone?\n[/quote]\nSee the notes.']
         for n in range(6, 10)]
    assert "Anneliese" in collect(table(tmp_path, rows)).mapping.names["u1"]  # "anneliese" only in markup


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        # a name signed with, written in lower case elsewhere: its lower-case form is suggested
        ([["1", "0", "u1", "A question.\nThanks,\nMargo"], ["2", "1", "u2", "ask margo, she knows"]], {"u1": ["margo"]}),
        # two participants sign with it: whose lower-case "margo" it is, nothing tells
        ([["1", "0", "u1", "A question.\nThanks,\nMargo"], ["2", "1", "u2", "Agreed.\nMargo"],
          ["3", "1", "u3", "ask margo, she knows"]], {"u1": [], "u2": []}),
        # shorter than five letters, or an ordinary word: none
        ([["1", "0", "u1", "A question.\nThanks,\nTeo"], ["2", "1", "u2", "ask teo, he knows"]], {"u1": []}),
        ([["1", "0", "u1", "A question.\nThanks,\nGrace"], ["2", "1", "u2", "with grace, he said"]], {"u1": []}),
        # without its accents too, as a keyboard without them writes it
        ([["1", "0", "u1", "Una pregunta.\nGracias,\nLucía"], ["2", "1", "u2", "pregunta a lucia, ella sabe"]],
         {"u1": ["lucia"]}),
        ([["1", "0", "u1", "Eine Frage.\nJürgen"], ["2", "1", "u2", "frag juergen oder jürgen"]],
         {"u1": ["juergen", "jürgen"]}),
        # two participants' names are spelt so: whose "lucia" it is, nothing tells
        ([["1", "0", "u1", "Una pregunta.\nLucía"], ["2", "1", "u2", "Claro.\nLucia"], ["3", "1", "u3", "y lucia?"]],
         {"u1": [], "u2": []}),
    ],
)
def test_a_signed_name_written_in_lower_case_is_suggested_in_lower_case(
    tmp_path: Path, rows: list[list[str]], expected: dict[str, list[str]]
) -> None:
    mapping = collect(table(tmp_path, rows)).mapping
    for participant, lower in expected.items():
        assert [name.text for name in mapping.entry(participant).names if name.text.islower()] == lower
    for participant in expected:
        for name in mapping.entry(participant).names:
            if name.text.islower():
                assert name.tags == ("case",) and name.status is Status.SUGGESTED


@pytest.mark.parametrize(
    ("name", "class_list", "expected"),
    [
        ("Seun", {"u1": "Oluseun Adebayo", "u2": "Ann Lee"}, ["seun"]),  # a known name nobody else is registered with
        ("Seun", {"u1": "Oluseun Adebayo", "u2": "Ann Lee", "u9": "Seun Okafor"}, []),  # one who never writes has it
        ("Seun", {}, []),  # without a class list, a name of four letters is too often several people's
    ],
)
def test_a_four_letter_name_in_lower_case_needs_the_class_list_to_say_it_is_one_persons(
    tmp_path: Path, name: str, class_list: dict[str, str], expected: list[str]
) -> None:
    rows = [["1", "0", "u1", f"A question.\nThanks,\n{name}"], ["2", "1", "u2", f"also {name.lower()}, got it?"]]
    mapping = collect(table(tmp_path, rows), class_list or None).mapping
    assert [name.text for name in mapping.entry("u1").names if name.text.islower()] == expected


@pytest.mark.parametrize(
    ("last_line", "sender", "expected"),
    [
        ("greta", "u2", [("u2", "greta", 1)]),  # the sender's given name, signed in lower case
        ("vollmer", "u2", [("u2", "vollmer", 1)]),  # or surname
        ("greta", "u1", []),  # somebody else's name: not the sender's sign-off
        ("done", "u2", []),  # a word
    ],
)
def test_a_lone_lower_case_last_word_signs_only_as_a_form_of_the_senders_name(
    tmp_path: Path, last_line: str, sender: str, expected: list[tuple[str, str, int]]
) -> None:
    rows = [["1", "0", "u1", "is the quiz on friday?\nTobias"], ["2", "1", sender, f"yes, at 5 i think\n{last_line}"]]
    mapping = collect(table(tmp_path, rows), {"u1": "Tobias Wren", "u2": "Greta Vollmer"}).mapping
    signed = [(participant, name.text, name.count) for participant in mapping.participants
              for name in mapping.entry(participant).names if "signoff" in name.tags and name.text.islower()]
    assert signed == expected


_LOWER_CASE_FORUM = [
    ["1", "0", "u1", "hey all, when does the quiz close? i fly back from sydney tonight\n\nTobias"],
    ["2", "1", "u2", "friday i think tobias. marisol said so in the lab, sydney is fine"],
    ["3", "2", "u3", "yeah friday. tobias is right, ask marisol"],
    ["4", "3", "u1", "Hi Marisol,\nthx!! tobias will be back from sydney, and marisol knows"],
    ["5", "4", "u4", "ok"],
]
"""A forum that writes names in lower case: three uses each, which make them words by the corpus's usage alone."""


@pytest.mark.parametrize(
    ("class_list", "expected"),
    [
        # registered given names, known as given names and no list's words, that nobody else is registered with,
        # and that their participants sign or are greeted with (in any case)
        ({"u1": "Tobias Spring", "u2": "Ann Lee", "u3": "Marisol Quintero", "u4": "Sydney Quill"},
         {"u1": ["tobias"], "u3": ["marisol"], "u4": []}),  # nobody greets "sydney": the place
        # the given name is the first word: "Marisol" is a surname here (as "Spring", and many are words)
        ({"u1": "Tobias Spring", "u2": "Ann Lee", "u3": "Quintero Marisol"}, {"u1": ["tobias"], "u3": []}),
        # registered with its accent, signed and written without: the spelling the forum writes
        ({"u1": "Tobías Spring", "u2": "Ann Lee", "u3": "Marisol Quintero"}, {"u1": ["tobias"], "u3": ["marisol"]}),
        # somebody else on the list has the given name: whose the lower-case one is, nothing tells
        ({"u1": "Tobias Spring", "u2": "Ann Lee", "u3": "Marisol Quintero", "u9": "Tobias Wren"},
         {"u1": [], "u3": ["marisol"]}),
    ],
)
def test_a_registered_given_name_written_in_lower_case_is_suggested_in_a_forum_that_writes_so(
    tmp_path: Path, class_list: dict[str, str], expected: dict[str, list[str]]
) -> None:
    mapping = collect(table(tmp_path, _LOWER_CASE_FORUM), class_list).mapping
    for participant, lower in expected.items():
        names = mapping.entry(participant).names
        found = [name for name in names if name.text.islower()]
        assert [name.text for name in found] == lower
        assert all({"case", "classlist"} <= set(name.tags) and name.status is Status.SUGGESTED for name in found)
        given = class_list[participant].split()[0]
        assert all("word" not in name.tags for name in names if name.text == given)  # written in lower case here


_CHAT = [["1", "0", "u1", "anyone done q4 yet?"], ["2", "0", "u2", "same. {tobias} u get q4?"],
         ["3", "0", "u3", "nope. {greta} she finished early"], ["4", "0", "u4", "lol no"]]


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        # nobody signs or greets: a registered given name a chat uses as a person, in lower case
        ({"tobias": "tobias did", "greta": "ask greta"}, {"u3": ["tobias"], "u4": ["greta"]}),
        # used so nowhere: as likely a word or a place as a name
        ({"tobias": "the tobias", "greta": "greta and"}, {"u3": [], "u4": []}),
    ],
)
def test_a_registered_given_name_a_chat_uses_as_a_person_in_lower_case_is_suggested(
    tmp_path: Path, written: dict[str, str], expected: dict[str, list[str]]
) -> None:
    rows = [[*row[:3], row[3].format(**written)] for row in _CHAT]
    class_list = {"u1": "Kay Marsden", "u2": "Harold Penbrook", "u3": "Tobias Wrenfield", "u4": "Greta Vollmer"}
    mapping = collect(table(tmp_path, rows), class_list).mapping
    for participant, lower in expected.items():
        found = [name for name in mapping.entry(participant).names if name.text.islower()]
        assert [name.text for name in found] == lower
        assert all("case" in name.tags and name.status is Status.SUGGESTED for name in found)


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("BRannock", ["BRannock"]),  # a capital too many (the shift key held), in a thread its owner is not in
        ("BRannocks", []),  # no form of the name
        ("Brannock", ["Brannock"]),  # the registered form itself, for comparison
    ],
)
def test_a_registered_name_with_a_capital_too_many_counts_wherever_the_name_would(
    tmp_path: Path, written: str, expected: list[str]
) -> None:
    rows = [["1", "0", "u1", "A question.\nThanks,\nMarit"], ["2", "1", "u2", "Yes.\nAnn"],
            ["3", "0", "u2", f"As {written} said, the grid is fine."], ["4", "3", "u4", "Agreed.\nBo"]]
    class_list = {"u1": "Marit Brannock", "u2": "Ann Lee", "u4": "Bo Quell"}
    names = collect(table(tmp_path, rows), class_list).mapping.entry("u1").names
    assert [name.text for name in names if name.text.casefold() == "brannock"] == expected


def test_an_attribution_line_names_the_author_of_the_message_replied_to(tmp_path: Path) -> None:
    rows = [
        ["1", "0", "u1", "Does anyone have the grid file?\n\nCheers,\nBarnaby"],
        ["2", "1", "u2", "Yes, attached.\n\nRosalind\n\nOn Tue, Mar 5, 2024 at 10:12 AM Barnaby Quayle <bq@example.org> "
                         "wrote:\n> Does anyone have the grid file?"],
        ["3", "2", "u1", "Thanks, that works. Quayle's group will use it too.\n\nB."],
    ]
    entry = collect(table(tmp_path, rows)).mapping.entry("u1")
    assert entry.find("Barnaby Quayle") == Name("Barnaby Quayle", 1, ("quoted",))
    assert entry.find("Quayle") == Name("Quayle", 2, ("quoted",), Status.SUGGESTED)  # the surname, used alone too
    # a registered name the attribution's name shares no word with: a suggestion, uncertain
    entry = collect(table(tmp_path, rows), {"u1": "Tobias Brandt", "u2": "Rosalind Achterberg"}).mapping.entry("u1")
    assert entry.find("Barnaby Quayle") == Name("Barnaby Quayle", 1, ("quoted", "uncertain"), Status.SUGGESTED)


def test_a_forum_quote_block_names_the_author_of_the_message_replied_to(tmp_path: Path) -> None:
    rows = [
        ["1", "0", "u1", "Has anyone got the sensor working?\n\nBarnaby"],
        ["2", "1", "u2", '[quote="Barnaby Quayle, post:1, topic:42"]\nHas anyone got the sensor working?\n[/quote]\n'
                         "Yes, flash the firmware first.\n\nRosalind"],
    ]
    entry = collect(table(tmp_path, rows), {"u1": "Barnaby Q", "u2": "Rosalind Achterberg"}).mapping.entry("u1")
    assert entry.find("Barnaby Quayle") == Name("Barnaby Quayle", 1, ("quoted",))


@pytest.mark.parametrize(
    ("attributed", "given_to_u1"),
    [
        ("Tobias Brandt", True),  # the registered name of the author replied to
        ("Barnaby Quayle", True),  # a name nobody is registered with: a suggestion, as above
        ("Cora Lindqvist", False),  # another participant's registered name: her message, quoted from further up
        ("Lindqvist", False),  # a part of it
    ],
)
def test_an_attribution_line_naming_another_participant_quotes_further_up(
    tmp_path: Path, attributed: str, given_to_u1: bool
) -> None:
    rows = [
        ["1", "0", "u3", "Is the grid file in the shared folder?\n\nCora"],
        ["2", "1", "u1", "Not yet, I will put it there.\n\nTobias"],
        ["3", "2", "u2", f"Done, it is there now.\n\nRosalind\n\nOn Tue, Mar 5, 2024 at 10:12 AM {attributed} wrote:\n"
                         "> Is the grid file in the shared folder?"],
    ]
    class_list = {"u1": "Tobias Brandt", "u2": "Rosalind Achterberg", "u3": "Cora Lindqvist"}
    mapping = collect(table(tmp_path, rows), class_list).mapping
    assert (mapping.entry("u1").find(attributed) is not None) is given_to_u1
    assert all(mapping.entry(pid).find(attributed) is None for pid in ("u2",))


def test_a_forum_user_name_in_lower_case_on_an_attribution_line_is_its_owners(tmp_path: Path) -> None:
    # a flat forum: each post's parent is the post before it, so a quote of an earlier post names another author
    rows = [
        ["1", "0", "u3", "Can a card be played twice?"],
        ["2", "1", "u1", "Only once per turn."],
        ["3", "2", "u2", "Agreed."],
        ["4", "3", "u3", "> bramble wrote:\n> Only once per turn.\n\nThanks, that settles it."],
        ["5", "4", "u2", "> bramble wrote:\n> Only once per turn.\n\nSee the rulebook too."],
    ]
    class_list = {"u1": "bramble quell", "u2": "rosalind achterberg", "u3": "cora lindqvist"}
    mapping = collect(table(tmp_path, rows), class_list).mapping
    found = mapping.entry("u1").find("bramble")
    assert found is not None and "quoted" in found.tags  # read from the attribution lines, not only a case form
    assert all(mapping.entry(pid).find("bramble") is None for pid in ("u2", "u3"))


@pytest.mark.parametrize(
    ("full_name", "known", "expected"),
    [
        ("Tobías Quell", {"tobias"}, {"tobías", "tobias"}),  # every spelling of a name known in one of them
        ("Tobias Quell", {"tobias"}, {"tobias"}),
        ("Ordo Gavoti", set(), set()),  # no known given name
        ("Ann Lee", {"ann"}, set()),  # shorter than the lower-case forms looked for
        ("Quell, Tobias", {"tobias"}, {"tobias"}),  # surname first
        ("Dr. Tobias Quell", {"tobias"}, {"tobias"}),
        ("tobias.quell", {"tobias"}, {"tobias"}),  # a user name
        ("tobias quell", {"tobias"}, {"tobias"}),
    ],
)
def test_lower_given_names_keep_every_spelling_of_a_known_given_name(
    full_name: str, known: set[str], expected: set[str]
) -> None:
    assert lower_given_names({"u1": registered_parts(full_name)}, known.__contains__) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Van der Berg's van is the blue one.\nKay", "[u1]'s van is the blue one.\n[u2]"),  # the surname alone
        ("Ask Jan van der Berg, or De la Cruz.\nKay", "Ask [u1], or [u2].\n[u2]"),
        ("The van is there; der Spiegel wrote of it.\nKay", "The van is there; der Spiegel wrote of it.\n[u2]"),
    ],
)
def test_a_surname_opened_by_particles_is_replaced_whole(tmp_path: Path, text: str, expected: str) -> None:
    rows = [["1", "0", "u1", "A question.\nJan"], ["2", "1", "u2", text], ["3", "2", "u1", "Thanks Kay, and De la Cruz!"]]
    mapping = collect(table(tmp_path, rows), {"u1": "Jan van der Berg", "u2": "Kay de la Cruz"}, discover=False).mapping
    names = scope_names(mapping, set(mapping.participants))
    out, _ = substitute_message(Message("2", "u2", text, "u1", "t", "s"), names, IdTemplate())
    assert out == expected


def test_a_peoples_word_in_a_display_name_is_a_word(tmp_path: Path) -> None:
    rows = [["1", "0", "u1", "Was the Persian fleet larger?\nThanks"], ["2", "1", "u2", "Yes, Persian sources say so.\nKay"],
            ["3", "2", "u1", "Thanks Kay!"]]
    mapping = collect(table(tmp_path, rows), {"u1": "Persian Quill", "u2": "Kay Marsden"}, discover=False).mapping
    persian = mapping.entry("u1").find("Persian")
    assert persian is not None and "word" in persian.tags  # always capitalised, yet a word: replaced only as a name
    names = scope_names(mapping, set(mapping.participants))
    out, _ = substitute_message(Message("2", "u2", rows[1][3], "u1", "t", "s"), names, IdTemplate())
    assert out == "Yes, Persian sources say so.\n[u2]"


def test_a_particle_alone_is_a_word_of_some_language(tmp_path: Path) -> None:
    rows = [["1", "0", "u1", "A question.\nKay"], ["2", "1", "u2", "La fecha es hoy, creo.\nTobias"],
            ["3", "0", "u2", "Van rentals are up.\nTobias"], ["4", "3", "u3", "Noted.\nGreta"]]
    mapping = collect(table(tmp_path, rows), {"u1": "Kay La", "u2": "Tobias Quell", "u3": "Greta Van Dyke"},
                      discover=False).mapping
    la = mapping.entry("u1").find("La")
    assert la is not None and "word" in la.tags  # "Kay La"'s surname, and the article of a Spanish sentence
    assert mapping.entry("u3").find("Van") is None  # a particle inside a name is no name of its own
    names = scope_names(mapping, set(mapping.participants))
    for row in rows[1:3]:
        out, _ = substitute_message(Message(row[0], row[2], row[3], row[1], "t", "s"), names, IdTemplate())
        assert out == row[3].replace("Tobias", "[u2]")


def test_the_mapping_does_not_depend_on_the_order_python_keeps_sets_in(tmp_path: Path) -> None:
    """A drawn-out greeting ("Jesss") is a misspelling of one name and a familiar form's of another: its tags came in
    the order the participant's names were iterated, which a string's hash decides anew in every process."""
    rows = []
    for number in range(6):
        rows.append([str(2 * number + 1), "", "u1", f"Hello all,\n\nquestion {number} about the draft.\n\nJessica"])
        rows.append([str(2 * number + 2), str(2 * number + 1), "u2", f"Hi Jess,\n\nanswer {number}.\n\nTobias"])
    rows.append(["13", "12", "u2", "Hi Jesss,\n\nmore.\n\nTobias"])
    messages = write_csv(tmp_path / "m.csv", HEADER, rows)
    roster = write_csv(tmp_path / "c.csv", ["user_id", "full_name"], [["u1", "Jessica Kowalski"], ["u2", "Tobias Quell"]])
    written = []
    for seed in ("1", "3"):  # two seeds that ordered them differently
        out = tmp_path / f"mapping{seed}.txt"
        subprocess.run([sys.executable, "-m", "nicknames", "collect", str(messages), "--class-list", str(roster),
                        "-o", str(out), "-q"], check=True, env={**os.environ, "PYTHONHASHSEED": seed})
        written.append(out.read_text(encoding="utf-8"))
    assert "Jesss [1; greeting, uncertain, fuzzy, nickname]" in written[0]
    assert written[0] == written[1]


@pytest.mark.parametrize(
    ("block", "signed"),
    [
        ("-- \nJohn W. Quell (Jay)\nAssociate Professor of Statistics\n", ["John W. Quell"]),  # the formal name
        ("-- \nDr. John W. Quell, PhD\nHarbour University\n", ["John W. Quell"]),  # a title and a degree aside
        ("-- \nJohn W. Harrow\nHarbour University\n", []),  # another surname: somebody else's block
        ("-- \nJay Quell\nHarbour University\n", []),  # the registered name itself: counted as the class list's
        ("-- \nhttps://example.org/quell | @jquell\n", []),
    ],
)
def test_the_full_name_opening_the_senders_signature_block_signs(tmp_path: Path, block: str, signed: list[str]) -> None:
    text = "It runs here.\n\nJay\n\n" + block + "Room 12\nTel. +44 1234 567890\n"
    rows = [["1", "0", "u2", "Has anyone run it?\nToby"], ["2", "1", "u1", text]]
    mapping = collect(table(tmp_path, rows), {"u1": "Jay Quell", "u2": "Tobias Wren"}, discover=False).mapping
    assert [name.text for name in mapping.entry("u1").names if "signoff" in name.tags and " " in name.text] == signed
