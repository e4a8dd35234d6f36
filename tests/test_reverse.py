"""Undoing a pseudonymisation with the key file."""

from __future__ import annotations

from nicknames.apply.key_file import KeyFile
from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.reverse import reverse_texts
from nicknames.apply.scope_names import scope_names
from nicknames.apply.substitute import substitute_batch
from nicknames.model.mapping import Mapping
from nicknames.model.messages import Message
from nicknames.rules.identifiers import identifier_rules

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
    assert texts[0] == "Hi [U1],\nmail me at [USER]@example.org\n[U2]"
    result = reverse_texts(zip(["1", "2"], texts), key)
    assert result.texts == [m.text for m in MESSAGES]
    assert (result.exact, result.by_index) == (2, 0)


def test_each_source_keeps_its_last_run() -> None:
    names = scope_names(Mapping({"U1": ["Mary"], "U2": ["Bob"]}), {"U1", "U2"})
    first = [Message("1", "U2", "Hi Mary", "U1", "t", "s")]
    second = [Message("1", "U1", "Thanks Bob, Mary", "U2", "t", "s")]  # same message id, another export
    key = KeyFile("id", "00" * 32, pseudonyms={"[U1]": "U1", "[U2]": "U2"})
    out_first, records = substitute_batch(first, names, IdTemplate())
    key.record(records, "term1.csv")
    out_second, records = substitute_batch(second, names, IdTemplate())
    key.record(records, "term2.csv")
    assert set(key.earlier) == {"term1.csv"} and key.source == "term2.csv"
    assert reverse_texts([("1", out_first[0])], key).texts == ["Hi Mary"]
    assert reverse_texts([("1", out_second[0])], key).texts == ["Thanks Bob, Mary"]
    key.record(records, "term1.csv")  # a new run on term1 replaces its earlier record
    assert set(key.earlier) == {"term2.csv"}


def test_edited_or_unrecorded_messages_get_ids() -> None:
    texts, key = _run()
    edited = texts[0].replace("Hi", "Hello there")
    result = reverse_texts([("1", edited), ("9", "see [U2]")], key)
    assert result.texts == ["Hello there [U1],\nmail me at [USER]@example.org\n[U2]", "see [U2]"]
    assert (result.exact, result.by_index) == (0, 0)


def test_surrogate_forms_become_ids() -> None:
    key = KeyFile("surrogate", "00" * 32, pseudonyms={"Anna Berg": "U1", "Anna": "U1"})
    result = reverse_texts([("1", "Anna Berg and Anna met Annabel")], key, "ids")
    assert result.texts == ["[U1] and [U1] met Annabel"]
    assert result.by_index == 1


# Property: whatever the text, a run recorded in the key file reverses exactly, in every style.
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from nicknames.pipeline.styles import build_style, new_key  # noqa: E402

TOKENS = ["Mary", "Mary Poe", "Bob", "MP", "Mary's", "mary.poe@example.org", "bo at example.org",
          "https://example.org/Mary", "713-853-1234", "@Bob", "@zed", "U0001", "the", "Evening", "Bobby", "\n", ", "]
MAPPING = Mapping({"U0001": ["Mary", "Mary Poe", "MP"], "U0002": ["Bob", "Mary"]})


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=25), st.sampled_from(["id", "keyed", "surrogate"]))
def test_every_recorded_run_reverses_exactly(tokens: list[str], style: str) -> None:
    text = " ".join(tokens)
    key = new_key(style, None)
    pseudonym = build_style(key, MAPPING, ["U0001", "U0002"], [text])
    names = scope_names(MAPPING, {"U0001", "U0002"})
    rules = identifier_rules(participants=MAPPING.participants, addresses={"U0001": ["mary.poe@example.org"]})
    message = Message("1", "U0002", text, "U0001", "t", "s")
    out, records = substitute_batch([message], names, pseudonym, identifiers=rules)
    key.record(records)
    assert reverse_texts([("1", out[0])], key).texts == [text]
