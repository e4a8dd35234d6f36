"""A participant's given name that opens somebody else's full name ("Tobias Wrenfield" where the scope's only Tobias
is Tobias Quell): not that participant's."""

from __future__ import annotations

import functools
from collections.abc import Container

import regex

from nicknames.io.person_names import ORGANISATION_WORDS
from nicknames.rules.languages import language_words
from nicknames.rules.salutation_rules import ROLE_WORDS, TITLES
from nicknames.rules.stopwords import STOPWORDS, common_words

_NEXT_WORD = regex.compile(r" (\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?![\p{L}\p{M}\p{N}@_'’]|[.-]\p{L})")
"""One space, then a capitalised word that ends there (not an address's, a file's or a longer name's part)."""


def names_someone_else(text: str, end: int, surnames: frozenset[str], given: Container[str]) -> bool:
    """True where the one-word name ending at ``end`` is followed, after one space, by a capitalised word that is none
    of ``surnames`` (the last words of its candidates' full names), no given name of the mapping (``given``: "Hi
    Tobias Anna" greets two) and no ordinary, organisation, role or title word: the two name another person ("Tobias
    Wrenfield"), whom the candidates' given name does not make one of them. False when no surname of the candidates is
    known."""
    if not surnames or text[end : end + 1] != " ":
        return False
    match = _NEXT_WORD.match(text, end)
    if match is None:
        return False
    word = match.group(1)
    return word not in surnames and word not in given and word.casefold() not in _ordinary()


@functools.cache
def _ordinary() -> frozenset[str]:
    """Words that follow a name without being a surname ("Tobias Monday", "Anna Thanks", "Ole Energy")."""
    return common_words() | STOPWORDS | ORGANISATION_WORDS | ROLE_WORDS | TITLES | language_words()
