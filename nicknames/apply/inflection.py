"""Inflected forms of the names in use: "Annas bok", Finnish "Mikon", "Mikolle" name Anna and Mikko.

The forms come from the language packs' endings (``rules.languages.inflected_forms``), never from
stripping letters off words: a name in use gets its forms, and a form that is itself an ordinary word
of a pack's language, a known given name or surname, or a name in use ("Ann" + "a" is "Anna") is
left out. Apply replaces the part before the ending and keeps the ending: "[U2]s bok", "[U5]n".
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from collections.abc import Mapping as MappingType

from nicknames.io.person_names import given_names, surnames
from nicknames.rules.languages import inflected_forms, language_words
from nicknames.rules.stopwords import common_words


def inflected_names(owners: MappingType[str, Sequence[str]], taken: Collection[str]) -> dict[str, tuple[str, int]]:
    """Inflected form → (the name in use it is a form of, the length of its ending), for the names participants
    use (not the keep list's), leaving out ``taken`` forms (names and case forms in use) and words."""
    found: dict[str, tuple[str, int]] = {}
    excluded = _not_forms()
    for key, users in owners.items():
        if not users:
            continue
        for form, ending in inflected_forms(key).items():
            if form not in taken and form.casefold() not in excluded:
                found.setdefault(form, (key, ending))
    return found


@functools.cache
def _not_forms() -> frozenset[str]:
    """What an inflected form may not be, case-folded: a word of a language in the packs, or a known name."""
    return common_words() | language_words() | surnames() | given_names()
