"""Audit: finds names left in an output, stays silent on a clean one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.check.audit import audit_messages
from nicknames.check.name_index import build_index
from nicknames.check.near_misses import LOWER_WORD, LowerWords
from nicknames.check.tokens import ASCII_TOKEN, TOKEN
from nicknames.io.mapping_file import parse_mapping
from nicknames.rules.personal_names import (
    ASCII_GLUED_LOWER,
    ASCII_GLUED_MIXED,
    GLUED_WORD,
)

MAPPING = parse_mapping(
    "@keep | Marie Curie | Arthur C. Clarke\n"
    "U1 | Robert | Rob | R o b e r t\n"
    "U2 | Marie | Will [word]\n"
    "U3 | Mary Jane | MJ\n"
    "U4 | !Cheers\n"
)
CLASS_LIST = {
    "U1": "Robert Clarke", "U3": "Mary Jane O'Brien", "U5": "Zoë Novak",
    "U6": "Office Of The Chairman", "U7": "Gas Desk", "U8": "Ann Best", "U9": "Tom Power",
}


def findings(*texts: str, class_list: dict[str, str] | None = CLASS_LIST, near: bool = True) -> list[tuple[str, str]]:
    index = build_index(MAPPING, class_list)
    result = audit_messages(((str(n), text) for n, text in enumerate(texts, 1)), index, near=near)
    return [(finding.kind, finding.text) for finding in result.findings]


def test_a_clean_output_gives_no_findings() -> None:
    clean = (
        "Hi [U2],\n\nI will read Marie Curie's letters and Arthur C. Clarke tonight. Will we meet?\n"
        "Cheers,\n[U1]"
    )
    assert findings(clean) == []


def test_a_deliberately_unreplaced_name_is_found_with_its_place() -> None:
    index = build_index(MAPPING, CLASS_LIST)
    result = audit_messages([("7", "Hi [U2],\n\nThanks to Rob for the link.\n[U1]")], index)
    [finding] = result.findings
    assert (finding.message_id, finding.start, finding.end, finding.text) == ("7", 20, 23, "Rob")
    assert finding.kind == "name" and finding.participants == ("U1",)
    assert "Thanks to Rob for" in finding.context


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("thanks robert", [("name", "robert")]),                   # any case
        ("ROBERT said", [("name", "ROBERT")]),
        ("Rob's idea", [("name", "Rob")]),                          # possessive
        ("Cheers\nR o b e r t", [("name", "R o b e r t")]),          # stylised
        ("Mary Jane and Mary", [("name", "Mary Jane"), ("name", "Mary")]),  # longest first; Mary: class list
        ("as O'Brien said", [("name", "O'Brien")]),                  # class-list part with an apostrophe
        ("Clarke said", [("name", "Clarke")]),                       # class-list surname
        ("Arthur C. Clarke said", []),                               # keep list covers Clarke
        ("Marie Curie and Marie", [("name", "Marie")]),              # keep list covers only its own Marie
        ("I will go. Will we?", []),                                 # ordinary word, and a sentence opener
        ("Will's point", [("name", "Will")]),                        # ... but not before a possessive
        ("Hi all! Will here, from Leeds.", [("name", "Will")]),     # ... nor before "here" in an introduction
        ("Will here be a test?", []),
        ("Good thread. Will wrote a summary.", [("name", "Will")]),  # before a verb that reports a person's doing
        ("Thanks Will for that", [("name", "Will")]),                # a word-name written as a name
        ("Cheers,\nWill", [("name", "Will")]),                       # a word-name signing off
        ("Thanks, RC", [("name", "RC")]),                            # class-list initials in a sign-off
        ("The RC model is in the NC file", []),                      # ... not in a sentence
        ("the rc car", []),                                          # ... not in lower case
        ("MJ said", [("name", "MJ")]),                               # mapped initials in capitals
        ("mj said", []),                                             # ... not in lower case
        ("Cheers", []),                                              # rejected names are not names
        ("Zoë agreed", [("name", "Zoë")]),
        ("zoe agreed, and so did Zoe", [("name", "zoe"), ("name", "Zoe")]),  # without its accent, in any case
        ("Evening all, Robertson here", []),                         # whole words only
        ("the gas desk of the office", []),                          # class-list rows of offices give no names
        ("Of The Chairman", []),
        ("the best option", []),                                     # a class-list part that is a stop word ...
        ("Thanks, Best", [("name", "Best")]),                        # ... counts where written as a name
        ("the power failed. Power returned", []),                     # a class-list part that is a common word
        ("Thanks, Tom Power", [("name", "Tom Power")]),
        ("as Power said", [("name", "Power")]),
        ("ask _Robert_ or __Mary Jane__", [("name", "Robert"), ("name", "Mary Jane")]),  # between emphasis marks
        ("ask Robert_ or Robert_2", [("glued", "Robert_"), ("glued", "Robert_2")]),  # a user name's underscores
    ],
)
def test_names_in_text(text: str, found: list[tuple[str, str]]) -> None:
    assert findings(text, near=False) == found


NAMESAKE_MAPPING = parse_mapping("U1 | Tobias Quell | Tobias | Quell\nU2 | Anna\nU3 | Ines\n")


@pytest.mark.parametrize(
    ("text", "class_list", "found"),
    [
        ("I met Tobias Wrenfield today", None, [("other-name", "Tobias")]),   # somebody else's full name
        ("I met Tobias Quell today", None, [("name", "Tobias Quell")]),      # his own
        ("Hi Tobias Anna", None, [("name", "Tobias"), ("name", "Anna")]),   # two given names: two people
        ("Tobias Monday works", None, [("name", "Tobias")]),                 # an ordinary word follows
        ("Tobias, Wrenfield said", None, [("name", "Tobias")]),              # not one space apart
        ("I met Ines Wrenfield today", None, [("name", "Ines")]),            # no full name of hers known
        ("I met Ines Wrenfield today", {"U3": "Ines Vey"}, [("other-name", "Ines")]),  # the class list gives it
        ("I met Ines Vey today", {"U3": "Ines Vey"}, [("name", "Ines Vey")]),
    ],
)
def test_a_given_name_opening_another_persons_full_name_is_an_other_name_finding(
        text: str, class_list: dict[str, str] | None, found: list[tuple[str, str]]) -> None:
    index = build_index(NAMESAKE_MAPPING, class_list)
    result = audit_messages([("1", text)], index, near=False)
    assert [(finding.kind, finding.text) for finding in result.findings] == found


WORD_MAPPING = parse_mapping("U1 | Power Quell | Power | Quell\n")
"""A mapping whose given name is a common word, not tagged ``word``: audit treats it as the class list's parts."""


@pytest.mark.parametrize("class_list", [None, {"U1": "Power Quell"}], ids=["mapping only", "with class list"])
@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the power failed at noon", []),                   # the ordinary word, in any case
        ("Power returned at noon", []),                     # a sentence opener
        ("Thanks, Power", [("name", "Power")]),             # written as a name
        ("as Power said", [("name", "Power")]),
        ("Power Quell agreed", [("name", "Power Quell")]),
        ("thanks quell", [("name", "quell")]),              # a name that is no common word: any case
        ("Quell't do it, Quell's idea", [("name", "Quell")]),  # a contraction's word is no name (as in apply)
    ],
)
def test_a_mapping_name_that_is_a_common_word_counts_where_written_as_a_name(
        text: str, found: list[tuple[str, str]], class_list: dict[str, str] | None) -> None:
    index = build_index(WORD_MAPPING, class_list)
    result = audit_messages([("1", text)], index, near=False)
    assert [(finding.kind, finding.text) for finding in result.findings] == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("see Robert2 there", [("glued", "Robert2")]),                # a name with digits
        ("open Mary_Jane_notes.docx", [("glued", "Mary_Jane_notes")]),
        # a capitalised name between underscores, as in a file name; not one before somebody else's surname
        ("open Robert_Essay.docx and Essay_Robert2.pdf", [("glued", "Robert_Essay"), ("glued", "Essay_Robert2")]),
        ("open essay_Robert2.pdf", []),  # after a piece in lower case: a program's or a unit's name
        ("open Essay_Novak2.pdf", []),  # a word of a class list's full name only: no name used alone
        ("open Robert_Jones.pdf and robert_essay.pdf", []),
        ("#MaryJane rocks", [("glued", "MaryJane")]),                 # case change inside a hashtag
        ("#TeamRobert and #GoNovak", [("glued", "TeamRobert"), ("glued", "GoNovak")]),  # one name glued to a word
        ("#TeamWill, #DeNovak and #TeamPower", []),  # names that are words, a surname's particle
        ("TeamRobert and SoNovak", []),  # outside a hashtag: a product's or a firm's name
        ("write to maryjane at [USER]", [("glued", "maryjane")]),     # names glued, lower case
        ("tompower at example dot org", [("glued", "tompower")]),     # class-list names glued
        ("see Will2 and Power_2 and ch03s04 and abc_def", []),        # word-names, short pieces, no names
        ("the roberta project", []),                                 # lower case: only names glued count
        ("at 5MJ and MJ2", []),                                      # initials glued to digits: too short
        ("around 3robert, at %20Robert", []),                        # a digit first; an encoded space
    ],
)
def test_names_glued_in_identifiers(text: str, found: list[tuple[str, str]]) -> None:
    assert findings(text, near=False) == found


@pytest.mark.parametrize("text", [
    "Rene\u0301e: see Robert2 there",  # NFD: the view is shorter than the text
    "Ma\u200bry: see Robert2 there",  # an invisible character skipped
    "see&nbsp;Robert2 and O&#39;Neill",  # character references read
])
def test_glued_names_in_a_view_are_found_at_the_texts_offsets(text: str) -> None:
    index = build_index(MAPPING, CLASS_LIST)
    glued = [f for f in audit_messages([("1", text)], index, near=False).findings if f.kind == "glued"]
    assert [(f.start, f.end, f.text) for f in glued] == [(text.index("Robert2"), text.index("Robert2") + 7, "Robert2")]


def _glued_words(text: str) -> list[tuple[int, str]]:
    return [(match.start(), match.group()) for match in GLUED_WORD.finditer(text)]


def _ascii_glued_words(text: str) -> list[tuple[int, str]]:
    found = [*ASCII_GLUED_MIXED.finditer(text), *ASCII_GLUED_LOWER.finditer(text)]
    return sorted((match.start(), match.group()) for match in found)


@pytest.mark.parametrize(
    "text",
    [
        "see Robert2, Mary_Jane_notes.docx and #MaryJane",
        "write to maryjane at %20Robert or %maryjane",
        "3robert ab_1 x2 abcd abcde ABCDE aBcDe abc_ 5MJ MJ2 _mary",
        "robert's maryjane-tom e-mail: mary.jane@example.org",
    ],
)
def test_ascii_glued_patterns_find_the_words_of_glued_word(text: str) -> None:
    assert _ascii_glued_words(text) == _glued_words(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="aAbZz09_% -'.#@\n", max_size=40))
def test_ascii_glued_patterns_agree_with_glued_word(text: str) -> None:
    assert _ascii_glued_words(text) == _glued_words(text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As Robret said", [("near", "Robret")]),                    # a swap of two letters is one edit
        ("As Roberto said", [("near", "Roberto")]),
        ("As Zoe said", [("name", "Zoe")]),                          # "Zoë" without its accent: the name
        ("As Zoa said", []),                                         # too short for near misses
        ("Novac agreed", [("near", "Novac")]),
        ("Then we left", []),                                        # not close to any name
        ("Roberts wrote. The roberts were", []),                     # also written in lower case: a word
        ("Test results follow", []),                                 # a common word, not a misspelt "Best"
        ("Bost results follow", [("near", "Bost")]),                 # one edit from "Best" and not a word
        ("call Robert_Q today", [("glued", "Robert_Q")]),          # a glued name is no near miss as well
    ],
)
def test_near_misses(text: str, found: list[tuple[str, str]]) -> None:
    assert findings(text) == found


def test_near_misses_can_be_turned_off() -> None:
    assert findings("As Robret said", near=False) == []


def test_without_a_class_list_only_mapped_names_count() -> None:
    assert findings("Clarke and Rob", class_list=None, near=False) == [("name", "Rob")]


def test_counts_messages_and_names() -> None:
    result = audit_messages([("1", "a"), ("2", "b")], build_index(MAPPING, None))
    assert result.messages == 2
    assert result.names == 7  # Robert, Rob, R o b e r t, Marie, Will, Mary Jane, MJ


_PIECES = st.sampled_from(["Robert", "rob", "ROB", "Mary", "Jane", "MJ", "Marie", "Curie", "Arthur", "C.", "Clarke",
                           "will", "Will", "Novac", "Robret", "o'brien", "O'Brien", "'s", "-", "_", "1", " ", "  ",
                           ",", ".", "\n", "Cheers", "RG", "Best", "best", "Power", "rest", "zoë", "Zoë", "x2",
                           "R.", "C.", "RC", "M.", "J.", "a", "o", "Brien", "z", "N."])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_PIECES, max_size=8).map("".join), max_size=4))
@pytest.mark.parametrize("limit", [2, 100_000])  # 2: the words are pruned after almost every text
def test_lower_case_words_are_those_of_the_pattern(limit: int, texts: list[str]) -> None:
    words = LowerWords(limit)
    for text in texts:
        words.add(text)
    expected = {word for text in texts for word in LOWER_WORD.findall(text)}
    candidates = {piece.lower() for text in texts for piece in text.split()} | expected
    assert {word for word in candidates if word in words} == expected


@pytest.mark.parametrize("jobs", [1, 2])
def test_chunks_in_workers_find_what_one_pass_finds(jobs: int) -> None:
    texts = [("m1", "Hi Robret,"), ("m2", "As Rob said"), ("m3", "the robret"), ("m4", "Dear Novac"),
             ("m5", "Roberto and MJ"), ("m6", "Ciao Marie Curie"), ("m7", "nothing here"), ("m8", "Robret again")]
    index = build_index(MAPPING, CLASS_LIST)
    expected = audit_messages(texts, index)
    assert {(f.kind, f.text) for f in expected.findings} >= {("near", "Roberto"), ("near", "Novac")}
    assert "Robret" not in {f.text for f in expected.findings}  # written in lower case in m3, another chunk
    done: list[int] = []

    class Counted:
        def start(self, total: int) -> None:
            raise AssertionError("audit does not know the number of messages ahead")

        def advance(self, count: int) -> None:
            done.append(count)

    result = audit_messages(texts, index, jobs=jobs, progress=Counted(), size=3)
    assert result == expected
    assert done == [3, 3, 2]


@pytest.mark.parametrize("text", ["o'brien's notes, mary's and o's'x it's rob'S ann'sa", "a__b 9x 'tis x' y''z"])
def test_ascii_tokens_are_those_of_token(text: str) -> None:
    assert ASCII_TOKEN.findall(text) == TOKEN.findall(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="aSsz0_' .\n-", max_size=40))
def test_ascii_tokens_agree_with_token(text: str) -> None:
    assert ASCII_TOKEN.findall(text) == TOKEN.findall(text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As Plank said", [("name", "Plank")]),  # a surname without its accent, written as a name
        ("walk the plank", []),  # in lower case: no given name, as likely the word
        ("ask soren or Soeren", [("name", "soren"), ("name", "Soeren")]),  # a given name: in any case
    ],
)
def test_names_written_without_their_accents(text: str, found: list[tuple[str, str]]) -> None:
    index = build_index(parse_mapping("U1 | Søren\n"), {"U2": "Ada Plänk"})
    result = audit_messages([("1", text)], index, near=False)
    assert [(finding.kind, finding.text) for finding in result.findings] == found
