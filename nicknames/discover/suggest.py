"""Turn the index into suggestions: for each participant, the variants of their names that occur
where they are active, each with its evidence tags and the number of messages it occurs in."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from nicknames.discover.glued import glued_name
from nicknames.discover.lexicon import Lexicon
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
    """Suggestions for every participant: nickname, case, accent, misspelling and glued variants."""
    lexicon = index.lexicon
    famous = frozenset(table.forms) | frozenset(table.names) | known.all_names()
    vocabulary = Vocabulary(index.tokens(), lexicon, famous)
    glued = _glued_tokens(index.tokens(), famous, lexicon)
    found: dict[tuple[str, str], tuple[int, list[str]]] = {}
    for participant, names in known.names.items():
        for text, tag, token in _candidates(participant, names, known, vocabulary, table, glued):
            if tag != "glued" and text in names:
                continue
            count = index.count_for(token, participant)
            if count:
                _add(found, participant, text, count, tag)
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
) -> Iterable[tuple[str, str, str]]:
    """(suggested name, tag, token whose occurrences count as evidence) for one participant."""
    singles = [name for name in names if " " not in name]
    for name in singles:
        for form in table.related(name):
            if not known.part_owners.get(form, set()) - {participant}:
                yield form, "nickname", form
        yield from ((variant, "case", variant) for variant in vocabulary.case_variants(name))
        yield from ((variant, "fuzzy", variant) for variant in vocabulary.accent_variants(name))
        yield from ((variant, "fuzzy", variant) for variant in _misspellings(vocabulary, name))
        yield from ((name, "glued", token) for token in glued.get(name, []))


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
