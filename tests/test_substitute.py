"""Substitution in one scope: spans, records, keep list and the duplicate rule."""

from __future__ import annotations

import pytest

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.resolution import NamesOf, Zone
from nicknames.apply.scope_names import scope_names
from nicknames.apply.substitute import outside_reads_as_name, substitute_message
from nicknames.model.mapping import Mapping, Name
from nicknames.model.messages import Message

PSEUDONYM = IdTemplate()


def message(text: str, sender: str = "s", parent: str | None = "p") -> Message:
    return Message("m1", sender, text, parent, "t", "x")


def run(mapping: Mapping, text: str, active: set[str], **context: str | None):
    return substitute_message(message(text, **context), scope_names(mapping, active), PSEUDONYM)


@pytest.mark.parametrize(
    ("names", "text", "expected"),
    [
        ({"u43": ["Mary", "Mary Jane"]}, "Hi Mary Jane!", "Hi [u43]!"),
        ({"u43": ["Mary"]}, "Mary's idea", "[u43]'s idea"),
        ({"u1": ["Eve"]}, "Evening Eve", "Evening [u1]"),
        ({"u1": ["-RG-"]}, "Cheers\n-RG-", "Cheers\n[u1]"),
        ({"u1": ["R o b e r t"]}, "Cheers\nR o b e r t", "Cheers\n[u1]"),
        ({"u1": ["C++"]}, "C++ and C", "[u1] and C"),
        ({"u1": ["Rob"], "u2": ["Mary"]}, "Rob, Mary, Rob", "[u1], [u2], [u1]"),
        # a title and an initial, after any title
        ({"u1": ["Dr. Q"]}, "Prof. Q's point, as Dr Q said", "[u1]'s point, as [u1] said"),
        ({"u1": ["Dr. Q"]}, "Dr. QA and Dr. Quinn", "Dr. QA and Dr. Quinn"),
        # a name that opens an institution's name is left in it; beside it, it is replaced
        ({"u1": ["Tolland", "Rhea"]}, "Rhea at Tolland Marsh National Laboratory. Tolland agrees.",
         "[u1] at Tolland Marsh National Laboratory. [u1] agrees."),
        ({"u1": ["Ann", "Ann Hall"]}, "Thanks Ann Hall and Ann Park!", "Thanks [u1] and [u1] Park!"),
        # the first part of a contraction is a word; a possessive is the name
        ({"u1": ["Don", "Won"]}, "Don't worry, Won’t you? Don's idea, Don.", "Don't worry, Won’t you? [u1]'s idea, [u1]."),
        ({"u1": ["Don"]}, "Don'tell", "[u1]'tell"),
        ({"u1": ["Don"]}, "I Don?t know, Don?", "I Don?t know, [u1]?"),  # an apostrophe an archive lost
        # names between the underscores of emphasis (Markdown, plain-text mail); not inside a user name
        ({"u1": ["Ann", "Ann Hall"]}, "_Ann_ and __Ann Hall__ agree", "_[u1]_ and __[u1]__ agree"),
        ({"u1": ["Ann"]}, "Thanks _Ann!_ and ann_hall", "Thanks _[u1]!_ and ann_hall"),
    ],
)
def test_replacements(names: dict[str, list[str]], text: str, expected: str) -> None:
    new, _ = run(Mapping(names), text, set(names))
    assert new == expected


@pytest.mark.parametrize(
    ("names", "text", "expected"),
    [
        # a given name that opens somebody else's full name is not the participant's
        ({"u1": ["Tobias", "Tobias Quell"]}, "I met Tobias Wrenfield, and Tobias said hi.",
         "I met Tobias Wrenfield, and [u1] said hi."),
        ({"u1": ["Tobias", "Tobias Quell"]}, "Tobias Quell and Tobias agree.", "[u1] and [u1] agree."),
        ({"u1": ["Tobias", "Quell", "Tobias Quell"]}, "Ask Tobias  Quell.", "Ask [u1]."),  # a space run is one space
        ({"u1": ["Tobias", "Tobias Quell"]}, "Tobias Monday works, Tobias Thanks", "[u1] Monday works, [u1] Thanks"),
        ({"u1": ["Tobias", "Tobias Quell"]}, "Tobias Energy Park", "[u1] Energy Park"),  # no surname after it
        ({"u1": ["Tobias", "Wrenfield"]}, "Tobias Wrenfield came.", "[u1] came."),  # their names: one full name
        ({"u1": ["Tobias"]}, "I met Tobias Wrenfield.", "I met [u1] Wrenfield."),  # no full name known: theirs
        ({"u1": ["Tobias", "Tobias Quell"], "u2": ["Anna"]}, "Hi Tobias Anna and Ben,", "Hi [u1] [u2] and Ben,"),
        # another participant's surname after the given name: somebody else's full name still
        ({"u1": ["Tobias", "Tobias Quell"], "u2": ["Ada Wrenfield", "Wrenfield"]}, "I met Tobias Wrenfield.",
         "I met Tobias [u2]."),
        ({"u1": ["Tobias", "Tobias Quell"], "u2": ["Tobias", "Tobias Wrenfield"]}, "Tobias Wrenfield and Tobias Brandt",
         "[u2] and Tobias Brandt"),  # neither candidate's
        # a full name written surname first, as headers write it: its surname is the word before the comma
        ({"u1": ["Tobias", "Quell, Tobias"]}, "From: Quell, Tobias\nTobias Quell wrote, Tobias Wrenfield read.",
         "From: [u1]\n[u1] Quell wrote, Tobias Wrenfield read."),
        ({"u1": ["Tobias", "Quell, Tobias"], "u2": ["Anna"]}, "Hi Tobias Anna,", "Hi [u1] [u2],"),  # a given name
        # a generation or a degree after the surname is no other person's name
        ({"u1": ["Tobias", "Quell", "Tobias Quell"]}, "--\nTobias E Quell Jr   Professor", "--\n[u1] Jr   Professor"),
        ({"u1": ["Tobias", "Quell", "Tobias Quell"]}, "Quell Sr said so.", "[u1] Sr said so."),
        ({"u1": ["Tobias", "Quell", "Tobias Quell"]}, "Ask Quell Msc.", "Ask [u1] Msc."),
        # their surname spelt with or without its accents, or a part of it before a hyphen: theirs
        ({"u1": ["Jens", "Jens Quellmann-Akiro", "Quellmänn", "Akiro"]}, "Dr. Jens Quellmänn-Akiro\nMD GmbH",
         "Dr. [u1]-[u1]\nMD GmbH"),
        ({"u1": ["Jens", "Jens Müller"]}, "Ask Jens Mueller.", "Ask [u1] Mueller."),
        ({"u1": ["Jens", "Jens Quellmann-Akiro"]}, "Ask Jens Quellmann.", "Ask [u1] Quellmann."),
        ({"u1": ["Jens", "Jens Quellmann-Akiro"]}, "Ask Jens Quellmanns.", "Ask Jens Quellmanns."),  # no part of it
        # their surname with a letter an archive lost: read whole, the lost letter any
        ({"u1": ["Jens", "Jens Quellmann", "Quellm?nn"]}, "Thanks,\nJens Quellm?nn\nLab", "Thanks,\n[u1]\nLab"),
        ({"u1": ["Jens", "Jens Quellmann"]}, "Ask Jens Quellm?nn.", "Ask [u1] Quellm?nn."),
        # a run of lost letters, one for each byte of a letter written in two ("Harrowi??o" for a Harrowição)
        ({"u1": ["Jens", "Harrowi??o", "Jens Harrowicao"], "u2": ["Harrowi??o"]}, "from Jens Harrowi??o since",
         "from [u1] since"),
        ({"u1": ["Jens", "Jens Harrowicao"]}, "Did you ask Jens Harrowicao?", "Did you ask [u1]?"),
        ({"u1": ["Jens", "Jens Harrowicao"]}, "from Jens Brandi??o since", "from Jens Brandi??o since"),  # another's
        # the given name and a surname with a lost letter, one full name: not "Jens Q" up to the lost letter
        ({"u1": ["Jens", "Jens Q", "Q?ellmann"]}, "Ask Jens Q?ellmann.", "Ask [u1]."),
        ({"u1": ["Jens", "Jens Quellmann", "Q?ellmann"]}, "Ask Jens Q?ellmann, Jens.", "Ask [u1], [u1]."),
        ({"u1": ["Jens", "Jens Quellmann"]}, "Ask Jens Quellm\ufffdnn.", "Ask [u1] Quellm\ufffdnn."),
        ({"u1": ["Jens", "Jens Quellmann"]}, "Ask Jens Wrenf?eld.", "Ask Jens Wrenf?eld."),  # another surname
        ({"u1": ["Jens", "Jens Quellmann"]}, "Ask Jens Quellm? Sure.", "Ask Jens Quellm? Sure."),  # a question
        # a middle name before their surname: one full name, the middle name goes too
        ({"u1": ["Harold", "Penbrook", "Penbrook, Harold"]}, "Harold\n\nHarold David Penbrook M.D.\nProfessor",
         "[u1]\n\n[u1] M.D.\nProfessor"),
        ({"u1": ["Tobias", "Tobias Quell"]}, "I met Tobias David Wrenfield.", "I met Tobias David Wrenfield."),
        ({"u1": ["Tobias", "Quell", "Tobias Quell"]}, "Tobias Harbour Quell", "Tobias Harbour [u1]"),  # no name
    ],
)
def test_a_given_name_before_somebody_elses_surname(names: dict[str, list[str]], text: str, expected: str) -> None:
    new, _ = run(Mapping(names), text, set(names))
    assert new == expected


def test_keep_list_protects_names_inside_it() -> None:
    mapping = Mapping({"u12": ["Arthur", "Clarke"]}, keep=["Arthur C. Clarke"])
    new, records = run(mapping, "Arthur C. Clarke wrote it, Arthur", {"u12"})
    assert new == "Arthur C. Clarke wrote it, [u12]"
    assert [(r.start, r.end, r.original) for r in records] == [(27, 33, "Arthur")]


def test_only_active_participants_names_are_used() -> None:
    mapping = Mapping({"u1": ["Rob"], "u2": ["Mary"]})
    new, _ = run(mapping, "Rob and Mary", {"u1"})
    assert new == "[u1] and Mary"


def test_rejected_names_are_not_replaced() -> None:
    mapping = Mapping({"u1": ["Rob", "Cheers"]})
    mapping.reject("u1", "Cheers")
    assert run(mapping, "Cheers Rob", {"u1"})[0] == "Cheers [u1]"


def test_records_hold_offsets_in_the_original_text() -> None:
    _, [record] = run(Mapping({"u1": ["Rob"]}), "Hi Rob", {"u1"})
    assert (record.start, record.end, record.original, record.participant, record.pseudonym, record.rule) == (
        3, 6, "Rob", "u1", "[u1]", "only",
    )


@pytest.mark.parametrize(
    ("text", "sender", "parent", "owner", "rule"),
    [
        ("Hi Sam,\nbody\nbye", "b", "a", "a", "greeting"),  # greeting: the parent's sender
        ("Hi there,\nbody\nSam", "a", "b", "a", "signoff"),  # sign-off: the sender
        ("Hi there,\nbody\nSam", "c", "b", "b", "parent"),  # sign-off, sender not a candidate
        ("Sam said so", "c", None, "b", "first"),  # no context: the most frequent user
    ],
)
def test_duplicate_names_are_resolved_by_context(text: str, sender: str, parent: str | None, owner: str, rule: str) -> None:
    mapping = Mapping()
    mapping.set_name("a", Name("Sam", 1))
    mapping.set_name("b", Name("Sam", 5))
    _, [record] = run(mapping, text, {"a", "b", "c"}, sender=sender, parent=parent)
    assert (record.participant, record.rule, record.candidates) == (owner, rule, ("a", "b"))


def test_duplicate_with_equal_counts_goes_to_the_first_in_the_file() -> None:
    mapping = Mapping({"b": ["Sam"], "a": ["Sam"]})
    _, [record] = run(mapping, "Sam said so", {"a", "b"}, sender="c", parent=None)
    assert (record.participant, record.rule) == ("b", "first")


def test_duplicates_are_listed() -> None:
    names = scope_names(Mapping({"a": ["Sam", "Al"], "b": ["Sam"]}), {"a", "b"})
    assert names.duplicates() == {"Sam": ("a", "b")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Please print.  thanks kd", "Please print.  thanks [u1]"),
        ("Approved.  kd", "Approved.  [u1]"),
        ("kd, see below.\nok", "[u1], see below.\nok"),
        ("The kd value is low.\nThanks, kd", "The kd value is low.\nThanks, [u1]"),  # running text stays
        ("Text\n--K", "Text\n--[u1]"),
        ("Vitamin K is fine.\nThanks", "Vitamin K is fine.\nThanks"),  # a lone letter in running text
        ("Grade K.\nK", "Grade K.\n[u1]"),
        ("Text\nThanks,\nK.", "Text\nThanks,\n[u1]"),
        ("We met K. Dunn there.\nok", "We met K. Dunn there.\nok"),
        ("Fixed now.\n\nkd" + "\n\n_______________________________________________\nresearch-list mailing list\nresearch-list@lists.example.org\nhttps://lists.example.org/mailman/listinfo/research-list\n", "Fixed now.\n\n[u1]" + "\n\n_______________________________________________\nresearch-list mailing list\nresearch-list@lists.example.org\nhttps://lists.example.org/mailman/listinfo/research-list\n"),  # above a mailing list's footer
        # above a quote or a signature block: the sign-off zone, where the name signs its line
        ("Fixed now.\n\n-kd\n\n> On Monday, Ann wrote:\n> Is it fixed?\n> Ann\n",
         "Fixed now.\n\n-[u1]\n\n> On Monday, Ann wrote:\n> Is it fixed?\n> Ann\n"),
        ("Fixed now.\n\nCheers,\n\nkd\n\n-- \nHarbour Lab\nRoom 12\nTel. 123\nhttps://example.org/kd\n",
         "Fixed now.\n\nCheers,\n\n[u1]\n\n-- \nHarbour Lab\nRoom 12\nTel. 123\nhttps://example.org/kd\n"),
        ("The kd value is low\n\n> On Monday, Ann wrote:\n> Is it fixed?\n", "The kd value is low\n\n> On Monday, Ann "
         "wrote:\n> Is it fixed?\n"),  # in a sentence of the zone: running text
    ],
)
def test_short_names_are_replaced_in_salutations_only(text: str, expected: str) -> None:
    names = Mapping({"u1": ["kd", "K", "K."]})
    for short in ("kd", "K", "K."):
        names.set_name("u1", Name(short, 1, ("signoff", "initials", "short")))
    new, _ = run(names, text, {"u1"})
    assert new == expected



@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I spoke to Tobias today", "I spoke to [u1] today"),
        ("Tobias agreed at once.", "[u1] agreed at once."),
        ("Tobias Quell agreed", "Tobias Quell agreed"),  # a longer name nobody has
        ("Marta Tobias agreed", "Marta Tobias agreed"),
        ("Arthur C. Tobias wrote it", "Arthur C. Tobias wrote it"),
        ("Lind-Tobias wrote it", "Lind-Tobias wrote it"),
        ("Thanks Tobias for this", "Thanks [u1] for this"),  # a greeting word is not part of the name
        ("Ask Dr. Tobias", "Ask Dr. [u1]"),
        ("due Tobias 12", "due Tobias 12"),
        ("Hi all,\nthe Brown bag is full\nBrown", "Hi all,\nthe Brown bag is full\n[u2]"),  # a word: sign-off only
        ("Brown,\nsee below\nKit", "[u2],\nsee below\nKit"),
        ("Brown paper bags\nKit", "Brown paper bags\nKit"),
        ("Hi Kit,\nDon't worry\nKit", "Hi Kit,\nDon't worry\nKit"),
        ("Hi Kit,\nask Don now\nKit", "Hi Kit,\nask [u3] now\nKit"),
        ("Hi Kit,\nask Tobias Brown\nKit", "Hi Kit,\nask [u4]\nKit"),
        ("Team:\nOkafor\nTobias\nLind", "Team:\nOkafor\nTobias\nLind"),  # a list of single words
        ("Regards\nBrown and Kit", "Regards\n[u2] and Kit"),  # two people sign
        ("Regards\nBrown bags", "Regards\nBrown bags"),
        ("We went to Tobias on Monday", "We went to Tobias on Monday"),  # a place
        ("I flew to Lisbon.  Tobias said no", "I flew to Lisbon.  [u1] said no"),
        ("Ask Marta\nTobias about it", "Ask Marta\nTobias about it"),  # a longer name wrapped
        # beside another name of the same person, a name is theirs, not part of a longer one
        ("Ask Jonas Quell about it", "Ask [u5] about it"),
        ("Ask Jonas\nQuell about it", "Ask [u5]\n[u5] about it"),
        ("Ask Jonas Wren about it", "Ask Jonas Wren about it"),  # somebody else's surname
        # a word-name as a possessive in a sentence's body ("See you,\nKit" is the sign-off)
        ("Hi,\nborrow Brown's notes.\nSee you,\nKit", "Hi,\nborrow [u2]'s notes.\nSee you,\nKit"),
        ("Hi,\nBrown's paper is out.\nSee you,\nKit", "Hi,\nBrown's paper is out.\nSee you,\nKit"),  # opens it
        ("Hi,\nthe Sea Brown's crew came.\nSee you,\nKit", "Hi,\nthe Sea Brown's crew came.\nSee you,\nKit"),
        # a word-name before a verb that reports what a person did, inside a sentence's body
        ("Hi,\nBrown said so.\nSee you,\nKit", "Hi,\n[u2] said so.\nSee you,\nKit"),
        ("Hi,\nBrown bread is good.\nSee you,\nKit", "Hi,\nBrown bread is good.\nSee you,\nKit"),
    ],
)
def test_names_of_participants_not_active_in_the_scope(text: str, expected: str) -> None:
    mapping = Mapping({"u1": ["Tobias"], "u2": ["Brown"], "u3": ["Don"], "u4": ["Tobias Brown"],
                       "u5": ["Jonas", "Quell"], "s": []})
    new, records = substitute_message(
        message(text), scope_names(mapping, {"s"}, NamesOf.everyone), PSEUDONYM
    )
    assert new == expected
    assert {record.rule for record in records} <= {"file"}


def test_names_of_active_participants_only_leaves_the_others() -> None:
    mapping = Mapping({"u1": ["Tobias"], "s": []})
    assert run(mapping, "I spoke to Tobias today", {"s"})[0] == "I spoke to Tobias today"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Meet TOBIAS QUELL at noon", "Meet [u1] at noon"),  # capitals of a name of several words: anywhere
        ("thanks tobias", "thanks [u1]"),  # lower case after a closing word
        ("hi tobias,\nsee below", "hi [u1],\nsee below"),
        ("THANKS TOBIAS!", "THANKS [u1]!"),
        ("See below.\nregards\n\ntobias\n\n> quoted text", "See below.\nregards\n\n[u1]\n\n> quoted text"),
        ("See below.\n-- tobias", "See below.\n-- [u1]"),  # alone on the last line
        ("I asked tobias today", "I asked tobias today"),  # running text: never
        ("We met TOBIAS there", "We met TOBIAS there"),
        ("Thanks, will do", "Thanks, will do"),  # a word after a closing word, before more words
        ("Thanks, will.", "Thanks, [u2]."),
        ("Thanks,\nwill", "Thanks,\n[u2]"),
        ("I will check", "I will check"),
        ("and T.Q. agreed", "and [u1] agreed"),  # initials with full stops
        ("Ask TQ or T.Q.", "Ask [u1] or [u1]"),
        ("Ask T. Q. or TQ.", "Ask T. Q. or [u1]."),
        ("the K.W. line", "the K.W. line"),  # nobody's initials
    ],
)
def test_case_forms_of_names(text: str, expected: str) -> None:
    mapping = Mapping({"u1": ["Tobias", "Tobias Quell", "TQ"], "u2": ["Will"]})
    mapping.set_name("u2", Name("Will", 3, ("classlist", "word")))
    assert run(mapping, text, {"u1", "u2"})[0] == expected


@pytest.mark.parametrize(
    ("text", "expected", "originals"),
    [
        ("Dr. Tobias K. Quell\nLab", "Dr. [u1]\nLab", ["Tobias K. Quell"]),  # one name: one pseudonym
        ("Ann M. J. Berg and Tobias K Quell", "[u2] and [u1]", ["Ann M. J. Berg", "Tobias K Quell"]),
        ("Tobias K. Berg", "[u1] K. [u2]", ["Tobias", "Berg"]),  # two people's names
        ("Tobias A.\nQuell", "[u1] A.\n[u1]", ["Tobias", "Quell"]),  # not across a line
        ("Tobias and Quell", "[u1] and [u1]", ["Tobias", "Quell"]),  # a word between: no initials
        ("Tobias A. B. C. Quell", "[u1] A. B. C. [u1]", ["Tobias", "Quell"]),  # at most two initials
        # a middle name: a given name, or a capitalised word that is no common one
        ("Dr. Tobias Kasimir Quell\nLab", "Dr. [u1]\nLab", ["Tobias Kasimir Quell"]),
        ("Tobias Wrenfield-Ostby Quell", "[u1]", ["Tobias Wrenfield-Ostby Quell"]),
        ("Tobias Kasimir\nQuell", "[u1] Kasimir\n[u1]", ["Tobias", "Quell"]),  # not across a line
        ("Tobias  Kasimir  Quell", "[u1]  Kasimir  [u1]", ["Tobias", "Quell"]),  # single spaces only
        ("Tobias Ann Berg", "[u1] [u2]", ["Tobias", "Ann Berg"]),  # two people's names
        ("Quell Kasimir Quell", "[u1] Kasimir [u1]", ["Quell", "Quell"]),  # one name twice
    ],
)
def test_names_around_middle_initials_are_one_record(text: str, expected: str, originals: list[str]) -> None:
    new, records = run(Mapping({"u1": ["Tobias", "Quell"], "u2": ["Ann", "Berg"]}), text, {"u1", "u2"})
    assert (new, [record.original for record in records]) == (expected, originals)
    assert all(text[record.start : record.end] == record.original for record in records)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ask Harold and Tobias R Quell first", "ask Harold and [u1] first"),  # mail leaves the stop out
        ("to Tobias R. Quell", "to [u1]"),
        ("to Tobias R\nQuell", "to [u1]"),
        ("to Tobias S Quell", "to [u1] S Quell"),  # another middle initial: not this name
    ],
)
def test_a_mapped_middle_initial_matches_without_its_stop(text: str, expected: str) -> None:
    assert run(Mapping({"u1": ["Tobias R. Quell", "Tobias"]}), text, {"u1"})[0] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dr. T. Quell and T.Quell agree", "Dr. [u1] and [u1] agree"),  # the initial of the participant's other name
        ("A. Berg and B. Berg", "[u2] and B. [u2]"),  # B is no initial of Ann Berg's
        ("T. Tobias", "T. [u1]"),  # the initial of the name itself: not another name's
        ("see U.S. Quell or x.T. Quell", "see U.S. [u1] or x.T. [u1]"),  # part of an abbreviation or a word
        ("T. K. Quell and T.K. Quell", "[u1] and [u1]"),  # the given name's initial and middle initials
        ("K. T. Quell", "K. T. [u1]"),  # the first initial is not the given name's
    ],
)
def test_the_initial_of_another_name_before_a_name_is_part_of_it(text: str, expected: str) -> None:
    new, records = run(Mapping({"u1": ["Tobias", "Quell"], "u2": ["Ann", "Berg"]}), text, {"u1", "u2"})
    assert new == expected
    assert all(text[record.start : record.end] == record.original for record in records)


@pytest.mark.parametrize(
    ("text", "expected", "originals"),
    [
        ("proposed by tobias Quell", "proposed by [u1]", ["tobias Quell"]),  # a given name in lower case
        ("asked ann Berg", "asked [u2]", ["ann Berg"]),  # "Ann Berg" in other case
        ("Tobias Quell agreed", "[u1] agreed", ["Tobias Quell"]),  # two names of one person side by side
        ("Tobias K Quell", "[u1]", ["Tobias K Quell"]),  # and around an initial, at the text's start
        ("as will Quell", "as will [u1]", ["Quell"]),  # an ordinary word
        ("the quell Quell", "the quell [u1]", ["Quell"]),  # the name itself in lower case
        ("ann Quell", "ann [u1]", ["Quell"]),  # another participant's given name
        ("mail tobias/Quell", "mail tobias/[u1]", ["Quell"]),  # no space between
        ("x.tobias Quell", "x.tobias [u1]", ["Quell"]),  # part of an address
        ("Tobias  Quell", "[u1]  [u1]", ["Tobias", "Quell"]),  # two spaces: two names
        ("Tobias Tobias Quell Tobias", "[u1] [u1] [u1]", ["Tobias", "Tobias Quell", "Tobias"]),  # each name once
        ("QUELL Tobias wrote", "[u1] wrote", ["QUELL Tobias"]),  # a surname in capitals first, as lists write it
        ("ANN Berg", "[u2]", ["ANN Berg"]),
        ("WILL Quell", "WILL [u1]", ["Quell"]),  # an ordinary word in capitals
        ("BERG Tobias", "BERG [u1]", ["Tobias"]),  # another participant's name
        ("QuELL Tobias", "QuELL [u1]", ["Tobias"]),  # neither capitals nor lower case
    ],
)
def test_a_given_name_in_lower_case_before_a_name_is_part_of_it(text: str, expected: str,
                                                                 originals: list[str]) -> None:
    mapping = Mapping({"u1": ["Tobias", "Quell", "Will"], "u2": ["Ann Berg", "Berg", "Ann"]})
    mapping.set_name("u1", Name("Will", 1, ("classlist", "word")))
    new, records = run(mapping, text, {"u1", "u2"})
    assert (new, [record.original for record in records]) == (expected, originals)
    assert all(text[record.start : record.end] == record.original for record in records)


@pytest.mark.parametrize(
    ("text", "expected", "originals"),
    [
        ("Tobias QUELL agreed", "[u1] agreed", ["Tobias QUELL"]),  # the surname in capitals after the given name
        ("thx tobias quell!", "thx [u1]!", ["tobias quell"]),  # after a given name mapped in lower case
        ("Quell T. and Berg A. spoke", "[u1] and [u2] spoke", ["Quell T.", "Berg A."]),  # a list's initials after
        ("Tobias Q., Ann B.", "[u1], [u2]", ["Tobias Q.", "Ann B."]),  # the initial of the surname
        ("--Tobias Q.\nDept. of Physics", "--[u1]\nDept. of Physics", ["Tobias Q."]),  # a sign-off over a title
        ("Quell K. spoke", "[u1] K. spoke", ["Quell"]),  # no initial of the participant's
        ("Tobias Q. Wrenfield", "[u1] Q. Wrenfield", ["Tobias"]),  # a middle initial of another name
        ("Tobias Q.Quell", "[u1] Q.[u1]", ["Tobias", "Quell"]),  # part of an abbreviation
        ("Tobias will come", "[u1] will come", ["Tobias"]),  # an ordinary word: "Will" is tagged a word
        ("Tobias berg", "[u1] berg", ["Tobias"]),  # another participant's name
        ("Tobias said so", "[u1] said so", ["Tobias"]),
        ("Tobias quell.org", "[u1] quell.org", ["Tobias"]),  # part of an address
        ("Tobias quellung", "[u1] quellung", ["Tobias"]),  # a longer word
    ],
)
def test_another_name_of_the_participant_after_a_name_is_part_of_it(text: str, expected: str,
                                                                      originals: list[str]) -> None:
    mapping = Mapping({"u1": ["Tobias", "Quell", "Will"], "u2": ["Ann Berg", "Berg", "Ann"]})
    mapping.set_name("u1", Name("Will", 1, ("classlist", "word")))
    mapping.set_name("u1", Name("tobias", 1, ("case",)))
    new, records = run(mapping, text, {"u1", "u2"})
    assert (new, [record.original for record in records]) == (expected, originals)
    assert all(text[record.start : record.end] == record.original for record in records)


@pytest.mark.parametrize(
    ("text", "expected", "originals"),
    [
        ("Hi all, Tobias QUELL here.", "Hi all, [u1] here.", ["Tobias QUELL"]),  # the surname not mapped alone
        ("Hi all, Tobias QUELL here. I met Ann Berg.", "Hi all, [u1] here. I met [u2].", ["Tobias QUELL", "Ann Berg"]),
        ("Tobias quell, Ann Berg", "[u1], [u2]", ["Tobias quell", "Ann Berg"]),
        ("But be up", "[u3] be up", ["But"]),  # "be" is no form of the initials "BE"
        ("But be up, Ann Berg", "[u3] be up, [u2]", ["But", "Ann Berg"]),
        ("But BE up", "[u3] up", ["But BE"]),  # the initials themselves
    ],
)
def test_what_joins_a_name_does_not_hang_on_other_names_in_the_text(text: str, expected: str,
                                                                    originals: list[str]) -> None:
    """Whether the word after a name joins it is decided by that word alone, not by a pair of names elsewhere."""
    mapping = Mapping({"u1": ["Tobias Quell", "Tobias"], "u2": ["Ann", "Berg"], "u3": ["Butegu Elan", "But", "BE"]})
    new, records = run(mapping, text, {"u1", "u2", "u3"})
    assert (new, [record.original for record in records]) == (expected, originals)


@pytest.mark.parametrize(
    ("text", "expected", "originals"),
    [
        ("asked tobias Quell about it", "asked [u1] about it", ["tobias Quell"]),  # a name of several words
        ("asked TOBIAS Quell about it", "asked [u1] about it", ["TOBIAS Quell"]),
        ("asked tobias quell about it", "asked [u1] about it", ["tobias quell"]),
        ("asked Tobias quell, then", "asked [u1], then", ["Tobias quell"]),
        ("asked tobias quellmann", "asked tobias quellmann", []),  # a longer word
        ("Kay will come", "[u2] will come", ["Kay"]),  # "Kay Will" in other case, but "will" is a common word
        ("Kay WILL come", "[u2] come", ["Kay WILL"]),
        ("the course news is out", "the course news is out", []),  # opens with no given name
        ("read arthur Clarke", "read arthur Clarke", []),  # the keep list's name in other case is kept
        ("read arthur soon", "read arthur soon", []),
    ],
)
def test_a_name_of_several_words_counts_in_other_case(text: str, expected: str, originals: list[str]) -> None:
    mapping = Mapping({"u1": ["Tobias Quell", "Tobias"], "u2": ["Kay Will", "Kay"], "u3": ["Course News", "Course"],
                       "u4": ["Arthur"]}, keep=["Arthur Clarke"])
    new, records = run(mapping, text, {"u1", "u2", "u3", "u4"})
    assert (new, [record.original for record in records]) == (expected, originals)
    assert all(text[record.start : record.end] == record.original for record in records)


@pytest.mark.parametrize(
    ("text", "expected", "originals"),
    [
        ("To: QUELL, TOBIAS\nok", "To: [u1]\nok", ["QUELL, TOBIAS"]),  # surname first, as lists write names
        ("asked QUELL, Tobias about it", "asked [u1] about it", ["QUELL, Tobias"]),
        ("asked quell, tobias about it", "asked [u1] about it", ["quell, tobias"]),
        ("On Sat, 2 Mar 2014, quell,tobias wrote:", "On Sat, 2 Mar 2014, [u1] wrote:", ["quell,tobias"]),  # no space
        ("asked QUELL,Tobias about it", "asked [u1] about it", ["QUELL,Tobias"]),
        ("Quell, Tobias", "[u1], [u1]", ["Quell", "Tobias"]),  # each a name in use as the mapping writes it
        ("Berg, Ann", "[u2]", ["Berg, Ann"]),  # a surname that is no name in use alone
        ("BERG, ANN and Ann", "[u2] and [u2]", ["BERG, ANN", "Ann"]),
        ("Ann Berg, Ann", "[u2], [u2]", ["Ann Berg", "Ann"]),  # the surname belongs to the name before
        ("Berg, Annabel", "Berg, Annabel", []),
        ("so green, Mary", "so green, [u3]", ["Mary"]),  # a common word in lower case
        ("GREEN, MARY", "[u3]", ["GREEN, MARY"]),
    ],
)
def test_a_name_written_surname_first_is_one_name(text: str, expected: str, originals: list[str]) -> None:
    mapping = Mapping({"u1": ["Tobias Quell", "Tobias", "Quell"], "u2": ["Ann Berg", "Ann"],
                       "u3": ["Mary Green", "Mary"]})
    new, records = run(mapping, text, {"u1", "u2", "u3"})
    assert (new, [record.original for record in records]) == (expected, originals)
    assert all(text[record.start : record.end] == record.original for record in records)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("thanks for posting this ingrid", "thanks for posting this [u1]"),  # a given name that is no word
        ("ask my tobias", "ask my [u2]"),
        ("the river flows", "the river flows"),  # a word after an article, though a user name
        ("this mark is low", "this mark is low"),  # a given name that is also a word
        ("thanks river", "thanks [u3]"),
    ],
)
def test_a_lower_case_name_after_a_determiner_is_a_noun_unless_a_given_name(text: str, expected: str) -> None:
    mapping = Mapping({"u1": ["Ingrid", "ingrid"], "u2": ["Tobias", "tobias"], "u3": ["river"], "u4": ["Mark", "mark"]})
    assert run(mapping, text, {"u1", "u2", "u3", "u4"})[0] == expected


def test_a_given_name_mapped_in_lower_case_before_a_name_is_part_of_it() -> None:
    """"tobias" listed in the mapping as a case form of its own (collect's ``?tobias [case]``, here another Tobias's),
    not made by apply, of somebody not active in the scope: the given name of the surname's participant still joins
    the surname."""
    mapping = Mapping({"u1": ["Tobias", "Quell"], "u2": ["Tobias"]})
    mapping.set_name("u2", Name("tobias", 1, ("case",)))
    names = scope_names(mapping, {"u1"}, NamesOf.everyone)
    new, records = substitute_message(message("It was proposed by tobias Quell and others."), names, PSEUDONYM)
    assert (new, [record.original for record in records]) == ("It was proposed by [u1] and others.", ["tobias Quell"])


@pytest.mark.parametrize("text", ["T. Olsen and Henrik Olsen", "ask henrik Olsen", "Sofia Olsen and Tobias Quell"])
def test_surrogates_leave_the_names_of_others_to_their_placeholders(text: str) -> None:
    """Names of people who are not participants have no surrogate: the rules that widen or join a participant's
    names pass them by."""
    from nicknames.apply.surrogates import Surrogate, SurrogateNames
    from nicknames.io.mapping_file import parse_mapping

    style = SurrogateNames({"u1": Surrogate("Anna", "Lena", "Berg", "F")}, {"u1": ("tobias", "", "quell")})
    mapping = parse_mapping("u1 | Tobias | Quell\n@others | Henrik | Olsen | Sofia\n")
    new, records = substitute_message(message(text), scope_names(mapping, {"u1"}), style)
    assert "[PERSON" in new and "Olsen" not in new
    assert all(text[record.start : record.end] == record.original for record in records)


def test_surrogates_keep_the_initials_between_a_given_name_and_a_surname() -> None:
    from nicknames.apply.surrogates import Surrogate, SurrogateNames

    style = SurrogateNames({"u1": Surrogate("Anna", "Lena", "Berg", "F")}, {"u1": ("tobias", "", "quell")})
    new, records = substitute_message(message("Dr. Tobias K. Quell"), scope_names(Mapping({"u1": ["Tobias", "Quell"]}),
                                                                                  {"u1"}), style)
    assert (new, len(records)) == ("Dr. Anna K. Berg", 2)
    new, _ = substitute_message(message("Dr. T. Quell"), scope_names(Mapping({"u1": ["Tobias", "Quell"]}), {"u1"}),
                                style)
    assert new == "Dr. A. Berg"  # an initial before the surname: shaped with it


@pytest.mark.parametrize(
    ("text", "sender", "expected"),
    [
        ("Hi all! Mark here, a teacher.", "u2", "Hi all! [u2] here, a teacher."),  # the writer introduces themselves
        ("Mark here.\nI will join", "u2", "[u2] here.\nI will join"),
        ("Hi all! Mark here, a teacher.", "u1", "Hi all! Mark here, a teacher."),  # somebody else's text
        ("Mark here is wrong.", "u2", "Mark here is wrong."),  # a sentence going on: the word
        ("Good thread. Mark asked about it.", "u1", "Good thread. [u2] asked about it."),  # a reporting verb
        ("Mark these as done.", "u2", "Mark these as done."),
    ],
)
def test_a_word_name_before_here_or_a_reporting_verb_is_the_name(text: str, sender: str, expected: str) -> None:
    mapping = Mapping({"u1": ["Tobias"], "u2": ["Mark"]})
    mapping.set_name("u2", Name("Mark", 3, ("classlist", "word")))
    assert run(mapping, text, {"u1", "u2"}, sender=sender)[0] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a name that is a word, before a capitalised common word: a compound's name ("Secret Service")
        ("Hello all,\n\nPossible Secret Service involvement, said Mark Quell.\n\nAnn",
         "Hello all,\n\nPossible Secret Service involvement, said [u2].\n\nAnn"),
        ("Hello all,\n\nPay the Mark Down fee and Mark Service too.\n\nAnn",
         "Hello all,\n\nPay the Mark Down fee and Mark Service too.\n\nAnn"),
        # the name: before its own surname, before a stop word, in a greeting, signed
        ("Hello all,\n\nI asked Mark Quell and Secret For once.\n\nAnn",
         "Hello all,\n\nI asked [u2] and [u1] For once.\n\nAnn"),
        ("Hello all,\n\nthanks to a comment from Mark Dawn.\n\nAnn",
         "Hello all,\n\nthanks to a comment from [u2] Dawn.\n\nAnn"),  # a given name after it: a person
        ("Hello all,\n\nask Mark Common, then Mark.\n\nAnn", "Hello all,\n\nask [u2] [u3], then [u2].\n\nAnn"),
        ("Hi Secret Service folks,\nthanks", "Hi [u1] Service folks,\nthanks"),
        ("I agree.\n\ncheers\nSecret", "I agree.\n\ncheers\n[u1]"),
    ],
)
def test_a_word_name_before_a_capitalised_common_word_is_the_word(text: str, expected: str) -> None:
    mapping = Mapping({"u1": ["Secret Otter", "Otter"], "u2": ["Mark Quell", "Quell"], "u3": ["Ada Common", "Common"]})
    mapping.set_name("u1", Name("Secret", 3, ("classlist", "word")))
    mapping.set_name("u2", Name("Mark", 3, ("classlist", "word")))
    assert run(mapping, text, {"u1", "u2", "u3"}, sender="u4")[0] == expected


SIGNATURE = ("\n\nAnn Quell            |   Dept of Statistics\nHarbour University   |   Room 12\n"
             "Tel: 1234            |   Fax: 5678\nwww.example.org/aq   |   \"A motto\"\n")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a closer before the sender's name at a line's end signs, above a signature block of any size
        ("Hello all,\n\nIt works.  Just a thought.  Cheers, Ann." + SIGNATURE,
         "Hello all,\n\nIt works.  Just a thought.  Cheers, [u1]." + SIGNATURE.replace("Ann Quell", "[u1]")),
        ("Hello all,\n\nI agree with Ann." + SIGNATURE,
         "Hello all,\n\nI agree with [u2]." + SIGNATURE.replace("Ann Quell", "[u1]")),  # the other Ann
        # the sender's name alone on a line above a line that opens with it and holds their surname
        ("Hello all,\n\nIt works.\nAnn\n\nAnn Kasimira Quell, PhD" + SIGNATURE,
         "Hello all,\n\nIt works.\n[u1]\n\n[u1], PhD" + SIGNATURE.replace("Ann Quell", "[u1]")),
        # the sender's name opening a sentence after another on the last line of their words
        ("Hello all,\n\nSorry to bother the list with this. Ann\n" + "-." * 20 + "\nlist footer\n",
         "Hello all,\n\nSorry to bother the list with this. [u1]\n" + "-." * 20 + "\nlist footer\n"),
        ("Hello all,\n\nSorry to bother the list with this. Ann\nAnd more.\n",
         "Hello all,\n\nSorry to bother the list with this. [u2]\nAnd more.\n"),  # more words follow: the body's
        ("Hello all,\n\nIt works.\nAnn\n\nAnn is away this week" + SIGNATURE,
         "Hello all,\n\nIt works.\n[u2]\n\n[u2] is away this week" + SIGNATURE.replace("Ann Quell", "[u1]")),
    ],
)
def test_a_closer_before_the_senders_name_signs_above_a_long_signature(text: str, expected: str) -> None:
    mapping = Mapping({"u1": ["Ann", "Ann Quell", "Quell"], "u2": ["Ann", "Ann Berg", "Berg"]})
    assert run(mapping, text, {"u1", "u2"}, sender="u1", parent=None)[0] == expected


@pytest.mark.parametrize(
    ("text", "sender", "expected"),
    [
        # the sender's given name and a surname the class list lacks, alone on a line of their sign-off: theirs
        ("It works.\n-- \nGreta Harrowby\nwww.example.org", "u1", "It works.\n-- \n[u1]\nwww.example.org"),
        ("It works.\n\nThanks,\nGreta Harrowby", "u1", "It works.\n\nThanks,\n[u1]"),
        ("It works.\n\nThanks,\nGreta Harrowby", "u2", "It works.\n\nThanks,\nGreta Harrowby"),  # not the sender's
        ("I met Greta Harrowby today.\n\nGreta", "u1", "I met Greta Harrowby today.\n\n[u1]"),  # in the body: another
        ("It works.\n\nThanks,\nGreta Harrowby Consulting", "u1", "It works.\n\nThanks,\nGreta Harrowby Consulting"),
        ("It works.\n\nThanks,\nGreta H?rrowby", "u1", "It works.\n\nThanks,\n[u1]"),  # a letter lost
    ],
)
def test_the_senders_given_name_signs_with_a_surname_the_class_list_lacks(text: str, sender: str,
                                                                         expected: str) -> None:
    mapping = Mapping({"u1": ["Greta", "Greta Harr"], "u2": ["Ann", "Ann Berg"]})
    assert run(mapping, text, {"u1", "u2"}, sender=sender, parent=None)[0] == expected


BODY = "More of the message follows here.\nAnd its last line, longer than a sign-off's."
"""Two last lines no sign-off's: the lines above them are the body's."""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hi mark,\nplease mark it.", "Hi [u2],\nplease mark it."),  # the greeting names; the body's verb stays
        ("Good morning mark! See you", "Good morning [u2]! See you"),
        ("Thanks Tobias, I will mark it.", "Thanks [u1], I will mark it."),  # past the greeting: the first sentence
        ("Thanks, mark", "Thanks, [u2]"),  # after a greeting's comma, where its place makes it a name
        ("Ok.\nsee mark's point and mark'sProfile\n" + BODY, "Ok.\nsee [u2]'s point and [u2]'sProfile\n" + BODY),
        ("Ok.\nsee the mark's place", "Ok.\nsee the mark's place"),  # after an article: a thing's
        ("I agree.\n\ncheers\nmark", "I agree.\n\ncheers\n[u2]"),  # the sign-off
    ],
)
def test_a_lower_case_word_name_by_its_place(text: str, expected: str) -> None:
    mapping = Mapping({"u1": ["Tobias"], "u2": ["mark"]})
    mapping.set_name("u2", Name("mark", 3, ("signoff", "word")))
    assert run(mapping, text, {"u1", "u2"}, sender="u2")[0] == expected


def test_case_forms_are_not_reported_as_shared_names() -> None:
    names = scope_names(Mapping({"a": ["Tobias", "tobias"], "b": ["Tobias"]}), {"a", "b"})
    assert names.duplicates() == {"Tobias": ("a", "b")}


@pytest.mark.parametrize(
    ("text", "name", "zone", "expected"),
    [
        ("I hope Tobias comes", "Tobias", "BODY", True),  # no common word: a name
        ("Then Hope came too", "Hope", "BODY", False),  # a common word in the body: not on weaker evidence
        ("Then Hope said so", "Hope", "BODY", True),  # ... but as a possessive, or before a verb that reports a person
        ("Thanks,\nHope", "Hope", "SIGNOFF", True),  # alone in a sign-off
        ("Thanks,\nHope this helps", "Hope", "SIGNOFF", False),  # before a lower-case word
        ("We met in Tobias", "Tobias", "BODY", False),  # a place
        ("Ask Tobias Quell", "Tobias", "BODY", False),  # inside a longer name
        ("Hi Mary Jane", "Mary Jane", "GREETING", True),  # several words
    ],
)
def test_outside_reads_as_name(text: str, name: str, zone: str, expected: bool) -> None:
    start = text.index(name)
    assert outside_reads_as_name(text, start, start + len(name), Zone[zone]) is expected


def _facts_mapping() -> Mapping:
    mapping = Mapping()
    mapping.set_name("U1", Name("Mary Poe", 2))
    mapping.set_name("U1", Name("Mary", 5))
    mapping.set_name("U1", Name("Hope", 1, ("word",)))
    mapping.set_name("U2", Name("Mary", 3))
    mapping.set_name("U3", Name("Tobias", 1))
    mapping.set_name("U3", Name("KD", 1, ("short",)))
    return mapping


@pytest.mark.parametrize(
    ("form", "expected"),
    [
        ("Mary", ("Mary", ("U1", "U2"), False, 0, False, False, False, False, False)),
        ("mary", ("Mary", ("U1", "U2"), False, 0, True, False, False, False, False)),
        ("MARY POE", ("Mary Poe", ("U1",), False, 0, False, False, False, False, False)),
        ("Hope", ("Hope", ("U1",), False, 0, False, False, False, True, False)),
        ("Tobias", ("Tobias", ("U3",), True, 0, False, False, False, False, False)),  # U3 is not active
        ("KD", ("KD", ("U3",), True, 0, False, False, True, False, False)),
    ],
)
def test_facts_of_a_form_are_what_substitution_looked_up_per_mention(form: str, expected: tuple[object, ...]) -> None:
    names = scope_names(_facts_mapping(), {"U1", "U2"}, NamesOf.everyone)
    facts = names.facts(form)
    key = names.names.case.get(form, form)
    assert facts == expected
    assert facts.key == key and (facts.key, facts.candidates, facts.outside) == names.candidates(form)
    assert facts.ending == names.names.endings.get(form, 0)
    assert facts.positional == (form in names.names.positional)
    assert facts.short == (key in names.short) and facts.word == (form in names.names.words)
    assert names.known[form] is facts and names.facts(form) is facts  # looked up once per scope


def test_facts_tell_when_the_file_has_more_owners_than_the_active_ones() -> None:
    names = scope_names(_facts_mapping(), {"U1"}, NamesOf.everyone)
    assert names.facts("Mary").candidates == ("U1",) and names.facts("Mary").more_outside
    assert not names.facts("Hope").more_outside


def _as_html(text: str) -> str:
    """A plain text as a forum or a mail program writes it in HTML: each line ended by ``<br>`` in one block."""
    return "<div>" + "".join(f"{line}<br>" for line in text.split("\n")) + "</div>"


@pytest.mark.parametrize(
    ("text", "sender"),
    [
        ("I agree.\n\ncheers\nmark", "u2"),  # a lower-case word-name in the sign-off
        ("I agree.\n\ncheers\n\nmark\n\nDear Tobias\n\n" + BODY, "u2"),  # a closer's line above: a sign-off
        ("Hi mark,\nplease mark it.", "u1"),  # in the greeting, not in the body
        ("Thanks,\nSam\n\n--\nSam Quell, Data Manager\nTidal Institute", "a"),  # above a signature block
        ("Hi there,\nbody\nSam", "a"),  # the sign-off: the sender
        ("Hi Sam,\nbody\nbye", "b"),  # the greeting: the parent's sender
        ("Text\nThanks,\nK.", "u1"),  # a short name in a sign-off
    ],
)
def test_an_html_post_is_read_as_its_plain_text_reads(text: str, sender: str) -> None:
    mapping = Mapping({"u1": ["Tobias", "K"], "u2": ["mark"]})
    mapping.set_name("u2", Name("mark", 3, ("signoff", "word")))
    mapping.set_name("u1", Name("K", 2, ("signoff", "initials", "short")))
    mapping.set_name("a", Name("Sam", 1))
    mapping.set_name("b", Name("Sam", 5))
    active = {"u1", "u2", "a", "b"}
    plain, plain_records = run(mapping, text, active, sender=sender, parent="b" if sender == "a" else "a")
    marked, records = run(mapping, _as_html(text), active, sender=sender, parent="b" if sender == "a" else "a")
    assert marked == _as_html(plain)
    assert [(r.participant, r.rule) for r in records] == [(r.participant, r.rule) for r in plain_records]
    assert plain != text  # each text names somebody


def test_a_name_inside_a_tag_is_read_in_the_tag() -> None:
    mapping = Mapping({"u1": ["Greta"]})
    text = '<aside data-username="Greta"><p>quoted</p></aside><p>Thanks Greta!</p>'
    assert run(mapping, text, {"u1"}, sender="s")[0] == (
        '<aside data-username="[u1]"><p>quoted</p></aside><p>Thanks [u1]!</p>')


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a wiki talk page's signature: the link's label names the user the link goes to
        ("Agreed. [[User:Kay Marsden|KM]] ([[User talk:Kay Marsden|talk]]) 12:34, 5 June 2010 (UTC)",
         "Agreed. [[User:[u1]|[u1]]] ([[User talk:[u1]|talk]]) 12:34, 5 June 2010 (UTC)"),
        ("--[[User_talk:Kay Marsden|Kay M.]]", "--[[User_talk:[u1]|[u1]]]"),
        ("[[Special:Contributions/Kay Marsden|contribs]]", "[[Special:Contributions/[u1]|contribs]]"),  # what it is
        ('[[User:Kay Marsden|<span style="color:green">Kay</span>]]',
         '[[User:[u1]|<span style="color:green">[u1]</span>]]'),  # a name in it replaced already
        ("[[User:Ingrid Wrenfield|IW]]", "[[User:Ingrid Wrenfield|IW]]"),  # nobody the mapping knows
        ("[[Wikipedia:Reliable sources|RS]] and KM", "[[Wikipedia:Reliable sources|RS]] and KM"),
    ],
)
def test_the_label_of_a_link_to_a_users_page_names_the_user(text: str, expected: str) -> None:
    mapping = Mapping({"u1": ["Kay", "Kay Marsden"]})
    assert run(mapping, text, {"u1"}, sender="s")[0] == expected


def test_a_frequent_name_is_not_read_as_signing_above_a_signature_block() -> None:
    """A name many use (tagged ``frequent``) is replaced in a salutation only, not as a short name above a block."""
    names = Mapping({"u1": ["Windows"]})
    names.set_name("u1", Name("Windows", 1, ("signoff", "frequent")))
    text = "Fixed now.\n\nCheers,\n\nWindows\n\n-- \nHarbour Lab\nRoom 12\nTel. 123\nhttps://example.org\n"
    assert run(names, text, {"u1"})[0] == text
