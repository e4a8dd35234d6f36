"""Tests of collect with discovery: statuses, tags, attribution, class-list offices, merge on re-runs."""

from __future__ import annotations

import pandas as pd
import pytest

from nicknames.collect.candidates import collect
from nicknames.collect.found import merge
from nicknames.io.class_list import is_person, registered_parts
from nicknames.io.mapping_file import format_mapping, parse_mapping
from nicknames.model.mapping import Mapping, Name, Status
from nicknames.model.messages import table_from_frame
from nicknames.rules.signoffs import signoff_names


def table(rows: list[tuple[str, str, str, str]]) -> object:
    frame = pd.DataFrame(rows, columns=["message_id", "sender", "parent_id", "text"])
    frame["thread_id"] = "t1"
    return table_from_frame(frame)


ROWS = [
    ("1", "U1", "", "Hello everyone,\nwhat do we read this week?\nThanks,\nRobert"),
    ("2", "U2", "1", "Hi Bob,\nthe chapter by Arhtur and RObert.\nCheers,\nMJ"),
    ("3", "U3", "2", "Hi Mary Jane,\nthanksMary, Arthur agrees.\nBest,\nArthur"),
    ("4", "U1", "3", "Hi Arthur,\nYes. Will you come?\nR o b e r t"),
]
ROSTER = {"U1": "Robert Grey", "U2": "Mary Jane Poe", "U3": "Arthur Stone"}


def names(mapping: Mapping, participant: str) -> dict[str, tuple[Status, tuple[str, ...]]]:
    return {name.text: (name.status, name.tags) for name in mapping.entry(participant).names}


def test_discovery_suggests_variants_with_their_evidence() -> None:
    mapping = collect(table(ROWS), ROSTER).mapping  # type: ignore[arg-type]
    robert, mary, arthur = names(mapping, "U1"), names(mapping, "U2"), names(mapping, "U3")
    assert robert["Bob"][0] is Status.ACTIVE and "greeting" in robert["Bob"][1]
    assert robert["RObert"] == (Status.SUGGESTED, ("case",))
    assert robert["R o b e r t"] == (Status.ACTIVE, ("signoff", "stylised"))
    assert mary["MJ"] == (Status.ACTIVE, ("signoff", "initials"))
    assert "glued" in mary["Mary"][1]
    assert arthur["Arhtur"] == (Status.SUGGESTED, ("fuzzy",))
    assert "Will" not in robert


def test_without_discovery_only_direct_evidence() -> None:
    mapping = collect(table(ROWS), ROSTER, discover=False).mapping  # type: ignore[arg-type]
    assert all(name.status is Status.ACTIVE for entry in mapping for name in entry.names)
    assert "Arhtur" not in names(mapping, "U3")


def test_greeting_goes_to_the_thread_participant_who_has_the_name() -> None:
    rows = [
        ("1", "U1", "", "Question about units.\nThanks,\nArthur"),
        ("2", "U2", "1", "Use metres.\nCheers,\nRob"),
        ("3", "U3", "2", "Hi Arthur,\nI agree with Rob."),
    ]
    mapping = collect(table(rows)).mapping  # type: ignore[arg-type]
    assert names(mapping, "U1")["Arthur"][0] is Status.ACTIVE
    assert "uncertain" in names(mapping, "U1")["Arthur"][1] or "signoff" in names(mapping, "U1")["Arthur"][1]
    assert "Arthur" not in names(mapping, "U2")


def test_doubtful_capitals_in_a_signoff_are_suggestions() -> None:
    rows = [("1", "U1", "", "Hello,\nsee the data.\nRegards,\nCA")]
    mapping = collect(table(rows), {"U1": "John Grey"}).mapping  # type: ignore[arg-type]
    assert names(mapping, "U1")["CA"] == (Status.SUGGESTED, ("signoff", "uncertain"))


def test_rejected_and_deleted_suggestions_stay_out_on_re_runs() -> None:
    proposed = collect(table(ROWS), ROSTER).mapping  # type: ignore[arg-type]
    edited = parse_mapping(format_mapping(proposed))
    edited.reject("U3", "Arhtur")
    edited.remove_name("U1", "RObert")
    edited.accept("U2", "Mary")
    again = merge(edited, collect(table(ROWS), ROSTER).mapping)  # type: ignore[arg-type]
    assert again.entry("U3").find("Arhtur").status is Status.REJECTED  # type: ignore[union-attr]
    assert again.entry("U1").find("RObert") is None
    assert again.entry("U2").find("Mary").status is Status.ACTIVE  # type: ignore[union-attr]


def test_suggestions_round_trip_through_the_file() -> None:
    mapping = collect(table(ROWS), ROSTER).mapping  # type: ignore[arg-type]
    text = format_mapping(mapping)
    assert "?Arhtur [1; fuzzy]" in text
    assert parse_mapping(text) == mapping


@pytest.mark.parametrize(
    ("row", "person"),
    [
        ("Office of the Chairman", False),
        ("ACME HELPDESK", False),
        ("Team Northfield-Southgate", False),
        ("Ann Lee and Bo Park", False),
        ("The Texas Alumni", False),          # a row that starts with "The"
        ("DL-Portland Shift", False),         # a distribution list
        ("All Acme-Worldwide", False),        # a word after a hyphen counts too
        ("Market Status", False),
        ("Power Marketing Association", False),
        ("ASF GitHub Bot", False),            # programs that post: a code host's, a bug tracker's
        ("JIRA", False),
        ("jira", False),
        ("GitBox", False),
        ("Build Robot", False),
        ("GNU C Library", False),             # a list's or a project's display name on a mailing list
        ("Harbour Summit Discussions", False),
        ("Northfield Users Forum", False),
        ("Mary Jane Poe", True),
        ("Anne-Marie Theron", True),
        ("Travis Jenkins", True),             # names that are also the names of build services
        ("Gerrit Quell", True),               # a program's name that is also a given name, before a surname
        ("Gerrit", False),                    # ... alone or among ordinary words: the program
        ("Gerrit Code Review", False),
        ("HPCW 2013", False),                 # a year: an event that sends its announcements
        ("Harbour Summit 2019", False),
        ("ann2013", True),                    # a user name with a year in it
        ("Tom Market", False),                # the price of a short list: a surname that is a list word
        ("Quell, BO(R&D LAB (CN))", True),    # a person's department in a remark after the name
        ("Ada Quill (IT Support)", True),
        ("Harbour (Support Team)", False),    # ... not after one word: the row's own
        ("Support Desk (Harbour)", False),
        ("Vollmer, Greta - Marketing", True),  # a department after a separator, as a directory writes it
        ("Greta Vollmer - Tidal Institute", True),
        ("Harbour Sales - Greta Vollmer", False),  # ... before it: the office's row
        ("Greta Coe", True),                   # a surname that is an office's word too, after a given name
        ("Tobias Sales de Harrow", True),
        ("Harbour Sales", False),              # ... not after another word
        ("Coe Operations", False),
        ("Greta Team", False),                 # a word that is no surname
    ],
)
def test_which_class_list_rows_are_people(row: str, person: bool) -> None:
    assert is_person(row) is person


def test_offices_are_not_people() -> None:
    rows = [("1", "U1", "", "Acme helpdesk news today.\nThanks,\nBob"), ("2", "U2", "1", "Hi Bob,\nok")]
    mapping = collect(table(rows), {"U1": "Bob Grey", "U2": "Acme Helpdesk"}).mapping  # type: ignore[arg-type]
    assert names(mapping, "U2") == {}


def test_a_team_named_after_the_lists_offices_is_no_person() -> None:
    """A row whose first word the list's office rows use ("Kestrelby West Desk") names a team, not a person: the
    town is nobody's name where the messages write it."""
    rows = [("1", "U1", "", "The Kestrelby office moves.\nThanks,\nBob"), ("2", "U2", "1", "Hi Bob,\nin Kestrelby?"),
            ("3", "U3", "", "Kestrelby won again"), ("4", "U1", "3", "Good for Kestrelby")]
    listed = {"U1": "Bob Grey", "U2": "Ada Quell", "U3": "Kestrelby Quarry Falcons", "U4": "Kestrelby West Desk"}
    mapping = collect(table(rows), listed).mapping  # type: ignore[arg-type]
    assert names(mapping, "U3") == {}
    assert "Bob" in names(mapping, "U1")


@pytest.mark.parametrize(
    ("signature", "expected"),
    [
        ("Thanks,\nQuillmont Records Desk", {}),            # the office's words sign as nobody's name
        ("Thanks,\nQuillmont", {}),
        ("Thanks,\nHarlow", {"Harlow": "signoff"}),          # a known given name still signs
        ("Thanks,\nGrey", {"Grey": "signoff"}),              # ... and so does a registered person's name
    ],
)
def test_the_words_of_the_lists_offices_sign_as_nobodys_name(signature: str, expected: dict[str, str]) -> None:
    listed = {"U1": "Bob Grey", "U2": "Quillmont Helpdesk", "U3": "DL-Grey-Harlow Records", "U4": "Ines Vey"}
    rows = [("1", "U1", "", f"The files are in.\n{signature}"), ("2", "U4", "1", "Hi all,\nok")]
    found = names(collect(table(rows), listed).mapping, "U1")  # type: ignore[arg-type]
    assert {name: tags[1][0] for name, tags in found.items()} == expected


def test_lost_accents_in_the_class_list_are_kept_as_wildcards() -> None:
    assert registered_parts("G\ufffdnther Vogl")[:2] == ["G\ufffdnther Vogl", "G\ufffdnther"]
    rows = [("1", "U1", "", "Hello,\nGuenther wrote this.\nThanks,\nVogl")]
    mapping = collect(table(rows), {"U1": "G\ufffdnther Vogl"}).mapping  # type: ignore[arg-type]
    assert names(mapping, "U1")["Guenther"] == (Status.ACTIVE, ("lost", "fuzzy"))  # a lost letter: taken as a name


def test_signature_blocks_are_not_names() -> None:
    assert signoff_names("Hello,\nok.\nJohn Grey\nAcme Drive\nSunnyvale, CA") == ()
    assert signoff_names("Hello,\nok.\nBest,\nAlison\n--\nScanned by iCritical.") == ()
    assert signoff_names("Hello,\nok.\n-----END PGP SIGNATURE-----") == ()


def test_name_record_keeps_tags() -> None:
    assert Name("Mary", 2, ("glued", "word"), Status.SUGGESTED).tags == ("glued", "word")


def test_names_that_are_words_are_kept_and_tagged() -> None:
    rows = [("1", "U1", "", "Hello,\nplease list the files.\nThanks,\nGrace"),
            ("2", "U2", "1", "Hi Grace,\nthe list is long. Hope it helps.\nCheers,\nList")]
    mapping = collect(table(rows)).mapping  # type: ignore[arg-type]
    assert names(mapping, "U1")["Grace"] == (Status.ACTIVE, ("signoff", "greeting", "word"))
    assert "List" not in names(mapping, "U2")


@pytest.mark.parametrize(("surname", "word"), [("Price", True), ("Page", True), ("Quell", False)])
def test_a_surname_that_is_a_common_word_is_tagged_so_in_a_small_corpus(surname: str, word: bool) -> None:
    rows = [("1", "U1", "", f"Hello,\n{surname} is on page 4.\nThanks,\nHope"),
            ("2", "U2", "1", "Hi Hope,\nthanks.\nCheers,\nAnn")]
    mapping = collect(table(rows), {"U1": f"Hope {surname}", "U2": "Ann Lind"}).mapping  # type: ignore[arg-type]
    assert ("word" in names(mapping, "U1")[surname][1]) is word


def test_shared_registered_parts_count_only_where_each_owner_is_active() -> None:
    frame = pd.DataFrame(
        [("1", "U1", "", "a", "Walker wrote this.\nThanks,\nAnn"), ("2", "U2", "", "b", "Hello,\nok\nThanks,\nBen")],
        columns=["message_id", "sender", "parent_id", "thread_id", "text"],
    )
    mapping = collect(table_from_frame(frame), {"U1": "Ann Walker", "U2": "Ben Walker"}).mapping
    assert "Walker" in names(mapping, "U1") and "Walker" not in names(mapping, "U2")


def test_glued_greeting_goes_to_whoever_has_the_name_inside() -> None:
    rows = [("1", "U1", "", "Question.\nThanks,\nNatalie"), ("2", "U2", "1", "Answer.\nCheers,\nBen"),
            ("3", "U3", "2", "HeyNatalie,\nagreed.")]
    mapping = collect(table(rows)).mapping  # type: ignore[arg-type]
    assert names(mapping, "U1")["HeyNatalie"] == (Status.SUGGESTED, ("greeting", "uncertain"))


def test_dashed_initials_after_a_closer_keep_both_dashes() -> None:
    assert signoff_names("Hi,\nok\n\nCheers, -PA-") == ("-PA-",)


def test_spaced_signatures_survive_the_word_filter() -> None:
    rows = [("1", "U1", "", "Hello,\nI'm m r here a b.\nCheers\nO m a r"), ("2", "U2", "1", "Hi,\nm r m r m r")]
    assert "O m a r" in names(collect(table(rows)).mapping, "U1")  # type: ignore[arg-type]


def test_job_titles_are_not_name_parts() -> None:
    assert registered_parts("Executive VP Carla Osei") == ["Carla Osei", "Carla", "Osei"]


def test_session_mentions_and_misspelt_names_of_several_words_are_suggested() -> None:
    frame = pd.DataFrame(
        [("1", "U1", "", "a", "Hello,\nwhat do we read?\nThanks,\nRichard"),
         ("2", "U2", "", "b", "Hello,\nPerhaps Rich can say more.\nBest,\nAnne Marie"),
         ("3", "U3", "2", "b", "Hi Anne Maire,\nagreed.")],
        columns=["message_id", "sender", "parent_id", "thread_id", "text"],
    )
    frame["session_id"] = "s1"
    roster = {"U1": "Richard Grey", "U2": "Anne Marie Poe", "U3": "Ben Stone"}
    mapping = collect(table_from_frame(frame), roster).mapping
    assert names(mapping, "U1")["Rich"] == (Status.SUGGESTED, ("nickname", "session", "word"))
    assert names(mapping, "U2")["Anne Maire"][1] == ("greeting", "fuzzy")
    assert "Maire" not in names(mapping, "U2")


def test_a_familiar_form_of_a_shared_given_name_counts_only_where_one_owner_is_active() -> None:
    rows = [  # two Catherines in thread t1, one of them alone in t2
        ("1", "U1", "", "Hello,\nwhich chapter?\nCatherine", "t1"),
        ("2", "U2", "1", "Hello,\nchapter two, and Cat agrees.\nCatherine", "t1"),
        ("3", "U1", "", "Hello,\nthe draft is out.\nCatherine", "t2"),
        ("4", "U3", "3", "Hello,\nthanks, Cathy has it now.\nOmar", "t2"),
    ]
    frame = pd.DataFrame(rows, columns=["message_id", "sender", "parent_id", "text", "thread_id"])
    roster = {"U1": "Catherine Vell", "U2": "Catherine Rook", "U3": "Omar Quist"}
    mapping = collect(table_from_frame(frame), roster).mapping
    assert "Cat" not in names(mapping, "U1") and "Cat" not in names(mapping, "U2")  # t1 has both Catherines
    assert "Cathy" in names(mapping, "U1") and "Cathy" not in names(mapping, "U2")  # t2 has only U1


def test_a_doubtful_greeted_name_another_participant_has_is_not_the_parents() -> None:
    """"Thanks Aoife and Soeren" in a reply to Aoife greets Søren (an accent form of a registered name), not Aoife;
    "Thanks Aoife and Mari" still gives Aoife a doubtful "Mari" that nobody else has."""
    rows = [
        ("1", "U1", "", "The draft is up.\nSøren"),
        ("2", "U2", "1", "Hi Søren, I read it.\nAoife"),
        ("3", "U3", "2", "Thanks Aoife and Soeren.\nLan"),
        ("4", "U3", "2", "Thanks Aoife and Mari.\nLan"),
    ]
    mapping = collect(table(rows), {"U1": "Søren Thorvald", "U2": "Aoife Neill", "U3": "Lan Nguyen"}).mapping  # type: ignore[arg-type]
    assert names(mapping, "U1")["Soeren"][0] == Status.ACTIVE and "classlist" in names(mapping, "U1")["Soeren"][1]
    assert "Soeren" not in names(mapping, "U2")
    assert names(mapping, "U2")["Mari"] == (Status.SUGGESTED, ("greeting", "uncertain"))


def test_a_registered_full_name_in_capitals_is_its_persons_in_any_thread() -> None:
    frame = pd.DataFrame([
        ("1", "U1", "", "t1", "The grid file is up.\nHarold"),
        ("2", "U2", "", "t2", "Form check: HAROLD PENBROOK is on the list twice. So is PENBROOK.\nGreta"),
    ], columns=["message_id", "sender", "parent_id", "thread_id", "text"])
    mapping = collect(table_from_frame(frame), {"U1": "Harold Penbrook", "U2": "Greta Vollmer"}).mapping
    assert names(mapping, "U1")["HAROLD PENBROOK"] == (Status.ACTIVE, ("case",))
    assert "PENBROOK" not in names(mapping, "U1")  # one word in capitals, outside their threads: a heading's word


def test_a_doubtful_greeting_by_a_form_of_the_greeted_ones_registered_name_stays() -> None:
    """"Dear Ken" in a reply to a registered Kenneth is doubtful (a Ken Marsh is registered) but stays his."""
    rows = [
        ("1", "U1", "", "Which units?\nKenneth"),
        ("2", "U2", "1", "Dear Ken,\nmetres.\nAnna"),
        ("3", "U3", "", "Agreed.\nKen"),
    ]
    class_list = {"U1": "Kenneth Ferro", "U2": "Anna Lind", "U3": "Ken Marsh"}
    mapping = collect(table(rows), class_list).mapping  # type: ignore[arg-type]
    assert names(mapping, "U1")["Ken"] == (Status.SUGGESTED, ("greeting", "uncertain"))
    assert "Ken" in names(mapping, "U3")


def test_a_full_name_the_class_list_writes_in_capitals_stays_classlist() -> None:
    frame = pd.DataFrame([
        ("1", "U1", "", "t1", "The grid file is up.\nHarold"),
        ("2", "U2", "", "t2", "Form check: HAROLD PENBROOK and GRETA VOLLMER.\nGreta"),
    ], columns=["message_id", "sender", "parent_id", "thread_id", "text"])
    mapping = collect(table_from_frame(frame), {"U1": "Harold Penbrook", "U2": "GRETA VOLLMER"}).mapping
    assert names(mapping, "U1")["HAROLD PENBROOK"] == (Status.ACTIVE, ("case",))  # a form the list does not write
    assert names(mapping, "U2")["GRETA VOLLMER"] == (Status.ACTIVE, ("classlist",))  # the registered name itself


def test_a_lower_case_form_of_an_accented_name_is_a_case_form_only() -> None:
    """"zoë" is a case form of Zoë, not a near spelling of her registered "Zoe" (the name without its accents)."""
    rows = [
        ("1", "U1", "", "The draft is up.\nZoë"),
        ("2", "U2", "1", "thanks zoë, I read it.\nAoife"),
        ("3", "U1", "2", "Great, thanks Aoife.\nZoë"),
    ]
    mapping = collect(table(rows), {"U1": "Zoë Thorvald", "U2": "Aoife Neill"}).mapping  # type: ignore[arg-type]
    tags = names(mapping, "U1")["zoë"][1]
    assert "case" in tags and "fuzzy" not in tags


@pytest.mark.parametrize(
    ("last", "signs"),
    [
        ("Portugal", False),  # a land ends a postal address
        ("U.K.", False),
        ("UK", False),
        ("Jordan", True),  # a land that is a given name too may sign
        ("South Africa", False),  # words that end in a land
        ("New Zealand", False),
        ("Ben Wales", True),  # ... not after a given name
    ],
)
def test_a_land_ending_a_postal_address_signs_nothing(last: str, signs: bool) -> None:
    text = f"It works now.\n\nAda\nRua Dr. Quell Bernardino de Almeida\n4200 Quellbury\n{last}"
    rows = [("1", "U1", "", text), ("2", "U2", "1", "Good.\n\nBen")]
    mapping = collect(table(rows), {"U1": "Ada Quill", "U2": "Ben Hale"}).mapping  # type: ignore[arg-type]
    assert (last in names(mapping, "U1")) is signs
