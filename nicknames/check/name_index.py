"""The names audit looks for (mapping, class list, keep list), indexed by their first token."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Self

from nicknames.apply.namesakes import OwnWords
from nicknames.check.tokens import name_tokens
from nicknames.io.class_list import registered_parts
from nicknames.io.given_names import given_names
from nicknames.io.person_names import person_rows, registered_full_names
from nicknames.model.mapping import Mapping
from nicknames.rules.personal_names import (
    PersonalNames,
    glued_people,
    personal_names,
    recall,
    tag_words,
)
from nicknames.rules.spellings import spelling_keys
from nicknames.rules.stopwords import STOPWORDS, common_words
from nicknames.rules.word_names import WORD_NAMES

MAX_INITIALS = 3
"""Names of at most this many letters, all capitals, count only when written in capitals."""
MIN_NEAR_LENGTH = 4
"""Shorter words are never near misses (too many ordinary words are one edit from a short name)."""


@dataclass
class NameIndex:
    """Names by their first token, for lookups while walking a message's tokens."""

    names: dict[tuple[str, ...], str] = field(default_factory=dict)
    """Token sequence of each name → the name as the mapping or class list writes it."""
    keep: set[tuple[str, ...]] = field(default_factory=set)
    lengths: dict[str, list[int]] = field(default_factory=dict)
    """First token → the lengths (in tokens) of the names starting with it, longest first."""
    keep_lengths: dict[str, list[int]] = field(default_factory=dict)
    owners: dict[str, list[str]] = field(default_factory=dict)
    first: set[str] = field(default_factory=set)
    """First tokens of every name and keep-list name: the only tokens that need a closer look."""
    words: set[str] = field(default_factory=set)
    """Lower-case names that are also ordinary words."""
    initials: set[str] = field(default_factory=set)
    """Initials (from the class list, or mapped names of up to 3 capitals such as "AT"), found only in capitals."""
    near: list[str] = field(default_factory=list)
    """Lower-case single-word names long enough for near-miss checks."""

    signature_only: set[str] = field(default_factory=set)
    """Class-list initials that no mapped name has: found only in a short line such as a sign-off."""
    personal: PersonalNames = field(default_factory=PersonalNames)
    """Every person's name words and glued forms, for names glued to other characters."""
    _rules: HitRules | None = field(default=None, repr=False, compare=False)
    _glued: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)
    _own_words: OwnWords | None = field(default=None, repr=False, compare=False)

    def own_words(self) -> OwnWords:
        """What may follow each participant's given name in their own name, and the given names of the mapping and
        class list (see ``namesakes.names_someone_else``); made once, until a name is added."""
        if self._own_words is None:
            names_of: dict[str, list[str]] = {}
            for tokens, text in self.names.items():
                for participant in self.owners.get(" ".join(tokens), ()):
                    names_of.setdefault(participant, []).append(text)
            self._own_words = OwnWords.of(names_of)
        return self._own_words

    def hit_rules(self) -> HitRules:
        """What the walk does at each first word (made once, until a name is added)."""
        if self._rules is None:
            self._rules = HitRules.of(self)
        return self._rules

    def glued_people(self, word: str) -> frozenset[str]:
        """``personal_names.glued_people`` of a word, kept for the words met again (until a name is added)."""
        return recall(self._glued, word, lambda: glued_people(word, self.personal, self._ordinary))

    def tag_people(self, word: str) -> frozenset[str]:
        """The people of a word's capitalised words that are one person's name (``personal_names.tag_words``:
        "TeamGreta"), which apply replaces in a hashtag; kept with the glued words."""
        return recall(self._glued, "#" + word,
                      lambda: frozenset(person for _, _, person in tag_words(word, self.personal)))

    def _ordinary(self, letters: str) -> bool:
        return letters in self.words or letters in common_words()

    def _changed(self) -> None:
        self._rules = None
        self._own_words = None
        self._glued.clear()

    def add(self, text: str, participant: str, word: bool = False, initials: bool = False) -> None:
        """Index one name of a participant."""
        tokens = name_tokens(text)
        if not tokens or (len(tokens) == 1 and len(tokens[0]) < 2):
            return
        self._changed()
        key = " ".join(tokens)
        if not initials:
            self.signature_only.discard(key)
        elif key not in self.owners:
            self.signature_only.add(key)
        if not (initials or _looks_like_initials(text)):
            self.initials.discard(key)
        elif key not in self.owners:
            self.initials.add(key)
        self.first.add(tokens[0])
        if key not in self.owners:
            self.names[tokens] = text
            _add_length(self.lengths, tokens)
            if len(tokens) == 1 and len(key) >= MIN_NEAR_LENGTH:
                self.near.append(key)
        owners = self.owners.setdefault(key, [])
        if participant not in owners:
            owners.append(participant)
        if word or (len(tokens) == 1 and (key in WORD_NAMES or key in STOPWORDS)):
            self.words.add(key)

    def add_keep(self, text: str) -> None:
        """Index a keep-list name."""
        tokens = name_tokens(text)
        if tokens:
            self._changed()
            self.first.add(tokens[0])
            self.keep.add(tokens)
            _add_length(self.keep_lengths, tokens)


def build_index(mapping: Mapping, class_list: dict[str, str] | None = None) -> NameIndex:
    """The names audit looks for: the mapping's names in use, class-list name parts, and the keep list."""
    index = NameIndex()
    persons = {pid: mapping.names_in_use(pid) for pid in mapping.participants}
    people = person_rows(class_list or {})
    for participant, full_name in registered_full_names(people).items():
        persons.setdefault(participant, []).append(full_name)
    index.personal = personal_names(persons, mapping.keep, mapping.word_names())
    for text in mapping.keep:
        index.add_keep(text)
    # A name tagged ``frequent`` (a company or a place greeted or signed once) is replaced only in greetings and
    # sign-offs: elsewhere it is not the person's, and left there is no finding.
    frequent = {(participant, name.text) for participant in mapping.participants
                for name in mapping.entry(participant).names if "frequent" in name.tags}
    # A name that is a common word ("Time", "May") counts where written as a name, whether the mapping or the
    # class list gives it: the same finding with and without --class-list.
    common = common_words()
    for participant in mapping.participants:
        for name in mapping.entry(participant).names:
            if name.in_use and (participant, name.text) not in frequent:
                index.add(name.text, participant, "word" in name.tags or name.text.lower() in common)
                for spelling in _unaccented(name.text):
                    index.add(spelling, participant, "word" in name.tags or _word_like(spelling, name.text, common))
    for participant, full_name in people.items():  # not "Office of the Chairman", "Gas Desk": their words are no names
        parts = [part for part in registered_parts(full_name) if (participant, part) not in frequent]
        for part in parts:
            index.add(part, participant, part.lower() in common)
            for spelling in _unaccented(part):
                index.add(spelling, participant, _word_like(spelling, part, common))
        letters = [word[0].upper() for word in parts[0].replace("-", " ").split()] if parts else []
        if len(letters) >= 2:
            index.add("".join(letters), participant, initials=True)
            index.add(".".join(letters) + ".", participant, initials=True)
    return index


def _unaccented(name: str) -> frozenset[str]:
    """A name's spellings without its accents, in lower case ("lucia" of Lucía, "juergen" and "jurgen" of Jürgen):
    a name left so is that person's name left."""
    return frozenset() if name.isascii() else spelling_keys(name) - {name.casefold()}


def _word_like(spelling: str, name: str, common: frozenset[str]) -> bool:
    """Whether a name's spelling without accents is to count only where written as a name: unless it or the name
    is a given name ("lucia", "soren" of Søren), as likely a word in lower case ("plank" of a surname Plänk)."""
    given = given_names()
    return spelling in common or not (all(word in given for word in spelling.split())
                                      or all(word in given for word in name.casefold().split()))


def _add_length(lengths: dict[str, list[int]], tokens: tuple[str, ...]) -> None:
    known = lengths.setdefault(tokens[0], [])
    if len(tokens) not in known:
        known.append(len(tokens))
        known.sort(reverse=True)


def _looks_like_initials(text: str) -> bool:
    """Up to three capital letters, perhaps with dots or dashes ("MJ", "A.T.", "-RG-"): "at" is not "AT"."""
    letters = [c for c in text if c.isalpha()]
    return 0 < len(letters) <= MAX_INITIALS and all(c.isupper() for c in letters)


@dataclass(frozen=True)
class HitRules:
    """What the walk would do at a token, by its word (in lower case), for the names of one index."""

    follow: dict[str, frozenset[str]]
    """First word → the second words of its names (and keep-list names) of more than one token."""
    silent: frozenset[str]
    """First words that are no name of one token (nor a keep-list one): the walk finds nothing at them alone."""
    lower_words: frozenset[str]
    """Names of one token (no keep-list one) read as a word in lower case, that are no glued name either."""
    title_words: frozenset[str]
    """Names of one token (no keep-list one) that are initials: read as a word when not in capitals."""
    quiet_lower: frozenset[str] = frozenset()
    """Words of ``silent`` or ``lower_words`` that start no name of more tokens: in lower case, always inert."""
    kept: frozenset[str] = frozenset()
    """Keep-list names of one token: the walk finds nothing at them alone (it only takes their place)."""
    sentence_words: frozenset[str] = frozenset()
    """Names of one token (no keep-list one) that are ordinary words and no initials: capitalised, a word use only
    where they open a sentence before a lower-case word (``audit._is_word_use``)."""

    @classmethod
    def of(cls, index: NameIndex) -> Self:
        """The rules of an index."""
        follow: dict[str, set[str]] = {}
        for tokens in [*index.names, *index.keep]:
            if len(tokens) > 1:
                follow.setdefault(tokens[0], set()).add(tokens[1])
        single = {tokens[0] for tokens in index.names if len(tokens) == 1}
        kept = {tokens[0] for tokens in index.keep if len(tokens) == 1}
        plain = single - kept
        glued = index.personal.glued
        silent = frozenset(index.first - single - kept)
        lower_words = frozenset(word for word in plain if word.isalpha() and word.islower() and word not in glued
                                and (word in index.initials or word in index.words))
        sentence_words = frozenset(word for word in plain & index.words
                                   if word not in index.initials and word not in index.signature_only)
        return cls({word: frozenset(seconds) for word, seconds in follow.items()}, silent, lower_words,
                   frozenset(plain & index.initials), (silent | lower_words) - follow.keys(), frozenset(kept),
                   sentence_words)

    def alone(self, word: str, folded: set[str]) -> bool:
        """True when no name of more than one token can start at this word in a text of these words."""
        seconds = self.follow.get(word)
        return seconds is None or seconds.isdisjoint(folded)
