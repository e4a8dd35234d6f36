"""Turn the index into suggestions: for each participant, the variants of their names that occur
where they are active, each with its evidence tags and the number of messages it occurs in."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from nicknames.collect.discover.glued import glued_name
from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.others import used_mostly_elsewhere
from nicknames.collect.discover.sequences import Windows
from nicknames.collect.discover.sessions import Sessions
from nicknames.collect.discover.stylised import (
    initials_of,
    is_initials,
    is_stylised,
    letters,
)
from nicknames.collect.discover.thread_counts import CodedCounts, Members
from nicknames.collect.discover.token_index import TokenIndex
from nicknames.collect.discover.variants import Vocabulary
from nicknames.rules.nickname_table import NicknameTable
from nicknames.rules.patterns import name_key
from nicknames.rules.stopwords import STOPWORDS, common_words


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

    A variant counts the messages of the participant's threads that contain it; a
    variant of a given name found only elsewhere in their session is suggested with
    the ``session`` tag (see ``sessions``); misspelt names of several words come from
    the runs of capitals (see ``sequences``).
    """
    lexicon = index.lexicon
    famous = frozenset(table.forms) | frozenset(table.names) | known.all_names()
    vocabulary = Vocabulary(index.tokens(), lexicon, famous)
    glued = _glued_tokens(index.tokens(), famous, lexicon)
    names = (name for own in known.names.values() for name in own)
    windows = Windows.find(CodedCounts(index.runs), names, lexicon.is_word, known.all_names())
    alone = _standing_alone(index)
    candidates = [
        Candidate(participant, text, tag, token, roams)
        for participant, own in known.names.items()
        for text, tag, token, roams in _candidates(participant, own, known, vocabulary, table, glued, windows, alone)
        if tag == "glued" or text not in own
    ]
    claimants = _claimants(known, candidates)
    sessions = Sessions.from_index(index)
    found: dict[tuple[str, str], tuple[int, list[str]]] = {}
    # The candidates come participant by participant: read each one's threads once. Threads are read as codes.
    threads_of = functools.lru_cache(maxsize=1)(index.participation.codes_of)
    occurrences_of = CodedCounts(index.threads)
    read: dict[str, Mapping[int, int]] = {}  # a token's counts, read once: familiar forms are many people's candidates
    registered_alone = _registered_alone(known, lexicon)
    by_session: dict[str, dict[str, list[tuple[int, int]]]] = {}  # and grouped by session once, when needed
    for candidate in candidates:
        occurrences = read.get(candidate.token)
        if occurrences is None:
            occurrences = read[candidate.token] = (occurrences_of.get(candidate.token)
                                                   or windows.threads.get(candidate.token) or Counter())
        own_threads = threads_of(candidate.participant)
        if candidate.tag in ("nickname", CLIPPED):
            own_threads = _unshared(own_threads, candidate, claimants, index.participation)
        if (candidate.tag == "case" and _capital_too_many(candidate.text)
                and registered_alone.get(candidate.text.casefold()) == candidate.participant):
            count = sum(occurrences.values())  # "BRannock": counted wherever the registered name would be
        else:
            count = _count_in(occurrences, own_threads)
        if candidate.tag == CLIPPED:
            if count and not used_mostly_elsewhere(count, sum(occurrences.values())):
                _add(found, candidate.participant, candidate.text, count, "nickname")
        elif (candidate.tag == "fuzzy" and count and " " not in candidate.text
              and misspelt_elsewhere(count, sum(occurrences.values()))):
            continue
        elif count:
            _add(found, candidate.participant, candidate.text, count, candidate.tag)
        elif candidate.roams and not index.paired[candidate.token] and (count := sessions.count_grouped(
                _grouped(by_session, candidate.token, occurrences, sessions), candidate.participant, own_threads,
                claimants.get(candidate.token, ()))):
            _add(found, candidate.participant, candidate.text, count, candidate.tag)
            _add(found, candidate.participant, candidate.text, count, "session")
        elif (" " in candidate.text and candidate.tag == "fuzzy" and claimants.get(candidate.token) == {candidate.participant}
              and _holds_registered_word(candidate, known) and (count := sum(occurrences.values()))):
            # a full name misspelt in one word and written exactly in another is its owner's wherever it stands
            _add(found, candidate.participant, candidate.text, count, candidate.tag)
            _add(found, candidate.participant, candidate.text, count, "file")
    _fold_windows(found, index, windows)
    return [Suggestion(p, t, c, tuple(tags)) for (p, t), (c, tags) in found.items()]


def _holds_registered_word(candidate: Candidate, known: Known) -> bool:
    """Whether a window holds, as written, a word of two letters or more of its participant's registered name."""
    registered = {word for part in known.registered.get(candidate.participant, []) for word in part.split()
                  if len(word) > 1}
    return not registered.isdisjoint(candidate.text.split())


def _registered_alone(known: Known, lexicon: Lexicon) -> dict[str, str]:
    """Case-folded registered name part of one word, written capitalised, that one participant alone is registered
    with and that is no ordinary word → that participant: its variants with a capital too many ("BRannock", a key held
    too long) are theirs wherever they stand, as the part itself is."""
    owners: dict[str, set[str]] = {}
    for part, participants in known.part_owners.items():
        if " " not in part and part[:1].isupper() and part[1:].islower():
            owners.setdefault(part.casefold(), set()).update(participants)
    return {part: next(iter(people)) for part, people in owners.items()
            if len(people) == 1 and not lexicon.is_word(part) and part not in common_words()}


def _capital_too_many(text: str) -> bool:
    """A word that opens with two capitals and goes on in lower case ("BRannock", "TIm"); not the plural of two
    capitals ("DEs", "PCs")."""
    return len(text) > 2 and text[:2].isupper() and text[2:].islower() and text[2:] != "s"


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


@dataclass(frozen=True)
class Candidate:
    """A variant that may be suggested for a participant, before its occurrences are counted."""

    participant: str
    text: str
    tag: str
    token: str
    """What the messages must contain for it to count (the glued word for a glued name)."""
    roams: bool
    """Whether mentions outside the participant's threads, in their session, count too."""


def _candidates(
    participant: str,
    names: set[str],
    known: Known,
    vocabulary: Vocabulary,
    table: NicknameTable,
    glued: dict[str, list[str]],
    windows: Windows[int],
    alone: Callable[[str], bool],
) -> Iterable[tuple[str, str, str, bool]]:
    """(suggested name, tag, token whose occurrences count, whether it roams) for one participant.

    Only variants of given names roam (familiar forms only from the full name to the form:
    Richard → Rich, not Charlie → Charlotte), and only capitalised ones: a surname a letter
    away from another surname or a place ("Hill", "Hall") is too often not them.
    """
    single = sorted(name for name in names if " " not in name)  # in one order: the tags a name gets, in theirs
    # what misspells one of the names is no clipped name ("Thoms" is Thomas misspelt, "Chrs" Chris misspelt)
    misspelt = {v for name in single for v in _misspellings(vocabulary, name)}
    cases = {name.casefold() for name in single}  # "zoë" is a case form of Zoë, no near spelling of her "Zoe"
    for name in single:
        given = _given(name, participant, known, table)
        forward = table.familiar_forms(name)
        for form in table.related(name):
            if not known.part_owners.get(form, set()) - {participant}:
                yield form, "nickname", form, given and form in forward
                yield from ((v, "case", v, _roams(v)) for v in vocabulary.case_variants(form))
        variants = [(v, "case") for v in vocabulary.case_variants(name)]
        variants += [(v, "fuzzy") for v in vocabulary.accent_variants(name) + _misspellings(vocabulary, name)
                     + vocabulary.drawn_out_forms(name) if v.casefold() not in cases]
        yield from ((v, tag, v, given and _roams(v)) for v, tag in variants)
        if given and name.isalpha():  # a clipped given name is a familiar form: two Tobiahs' "Tobi" is neither's
            yield from ((v, CLIPPED, v, False) for v in vocabulary.clippings(name)
                        if v not in forward and v not in misspelt and alone(v))
        yield from ((name, "glued", token, given) for token in glued.get(name, []))
    for name in sorted(name for name in names if " " in name):  # not the name itself with another apostrophe
        yield from ((window, "fuzzy", window, True) for window in windows.spelling.get(name, ())
                    if name_key(window) != name_key(name))


CLIPPED = "clipped"
"""The tag of a candidate that is the first letters of a given name, suggested as a ``nickname`` where its owner is
and not mostly used elsewhere (the first word of a place, "Fenn" of a harbour's name, for a Fennimore)."""

MISSPELT_USES = 5
"""Uses of a near spelling of a name across the file from which ``misspelt_elsewhere`` can tell where it is used."""


def misspelt_elsewhere(own: int, uses: int) -> bool:
    """Whether a near spelling of a name, used ``uses`` times in the file and ``own`` of them in its owner's threads,
    is used more often elsewhere: a word or a product's name one letter from a given name, not a misspelling of
    the name, which people write where its owner is."""
    return uses >= MISSPELT_USES and 2 * own < uses


def _standing_alone(index: TokenIndex) -> Callable[[str], bool]:
    """Whether a capitalised word stands next to another name in fewer than half the messages it is in: a clipped
    given name does; the first word of a place or a firm ("Fenn Point") does not."""
    paired, threads = index.paired, index.threads

    def alone(token: str) -> bool:
        return 2 * paired.get(token, 0) < sum(threads.get(token, {}).values())

    return alone


def _unshared(threads: set[int], candidate: Candidate, claimants: dict[str, set[str]], members: Members) -> set[int]:
    """The participant's threads (codes) where nobody else claims the familiar form (two Catherines: "Cat" is
    neither's there).

    Each of the participant's threads is read with its few members: a common form has hundreds of claimants, and
    gathering all their threads for each of them took a quarter of collect's time."""
    participant = candidate.participant
    claimed = claimants.get(candidate.token, set())
    if not claimed or claimed == {participant}:
        return threads
    if len(claimed) <= FEW_CLAIMANTS:  # the threads of the few others
        threads_of = members.threads_of
        taken: set[int] = set()
        for other in claimed:
            if other != participant:
                taken.update(threads_of.get(other, ()))
        return threads - taken
    of_thread, others = members.of_thread, claimed - {participant}
    return {code for code in threads if others.isdisjoint(of_thread[code])}


def _grouped(by_session: dict[str, dict[str, list[tuple[int, int]]]], token: str, occurrences: Mapping[int, int],
             sessions: Sessions) -> dict[str, list[tuple[int, int]]]:
    """The token's occurrences grouped by session (``Sessions.grouped``), grouped once."""
    grouped = by_session.get(token)
    if grouped is None:
        grouped = by_session[token] = sessions.grouped(occurrences)
    return grouped


def _count_in(occurrences: Mapping[int, int], threads: set[int]) -> int:
    """Messages per thread summed over the threads (codes) given."""
    if len(threads) < len(occurrences):
        return sum(occurrences.get(thread, 0) for thread in threads)
    return sum(count for thread, count in occurrences.items() if thread in threads)


FEW_CLAIMANTS = 8
"""Claimants of a form up to which their threads are gathered; beyond, each thread's members are read."""


def _roams(variant: str) -> bool:
    """Mentions outside the participant's threads may count: not all capitals (headings, codes) nor
    all lower case (outside their threads "don", "gray" are words far more often than names)."""
    return not variant.isupper() and not variant.islower()


def _given(name: str, participant: str, known: Known, table: NicknameTable) -> bool:
    """A given name: the first word of the registered name, or an unregistered name they go by that
    the nickname table knows ("Bec", "Tori"); not a surname, a middle name or a stray sign-off."""
    registered = known.registered.get(participant, [])
    if registered and name == registered[0].split()[0]:
        return True
    key = name.casefold()
    return key not in {part.casefold() for part in registered} and table.knows(key)


def _claimants(known: Known, candidates: list[Candidate]) -> dict[str, set[str]]:
    """Token → every participant who has it as a name or as a candidate variant."""
    claimants: dict[str, set[str]] = {}
    for participant, names in known.names.items():
        for name in names:
            claimants.setdefault(name, set()).add(participant)
    for candidate in candidates:
        claimants.setdefault(candidate.token, set()).add(candidate.participant)
    return claimants


def _fold_windows(found: dict[tuple[str, str], tuple[int, list[str]]], index: TokenIndex,
                  windows: Windows[int]) -> None:
    """Drop a misspelt word suggested on its own when it only ever occurs inside a suggested window."""
    for participant, text in [key for key in found if key[1] in windows.threads]:
        for word in text.split():
            alone = found.get((participant, word))
            if alone is None or not set(alone[1]) <= {"fuzzy", "session"}:
                continue
            if sum(index.threads.get(word, Counter()).values()) <= windows.messages_with(word):
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
