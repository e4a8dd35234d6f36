"""The mapping parser round-trips every file it accepts and rejects the rest with a line number (hypothesis)."""

from __future__ import annotations

import regex
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from nicknames.io.mapping_file import SEEN, format_mapping, parse_mapping
from nicknames.model.errors import MappingFileError, NicknamesError
from nicknames.model.mapping import KEEP, TAGS, Mapping, Name, Status

PROPERTY_SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAPPING_SETTINGS = settings(max_examples=80, deadline=None,
                            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# Characters that matter to the format, plus ordinary ones and a few that other
# tools treat as line breaks.
SPECIAL = "|[]\\?!#@;, \t"
ALPHABET = "abcXYZ\u00e9" + SPECIAL + "\u2028\x0c\x85"

name_text = st.text(alphabet=ALPHABET, min_size=1, max_size=10)
participant = st.text(alphabet="abU019_-.\u00e9", min_size=1, max_size=5)


@st.composite
def name_fields(draw: st.DrawFn) -> str:
    text = draw(name_text)
    sigil = draw(st.sampled_from(["", "", "?", "!", "? ", "\\"]))
    annotation = draw(st.sampled_from(["", " [3]", " [2; greeting]", " [signoff, manual]", " [;]", " [x]", "[1]"]))
    return sigil + text + annotation


@st.composite
def lines(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["entry", "entry", "entry", "keep", "seen", "comment", "blank", "raw"]))
    if kind == "comment":
        return "#" + draw(st.text(alphabet=ALPHABET, max_size=10))
    if kind == "blank":
        return draw(st.sampled_from(["", "  ", "\t"]))
    if kind == "raw":
        return draw(st.text(alphabet=ALPHABET + "U1", max_size=15))
    head = {"entry": draw(participant), "keep": KEEP, "seen": f"{SEEN} {draw(participant)}"}[kind]
    fields = draw(st.lists(name_fields(), max_size=4))
    separator = draw(st.sampled_from([" | ", "|", " |  "]))
    return separator.join([head, *fields]) + draw(st.sampled_from(["", "", " |", "\r"]))


mapping_texts = st.lists(lines(), max_size=8).map(lambda rows: "".join(row + "\n" for row in rows))


@PROPERTY_SETTINGS
@given(mapping_texts)
@example("\\\x85\n")  # a backslash before white space that is stripped: it escaped nothing
def test_accepted_files_round_trip_and_the_rest_name_a_line(text: str) -> None:
    try:
        first = parse_mapping(text, "m.txt")
    except MappingFileError as error:
        match = regex.match(r"m\.txt, line (\d+)[,:]", str(error))
        assert match, str(error)
        assert 1 <= int(match.group(1)) <= max(1, text.count("\n"))
        assert "\n" not in str(error)
        return
    written = format_mapping(first)
    second = parse_mapping(written, "m.txt")
    assert second == first
    assert format_mapping(second) == written


@st.composite
def mappings(draw: st.DrawFn) -> Mapping:
    mapping = Mapping()
    for text in draw(st.lists(name_text.map(str.strip).filter(_is_name), max_size=2, unique=True)):
        mapping.keep_name(text)
    for pid in draw(st.lists(participant, max_size=4, unique=True)):
        mapping.add_participant(pid)
        for text in draw(st.lists(name_text.map(str.strip).filter(_is_name), max_size=3, unique=True)):
            status = draw(st.sampled_from(list(Status)))
            tags = tuple(draw(st.lists(st.sampled_from(list(TAGS)), max_size=2, unique=True)))
            count = draw(st.none() | st.integers(0, 99))
            mapping.set_name(pid, Name(text, count, tags, status))
        mapping.seen[pid] = set(draw(st.lists(name_text.map(str.strip).filter(_is_name), max_size=2)))
    return mapping


def _is_name(text: str) -> bool:
    try:
        Name(text)
    except NicknamesError:
        return False
    return True


@MAPPING_SETTINGS
@given(mappings())
def test_every_mapping_survives_the_file(mapping: Mapping) -> None:
    written = format_mapping(mapping)
    again = parse_mapping(written)
    assert again.entries == mapping.entries
    assert {pid: names for pid, names in again.seen.items() if names} == {
        pid: names for pid, names in mapping.seen.items() if names
    }
    assert format_mapping(again) == written
