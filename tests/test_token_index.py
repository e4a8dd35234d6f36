"""The discovery index: its word pattern, and what one message adds to it."""

from __future__ import annotations

from collections import Counter

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.collect.discover import learnt_pieces, token_index
from nicknames.collect.discover.lexicon import common_words
from nicknames.collect.discover.sequences import ASCII_RUN, RUN
from nicknames.collect.discover.token_index import TokenIndex
from nicknames.collect.discover.token_patterns import (
    ADDRESS,
    ASCII_PATTERNS,
    MID_SENTENCE,
    PATH,
    TOKEN,
    UNICODE_PATTERNS,
    UNICODE_PIECE,
    WORD,
    hidden_address_words,
    read_text,
    without_addresses,
)
from nicknames.model.messages import Message

_ALPHABET = st.sampled_from(list("abMaryé\u0301?\ufffd'’- \nsS.,Ωж") + ["O'", "s ", "-x"])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Mary's book", ["Mary", "s", "book"]),
        ("O'Neil and Jean-Luc", ["O'Neil", "and", "Jean-Luc"]),
        ("G?nther G\ufffdnther", ["G?nther", "G\ufffdnther"]),
        ("end- -start ?x", ["end", "start", "x"]),
        ("Renée e\u0301", ["Renée", "e\u0301"]),
    ],
)
def test_words(text: str, words: list[str]) -> None:
    assert TOKEN.findall(text) == words


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_unrolled_word_pattern_finds_what_the_definition_finds(text: str) -> None:
    assert TOKEN.findall(text) == regex.findall(WORD, text)


def test_plain_words_are_indexed_only_when_watched() -> None:
    index = TokenIndex(watched=frozenset({"mary"}))
    index.add(Message("m1", "U1", "thanks mary and Rob, see you. Will do", None, "t1", "s1"))
    assert dict(index.threads) == {"mary": {"t1": 1}, "Rob": {"t1": 1}}


_ASCII = st.sampled_from(list("abMRy?'- \n\t,;).sS19") + ["O'", "s ", "-x", "ab Cd", "1 Ef", ", Gh"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_ASCII, max_size=40).map("".join))
def test_ascii_patterns_find_what_the_unicode_patterns_find(text: str) -> None:
    for fast, general in zip(ASCII_PATTERNS, UNICODE_PATTERNS):
        assert fast.findall(text) == general.findall(text)


def reference_index(texts: list[str], watched: frozenset[str]) -> tuple[set[str], Counter[str], Counter[str]]:
    """What the index must hold, from the patterns run over whole texts: tokens, lower-case and mid-sentence counts."""
    tokens: set[str] = set()
    lower_counts: Counter[str] = Counter()
    mid_counts: Counter[str] = Counter()
    for text in texts:
        text = ADDRESS.sub(" ", text)
        words, plain_words, capitalised = ASCII_PATTERNS if text.isascii() else UNICODE_PATTERNS
        mid, lower = capitalised.findall(text), plain_words.findall(text)
        lower_counts.update(lower)
        mid_counts.update(word.casefold() for word in mid)
        for token in set(words.findall(text)):
            if len(token) < 2:
                continue
            if token in lower or (token.islower() and token not in watched and "?" not in token):
                if token in watched:
                    tokens.add(token)
            elif token.islower() or token.casefold() not in common_words() or token in mid:
                tokens.add(token)
    return tokens, lower_counts, mid_counts


_TEXT = st.sampled_from(list("abMRyWé\u0301?\ufffd'’- \n\t\x1c,;.)1sS/@") + ["O'", "s ", "-x", "ab Cd", ", Will", "Will ",
                                                                          "mary", "  Mary", "a/b/c", "x@y.z"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(_TEXT, max_size=30).map("".join), max_size=4), st.booleans())
def test_index_holds_what_the_patterns_find_in_whole_texts(texts: list[str], ascii_only: bool) -> None:
    if ascii_only:
        texts = [text.encode("ascii", "replace").decode() for text in texts]
    watched = frozenset({"mary", "ab"})
    index = TokenIndex(watched=watched)
    for number, text in enumerate(texts):
        index.add(Message(str(number), "U1", text, None, "t1", ""))
    tokens, lower, mid = reference_index(texts, watched)
    assert set(index.threads) == tokens
    assert index.lexicon.lower == lower
    assert index.lexicon.capitalised == mid


@pytest.mark.parametrize("text", ["é\na\x1cMary", "é\nMary\x1fJones", "Zoë,\n\nThanks to Ann Lee, and Bo.\nJosé"])
def test_lines_of_ascii_characters_read_as_the_unicode_patterns_read_them(text: str) -> None:
    assert read_text(text) == (UNICODE_PIECE.findall(text), MID_SENTENCE.findall(text), RUN.findall(text))


@settings(max_examples=400, deadline=None)
@given(st.lists(_TEXT, max_size=40).map("".join))
def test_a_text_read_line_by_line_reads_as_read_whole_by_the_unicode_patterns(text: str) -> None:
    assert read_text(text) == (UNICODE_PIECE.findall(text), MID_SENTENCE.findall(text), RUN.findall(text))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(list("aB'- \t\n\r\x0b\x1c\x1f.,") + ["Mary ", "O'Neil", "Jnae's"]), max_size=30).map("".join))
def test_ascii_run_finds_what_run_finds(text: str) -> None:
    assert ASCII_RUN.findall(text) == RUN.findall(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("ab/._- \n") + ["/x", "a/", "é/"]), max_size=30).map("".join))
def test_paths_are_what_the_address_pattern_finds_without_mail_or_web_addresses(text: str) -> None:
    assert PATH.sub(" ", text) == ADDRESS.sub(" ", text)


def _state(index: TokenIndex) -> tuple[object, ...]:
    """Everything the index holds, with the order of the lexicon's counts."""
    lexicon = index.lexicon
    return (
        {token: codes.tolist() for token, codes in index.threads.messages.items()},
        {run: codes.tolist() for run, codes in index.runs.messages.items()},
        index.paired,
        list(lexicon.lower.items()),
        list(lexicon.capitalised.items()),
        index.codes.labels,
        index.members,
    )


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.lists(_TEXT, max_size=30).map("".join), st.sampled_from(["t1", "t2", "t3"])), max_size=8),
    st.sampled_from([1, 2, 3, 1_000]),
    st.sampled_from([3, 8, 200_000]),
)
def test_indexing_many_messages_at_once_is_indexing_them_one_by_one(
    messages: list[tuple[str, str]], batch: int, remembered: int
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(token_index, "BATCH", batch)
        patch.setattr(token_index, "SMALL_BATCH", 1)  # every batch split into pieces at once, however small
        patch.setattr(token_index, "_MAX_PIECES", remembered)  # small: the memory of pieces is cleared partway
        patch.setattr(learnt_pieces, "READINGS_KEPT", remembered)  # and that of runs
        _check_at_once_against_one_by_one(messages)


def _check_at_once_against_one_by_one(messages: list[tuple[str, str]]) -> None:
    made = [Message(str(number), f"U{number % 2}", text, None, thread, "")
            for number, (text, thread) in enumerate(messages)]
    watched = frozenset({"mary", "ab"})
    one_by_one, at_once = (TokenIndex(watched=watched, sequence_words=frozenset({"mary"})) for _ in range(2))
    for message in made:
        one_by_one.add(message)
    at_once.add_all(made, [at_once.codes.code(message.thread, "") for message in made])
    assert _state(at_once) == _state(one_by_one)


@pytest.mark.parametrize("every", [1, 3, 40])
def test_few_ascii_texts_between_others_are_read_one_by_one_with_the_same_index(every: int) -> None:
    texts = [("Hi Mary, Zoë and Ab said so. Thanks Rob" if number % every == 0 else
              f"Hi Mary Jane, the list {number}, Will Smith. Cheers Ab") for number in range(90)]
    _check_at_once_against_one_by_one([(text, f"t{number % 3}") for number, text in enumerate(texts)])


@pytest.mark.parametrize("every", [2, 7, 50])
def test_texts_with_other_characters_among_many_ascii_texts_give_the_index_of_one_by_one(every: int) -> None:
    # Enough ASCII texts between the others for the batch to be split into pieces at once (``_add_batch``); the
    # others share pieces with them ("Mary", "Ab") and hold some of their own ("Zoë", "Ångström").
    texts = [(f"Hi Mary, Zoë and Ab said so. Thanks Rob\n\nÅngström {number}" if number % every == 0 else
              f"Hi Mary Jane, the list {number}, Will Smith said. Cheers Ab\n-- \nRob O'Neil") for number in range(120)]
    _check_at_once_against_one_by_one([(text, f"t{number % 5}") for number, text in enumerate(texts)])



@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an HTML post: its tags and their attributes are no one's words
        ('<p>Hi <a class="mention" href="/u/ann_w">@ann_w</a></p><ul><li>one</li></ul>', "Hi  @ann_w    one  "),
        ('<aside class="quote"><div class="title"><img src="/a.png"> ann_w:</div><blockquote>yes</blockquote>'
         '</aside><p>ok</p>', "yes ok"),  # a forum quote's title: the quoted user's account name
        ("use a <div> here, a < b and b > c", "use a <div> here, a < b and b > c"),  # plain text mentioning a tag
        ("mail ann@example.org or see /home/ann/notes", "mail   or see  "),
        ('[quote="ann_w, post:3"]\nyes\n[/quote]\nok', "yes [/quote] ok"),  # a forum's quote tag
        ("Yes! uucp: harbour.example.org!quellnet!annb or uunet!annb.", "Yes! uucp:   or uunet!annb."),  # a bang path
    ],
)
def test_without_addresses(text: str, expected: str) -> None:
    assert " ".join(without_addresses(text).split()) == " ".join(expected.split())


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ann Lee <ann.lee at example.org> looks at it", ["ann", "lee"]),  # an address an archive hid
        ("mail ann [at] example [dot] org, AnnLee at example.org", ["ann"]),
        ("look at example.org or at home", []),
    ],
)
def test_hidden_address_words(text: str, words: list[str]) -> None:
    assert hidden_address_words(text) == words


def test_names_in_hidden_addresses_make_no_word() -> None:
    # "ben" in three addresses an archive wrote out is a name in lower case, not the ordinary word it would be in text
    index, plain = TokenIndex(watched=frozenset({"ben"})), TokenIndex(watched=frozenset({"ben"}))
    for number in range(3):
        index.add(Message(str(number), "U1", f"Ben Quellmark <ben at example.org> {number}", None, "t", "s"))
        plain.add(Message(str(number), "U1", f"so ben said {number}", None, "t", "s"))
    assert index.lexicon.lower["ben"] == 3 and not index.lexicon.is_word("Ben")
    assert plain.lexicon.is_word("Ben")
