"""The words around a name that say it is a person's or not, and the class list's rows that name people (the
given names of many languages are in ``io.given_names``)."""

from __future__ import annotations

from collections.abc import Mapping

import regex

from nicknames.io.class_list import NOT_PERSON_WORDS, is_person, registered_parts
from nicknames.io.given_names import given_names
from nicknames.io.row_shapes import LOWER_PARTICLES

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
JOINING_PARTICLES = tuple(sorted(LOWER_PARTICLES - {"do", "ten", "e", "y"}, key=len, reverse=True))
"""The lower-case particles that join the capitalised words of one name in running text ("Henrik de Quell", "Jan
van der Berg", "Ana de la Cruz"); not those that are English words or join two names as "and" does ("do", "ten",
"e", "y")."""

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
    campus campuses division offices headquarters pacific atlantic
    towers parkway highway freeway expressway springs heights terrace utilities
    """.split()
)
"""Words that make a run of capitalised words a place, a company or a thing ("Ada Berg Building")."""


def registered_full_names(people: Mapping[str, str]) -> dict[str, str]:
    """The full name of each row of a person (of ``person_rows``) as ``registered_parts`` reads it, without the
    row's remarks ("Nadia Vell" of "Nadia Vell (Quillmont)"): what identifiers and the audit take for the name."""
    return {pid: parts[0] for pid, row in people.items() if (parts := registered_parts(row))}


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


