"""Names of one word are found as whole words by their own automaton, and merged with the other forms' hits."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.rules.matcher import compile_names
from nicknames.rules.word_forms import BLANKED, WordForms, blanked, is_word_form, merged
from tests.test_matcher import names_strategy, reference, spans, text_strategy


@pytest.mark.parametrize(
    ("form", "touches", "expected"),
    [
        ("Mary", False, True),
        ("mary", False, True),
        ("MARY", False, True),
        ("Mary_2", False, True),  # digits and underscores are word characters
        ("Renée", False, True),  # accented letters block word edges too
        ("Zoë", False, True),
        ("Mary", True, False),  # a glued name may touch a word
        ("Mary Jane", False, False),  # several words
        ("Anna-Lena", False, False),  # a hyphen inside
        ("O'Neil", False, False),  # an apostrophe inside
        ("M.J.", False, False),  # initials with full stops
        ("C++", False, False),  # regex metacharacters: not a word
        ("-RG-", False, False),
        ("张伟", False, False),  # no word edges in Chinese
        ("Rene\u0301e", False, True),  # a combining mark inside blocks as a letter does
    ],
)
def test_is_word_form(form: str, touches: bool, expected: bool) -> None:
    edges = not form[0].isalnum() or form[0] == "张"
    assert is_word_form(form, not edges, form[-1].isalnum(), touches) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hi Mary, it's me.", "Hi Mary  it s me "),
        ("Zoë—Anne", "Zoë Anne"),  # a dash does not block, an accented letter does
        ("谢谢Mary的", "  Mary "),  # scripts without spaces never block
        ("a_1\tb", "a_1 b"),
    ],
)
def test_blanked(text: str, expected: str) -> None:
    assert blanked(text) == expected
    assert len(blanked(text)) == len(text)


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(codec=None, exclude_categories=()), max_size=40))
def test_blanked_looks_characters_up_as_str_translate_does(text: str) -> None:
    # Any character: accents, scripts without spaces, lone surrogates, characters beyond the first plane.
    assert blanked(text) == text.translate(BLANKED)
    assert blanked(text + "é") == (text + "é").translate(BLANKED)


def test_blanked_ascii_table_is_str_translate() -> None:
    # An ASCII text is translated as bytes by a table: every ASCII character as ``BLANKED`` has it.
    every = "".join(map(chr, range(128)))
    assert blanked(every) == every.translate(BLANKED)
    assert blanked(every[::-1] * 3) == (every[::-1] * 3).translate(BLANKED)


@pytest.mark.parametrize(
    ("forms", "text", "window", "expected"),
    [
        (["Tim", "tim"], "Tim time tim's Timothy", None, [(0, 0, 3), (1, 9, 12)]),  # never inside a longer word
        (["Bo", "Al"], "Bo Al", None, [(0, 0, 2), (1, 3, 5)]),  # two names share the space between them
        (["Bo"], "Bo", None, [(0, 0, 2)]),  # the text's edges bound words
        (["Zoë"], "Zoë Zoëx xZoë (Zoë)", None, [(0, 0, 3), (0, 15, 18)]),
        (["Bo"], "xBo Bo yBo", (1, 7), [(0, 4, 6)]),  # a window's neighbours count as in the whole text
        (["Bo"], "Bo Box", (0, 5), [(0, 0, 2)]),  # "Bo" at the window's end is followed by "x"
    ],
)
def test_word_hits(forms: list[str], text: str, window: tuple[int, int] | None,
                   expected: list[tuple[int, int, int]]) -> None:
    assert WordForms(forms, range(len(forms))).hits(text, window) == expected


@pytest.mark.parametrize(
    ("words", "others", "expected"),
    [
        ([(0, 0, 3)], [], ([(0, 0, 3)], [])),
        ([(0, 0, 4), (1, 5, 9)], [(2, 0, 9)], ([(2, 0, 9)], [])),  # words inside a longer name are its
        ([(0, 0, 4), (1, 10, 12)], [(2, 5, 9)], ([(0, 0, 4), (2, 5, 9), (1, 10, 12)], [])),  # in order
        ([(0, 0, 6)], [(2, 3, 9)], ([(2, 3, 9)], [0])),  # a word starting before another hit: a possible miss
        ([(0, 3, 12)], [(2, 3, 9)], ([(2, 3, 9)], [3])),  # or running past its end
    ],
)
def test_merged(words: list[tuple[int, int, int]], others: list[tuple[int, int, int]],
                expected: tuple[list[tuple[int, int, int]], list[int]]) -> None:
    assert merged(words, others, []) == expected


@pytest.mark.parametrize(
    ("names", "glued", "text", "expected"),
    [
        (["Tim", "tim"], [], "Timer Tim time tim.", [(6, 9, "Tim"), (15, 18, "tim")]),
        (["Mary", "Mary Jane", "Jane"], [], "Mary Jane, Jane Mary", [(0, 9, "Mary Jane"), (11, 15, "Jane"),
                                                                     (16, 20, "Mary")]),
        (["Mary", "Mary-Jo"], [], "Mary-Jo Mary-Joe", [(0, 7, "Mary-Jo"), (8, 12, "Mary")]),
        (["Mary", "O'Neil"], [], "Mary O'Neil O'Neils", [(0, 4, "Mary"), (5, 11, "O'Neil")]),  # apostrophes
        (["Mary"], [], "Mary's MARY mary", [(0, 4, "Mary")]),  # the case is exact; a possessive keeps its ending
        (["C++", "C"], [], "C++ C C#", [(0, 3, "C++"), (4, 5, "C"), (6, 7, "C")]),  # metacharacters are literal
        (["Renée", "Zoë"], [], "Renée Zoë Zoëlle", [(0, 5, "Renée"), (6, 9, "Zoë")]),  # accents
        (["Mary"], ["Mary"], "thanksMary Mary", [(6, 10, "Mary"), (11, 15, "Mary")]),  # a glued name
        (["Mary", "Ma"], ["Mary"], "MaMary Ma", [(2, 6, "Mary"), (7, 9, "Ma")]),  # a glued name inside a word
        (["Jo", "Jo Ann Li"], [], "Jo Ann Lin Jo", [(0, 2, "Jo"), (11, 13, "Jo")]),  # a longer name not whole
        (["Ann", "Lee", "x Ann"], [], "x Ann Lee", [(0, 5, "x Ann"), (6, 9, "Lee")]),
    ],
)
def test_matcher_with_word_forms(names: list[str], glued: list[str], text: str,
                                 expected: list[tuple[int, int, str]]) -> None:
    matcher = compile_names(names, glued=glued)
    assert matcher is not None
    assert spans(matcher.finditer(text)) == expected == reference(names, text, set(glued))


def test_spans_give_the_names_the_forms_are_of() -> None:
    forms = WordForms(["Tim", "tim", "TIM"], [4, 5, 6], ["Tim", "Tim", "Tim"])
    assert forms.spans("Tim time tim, TIMES TIM") == [(0, 3, "Tim"), (9, 12, "Tim"), (20, 23, "Tim")]
    assert forms.hits("Tim time tim, TIMES TIM") == [(4, 0, 3), (5, 9, 12), (6, 20, 23)]
    assert WordForms(["Bo"], [0]).spans("Bo") == [(0, 2, "Bo")]


@settings(max_examples=100, deadline=None)
@given(names_strategy, st.lists(text_strategy, min_size=1, max_size=4))
def test_a_pickled_matcher_finds_the_same(names: list[str], texts: list[str]) -> None:
    """Pickled without its automata (a spawned worker's copy), which are built again from what was compiled."""
    matcher = compile_names(names, glued=names[:1])
    if matcher is None:
        return
    copy = pickle.loads(pickle.dumps(matcher))
    assert [copy.spans(text) for text in texts] == [matcher.spans(text) for text in texts]
    assert copy.names_in_texts(texts) == matcher.names_in_texts(texts)
