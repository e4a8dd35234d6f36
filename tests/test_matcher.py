"""The one-pass matcher finds exactly what the straightforward alternation of name patterns finds."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.rules import matcher as matcher_module
from nicknames.rules import space_runs
from nicknames.rules.matcher import NameMatcher, compile_names
from nicknames.rules.patterns import alternation, name_key
from nicknames.rules.space_runs import fold_space_runs
from nicknames.rules.text_forms import matching_view

# Small alphabets so that random names overlap, share prefixes and sit inside words.
NAME_CHARS = "AaBbé-'._ \u0301张さوم\u200b\u2011"  # Han, kana, Arabic (م after a prefix و), invisible, hyphen
TEXT_CHARS = NAME_CHARS + "  \t\n\r\xa0x1,"

names_strategy = st.lists(st.text(NAME_CHARS, min_size=1, max_size=6), min_size=1, max_size=12)
text_strategy = st.text(TEXT_CHARS, max_size=80)


def spans(matches: object) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in matches]  # type: ignore[attr-defined]


def reference(names: list[str], text: str, glued: set[str] | frozenset[str] = frozenset()) -> list[tuple[int, int, str]]:
    """The alternation's matches in the text's normalised view, mapped back to the text."""
    pattern = alternation(names, glued)
    return in_view(pattern, text) if pattern else []


def in_view(pattern: regex.Pattern[str], text: str) -> list[tuple[int, int, str]]:
    view = matching_view(text)
    found = [view.span(*match.span()) for match in pattern.finditer(view.text)]
    return [(start, end, text[start:end]) for start, end in found]


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
    assert (spans(matcher.finditer(text)) if matcher else []) == reference(names, text, glued)


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
    assert matcher is not None
    assert spans(matcher.finditer(text)) == expected == reference(names, text, set(glued))


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
        (["a b"], "a\xa0\xa0b a\nb a\n\nb", [(0, 4, "a\xa0\xa0b"), (5, 8, "a\nb")]),  # one line break, not two
        (["Renée"], "Rene\u0301e!", [(0, 6, "Rene\u0301e")]),  # NFD text, offsets of the original
        (["Mary"], "Ma\u200bry Ma\xadry", [(0, 5, "Ma\u200bry"), (6, 11, "Ma\xadry")]),  # invisible characters
        (["Mary Jane"], "Mary-Jane Mary\u2011Jane", [(0, 9, "Mary-Jane"), (10, 19, "Mary\u2011Jane")]),
        (["Mary Jane"], "Mary \r\n Jane", [(0, 12, "Mary \r\n Jane")]),
        (["Mary", "Jane"], "Mary \n  Jane", [(0, 4, "Mary"), (8, 12, "Jane")]),  # dropped blanks stay out of spans
        (["Anna-Lena"], "Anna Lena", [(0, 9, "Anna Lena")]),  # an inner hyphen is a separator too
        (["Tobias R. Quell"], "Tobias R Quell, Tobias R.\nQuell", [(0, 14, "Tobias R Quell"),
                                                                   (16, 31, "Tobias R.\nQuell")]),  # a middle initial
        (["-RG-"], "-RG- RG", [(0, 4, "-RG-")]),  # outer hyphens are not
        (["张伟"], "谢谢张伟的帮助", [(2, 4, "张伟")]),  # no word boundaries in Chinese
        (["田中"], "田中さん", [(0, 2, "田中")]),
        (["Mary"], "谢谢Mary的帮助", [(2, 6, "Mary")]),
        (["محمد"], "ومحمد وبمحمد", [(1, 5, "محمد"), (8, 12, "محمد")]),  # Arabic prefixes stay
        (["דוד"], "לדוד ושלדוד", [(1, 4, "דוד"), (8, 11, "דוד")]),  # Hebrew prefixes
        (["דוד"], "אבגדדוד", []),  # but not any letters
        (["Mary"], "M\u0430ry", []),  # a confusable letter is audit's finding
        (["O'Neill"], "Ms O&#39;Neill&#39;s", [(3, 14, "O&#39;Neill")]),  # character references of HTML
        (["O'Neill"], "O&#x27;Neill O&apos;Neill", [(0, 12, "O&#x27;Neill"), (13, 25, "O&apos;Neill")]),
        (["O\u2019Neill"], "O&rsquo;Neill", [(0, 13, "O&rsquo;Neill")]),
        (["Kasimir Vey"], "Kasimir&nbsp;Vey, Kasimir&#160;Vey", [(0, 16, "Kasimir&nbsp;Vey"),
                                                                   (18, 34, "Kasimir&#160;Vey")]),
        (["Anna"], "Anna&amp;Bo &#38;nna", [(0, 4, "Anna")]),  # only references that stand inside names
        (["Anna", "José"], "&#65;nna, Jos&eacute; and Jos&#xE9;", [(0, 8, "&#65;nna"), (10, 21, "Jos&eacute;"),
                                                                     (26, 35, "Jos&#xE9;")]),  # letters
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
        ("a \r\n  b\n \nc\r \nd", "a\r\nb\n\nc\r \nd"),  # blanks next to a line break are dropped
        ("", ""),
    ],
)
def test_fold_space_runs(text: str, folded: str) -> None:
    assert fold_space_runs(text)[0] == folded


@settings(max_examples=300, deadline=None)
@given(st.text(" \t\n\r\x0b\x0c\x1c\x1f\xa0\u3000ab", max_size=12))
def test_quick_test_for_runs_of_blanks_misses_none(text: str) -> None:
    folded, runs, _ = fold_space_runs(text)
    assert (folded, runs) == (text, []) or space_runs._may_fold(text)
    may_fold = any(pair in text for pair in ("  ", " \r", " \n", "\n ")) or any(
        char in text for char in "\t\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000")
    assert space_runs._may_fold(text) is may_fold


@pytest.mark.parametrize(
    ("names", "text", "expected"),
    [
        (["Tobias R. Quell", "Tobias R Quell"], "Tobias R Quell and Tobias R. Quell",
         [(0, 14, "Tobias R Quell"), (19, 34, "Tobias R. Quell")]),
        (["Tobias R. Quell", "Tobias R Quell"], "Tobias R-Quell", [(0, 14, "Tobias R Quell")]),
        (["Mary Jane", "Mary-Jane"], "Mary-Jane and Mary Jane", [(0, 9, "Mary Jane"), (14, 23, "Mary Jane")]),
    ],
)
def test_a_form_without_a_middle_stop_is_the_name_written_so(names: list[str], text: str,
                                                       expected: list[tuple[int, int, str]]) -> None:
    matcher = compile_names(names)
    assert matcher is not None and matcher.spans(text) == expected


def test_search_finds_the_first_name() -> None:
    matcher = NameMatcher(["Rob", "Mary"])
    first = matcher.search("Hi Mary and Rob")
    assert first is not None and first.group() == "Mary"
    assert matcher.search("nobody") is None


def test_blank_names_compile_to_none() -> None:
    assert compile_names([" ", "\t"]) is None


@settings(max_examples=100, deadline=None)
@given(names_strategy, text_strategy)
def test_matcher_agrees_with_the_alternation_beyond_the_dfa_size(names: list[str], text: str) -> None:
    """Names whose forms are too long for a DFA get the library's default automaton, which finds the same."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matcher_module, "DFA_CHARS", 0)
        matcher = compile_names(names)
    assert (spans(matcher.finditer(text)) if matcher else []) == reference(names, text)


@pytest.mark.parametrize(("forms", "dfa"), [(["Ann", "Bo"], True), (["x" * 400_000, "y" * 100_001], False)])
def test_a_dfa_up_to_its_size(forms: list[str], dfa: bool) -> None:
    assert (matcher_module._implementation(forms) is not None) == dfa
