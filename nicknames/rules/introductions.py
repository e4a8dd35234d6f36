"""Names writers give for themselves: "My name is Marisol, but everyone calls me Sol", "Bart here, I lost the link".

An introduction names its writer as surely as a sign-off, and it is where a forum's
members say what they want to be called: a course forum's first thread is mostly
introductions. Read in the first ``INTRO_CHARS`` characters of the writer's own
text (quotes left out by the caller), after the words of the language packs
(``introductions``: "my name is", "call me", "je m'appelle", "ich heiße"), which
give the name surely (``strong``), or after words that may as well describe the
writer (``self_words``: "I'm", "this is", "ich bin"; "I'm Frank" is not always a
name), or before a word such as "here" at a sentence's start ("Bart here,").
What is not ``strong`` collect keeps only where it is a known given name or a
form of the writer's registered name (``collect.candidates``).

The cue words are found by one automaton over the lower-cased head of the text,
so a text without any costs a microsecond or two; the name is then read at each
cue found.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import ahocorasick_rs
import regex

from nicknames.rules.languages import languages
from nicknames.rules.salutation_rules import DEFAULT_RULES, Rules
from nicknames.rules.salutations import (
    AFTER_OWN_NAME,
    PUNCTUATION_END,
    TOKEN,
    cut_at_stopword,
)

INTRO_CHARS = 400
"""Characters at the start of a text read for an introduction."""


class Introduced(NamedTuple):
    """A name the writer gives for themselves."""

    name: str
    strong: bool
    """After words that give a name ("my name is"), not words that may describe the writer ("I'm")."""


_LOWER_WORD = r"\p{Ll}[\p{Ll}\p{M}'’]+(?:-\p{Ll}+)?"
_NAME = rf"(?P<name>{TOKEN}(?:[^\S\n]+{TOKEN}){{0,2}}|{_LOWER_WORD})"
_NAME_AFTER = regex.compile(rf"[^\S\n]+{_NAME}(?![\p{{L}}\p{{M}}\d@'’])")
"""The name after a cue ("call me Sol", "pode me chamar de Bia"): up to three capitalised words, or one lower-case
word ("i'm jojo"); not a possessive ("this is Ann's point")."""
_LOWER_ALONE = regex.compile(rf"[^\S\n]+{_LOWER_WORD}{PUNCTUATION_END}")
"""A lower-case word with punctuation or a line's end after it: the only lower-case name after "I'm" and the like."""
_NAME_BEFORE = regex.compile(rf"(?:^|(?<=[.!?,;:][^\S\n]{{1,3}})|(?<=\n[^\S\n]*)){_NAME}[^\S\n]+\Z")
"""The name that opens a sentence before a word such as "here" ("Thanks! Bart here, ...")."""
_PUNCTUATION_AFTER = regex.compile(PUNCTUATION_END)
"""Punctuation or a line's end: what follows a lower-case name after "I'm" ("i'm jojo (Johanna ...)")."""
_AFTER_HERE = regex.compile(AFTER_OWN_NAME)
"""What follows "Bart here": punctuation, a line's end, "again" or "but"; not a sentence going on ("Everyone here
is")."""


def introduced_names(text: str, rules: Rules = DEFAULT_RULES) -> tuple[Introduced, ...]:
    """The names the writer of ``text`` gives for themselves near its start, in text order."""
    return tuple(_distinct([Introduced(name, strong) for _, _, name, strong in _introductions(text, rules)], rules))


def introduces(text: str, start: int, end: int, rules: Rules = DEFAULT_RULES) -> bool:
    """Whether ``text[start:end]`` stands in a name the writer gives for themselves ("Hi all, I'm Sol": apply's
    shared-name rule ``intro``)."""
    return start < INTRO_CHARS and any(
        first <= start and end <= last for first, last, _, _ in _introductions(text, rules))


def _introductions(text: str, rules: Rules) -> list[tuple[int, int, str, bool]]:
    """Each name after a cue or before "here", as found: (start, end, name, strong)."""
    head = text if len(text) <= INTRO_CHARS else text[:INTRO_CHARS]
    lower = head.lower()
    if len(lower) != len(head):  # a character that lower-cases to two ("İ"): offsets would not match
        return []
    automaton, cues = _cues(rules.languages) if rules is not DEFAULT_RULES else _DEFAULT_CUES
    whole = head is text  # else the head's end is no line's end: a word may be cut there
    found: list[tuple[int, int, str, bool]] = []
    for index, start, end in automaton.find_matches_as_indexes(lower):
        kind = cues[index]
        if (start and lower[start - 1].isalnum()) or (end < len(lower) and lower[end].isalnum()):
            continue
        match = _before(head, start, end, whole) if kind == "here" else _after(head, end, kind == "strong", whole)
        if match is not None:
            found.append((match.start("name"), match.end("name"), match["name"], kind == "strong"))
    return found


def _after(head: str, end: int, strong: bool, whole: bool) -> regex.Match[str] | None:
    """The name after a cue; after "I'm" and the like, a lower-case word only where punctuation or a line's end
    follows it ("i'm jojo (Johanna ...)", not "i'm sure it works")."""
    following = head[end + 1 : end + 2]
    if not following.isalpha() or (not strong and following.islower()
                                    and not _ends(_LOWER_ALONE.match(head, end), head, whole)):
        return None  # most cues found: "I am going to ...", the cheaper test first
    match = _NAME_AFTER.match(head, end)
    if match is None:
        return None
    if not strong and match["name"][0].islower() and not _ends(_PUNCTUATION_AFTER.match(head, match.end()), head,
                                                                whole):
        return None
    return match


def _before(head: str, start: int, end: int, whole: bool) -> regex.Match[str] | None:
    """A capitalised name right before "here" at a sentence's start, with punctuation or a line's end after it."""
    if not _ends(_AFTER_HERE.match(head, end), head, whole) or not head[start - 2 : start - 1].isalpha():
        return None  # "here" inside a sentence going on ("Everyone here is"), the cheaper test first
    match = _NAME_BEFORE.search(head, max(0, start - 60), start)
    if match is None or not match["name"][0].isupper():
        return None
    return match


def _ends(match: regex.Match[str] | None, head: str, whole: bool) -> bool:
    """Whether punctuation or a line's end follows: not the end of a head cut from a longer text."""
    return match is not None and (whole or match.end() < len(head))


def _distinct(found: list[Introduced], rules: Rules) -> list[Introduced]:
    """The names without titles and what follows a stop word ("Dr. Wren Halloway" → "Wren Halloway"), each once;
    none that is a stop word, a possessive ("Ann's") or a single letter ("Q.")."""
    kept: dict[str, Introduced] = {}
    for name, strong in found:
        cut = cut_at_stopword(name.strip(), rules)
        if (not cut or cut.lower() in rules.stopwords or cut.rstrip(".").lower() in rules.titles
                or cut.endswith(("'s", "’s")) or sum(map(str.isalpha, cut)) < 2):
            continue
        earlier = kept.get(cut)
        kept[cut] = Introduced(cut, strong or (earlier is not None and earlier.strong))
    return list(kept.values())


@functools.cache
def _cues(codes: tuple[str, ...]) -> tuple[ahocorasick_rs.AhoCorasick, list[str]]:
    """An automaton of the chosen packs' cue words (lower case), and the kind of each: strong, self or here."""
    packs = languages(codes)
    kinds = {**{cue: "here" for cue in packs.here_words}, **{cue: "self" for cue in packs.self_words},
             **{cue: "strong" for cue in packs.introductions}}
    words = list(kinds)
    return ahocorasick_rs.AhoCorasick(words, matchkind=ahocorasick_rs.MatchKind.LeftmostLongest), [
        kinds[word] for word in words]


_DEFAULT_CUES = _cues(DEFAULT_RULES.languages)
"""The cues of the default rules, without the look-up of their languages at every text."""
