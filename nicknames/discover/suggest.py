"""Turn the index into suggestions: for each participant, the variants of their names that occur
where they are active, each with its evidence tags and the number of messages it occurs in."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from nicknames.discover.glued import glued_name
from nicknames.discover.lexicon import Lexicon
from nicknames.discover.sequences import misspelt_window
from nicknames.discover.sessions import Sessions
from nicknames.discover.stylised import initials_of, is_initials, is_stylised, letters
from nicknames.discover.token_index import TokenIndex
from nicknames.discover.variants import Vocabulary
from nicknames.nickname_table import NicknameTable
from nicknames.stopwords import STOPWORDS


@dataclass(frozen=True)
class Suggestion:
    """A name discovered for a participant, with its evidence."""

    participant: str
    text: str
    count: int
    tags: tuple[str, ...]


@dataclass(frozen=True)
class Known:
    """What collect knows before discovery: each participant's names and the registered names."""

    names: dict[str, set[str]]
    """Participant → names with direct evidence (class list, sign-off, greeting)."""
    registered: dict[str, list[str]] = field(default_factory=dict)
    """Participant → parts of the registered name (for other participants' claims on a form)."""

    @functools.cached_property
    def part_owners(self) -> dict[str, set[str]]:
        """Registered name part → participants registered with it."""
        owners: dict[str, set[str]] = {}
        for participant, parts in self.registered.items():
            for part in parts:
                owners.setdefault(part, set()).add(participant)
        return owners

    def all_names(self) -> frozenset[str]:
        """Every known name of anyone, case-folded."""
        return frozenset(n.casefold() for names in self.names.values() for n in names)


def discover(known: Known, index: TokenIndex, table: NicknameTable) -> list[Suggestion]:
    """Suggestions for every participant: nickname, case, accent, misspelling and glued variants.

    A variant counts the messages of the participant's threads that contain it; one
    found only elsewhere in their session is suggested with the ``session`` tag (see
    ``sessions``); a misspelt name of several words comes from the runs of capitals.
    """
    lexicon = index.lexicon
    famous = frozenset(table.forms) | frozenset(table.names) | known.all_names()
    vocabulary = Vocabulary(index.tokens(), lexicon, famous)
    glued = _glued_tokens(index.tokens(), famous, lexicon)
    windows = _windows(known, index)
    candidates = [
        (participant, text, tag, token)
        for participant, names in known.names.items()
        for text, tag, token in _candidates(participant, names, known, vocabulary, table, glued, windows)
        if tag == "glued" or text not in names
    ]
    claimants = _claimants(known, candidates)
    sessions = Sessions.from_index(index)
    found: dict[tuple[str, str], tuple[int, list[str]]] = {}
    for participant, text, tag, token in candidates:
        occurrences = index.threads.get(token) or windows.get(token) or Counter()
        own_threads = index.involved.get(participant, set())
        count = index.count(token, own_threads) or _window_count(windows, token, own_threads)
        if count:
            _add(found, participant, text, count, tag)
        elif (count := sessions.count(occurrences, participant, own_threads, claimants.get(token, ()))):
            _add(found, participant, text, count, tag)
            _add(found, participant, text, count, "session")
    _fold_windows(found, index, windows)
    return [Suggestion(p, t, c, tuple(tags)) for (p, t), (c, tags) in found.items()]


def signature_tags(text: str, registered_name: str | None) -> tuple[tuple[str, ...], bool]:
    """Tags for a name found in a greeting or sign-off, and whether it is doubtful.

    Stylised forms get ``stylised``; initials that match the registered name get
    ``initials``; bare capitals that do not match it ("CA", "SMHI") are doubtful.
    """
    tags = ("stylised",) if is_stylised(text) else ()
    if registered_name and is_initials(text):
        if letters(text).upper() in initials_of(registered_name):
            return (*tags, "initials"), False
        return tags, True
    return tags, False


def _candidates(
    participant: str,
    names: set[str],
    known: Known,
    vocabulary: Vocabulary,
    table: NicknameTable,
    glued: dict[str, list[str]],
    windows: dict[str, Counter[str]],
) -> Iterable[tuple[str, str, str]]:
    """(suggested name, tag, token whose occurrences count as evidence) for one participant."""
    singles = [name for name in names if " " not in name]
    for name in singles:
        for form in table.related(name):
            if not known.part_owners.get(form, set()) - {participant}:
                yield form, "nickname", form
                yield from ((variant, "case", variant) for variant in vocabulary.case_variants(form))
        yield from ((variant, "case", variant) for variant in vocabulary.case_variants(name))
        yield from ((variant, "fuzzy", variant) for variant in vocabulary.accent_variants(name))
        yield from ((variant, "fuzzy", variant) for variant in _misspellings(vocabulary, name))
        yield from ((name, "glued", token) for token in glued.get(name, []))
    for name in names:
        if " " in name:
            yield from ((window, "fuzzy", window) for window in windows if _spells(window, name, vocabulary))


def _windows(known: Known, index: TokenIndex) -> dict[str, Counter[str]]:
    """Misspelt names of several words found in the runs of capitals → messages per thread."""
    names = {name for names in known.names.values() for name in names if " " in name}
    windows: dict[str, Counter[str]] = {}
    for run, threads in index.runs.items():
        for name in names:
            window = misspelt_window(run, name, index.lexicon.is_word)
            if window is not None:
                windows.setdefault(window, Counter()).update(threads)
    return windows


def _spells(window: str, name: str, vocabulary: Vocabulary) -> bool:
    return misspelt_window(window, name, vocabulary.lexicon.is_word) == window


def _window_count(windows: dict[str, Counter[str]], window: str, threads: Collection[str]) -> int:
    return sum(n for thread, n in windows.get(window, Counter()).items() if thread in threads)


def _claimants(known: Known, candidates: list[tuple[str, str, str, str]]) -> dict[str, set[str]]:
    """Token → every participant who has it as a name or as a candidate variant."""
    claimants: dict[str, set[str]] = {}
    for participant, names in known.names.items():
        for name in names:
            claimants.setdefault(name, set()).add(participant)
    for participant, _, _, token in candidates:
        claimants.setdefault(token, set()).add(participant)
    return claimants


def _fold_windows(found: dict[tuple[str, str], tuple[int, list[str]]], index: TokenIndex,
                  windows: dict[str, Counter[str]]) -> None:
    """Drop a misspelt word suggested on its own when it only ever occurs inside a suggested window."""
    for participant, text in [key for key in found if key[1] in windows]:
        for word in text.split():
            alone = found.get((participant, word))
            within = sum(n for window, threads in windows.items() if word in window.split() for n in threads.values())
            if alone is not None and set(alone[1]) <= {"fuzzy", "session"} and sum(index.threads.get(word, Counter()).values()) <= within:
                del found[(participant, word)]


def _misspellings(vocabulary: Vocabulary, name: str) -> list[str]:
    cache: dict[str, list[str]] = vocabulary.__dict__.setdefault("_misspelling_cache", {})
    if name not in cache:
        cache[name] = vocabulary.misspellings(name)
    return cache[name]


def _glued_tokens(tokens: Iterable[str], names: frozenset[str], lexicon: Lexicon) -> dict[str, list[str]]:
    """Name → the glued tokens that contain it ("Mary" → ["thanksMary"])."""
    result: dict[str, list[str]] = {}

    def is_word(piece: str) -> bool:
        return piece.casefold() in STOPWORDS or lexicon.is_common(piece)

    for token in tokens:
        name = glued_name(token, lambda piece: piece.casefold() in names, is_word)
        if name is not None:
            result.setdefault(name, []).append(token)
    return result


def _add(found: dict[tuple[str, str], tuple[int, list[str]]], participant: str, text: str, count: int, tag: str) -> None:
    old_count, tags = found.get((participant, text), (0, []))
    if tag not in tags:
        tags.append(tag)
    found[(participant, text)] = (max(old_count, count), tags)
