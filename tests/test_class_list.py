"""Reading the class list and the parts of registered names."""

from __future__ import annotations

from pathlib import Path

import pytest

from nicknames.io.class_list import (
    RegisteredFullNames,
    borrowed_middle_names,
    capital_forms,
    given_name,
    initialled_forms,
    read_class_list,
    registered_parts,
    surname_first_forms,
)
from nicknames.io.person_names import person_rows
from nicknames.model.errors import InputError
from tests.conftest import write_csv


@pytest.mark.parametrize(
    ("full_name", "parts"),
    [
        ("Robert Grey", ["Robert Grey", "Robert", "Grey"]),
        ("Mary Jane Poe", ["Mary Jane Poe", "Mary", "Jane", "Poe", "Mary Poe", "Mary Jane", "Jane Poe"]),
        ("Grey, Robert", ["Robert Grey", "Robert", "Grey"]),
        ("Anne-Marie Léger", ["Anne-Marie Léger", "Anne-Marie", "Léger", "Anne", "Marie", "Anne-Marie Leger", "Leger"]),
        # then the parts as a keyboard without accents writes them
        ("Zoë Müller", ["Zoë Müller", "Zoë", "Müller", "Zoe Muller", "Zoe Mueller", "Zoe", "Muller", "Mueller"]),
        ("Łukasz Ødegård", ["Łukasz Ødegård", "Łukasz", "Ødegård", "Lukasz Odegard", "Lukasz Oedegaard", "Lukasz",
                            "Odegard", "Oedegaard"]),
        ("张伟", ["张伟"]),  # another script: no plain spelling
        ("J. R. Smith", ["J. R. Smith", "Smith"]),
        ("Office 365", ["Office"]),
        ("Office of the Chairman", ["Office of the Chairman", "Office", "Chairman"]),
        ("Jan van Dijk", ["Jan van Dijk", "Jan", "Dijk", "van Dijk", "Van Dijk"]),
        ("Dr. Ada Quill", ["Ada Quill", "Ada", "Quill"]),
        ("Prof Ann Lee", ["Ann Lee", "Ann", "Lee"]),
        ("Thanks. DF", ["DF"]),
        ("Executive VP Carla Osei", ["Carla Osei", "Carla", "Osei"]),
        ("George Best", ["George Best", "George", "Best"]),
        ("Ada Quill (visiting)", ["Ada Quill", "Ada", "Quill"]),
        ("Quill, Ada (on leave)", ["Ada Quill", "Ada", "Quill"]),
        # a company directory's department, nested and glued to the name; a display name cut short
        ("Quell, BO(R&D LAB (CN)-HB)", ["BO Quell", "BO", "Quell"]),
        ("Ada Quill (Tidal Inst", ["Ada Quill", "Ada", "Quill"]),
        ("Ben Stone III", ["Ben Stone", "Ben", "Stone"]),
        ("Ada K. Quill", ["Ada K. Quill", "Ada", "Quill", "Ada Quill"]),
        ("Ada K Quill", ["Ada K Quill", "Ada", "Quill", "Ada Quill"]),
        # a leading initial: the text puts it after the given name
        ("J. Harold Penbrook", ["J. Harold Penbrook", "Harold", "Penbrook", "Harold Penbrook", "Harold J. Penbrook"]),
        ("J Harold Penbrook", ["J Harold Penbrook", "Harold", "Penbrook", "Harold Penbrook", "Harold J. Penbrook"]),
        ("Penbrook, J. Harold", ["J. Harold Penbrook", "Harold", "Penbrook", "Harold Penbrook", "Harold J. Penbrook"]),
        ("J. K. Penbrook", ["J. K. Penbrook", "Penbrook"]),
        ("Ben Stone, Jr.", ["Ben Stone", "Ben", "Stone"]),
        # a surname in capitals, as registers write it: the parts a text writes, then the row's own form
        ("Bruna KESTREL", ["Bruna Kestrel", "Bruna", "KESTREL", "Kestrel", "Bruna KESTREL"]),
        ("KESTREL Bruna", ["Kestrel Bruna", "KESTREL", "Kestrel", "Bruna", "KESTREL Bruna"]),
        ("Ada O'DELL-LIND", ["Ada O'Dell-Lind", "Ada", "O'DELL-LIND", "O'Dell-Lind", "O'DELL", "O'Dell", "LIND", "Lind",
                             "Ada O'DELL-LIND"]),
        ("Kestrel, BRUNA", ["Bruna Kestrel", "BRUNA", "Bruna", "Kestrel", "BRUNA Kestrel"]),
        ("JD Kestrel", ["JD Kestrel", "JD", "Kestrel"]),  # two capitals are initials
        ("Wei LI", ["Wei LI", "Wei", "LI"]),
        ("BRUNA KESTREL", ["BRUNA KESTREL", "BRUNA", "KESTREL"]),  # all in capitals: as likely an office or a list
        ("SALES HARLOW", ["SALES HARLOW", "SALES", "HARLOW"]),
        ("Specials at ACME", ["Specials at ACME", "Specials", "ACME"]),  # a company's
        ("ACME", ["ACME"]),
        ("", []),
        # remarks around the name: in brackets, after a separator, degrees
        ("Greta [IT] Vollmer", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("Greta Vollmer - Tidal Institute", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("Vollmer, Greta - Marketing", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("Greta Vollmer @Harbournet", ["Greta Vollmer", "Greta", "Vollmer"]),  # a provider after an at sign
        ("Greta Vollmer @ Harbour", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("Greta Vollmer | TA", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("Greta Vollmer via Tidal-list", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("Tidal - Greta Vollmer Jr.", ["Greta Vollmer", "Greta", "Vollmer"]),  # the part of two words is the name
        ("Vollmer - Greta", ["Vollmer - Greta", "Vollmer", "Greta"]),  # no part of two words: the row as it is
        ("Greta Vollmer, PhD", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("Greta Vollmer, DrPH", ["Greta Vollmer", "Greta", "Vollmer"]),
        # an address for a name, as archives give a sender without one: the name its local part spells
        ("greta.vollmer at tidal.example.org", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("Greta.Vollmer@tidal.example.org", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("gvollmer at example.org", ["gvollmer"]),
        # ... or the name old mail wrote after it in parentheses, which an archive may cut short
        ("gvollmer at example.org (Greta K. Vollmer)", ["Greta K. Vollmer", "Greta", "Vollmer", "Greta Vollmer"]),
        ("gvollmer at example.org (Greta Vollmer", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("gvo...@example.org", []),  # shortened by a news archive: no name to tell
        ("Meet at Noon", ["Meet at Noon", "Meet", "Noon"]),  # " at " in words is no address
        ("Dr Greta Vollmer, M.D.", ["Greta Vollmer", "Greta", "Vollmer"]),
        ("Anna Ma", ["Anna Ma", "Anna", "Ma"]),  # two words are kept: a surname, not a degree
        # a preferred name between the name's words, or after it when it is a given name
        ("Greta (Gigi) Vollmer", ["Greta Vollmer", "Greta", "Vollmer", "Gigi", "Gigi Vollmer"]),
        ('Greta "Gigi" Vollmer', ["Greta Vollmer", "Greta", "Vollmer", "Gigi", "Gigi Vollmer"]),
        ("Xiaoming Wang (Tom)", ["Xiaoming Wang", "Xiaoming", "Wang", "Tom", "Tom Wang"]),
        ("Heike Marsden (Lisbon)", ["Heike Marsden", "Heike", "Marsden"]),  # a place, no given name
        ("Greta (Law) Vollmer", ["Greta Vollmer", "Greta", "Vollmer"]),  # a department: an ordinary word
        # a nickname in quotes between the words is the person's, whatever word it is
        ("Ilsa 'Rook' Quell", ["Ilsa Quell", "Ilsa", "Quell", "Rook", "Rook Quell"]),
        ('Robert "Bob" Quell', ["Robert Quell", "Robert", "Quell", "Bob", "Bob Quell"]),
        ("Greta ‘Ace’ Vollmer", ["Greta Vollmer", "Greta", "Vollmer", "Ace", "Ace Vollmer"]),
        ('Greta "Thanks" Vollmer', ["Greta Vollmer", "Greta", "Vollmer"]),  # a stop word is nobody's name
        # a row in lower case: the parts as a text capitalises them, then the row's own form
        ("greta vollmer", ["Greta Vollmer", "Greta", "Vollmer", "greta vollmer"]),
        ("tobias wrenfield-quell", ["Tobias Wrenfield-Quell", "Tobias", "Wrenfield-Quell", "Wrenfield", "Quell",
                                    "tobias wrenfield-quell"]),
        ("ana de la cruz", ["Ana de la Cruz", "Ana", "Cruz", "de la Cruz", "De la Cruz", "ana de la cruz"]),
        ("kay o'dell", ["Kay O'Dell", "Kay", "O'Dell", "kay o'dell"]),
        ("vollmer, greta", ["Greta Vollmer", "Greta", "Vollmer"]),
        # a surname opened by particles in lower case: whole, as written and capitalised (alone, it opens a sentence)
        ("Jan van der Berg", ["Jan van der Berg", "Jan", "Berg", "van der Berg", "Van der Berg"]),
        ("Berg, Jan van der", ["Jan van der Berg", "Jan", "Berg", "van der Berg", "Van der Berg"]),
        ("Kay de la Cruz", ["Kay de la Cruz", "Kay", "Cruz", "de la Cruz", "De la Cruz"]),
        ("Ana dos Santos e Silva", ["Ana dos Santos e Silva", "Ana", "Santos", "Silva", "Ana Silva", "Ana Santos",
                                   "Santos Silva", "dos Santos e Silva", "Dos Santos e Silva"]),
        ("Ana Santos e Silva", ["Ana Santos e Silva", "Ana", "Santos", "Silva", "Ana Silva", "Ana Santos",
                                "Santos Silva"]),  # "e" joins two surnames, opening none
        ("Kay de", ["Kay de", "Kay"]),  # nothing after the particle
        # a particle in capitals inside a name opens its surname; alone it is no part ("Van" of "Greta Van Dyke")
        ("Greta Van Dyke", ["Greta Van Dyke", "Greta", "Dyke", "Greta Dyke", "Van Dyke"]),
        ("Ana Maria De La Cruz", ["Ana Maria De La Cruz", "Ana", "Maria", "Cruz", "Ana Cruz", "Ana Maria", "De La Cruz"]),
        ("Van Marsden", ["Van Marsden", "Van", "Marsden"]),  # a given name first
        ("Greta vollmer", ["Greta vollmer", "Greta"]),  # a capital somewhere: written as meant
        # user names and chat nicks registered as names: the whole, and the name inside its decoration
        ("quillfeather", ["quillfeather"]),
        ("stonebridge_k", ["stonebridge_k"]),
        ("bramble_", ["bramble_", "bramble"]),
        ("bramble__", ["bramble__", "bramble"]),
        ("ada^", ["ada^", "ada"]),
        ("ada`", ["ada`", "ada"]),
        ("[Greta]", ["[Greta]", "Greta"]),
        ("tobias|away", ["tobias|away", "tobias"]),
        ("kay[afk]", ["kay[afk]", "kay"]),
        ("kay-m", ["kay-m", "Kay"]),
        ("x_ada_x", ["x_ada_x"]),
        # the names a user name is made of: a given name before a case change, "_", ".", "-" or a digit, and the
        # surname after it when the user name is those two
        ("GretaV", ["GretaV", "Greta"]),
        ("KayMarsden", ["KayMarsden", "Kay", "Marsden", "Kay Marsden"]),
        ("greta.vollmer", ["greta.vollmer", "Greta", "Vollmer", "Greta Vollmer"]),
        ("greta_vollmer42", ["greta_vollmer42", "Greta", "Vollmer", "Greta Vollmer"]),
        ("Tobias_W", ["Tobias_W", "Tobias"]),
        ("AnnBrown", ["AnnBrown", "Ann", "Ann Brown"]),  # a surname that is an ordinary word: not alone
        ("QuoVista", ["QuoVista"]),  # a firm's name: no known given name opens it
        ("mark_t", ["mark_t"]),  # a given name that is an ordinary word
        ("JSmith", ["JSmith"]),  # no given name opens it
        ("jsmith42", ["jsmith42"]),
        # the name in another script in parentheses is the same person's, as texts in that script write it
        ("Xiaoming Wang (王小明)", ["Xiaoming Wang", "Xiaoming", "Wang", "王小明"]),
        ("Aleksandr Petrov (Александр Петров)", ["Aleksandr Petrov", "Aleksandr", "Petrov", "Александр Петров",
                                                "Александр", "Петров"]),
        ("王小明 (Xiaoming Wang)", ["王小明", "Xiaoming Wang", "Xiaoming", "Wang"]),
        ("Александр Петров (IT)", ["Александр Петров", "Александр", "Петров"]),  # a remark: one word, capitals
        ("Александр Петров (Moscow Office)", ["Александр Петров", "Александр", "Петров"]),  # no person
        ("Greta Vollmer (2019 cohort)", ["Greta Vollmer", "Greta", "Vollmer"]),
        # emoji and other pictographs decorate a display name; they are no part of it
        ("🌸 Greta V 🌸", ["Greta V", "Greta"]),
        ("Tobias 👨🏽\u200d💻 Quellmann", ["Tobias Quellmann", "Tobias", "Quellmann"]),
        ("Kay ✨ Marsden (she/they)", ["Kay Marsden", "Kay", "Marsden"]),
        ("🌸Greta🌸", ["Greta"]),
        ("🌸🌸", []),
        ("Bj\ufffdrn Quellmann", ["Bj\ufffdrn Quellmann", "Bj\ufffdrn", "Quellmann"]),  # a letter an archive lost: kept
        ("HÃ©lÃ¨ne Marsden", ["HÃ©lÃ¨ne Marsden", "Marsden"]),  # UTF-8 read as Latin-1: "©" kept
        # a lower-case user name of a given name the nickname table knows and an initial
        ("tobyq", ["tobyq", "Toby"]),
        ("gretav", ["gretav", "Greta"]),
        ("markt", ["markt"]),  # a given name that is an ordinary word
        ("peters", ["peters"]),  # "s": a surname
        ("kayla", ["kayla"]),  # a given name itself
        ("kmarsden", ["kmarsden"]),  # an initial first: no given name
        ("kit^", ["kit^", "kit"]),
        ("ab^", []),  # no run of three letters
        ("user42^", []),  # a generated id's word
        ("U0012", []),
        ("3f2a9c1d-77", []),  # a hash
    ],
)
def test_registered_parts(full_name: str, parts: list[str]) -> None:
    assert registered_parts(full_name) == parts


@pytest.mark.parametrize(
    ("full_name", "forms"),
    [
        ("Mary Jane Poe", ["Mary J", "Mary P"]),
        ("Ada K. Quill", ["Ada K", "Ada Q"]),
        ("Grey, Robert", ["Robert G"]),
        ("Dr. Ada Quill", ["Ada Q"]),
        ("Ben Stone III", ["Ben S"]),
        ("Anne-Marie Léger", ["Anne-Marie L"]),
        ("Tobias Abbot", []),  # "Tobias A" reads as "Tobias" and a word
        ("Ivo Ibsen", []),
        ("J. R. Smith", []),  # no given name to go with an initial
        ("Madonna", []),
        ("", []),
    ],
)
def test_initialled_forms(full_name: str, forms: list[str]) -> None:
    assert initialled_forms(full_name) == forms


def test_reads_ids_and_names(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "c.csv", ["user_id", "full_name", "email"], [["u1", "Robert  Grey", "r@x"]])
    assert read_class_list(path) == {"u1": "Robert Grey"}


def test_missing_columns_and_conflicting_rows(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "c.csv", ["who", "what"], [["u1", "x"]])
    with pytest.raises(InputError, match="no participant id column was found among 'who', 'what'"):
        read_class_list(path)
    path = write_csv(tmp_path / "d.csv", ["user_id", "name"], [["u1", "A B"], ["u1", "C D"]])
    with pytest.raises(InputError, match="a participant appears twice with different names"):
        read_class_list(path)


def test_the_parts_of_a_name_are_read_once_and_handed_out_as_a_new_list_each_time() -> None:
    first = registered_parts("Ada Lin Quill")
    first.append("Changed")
    assert registered_parts("Ada Lin Quill") == ["Ada Lin Quill", "Ada", "Lin", "Quill", "Ada Quill", "Ada Lin",
                                                 "Lin Quill"]


@pytest.mark.parametrize(
    ("written", "people"),
    [
        ("Mike Tolliver", {"M"}),  # a familiar form of the registered given name
        ("Michael P. Tolliver", {"M"}),  # a middle initial
        ("Mike Tolliver, Jr.", {"M"}),
        ("Bruna Kestrel", {"K"}),  # the surname registered in capitals
        ("Nell Ashby-Cole", {"G"}),
        ("Nell Ashby Cole", {"G"}),  # a double surname written without its hyphen
        ("Nell Cole", set()),  # a piece of a double surname is somebody else's surname
        ("Ada Quill", {"Q1", "Q2"}),  # two registered people of one name
        ("Mike", set()),
        ("Ines Tolliver", set()),
        ("M. Tolliver", {"M"}),  # the given name's initial
        ("M Tolliver", {"M"}),
        ("M. P. Tolliver", {"M"}),
        ("B. Kestrel", {"K"}),
        ("N. Ashby-Cole", {"G"}),
        ("A. Quill", {"Q1", "Q2"}),
        ("P. Tolliver", set()),  # another initial
        ("Tolliver, M.", set()),  # the surname first: a reference's author, not a form the list gives
        ("M. Tolliver-Quill", set()),
        ("Jose Maria", {"J"}),  # a registered part of several words, without its accents
        ("JOSÉ MARÍA", {"J"}),
        ("Jose Ruiz", {"J"}),
        ("Juergen Mueller", {"U"}),  # umlauts spelt out
        ("Jurgen Muller", {"U"}),  # or dropped
        ("J. Mueller", {"U"}),
        ("Maria Mueller", set()),
        ("Mueller", set()),  # one word is no full name
        ("Wrenfield Tobias", {"W"}),  # registered surname first: two words the other way round
        ("Tolliver Michael", {"M"}),
        ("Tolliver Ada", set()),
    ],
)
def test_registered_full_names(written: str, people: set[str]) -> None:
    class_list = {"M": "Michael Tolliver", "K": "Bruna KESTREL", "G": "Nell Ashby-Cole", "Q1": "Ada Quill",
                  "Q2": "Ada K. Quill", "O": "Sales Office", "J": "José María Ruiz", "U": "Jürgen Müller",
                  "W": "Tobias Wrenfield"}
    assert RegisteredFullNames.of(class_list).people(written) == people


@pytest.mark.parametrize(
    ("written", "people"),
    [
        ("Naved Oduya", {"N"}),  # a letter lost in the given name
        ("Naveed Oduja", {"N"}),  # one changed in the surname
        ("Ron Quelman", {"R"}),  # a familiar given name, a letter lost in the surname
        ("Ron Quellmann, Jr.", {"R"}),
        ("Nave Oduya", set()),  # two letters off
        ("Naveed Oduya", set()),  # as registered: ``people`` gives them
        ("Ide Thomas", set()),  # a word of fewer than four letters is read as written
        ("Greta Vollmr", {"G", "V"}),  # two registered people a letter away
        ("Ronald", set()),
    ],
)
def test_full_names_one_letter_off(written: str, people: set[str]) -> None:
    class_list = {"N": "Naveed Oduya", "R": "Ronald Quellman", "T": "Ida Thomas", "G": "Greta Vollmer",
                  "V": "Greta Vollmar"}
    assert RegisteredFullNames.of(class_list).misspelt(written) == people


@pytest.mark.parametrize(
    ("word", "people"),
    [("Müller", {"U", "A"}), ("Mueller", {"U"}), ("MULLER", {"U", "A"}), ("Ruiz", {"J"}), ("Jürgen", set()),
     ("Maria", set()), ("Office", set()), ("Thomas", set())],  # a surname that is a given name too
)
def test_surnames_alone(word: str, people: set[str]) -> None:
    class_list = {"J": "José María Ruiz", "U": "Jürgen Müller", "A": "Anja Muller", "O": "Sales Office",
                  "T": "Ida Thomas"}
    assert RegisteredFullNames.of(class_list).with_surname(word) == people


@pytest.mark.parametrize(
    ("full_name", "forms"),
    [("Ada Quill", ["ADA QUILL", "QUILL, ADA"]),
     ("José María Ruiz", ["JOSÉ MARÍA RUIZ", "JOSÉ MARÍA", "MARÍA RUIZ", "JOSÉ RUIZ", "JOSE MARIA RUIZ", "JOSE MARIA",
                          "MARIA RUIZ", "JOSE RUIZ"]),
     ("Ada K. Quill", ["ADA K. QUILL", "ADA QUILL"]), ("ADA QUILL", []), ("Ada", [])],
)
def test_capital_forms(full_name: str, forms: list[str]) -> None:
    assert sorted(capital_forms(registered_parts(full_name))) == sorted(forms)


@pytest.mark.parametrize(
    ("full_name", "forms"),
    [("Ada Quill", ["Quill, Ada"]), ("Quill, Ada", ["Quill, Ada"]), ("greta vollmer", ["Vollmer, Greta"]),
     ("José María Ruiz", []), ("Ada K. Quill", []), ("Ada", []),  # two words only: which is the surname is clear
     ("Ben Kay", [])],  # a surname that is a given name too: "Ann, Kay, Ben and I" lists three people
)
def test_surname_first_forms(full_name: str, forms: list[str]) -> None:
    assert surname_first_forms(registered_parts(full_name)) == forms


OFFICES = {"O1": "Kestrelby West Desk", "O2": "DL-Kestrelby IT", "O3": "Quillmont Corp"}


@pytest.mark.parametrize(
    ("row", "person"),
    [
        ("Kestrelby Quarry Falcons", False),   # first part a word of the list's offices, no given name: a team
        ("QUILLMONT", False),                  # a company's own row beside its office's
        ("Ada Kestrelby", True),               # a given name first
        ("Kestrelby Quell Tobias", True),      # surname first, with a given name
        ("Brennock Quarry Falcons", True),     # no office row says the word is a place's
        ("Tobias Quell", True),
    ],
)
def test_rows_named_like_the_lists_offices_are_no_people(row: str, person: bool) -> None:
    assert ("P" in person_rows({**OFFICES, "P": row})) is person
    assert "P" in person_rows({"P": row})  # without the offices, every row that reads as a person is one


def test_borrowed_middle_names() -> None:
    class_list = {"M": "Ada Kay Quill", "K": "Kay Marsden", "J": "C Tobias Wren", "H": "Tobias J Hart",
                  "L": "Ada Lee Quill", "A": "Lee"}
    # "Kay" is Kay Marsden's given name; "Tobias" opens C Tobias Wren's words; a row of one word has no given name
    assert borrowed_middle_names(class_list) == {"M": frozenset({"kay"})}


@pytest.mark.parametrize(
    ("full_name", "given"),
    [
        ("Greta Vollmer", "Greta"),
        ("Dr. Greta Vollmer", "Greta"),
        ("Vollmer, Greta", "Greta"),
        ("J. Tobias Quell", "Tobias"),  # an initial before the name a person goes by
        ("C Tobias Quell", "Tobias"),
        ("A. B. Quell", "A."),  # initials only: the first
        ("greta_v", "Greta"),
        ("quillfeather", "quillfeather"),
    ],
)
def test_the_given_name_of_a_registered_name(full_name: str, given: str) -> None:
    assert given_name(registered_parts(full_name)) == given
