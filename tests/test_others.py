"""Names of people who are not participants: found by cue, kept in ``@others``, merged, numbered."""

from __future__ import annotations

import pytest

from nicknames.apply.person_placeholders import (
    in_organisation,
    person_labels,
    without_others,
)
from nicknames.collect.discover.corpus_words import corpus_lexicon
from nicknames.collect.discover.other_names import Known, folded_name
from nicknames.collect.discover.others import find_others
from nicknames.collect.found import merge
from nicknames.collect.others import known_names, propose_others
from nicknames.io.given_names import given_names, lexicon_source
from nicknames.io.mapping_file import format_mapping, parse_mapping
from nicknames.model.mapping import OTHERS, Mapping, Name, Status
from nicknames.rules.stopwords import surnames

NOBODY = Known(frozenset(), frozenset())


def found_in(text: str, known: Known = NOBODY) -> dict[str, list[str]]:
    found = find_others([text], known, corpus_lexicon([text]))
    return found.tags


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I spoke to Mrs Lindqvist yesterday.", {"Lindqvist": ["title"]}),
        ("Board: Prof. Dr.-Ing. Ada M. Brandt, chair", {"Ada M. Brandt": ["title"]}),
        ("Director Dr. Astrid Quellmann\n", {"Astrid Quellmann": ["title"]}),
        ("My colleague Henrik will join us.", {"Henrik": ["relation"]}),
        ("My colleague Mark Wrenfield wrote the converter.", {"Mark Wrenfield": ["relation"]}),  # a word, cued
        ("It was Dr. Mark Quellmann who said so.", {"Mark Quellmann": ["title"]}),
        ("We spoke to the British Greta Quell yesterday.", {"Greta Quell": ["fullname"]}),  # a nationality before
        ("German Quell and Ingrid Welsh were there.", {"German Quell": ["fullname"], "Ingrid Welsh": ["fullname"]}),
        ("and our daughter Sofia loved it", {"Sofia": ["relation"]}),
        ("Please ask Henrik Olsen about it.", {"Henrik Olsen": ["fullname"]}),
        ("Please ask R. Henrik Olsen about it.", {"R. Henrik Olsen": ["fullname"]}),
        ("Ask Henrik Olsen about it.", {"Henrik Olsen": ["fullname"]}),  # an ordinary word opens the sentence
        ("Henrik Olsen's report is late.", {"Henrik Olsen": ["fullname"]}),
        ("I wrote to Maren Harmon today.", {"Maren Harmon": ["fullname"]}),
        ("I wrote to Loes Harmon today.", {"Loes Harmon": ["fullname"]}),  # no given name known, a frequent surname
        ("I used K-Nearest Harmon here.", {}),  # a letter joined to a word opens no name
        ("I used Simple Harmon here.", {}),  # nor does a common word
        ("Ask QXR-Mark Harmon.", {"QXR-Mark Harmon": ["fullname"]}),  # a given name that is a word joined to a code
        # a given name of the nickname table that is also a word, inside a sentence
        ("Proposals by Bill Wrenfield are in.", {"Bill Wrenfield": ["fullname"]}),
        ("I don't know who Frank Quellmann is.", {"Frank Quellmann": ["fullname"]}),
        ("The call with Mark Wrenfield-Oduya went well.", {"Mark Wrenfield-Oduya": ["fullname"]}),
        ("Thanks to Ann, Bea and Cleo for the notes.", {"Ann": ["listed"], "Bea": ["listed"], "Cleo": ["listed"]}),
        # a given name alone, asked something at the start of a sentence, thanked or copied in
        ("The release is ready. Oskar, please pull it.", {"Oskar": ["addressed"]}),
        ("Ingrid, could you check the changelog?", {"Ingrid": ["addressed"]}),
        ("Done.\nHenrik, any news?", {"Henrik": ["addressed"]}),
        ("Thanks also to Oskar for testing it.", {"Oskar": ["addressed"]}),
        ("Thank you to Ingrid for the data.", {"Ingrid": ["addressed"]}),
        ("Also cc Bertram.", {"Bertram": ["addressed"]}),
        ("cc: Bertram", {"Bertram": ["addressed"]}),
        # an author: a mailbox's display name, or the author an attribution line names, ordinary words and all
        ("Cc: Tobias Young <tobias@quell.example.org>", {"Tobias Young": ["author"]}),
        ("Cc: Tobias Young <tobias at quell.example.org>", {"Tobias Young": ["author"]}),  # as archives hide it
        ('Cc: "Tobias Young (home)"\n<tobias at quell.example.org>', {"Tobias Young": ["author"]}),
        # a cue anywhere in the text: a plain mention further down keeps it
        ("Cc: Henrik Olsen <henrik@quell.example.org>\n\nHenrik Olsen called.", {"Henrik Olsen": ["author"]}),
        ("Henrik Olsen called.\nCc: Henrik Olsen <henrik@quell.example.org>", {"Henrik Olsen": ["author"]}),
        ("Henrik Olsen called.", {"Henrik Olsen": ["fullname"]}),
        ("On Mon, 1 Jul 2019, Tobias Young wrote:\n> yes", {"Tobias Young": ["author"]}),
        # a private person's name beside the cues of a public one
        ("My colleague Henrik Olsen's paper is out.", {"Henrik Olsen": ["relation"]}),
        ('<a href="https://example.org/team">Henrik Olsen</a> will call.', {"Henrik Olsen": ["fullname"]}),
        ("It was approved by Henrik Olsen.", {"Henrik Olsen": ["fullname"]}),
        ("My colleague Winston Churchill made it.", {"Winston Churchill": ["relation"]}),  # a namesake, privately
        # a name with particles in lower case between its words
        ("I met Henrik de Quell at the workshop.", {"Henrik de Quell": ["fullname"]}),
        ("Please ask Maren van der Harmon about it.", {"Maren van der Harmon": ["fullname"]}),
        ("Ludwig von Harben will chair the session.", {"Ludwig von Harben": ["fullname"]}),
        ("Ask Ingrid dos Santos Quell about it.", {"Ingrid dos Santos Quell": ["fullname"]}),
        ("Can Henrik do Quellmann's job?", {}),  # "do" is an English word: two names, neither a full one
        ("Give Henrik ten Euros.", {}),
        ("We flew from Oslo to Rio de Quellmar last May.", {}),  # a place: what "Rio" opens names no person
        ("The hotels: Wyndham\n      Tremont and more", {}),  # words far apart on two lines join no name
        ("I wrote to Maren Costa today.", {"Maren Costa": ["fullname"]}),  # inside a run: a surname
    ],
)
def test_cues_find_people(text: str, expected: dict[str, list[str]]) -> None:
    assert found_in(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "We met at the Henrik Olsen Building on Monday.",  # an organisation word in the run
        "Lunch with the team of Henrik Olsen Consulting.",
        "Call HENRIK OLSEN now.",  # all capitals: headers, shouting, lists of codes
        "Will Price come along?",  # a given name that is an ordinary word
        "Done. Mark Wrenfield as read.",  # ... where a sentence opens, the word
        "It runs on Red Quellhat and more.",  # an ordinary word the nickname table does not know as a name
        "We booked the Grand Quellmann Hotel.",
        "My colleague Mark Brown made it.",  # a cue lets the given name be a word, not the surname
        "It is spelled with a z in American English.",  # a nationality or language opens no name
        "We ordered Italian Romano cheese.",
        "The office in San Diego is closed.",  # a place name's first word
        "Thanks Henrik",  # one given name without a cue
        "Ann and Bea",  # two given names, neither a known person
        "Vice President Sales",  # job titles are no names
        "Congratulations Henrik!",  # a greeting word is no given name
        "I'd like that, Henrik I'd say",  # contractions are no surnames
        "Sure, Oskar, please pull it.",  # not opening the sentence: a greeting's, left to the participants
        "Oskar, the release is ready.",  # nothing asked
        "Monday, please.",  # no given name
        "Will, please come.",  # a given name that is an ordinary word
        "Thanks to Oskarsson for that.",  # no given name
        "Life in Maren Germany was hard.",  # a country in the run: a place
        "Tobias Young wrote it.",  # an ordinary word, no mailbox after it
        # a public name: a work of theirs, a citation, a calling, a quotation signed, a link to an encyclopaedia
        "I read Henrik Olsen's paper on it.",
        "A good one is Economics Now by Henrik Olsen.",
        '<a href="https://example.org/b">Economics Now</a> by Henrik Olsen.',
        "As Henrik Olsen (1968) showed.",
        "It is known (Henrik Olsen, 1968).",
        "Henrik Olsen et al. found it.",
        "According to economist Henrik Olsen, it is.",
        '"Less is more." -- Henrik Olsen',
        '<a href="https://en.wikipedia.org/wiki/Henrik_Olsen">Henrik Olsen</a> said so.',
        "[Henrik Olsen](https://en.wikipedia.org/wiki/Henrik_Olsen) said so.",
        "Why did Winston Churchill say that?",  # a public figure's name (data/public_figures.txt)
        "It runs on MS Windows only.",  # a title in capitals is an abbreviation
        "-- \nDipl.-Tech. Math.\nDresden",  # a word joined to a title by a hyphen is a degree's
        "Started at Tue Dec 14 09:12:05 2021",  # a date's weekday and month
        "Last login: Sun Nov 2 on ttys001",
        "The workshop is in Hong Kong this year.",  # a place of two words that read as a name
        "She moved to Sri Lanka in May.",
        "Come to our Boston or Chapel Hill offices.",  # an organisation's word after the run, or in it
        "She studied at Maren Campus.",
        "We will expand to Asia Pacific next year.",
        "Maren Bionetworks is hiring.",  # a company's name glued from words
        "Thanks,\nSr. Recruiter Harbour Analytics\nT: +1-212-555-0100",  # a job title after a title
        "Take the Great Maren Parkway exit, past Harbour Towers.",  # roads and buildings
        "The station is in Maren Springs, next to Quell Heights.",
        "Use Maren Utilities to wipe it.",  # a product
        "Write to the Maren Moderators at once.",  # a role after the name
    ],
)
def test_no_person_without_a_cue(text: str) -> None:
    assert found_in(text) == {}


@pytest.mark.parametrize(("text", "name"), [
    ("Regards,\nDr. Jens Quellm?nn\nMD GmbH", "Jens Quellm?nn"),
    ("Regards,\nDr. Jens QuellmÃ¤nn\nMD GmbH", "Jens QuellmÃ¤nn"),  # UTF-8 read as Latin-1
    ("| Joana Quintel?es    Email", "Joana Quintel?es"),
    ("I just got Dr. Jens Quell?s email.", "Jens Quell"),  # an apostrophe lost: a possessive
])
def test_a_word_with_a_letter_an_archive_lost_is_read_whole(text: str, name: str) -> None:
    # "Jens Quellm" would be a [PERSON] in front of the rest of the surname
    assert list(found_in(text)) == [name]


def test_an_ordinary_word_of_the_corpus_is_no_surname() -> None:
    texts = ["Ask Henrik Summit.", "the summit is near", "a summit here", "another summit"]
    assert find_others(texts, NOBODY, corpus_lexicon(texts)).counts == {}


def test_names_the_mapping_knows_are_left_to_it() -> None:
    known = Known(frozenset({"henrik olsen"}), frozenset({"ada lovelace", "ada", "lovelace"}))
    assert found_in("Henrik Olsen and Ada Lovelace met Maren Harmon.", known) == {"Maren Harmon": ["fullname"]}


def test_the_keep_list_claims_its_names_not_everyone_with_their_given_names() -> None:
    keep = frozenset({"ada lovelace", "ada", "lovelace", "arthur c. clarke", "arthur", "c.", "clarke"})
    found = found_in("Ada Berg, Arthur Clarke and Mrs Clarke met Maren Harmon.", Known(frozenset(), keep))
    assert found == {"Ada Berg": ["fullname"], "Maren Harmon": ["fullname"]}


def test_a_name_the_mapping_knows_is_left_to_it_in_any_of_its_forms() -> None:
    known = Known(frozenset({folded_name("Sean O'Brien"), folded_name("Henrik Olsen")}), frozenset())
    assert found_in("Sean O\u2019Brien, Henrik  Olsen and Maren Harmon met.", known) == {"Maren Harmon": ["fullname"]}


def test_a_list_with_a_known_person_is_a_list_of_people() -> None:
    known = Known(frozenset(), frozenset(), people=frozenset({"ann"}))
    assert found_in("Ann and Bea will come.", known) == {"Ann": ["listed"], "Bea": ["listed"]}


def test_given_name_alone_counts_in_the_threads_of_the_full_name_only() -> None:
    texts = ["Henrik Olsen called.", "Henrik says hi.", "Henrik says hi too."]
    found = find_others(texts, NOBODY, corpus_lexicon(texts), threads=["t1", "t1", "t2"])
    assert found.counts == {"Henrik Olsen": 1, "Henrik": 1}
    assert found.tags["Henrik"] == ["part"]


@pytest.mark.parametrize(("elsewhere", "part"), [(0, True), (30, False)])
def test_a_given_name_used_mostly_elsewhere_in_the_file_is_not_proposed_alone(elsewhere: int, part: bool) -> None:
    texts = ["Henrik Olsen called.", "Henrik says hi."] + ["We flew to Henrik by night."] * elsewhere
    threads = ["t1", "t1"] + [f"t{n + 2}" for n in range(elsewhere)]
    mapping = Mapping({"U1": ["Mary"]})
    propose_others(mapping, texts, threads=threads)
    proposed = [name.text for name in mapping.entry(OTHERS).names]
    assert "Henrik Olsen" in proposed
    assert ("Henrik" in proposed) == part  # elsewhere a place, or someone else: apply would replace it everywhere


def test_lexicons_are_loaded_offline() -> None:
    assert {"henrik", "ingrid", "sofia"} <= given_names()
    assert "harmon" in surnames()
    assert "given names" in lexicon_source()


def test_propose_writes_suggestions_in_a_section_of_their_own() -> None:
    mapping = Mapping({"U1": ["Mary"]})
    propose_others(mapping, ["Mary asked Mrs Lindqvist.", "Henrik Olsen too."])
    names = mapping.entry(OTHERS).names
    assert [(n.text, n.count, n.tags, n.status) for n in names] == [
        ("Henrik Olsen", 1, ("fullname",), Status.SUGGESTED),
        ("Lindqvist", 1, ("title",), Status.SUGGESTED),
    ]
    assert mapping.participants == ["U1"]
    assert mapping.others == ["Henrik Olsen", "Lindqvist"]


@pytest.mark.parametrize(
    ("text", "owner", "tags"),
    [
        ("Then Ada K. Quill said so.", "A1", ("classlist", "absent")),  # a middle initial
        ("Then Ada Lin Quill said so.", "A1", ("classlist", "absent")),  # a middle name
        ("Then Edmund P. Ferro, Jr. said so.", "A2", ("classlist", "absent")),  # the formal given name
        ("Then Mary J. Poe said so.", "U1", ("classlist",)),  # one who posts
        ("Then Ines K. Quill said so.", None, ()),  # somebody else of the same surname
        ("Then Ada K. Bryce said so.", None, ()),  # two registered people could be meant
        ("Then N. Ferro said so.", "A2", ("classlist", "absent")),  # the given name's initial
        ("Then E. Ferro said so.", "A2", ("classlist", "absent")),  # the formal given name's
        ("Then M. Poe said so.", "U1", ("classlist",)),
        ("Then T. Ferro said so.", None, ()),  # somebody else's initial
        ("Then Jose Maria said so.", "A5", ("classlist", "absent")),  # a registered part without its accents
        ("Then Mr Mueller said so.", "A6", ("classlist", "absent")),  # a registered surname with the umlaut spelt out
        ("Then Mr Ferrow said so.", None, ()),  # a surname a letter away is somebody else's
        ("Then Sen. Thomas said so.", None, ()),  # a surname that is a given name too: somebody else's
        ("Then my colleague Mueller said so.", None, ()),  # a surname alone after another cue than a title
        ("Then Ada Quil said so.", "A1", ("fuzzy", "classlist", "absent")),  # a letter off
        ("Then Mary Pee said so.", None, ()),  # a word of three letters: too short to tell
    ],
)
def test_a_registered_full_name_with_initials_goes_to_its_person(
    text: str, owner: str | None, tags: tuple[str, ...]
) -> None:
    mapping = Mapping({"U1": []})
    class_list = {"U1": "Mary Poe", "A1": "Ada Quill", "A2": "Ned Ferro", "A3": "Ada Bryce", "A4": "Ada Marie Bryce",
                  "A5": "José María Ruiz", "A6": "Jürgen Müller", "A7": "Ida Thomas"}
    propose_others(mapping, [text], class_list, senders=["U1"])
    written = text.removeprefix("Then ").removesuffix(" said so.").removesuffix(",").rstrip(",")
    if owner is None:
        assert mapping.participants == ["U1"] and not mapping.entry("U1").names
        return
    [name] = mapping.entry(owner).names
    assert (name.tags, name.status) == (tags, Status.SUGGESTED) and name.text in written
    assert not mapping.others


def test_class_list_names_are_evidence_but_not_claims() -> None:
    known = known_names(Mapping({"U1": ["Mary"]}), {"U1": "Mary Poe", "U2": "Ann Lee"})
    assert "mary" in known.names and "ann" not in known.names
    assert {"ann", "lee", "ann lee"} <= known.people


def test_others_round_trip_through_the_file() -> None:
    text = (
        "U1 | Mary [3]\n"
        "# People who are not participants\n"
        "@others | ?Henrik Olsen [2; fullname] | !Grand Canyon [1; fullname] | Sofia [1; relation]\n"
        "# Names collect proposed before (so that names deleted by hand are not proposed again):\n"
        "@seen @others | Bo Lund\n"
    )
    mapping = parse_mapping(text)
    assert mapping.others == ["Henrik Olsen", "Sofia"]
    assert mapping.participants == ["U1"]
    assert mapping.seen[OTHERS] == {"Bo Lund"}
    assert format_mapping(mapping) == text


def test_others_section_is_written_last() -> None:
    mapping = Mapping()
    mapping.add_other(Name("Sofia"))
    mapping.add_name("U1", "Mary")
    assert format_mapping(mapping).splitlines() == ["U1 | Mary [manual]", "@others | Sofia"]


def test_reviewer_can_move_an_other_to_a_participant_and_back() -> None:
    mapping = Mapping({"U1": ["Mary"]})
    mapping.add_other(Name("Henrik", 2, ("part",), Status.SUGGESTED))
    mapping.move_name(OTHERS, "Henrik", "U1")
    assert mapping.names["U1"] == ["Mary", "Henrik"] and mapping.others == []
    mapping.move_name("U1", "Henrik", OTHERS)
    assert mapping.others == ["Henrik"]


def test_re_collect_keeps_the_review_of_others() -> None:
    existing = parse_mapping("U1 | Mary\n@others | !Grand Canyon [1] | Sofia [1]\n@seen @others | Bo Lund\n")
    proposed = parse_mapping("U1 | Mary\n@others | ?Grand Canyon [4] | ?Sofia [2] | ?Bo Lund [1] | ?Ida Berg [1]\n")
    merged = merge(existing, proposed)
    others = {name.text: (name.count, name.status) for name in merged.entry(OTHERS).names}
    assert others == {
        "Grand Canyon": (4, Status.REJECTED),  # rejected stays rejected
        "Sofia": (2, Status.ACTIVE),  # accepted stays accepted, with the new count
        "Ida Berg": (1, Status.SUGGESTED),  # new
    }  # "Bo Lund" was deleted by hand: not proposed again


def test_re_collect_does_not_propose_a_name_moved_to_a_participant() -> None:
    existing = parse_mapping("U1 | Mary | Sofia\n")
    proposed = parse_mapping("U1 | Mary\n@others | ?Sofia [2]\n")
    assert merge(existing, proposed).others == []


@pytest.mark.parametrize(
    ("existing", "others"),
    [
        # a suggestion the new proposal gives a participant instead (a class list given since): it leaves @others
        ("U1 | Mary\n@others | ?Ada Quill [1] | ?Bo Lund [1]\n", ["Bo Lund"]),
        ("U1 | Mary\n@others | ?Ada Quill [1]\n", []),
        # accepted or rejected by the reviewer: it stays
        ("U1 | Mary\n@others | Ada Quill [1]\n", ["Ada Quill"]),
        ("U1 | Mary\n@others | !Ada Quill [1]\n", []),
    ],
)
def test_re_collect_moves_a_suggestion_of_others_that_a_participant_now_has(existing: str, others: list[str]) -> None:
    proposed = parse_mapping("U1 | Mary\nU2 | Ada Quill [1; classlist]\n")
    merged = merge(parse_mapping(existing), proposed)
    assert merged.others == others
    assert "Ada Quill" in merged.names["U2"]
    moved = "?Ada Quill" in existing
    assert ("Ada Quill" in merged.seen.get(OTHERS, set())) is moved  # then not proposed to @others again


def test_re_collect_keeps_an_empty_others_section_and_its_comment() -> None:
    merged = merge(parse_mapping("U1 | Mary\n# people named in passing\n@others\n"), parse_mapping("U1 | Mary\n"))
    assert merged.entries[OTHERS].comments == ["# people named in passing"]


def test_people_are_numbered_once_for_the_file() -> None:
    mapping = parse_mapping("@others | Henrik Olsen | Sofia | Henrik | Olsen | H. Olsen | Bo Lund\n")
    assert person_labels(mapping) == {
        "Henrik Olsen": "[PERSON 1]", "Sofia": "[PERSON 2]", "Henrik": "[PERSON 1]", "Olsen": "[PERSON 1]",
        "H. Olsen": "[PERSON 3]", "Bo Lund": "[PERSON 4]",
    }


def test_rejected_others_get_no_number() -> None:
    assert person_labels(parse_mapping("@others | !Grand Canyon | Sofia\n")) == {"Sofia": "[PERSON 1]"}


def test_without_others_leaves_the_original_untouched() -> None:
    mapping = parse_mapping("U1 | Mary\n@others | Sofia\n")
    assert without_others(mapping).others == [] and mapping.others == ["Sofia"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Olsen Street 4", True), ("Olsen Consulting Group", True), ("Olsen said", False), ("Olsen", False)],
)
def test_in_organisation(text: str, expected: bool) -> None:
    assert in_organisation(text, len("Olsen")) is expected


def test_a_name_many_people_write_is_a_public_name() -> None:
    texts = ["As Maren Harmon showed,", "Maren Harmon again.", "I like Maren Harmon.", "Dr. Maren Harmon"]
    found = find_others(texts[:3], NOBODY, corpus_lexicon(texts[:3]), senders=["U1", "U2", "U3"])
    assert found.counts == {}
    two = find_others(texts[:3], NOBODY, corpus_lexicon(texts[:3]), senders=["U1", "U2", "U1"])
    assert two.counts == {"Maren Harmon": 3}
    titled = find_others(texts[1:], NOBODY, corpus_lexicon(texts[1:]), senders=["U1", "U2", "U3"])
    assert titled.counts == {"Maren Harmon": 3}  # a title says it is a person, however many write it


def test_a_public_names_surname_after_a_title_is_the_public_person() -> None:
    texts = ["See Henrik Olsen's blog on it.", "Prof. Olsen says so too.", "Mrs Lindqvist agrees."]
    found = find_others(texts, NOBODY, corpus_lexicon(texts), senders=["U1", "U2", "U3"])
    assert found.tags == {"Lindqvist": ["title"]}  # not "Olsen": "Henrik [PERSON 1]'s blog" would be half a name


@pytest.mark.parametrize("author", ["Cc: Maren Harmon <maren@example.org>", "On Mon, Maren Harmon wrote:\n> yes"])
def test_an_author_many_people_write_is_no_public_name(author: str) -> None:
    texts = [author, "Maren Harmon again.", "I like Maren Harmon's paper."]
    found = find_others(texts, NOBODY, corpus_lexicon(texts), senders=["U1", "U2", "U3"])
    assert found.counts == {"Maren Harmon": 3}  # the address says a person's, not a public figure's


def test_a_town_of_a_postal_address_is_a_town_everywhere_in_the_file() -> None:
    texts = ["Ocean Lab\nMaren Harbour, Quellbury, OX9 9ZZ", "See you in Maren Harbour."]
    assert find_others(texts, NOBODY, corpus_lexicon(texts), senders=["U1", "U2"]).counts == {}


def test_the_surname_of_a_name_many_write_after_a_title_stays_a_persons() -> None:
    texts = ["Lena Ada Berg called.", "Lena Ada Berg again.", "Ask Lena Ada Berg.", "Mrs Berg agrees."]
    found = find_others(texts, NOBODY, corpus_lexicon(texts), senders=["U1", "U2", "U3", "U4"])
    assert found.tags == {"Berg": ["title"]}  # a colleague much talked of: her full name is left, her title kept


def test_the_end_of_a_public_name_goes_with_it() -> None:
    texts = ["As Lena Ada Berg (1968) showed.", "Ada Berg said so too.", "Mrs Lindqvist agrees."]
    found = find_others(texts, NOBODY, corpus_lexicon(texts), senders=["U1", "U2", "U3"])
    assert found.tags == {"Lindqvist": ["title"]}  # not "[PERSON 1]" inside "Lena [PERSON 1]"


@pytest.mark.parametrize(
    ("names", "keep", "theirs"),
    [
        ({"U1": ["Tobias Quell", "Tobias"]}, [], ["H. Tobias Quell"]),  # the name a participant signs
        ({"U1": ["Tobias"]}, ["H. Tobias Quell"], []),  # a given name alone makes it nobody's
        ({"U1": ["Tobias Quell"], "U2": ["Tobias Quell"]}, ["H. Tobias Quell"], []),  # whose? a public name
        ({"U1": ["Tobias Brandt"]}, ["H. Tobias Quell"], []),
        ({"U1": ["H. Tobias"]}, ["H. Tobias Quell"], []),  # not the end of it: somebody else's given names
    ],
)
def test_a_public_name_holding_a_participants_full_name_is_theirs(
        names: dict[str, list[str]], keep: list[str], theirs: list[str]) -> None:
    """A participant's own work cited ("Salt Roads, by H. Tobias Quell" from Tobias Quell, who signs so): their name,
    suggested on their line, not kept."""
    texts = ["Salt Roads, by H. Tobias Quell (1991).", "As H. Tobias Quell showed,", "I like H. Tobias Quell."]
    mapping = Mapping({**names, "U3": [], "U4": []})
    propose_others(mapping, texts, senders=["U1", "U3", "U4"])
    assert mapping.keep == keep
    assert [name.text for name in mapping.entry("U1").names if name.status is Status.SUGGESTED] == theirs


@pytest.mark.parametrize("written", ["Jens Quellm?nn", "Jens QuellmÃ¤nn", "Jens Quellm\ufffdnn"])
def test_a_registered_name_with_a_letter_an_archive_lost_is_theirs(written: str) -> None:
    texts = [f"Regards,\nDr. {written}-Akiro\nMD GmbH", f"Ask Dr. {written} about it."]
    mapping = Mapping({"U1": [], "U2": []})
    propose_others(mapping, texts, {"U1": "Ann Lee", "U2": "Jens Quellmänn-Akiro"}, senders=["U2", "U1"])
    assert [(name.text, name.tags) for name in mapping.entry("U2").names] == [(written, ("lost", "classlist"))]
    assert not mapping.others
    twice = Mapping({"U1": [], "U2": []})  # one person registered twice, posting from both: neither, nor a [PERSON]
    propose_others(twice, texts, {"U1": "Jens Quellmänn-Akiro", "U2": "Jens Quellmänn-Akiro"}, senders=["U2", "U1"])
    assert not twice.others and not twice.entry("U1").names and not twice.entry("U2").names


@pytest.mark.parametrize(
    ("class_list", "holders"),
    [
        ({"U1": "Mary Poe", "U2": "Mary Poe"}, ["U2"]),  # one person, two ids (two addresses): the one used most
        ({"U1": "Mary Poe", "U2": "mary  POE"}, ["U2"]),  # case and spaces aside
        ({"U1": "Mary Poe", "U2": "Mary Ann Poe"}, []),  # two people it may name: neither
    ],
)
def test_a_full_name_of_one_person_registered_twice_goes_to_the_id_used_most(class_list: dict[str, str],
                                                                              holders: list[str]) -> None:
    mapping = Mapping({"U1": [], "U2": []})
    propose_others(mapping, ["Then Mary J. Poe said so.", "Fine.", "Yes."], class_list, senders=["U1", "U2", "U2"])
    assert [participant for participant in ("U1", "U2")
            if ("Mary J. Poe", ("classlist",)) in [(name.text, name.tags) for name in mapping.entry(participant).names]
            ] == holders
    assert mapping.others == ([] if holders else ["Mary J. Poe"])


def test_a_registered_persons_full_name_is_never_public() -> None:
    """Colleagues write a colleague's full name as often as a public figure's: one the class list registers, in
    any familiar form, goes to its person however many write it."""
    texts = ["I talked to Mike Tolliver today.", "Mike Tolliver agrees.", "Send it to Mike Tolliver."]
    mapping = Mapping({"U1": [], "U2": [], "U3": []})
    propose_others(mapping, texts, {"U1": "Ann Lee", "A1": "Michael Tolliver"}, senders=["U1", "U2", "U3"])
    [name] = mapping.entry("A1").names
    assert (name.text, name.count, name.tags) == ("Mike Tolliver", 3, ("classlist", "absent"))
    assert not mapping.others


def test_a_full_name_of_two_registered_people_goes_to_the_one_who_posts() -> None:
    mapping = Mapping({"U1": [], "U2": []})
    class_list = {"U1": "David Quill", "U2": "Ann Lee", "A1": "David Quill", "A2": "Ada Bryce", "A3": "Ada Bryce"}
    propose_others(mapping, ["Dave Quill said so.", "Then Ada Bryce said so."], class_list, senders=["U1", "U2"])
    assert [name.text for name in mapping.entry("U1").names] == ["Dave Quill"]
    assert mapping.others == ["Ada Bryce"]  # neither posts: somebody the file cannot tell


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Many thanks,\nAda\n---\nHenrik Olsen MPhys  Team Software Engineer\n", {"Henrik Olsen": ["fullname"]}),
        ("Henrik Olsen  Senior Research Scientist", {"Henrik Olsen": ["fullname"]}),
        ("as General Counsel Henrik Olsen said", {}),  # the name a role stands before is left as it was
        ("Ask Ada Quill MSc about it.", {}),  # a participant's name with a degree after it is the participant's
        ("Ada Quill Nordstrom wrote it.", {}),  # a participant's name inside a longer run
        ("Then Ada Quill said so.", {}),
        ("Then Ada Q. Bryce said so.", {"Ada Q. Bryce": ["fullname"]}),  # "Ada Q." signs, but this is Ada Bryce
    ],
)
def test_roles_and_degrees_end_a_name(text: str, expected: dict[str, list[str]]) -> None:
    assert found_in(text, Known(frozenset({"ada quill", "ada q."}), frozenset())) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # mail wraps lines of prose inside names
        ("Yesterday afternoon I talked for a long while with Henrik\nOlsen about it.", {"Henrik Olsen": ["fullname"]}),
        ("Yesterday afternoon I talked for a long while with Henrik\r\nOlsen about it.",  # Windows' line ends
         {"Henrik Olsen": ["fullname"]}),
        ("We spent a long and productive afternoon with Ana Maria\nQuellmann/Research, and more", {
            "Ana Maria Quellmann": ["fullname"]}),
        ("Thanks,\nHenrik\nOlsen", {}),  # short lines: a signature's, each its own
        ("Aufsichtsratsvorsitzender Dr. Henrik Olsen, Sitz der Gesellschaft Quellmann\nGeschaeftsfuehrung: Ada Berg",
         {"Henrik Olsen": ["title"], "Ada Berg": ["fullname"]}),  # a label of the next line, not the name's
        ("Istituto Quellmann per le Prove dei Materiali, sezione di Bianca\nAccademia Nazionale delle Prove", {}),
        # a place's first word opens no person's name
        ("The Santa Maria Quellmann Basin and San Teodoro Olsen are dry.", {}),
        ("in the San Teodoro\nLateral firm capacity would remain at the level of last year and more", {}),
        # a town of a signature's postal address: a postal code follows it on its line, or opens the line
        ("Greta Vollmer\n12 Quell Road\nHenrik Harmon MD 20777\n", {"Greta Vollmer": ["fullname"]}),
        ("Henrik Harmon, MD 20777-1234", {}),
        ("Ocean Data Lab\nHenrik Olsen, Quellbury, OX9 9ZZ, U.K.", {}),
        ("Quell Building, Henrik Olsen Quellbury OX9 9ZZ", {}),
        ("Henrik Olsen, ON K9Z 9Z9", {}),
        ("D-12345 Maren Harmon\nGermany", {}),
        ("75005 Maren Harmon", {}),
        ("Henrik Olsen\nQuellbury OX9 9ZZ", {"Henrik Olsen": ["fullname"]}),  # the code on the next line
        ("Please ask Henrik Olsen, MD, about it", {"Henrik Olsen": ["fullname"]}),  # a degree, no code
        ("Henrik Olsen 75005 Paris", {"Henrik Olsen": ["fullname"]}),  # a code after the name opens the town
    ],
)
def test_names_wrapped_over_two_lines_and_places(text: str, expected: dict[str, list[str]]) -> None:
    assert {name: tags for name, tags in found_in(text).items() if " " in name} == expected


@pytest.mark.parametrize(
    "texts",
    [
        ["Thanks also to Maren Harmon for it.", "Maren Harmon again.", "I like Maren Harmon."],
        ["Maren Harmon and I will do it.", "Maren Harmon again.", "I like Maren Harmon."],
        ["Maren Harmon (mostly) and\nI did it.", "Maren Harmon again.", "I like Maren Harmon."],
        ["I would like to thank Maren Harmon at the lab.", "Maren Harmon again.", "I like Maren Harmon."],
    ],
)
def test_a_colleague_many_people_write_is_no_public_name(texts: list[str]) -> None:
    """Thanked, or working with the writer: a colleague of the list's, not a public figure."""
    found = find_others(texts, NOBODY, corpus_lexicon(texts), senders=["U1", "U2", "U3"])
    assert found.counts == {"Maren Harmon": 3} and "relation" in found.tags["Maren Harmon"]


def test_audit_leaves_reviewed_and_public_names() -> None:
    from nicknames.collect.others import unmapped_people

    mapping = parse_mapping("U1 | Mary\n@others | !Grand Canyon | Sofia\n@seen @others | Bo Lund\n")
    texts = [("1", "Ask Henrik Olsen, Bo Lund and the Grand Canyon."), ("2", "Maren Harmon"), ("3", "Maren Harmon"),
             ("4", "Maren Harmon"), ("5", "Mrs Lindqvist"), ("6", "Mrs Lindqvist"), ("7", "Mrs Lindqvist")]
    found = [(person.message_id, person.text, person.cue) for person in unmapped_people(texts, mapping)]
    assert found == [("1", "Henrik Olsen", "fullname"), ("5", "Lindqvist", "title"), ("6", "Lindqvist", "title"),
                     ("7", "Lindqvist", "title")]
