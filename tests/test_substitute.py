"""Substitution in one scope: spans, records, keep list and the duplicate rule."""

from __future__ import annotations

import pytest

from nicknames.model.mapping import Mapping, Name
from nicknames.model.messages import Message
from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.substitute import scope_names, substitute_message

PSEUDONYM = IdTemplate()


def message(text: str, sender: str = "s", parent: str | None = "p") -> Message:
    return Message("m1", sender, text, parent, "t", "x")


def run(mapping: Mapping, text: str, active: set[str], **context: str | None):
    return substitute_message(message(text, **context), scope_names(mapping, active), PSEUDONYM)


@pytest.mark.parametrize(
    ("names", "text", "expected"),
    [
        ({"u43": ["Mary", "Mary Jane"]}, "Hi Mary Jane!", "Hi [u43]!"),
        ({"u43": ["Mary"]}, "Mary's idea", "[u43]'s idea"),
        ({"u1": ["Eve"]}, "Evening Eve", "Evening [u1]"),
        ({"u1": ["-RG-"]}, "Cheers\n-RG-", "Cheers\n[u1]"),
        ({"u1": ["R o b e r t"]}, "Cheers\nR o b e r t", "Cheers\n[u1]"),
        ({"u1": ["C++"]}, "C++ and C", "[u1] and C"),
        ({"u1": ["Rob"], "u2": ["Mary"]}, "Rob, Mary, Rob", "[u1], [u2], [u1]"),
    ],
)
def test_replacements(names: dict[str, list[str]], text: str, expected: str) -> None:
    new, _ = run(Mapping(names), text, set(names))
    assert new == expected


def test_keep_list_protects_names_inside_it() -> None:
    mapping = Mapping({"u12": ["Arthur", "Clarke"]}, keep=["Arthur C. Clarke"])
    new, records = run(mapping, "Arthur C. Clarke wrote it, Arthur", {"u12"})
    assert new == "Arthur C. Clarke wrote it, [u12]"
    assert [(r.start, r.end, r.original) for r in records] == [(27, 33, "Arthur")]


def test_only_active_participants_names_are_used() -> None:
    mapping = Mapping({"u1": ["Rob"], "u2": ["Mary"]})
    new, _ = run(mapping, "Rob and Mary", {"u1"})
    assert new == "[u1] and Mary"


def test_rejected_names_are_not_replaced() -> None:
    mapping = Mapping({"u1": ["Rob", "Cheers"]})
    mapping.reject("u1", "Cheers")
    assert run(mapping, "Cheers Rob", {"u1"})[0] == "Cheers [u1]"


def test_records_hold_offsets_in_the_original_text() -> None:
    _, [record] = run(Mapping({"u1": ["Rob"]}), "Hi Rob", {"u1"})
    assert (record.start, record.end, record.original, record.participant, record.pseudonym, record.rule) == (
        3, 6, "Rob", "u1", "[u1]", "only",
    )


@pytest.mark.parametrize(
    ("text", "sender", "parent", "owner", "rule"),
    [
        ("Hi Sam,\nbody\nbye", "b", "a", "a", "greeting"),  # greeting: the parent's sender
        ("Hi there,\nbody\nSam", "a", "b", "a", "signoff"),  # sign-off: the sender
        ("Hi there,\nbody\nSam", "c", "b", "b", "parent"),  # sign-off, sender not a candidate
        ("Sam said so", "c", None, "b", "first"),  # no context: the most frequent user
    ],
)
def test_duplicate_names_are_resolved_by_context(text: str, sender: str, parent: str | None, owner: str, rule: str) -> None:
    mapping = Mapping()
    mapping.set_name("a", Name("Sam", 1))
    mapping.set_name("b", Name("Sam", 5))
    _, [record] = run(mapping, text, {"a", "b", "c"}, sender=sender, parent=parent)
    assert (record.participant, record.rule, record.candidates) == (owner, rule, ("a", "b"))


def test_duplicate_with_equal_counts_goes_to_the_first_in_the_file() -> None:
    mapping = Mapping({"b": ["Sam"], "a": ["Sam"]})
    _, [record] = run(mapping, "Sam said so", {"a", "b"}, sender="c", parent=None)
    assert (record.participant, record.rule) == ("b", "first")


def test_duplicates_are_listed() -> None:
    names = scope_names(Mapping({"a": ["Sam", "Al"], "b": ["Sam"]}), {"a", "b"})
    assert names.duplicates() == {"Sam": ("a", "b")}
