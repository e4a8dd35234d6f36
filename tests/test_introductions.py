"""Self-introductions: the names writers give for themselves, read by rule and taken by collect."""

from __future__ import annotations

from pathlib import Path

import pytest

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.scope_names import scope_names
from nicknames.apply.substitute import substitute_batch
from nicknames.collect.candidates import collect
from nicknames.io.mapping_file import parse_mapping
from nicknames.model.mapping import Name
from nicknames.model.messages import Message
from nicknames.rules.introductions import (
    INTRO_CHARS,
    Introduced,
    introduced_names,
    introduces,
)
from tests.test_collect import table


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hi everyone! My name is Marisol Ketteridge, but everyone calls me Sol.",
         [("Marisol Ketteridge", True), ("Sol", True)]),
        ("Welcome! I'm Bartholomew, though please call me Bart.", [("Bartholomew", False), ("Bart", True)]),
        ("Hello all, I am Quentin Ashdown and I go by Quin.", [("Quentin Ashdown", False), ("Quin", True)]),
        ("Hi, I'm Dr. Wren Halloway, your tutor. Feel free to call me Wren.",
         [("Wren Halloway", False), ("Wren", True)]),  # a title is dropped
        ("hey, i'm jojo (Johanna on the register).", [("jojo", False)]),  # lower case, punctuation after it
        ("i'm sure it works", []),  # lower case in a sentence that goes on: a description
        ("Does anyone know? Bart here, I lost the link.", [("Bart", False)]),
        ("Hello, Ignatius here (Iggy to friends).", [("Ignatius", False)]),
        ("Hey, Oluwaseun here but everyone just says Seun.", [("Oluwaseun", False)]),
        ("Everyone here is nice. Anyone here knows?", []),  # stop words; a sentence going on
        ("Bonjour, je m'appelle Amélie.", [("Amélie", True)]),
        ("Hallo, ich heiße Jörg. Ich bin Jörg aus Bremen.", [("Jörg", True)]),
        ("Olá, pode me chamar de Bia.", [("Bia", True)]),
        ("me llamo Anselmo y soy de Villabrava", [("Anselmo", True)]),  # "de" after a weak cue is no name
        ("Hej, jag heter Sixten.", [("Sixten", True)]),
        ("Mi nombre completo es Ignacio pero todos me llaman Nacho.", [("Ignacio", True), ("Nacho", True)]),
        ("Aquí Remedios (Reme para los amigos).", [("Remedios", False)]),
        ("aquí tienes el archivo", []),
        ("So this is Quin's point.", []),  # a possessive
        ("my name is not important", []),  # a stop word
        ("Call me tomorrow. This issue is old.", []),  # a stop word; a cue must be whole words
        ("I go by Q.", []),  # a single letter
        ("", []),
    ],
)
def test_introduced_names(text: str, expected: list[tuple[str, bool]]) -> None:
    assert list(introduced_names(text)) == [Introduced(name, strong) for name, strong in expected]


def test_only_the_start_of_a_text_is_read() -> None:
    assert introduced_names("x" * INTRO_CHARS + " My name is Sol.") == ()
    assert introduced_names("x" * (INTRO_CHARS - 20) + " My name is Sol.") == (Introduced("Sol", True),)
    cut = "x" * (INTRO_CHARS - len("\nhi, i'm jo")) + "\nhi, i'm jo"
    assert introduced_names(cut + "hanna-like words go on") == ()  # a word cut at the head's end stands alone
    assert introduced_names(cut) == (Introduced("jo", False),)  # the text's own end


@pytest.mark.parametrize(
    ("roster", "text", "expected"),
    [
        # words that give a name: a capitalised name is the sender's, with or without a class list
        ({}, "Hello! My name is Marisol, but everyone calls me Sol.", ["Marisol", "Sol"]),
        ({"u1": "Marisol Ketteridge"}, "Hello! Please call me Sol.", ["Sol"]),
        # a lower-case name only when it is a given name or familiar form
        ({}, "ok, call me jojo then", ["jojo"]),
        ({}, "Call me crazy, it works.", []),
        # "I'm" and "here": a known given name that is no ordinary word, or the sender's registered name
        ({}, "Hi all, I'm Ignatius and I study maths.", ["Ignatius"]),
        ({}, "Hi all, I'm Frank about it.", []),  # an ordinary word
        ({}, "Hi all, I'm Canadian and I study maths.", []),  # no given name
        ({}, "Welcome! I'm Dr. Sunniva Hallberg, your instructor.", ["Sunniva Hallberg"]),  # a known given name first
        ({}, "Welcome! I'm Happy Camper, your instructor.", []),
        ({"u1": "Quentin Ashdown"}, "Quentin Ashdown here, with a question.", ["Quentin Ashdown"]),
    ],
)
def test_collect_takes_the_names_senders_give_themselves(
    tmp_path: Path, roster: dict[str, str], text: str, expected: list[str]
) -> None:
    rows = [["1", "0", "u1", text], ["2", "1", "u2", "Welcome to the course."]]
    names = collect(table(tmp_path, rows), roster or None).mapping.names
    assert sorted(names.get("u1", [])) == sorted(expected)


def test_an_introduced_name_found_before_only_gains_the_tag(tmp_path: Path) -> None:
    rows = [["1", "0", "u1", "Hi, my name is Sol Ketteridge.\nSol Ketteridge"], ["2", "1", "u2", "Sol Ketteridge agrees."]]
    mapping = collect(table(tmp_path, rows), {"u1": "Sol Ketteridge"}).mapping
    # counted once, for the message that signs with it (the introduction in the same message adds nothing)
    assert mapping.entry("u1").find("Sol Ketteridge") == Name("Sol Ketteridge", 1, ("signoff", "classlist", "intro"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hi all, my name is Sol and I teach.", "[A]"),  # the sender introduces themselves
        ("Hi all, I'm Sol, nice to meet you.", "[A]"),
        ("Hi all, I think Sol is right.", "[B]"),  # a mention in the body: the other one
    ],
)
def test_apply_gives_a_shared_name_the_sender_introduces_to_the_sender(text: str, expected: str) -> None:
    mapping = parse_mapping("A | Sol\nB | Sol\n")
    message = Message("m", "A", text, None, "t", "s")
    texts, records = substitute_batch([message], scope_names(mapping, ["A", "B"]), IdTemplate())
    assert expected in texts[0] and "Sol" not in texts[0]
    assert records[0].rule == ("intro" if expected == "[A]" else "other")


def test_introduces_tells_the_span_of_an_introduced_name() -> None:
    text = "Hello, my name is Sol Ketteridge. Sol is a friend."
    start = text.index("Sol")
    assert introduces(text, start, start + 3)  # inside the introduced name
    later = text.index("Sol", start + 1)
    assert not introduces(text, later, later + 3)
