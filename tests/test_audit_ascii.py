"""Audit reads only the ASCII texts and tokens that may matter, and finds what reading every token finds."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nicknames.check.ascii_words import (
    AsciiWords,
    ascii_runs,
    ascii_tokens,
    live_positions,
)
from nicknames.check.audit import _scan_view, audit_part
from nicknames.check.findings import Finding
from nicknames.check.name_index import NameIndex, build_index
from nicknames.check.near_misses import LowerWords, NearLookups, near_misses
from nicknames.check.plain_texts import plain_texts
from nicknames.check.tokens import ASCII_TOKEN
from nicknames.io.mapping_file import parse_mapping
from nicknames.rules.text_forms import matching_view

MAPPING = parse_mapping(
    "@keep | Marie Curie | Arthur C. Clarke | Vera\n"
    "U1 | Robert | Rob | Time [word]\n"
    "U2 | Marie | Will [word] | AT\n"
    "U3 | Mary Jane | MJ | A. Lind\n"
    "U4 | Tine | More Lane\n"
)
CLASS_LIST = {
    "U1": "Robert Clarke", "U2": "Ida Tan", "U3": "Mary Jane O'Brien", "U5": "Ina Orr", "U6": "Ossi Fin",
    "U7": "Tom Power", "U8": "Tom Ina Nils Ada",
}
INDEX = build_index(MAPPING, CLASS_LIST)


def _every_token(texts: list[tuple[str, str]], index: NameIndex) -> list[Finding]:
    """Audit's findings when the walk reads every token of the text's view that starts a name (no near misses
    weighed yet); the view of an ASCII text is the text, but for the underscores of emphasis ("_Rob_")."""
    cache: dict[str, str | None] = {}
    found: list[Finding] = []
    for message_id, text in texts:
        names, taken = _scan_view(message_id, matching_view(text), index, "name", set())
        found.extend(names)
        glued = {finding.start for finding in names if finding.kind == "glued"}  # as audit: reported already
        found.extend(near_misses(message_id, text, index, cache, taken | glued))
    return found


_PIECES = st.sampled_from([
    "it", "It", "IT", "in", "In", "IN", "at", "At", "AT", "ida", "Ida", "IT.", "I", "i", "T.", "t", "a", "A", "A.",
    "Lind", "lind", "time", "Time", "TIME", "TiMe", "more", "More", "Lane", "lane", "Rob", "rob", "Robert", "Robret",
    "Robe", "Tine", "tine", "Tin", "Tina", "TINA", "Tinez", "Marie", "Curie", "Vera", "vera", "Arthur", "C.", "Clarke",
    "Mary",
    "Jane", "maryjane", "MaryJane", "Mary2", "IT2", "it_x", "O'Brien", "o'brien", "'s", "'", "Will", "will", "Tom",
    "Power", "tompower", "Ina", "ina", "Orr", "IO", "OF", "of", "Ossi", "Fin", "fin", "-", "_", "__", "1", " ", "  ", ",",
    ".", "\n", "%", "#", "Cheers", "[U1]", "Robert-Mary", "x-ray", "ROBERT", "rOB", "zoë", "Zoë",
])
_TEXTS = st.lists(st.lists(_PIECES, max_size=12).map("".join), min_size=1, max_size=4)


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
@pytest.mark.parametrize("near", [True, False])
@example(texts=["TimeT."])  # names glued ("Time" and "T") that are also a near miss of one: reported once
def test_reading_only_the_live_tokens_finds_what_reading_every_token_finds(near: bool, texts: list[str]) -> None:
    pairs = [(str(number), text) for number, text in enumerate(texts)]
    expected = [finding for finding in _every_token(pairs, INDEX) if near or finding.kind != "near"]
    part = audit_part(pairs, INDEX, near)
    assert part.findings == expected
    lower = LowerWords()
    for text in texts if near else ():
        lower.add(text)
    lower.compact()
    assert (part.lower.found, part.lower.ascii) == (lower.found, lower.ascii)


@pytest.mark.parametrize(
    ("text", "live"),
    [
        ("it is in the lane at ten", []),             # initials and a word name in lower case: word uses
        ("It is. In time we go", []),                 # initials capitalised: word uses; "time" alone
        ("IT said so", ["IT"]),                       # initials in capitals: a finding
        ("Time will tell", ["Time"]),                 # a word name capitalised: what follows decides
        ("the time lane", []),                        # a word name in lower case, no name of two tokens
        ("more lane", ["more"]),                      # a name of two tokens may start here
        ("ask rob", ["rob"]),                         # a name in lower case: a finding
        ("A note", []),                               # "a" starts only "A. Lind", whose "lind" is absent
        ("A. Lind wrote", ["A"]),
        ("ask vera", ["vera"]),                       # a keep-list name: the walk keeps its place
        ("ask Vera or VERA", []),                     # capitalised, no near miss: only its place is taken
        ("ask VeRa", ["VeRa"]),                       # a case change inside: a glued word may start there
    ],
)
def test_live_tokens(text: str, live: list[str]) -> None:
    words = AsciiWords(text, text.lower())
    positions = live_positions(words, INDEX, INDEX.hit_rules(), lambda word: True)
    assert [words.words[position] for position in positions] == live


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="aZ09_'s -.\n%", max_size=30))
def test_ascii_tokens_are_those_of_the_pattern(text: str) -> None:
    assert ascii_tokens(text) == ASCII_TOKEN.findall(text)
    assert set(ascii_runs(text)) >= {run for token in ascii_tokens(text) for run in token.split("'")}


@pytest.mark.parametrize("text", [
    "ask more lane now", "ask More Lane now", "A. Lind wrote", "a lind", "Arthur C. Clarke wrote", "thanks tom power",
    "It is IT. In time Time will tell", "see Mary2 and MaryJane", "ask Tina or TINA", "x-ray of rob", "ask vera",
])
def test_texts_with_a_name_are_read(text: str) -> None:
    pairs = [("1", text), ("2", "nothing here at all")]
    assert audit_part(pairs, INDEX).findings == _every_token(pairs, INDEX)
    assert _every_token(pairs, INDEX) or text in ("a lind", "Arthur C. Clarke wrote", "ask vera", "ask Tina or TINA")


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Time will tell", True),                     # a word name opening the text before a lower-case word
        ("ok. Will you come?", True),
        ("ok.\n\nTIME is up", True),
        ("done: Power is out", True),
        ("ask Will about it", False),                 # in mid-sentence: a name
        ("ok. Will", False),                          # nothing follows
        ("ok. Will Tom come", False),                 # a capitalised word follows
        ("ok. Will, come", False),                    # more than spaces before the next word
        ("ok. Will\t2day", True),
        ("ok. Time is. Ask Will now", False),         # one of two is a name
        ("Will is here, ask Vera", True),             # a keep-list name capitalised: nothing found
        ("ok. WiLL you", False),                      # a case change inside: read by the walk
    ],
)
def test_plain_texts_read_the_place_of_capitalised_word_names(text: str, plain: bool) -> None:
    assert (0 in plain_texts([text], INDEX, lambda word: True).plain) == plain
    assert bool(_every_token([("1", text)], INDEX)) == (not plain and text != "ok. WiLL you")


def test_plain_texts_tell_which_texts_may_hold_glued_names_or_near_misses() -> None:
    texts = ["ask Will about Mary2", "ask Will about Robret", "ask Will now", "it's Mary2 or Robret"]
    found = plain_texts(texts, INDEX, NearLookups(INDEX, {}).quiet)
    assert found.plain == set()
    assert found.unglued == {1, 2}                    # not the apostrophe's text: it is not read as columns
    assert found.quiet == {0, 2}
