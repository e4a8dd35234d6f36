"""A participant's given name that opens somebody else's full name ("Tobias Wrenfield" where the scope's only Tobias
is Tobias Quell): not that participant's."""

from __future__ import annotations

import functools
from collections.abc import Collection, Container, Mapping
from dataclasses import dataclass, field

import regex

from nicknames.apply.resolution import Zone
from nicknames.io.class_list import GENERATIONS
from nicknames.io.given_names import given_names
from nicknames.io.person_names import ORGANISATION_WORDS
from nicknames.rules.languages import language_words
from nicknames.rules.salutation_rules import ROLE_WORDS, TITLES
from nicknames.rules.spellings import spelling_keys
from nicknames.rules.stopwords import DEGREES, STOPWORDS, common_words

_NEXT_WORD = regex.compile(
    r" (\p{Lu}(?:\p{Ll}|[?\N{REPLACEMENT CHARACTER}]+(?=\p{Ll}))+(?:-\p{Lu}\p{Ll}+)?)"
    r"(?![\p{L}\p{M}\p{N}@_'’]|[.-]\p{L})")
"""One space, then a capitalised word that ends there (not an address's, a file's or a longer name's part), read
whole through letters an archive lost ("Quellm?nn", "Harrowi??o" for a Harrowição)."""
LOST_LETTER = regex.compile(r"[?\N{REPLACEMENT CHARACTER}]")
"""A letter an archive lost, written as a question mark or Unicode's replacement character."""


def has_lost_letter(word: str) -> bool:
    """Whether a word holds a letter an archive lost (``LOST_LETTER``), looked for as characters (a name's each time
    a scope's names are compiled)."""
    return "?" in word or "\N{REPLACEMENT CHARACTER}" in word


def names_someone_else(text: str, end: int, surnames: frozenset[str], given: Container[str]) -> bool:
    """True where the one-word name ending at ``end`` is followed, after one space, by a capitalised word that is none
    of ``surnames`` (the last words of its candidates' full names), no given name of the mapping (``given``: "Hi
    Tobias Anna" greets two), no ordinary, organisation, role or title word, and no middle name before one of
    ``surnames`` ("Harold David Penbrook"): the two name another person ("Tobias Wrenfield"), whom the candidates' given
    name does not make one of them. False when no surname of the candidates is known."""
    if not surnames or text[end : end + 1] != " ":
        return False
    match = _NEXT_WORD.match(text, end)
    if match is None:
        return False
    word = match.group(1)
    if word in surnames or word in given or word.casefold() in _ordinary() or _spelt_as(word, surnames):
        return False
    if word.casefold() in given_names() and (after := _NEXT_WORD.match(text, match.end())) is not None and (
            after.group(1) in surnames or _spelt_as(after.group(1), surnames)):
        return False  # "Harold David Penbrook": a middle name before the candidates' surname
    return True


def own_signature(text: str, start: int, end: int, zone: Zone) -> int | None:
    """Where the sender's full name ends when the given name from ``start`` to ``end``, one of the sender's, opens a
    line of their sign-off and a capitalised word no common one ends that line ("-- \nGreta Harrowby" where the class
    list has a Greta Harr): the sender signs with a surname the class list lacks. None elsewhere."""
    if zone is not Zone.SIGNOFF or (start and text[start - 1] != "\n"):
        return None
    match = _NEXT_WORD.match(text, end)
    if match is None or match.group(1).casefold() in _ordinary():
        return None
    line_end = text.find("\n", match.end())
    return match.end() if not text[match.end() : len(text) if line_end < 0 else line_end].strip() else None


def lost_spelling(word: str) -> regex.Pattern[str]:
    """What a word written with letters an archive lost may stand for, any case: each lost letter any one character
    ("Quellm?nn" for "Quellmann", "QUELLMANN")."""
    return regex.compile(".".join(regex.escape(part) for part in LOST_LETTER.split(word)), regex.IGNORECASE)


def _spelt_as(word: str, surnames: frozenset[str]) -> bool:
    """Whether a word is one of ``surnames`` spelt with or without its accents ("Müller" for a Mueller, "Quëll" for
    a Quell), or the part before a hyphen of one of them, or of the word ("Quell-Harbour" for a Quell, "Quell" for a
    Quell-Harbour), or with letters an archive lost ("Quellm?nn" for a Quellmann): the candidates' own name."""
    if has_lost_letter(word):  # "Quellm?nn" for a Quellmann: a lost letter stands for any
        lost = lost_spelling(word)
        return any(lost.fullmatch(surname) is not None for surname in surnames)
    keys = spelling_keys(word) | spelling_keys(word.split("-", 1)[0])
    return not keys.isdisjoint(_spellings(surnames))


@functools.lru_cache(maxsize=4096)
def _spellings(surnames: frozenset[str]) -> frozenset[str]:
    """The spelling keys of every one of ``surnames`` and of its part before a hyphen."""
    return frozenset(key for surname in surnames for part in {surname, surname.split("-", 1)[0]}
                     for key in spelling_keys(part))


def before_common_word(text: str, end: int, names: frozenset[str]) -> bool:
    """True where the one-word name ending at ``end``, a name that is also a word, is followed, after one space, by
    a capitalised common word that is no stop word, no given name ("Mark Dawn" is a person) and no word of the
    participants' names (``names``, case folded: "Ann Common" where a participant is a Common): the word of a
    compound's name ("Secret Service", "Iron Works", "Bill Payment"), not a person's."""
    if text[end : end + 1] != " ":
        return False
    match = _NEXT_WORD.match(text, end)
    if match is None:
        return False
    word = match.group(1)
    folded = word.casefold()
    return (folded not in names and folded in common_words() and folded not in STOPWORDS
            and folded not in given_names())


@dataclass(frozen=True)
class OwnWords:
    """What may follow each participant's given name in their own name, and the given names of a set of names: what
    ``names_someone_else`` is asked with."""

    words: dict[str, tuple[frozenset[str], bool]]
    """Participant → the words that may follow their given name in their own name (the last words of their full
    names, "Quell" of "Tobias Quell", and their names of one word), and whether they have a full name (not only
    "Ada Q")."""
    given: frozenset[str]
    """The names of one word that end no full name: given names and familiar forms ("Anna"), not surnames."""
    _surnames: dict[tuple[str, ...], frozenset[str]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, names_of: Mapping[str, Collection[str]], every: Collection[str] | None = None) -> OwnWords:
        """From participant → their names, as written; ``every``: all names whose given names count (default: the
        participants'; a mapping adds its keep list)."""
        words: dict[str, tuple[frozenset[str], bool]] = {}
        for participant, names in names_of.items():
            last = {_surname(name) for name in names if " " in name}
            words[participant] = (frozenset(last | {name for name in names if " " not in name}),
                                  any(len(word) > 1 for word in last))
        if every is None:
            every = {name for names in names_of.values() for name in names}
        last = {_surname(name) for name in every if " " in name}
        return cls(words, frozenset(name for name in every if " " not in name and name not in last))

    def words_of(self, participant: str) -> frozenset[str]:
        """What may follow the participant's given name in their own name (empty for one not in the mapping)."""
        return self.words.get(participant, (frozenset(), False))[0]

    def surnames(self, participants: tuple[str, ...]) -> frozenset[str]:
        """What may follow a given name of these participants in their own name; empty when none of them has a full
        name, as then nothing tells another person's surname from theirs (kept per set of participants)."""
        found = self._surnames.get(participants)
        if found is None:
            own = [self.words.get(participant, (frozenset(), False)) for participant in participants]
            found = frozenset().union(*(words for words, _ in own)) if any(full for _, full in own) else frozenset()
            self._surnames[participants] = found
        return found


def _surname(full_name: str) -> str:
    """The last word of a full name, or the word before the comma of one written surname first ("Quill, Ada")."""
    if "," in full_name:
        return full_name.split(",", 1)[0].rsplit(" ", 1)[-1]
    return full_name.rsplit(" ", 1)[1]


@functools.cache
def _ordinary() -> frozenset[str]:
    """Words that follow a name without being a surname ("Tobias Monday", "Anna Thanks", "Ole Energy", "Quell Jr",
    "Quell Msc")."""
    return common_words() | STOPWORDS | ORGANISATION_WORDS | ROLE_WORDS | TITLES | language_words() | GENERATIONS | DEGREES
