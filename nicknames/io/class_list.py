"""The class list (participant id → registered full name) and the name parts it yields."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import regex
from rapidfuzz.distance import OSA

from nicknames.io.address_names import name_of_address
from nicknames.io.given_names import given_names
from nicknames.io.row_shapes import (
    LOWER_PARTICLES,
    capitalised,
    in_lower_case,
    is_nick,
    is_username,
    name_segment,
    nick_parts,
    other_script_names,
    outside_asides,
    user_name_names,
    with_preferred,
    without_asides,
)
from nicknames.model.columns import header_listing
from nicknames.model.errors import InputError, where
from nicknames.model.paths import StrPath
from nicknames.rules.nickname_table import NicknameTable, builtin_table
from nicknames.rules.salutations import TITLES
from nicknames.rules.spellings import plain_spellings, spelling_keys
from nicknames.rules.stopwords import SALUTATION_WORDS, common_words, surnames

ID_COLUMNS = ("user_id", "participant_id", "participant", "student_id", "sender", "author", "id", "user")
NAME_COLUMNS = ("full_name", "fullname", "name", "registered_name", "display_name", "student_name")

_PART = regex.compile(r"^[\p{Lu}\p{Lt}\p{Lo}\ufffd?][\p{L}\p{M}'’\-\ufffd?]*$")
"""A usable name part: starts with a capital (or a caseless letter); "of", "van", "de" are left out.
``?`` and U+FFFD stand for letters an archive lost (see ``discover.variants``)."""

NOT_PERSON_WORDS = frozenset(
    """
    team office chairman announcement announcements services service administration admin group desk
    hotline newsletter news mail mailbox list inc ltd llc corp corporation company committee board
    department dept support helpdesk information center centre noreply no-reply reply webmaster
    coe operations trading general resources staff lab laboratory institute university project
    secretariat association relations participants affairs report reports status market markets marketing
    global infrastructure client clients customer customers org groups worldwide conference employees americas
    alert alerts notification notifications update updates digest events registration sales
    bot bots robot daemon automation automated commits tracker
    git svn github gitlab gitbox gerrit jira bugzilla buildbot phabricator
    library libraries discussion discussions forum community society foundation developers maintainers users
    """.split()
)
"""Words that mark a class-list row as an office, a list, a company or a program (a bug tracker's or a code host's
messages: "ASF GitHub Bot", "JIRA") rather than a person."""

JOB_TITLES = frozenset(
    """
    executive vp svp evp avp ceo cfo coo cto president vice director manager recruiting assistant senior
    chief head coordinator analyst associate specialist administrator sr jr
    """.split()
)
"""Job titles that some class lists put around a name ("Executive VP Carla Osei"): not name parts."""
GENERATIONS = frozenset({"ii", "iii", "iv", "jr", "sr"})
"""Suffixes of a name that tell generations apart ("Quill III"): not name parts."""
NOT_NAME_PARTS = JOB_TITLES | TITLES | SALUTATION_WORDS | GENERATIONS
"""Words of a class-list row that are never name parts: job titles, "Dr.", "Prof.", "Thanks", "Jr", "III"."""
_INITIAL = regex.compile(r"^\p{Lu}\.?$")
_LETTERS = regex.compile(r"[\p{L}]+")
_DIGIT = regex.compile(r"\d")
NAMES_KEPT = 1 << 16
"""Class-list names whose reading (``is_person``, ``registered_parts``) is remembered: collect asks of each name
several times."""


def read_class_list(path: StrPath, encoding: str | None = None) -> dict[str, str]:
    """Participant id → registered full name, from a CSV with an id column and a name column."""
    path = Path(path)

    from nicknames.io.csv_file import (
        read_csv_table,  # loads pandas: name rules import this module at start-up
    )

    frame = read_csv_table(path, encoding)
    id_column = _pick(list(frame.columns), ID_COLUMNS, "participant id", path)
    name_column = _pick(list(frame.columns), NAME_COLUMNS, "full name", path)
    roster: dict[str, str] = {}
    first_row: dict[str, int] = {}
    for position, (participant, name) in enumerate(zip(frame[id_column], frame[name_column])):
        participant, name = participant.strip(), " ".join(name.split())
        if not participant or not name:
            continue
        if participant in roster and roster[participant] != name:
            raise InputError(
                f"{where(path, row=position, column=repr(id_column))}: a participant appears twice "
                f"with different names (rows {first_row[participant] + 2} and {position + 2}); "
                "keep one row per participant.",
                detail=f"the participant id is {participant[:40]!r}",
            )
        roster[participant] = name
        first_row.setdefault(participant, position)
    return roster


@functools.lru_cache(maxsize=NAMES_KEPT)
def is_person(full_name: str) -> bool:
    """False for class-list rows that name an office, list or company ("Office of the Chairman", "Acme Corp"). A
    remark after a name of two words or more is the person's department, not the row's ("Quell, BO (R&D LAB)",
    "Quell, Bo - Marketing")."""
    outside = name_segment(outside_asides(full_name))
    lowered = (outside if len(_LETTERS.findall(outside)) > 1 else full_name).lower()
    words = _LETTERS.findall(lowered)
    return (
        bool(words) and not any(_office_word(word, words) for word in words) and " and " not in f" {lowered} "
        and not lowered.startswith(("the ", "dl-", "dl ")) and _YEAR.search(lowered) is None
    )


_YEAR = regex.compile(r"(?<!\S)(?:19|20)\d\d(?!\S)")
"""A year standing as a word of a row: an event's ("Harbour Summit 2013", "useR! 2014"), not a person's."""


def _office_word(word: str, words: list[str]) -> bool:
    """Whether a word of a row (in lower case, with the row's ``words``) marks an office or a program. A program's
    name that is also a given name marks one only among ordinary words ("Gerrit", "Gerrit Code Review"; not "Gerrit
    Quell"); a surname of the census list that is no common word marks none after the given name that opens the row
    ("Greta Coe", "Tobias Sales de Harrow"; not "Harbour Sales")."""
    if word not in NOT_PERSON_WORDS:
        return False
    if word in given_names() and word not in common_words():
        return all(other == word or other in common_words() for other in words)
    return not (word in surnames() and word not in common_words() and word != words[0]
                and words[0] in given_names() and words[0] not in common_words())


def registered_parts(full_name: str) -> list[str]:
    """The forms of a registered name people use: full, first, last, first+last (without middle initials too),
    middle, hyphen parts; then each of them as it is written without its accents ("Jose", "Muller", "Mueller").

    "Grey, Robert" is read as "Robert Grey". Single letters, parts with digits, generation suffixes ("III") and
    remarks in parentheses ("(London office)") are left out. A user name registered for a sender ("stonebridge_k")
    is its one part.
    """
    return list(_registered_parts(full_name))


def given_name(parts: Sequence[str]) -> str:
    """The given name of a registered name's parts (``registered_parts``): the first word of its full name ("Greta" of
    "Greta Vollmer", "Vollmer, Greta" or "Dr. Greta Vollmer"); of a user name its parts read ("Harold" of
    "harold.penbrook", "Greta" of "greta_v"), the first of them; of one word, that word; "" for none. An initial
    before a name is not the given name ("Tobias" of "J. Tobias Quell", as "J. Edgar Hoover" goes by Edgar)."""
    if not parts:
        return ""
    first = parts[0]
    if " " in first:
        words = first.split()
        return next((word for word in words[:-1] if not aside_word(word)), words[0])
    user_name = not (first.isalpha() and first[1:] == first[1:].lower())  # "greta_v", "TobyQ"; not "Zoë"
    return parts[1] if user_name and len(parts) > 1 and " " not in parts[1] else first


@functools.lru_cache(maxsize=NAMES_KEPT)
def _registered_parts(full_name: str) -> tuple[str, ...]:
    """``registered_parts``, remembered (a tuple, so that no caller changes what is remembered)."""
    full_name = address_name(full_name)
    others = [other for other in other_script_names(full_name) if is_person(other)]
    full_name, preferred = without_asides(full_name, builtin_table())
    parts = _written_parts(full_name)
    parts = tuple(dict.fromkeys((*parts, *(part for other in others for part in _written_parts(other)))))
    if " " not in full_name:  # "GretaV", "KayMarsden": a user name glued by case changes
        parts = tuple(dict.fromkeys((*parts, *user_name_names(full_name))))
    parts = with_preferred(parts, preferred) if preferred else parts
    return tuple(dict.fromkeys((*parts, *(spelling for part in parts for spelling in plain_spellings(part)))))


def address_name(full_name: str) -> str:
    """A row that is an address, as mail archives give a sender with no display name ("greta.vollmer at
    example.ac.nz", "ann_lee@example.org"): the name its local part spells (``name_of_address``: "Greta Vollmer"),
    or the local part as a user name ("gvollmer"); any other row as it is, and an address a news archive shortened
    ("gvo...@")."""
    address = _ADDRESS_ROW.fullmatch(full_name)
    if address is None or address[1].endswith((".", "…")):
        return full_name
    if address["name"] and _LETTERS.search(address["name"]):
        return " ".join(address["name"].split())
    return name_of_address(address[1]) or address[1]


_ADDRESS_ROW = regex.compile(
    r"\s*([\p{L}\d._\-]+)(?:@|[^\S\n]+at[^\S\n]+)[\p{L}\d\-]+(?:\.[\p{L}\d\-]+)+\s*(?:\((?P<name>[^()]*)\)?\s*)?")
"""A class-list row that is an address, with "@" or with " at " as archives write it to hide it from harvesters;
maybe with the name after it in parentheses, as old mail wrote a sender ("ann.lee at example.org (Ann Lee)", cut
short by an archive: "(Ann Lee")."""


def _written_parts(full_name: str) -> tuple[str, ...]:
    """``registered_parts`` of a row without its remarks: as written, in lower case or with a surname in capitals."""
    if in_lower_case(full_name):  # "greta vollmer": the parts as a text capitalises them, then the row's own form
        lower = (full_name,) if "," not in full_name else ()
        return tuple(dict.fromkeys((*_parts_of(capitalised(full_name)), *lower)))
    titled = " ".join(_titled(word) for word in full_name.split()) if _surname_in_capitals(full_name) else full_name
    if titled == full_name:
        return _parts_of(full_name)
    # "Bruna KESTREL": the text writes "Kestrel", or "KESTREL" as the row does; the row's own full form comes last
    own = _parts_of(full_name)
    capitals = {_titled(part): part for part in own if " " not in part}
    parts = [form for part in _parts_of(titled) for form in (capitals.get(part, part), part)]
    return tuple(dict.fromkeys((*parts, *own[:1])))


def _parts_of(full_name: str) -> tuple[str, ...]:
    """``registered_parts`` of a name as it is written."""
    if full_name.count(",") == 1:
        last, first = (part.strip() for part in full_name.split(","))
        full_name = f"{first} {last}"
    all_words = [word.strip(".,;:()\"") for word in full_name.split()]
    titled = any(word.lower() in NOT_NAME_PARTS for word in all_words)
    words = [word for word in all_words if _PART.match(word) and len(word) > 1 and word.lower() not in NOT_NAME_PARTS]
    if not words:
        return nick_parts(full_name) if is_username(full_name) or is_nick(full_name) else ()
    plain = not _DIGIT.search(full_name) and not titled
    full = " ".join(full_name.split()) if plain else " ".join(words)
    inside = {word for word in words[1:-1] if word.lower() in LOWER_PARTICLES}  # "Van" of "Greta Van Dyke"
    parts = [full, *(word for word in words if word not in inside)]
    dropped = [word for word in all_words if word not in words]
    if len(words) == 2 and dropped and all(_INITIAL.match(word) for word in dropped):  # "Ada K. Quill": "Ada Quill"
        parts.append(" ".join(words))
        if dropped == all_words[:1]:  # "J. Harold Penbrook" signs and is named "Harold J. Penbrook"
            parts.append(f"{words[0]} {dropped[0]}. {words[1]}")
    if len(words) > 2:
        parts.append(f"{words[0]} {words[-1]}")
        parts.extend(" ".join(pair) for pair in zip(words, words[1:]) if inside.isdisjoint(pair))
    for word in words:
        parts.extend(piece for piece in word.split("-") if len(piece) > 1 and "-" in word)
    return tuple(dict.fromkeys((*parts, *_surname_with_particles(all_words))))


def _surname_with_particles(words: list[str]) -> tuple[str, ...]:
    """The surname a name's particles open, as it is written and capitalised ("van der Berg", "Van der Berg" of
    "Jan van der Berg"; "Van Dyke" of "Greta Van Dyke"; "de Souza e Silva"): the text names the person by it, and
    writes its first particle in capitals where the surname stands alone or opens a sentence. None when no particle
    follows the first word and comes before the last; a particle alone is no part ("Van" of "Greta Van Dyke")."""
    for index in range(1, len(words) - 1):
        particle = words[index].lower()
        if particle in LOWER_PARTICLES and particle not in _JOINING and words[-1][:1].isupper():
            surname = " ".join(words[index:])
            return surname, surname[0].upper() + surname[1:]
    return ()


_JOINING = frozenset({"e", "y"})
"""Particles that join two surnames ("Souza e Silva"), opening none."""


_CAPITALS = regex.compile(r"^(?=(?:\P{L}*\p{L}){3})\p{Lu}+(?:[\-'’]\p{Lu}+)*[.,;:]?$")
"""A word of a name written in capitals, as some registers write surnames ("KESTREL", "OKAFOR-LIND")."""
_PIECE = regex.compile(r"\p{L}+")
_TITLE_CASE = regex.compile(r"^\p{Lu}\p{Ll}+$")


def _surname_in_capitals(full_name: str) -> bool:
    """A row that writes some words in capitals, as registers write surnames ("Bruna KESTREL"), beside a word in
    title case, and no word that opens in lower case: not a row all in capitals (an office, a list: "SALES
    HARLOW"), nor a company's ("Specials at ACME")."""
    words = full_name.split()
    return (len(words) > 1 and any(_TITLE_CASE.match(word.strip(".,")) for word in words)
            and not any(word[0].islower() for word in words))


def _titled(word: str) -> str:
    """A word of three capitals or more with a capital only at the start of each piece ("KESTREL" → "Kestrel",
    "O'DELL" → "O'Dell"): the form a text writes; any other word as it is (initials such as "JD" stay)."""
    if not _CAPITALS.match(word):
        return word
    return _PIECE.sub(lambda piece: piece.group()[0] + piece.group()[1:].lower(), word)


def initialled_forms(full_name: str) -> list[str]:
    """The registered given name with the initial of a later word, as mail tells a person from namesakes: "Ada L"
    (written "Ada L.") and "Ada Q" for Ada Lin Quill, "Ada K" for Ada K. Quill. Never with "I" or "A", which are
    words ("told Mary I would")."""
    parts = registered_parts(full_name)
    if not parts:
        return []
    given, *later = parts[0].split()
    if given not in parts[1:] or not later:
        return []
    initials = (word[0] for word in later if word[0].isupper() and word[0] not in "IA")
    return list(dict.fromkeys(f"{given} {initial}" for initial in initials))


def borrowed_middle_names(class_list: dict[str, str]) -> dict[str, frozenset[str]]:
    """Person → their middle names (case-folded) that somebody else on the list has as given name ("Kay" of a
    registered Ada Kay Quill beside a Kay Marsden): said alone, such a word names the one it is the given name of,
    so it is no form of the other person's. ``class_list``: rows of people (``person_rows``)."""
    words = {pid: _words_of(registered_parts(name)) for pid, name in class_list.items()}
    given: dict[str, set[str]] = {}
    for pid, own in words.items():
        if len(own) > 1:
            given.setdefault(own[0].casefold(), set()).add(pid)
    borrowed = {pid: frozenset(word.casefold() for word in own[1:-1] if given.get(word.casefold(), set()) - {pid})
                for pid, own in words.items() if len(own) > 2}
    return {pid: middles for pid, middles in borrowed.items() if middles}


def without_borrowed(parts: list[str], borrowed: frozenset[str]) -> list[str]:
    """The registered parts less the middle names of ``borrowed_middle_names`` (alone; "Ada Kay" stays)."""
    return [part for part in parts if part.casefold() not in borrowed] if borrowed else parts


def _words_of(parts: list[str] | tuple[str, ...]) -> list[str]:
    """The words of a registered full name that are name parts (initials and pieces of double surnames aside)."""
    return [word for word in parts[0].split() if word in parts[1:]] if parts else []


def capital_forms(parts: list[str]) -> list[str]:
    """The registered parts of several words in capitals ("ADA QUILL" of "Ada Quill"), and the full name's surname
    first ("QUILL, ADA"), as headers, forms and shouted lines write a person's full name."""
    forms = [part.upper() for part in parts if " " in part and not part.isupper()]
    if forms and (pair := _given_and_surname(parts)) is not None:
        forms.append(f"{pair[1]}, {pair[0]}".upper())
    return forms


def _given_and_surname(parts: list[str] | tuple[str, ...]) -> tuple[str, str] | None:
    """The given name and surname of a full name of two words that are both its parts ("Ada Quill"), else None."""
    words = parts[0].split() if parts else []
    return (words[0], words[1]) if len(words) == 2 and all(word in parts for word in words) else None


def surname_first_forms(parts: list[str] | tuple[str, ...]) -> list[str]:
    """The full name of two words with its surname first ("Quill, Ada" of "Ada Quill"), as mail headers and forms write
    it ("From: Quill, Ada"; "To: Quill, Ada; Lind, Anna"): one name, not two. Not when the surname is a given name
    too: "Kay, Ben" of a Ben Kay is as often two people in a list ("Ann, Kay, Ben and I")."""
    pair = _given_and_surname(parts)
    return [f"{pair[1]}, {pair[0]}"] if pair is not None and pair[1].casefold() not in given_names() else []


def registered_forms(full_name: str, parts: list[str] | tuple[str, ...]) -> list[str]:
    """The forms a text writes a registered name in as written, beside its ``parts`` (``registered_parts``, less any
    borrowed middle names): the parts, the initialled forms ("A. Quill") and the full name surname first ("Quill,
    Ada"); not the capitals of ``capital_forms``."""
    return [*parts, *initialled_forms(full_name), *surname_first_forms(parts)]


def aside_word(word: str) -> bool:
    """An initial ("K.", "K") or a generation ("Jr.", "III") written among a name's words, in any case: what tells
    people apart, not the name they are known by."""
    word = word.strip(",")
    return _ONE_LETTER.match(word) is not None or word.casefold().rstrip(".") in GENERATIONS


_ONE_LETTER = regex.compile(r"^\p{L}\.?$")


MISSPELT_WORD = 4
"""The shortest word of a full name read as a misspelling of a registered one (``RegisteredFullNames.misspelt``)."""


def _initialled(given: str, surname: str) -> str:
    """A given name's initial before a surname ("M. Quill")."""
    return f"{given[0]}. {surname}"


@dataclass(frozen=True)
class RegisteredFullNames:
    """Given name and surname (keyed by ``rules.spellings``: case and accents aside, "Mueller" for Müller) → the
    registered people they may name: each given word of a registered name and its familiar and formal forms, before
    the surname ("Mike Quill" for a registered Michael P. Quill); the initial of the first given name, or of its formal
    form, before the surname ("m. quill", "e. ferro" for a registered Ned Ferro); the registered parts of several
    words ("Ana María", "Ní Bhriain"); and, apart, each surname alone that is no given name."""

    owners: dict[str, set[str]] = field(default_factory=dict)
    surnames: dict[str, set[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, class_list: dict[str, str], table: NicknameTable | None = None) -> RegisteredFullNames:
        """The full names of the class list's people."""
        table = table if table is not None else builtin_table()
        owners: dict[str, set[str]] = {}
        surnames: dict[str, set[str]] = {}
        for participant, full_name in class_list.items():
            parts = registered_parts(full_name) if is_person(full_name) else []
            # The words of the full name (not the pieces of a double surname: "Lee" is not Ada Quill-Lee's surname)
            words = _words_of(parts)
            keys = [part for part in parts if " " in part]
            for given in words[:-1]:
                keys.extend(f"{form} {words[-1]}" for form in (given, *table.familiar_forms(given),
                                                               *table.given_names(given)))
            for given in (words[0], *table.given_names(words[0])) if len(words) > 1 else ():
                keys.append(_initialled(given, words[-1]))
            for key in keys:
                for spelling in spelling_keys(key):
                    owners.setdefault(spelling, set()).add(participant)
            surname = words[-1] if len(words) > 1 else ""
            if surname and not table.familiar_forms(surname) and not table.given_names(surname):
                for spelling in spelling_keys(surname):  # not "Thomas": a given name as often as a surname
                    surnames.setdefault(spelling, set()).add(participant)
        return cls(owners, surnames)

    def people(self, text: str) -> set[str]:
        """The registered people a full name found in the text may name: its given name (or a familiar or formal
        form of it) and surname, middle initials and a generation ("Jr.") aside, or a registered part of several
        words, accents aside ("Jose Maria" for a registered José María Ruiz); two words also the other way round,
        for a class list that registers the surname first (a registered "Quill Ada" written "Ada Quill")."""
        written = [word.strip(",") for word in text.split()]
        words = [word for word in written if not aside_word(word)]
        if len(words) == 1 and len(written) > 1 and _ONE_LETTER.match(written[0]) and written[-1] == words[0]:
            return self._of(_initialled(written[0], words[0]))  # "M. Quill", "M. K. Quill"
        if len(words) < 2:
            return set()
        found = self._of(" ".join(written)).union(*(self._of(f"{given} {words[-1]}") for given in words[:-1]))
        if len(words) == 2 and not found:
            found = self._of(f"{words[1]} {words[0]}")
        if len(words) > 2:  # "Ada Quill Lee" for a registered Ada Quill-Lee
            double = f"{words[-2]}-{words[-1]}"
            found.update(*(self._of(f"{given} {double}") for given in words[:-2]))
        return found

    def misspelt(self, text: str) -> set[str]:
        """The registered people a full name found may name with one letter off in one of its first and last words
        (``MISSPELT_WORD`` letters or more), the other written as registered: "Naved Oduya" for a registered Naveed
        Oduya, "Ron Quelman" for a Ronald Quellman (keys as ``people`` reads them, familiar forms too)."""
        words = [word for word in (word.strip(",") for word in text.split()) if not aside_word(word)]
        if len(words) < 2:
            return set()
        by_given, by_surname = self._by_word
        found: set[str] = set()
        for key in spelling_keys(f"{words[0]} {words[-1]}"):
            given, _, surname = key.partition(" ")
            if " " in surname:
                continue
            for misspelt, kept, others in ((given, surname, by_surname), (surname, given, by_given)):
                if len(misspelt) >= MISSPELT_WORD:  # the other words registered with the word kept, a letter away
                    found.update(*(pids for other, pids in others.get(kept, ())
                                   if OSA.distance(misspelt, other, score_cutoff=1) == 1))
        return found

    def lost(self, text: str) -> set[str]:
        """The registered people a full name found may name whose first or last word holds a letter an archive lost
        ("?", "\ufffd") or garbled as two characters ("Ã¤" for "ä"), each standing for any letter: "Jens Quellm?nn" for
        a registered Jens Quellmann, or the first piece of a double surname (Jens Quellmann-Akiro)."""
        words = [word for word in (word.strip(",") for word in text.split()) if not aside_word(word)]
        if len(words) < 2 or not _LOST_LETTER.search(f"{words[0]} {words[-1]}"):
            return set()
        given, surname = (_lost_pattern(word.casefold()) for word in (words[0], words[-1]))
        pattern = regex.compile(rf"{given} {surname}(?:-\S+)?")
        return set().union(*(people for key, people in self.owners.items() if pattern.fullmatch(key)))

    @functools.cached_property
    def _by_word(self) -> tuple[dict[str, list[tuple[str, set[str]]]], dict[str, list[tuple[str, set[str]]]]]:
        """The keys of two words by given name (→ surnames and their people) and by surname (→ given names)."""
        by_given: dict[str, list[tuple[str, set[str]]]] = {}
        by_surname: dict[str, list[tuple[str, set[str]]]] = {}
        for key, people in self.owners.items():
            given, _, surname = key.partition(" ")
            if surname and " " not in surname:
                by_given.setdefault(given, []).append((surname, people))
                by_surname.setdefault(surname, []).append((given, people))
        return by_given, by_surname

    def with_surname(self, word: str) -> set[str]:
        """The registered people whose surname the word is, accents aside ("Mr Mueller" for a registered Anja
        Müller)."""
        return set().union(*(self.surnames.get(key, set()) for key in spelling_keys(word)))

    def _of(self, name: str) -> set[str]:
        """The people a name's spellings are keys of."""
        return set().union(*(self.owners.get(key, set()) for key in spelling_keys(name)))


_LOST_LETTER = regex.compile(r"[?\ufffd]|[ÃÂ][\x80-\xbf]")
"""A letter an archive lost, or garbled into two characters (UTF-8 read as Latin-1)."""


def _lost_pattern(word: str) -> str:
    """A word as a pattern where each lost or garbled letter stands for any one letter."""
    return ".".join(regex.escape(piece) for piece in _LOST_LETTER.split(word.replace("ã", "Ã").replace("â", "Â")))


def _pick(header: list[str], spellings: tuple[str, ...], role: str, path: Path) -> str:
    lowered = {column.strip().lower().replace(" ", "_"): column for column in header}
    for spelling in spellings:
        if spelling in lowered:
            return lowered[spelling]
    shown, detail = header_listing(header)
    raise InputError(
        f"{path}: no {role} column was found among {shown}; "
        f"the class list needs columns such as {spellings[0]!r} and {NAME_COLUMNS[0]!r}.", detail=detail
    )
