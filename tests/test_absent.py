"""Names of registered people who post nothing: which forms are theirs, and where."""

from __future__ import annotations

import pandas as pd
import pytest

from nicknames.collect.absent import absent_names
from nicknames.collect.candidates import collect
from nicknames.model.messages import Message, table_from_frame
from nicknames.rules.nickname_table import builtin_table

WORDS = frozenset({"grace", "brown", "will", "may"})
CLASS_LIST = {
    "P1": "Anna Lind",  # posts
    "P2": "Otto Verhoef",  # posts
    "A1": "Tobias Quell",
    "A2": "Tobias Brandt",
    "A3": "Bartholomew Okafor",
    "A4": "Grace Ferro",
    "A5": "QUELLING",  # one word: too little to tell a person by
    "A6": "Team Okafor",  # an office, not a person
    "A7": "Heike Marsden (Lisbon)",
    "A8": "Bart Ivers",
    "A9": "Bartholomew Ross",
    "A10": "J. Harold Penbrook",
    "A11": "stonebridge_k",  # one user name with what no word holds: it tells a person
    "A12": "kit^",  # a chat nick
    "A13": "quillfeather",  # one plain word: too little
}


def message(text: str, thread: str = "t1", sender: str = "P1") -> Message:
    return Message(f"m{abs(hash((text, thread))) % 10**6}", sender, text, None, thread, "s1")


def found(messages: list[Message]) -> dict[str, dict[str, int]]:
    names = absent_names(messages, CLASS_LIST, {"P1", "P2"}, {"P1": ["Anna"], "P2": ["Otto"]}, builtin_table(),
                         lambda word: word.casefold() in WORDS)
    result: dict[str, dict[str, int]] = {}
    for name in names:
        result.setdefault(name.participant, {})[name.text] = name.count
    return result


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # forms of one person alone, wherever they occur
        (["I met Tobias Quell today.", "Quell agreed."], {"A1": {"Tobias Quell": 1, "Quell": 1}}),
        (["TOBIAS QUELL @ 3pm"], {"A1": {"TOBIAS QUELL": 1}}),
        # a registered leading initial, written after the given name
        (["Harold J. Penbrook signed it"], {"A10": {"Harold J. Penbrook": 1}}),
        (["forward to Harold J Penbrook"], {"A10": {"Harold J. Penbrook": 1}}),  # the initial's stop left out
        (["Marsden will come", "Heike too"], {"A7": {"Marsden": 1, "Heike": 1}}),
        # familiar forms of the registered given name, alone and with the surname
        (["Ask Bartholomew.", "Bart Okafor said so"], {"A3": {"Bart Okafor": 1, "Bartholomew": 1}}),
        # a registered form outweighs the familiar forms of other people's names
        (["Ask Bart."], {"A8": {"Bart": 1}}),
        # a shared form: in a thread where a form of one owner alone occurs, and nobody else who has it is spoken
        # of or posts there; everywhere when that owner is the only one spoken of in the whole file
        (["Tobias said yes", "Quell is in", "Brandt too"], {"A1": {"Quell": 1}, "A2": {"Brandt": 1}}),
        (["Tobias said yes", "Quell is in"], {"A1": {"Quell": 1, "Tobias": 1}}),
        (["Tobias said yes\nQuell is in", "Brandt too"], {"A1": {"Quell": 1, "Tobias": 1}, "A2": {"Brandt": 1}}),
        (["Tobias Quell and Tobias Brandt\nTobias agreed"], {"A1": {"Tobias Quell": 1}, "A2": {"Tobias Brandt": 1}}),
        # ordinary words are never taken alone; the full name is
        (["Grace Ferro wrote", "Ferro said", "Grace said"], {"A4": {"Grace Ferro": 1, "Ferro": 1}}),
        # one word inside something longer, or after "in", is not the name
        (["The Quell Bridge", "We met in Quell", "Lake Quell"], {}),
        # nor at all where the corpus writes it as a place, or more often inside longer names than alone
        (["Quell said so", "We met in Quell"], {}),
        (["Quell said so", "The Quell Bridge", "Lake Quell"], {}),
        (["Quell said so", "Quell agreed", "Lake Quell"], {"A1": {"Quell": 2}}),
        (["QUELLING and Okafor"], {"A3": {"Okafor": 1}}),
        (["ask stonebridge_k or kit^", "quillfeather knows"], {"A11": {"stonebridge_k": 1}, "A12": {"kit^": 1}}),
    ],
)
def test_names_of_registered_people_who_post_nothing(texts: list[str], expected: dict[str, dict[str, int]]) -> None:
    assert found([message(text, thread=f"t{i}") for i, text in enumerate(texts)]) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # given name and surname in one thread: the one person who has both is spoken of there (and so, the only
        # one of the Tobiases spoken of, everywhere)
        (["Tobias said yes\nQuell agreed", "Tobias again"], {("A1", "Tobias", 2, False), ("A1", "Quell", 1, False)}),
        (["Tobias said yes\nQuell agreed", "Tobias again", "Brandt too"],
         {("A1", "Tobias", 1, False), ("A1", "Quell", 1, False), ("A2", "Brandt", 1, False)}),
        # two people's surnames: nobody has both; the shared one is a guess
        (["Quell and Brandt"], {("A1", "Quell", 1, True), ("A2", "Brandt", 1, False)}),
        # a shared form of people nobody speaks of: the first of them on the class list, a guess for review
        (["Tobias said yes", "Ask Tobias"], {("A1", "Tobias", 2, True)}),
        # the one of them spoken of has it everywhere
        (["Tobias said yes", "Brandt too"], {("A2", "Brandt", 1, False), ("A2", "Tobias", 1, False)}),
    ],
)
def test_shared_forms_of_people_who_post_nothing(texts: list[str], expected: set[tuple[str, str, int, bool]]) -> None:
    class_list = {"P1": "Anna Lind", "A1": "Tobias Quell", "A2": "Tobias Brandt", "A3": "Lena Quell"}
    messages = [message(text, thread=f"t{i}") for i, text in enumerate(texts)]
    names = absent_names(messages, class_list, {"P1"}, {"P1": ["Anna"]}, builtin_table(), lambda word: False)
    assert {(name.participant, name.text, name.count, name.namesake) for name in names} == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # a short form of the surname, in a thread where another form of the person occurs
        (["Ask Kirby about it.\nTobias Kirbride knows", "Kirby said no"],
         {("A1", "Kirby", 1), ("A1", "Tobias Kirbride", 1)}),
        (["Kirby said no"], set()),  # alone, it may be anything
        # and it tells the person apart: "Tobias" is theirs there
        (["Ask Kirby about it.\nTobias knows"], {("A1", "Kirby", 1), ("A1", "Tobias", 1)}),
    ],
)
def test_short_forms_of_the_surname(texts: list[str], expected: set[tuple[str, str, int]]) -> None:
    class_list = {"P1": "Anna Lind", "A1": "Tobias Kirbride", "A2": "Tobias Brandt"}
    messages = [message(text, thread=f"t{i}") for i, text in enumerate(texts)]
    tokens = {word.strip(".") for text in texts for word in text.split()}
    names = absent_names(messages, class_list, {"P1"}, {"P1": ["Anna"]}, builtin_table(), lambda word: False, tokens)
    assert {(name.participant, name.text, name.count) for name in names} == expected


def test_collect_writes_a_namesake_as_a_suggestion() -> None:
    frame = pd.DataFrame([("1", "P1", "", "Hi all,\nTobias sends his regards.\nAnna")],
                         columns=["message_id", "sender", "parent_id", "text"])
    class_list = {"P1": "Anna Lind", "A1": "Tobias Quell", "A2": "Tobias Brandt"}
    mapping = collect(table_from_frame(frame), class_list).mapping
    [name] = mapping.entry("A1").names
    assert (name.text, name.tags, name.status.value) == ("Tobias", ("classlist", "absent", "namesake"), "suggested")
    assert "A2" not in mapping.participants


def test_a_shared_form_is_not_theirs_where_another_owner_posts() -> None:
    class_list = {**CLASS_LIST, "P3": "Tobias Lind"}
    messages = [message("Quell and Tobias", "t1"), message("Hi all", "t1", "P3")]
    names = absent_names(messages, class_list, {"P1", "P3"}, {}, builtin_table(), lambda word: False)
    assert {(name.participant, name.text) for name in names} == {("A1", "Quell")}


def test_collect_gives_them_a_line_tagged_absent() -> None:
    frame = pd.DataFrame(
        [("1", "P1", "", "Hi all,\nTobias Quell sends his regards.\nAnna"),
         ("2", "P2", "1", "Hi Anna,\nI think Quell is right.\nOtto")],
        columns=["message_id", "sender", "parent_id", "text"],
    )
    frame["thread_id"] = "t1"
    mapping = collect(table_from_frame(frame), CLASS_LIST).mapping
    assert [(name.text, name.tags) for name in mapping.entry("A1").names] == [
        ("Tobias Quell", ("classlist", "absent")), ("Quell", ("classlist", "absent"))
    ]
    assert "A2" not in mapping.participants


@pytest.mark.parametrize(
    ("class_list", "signed", "expected"),
    [
        ({"A1": "Bartholomew Okafor"}, [], {("A1", "Bart")}),  # the familiar form of one registered given name
        # two Bartholomews nothing tells apart: the first on the class list, a guess for review (``namesake``)
        ({"A1": "Bartholomew Okafor", "A2": "Bartholomew Ross"}, [], {("A1", "Bart")}),
        ({"A2": "Bartholomew Ross", "A1": "Bartholomew Okafor"}, [], {("A2", "Bart")}),
        ({"A1": "Bartholomew Okafor", "P1": "Anna Lind"}, ["Bart"], set()),  # a poster signs with it
        ({"A1": "Bartholomew Okafor", "A2": "Bartholomew  Okafor"}, [], {("A1", "Bart")}),  # registered twice
        ({"A1": "Bartholomew J Okafor", "A2": "Bartholomew J. Okafor"}, [], {("A1", "Bart")}),
        ({"A1": "Bartholomew Okafor", "P1": "Bartholomew Okafor"}, [], set()),  # registered twice, posts as P1
    ],
)
def test_familiar_forms_of_people_who_post_nothing(
    class_list: dict[str, str], signed: list[str], expected: set[tuple[str, str]]
) -> None:
    names = absent_names([message("Ask Bart.")], class_list, {"P1"}, {"P1": signed}, builtin_table(),
                         lambda word: False)
    assert {(name.participant, name.text) for name in names} == expected


def test_a_middle_name_that_is_somebody_elses_given_name_is_theirs() -> None:
    """"Kay" alone names the registered Kay Marsden, not Ada Kay Quill, who posts; her full name stays hers."""
    frame = pd.DataFrame(
        [("1", "P2", "", "Has anyone seen the file?\nAda"),
         ("2", "P1", "1", "Hi Ada,\nI asked Kay to forward it, and Ada Kay Quill agreed.\nAnna")],
        columns=["message_id", "sender", "parent_id", "text"],
    )
    frame["thread_id"] = "t1"
    class_list = {"P1": "Anna Lind", "P2": "Ada Kay Quill", "A1": "Kay Marsden"}
    mapping = collect(table_from_frame(frame), class_list).mapping
    assert "Kay" not in [name.text for name in mapping.entry("P2").names]
    assert "Ada Kay Quill" in [name.text for name in mapping.entry("P2").names]
    assert [(name.text, name.tags) for name in mapping.entry("A1").names] == [("Kay", ("classlist", "absent"))]


@pytest.mark.parametrize("surname", ["North", "South", "East", "West"])
def test_a_compass_point_is_no_surname_alone_of_someone_who_posts_nothing(surname: str) -> None:
    frame = pd.DataFrame([("1", "P1", "", f"The farm is just {surname} of the river.\nAnna")],
                         columns=["message_id", "sender", "parent_id", "text"])
    mapping = collect(table_from_frame(frame), {"P1": "Anna Lind", "A1": f"Tobias {surname}"}).mapping
    assert "A1" not in mapping.participants
