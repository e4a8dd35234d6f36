"""Language packs: the greetings, sign-offs and name habits of the languages threads are written in.

Each pack is a data file in the package, ``nicknames/data/languages/<code>.toml``, with the
ordinary words of its language beside it (``<code>.words.txt``); each file says where its lists
come from. A pack holds greetings and closers (regular expressions, matched without case), words
after a greeting that are not names ("alla", "zusammen"), stop words, titles ("Herr", "Monsieur"),
the word that joins names ("och", "und"), the endings a name takes ("Annas", Finnish "Mikon"),
names that are also words ("Hans", "Rosa") and familiar forms ("Kalle" for Karl). All packs are
on unless a run chooses some (``collect --languages sv,en``, ``[collect] languages`` in the config
file); English is the tool's own language and its lists are built in (``rules.stopwords``).
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

from nicknames.model.errors import InputError

LANGUAGES = ("en", "sv", "de", "es", "fr", "nl", "it", "pt", "fi", "da", "no")
"""The languages with a pack, in the order their lists are tried."""
TITLE_STOPWORD_LENGTH = 4
"""Titles of at least this many letters are never names on their own ("Monsieur"); shorter ones ("Sr", "Dr")
may be someone's initials in a sign-off, so they are only dropped before a name."""


@dataclass(frozen=True)
class SamplePhrases:
    """What ``nicknames sample --language`` writes in a pack's language: templates with ``{G}``, ``{S}``, ``{P}``."""

    greetings: tuple[str, ...] = ()
    group_greetings: tuple[str, ...] = ()
    signoffs: tuple[str, ...] = ()
    unsigned: tuple[str, ...] = ()
    sentences: tuple[str, ...] = ()
    given_names: tuple[str, ...] = ()
    surnames: tuple[str, ...] = ()


@dataclass(frozen=True)
class LanguagePack:
    """One language's lists, as its data file gives them (lower case where they are words)."""

    code: str
    name: str
    sources: str
    greetings: tuple[str, ...] = ()
    closers: tuple[str, ...] = ()
    group_words: frozenset[str] = frozenset()
    stopwords: frozenset[str] = frozenset()
    titles: frozenset[str] = frozenset()
    conjunctions: tuple[str, ...] = ()
    endings: tuple[str, ...] = ()
    """Endings a name takes as it is ("Anna" → "Annas")."""
    weak_endings: tuple[str, ...] = ()
    """Endings a name takes after ``gradation`` weakens it ("Mikko" → "Miko" + "n"); only where a rule applies."""
    gradation: tuple[tuple[str, str], ...] = ()
    """(strong, weak) consonants of the name's last syllable: ("kk", "k") makes "Mikko" "Miko-"."""
    endings_after: str = "any"
    """``vowel``: endings only after a name that ends in a vowel; ``any``: after any name."""
    vowel_harmony: bool = False
    """Finnish: a name with a back vowel (a, o, u) takes the endings with "a", any other those with "ä"."""
    name_words: frozenset[str] = frozenset()
    familiar: tuple[tuple[str, str], ...] = ()
    """(given name, familiar form) pairs."""
    names_too: frozenset[str] = frozenset()
    """Greeting words that are also given names ("Dag", "Cara"): alone on the first line, they address someone."""
    sample: SamplePhrases = SamplePhrases()
    introductions: tuple[str, ...] = ()
    """Words before the name a writer gives themselves ("my name is", "call me"; lower case, see ``introductions``)."""
    self_words: tuple[str, ...] = ()
    """Words before a name that may be the writer's or a description ("I'm", "this is")."""
    here_words: tuple[str, ...] = ()
    """Words after the name a writer gives themselves ("Bart here")."""

    def __post_init__(self) -> None:
        if self.endings_after not in ("any", "vowel"):
            raise ValueError(f"endings_after must be 'any' or 'vowel', not {self.endings_after!r}")


@functools.cache
def language_pack(code: str) -> LanguagePack:
    """The pack of one language (read from package data, never from the network)."""
    if code not in LANGUAGES:
        raise InputError(f"Unknown language {code!r}; choose from {', '.join(LANGUAGES)}.")
    text = _data(f"{code}.toml")
    return _pack(tomllib.loads(text), code)


def _data(file_name: str) -> str:
    return resources.files("nicknames").joinpath("data", "languages", file_name).read_text(encoding="utf-8")


def _pack(data: dict[str, object], code: str) -> LanguagePack:
    def strings(key: str, table: dict[str, object] = data) -> tuple[str, ...]:
        value = table.get(key, [])
        assert isinstance(value, list), f"{code}: {key} must be a list"
        return tuple(str(item) for item in value)

    def words(key: str) -> frozenset[str]:
        return frozenset(word.lower() for word in strings(key))  # as collect compares words (not casefold: "ß")

    familiar = data.get("familiar", {})
    sample = data.get("sample", {})
    assert isinstance(familiar, dict) and isinstance(sample, dict)
    return LanguagePack(
        code, str(data["name"]), str(data["sources"]).strip(), strings("greetings"), strings("closers"),
        words("group_words"), words("stopwords"), words("titles"), strings("conjunctions"), strings("endings"),
        strings("weak_endings"), _pairs(data.get("gradation", []), code),
        str(data.get("endings_after", "any")), bool(data.get("vowel_harmony", False)), words("name_words"),
        tuple((str(name), str(form)) for name, forms in familiar.items() for form in forms), words("names_too"),
        SamplePhrases(*(strings(key, sample) for key in (
            "greetings", "group_greetings", "signoffs", "unsigned", "sentences", "given_names", "surnames"))),
        strings("introductions"), strings("self_words"), strings("here_words"),
    )


def _pairs(value: object, code: str) -> tuple[tuple[str, str], ...]:
    """A pack's list of two-string lists (``gradation``) as pairs."""
    assert isinstance(value, list) and all(isinstance(pair, list) and len(pair) == 2 for pair in value), code
    return tuple((str(strong), str(weak)) for strong, weak in value)


def parse_languages(text: str | Iterable[str]) -> tuple[str, ...]:
    """The language codes of ``--languages sv,en`` (or a config list), checked; all of them for "all"."""
    items = text.split(",") if isinstance(text, str) else list(text)
    codes = [item.strip().lower() for item in items if item.strip()]
    if not codes or codes == ["all"]:
        return LANGUAGES
    for code in codes:
        if code not in LANGUAGES:
            raise InputError(f"Unknown language {code!r}; choose from {', '.join(LANGUAGES)} (or all).")
    return tuple(dict.fromkeys(codes))


@dataclass(frozen=True)
class Languages:
    """The lists of the chosen packs together: what collect and apply read."""

    codes: tuple[str, ...]
    greetings: tuple[str, ...]
    closers: tuple[str, ...]
    stopwords: frozenset[str]
    """Group words, stop words and the longer titles of every chosen pack."""
    titles: frozenset[str]
    conjunctions: tuple[str, ...]
    name_words: frozenset[str]
    familiar: tuple[tuple[str, str], ...]
    names_too: frozenset[str]
    introductions: tuple[str, ...] = ()
    self_words: tuple[str, ...] = ()
    here_words: tuple[str, ...] = ()


@functools.cache
def languages(codes: tuple[str, ...] = LANGUAGES) -> Languages:
    """The chosen packs' lists together (each pack read once)."""
    packs = [language_pack(code) for code in codes]
    titles = frozenset().union(*(pack.titles for pack in packs))
    stop = frozenset().union(*(pack.group_words | pack.stopwords for pack in packs))
    return Languages(
        codes, _distinct(p for pack in packs for p in pack.greetings), _distinct(p for pack in packs for p in pack.closers),
        stop | {title for title in titles if len(title) >= TITLE_STOPWORD_LENGTH}, titles,
        _distinct(word for pack in packs for word in pack.conjunctions),
        frozenset().union(*(pack.name_words for pack in packs)),
        tuple(pair for pack in packs for pair in pack.familiar),
        frozenset().union(*(pack.names_too for pack in packs)),
        _distinct(w for pack in packs for w in pack.introductions),
        _distinct(w for pack in packs for w in pack.self_words),
        _distinct(w for pack in packs for w in pack.here_words),
    )


def _distinct(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


@functools.cache
def language_words(codes: tuple[str, ...] = LANGUAGES) -> frozenset[str]:
    """Ordinary words of the chosen packs' languages, lower case: never a misspelling of a name
    (English words are ``stopwords.common_words``)."""
    found: set[str] = set()
    for code in codes:
        if code == "en":
            continue
        lines = _data(f"{code}.words.txt").splitlines()
        found.update(word for line in lines if not line.startswith("#") for word in line.split())
    return frozenset(found)


VOWELS = frozenset("aeiouyäöåæøéèáíóú")


def inflected_forms(name: str, codes: tuple[str, ...] = LANGUAGES) -> dict[str, int]:
    """The inflected forms of a name by the packs' endings, each with the length of its ending.

    "Anna" → {"Annas": 1, "Annan": 1, "Annalle": 3, ...}; "Mikko" → {"Mikon": 1, "Mikolle": 3, "Mikkoa": 1, ...}:
    the text before the ending ("Miko") stands for the name. Only a capitalised name of letters gets forms;
    an ending that begins with the name's last letter is not added ("Jonas" has no "Jonass").
    """
    return {form: ending for form, (ending, _) in inflections(name, codes).items()}


def inflections(name: str, codes: tuple[str, ...] = LANGUAGES) -> dict[str, tuple[int, str]]:
    """``inflected_forms`` with the language each form comes from: form → (length of its ending, language)."""
    if len(name) < 3 or not name[0].isupper() or name.isupper() or not name.replace(" ", "").isalpha():
        return {}
    forms: dict[str, tuple[int, str]] = {}
    last = name[-1].casefold()
    after_vowel = last in VOWELS
    back = not _BACK.isdisjoint(name.casefold())
    for code in codes:
        pack = language_pack(code)
        if pack.endings_after == "vowel" and not after_vowel:
            continue
        weak = _weakened(name, pack.gradation) if pack.gradation else None
        strong_endings, weak_endings = _usable_endings(code, last, back, weak is not None)
        for ending in strong_endings:
            forms.setdefault(name + ending, (len(ending), code))
        for ending in weak_endings:  # the weak stem ends in the name's last letter too ("Miko")
            forms.setdefault(f"{weak}{ending}", (len(ending), code))
    return forms


@functools.cache
def _usable_endings(code: str, last: str, back: bool, weakened: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A pack's endings for a name ending in ``last`` (an ending that begins with it is left out) and with a back
    vowel or not (vowel harmony): those after the name, and those after its weak grade when it has one."""
    pack = language_pack(code)
    strong = pack.endings if not weakened else tuple(e for e in pack.endings if e not in pack.weak_endings)
    weak = pack.weak_endings if weakened else ()

    def usable(ending: str) -> bool:
        return not ending.startswith(last) and (not pack.vowel_harmony or _harmonious_ending(back, ending))

    return tuple(filter(usable, strong)), tuple(filter(usable, weak))


_BACK, _FRONT = frozenset("aou"), frozenset("äöy")


def _harmonious_ending(back: bool, ending: str) -> bool:
    """True when the ending's vowels go with a name's (``back``: the name has a back vowel), for a pack with
    vowel harmony."""
    return _FRONT.isdisjoint(ending) if back else _BACK.isdisjoint(ending)


def _weakened(name: str, gradation: tuple[tuple[str, str], ...]) -> str | None:
    """The weak grade of a name ending in consonants and a vowel ("Mikko" → "Miko"), or None when no rule applies."""
    body, last = name[:-1], name[-1]
    if last.casefold() not in VOWELS:
        return None
    for strong, weak in gradation:
        if body.endswith(strong):
            return body[: -len(strong)] + weak + last
    return None
