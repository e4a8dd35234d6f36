"""The greetings, sign-offs and names a sample corpus is written with: English, or a language pack's.

``nicknames sample --language sv`` writes Swedish greetings ("Hej {G},", "Tack {G}!"), sign-offs ("Mvh {S}",
"/{S}"), group greetings ("Hej alla,"), a few body sentences with inflected names ("{P}s poäng") and Swedish
participants (names drawn from the pack, familiar forms from its table). The rest of the body stays English: the
corpus measures greetings, sign-offs and names, not the prose around them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from nicknames.model.errors import NicknamesError
from nicknames.rules.languages import language_pack, parse_languages
from nicknames.sample.names import Person
from nicknames.sample.text import (
    GLUED_GREETINGS,
    GLUED_SIGNOFFS,
    GREETINGS,
    GROUP_GREETINGS,
    SENTENCES,
    SIGNOFFS,
    UNSIGNED,
)


@dataclass(frozen=True)
class Phrases:
    """Templates of the parts of a message that name people: ``{G}`` the addressee, ``{S}`` the sender."""

    language: str = "en"
    greetings: tuple[str, ...] = GREETINGS
    glued_greetings: tuple[str, ...] = GLUED_GREETINGS
    group_greetings: tuple[str, ...] = GROUP_GREETINGS
    signoffs: tuple[str, ...] = SIGNOFFS
    glued_signoffs: tuple[str, ...] = GLUED_SIGNOFFS
    unsigned: tuple[str, ...] = UNSIGNED
    sentences: tuple[str, ...] = SENTENCES


ENGLISH = Phrases()


def phrases_for(language: str) -> Phrases:
    """The phrases of one language (``en`` or a pack's code)."""
    codes = parse_languages(language)
    if len(codes) != 1:
        raise NicknamesError(f"--language takes one language code, not {language!r}; write e.g. --language sv.")
    if codes[0] == "en":
        return ENGLISH
    sample = language_pack(codes[0]).sample
    greeting_word = sample.greetings[0].split()[0]
    closing_word = sample.signoffs[0].split()[0].rstrip(",")
    return Phrases(codes[0], sample.greetings, (f"{greeting_word}{{G}},",), sample.group_greetings, sample.signoffs,
                   (f"{closing_word}{{S}}",), sample.unsigned, SENTENCES + sample.sentences * 3)


def pack_people(rng: random.Random, count: int, width: int, language: str) -> list[Person]:
    """``count`` distinct people with ids ``U01``… and the given names, surnames and familiar forms of a pack."""
    pack = language_pack(language)
    forms: dict[str, list[str]] = {}
    for given, form in pack.familiar:
        forms.setdefault(given, []).append(form)
    people: list[Person] = []
    used: set[tuple[str, str]] = set()
    for index in range(1, count + 1):
        given, surname = rng.choice(pack.sample.given_names), rng.choice(pack.sample.surnames)
        while (given, surname) in used:
            given, surname = rng.choice(pack.sample.given_names), rng.choice(pack.sample.surnames)
        used.add((given, surname))
        people.append(Person(f"U{index:0{width}d}", given, surname, tuple(forms.get(given, ()))))
    return people
