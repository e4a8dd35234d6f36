"""What collect knows before it reads a text: the participants' registered names, who owns each part, and the
rules (``plan_collect``)."""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from nicknames.collect.discover.sequences import sequence_words
from nicknames.collect.discover.thread_counts import ThreadCodes
from nicknames.collect.discover.token_index import TokenIndex
from nicknames.collect.scan import LowerGivenNames, Scan, lower_given_names
from nicknames.io.class_list import (
    borrowed_middle_names,
    capital_forms,
    given_name,
    registered_forms,
    registered_parts,
    without_borrowed,
)
from nicknames.io.given_names import given_names, known_given
from nicknames.io.person_names import office_words, person_rows
from nicknames.rules.matcher import NameMatcher, compile_names
from nicknames.rules.nickname_table import NicknameTable, builtin_table
from nicknames.rules.patterns import name_key
from nicknames.rules.salutations import DEFAULT_RULES, Rules
from nicknames.rules.stopwords import SALUTATION_WORDS


@dataclass(frozen=True)
class CollectPlan:
    """What collect knows before it reads a text: the class list of the participants and the rules."""

    roster: dict[str, str]
    """Participant → registered full name, for the participants of the messages only."""
    registered: dict[str, list[str]]
    part_owners: dict[str, set[str]]
    """Registered name part (as ``name_key``), or given name and initial ("Ada Q"), → participants registered with
    it."""
    names_table: NicknameTable
    rules: Rules
    discover: bool = True
    """Whether variants are to be suggested (the pass then also indexes runs of capitalised words)."""
    offices: dict[str, str] = field(default_factory=dict)
    """Participants the class list registers as an office, a list or a company ("Office of the Provost"), or as two
    people ("Ida and Ben Quell") → that row."""
    given_owners: dict[str, set[str]] = field(default_factory=dict)
    """Case-folded given name → the people of the whole class list registered with it (those who never write too)."""

    def scan(self) -> Scan:
        """A fresh pass over messages with these rules, class-list names and watched names."""
        watched, runs, class_pattern = self._patterns
        index = TokenIndex(watched=watched, sequence_words=runs, codes=ThreadCodes())
        return Scan(self.rules, class_pattern, index, lower_given=self._lower_given if self.discover else None,
                    full_names=self._full_names)

    @functools.cached_property
    def _full_names(self) -> dict[str, str]:
        """Participant → their registered full name of two words or more (the first of their registered parts)."""
        return {participant: parts[0] for participant, parts in self.registered.items() if parts and " " in parts[0]}

    @functools.cached_property
    def _lower_given(self) -> LowerGivenNames:
        """The registered given names in lower case that may be suggested so: known given names only, so that the
        pass runs no automaton over names that are none."""
        return LowerGivenNames(lower_given_names(self.registered, lambda name: known_given(name, self.names_table)))

    @functools.cached_property
    def _patterns(self) -> tuple[frozenset[str], frozenset[str], NameMatcher | None]:
        """What every pass reads with: the watched names, the words that make a run worth keeping and the compiled
        class-list names (made once: a worker starts a pass for each chunk)."""
        watched = frozenset(part.casefold() for part in self.part_owners) | frozenset(
            self.names_table.forms) | frozenset(self.names_table.names)
        runs = sequence_words(self.part_owners) if self.discover else frozenset()
        return watched, runs, compile_names(self.part_owners)

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state.pop("_patterns", None)  # compiled again where the plan is unpickled
        state.pop("_lower_given", None)
        return state


def plan_collect(
    addressed: Iterable[str],
    class_list: dict[str, str] | None = None,
    rules: Rules = DEFAULT_RULES,
    nicknames: NicknameTable | None = None,
    discover: bool = True,
) -> CollectPlan:
    """The plan for the participants who send or receive messages (``addressed``)."""
    present = set(addressed)
    persons = person_rows(class_list or {})
    roster = {pid: name for pid, name in persons.items() if pid in present}
    offices = {pid: name for pid, name in (class_list or {}).items() if pid in present and pid not in roster}
    borrowed = borrowed_middle_names(persons)
    registered = {pid: without_borrowed(registered_parts(name), borrowed.get(pid, frozenset()))
                  for pid, name in roster.items()}
    if roster:
        # The words of the list's offices and companies ("Acme" of "Acme Helpdesk") sign and greet as no one's name,
        # unless they are a name word of a person of the list or a known given name.
        people = {word.casefold() for word in name_words_of(persons.values())}
        offices_words = office_words(class_list or {}) - given_names() - people
        rules = rules.extended(stopwords=offices_words, not_stopwords=name_words_of(roster.values()))
    names_table = nicknames if nicknames is not None else builtin_table(rules.languages)
    forms = {pid: [*registered_forms(roster[pid], parts), *capital_forms(parts)] for pid, parts in registered.items()}
    return CollectPlan(roster, registered, owners_by_part(forms), names_table, rules, discover, offices,
                       owners_by_given_name(persons))


def owners_by_given_name(persons: dict[str, str]) -> dict[str, set[str]]:
    """Case-folded given name (the first word of a registered full name) → the class list's people registered with
    it (``persons``: its rows that name a person, ``person_rows``)."""
    owners: dict[str, set[str]] = {}
    for pid, name in persons.items():
        parts = registered_parts(name)
        given = given_name(parts)
        if parts and (" " in parts[0] or given != parts[0]):  # a name of one word may be a given name or a surname
            owners.setdefault(given.casefold(), set()).add(pid)
    return owners


def owners_by_part(registered: dict[str, list[str]], key: Callable[[str], str] = name_key) -> dict[str, set[str]]:
    """Registered name part (as ``key`` gives it: ``name_key``, or case-folded) → the participants registered with
    it."""
    owners: dict[str, set[str]] = {}
    for participant, parts in registered.items():
        for part in parts:
            owners.setdefault(key(part), set()).add(participant)
    return owners


def name_words_of(full_names: Iterable[str]) -> set[str]:
    words = {word for full_name in full_names for part in registered_parts(full_name) for word in part.split()}
    return {word for word in words if word.lower() not in SALUTATION_WORDS}
