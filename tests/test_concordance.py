"""Finding a name's occurrences in the messages, with their context."""

from __future__ import annotations

import pytest

from nicknames.editing.concordance import Concordance, place_in_message
from nicknames.model.messages import Message


def msg(id: str, sender: str, text: str, parent: str | None = None, thread: str = "t1") -> Message:
    return Message(id, sender, text, parent, thread, "s1")


MESSAGES = [
    msg("1", "p1", "Hi all,\nI read Darwin today.\nCheers,\nRob"),
    msg("2", "p2", "Hi Rob,\nEvening Eve! Rob's point is good.\nLiz", parent="p1"),
    msg("3", "p3", "Mary Jane and Mary\tJane agree.", thread="t2"),
]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Rob", [("1", "Rob"), ("2", "Rob"), ("2", "Rob")]),
        ("Eve", [("2", "Eve")]),
        ("Mary Jane", [("3", "Mary Jane"), ("3", "Mary\tJane")]),
        ("Jane", [("3", "Jane"), ("3", "Jane")]),
        ("Robert", []),
        ("all", [("1", "all")]),
    ],
)
def test_whole_word_occurrences(name: str, expected: list[tuple[str, str]]) -> None:
    found = Concordance(MESSAGES).find(name)
    assert [(hit.message_id, hit.text) for hit in found.hits] == expected
    assert found.total == len(expected)


VIEWED = [
    msg("1", "p1", "Thanks,\nSiobhan O&#39;Neill"),  # a character reference
    msg("2", "p2", "Hi Rene\u0301e, Ma\u200bry and Kasimir&nbsp;Vey!"),  # NFD, an invisible character, a reference
    msg("3", "p1", "see you, Mary"),
    msg("4", "p2", "Jane said so"),  # "Mary\nJane" across two messages is no name
]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("O'Neill", [("1", "O&#39;Neill")]),
        ("Siobhan O'Neill", [("1", "Siobhan O&#39;Neill")]),
        ("Renée", [("2", "Rene\u0301e")]),
        ("Mary", [("2", "Ma\u200bry"), ("3", "Mary")]),
        ("Kasimir Vey", [("2", "Kasimir&nbsp;Vey")]),
        ("Mary Jane", []),
    ],
)
def test_occurrences_are_found_in_the_views_apply_reads_and_shown_as_written(
        name: str, expected: list[tuple[str, str]]) -> None:
    found = Concordance(VIEWED).find(name)
    assert [(hit.message_id, hit.text) for hit in found.hits] == expected
    for hit in found.hits:
        assert Concordance(VIEWED).message(hit.message_id).text[hit.start:hit.end] == hit.text  # type: ignore[union-attr]


def test_a_hit_knows_its_message_and_context() -> None:
    hit = Concordance(MESSAGES).find("Rob").hits[1]
    assert (hit.message_id, hit.sender, hit.parent_sender, hit.thread) == ("2", "p2", "p1", "t1")
    assert MESSAGES[1].text[hit.start : hit.end] == "Rob"
    assert hit.before == "Hi "
    assert hit.after.startswith(", Evening Eve!")
    assert hit.place == "greeting"


def test_context_is_one_line_and_bounded() -> None:
    text = "word " * 50 + "Rob\n\n" + "more " * 50
    hit = Concordance([msg("1", "p1", text)]).find("Rob").hits[0]
    assert len(hit.before) <= 40 and len(hit.after) <= 40
    assert "\n" not in hit.before + hit.after
    assert hit.after.startswith(" more")


def test_related_to_keeps_messages_sent_by_or_answering_a_participant() -> None:
    concordance = Concordance(MESSAGES)
    assert [hit.message_id for hit in concordance.find("Rob", related_to="p1").hits] == ["1", "2", "2"]
    assert concordance.find("Rob", related_to="p3").total == 0


def test_limit_keeps_the_count() -> None:
    found = Concordance(MESSAGES).find("Rob", limit=1)
    assert len(found.hits) == 1
    assert found.total == 3


def test_message_by_id() -> None:
    concordance = Concordance(MESSAGES)
    assert concordance.message("3") == MESSAGES[2]
    assert concordance.message("9") is None
    assert len(concordance) == 3


@pytest.mark.parametrize(
    ("text", "word", "place"),
    [
        ("Hi Rob,\nthanks\nCheers,\nLiz", "Rob", "greeting"),
        ("Hi Rob,\nthanks\nCheers,\nLiz", "Liz", "signoff"),
        ("Hi Rob,\nthanks\nCheers,\nLiz", "thanks", "body"),
        ("Hello\n\nyes Liz\n", "Liz", "signoff"),
        ("Only Liz", "Liz", "greeting"),
        # where apply's zones put it: a long last line is a sentence; a signature block's short lines sign
        ("Hi all,\n\nI met Liz Wrenfield from the county office yesterday.\n\nRob", "Liz", "body"),
        ("Hi all,\nthe notes are up.\nmore below\nCheers,\nRob\n-- \nLiz Quell\nExample University", "Liz",
         "signoff"),
        ("<p>Hi Rob,</p><p>the notes are up.</p><p>more below</p><p>Cheers,<br>Liz</p>", "Rob", "greeting"),
        ("<p>Hi Rob,</p><p>the notes are up.</p><p>more below</p><p>Cheers,<br>Liz</p>", "notes", "body"),
        ("<p>Hi Rob,</p><p>the notes are up.</p><p>more below</p><p>Cheers,<br>Liz</p>", "Liz", "signoff"),
    ],
)
def test_place_in_message(text: str, word: str, place: str) -> None:
    assert place_in_message(text, text.index(word)) == place


def test_a_hit_points_to_the_participant_its_place_names() -> None:
    hits = Concordance(MESSAGES).find("Rob").hits
    assert [hit.points_to for hit in hits] == ["p1", "p1", "p2"]


def test_find_for_lists_the_participants_messages_first() -> None:
    found = Concordance(MESSAGES).find_for("Liz", "p3")
    assert [hit.message_id for hit in found.hits] == ["2"]
    assert (found.total, found.related) == (1, 0)
    found = Concordance(MESSAGES + [msg("4", "p3", "Hi Liz", parent="p2")]).find_for("Liz", "p3", limit=1)
    assert [hit.message_id for hit in found.hits] == ["4"]
    assert (found.total, found.related) == (2, 1)
