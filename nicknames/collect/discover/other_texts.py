"""Read one text for the names of people who are not participants (``others``): runs of capitalised words that a
title, a relation or a given name make a person's, and lists of given names, before what the mapping knows is
asked (``others._kept``)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import regex

from nicknames.collect.discover.capital_words import (
    WORD,
    Word,
    capital_words,
    is_title,
    may_be_name,
    may_hold_list,
    name_lists,
)
from nicknames.collect.discover.lexicon import Lexicon
from nicknames.io.person_names import (
    ORGANISATION_WORDS,
    POSSESSIVES,
    RELATIONS,
    given_names,
    surnames,
)
from nicknames.rules.languages import language_words
from nicknames.rules.salutations import DEFAULT_RULES

MAX_WORDS = 4
"""Longest full name taken ("Karl Ada M. Berg"); longer runs of capitals are headings or lists."""
_POSSESSIVE = regex.compile(r"['’][sS]?(?!\w)")
_JOINER = regex.compile(r"\.?[^\S\n]{1,2}|\.-|\.")
"""What may stand between two words of one run of capitals: a space or two, a title's full stop."""
_RELATION = regex.compile(
    r"(?i)(?<!\w)(?:%s)[^\S\n]+(?:%s)[^\S\n]*,?[^\S\n]*$" % ("|".join(sorted(POSSESSIVES)), "|".join(sorted(RELATIONS)))
)
LONGEST_RUN = 64
"""Longest run of capitalised words read (a line of more is a heading, a roster or noise, and names nobody): what a
text's run holds stays bounded however long the text."""
_TEXT_HELD = 1 << 16
"""Longest text whose capitalised words are held at once (longer ones are read twice, a word at a time)."""
_JOINER_LONGEST = 3
"""The longest text ``_JOINER`` matches: a longer gap between two words never joins them."""
_APOSTROPHES = ("'", "’")
"""What ``_POSSESSIVE`` starts with."""


class RunName(NamedTuple):
    """A name a run of capitals makes, with the cue that says so, before what the mapping knows is asked."""

    name: str
    tag: str


class ListNames(NamedTuple):
    """The names of a list of given names and its number of words, before what the mapping knows is asked."""

    names: tuple[str, ...]
    size: int


Candidate = RunName | ListNames


def text_candidates(text: str, lexicon: Lexicon) -> Iterator[Candidate]:
    """The names of one text's runs of capitals, then its lists of given names.

    The capitalised words of a long text are read twice, one at a time, rather than held (a text of a million
    capitalised words would take some 200 bytes a word)."""
    words: Iterable[Word] = capital_words(text)
    if len(text) <= _TEXT_HELD:
        words = list(words)
    for run in _runs(text, words):
        found = _person_in_run(text, run, lexicon)
        if found is not None:
            yield RunName(*found)
    if len(text) > _TEXT_HELD:
        words = capital_words(text)
    elif not may_hold_list(text, words):
        return
    for names, size in name_lists(text, words, lexicon):
        yield ListNames(tuple(names), size)


def _runs(text: str, words: Iterable[Word]) -> Iterable[list[Word]]:
    """Maximal runs of capitalised words and titles joined by spaces (or a title's full stop); a run of more than
    ``LONGEST_RUN`` words is left out (and only its last word held)."""
    run: list[Word] = []
    overlong = False
    for word in words:
        joined = bool(run) and word.start - run[-1].end <= _JOINER_LONGEST and _joins(text[run[-1].end : word.start])
        if run and not (joined and _may_join(text, run[-1])):
            yield from () if overlong else (run,)
            run, overlong = [], False
        if _opens_with_closer(text, word):
            continue  # "T. Aapo Lindgren": a closer of the packs signs a name, it is no initial of it
        if not run and not _is_title(word) and _opens_sentence_as_word(text, word):
            continue  # "Som Pekka skrev": an ordinary word of a pack's language opens the sentence
        if _is_title(word) or _is_initial(text, word) or (word.capitalised and may_be_name(word.text)):
            run.append(word)
            if len(run) > LONGEST_RUN:
                run, overlong = [word], True
        elif run:
            yield from () if overlong else (run,)
            run, overlong = [], False
        if run and text[word.end : word.end + 1] in _APOSTROPHES and _POSSESSIVE.match(text, word.end):
            # "Ada Berg's Weekly Report": the name ends here
            yield from () if overlong else (run,)
            run, overlong = [], False
    if run and not overlong:
        yield run


@functools.lru_cache(maxsize=256)
def _joins(gap: str) -> bool:
    """Whether what stands between two words may join them in a run (``_JOINER``)."""
    return _JOINER.fullmatch(gap) is not None


def _may_join(text: str, previous: Word) -> bool:
    """A full stop ends the run unless it closes a title or an initial ("Dr. Berg", "Ada M. Berg")."""
    return not text.startswith(".", previous.end) or _is_title(previous) or len(previous.text) == 1


def _opens_sentence_as_word(text: str, word: Word) -> bool:
    """True for an ordinary word of a pack's language that opens a sentence ("Som", "Come", "Wie"); inside a run it
    may be a surname, so only a run's first word is read so."""
    if word.text.casefold() not in language_words():
        return False
    return _SENTENCE_OPENING.search(text, max(0, word.start - 8), word.start) is not None


_SENTENCE_OPENING = regex.compile(r"(?:^[>\s]*|[.!?:]\s+|\n[>\s]*)\Z")
"""Where a sentence opens: the text's or a line's start (after quote marks "> "), or after a sentence's end."""


def _opens_with_closer(text: str, word: Word) -> bool:
    """True for an initial that opens its line and is a closer there ("T." in "T. Aapo Lindgren")."""
    if not _is_initial(text, word) or text[text.rfind("\n", 0, word.start) + 1 : word.start].strip():
        return False
    line_end = text.find("\n", word.end)
    match = DEFAULT_RULES.match("closer", text[word.start : len(text) if line_end < 0 else line_end])
    return match is not None and match.start("rest") > word.end - word.start


def _is_initial(text: str, word: Word) -> bool:
    return len(word.text) == 1 and word.text.isupper() and text.startswith(".", word.end)


def _is_title(word: Word) -> bool:
    return is_title(word.text)


def _person_in_run(text: str, run: list[Word], lexicon: Lexicon) -> tuple[str, str] | None:
    """The person a run of capitals names, with the cue that says so; None for a place, a company or words."""
    if len(run) == 1 and not _is_title(run[0]) and not _RELATION.search(text[max(0, run[0].start - 40) : run[0].start]):
        return None  # one word (most runs) names someone only after a relation: what follows would say None
    if any(word.text.casefold() in ORGANISATION_WORDS for word in run) or _organisation_follows(text, run[-1]):
        return None
    titles = [index for index, word in enumerate(run) if _is_title(word)]
    if titles:
        return _name_of(text, run[titles[-1] + 1 :][:MAX_WORDS], lexicon, need_given=False, tag="title")
    if _RELATION.search(text[max(0, run[0].start - 40) : run[0].start]):
        return _name_of(text, run[:2], lexicon, need_given=False, tag="relation")
    names = _without_leading_words(run, lexicon)
    if 2 <= len(names) <= MAX_WORDS:
        return _name_of(text, names, lexicon, need_given=True, tag="fullname") or _surnamed(text, names, lexicon)
    return None


def _without_leading_words(run: list[Word], lexicon: Lexicon) -> list[Word]:
    """The run without the ordinary words that open it ("Ask Henrik Olsen" → "Henrik Olsen")."""
    start = 0
    while start < len(run) - 1 and run[start].capitalised and lexicon.is_word(run[start].text) and (
            run[start].text.casefold() not in given_names()):
        start += 1
    return run[start:]


def _surnamed(text: str, names: list[Word], lexicon: Lexicon) -> tuple[str, str] | None:
    """Two capitalised words, the second a frequent surname, neither an ordinary word ("Loes Harmon")."""
    if len(names) != 2 or names[1].text.casefold() not in surnames():
        return None
    return _name_of(text, names, lexicon, need_given=False, tag="fullname")


def _name_of(text: str, names: list[Word], lexicon: Lexicon, *, need_given: bool, tag: str) -> tuple[str, str] | None:
    """The name these words make, if they can be one: no ordinary word, ending in a capitalised word."""
    if not names or not names[-1].capitalised or len(names[-1].text) < 2:
        return None
    if any(word.capitalised and lexicon.is_word(word.text) for word in names):
        return None
    first = names[1] if len(names) > 2 and not names[0].capitalised else names[0]  # "R. Ada Berg"
    if need_given and (not first.capitalised or first.text.casefold() not in given_names()):
        return None
    return text[names[0].start : names[-1].end], tag


def _organisation_follows(text: str, last: Word) -> bool:
    """True when the word after a run is an organisation word in lower case ("Berg and Sons", "Ada Berg lab")."""
    following = WORD.match(text, last.end + 1) if text[last.end : last.end + 1] in (" ", "-") else None
    return following is not None and following.group().casefold() in ORGANISATION_WORDS
