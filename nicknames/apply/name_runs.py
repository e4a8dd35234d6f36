"""Runs of a participant's names that are one name: initials before or between them ("T. Quell", "Tobias K. Quell"),
two names side by side ("Tobias Quell" with both mapped) and a given name in lower case before a surname ("tobias
Quell"). Substitution finds each name on its own; these rules widen or join its records (``Replacements.widen`` and
``join``) so that one name gets one pseudonym."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from collections.abc import Mapping as MappingType

import regex

from nicknames.apply.pseudonyms import Pseudonym, shaped_mention
from nicknames.apply.replacement import Detail
from nicknames.apply.scope_names import MappingNames
from nicknames.io.given_names import given_names
from nicknames.model.mapping import OTHERS
from nicknames.rules.word_names import common_words_and_names


def initial_near(text: str, spans: Iterable[tuple[int, int, str]]) -> bool:
    """Whether a record follows a capital and a full stop ("T. Quell", "T.Quell", "Tobias K. Quell"), a capital
    alone stands between two records ("Tobias K Quell"), one space does ("Tobias Quell", two records), or a
    capitalised word between spaces ("Tobias Kasimir Quell"): a few characters read at each record, no scan of the
    text."""
    previous_end = -_MIDDLE_NAME_CHARS
    for start, end, _ in spans:
        if start >= 2 and (
                text[start - 1] == "." and text[start - 2].isupper()
                or text[start - 2] == "." and text[start - 3 : start - 2].isupper()
                or start - previous_end <= _MIDDLE_CHARS and (
                    text[start - 2].isupper() and text[start - 3 : start - 2].isspace()
                    or start - previous_end == 1 and text[start - 1] == " ")
                or start - previous_end <= _MIDDLE_NAME_CHARS and text[start - 1] == text[previous_end] == " "
                and text[previous_end + 1 : previous_end + 2].isupper()):
            return True
        previous_end = end
    return False


def name_word_before(text: str, spans: Iterable[tuple[int, int, str]], words: frozenset[str]) -> bool:
    """Whether a record follows one space and a word of letters that is one of ``words`` (case folded): where
    ``with_given_name_before`` may widen a record, since the word it takes is always a word of its participant's
    names ("tobias Quell", "QUELL Tobias"). The letters before each record are read, no scan of the text."""
    for start, _, _ in spans:
        if start >= 2 and text[start - 1] == " " and text[start - 2].isalpha():
            first = start - 2
            while first > 0 and _in_word(text[first - 1]):
                first -= 1
            if text[first : start - 1].casefold() in words:
                return True
    return False


def name_word_after(text: str, spans: Iterable[tuple[int, int, str]], words: frozenset[str]) -> bool:
    """Whether a record is followed by one space and a word of letters that is one of ``words`` (case folded), or by
    an initial with a full stop or in brackets ("Vollmer G.", "Jonas (Q)"): where ``with_name_after`` may widen a
    record ("Tobias QUELL", "greta vollmer")."""
    size = len(text)
    for _, end, _ in spans:
        if text[end : end + 2] == " (" and text[end + 2 : end + 3].isupper() and text[end + 3 : end + 4] == ")":
            return True
        if text[end : end + 1] != " " or not text[end + 1 : end + 2].isalpha():
            continue
        if text[end + 2 : end + 3] == "." and text[end + 1].isupper():
            return True
        last = end + 2
        while last < size and _in_word(text[last]):
            last += 1
        if text[end + 1 : last].casefold() in words:
            return True
    return False


def _in_word(char: str) -> bool:
    """A letter, or a combining mark written after one ("e" and an accent)."""
    return char.isalpha() or unicodedata.category(char)[0] == "M"


def with_initial_before(text: str, keys_of: MappingType[str, Sequence[str]], pseudonym: Pseudonym, detail: Detail,
                         start: int) -> tuple[int, str]:
    """Where a name's record starts, and its pseudonym: from the initials before it when the first is the initial of
    another name of its participant ("T. Quell", "T.Quell", "T. K. Quell" for a Tobias Quell), which are part of the
    name; else where it starts."""
    kept = start, detail[3]
    if detail[6] != "name" or " " in detail[0] or detail[2] == OTHERS:
        return kept
    window = max(0, start - _INITIALS_CHARS)
    initials = _INITIALS_BEFORE.search(text, window, start)
    participant = detail[2]
    if initials is None or (initials.start() == window and window > 0):
        return kept  # no initials, or the window cut a longer run
    if detail[3] != shaped_mention(pseudonym, participant, detail[0], "name"):
        return kept  # a shared name's mark or choice stays as it is
    letter = text[initials.start()]
    if not any(key[0] == letter and key != detail[1] for key in keys_of.get(participant, ())):
        return kept
    return initials.start(), shaped_mention(pseudonym, participant, text[initials.start() : start] + detail[0], "name")


_INITIALS_BEFORE = regex.compile(r"(?<![\w.\-'’])(?:\p{Lu}\.[^\S\n]?){1,3}\Z")
"""One to three initials with full stops right before a name ("T. ", "T.J. ", "T. J. "), after no letter, full stop or
hyphen: the first is the given name's."""
_INITIALS_CHARS = 9


def with_given_name_before(text: str, names: MappingNames, pseudonym: Pseudonym, detail: Detail,
                            start: int) -> tuple[int, str]:
    """Where a name's record starts, and its pseudonym: from the word before it when that word is another name of its
    participant written in lower case or in capitals, and no ordinary word ("proposed by tobias Quell", "QUELL
    Tobias" for a Tobias Quell), or the two are one of the participant's names in other case; else where it
    starts."""
    kept = start, detail[3]
    if (detail[6] != "name" or detail[2] == OTHERS or start < 2 or text[start - 1] != " "
            or not text[start - 2].isalpha()):
        return kept
    before = _WORD_BEFORE.search(text, max(0, start - _WORD_CHARS), start)
    participant = detail[2]
    if before is None or detail[3] != shaped_mention(pseudonym, participant, detail[0], "name"):
        return kept
    if not _another_name(before.group(1), f"{before.group(1)} {detail[0]}", detail, names):
        return kept
    return before.start(), shaped_mention(pseudonym, participant, text[before.start() : start] + detail[0], "name")


def with_name_after(text: str, names: MappingNames, pseudonym: Pseudonym, detail: Detail,
                    start: int) -> tuple[int, str]:
    """Where a name's record ends, and its pseudonym: after the word that follows it when that word is another name
    of its participant written in lower case or in capitals, and no ordinary word ("thx greta vollmer" with "greta"
    mapped, "Tobias QUELL"), or the two are one of its names in other case; or after an initial with a full stop or in
    brackets that is the initial of a word of another of its names ("Vollmer G.", "Greta V.", as lists write names;
    "Jonas (Q)", as a list tells two Jonases apart). Else where it ends."""
    end = start + len(detail[0])
    kept = end, detail[3]
    if detail[6] != "name" or detail[2] == OTHERS or text[end : end + 1] != " ":
        return kept
    after = _WORD_AFTER.match(text, end)
    participant = detail[2]
    if after is None or detail[3] != shaped_mention(pseudonym, participant, detail[0], "name"):
        return kept
    word = after.group(1)
    if word.endswith((".", ")")):
        if participant not in _initialled(_initial(word), detail[0], (participant,), names.keys_of):
            return kept
    elif not _another_name(word, f"{detail[0]} {word}", detail, names):
        return kept
    return after.end(), shaped_mention(pseudonym, participant, text[start : after.end()], "name")


def initialled_candidates(text: str, end: int, name: str, candidates: Sequence[str],
                          keys_of: MappingType[str, Sequence[str]]) -> list[str]:
    """The candidates for a name at ``text[:end]`` of whom a word of another name opens with the initial written
    right after it, with a full stop or in brackets ("Jonas Q.", "Jonas (Q)" for a Jonas Quell); [] without one, or
    for a middle initial before a surname on the next line ("Jonas L.\nIngridsen", as mail wraps a name)."""
    if text[end : end + 1] != " ":
        return []
    after = _WORD_AFTER.match(text, end)
    if after is None or not after.group(1).endswith((".", ")")):
        return []
    if after.group(1).endswith(".") and _CAPITALISED_NEXT.match(text, after.end()) is not None:
        return []
    return _initialled(_initial(after.group(1)), name, candidates, keys_of)


_CAPITALISED_NEXT = regex.compile(r"\s*\p{Lu}\p{Ll}")
"""A capitalised word after an initial, on its line or the next: the initial is a middle one."""


def _initial(word: str) -> str:
    """The letter of an initial as ``_WORD_AFTER`` finds it: "Q." or "(Q)"."""
    return word[1] if word.startswith("(") else word[0]


def _initialled(letter: str, name: str, candidates: Sequence[str],
                keys_of: MappingType[str, Sequence[str]]) -> list[str]:
    """The candidates with a word opening with ``letter`` in a name of theirs, other than the name itself."""
    return [candidate for candidate in candidates
            if any(part[0] == letter and part != name for key in keys_of.get(candidate, ()) for part in key.split())]


def _another_name(word: str, whole: str, detail: Detail, names: MappingNames) -> bool:
    """Whether ``word``, next to the record's name, is another one-word name of its participant in other case, and
    no ordinary word nor initials ("be" is no form of "BE"), or ``whole`` (the two together) is one of its names in
    other case, ``word`` no common word in lower case ("Kay will come" is no "Kay Will")."""
    if word.islower() and word in common_words_and_names():
        return False
    folded, whole = word.casefold(), whole.casefold()
    return any(key.casefold() == whole or (key.casefold() == folded and key != detail[1] and " " not in key
                                           and not key.isupper() and key not in names.words)
               for key in names.keys_of.get(detail[2], ()))


_WORD_BEFORE = regex.compile(r"(?<![\w.\-'’@/])(\p{Ll}[\p{Ll}\p{M}]+|\p{Lu}[\p{Lu}\p{M}]+) \Z")
"""A word in lower case or in capitals right before a name, after one space, not part of an address, a path or a
longer word."""
_WORD_AFTER = regex.compile(
    r" (\p{Ll}[\p{Ll}\p{M}]+|\p{Lu}[\p{Lu}\p{M}]+|\p{Lu}\.(?![^\S\n]*\p{Lu}\p{Ll})|\(\p{Lu}\))(?![\w'’@/\-]|\.\w)")
"""A word in lower case or in capitals, or an initial with a full stop or in brackets, right after a name and one
space, not part of an address, a path or a longer word; not an initial before a capitalised word on its line, which
is a middle initial ("Tobias Q. Wrenfield")."""
_WORD_CHARS = 24


def around_middle_initials(detail: Detail, between: str, following: Detail) -> bool:
    """Whether two names, one participant's and replaced alike, stand around middle initials or one space alone
    ("Tobias K. Quell", "Ann M. J. Berg", "tobias Quell" with "Tobias", "tobias" and "Quell" mapped), or around a
    middle name, a given name or a capitalised word no common one ("Tobias Kasimir Quell", "Harold David Penbrook"): one
    name, so one pseudonym, and the initials or the middle name go too. Not one name twice ("Mary Mary"): a run joins
    each name once at most."""
    if not (detail[3] == following[3] and detail[2] == following[2] and detail[1] != following[1]
            and detail[6] == following[6] == "name" and detail[2] != OTHERS):
        return False
    if len(between) <= _MIDDLE_CHARS and _MIDDLE_INITIALS.fullmatch(between) is not None:
        return True
    middle = _MIDDLE_NAME.fullmatch(between)
    return middle is not None and (middle.group(1).casefold() in given_names()
                                   or middle.group(1).casefold() not in common_words_and_names())


_MIDDLE_INITIALS = regex.compile(r" |[^\S\n]+(?:\p{Lu}\.?[^\S\n]+){1,2}")
"""One space, or one or two initials between blanks on one line: " K. ", " M. J. ", " K "."""
_MIDDLE_CHARS = 12
_MIDDLE_NAME = regex.compile(r" (\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?) ")
"""One capitalised word between single spaces: a middle name ("Tobias Kasimir Quell")."""
_MIDDLE_NAME_CHARS = 24
