"""Tests of how apply treats names tagged ``glued`` and ``word``."""

from __future__ import annotations

import pytest
import regex

from nicknames.apply.scope_names import scope_names
from nicknames.apply.substitute import substitute_message
from nicknames.model.mapping import Mapping, Name
from nicknames.model.messages import Message
from nicknames.rules.patterns import name_pattern


@pytest.mark.parametrize(
    ("text", "matched"),
    [("thanksMary", True), ("MaryThanks", True), ("HiMary!", True), ("Rosemary", False), ("Marys", False),
     ("Mary", True), ("_Mary", False)],
)
def test_glued_pattern(text: str, matched: bool) -> None:
    pattern = regex.compile(name_pattern("Mary", glued=True), regex.VERSION1)
    assert (pattern.search(text) is not None) is matched


def test_unglued_name_keeps_whole_word_rule() -> None:
    assert regex.search(name_pattern("Mary"), "thanksMary", regex.VERSION1) is None


def substitute(text: str, *names: Name) -> str:
    mapping = Mapping()
    for name in names:
        mapping.set_name("U1", name)
    message = Message("1", "U2", text, "U1", "t", "")
    return substitute_message(message, scope_names(mapping, {"U1", "U2"}), lambda p: f"[{p}]")[0]


def test_glued_tag_replaces_only_the_name_part() -> None:
    assert substitute("thanksMary, from Rosemary", Name("Mary", 1, ("glued",))) == "thanks[U1], from Rosemary"


def test_word_tag_skips_the_word_uses() -> None:
    text = "Hi Will,\nWill you come in May 2024? I asked Will.\nthanks\nWill"
    expected = "Hi [U1],\nWill you come in May 2024? I asked [U1].\nthanks\n[U1]"
    assert substitute(text, Name("Will", 1, ("word",)), Name("May", 1, ("word",))) == expected


def test_untagged_name_is_replaced_everywhere() -> None:
    assert substitute("Will you?", Name("Will", 1)) == "[U1] you?"
