"""The one-pass matcher finds exactly what the straightforward alternation of name patterns finds."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.rules.matcher import NameMatcher, fold_space_runs
from nicknames.rules.patterns import alternation, compile_names, name_key, trie_pattern

# Small alphabets so that random names overlap, share prefixes and sit inside words.
NAME_CHARS = "AaBbé-'._ \u0301"
TEXT_CHARS = NAME_CHARS + "  \t\n\r\xa0x1,"

names_strategy = st.lists(st.text(NAME_CHARS, min_size=1, max_size=6), min_size=1, max_size=12)
text_strategy = st.text(TEXT_CHARS, max_size=80)


def spans(matches: object) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in matches]  # type: ignore[attr-defined]


def reference(names: list[str], text: str) -> list[tuple[int, int, str]]:
    pattern = alternation(names)
    return spans(pattern.finditer(text)) if pattern else []


@settings(max_examples=200, deadline=None)
@given(names_strategy, text_strategy)
def test_matcher_agrees_with_the_alternation(names: list[str], text: str) -> None:
    matcher = compile_names(names)
    assert (spans(matcher.finditer(text)) if matcher else []) == reference(names, text)


@settings(max_examples=200, deadline=None)
@given(names_strategy, text_strategy, st.sampled_from([" ", "  ", "\t", " \xa0"]))
def test_names_in_are_the_names_of_the_spans(names: list[str], text: str, blanks: str) -> None:
    matcher = compile_names(names)
    text += " ".join(name.replace(" ", blanks) for name in names)  # names written with runs of blanks
    if matcher is not None:
        assert matcher.names_in(text) == {key for _, _, key in matcher.spans(text)}


@settings(max_examples=300, deadline=None)
@given(names_strategy, st.lists(text_strategy, max_size=5), st.data())
def test_names_in_texts_are_the_names_in_each_text(names: list[str], texts: list[str], data: st.DataObject) -> None:
    glued = {name_key(name) for name in data.draw(st.sets(st.sampled_from(names)))}
    texts = [text + data.draw(st.sampled_from(["", " ", "-"])) + name for text, name in zip(texts, names)] + texts
    matcher = compile_names(names, glued=glued)
    if matcher is not None:
        assert matcher.names_in_texts(texts) == [matcher.names_in(text) for text in texts]


@pytest.mark.parametrize(
    ("names", "texts", "expected"),
    [
        (["Ann", "Ann Lee"], ["Ann Leeds", "Ann Lee"], [{"Ann"}, {"Ann Lee"}]),  # a miss read again in its own text
        (["Mary"], ["Mary", "Mary\n", "xMary"], [{"Mary"}, {"Mary"}, set()]),  # a text's edges bound words
        (["Bo b"], ["Bo", "b"], [set(), set()]),  # no name reaches across texts
        (["a  b", "c"], ["a  b c", "x\tc"], [{"a b", "c"}, {"c"}]),  # runs of blanks folded in each text
    ],
)
def test_names_in_texts_table(names: list[str], texts: list[str], expected: list[set[str]]) -> None:
    matcher = compile_names(names)
    assert matcher is not None
    assert matcher.names_in_texts(texts) == expected == [matcher.names_in(text) for text in texts]


@settings(max_examples=200, deadline=None)
@given(names_strategy, text_strategy)
def test_trie_pattern_agrees_with_the_alternation(names: list[str], text: str) -> None:
    keys = {name_key(name) for name in names} - {""}
    found = spans(regex.compile(trie_pattern(keys), regex.VERSION1).finditer(text)) if keys else []
    assert found == reference(names, text)


@settings(max_examples=200, deadline=None)
@given(names_strategy, st.lists(st.sampled_from(["Ab", "ab", " ", "  ", "\t", "-", "\n", "é"]), max_size=30))
def test_names_glued_from_pieces_agree(names: list[str], pieces: list[str]) -> None:
    text = "".join(pieces + names + pieces[::-1])
    matcher = compile_names(names)
    assert (spans(matcher.finditer(text)) if matcher else []) == reference(names, text)


@settings(max_examples=300, deadline=None)
@given(names_strategy, st.data(), st.text(NAME_CHARS + "xX ", max_size=60))
def test_glued_names_agree_with_the_alternation(names: list[str], data: st.DataObject, text: str) -> None:
    glued = {name_key(name) for name in data.draw(st.sets(st.sampled_from(names)))}
    matcher = compile_names(names, glued=glued)
    pattern = alternation(names, glued)
    assert (spans(matcher.finditer(text)) if matcher else []) == (spans(pattern.finditer(text)) if pattern else [])


@pytest.mark.parametrize(
    ("names", "glued", "text", "expected"),
    [
        (["Tim", "Time"], [], "Timer Tim Times", [(6, 9, "Tim")]),  # hits inside words are passed over
        (["Ann", "Anna-Lena"], [], "Anna-Lenas Ann", [(11, 14, "Ann")]),  # a hit across two words is checked again
        (["Mary"], [], "thanksMary", []),
        (["Mary", "sMary"], ["Mary"], "thanksMary", [(6, 10, "Mary")]),  # a glued name inside a hit
        (["Mary", "MaryL"], ["Mary"], "MaryLou", [(0, 4, "Mary")]),  # a glued name ending inside a hit
    ],
)
def test_hits_that_are_not_whole_words(
    names: list[str], glued: list[str], text: str, expected: list[tuple[int, int, str]]
) -> None:
    matcher = compile_names(names, glued=glued)
    pattern = alternation(names, glued)
    assert matcher is not None and pattern is not None
    assert spans(matcher.finditer(text)) == expected == spans(pattern.finditer(text))


@pytest.mark.parametrize(
    ("names", "text", "expected"),
    [
        (["Mary", "Mary Jane"], "Hi Mary \t Jane!", [(3, 14, "Mary \t Jane")]),  # a run of blanks, unfolded
        (["Mary", "Mary Jane"], "Mary  Janet", [(0, 4, "Mary")]),  # the longer name is not a whole word
        (["Eve"], "Evening Steve Eve", [(14, 17, "Eve")]),
        (["-RG-"], "x-RG-y", [(1, 5, "-RG-")]),
        (["Bo", "Bob"], "Bob Bo", [(0, 3, "Bob"), (4, 6, "Bo")]),
        (["MJ"], "MJ-MJ", [(0, 2, "MJ"), (3, 5, "MJ")]),
        (["José"], "  José\xa0 José", [(2, 6, "José"), (8, 12, "José")]),
        (["a b"], "a\xa0\xa0b a\nb", [(0, 4, "a\xa0\xa0b")]),
    ],
)
def test_matcher_table(names: list[str], text: str, expected: list[tuple[int, int, str]]) -> None:
    matcher = compile_names(names)
    assert matcher is not None
    assert spans(matcher.finditer(text)) == expected
    assert spans(matcher.finditer(text)) == reference(names, text)


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("a b", "a b"),
        ("a  b\t\tc", "a b c"),
        ("a\xa0b\nc", "a b\nc"),
        ("", ""),
    ],
)
def test_fold_space_runs(text: str, folded: str) -> None:
    assert fold_space_runs(text)[0] == folded


def test_search_finds_the_first_name() -> None:
    matcher = NameMatcher(["Rob", "Mary"])
    first = matcher.search("Hi Mary and Rob")
    assert first is not None and first.group() == "Mary"
    assert matcher.search("nobody") is None


def test_blank_names_compile_to_none() -> None:
    assert compile_names([" ", "\t"]) is None
