"""Given names of many languages, and the words around a name that say it is a person's or not.

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
from collections.abc import Mapping
from importlib import resources

import regex

from nicknames.io.class_list import NOT_PERSON_WORDS, is_person, registered_parts
from nicknames.rules.nickname_table import builtin_table

GIVEN_NAMES_PACKAGE = "gender_guesser"
GIVEN_NAMES_FILE = "data/nam_dict.txt"

TITLES = frozenset(
    """
    mr mrs ms miss mx dr prof professor sir dame lady lord herr frau hr fr mme mlle madame monsieur
    sr sra srta dott dottssa ing mag dipl mindir mindirig
    """.split()
)
"""Words before a name that make the name a person's ("Mrs Lund", "Prof. Dr.-Ing. Ada Berg")."""

RELATIONS = frozenset(
    """
    colleague colleagues coworker co-worker boss manager supervisor assistant secretary wife husband partner
    daughter son daughters sons child children kid kids mother father mom mum dad mum sister brother
    aunt uncle cousin niece nephew grandmother grandfather grandma grandpa friend friends neighbour neighbor
    girlfriend boyfriend fiancé fiancée fiance fiancee lawyer attorney doctor dentist student advisor adviser
    """.split()
)
"""Words that, after "my", "our", "his" or "her", introduce a person ("my daughter Sofia")."""

POSSESSIVES = frozenset({"my", "our", "his", "her", "their", "your"})

ORGANISATION_WORDS = NOT_PERSON_WORDS | frozenset(
    """
    street st road rd avenue ave lane ln way boulevard blvd drive court place square plaza building hall house
    tower floor suite room centre center laboratory labs institution school college academy faculty
    consult consulting consultants solutions systems technologies technology energy power gas oil petroleum
    partners associates bank fund foundation agency ministry council society river bay beach lake island islands
    mountain mount mountains park stadium airport station county city state states national international
    federal space flight hospital clinic church gmbh ag plc llp lp bros museum library press journal times
    club hotel restaurant cafe award prize fellowship scholarship programme program satellite mission
    observatory survey ocean sea gulf valley hills creek falls region province district capital holdings
    networks network media airlines motors pharmaceuticals insurance capital securities investments
    """.split()
)
"""Words that make a run of capitalised words a place, a company or a thing ("Ada Berg Building")."""


def person_rows(class_list: Mapping[str, str]) -> dict[str, str]:
    """The rows of a class list that name a person: ``is_person``, less the rows whose name parts are no known given
    name and whose first part is a word of the list's own rows that name nobody (a team "Kestrelby Quarry Falcons"
    beside the offices "Kestrelby West Desk" and "DL-Kestrelby IT", a company "QUILLMONT" beside "Quillmont Corp":
    the list itself says the word is a place's or a company's)."""
    people = {pid: name for pid, name in class_list.items() if is_person(name)}
    if len(people) == len(class_list):
        return people
    words = office_words(class_list)
    return {pid: name for pid, name in people.items() if not _named_like_no_person(name, words)}


def office_words(class_list: Mapping[str, str]) -> set[str]:
    """The words (case-folded) of the class list's rows that name no person (``is_person``): offices, lists,
    companies ("Acme Helpdesk", "DL-Harbour IT")."""
    return {word for name in class_list.values() if not is_person(name) for word in _WORD.findall(name.casefold())}


_WORD = regex.compile(r"\p{L}+")


def _named_like_no_person(full_name: str, words: set[str]) -> bool:
    """Whether the first name part of a row is one of ``words`` and none of its parts a known given name."""
    parts = [part.casefold() for part in registered_parts(full_name) if " " not in part]
    given = given_names()
    return bool(parts) and parts[0] in words and not any(part in given for part in parts)


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
