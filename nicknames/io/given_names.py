"""Given names of many languages.

The given names are the data of the ``gender-guesser`` package: Jörg Michael's ``nam_dict.txt``,
about 37,000 given names of 54 countries and language groups, under the GNU Free Documentation
License. It is read from the installed package (a dependency, installed by pip with this one),
never copied into this repository (whose licence is MIT) and never downloaded at run time.
Surnames come from the 1990 US census list (public domain; ``data/surnames.txt``, the 10,000 most
frequent; ``rules.stopwords.surnames``). Without that package the given names this project compiles
itself (``nicknames.csv`` and the surrogate list, about 2,000, mostly English) stand in. See
docs/others.md for the choice.
"""

from __future__ import annotations

import csv
import functools
from importlib import resources

from nicknames.rules.nickname_table import NicknameTable, builtin_table
from nicknames.rules.stopwords import STOPWORDS, common_words

GIVEN_NAMES_PACKAGE = "gender_guesser"
GIVEN_NAMES_FILE = "data/nam_dict.txt"


def known_given(word: str, table: NicknameTable, listed_from: int = 1) -> bool:
    """A given name or familiar form of the nickname table, or of the given-name list when it has ``listed_from``
    letters or more, that is no ordinary word ("Tobias", "Gigi"; not "Grace" of the common words, nor "Law")."""
    key = word.casefold()
    if key in common_words() or key in STOPWORDS:
        return False
    return bool(table.given_names(word) or table.familiar_forms(word)) or (len(key) >= listed_from
                                                                        and key in given_names())


@functools.cache
def given_names() -> frozenset[str]:
    """Given names of many languages, case-folded (from ``gender-guesser`` when installed)."""
    packaged = _packaged_given_names()
    return packaged if packaged else _builtin_given_names()


def lexicon_source() -> str:
    """Where the given names come from, for reports."""
    if _packaged_given_names():
        return f"gender-guesser's nam_dict.txt ({len(given_names()):,} given names, GNU FDL, read in place)"
    return f"the built-in given names ({len(given_names()):,}; install gender-guesser for many languages)"


@functools.cache
def _packaged_given_names() -> frozenset[str]:
    """The given names of ``nam_dict.txt``, or nothing when ``gender-guesser`` is not installed."""
    try:
        text = resources.files(GIVEN_NAMES_PACKAGE).joinpath(GIVEN_NAMES_FILE).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, UnicodeDecodeError):
        return frozenset()
    names: set[str] = set()
    for line in text.splitlines():
        if not line or line[0] in "#=":
            continue
        fields = line.split()
        if len(fields) > 1:
            names.update(_spellings(fields[1]))
    return frozenset(names)


def _spellings(name: str) -> list[str]:
    """A name of the list, case-folded; ``+`` in it stands for a hyphen, a space or nothing."""
    folded = name.casefold()
    if "+" not in folded:
        return [folded]
    return [folded.replace("+", joint) for joint in ("", " ", "-")]


def _builtin_given_names() -> frozenset[str]:
    table = builtin_table()
    names = set(table.names) | set(table.forms)
    source = resources.files("nicknames").joinpath("data", "surrogate_given_names.csv")
    with source.open(encoding="utf-8") as handle:
        names.update(row["name"].casefold() for row in csv.DictReader(handle))
    return frozenset(names)
