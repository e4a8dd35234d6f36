"""Inflected forms of the names in use: "Annas bok", Finnish "Mikon", "Mikolle" name Anna and Mikko.

The forms come from the language packs' endings (``rules.languages.inflections``), never from
stripping letters off words: a name in use gets its forms, and a form that is itself an ordinary word
of the ending's language or of English ("Eve" + "n" is "Even"), a known given name or surname, or a
name in use ("Ann" + "a" is "Anna") is left out. Apply replaces the part before the ending and keeps the ending: "[U2]s bok", "[U5]n".
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from collections.abc import Mapping as MappingType

from nicknames.rules.languages import LANGUAGES, inflections, language_words
from nicknames.rules.nickname_table import builtin_table
from nicknames.rules.stopwords import NATIONALITIES, common_words, ranked_surnames


def inflected_names(owners: MappingType[str, Sequence[str]], taken: Collection[str]) -> dict[str, tuple[str, int]]:
    """Inflected form → (the name in use it is a form of, the length of its ending), for the names participants
    use (not the keep list's), leaving out ``taken`` forms (names and case forms in use) and words."""
    found: dict[str, tuple[str, int]] = {}
    excluded = _not_forms()
    words_of = {code: language_words((code,)) for code in LANGUAGES}
    for key, users in owners.items():
        if not users:
            continue
        for form, (ending, code) in inflections(key).items():
            if form not in taken and form not in found:
                folded = form.casefold()
                if folded not in excluded and folded not in words_of[code]:
                    found[form] = (key, ending)
    return found


COMMON_SURNAMES = 2000
"""The most frequent surnames of the census list (``data/surnames.txt``, most frequent first) that no inflected
form may be ("Williams", "Roberts", "Dickens"); rarer ones are genitives more often than surnames in threads that
inflect names ("Martins", "Alves")."""


@functools.cache
def _not_forms() -> frozenset[str]:
    """What an inflected form may never be, case-folded: an English word, a given name or familiar form of the
    built-in table and the packs, a frequent surname, or a nationality or language ("Indian")."""
    table = builtin_table()
    return (common_words() | NATIONALITIES | set(table.forms) | set(table.names)
            | frozenset(ranked_surnames()[:COMMON_SURNAMES]))
