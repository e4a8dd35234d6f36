"""The words of every person's names, to tell which piece of an identifier, a user name or a hashtag names whom:
names glued (``annberg``, ``AnnBerg``), a capitalised name between underscores (``Ann_Essay``) or glued to a word in a
hashtag (``#TeamAnn``); see ``rules.identifier_parts`` for the pieces of each kind of identifier."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

import regex

from nicknames.rules.stopwords import common_words, surnames

PIECE_WORDS = regex.compile(r"\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{L}")
"""Words of a piece: split at anything but a letter, and where lower case turns to upper (``AnnBerg``)."""
MAX_CONTAINED = 64
"""Characters of a piece searched for a name inside (an address's local part has at most 64)."""
CONTAINED = 4
"""Letters a name needs before it is recognised inside a longer word of a local part (``jberg1``)."""


@dataclass(frozen=True)
class PersonalNames:
    """The words of every person's names, to tell a personal piece of an identifier from other data."""

    words: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Lower-cased name word (two or more letters) → the people with it in a name."""
    glued: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Lower-cased names glued together (``annberg``, ``aberg``, ``bergann``) → the people."""
    initials: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """First letter → the people with a name word starting with it, or with it as an initial in a name ("Ann B")."""
    written: frozenset[str] = frozenset()
    """Names glued as user names write them: the forms of ``glued`` with each word capitalised as the name writes it
    (``AnnBerg``, ``ABerg``, ``BergAnn``, ``AnnMcKay``), and the given name or its initial, a dot and the surname in
    lower case (``ann.berg``, ``a.berg``); ``people`` gives their people."""
    alone: frozenset[str] = frozenset()
    """Lower-cased names of one word (a mapping's "Tobias"; not the words of a registered full name only): what a
    name between underscores must be (``underscored_names``)."""
    word_names: frozenset[str] = frozenset()
    """Lower-cased names that are also ordinary words of the corpus (tagged ``word``: "Harbour", "Digest" of a
    newsletter's row): no name between underscores (``underscored_names``)."""
    surnames: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Lower-cased last word of a name of several words (``berg`` of "Ann Berg") → the people with it."""
    kept: frozenset[str] = frozenset()
    """Lower-cased words of the keep list's names, left out of ``words`` (a cited "John Tukey" keeps "john" from
    naming anyone in an identifier): no evidence for or against a person in a display name either."""

    def owner(self, piece: str) -> str | None:
        """The one person a piece is made of, or None (nobody, or several)."""
        return one_person(self.people(piece))

    def glued_owner(self, piece: str) -> str | None:
        """The one person whose names a piece glues, two or more of them (``AnnBerg``, ``aberg``, ``ann_berg``), or
        None: a handle made of them mentions that person ("@AnnBerg"); one of a single name is left to the names."""
        if len(PIECE_WORDS.findall(piece)) < 2 and piece.lower() not in self.glued:
            return None
        return self.owner(piece)

    def people(self, piece: str) -> frozenset[str]:
        """The people a whole piece is made of: one name, two or more names of one person, or names glued."""
        words = [word.lower() for word in PIECE_WORDS.findall(piece)]
        if not words:
            return frozenset()
        if len(words) == 1:
            return self.glued.get(words[0], frozenset()) | self.words.get(words[0], frozenset())
        return self._run_people(words)

    def runs(self, piece: str) -> Iterator[tuple[int, int, frozenset[str]]]:
        """Spans of the piece made of one person's names: runs of 2+ name words, or one glued name."""
        words = list(PIECE_WORDS.finditer(piece))
        index = 0
        while index < len(words):
            end, people = self._longest_run(words, index)
            if end > index:
                yield words[index].start(), words[end].end(), people
                index = end + 1
                continue
            glued = self.glued.get(words[index].group().lower())
            if glued:
                yield words[index].start(), words[index].end(), glued
            index += 1

    def contained(self, piece: str) -> frozenset[str]:
        """The people with a name of ``CONTAINED``+ letters inside the piece (``jberg``, ``berg_a``); longest wins."""
        lowered = piece.lower()[:MAX_CONTAINED]
        for length in range(len(lowered), CONTAINED - 1, -1):  # every substring, longest first
            for start in range(len(lowered) - length + 1):
                people = self.words.get(lowered[start : start + length])
                if people:
                    return people
        return frozenset()

    def _longest_run(self, words: list[regex.Match[str]], start: int) -> tuple[int, frozenset[str]]:
        """The last index of the longest run of name words of one person from ``start``, and the people."""
        best, best_people = start, frozenset[str]()
        for end in range(start + 1, len(words)):
            people = self._run_people([word.group().lower() for word in words[start : end + 1]])
            if not people:
                break
            best, best_people = end, people
        return best, best_people

    def _run_people(self, words: list[str]) -> frozenset[str]:
        """The people every word names (an initial counts), with at least one word of three letters or more."""
        if all(len(word) < 3 for word in words):
            return frozenset()
        people: frozenset[str] | None = None
        for word in words:
            found = self.initials.get(word, frozenset()) if len(word) == 1 else self.words.get(word, frozenset())
            people = found if people is None else people & found
            if not people:
                return frozenset()
        return people or frozenset()


def personal_names(names: Mapping[str, Iterable[str]], keep: Iterable[str] = (),
                   words_too: Iterable[str] = ()) -> PersonalNames:
    """The name words, glued forms and initials of every person (participant → their names in use).

    Names on the keep list are not personal; neither are words of fewer than two letters. ``words_too``: the names
    that are also ordinary words (``PersonalNames.word_names``).
    """
    kept = {word.lower() for text in keep for word in PIECE_WORDS.findall(text)}
    words: dict[str, set[str]] = {}
    glued: dict[str, set[str]] = {}
    initials: dict[str, set[str]] = {}
    written: set[str] = set()
    alone: set[str] = set()
    for person, texts in names.items():
        single: list[str] = []
        several = False
        for text in texts:
            tokens = PIECE_WORDS.findall(text)
            if len(tokens) == 1:
                alone.add(tokens[0].lower())
            if text.isalpha():
                single.append(text)
            parts = [word.lower() for word in tokens]
            for word in parts:
                if len(word) >= 2 and word not in kept:
                    words.setdefault(word, set()).add(person)
                    initials.setdefault(word[0], set()).add(person)
                elif len(word) == 1 and len(parts) > 1:  # "Ann B": the initial of a surname the mapping lacks
                    initials.setdefault(word, set()).add(person)
            for form in _glued_forms(parts):
                glued.setdefault(form, set()).add(person)
            if len(tokens) > 1:
                written.update(_written_forms(tokens))
                several = several or len(text.split()) > 1
        if not several:  # "Kay", "Marsden": "kmarsden" glues them as "Kay Marsden" would
            for pair in _pairs([token for token in single if token.lower() not in kept]):
                for form in _glued_forms([token.lower() for token in pair]):
                    glued.setdefault(form, set()).add(person)
                written.update(_written_forms(list(pair)))
    written -= {text for texts in names.values() for text in texts}  # a name of the mapping is matched as a name
    return PersonalNames(_frozen(words), _frozen(glued), _frozen(initials), frozenset(written), frozenset(alone),
                         frozenset(name.lower() for name in words_too), _frozen(_surnames(names, kept)),
                         frozenset(kept))


def _surnames(names: Mapping[str, Iterable[str]], kept: set[str]) -> dict[str, set[str]]:
    """Last word → the people with names of several words that it ends (``PersonalNames.surnames``)."""
    found: dict[str, set[str]] = {}
    for person, texts in names.items():
        for text in texts:
            tokens = [token.lower() for token in PIECE_WORDS.findall(text)]
            if len(tokens) > 1 and len(tokens[-1]) > 1 and tokens[-1] not in kept:
                found.setdefault(tokens[-1], set()).add(person)
    return found


def _pairs(tokens: list[str]) -> Iterator[tuple[str, str]]:
    """Every two of a person's names of one word, in both orders: a mapping that holds no full name of a person
    does not say which of their names is the given name."""
    distinct: dict[str, str] = {}
    for token in tokens:
        distinct.setdefault(token.lower(), token)  # "Marsden" and "MArsden": one name
    return ((first, last) for first in distinct.values() for last in distinct.values() if first != last)


def _glued_forms(parts: list[str]) -> set[str]:
    """``ann berg`` → annberg, aberg, bergann; longer names add the first and last words glued.

    Not ``berga``: a surname and an initial glued read too often as a plural ("Hunter" → "hunters").
    """
    parts = [part for part in parts if len(part) >= 2]
    if len(parts) < 2:
        return set()
    first, last = parts[0], parts[-1]
    return {"".join(parts), first + last, first[0] + last, last + first}


def _written_forms(tokens: list[str]) -> set[str]:
    """``Ann Berg`` → AnnBerg, ABerg, BergAnn, ann.berg, a.berg: the forms of ``_glued_forms`` with each word
    capitalised as the name writes it (``AnnMcKay``; a word in capitals capitalised), and the first word or its
    initial and the last joined by a dot in lower case. A name of one word glued by a case change (``HiRob``) gives
    itself among them, which ``personal_names`` leaves to the names."""
    parts = [token.capitalize() if token.isupper() else token[0].upper() + token[1:]
             for token in tokens if len(token) >= 2]
    if len(parts) < 2:
        return set()
    first, last = parts[0], parts[-1]
    dotted = {f"{first}.{last}".lower(), f"{first[0]}.{last}".lower()}
    return {"".join(parts), first + last, first[0] + last, last + first} | dotted


MIN_GLUED_LOWER = 5
"""Letters a word glued in lower case needs (``aberg``): shorter ones are too often words or codes."""
GLUED_WORD = regex.compile(
    r"(?<![\w%])\p{L}\w*(?:_|\d|\p{Ll}\p{Lu})\w*|(?<![\w%])\p{Ll}{" + str(MIN_GLUED_LOWER) + r",}(?!\w)"
)
"""Words that may hold a glued name: starting with a letter (not "3ish", not "%20" and what follows), with an
underscore, a digit or a case change (``Mary2``, ``mary_jones``, ``MaryJones``); or long and lower-case (``mjones``)."""
ASCII_GLUED_MIXED = re.compile(r"\b(?<!%)[A-Za-z]\w*(?:_|\d|[a-z][A-Z])\w*", re.ASCII)
"""In ASCII text, the words of ``GLUED_WORD`` with an underscore, a digit or a case change, found by the standard
``re`` (several times faster than ``GLUED_WORD`` over prose). Each alternative of ``GLUED_WORD`` matches a whole run
of word characters, so its words are those of this pattern and of ``ASCII_GLUED_LOWER``."""
ASCII_GLUED_LOWER = re.compile(r"\b(?<!%)[a-z]{" + str(MIN_GLUED_LOWER) + r",}\b", re.ASCII)
"""In ASCII text, the long lower-case words of ``GLUED_WORD``."""
MIN_GLUED_LETTERS = 3
"""Letters a glued word needs: initials glued to digits ("5PM", "MJ2") are too often something else."""


def glued_people(word: str, names: PersonalNames, ordinary: Callable[[str], bool]) -> frozenset[str]:
    """The people a word of ``GLUED_WORD`` is made of, or has as capitalised names between underscores
    (``underscored_names``: ``Mary_notes``); a lower-case word only when it is names glued (``maryjones``).

    ``ordinary`` tells the words that are no names (the letters of "MP3", "programs").
    """
    if word.islower() and word.isalpha():
        people = names.glued.get(word, frozenset())
        return frozenset() if not people or ordinary(word) else people
    letters = "".join(c for c in word if c.isalpha()).lower()
    if len(letters) < MIN_GLUED_LETTERS or ordinary(letters):
        return frozenset()
    people = names.people(word) or frozenset().union(*(found for _, _, found in names.runs(word)))
    if people or "_" not in word:
        return people
    return frozenset(person for _, _, person in underscored_names(word, names))


GLUED_KEPT = 100_000
"""Words whose glued people a memory keeps at most (then it forgets them all): memory bounded by this, not the text."""


def recall(memory: dict[str, frozenset[str]], key: str, find: Callable[[], frozenset[str]]) -> frozenset[str]:
    """The people of a word as ``memory`` keeps them, else as ``find`` gives them, kept for the words met again (at
    most ``GLUED_KEPT`` words: the oldest are forgotten together): audit's index and apply's identifier rules meet the
    same words in many messages."""
    people = memory.get(key)
    if people is None:
        if len(memory) >= GLUED_KEPT:
            memory.clear()
        people = memory[key] = find()
    return people


def _frozen(table: dict[str, set[str]]) -> dict[str, frozenset[str]]:
    return {key: frozenset(values) for key, values in table.items()}


def tag_words(body: str, names: PersonalNames) -> list[tuple[int, int, str]]:
    """The capitalised words of a hashtag's body (after the ``#``) that are one person's name and no common word, with
    that person (``TeamTomas``: "Tomas"); not after a surname's particle (``DeLuca``), nor an ordinary word
    (``MarkYourCalendar``)."""
    found = []
    for word in _CAPITALISED.finditer(body):
        person = uncommon_name(word.group(), names)
        if person is not None and not _after_particle(body, word.start()):
            found.append((word.start(), word.end(), person))
    return found


_CAPITALISED = regex.compile(r"\p{Lu}\p{Ll}{2,}(?!\p{Ll})")
"""A capitalised word of three letters or more inside a word glued by case changes (``Tomas`` of ``TeamTomas``)."""
_PARTICLES = frozenset({"d", "da", "de", "del", "della", "der", "des", "di", "du", "la", "le", "mac", "mc", "o", "san",
                        "st", "ten", "ter", "van", "von"})
"""Words that open surnames glued to the next capital ("DeLuca", "McKay", "VanDyke")."""


def _after_particle(body: str, start: int) -> bool:
    """Whether the word at ``start`` comes right after a surname's particle ("De" of ``DeLuca``)."""
    pieces = PIECE_WORDS.findall(body[:start])
    return bool(pieces) and body[:start].endswith(pieces[-1]) and pieces[-1].lower() in _PARTICLES


def underscored_names(word: str, names: PersonalNames) -> list[tuple[int, int, str]]:
    """The capitalised words between a word's underscores (or digits) that are an uncommon name of one person used
    alone (``PersonalNames.alone``: not a word of a class list's full name only, "Marsh" of a registered name in
    ``Lab2_Marsh``), with that person, as file names write names in title case (``Rew_Essay.docx``,
    ``Essay_Rew2.pdf``): only where no lower-case piece comes before (``degree_Celsius`` is a unit, ``rew_talk`` as
    likely a program's name), not a name that is also an ordinary word of the corpus (``PersonalNames.word_names``),
    and not before a surname that is not that person's (a census surname, or somebody else's name): ``Mary_Jones`` is
    as likely another Mary, as "Mary Jones" is in prose."""
    found = []
    lower = _LOWER_PIECE.search(word)
    pieces = list(_GLUED_CAPITALISED.finditer(word, 0, lower.start() if lower is not None else len(word)))
    for piece, after in zip(pieces, [*pieces[1:], None]):
        key = piece.group().lower()
        person = uncommon_name(piece.group(), names) if key in names.alone and key not in names.word_names else None
        if person is not None and not (
                after is not None and word[piece.end() : after.start()] == "_"
                and _other_surname(after.group().lower(), person, names)):
            found.append((piece.start(), piece.end(), person))
    return found


_LOWER_PIECE = regex.compile(r"(?<![\p{L}])\p{Ll}")
"""A piece of a word that starts in lower case (``degree`` of ``degree_Celsius``)."""


def _other_surname(word: str, person: str, names: PersonalNames) -> bool:
    """Whether a lower-cased word after a person's name may be the surname of somebody else with that name."""
    owners = names.words.get(word, frozenset())
    return person not in owners and (bool(owners) or word in surnames())


def uncommon_name(word: str, names: PersonalNames) -> str | None:
    """The one person a word of three letters or more is a name of, unless it is a common word."""
    return one_person(uncommon_people(word, names))


def uncommon_people(word: str, names: PersonalNames) -> frozenset[str]:
    """The people a word of three letters or more is a name of, unless it is a common word: one person's, or a name
    of one word of several (a URL's ``?proposer=Ann+Lee`` names an Ann though two people use "Ann"; not a word of
    their full names only, "Quellmann" of "Ann Quellmann" and "Lee Quellmann" in ``?hotel=Quellmann+House``)."""
    key = word.lower()
    people = names.words.get(key, frozenset())
    if not people or len(word) < 3 or word.isdigit() or common_word(word):
        return frozenset()
    return people if len(people) == 1 or key in names.alone else frozenset()


_GLUED_CAPITALISED = regex.compile(r"(?<![^\W_\d])\p{Lu}\p{Ll}{2,}(?![^\W_\d])")
"""A capitalised word between underscores, digits or the ends of a word (``Rew`` of ``Rew_Essay2``)."""


def common_word(piece: str) -> bool:
    """True for a piece that is one common word ("will", "brown"): a name alone counts only when uncommon."""
    words = PIECE_WORDS.findall(piece)
    return len(words) == 1 and words[0].lower() in common_words()


def one_person(people: frozenset[str]) -> str | None:
    return next(iter(people)) if len(people) == 1 else None
