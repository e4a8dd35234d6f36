"""The word lists and patterns that greetings and sign-offs are read with: built in, from the language packs and
from the config file (``Rules``), with the time bound that keeps a config file's pattern from running for ever."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import regex

from nicknames.model.errors import InputError
from nicknames.rules.languages import LANGUAGES, languages
from nicknames.rules.stopwords import CLOSERS, GREETINGS, STOPWORDS

DECORATION = r"[\s\-–—~*_=>.!,;:]*"
"""What may stand between a greeting or closer and the name after it: spaces, dashes, punctuation."""
TITLES = frozenset({"dr", "prof", "professor", "mr", "mrs", "ms", "miss", "mx", "sir", "madam", "dame"})
"""English titles dropped before a name ("Dear Prof. Smith" → "Smith"); the packs add their own ("Herr")."""
ROLE_WORDS = frozenset({
    "administrator", "adviser", "advisor", "analyst", "assistant", "associate", "attorney", "chair", "chairman",
    "chairperson", "consultant", "coordinator", "counsel", "developer", "director", "editor", "engineer",
    "executive", "facilitator", "fellow", "instructor", "lecturer", "librarian", "manager", "officer", "postdoc",
    "president", "programmer", "researcher", "scientist", "secretary", "specialist", "supervisor", "technician",
    "recruiter", "statistician", "biostatistician", "epidemiologist", "economist", "mathematician", "physicist",
    "chemist", "biologist", "ecologist", "modeler", "modeller", "strategist", "accountant", "physician",
    "psychologist", "auditor", "moderator", "moderators", "editors", "author", "maintainer",
    "candidate", "student", "bsc", "msc", "mres", "mphil", "dphil", "phd", "mba", "edd", "mphys", "msci", "meng",
    "beng",
})
"""Words of a job title or a degree: a signature's line of them ("Research Scientist", "MSc Statistics") stands
under the name, and is not one."""
INSTITUTION_WORDS = frozenset({
    "university", "universität", "universidad", "université", "università", "universidade", "college", "institute",
    "institut", "instituto", "department", "dept", "school", "faculty", "hospital", "laboratory", "academy",
    "centre", "center", "facility", "division", "clinic", "unit", "group", "lab", "labs", "program", "programme",
})
"""Words of a signature's line that names where the sender works ("Harbour College", "Dept. of Statistics"): the
name stands above it."""
_ALL = languages()


@dataclass(frozen=True)
class Rules:
    """The greeting words, closers, stop words and titles collect uses: built in, the language packs', and the
    config file's (``for_languages`` chooses the packs; by default all of them)."""

    greetings: tuple[str, ...] = GREETINGS + _ALL.greetings
    closers: tuple[str, ...] = CLOSERS + _ALL.closers
    stopwords: frozenset[str] = STOPWORDS | _ALL.stopwords
    titles: frozenset[str] = TITLES | _ALL.titles
    languages: tuple[str, ...] = LANGUAGES
    """The language packs in use (their familiar forms join the nickname table)."""
    _compiled: dict[str, regex.Pattern[str]] = field(default_factory=dict, compare=False, repr=False)
    _read: dict[tuple[str, ...], tuple[str, ...] | None] = field(default_factory=dict, compare=False, repr=False)
    """What a greeting line or the lines of a closing gave (see ``read``)."""
    _matched: dict[tuple[str, str], regex.Match[str] | None] = field(default_factory=dict, compare=False, repr=False)
    """What a greeting or closer pattern matched at the start of a short line (see ``match``)."""
    _heads: dict[tuple[str, str], bool] = field(default_factory=dict, compare=False, repr=False)
    """Whether a line that starts with these characters may match a greeting or closer pattern (see ``match``)."""

    def extended(self, greetings: Iterable[str] = (), closers: Iterable[str] = (),
                 stopwords: Iterable[str] = (), not_stopwords: Iterable[str] = ()) -> Rules:
        """These rules plus extra greetings, closers and stop words, minus words that are names here."""
        words = (self.stopwords | {w.lower() for w in stopwords}) - {w.lower() for w in not_stopwords}
        return Rules(self.greetings + tuple(greetings), self.closers + tuple(closers), frozenset(words), self.titles,
                     self.languages)

    @classmethod
    def for_languages(cls, codes: tuple[str, ...] = LANGUAGES) -> Rules:
        """The built-in English rules and the chosen language packs' ("sv", "de", ...; see ``rules.languages``)."""
        chosen = languages(codes)
        return cls(GREETINGS + chosen.greetings, CLOSERS + chosen.closers, STOPWORDS | chosen.stopwords,
                   TITLES | chosen.titles, codes)

    def pattern(self, kind: str) -> regex.Pattern[str]:
        """The compiled greeting or closer pattern."""
        if kind not in self._compiled:
            words = self.greetings if kind == "greeting" else self.closers
            self._compiled[kind] = regex.compile(_salutation(words))
        return self._compiled[kind]

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state["_matched"] = {}  # matches cannot be pickled: they are made again where the rules are unpickled
        return state

    def match(self, kind: str, line: str) -> regex.Match[str] | None:
        """The greeting or closer pattern matched at the start of ``line``, within ``PATTERN_TIMEOUT``.

        Patterns from a config file can backtrack for ever (``(a|aa)+$``); the
        time bound turns that into an error instead of a run that never ends.
        """
        key = (kind, line)
        if key in self._matched:  # "Thanks,", "Best," and "Hi all," come again and again: matched once
            return self._matched[key]
        if len(line) > HEAD_CHARS and self.built_in and not self._may_start(kind, line[:HEAD_CHARS]):
            return None
        try:
            found = self.pattern(kind).match(line, timeout=PATTERN_TIMEOUT)
        except TimeoutError:
            option = "greetings" if kind == "greeting" else "closers"
            raise InputError(
                f"A {kind} pattern took more than {PATTERN_TIMEOUT:g} s on one line: a pattern of [collect] {option} "
                "in the config file backtracks without end; simplify it (no nested repeats such as (a|aa)+)."
            ) from None
        if len(line) <= READ_KEY_CHARS:
            if len(self._matched) >= READ_LINES_KEPT:
                self._matched.clear()
            self._matched[key] = found
        return found

    @functools.cached_property
    def built_in(self) -> bool:
        """Whether every greeting and closer is a built-in one or a language pack's (none from a config file)."""
        return set(self.greetings) <= _BUILT_IN_GREETINGS and set(self.closers) <= _BUILT_IN_CLOSERS

    def _may_start(self, kind: str, head: str) -> bool:
        """Whether a line that starts with ``head`` may match the greeting or closer pattern: the pattern's partial
        match of ``head`` alone, which finds none when no line that starts so can match.

        Most lines read are sentences of a message's body, long and each seen once, which the pattern (an
        alternative for each of some 170 words) rejects at a cost that does not depend on the line; their first
        characters recur ("The", "Thi"). Used for the built-in words only (a config file's pattern may be any)."""
        key = (kind, head)
        may = self._heads.get(key)
        if may is None:
            if len(self._heads) >= READ_LINES_KEPT:
                self._heads.clear()
            may = self._heads[key] = self.pattern(kind).match(head, partial=True) is not None
        return may

    def read(self, lines: tuple[str, ...], reader: Callable[[], tuple[str, ...] | None]) -> tuple[str, ...] | None:
        """``reader()``, the names read from these lines, each distinct key read once.

        Greetings and closings repeat ("Hi Mary,", "Thanks,\nRob"), and what a message's greeting or
        closing gives depends on those few lines only (the key says which lines and what for).
        """
        names = self._read.get(lines, _UNREAD)
        if names is not _UNREAD:
            return names
        names = reader()
        if sum(map(len, lines)) <= READ_KEY_CHARS:  # a long line rarely comes again
            if len(self._read) >= READ_LINES_KEPT:
                self._read.clear()
            self._read[lines] = names
        return names


_BUILT_IN_GREETINGS = frozenset(GREETINGS + _ALL.greetings)
_BUILT_IN_CLOSERS = frozenset(CLOSERS + _ALL.closers)
HEAD_CHARS = 4
"""The first characters of a line by which ``Rules.match`` may tell at once that it is no greeting or closing."""
PATTERN_TIMEOUT = 1.0
"""Seconds a greeting or closer pattern may take on one line before the run stops with an error."""


def _salutation(words: Iterable[str]) -> str:
    alternatives = "|".join(f"(?:{word})" for word in words)
    return rf"^\s*(?i:{alternatives})(?!\w){DECORATION}(?P<rest>.*)$"


def pattern_error(pattern: str) -> tuple[str, int] | None:
    """Why ``pattern`` cannot be a greeting or closer, and at which 1-based character; None when it can."""
    try:
        regex.compile(pattern)
    except regex.error as error:
        position: int = getattr(error, "pos", None) or 0  # the typing stubs omit msg and pos
        return str(getattr(error, "msg", error)), min(position, len(pattern)) + 1
    try:
        regex.compile(_salutation([pattern]))  # a group name of its own, say, clashes with the pattern around it
    except regex.error as error:
        return str(getattr(error, "msg", error)), 1
    return None


_UNREAD: tuple[str, ...] = ("",)
"""What ``Rules.read`` finds for lines it has not read: a tuple of its own, told apart by identity."""
READ_LINES_KEPT = 50_000
"""Greeting lines and closings whose names ``Rules.read`` keeps before it forgets them all."""
READ_KEY_CHARS = 200
"""The longest greeting line or closing (in characters, with what the key says it is) that ``Rules.read`` keeps."""
DEFAULT_RULES = Rules()
