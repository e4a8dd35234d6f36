"""Undoing a pseudonymisation with the key file."""

from __future__ import annotations

from nicknames.key_file import KeyFile
from nicknames.mapping import Mapping
from nicknames.messages import Message
from nicknames.pseudonyms import IdTemplate
from nicknames.reverse import reverse_texts
from nicknames.substitute import scope_names, substitute_batch
from nicknames.identifiers import identifier_rules

MESSAGES = [
    Message("1", "U2", "Hi Mary,\nmail me at bo@example.org\nBob", "U1", "t", "s"),
    Message("2", "U1", "Thanks Bob!\nMary Poe", "U2", "t", "s"),
]


def _run() -> tuple[list[str], KeyFile]:
    names = scope_names(Mapping({"U1": ["Mary", "Mary Poe"], "U2": ["Bob"]}), {"U1", "U2"})
    texts, records = substitute_batch(MESSAGES, names, IdTemplate(), identifiers=identifier_rules())
    key = KeyFile("id", "00" * 32, pseudonyms={"[U1]": "U1", "[U2]": "U2"})
    key.record(records)
    return texts, key


def test_exact_restore_where_recorded() -> None:
    texts, key = _run()
    assert texts[0] == "Hi [U1],\nmail me at [EMAIL]\n[U2]"
    result = reverse_texts(zip(["1", "2"], texts), key)
    assert result.texts == [m.text for m in MESSAGES]
    assert (result.exact, result.by_index) == (2, 0)


def test_edited_or_unrecorded_messages_get_ids() -> None:
    texts, key = _run()
    edited = texts[0].replace("Hi", "Hello there")
    result = reverse_texts([("1", edited), ("9", "see [U2]")], key)
    assert result.texts == ["Hello there [U1],\nmail me at [EMAIL]\n[U2]", "see [U2]"]
    assert (result.exact, result.by_index) == (0, 0)


def test_surrogate_forms_become_ids() -> None:
    key = KeyFile("surrogate", "00" * 32, pseudonyms={"Anna Berg": "U1", "Anna": "U1"})
    result = reverse_texts([("1", "Anna Berg and Anna met Annabel")], key, "ids")
    assert result.texts == ["[U1] and [U1] met Annabel"]
    assert result.by_index == 1
