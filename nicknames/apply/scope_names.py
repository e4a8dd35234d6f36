"""The names in use in a scope, compiled once: a mapping's names with their case forms, and who uses each."""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Sequence
from collections.abc import Mapping as MappingType
from dataclasses import dataclass, field
from typing import NamedTuple

import regex

from nicknames.apply.inflection import inflected_names
from nicknames.apply.namesakes import OwnWords, has_lost_letter, lost_spelling
from nicknames.apply.person_placeholders import (
    OTHER_OWNERS,
    add_other_owners,
    other_labels,
)
from nicknames.apply.resolution import NamesOf
from nicknames.model.mapping import OTHERS, Mapping
from nicknames.rules.matcher import NameMatcher, compile_names
from nicknames.rules.patterns import name_key
from nicknames.rules.titled_initials import titled_forms


@dataclass(frozen=True)
class MappingNames:
    """The names in use of a set of participants and the keep list, compiled once: what a scope's names are made of.

    Besides the names the mapping lists, their case forms (``case``: form → the name it is a form of): a name of
    several words also matches in capitals ("MARY JANE POE") anywhere; a capitalised name of one word also in lower
    case and in capitals ("mary", "MARY"), but only where its position makes it a name (``positional``, see
    ``word_names.in_name_position``); initials of two or three capitals also with full stops ("M.J." for "MJ"),
    where the initials themselves are replaced; a title and an initial ("Dr. Q") after any title ("Prof Q").
    """

    pattern: NameMatcher | None
    owners: dict[str, tuple[str, ...]]
    """Name → the participants using it, in mapping order (keep-list names map to ())."""
    counts: dict[tuple[str, str], int]
    words: frozenset[str] = frozenset()
    """Names tagged ``word``: skipped where they read as the ordinary word (see ``word_names``)."""
    openings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """First word → the names in use of several words that start with it (``@Mary Jane``)."""
    case: dict[str, str] = field(default_factory=dict)
    positional: frozenset[str] = frozenset()
    keys_of: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Participant → the names they use."""
    order: dict[str, int] = field(default_factory=dict)
    """Participant → their place in the mapping."""
    others: dict[str, str] = field(default_factory=dict)
    """Name of a person who is not a participant → its placeholder (``[PERSON 2]``; see ``nicknames.collect.others``)."""
    short: frozenset[str] = frozenset()
    """Names tagged ``short`` ("M", "kd") or ``frequent``: replaced only where they stand as a greeting or sign-off."""
    endings: dict[str, int] = field(default_factory=dict)
    """Inflected form ("Annas", in ``case`` too) → the length of the ending apply keeps (see ``apply.inflection``)."""
    at_a_glance: frozenset[str] = frozenset()
    """The ``positional`` forms of participants' names: dropped where ``word_names.inside_sentence`` holds, before
    anything else is looked up (most names found are such forms inside sentences: "for", "time")."""
    signed: frozenset[str] = frozenset()
    """The names tagged ``short`` (not those only ``frequent``): also replaced where they sign a line of the sign-off
    zone (``zones``), above a quote, a signature block or a footer ("--kd\n____\nFrom: …")."""

    @functools.cached_property
    def folded_openings(self) -> dict[str, tuple[str, ...]]:
        """``openings`` by their first word case folded, the longest names first: a name of several words written in
        other case ("tobias Quell", "TOBIAS Quell") opens with a form the matcher finds ("tobias", "TOBIAS")."""
        return _longest_first_by((word, key) for word, keys in self.openings.items() for key in keys)

    @functools.cached_property
    def folded_surnames(self) -> dict[str, tuple[str, ...]]:
        """The names in use of several words by their last word case folded, the longest first: a list writes the
        surname first ("QUELL, TOBIAS")."""
        return _longest_first_by((key.rpartition(" ")[2], key) for keys in self.openings.values() for key in keys)

    @functools.cached_property
    def folded_ends(self) -> frozenset[str]:
        """The words of ``folded_openings`` and ``folded_surnames``: a name found that is none of them, case folded,
        is part of no name of several words in other case (most names found)."""
        return frozenset(self.folded_openings) | frozenset(self.folded_surnames)

    @functools.cached_property
    def in_use(self) -> frozenset[str]:
        """The names in use of participants (not the keep list's)."""
        return frozenset(key for key, users in self.owners.items() if users)

    @functools.cached_property
    def name_words(self) -> frozenset[str]:
        """Every word of the participants' names, case folded: a word next to a name can join it (``name_runs``) only
        if it is one of these."""
        return frozenset(word.casefold() for keys in self.keys_of.values() for key in keys for word in key.split())

    @functools.cached_property
    def own_words(self) -> OwnWords:
        """What may follow each participant's given name in their own name, and the mapping's given names (see
        ``namesakes.names_someone_else``)."""
        return OwnWords.of(self.keys_of, self.owners)

    @classmethod
    def of(cls, mapping: Mapping, participants: Collection[str] | None = None) -> MappingNames:
        """The names of these participants (default: everyone in the mapping) and the keep list."""
        chosen = set(mapping.participants) if participants is None else participants
        owners, counts, tagged = scope_owners(mapping, chosen)
        case = _case_forms(owners)
        case.update((form, key) for key in owners if " " in key
                    for form in titled_forms(key) if form not in owners and form not in case)  # "Prof. Q" of "Dr. Q"
        case.update((form, key) for form, key in lost_letter_forms(owners).items() if form not in owners
                    and form not in case)  # "Jens Q?ellmann" of "Jens Q" and "Q?ellmann"
        glued = [*tagged["glued"], *(f for f, k in case.items() if k in tagged["glued"])]
        positional = frozenset(form for form in case if " " not in form and not form.endswith("."))
        # no inflected forms of a name that is also a word ("Persians" of a user's "Persian")
        inflected = inflected_names({key: users for key, users in owners.items() if key not in tagged["word"]},
                                    {*owners, *case})
        case.update((form, key) for form, (key, _) in inflected.items())
        pattern = compile_names([*owners, *case], glued=glued)
        openings: dict[str, list[str]] = {}
        keys_of: dict[str, list[str]] = {}
        for key, users in owners.items():
            if " " in key:
                openings.setdefault(key.split(" ", 1)[0], []).append(key)
            for user in users:
                keys_of.setdefault(user, []).append(key)
        return cls(pattern, {k: tuple(v) for k, v in owners.items()}, counts, frozenset(tagged["word"]),
                   {word: tuple(keys) for word, keys in openings.items()}, case, positional,
                   {user: tuple(keys) for user, keys in keys_of.items()},
                   {participant: index for index, participant in enumerate(mapping.participants)},
                   other_labels(mapping), frozenset(tagged["short"] | tagged["frequent"]),
                   {form: ending for form, (_, ending) in inflected.items()},
                   frozenset(form for form in positional if owners[case[form]] != [OTHERS]),
                   frozenset(tagged["short"] - tagged["frequent"]))


def _longest_first_by(pairs: Iterable[tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    """Names grouped by a word of theirs case folded (``pairs``: word, name), the longest names first."""
    grouped: dict[str, list[str]] = {}
    for word, key in pairs:
        grouped.setdefault(word.casefold(), []).append(key)
    return {word: tuple(sorted(keys, key=len, reverse=True)) for word, keys in grouped.items()}


class FormFacts(NamedTuple):
    """What substitution looks up about a form the matcher found: the same for each of its mentions in a scope."""

    key: str
    """The mapping's name the form is (``MappingNames.case``)."""
    candidates: tuple[str, ...]
    """The active participants using it, else its owners in the file (``ScopeNames.candidates``)."""
    outside: bool
    """None of its users is active in the scope."""
    ending: int
    """The length of the ending kept after it (``MappingNames.endings``)."""
    positional: bool
    """A case form counted only where its position makes it a name (``MappingNames.positional``)."""
    others: bool
    """The name of a person who is not a participant (``OTHER_OWNERS``)."""
    short: bool
    """A name replaced only in a greeting or sign-off (``MappingNames.short``)."""
    word: bool
    """A name that is also an ordinary word (``MappingNames.words``)."""
    more_outside: bool
    """The file has more owners of the name than ``candidates`` (``substitute._with_named`` may add some)."""


@dataclass(frozen=True)
class ScopeNames:
    """The names in use in one scope: the active participants', and with ``NamesOf.everyone`` everyone else's."""

    names: MappingNames
    owners: dict[str, tuple[str, ...]]
    """Name → active participants using it, in mapping order (keep-list names map to ())."""
    outside: MappingType[str, tuple[str, ...]] = field(default_factory=dict)
    """Name → its owners in the whole file, for a name no active participant has (``NamesOf.everyone``)."""
    known: dict[str, FormFacts] = field(default_factory=dict, repr=False, compare=False)
    """The ``facts`` of each form found so far: looked up once per form, not once per mention."""

    def facts(self, form: str) -> FormFacts:
        """What substitution needs to know about a form found by ``pattern`` (kept in ``known``)."""
        found = self.known.get(form)
        if found is None:
            names = self.names
            key, candidates, outside = self.candidates(form)
            found = self.known[form] = FormFacts(
                key, candidates, outside, names.endings.get(form, 0), form in names.positional,
                candidates == OTHER_OWNERS, key in names.short, form in names.words,
                len(self.outside.get(key, ())) > len(candidates),
            )
        return found

    @property
    def pattern(self) -> NameMatcher | None:
        """The compiled names (with their case forms)."""
        return self.names.pattern

    @property
    def counts(self) -> dict[tuple[str, str], int]:
        """(participant, name) → how often collect found it."""
        return self.names.counts

    def candidates(self, key: str) -> tuple[str, tuple[str, ...], bool]:
        """The mapping's name a matched name (or case form) is, who may be meant, and whether none of them is active."""
        name = self.names.case.get(key, key)
        users = self.owners.get(name)
        if users is not None:
            return name, users, False
        return name, self.outside.get(name, ()), True

    @property
    def others(self) -> dict[str, str]:
        """Name of a person who is not a participant → its placeholder."""
        return self.names.others

    @property
    def short(self) -> frozenset[str]:
        """Names replaced only where they stand as a greeting or sign-off."""
        return self.names.short

    def starts_name(self, text: str, start: int, end: int) -> bool:
        """True when the handle body ``text[start:end]`` is a name in use, or opens one of several words."""
        body = text[start:end]
        if self.candidates(body)[1]:
            return True
        openings = self.names.openings.get(body)
        if not openings:
            return False
        rest = name_key(text[start : start + 256]) + " "
        return any(rest.startswith(name) and not rest[len(name)].isalnum() and self.candidates(name)[1]
                   for name in openings)

    def duplicates(self) -> dict[str, tuple[str, ...]]:
        """Names that belong to more than one active participant."""
        return shared_names(self.owners)


def shared_names(owners: MappingType[str, Sequence[str]]) -> dict[str, tuple[str, ...]]:
    """The names of ``owners`` (name → participants using it) that belong to more than one participant."""
    return {name: tuple(users) for name, users in owners.items() if len(users) > 1}


def scope_names(
    mapping: Mapping, active: Collection[str], names_of: NamesOf = NamesOf.active, everyone: MappingNames | None = None
) -> ScopeNames:
    """The names of the active participants (of everyone, see ``NamesOf``) and the keep list for one scope.

    ``everyone``: ``MappingNames.of(mapping)``, made once for all scopes (``NamesOf.everyone`` compiles the names
    of the whole mapping, the same for every scope).
    """
    if names_of is NamesOf.active:
        names = MappingNames.of(mapping, active)
        return ScopeNames(names, names.owners)
    names = everyone if everyone is not None else MappingNames.of(mapping)
    present = sorted((p for p in active if p in names.keys_of), key=names.order.__getitem__)
    owners: dict[str, list[str]] = {name_key(text): [] for text in mapping.keep}
    for participant in present:
        for key in names.keys_of[participant]:
            owners.setdefault(key, []).append(participant)
    return ScopeNames(names, {key: tuple(users) for key, users in owners.items()}, names.owners)


def scope_owners(
    mapping: Mapping, active: Collection[str]
) -> tuple[dict[str, list[str]], dict[tuple[str, str], int], dict[str, set[str]]]:
    """The names of one scope before they are compiled: name → active participants using it, in mapping order
    (keep-list names: none), each (participant, name)'s count, and the names tagged ``glued``, ``word``, ``short``
    and ``frequent``."""
    owners: dict[str, list[str]] = {name_key(text): [] for text in mapping.keep}
    counts: dict[tuple[str, str], int] = {}
    keep = set(owners)
    tagged: dict[str, set[str]] = {"glued": set(), "word": set(), "short": set(), "frequent": set()}
    for participant in mapping.participants:
        if participant not in active:
            continue
        for name in mapping.entry(participant).names:
            key = name_key(name.text)
            if name.in_use and key not in keep:
                owners.setdefault(key, []).append(participant)
                counts[(participant, key)] = name.count or 0
                for tag in tagged.keys() & set(name.tags):  # "frequent": replaced where it stands as a greeting or
                    tagged[tag].add(key)  # sign-off, as "short" is
    add_other_owners(mapping, owners, tagged["word"])
    return owners, counts, tagged


def lost_letter_forms(owners: MappingType[str, Sequence[str]]) -> dict[str, str]:
    """Full name → the name it is a form of, for a surname written with letters an archive lost ("Q?ellmann", a name
    of one word) after the given name of a name of several words of the same participant whose last word it spells, or
    whose last word is its initial ("Jens Q?ellmann" of "Jens Quellmann" or "Jens Q"). Matched longest first, the
    full name is found whole; without it, "Jens Q" matched up to the lost letter and left "?ellmann"."""
    lost = [key for key, users in owners.items() if users and " " not in key and has_lost_letter(key)]
    if not lost:
        return {}
    people = {user for key in lost for user in owners[key]}
    full = [key for key, users in owners.items() if " " in key and not people.isdisjoint(users)]
    forms: dict[str, str] = {}
    for word in lost:
        spelt, users = lost_spelling(word), set(owners[word])
        for key in full:
            given, _, last = key.rpartition(" ")
            if (last == word[0] or spelt.fullmatch(last) is not None) and not users.isdisjoint(owners[key]):
                forms.setdefault(f"{given} {word}", key)
    return forms


_INITIALS = regex.compile(r"\p{Lu}{2,3}")
"""A name of two or three capitals: initials ("MJ"), also written with full stops ("M.J.")."""


def _case_forms(owners: MappingType[str, Sequence[str]]) -> dict[str, str]:
    """Case form → the name it is a form of, for the forms the names do not include themselves (see
    ``MappingNames``): a name of several words in capitals ("MARY POE", the keep list's too: "ARTHUR C. CLARKE"); a
    name of one word in lower case and in capitals; initials with full stops."""
    case: dict[str, str] = {}
    for key in owners:
        if " " in key:
            forms = [key.upper()]
        elif key[:1].isupper() and not key.isupper() and owners[key]:
            forms = [key.lower(), key.upper()]
        elif _INITIALS.fullmatch(key) and owners[key]:
            forms = [".".join(key) + "."]
        else:
            continue
        for form in forms:
            if form != key and form not in owners:
                case.setdefault(form, key)
    return case
