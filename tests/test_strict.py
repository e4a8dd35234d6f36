"""The check behind ``apply --strict``: the audit's name findings, reported without the names."""

from __future__ import annotations

import pytest

from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import Mapping
from nicknames.pipeline.strict import refuse_leftovers, strict_audit

MAPPING = Mapping({"U1": ["Mary", "Mary Jane"], "U2": ["Rob"]}, keep=["Mary Shelley"])


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Thanks [U1], see you", []),
        ("Thanks Rob", ["Rob"]),
        ("HI MARY JANE", ["MARY JANE"]),
        ("as Mary Shelley wrote", []),
        ("Robert and Maryland", []),
        ("(Rob)", ["Rob"]),
    ],
)
def test_strict_audit_finds_names_left(text: str, found: list[str]) -> None:
    result = strict_audit([("m1", text)], MAPPING)
    assert [finding.text for finding in result.findings] == found


def test_class_list_parts_count_too() -> None:
    result = strict_audit([("m1", "ask Mrs Quinterra")], MAPPING, {"U3": "Ann Quinterra"})
    assert [finding.text for finding in result.findings] == ["Quinterra"]


def test_refusal_names_messages_not_names() -> None:
    result = strict_audit([("m1", "Thanks Rob"), ("m2", "fine"), ("m3", "Rob and Mary")], MAPPING)
    with pytest.raises(NicknamesError) as caught:
        refuse_leftovers(result, "map.txt")
    message = str(caught.value)
    assert "3 mentions" in message and "2 messages (ids m1, m3)" in message and "nothing was written" in message
    assert "Rob" not in message and "Mary" not in message
    assert caught.value.detail == "names: 'Mary', 'Rob'"


def test_a_clean_output_passes() -> None:
    refuse_leftovers(strict_audit([("m1", "Thanks [U2]")], MAPPING), "map.txt")
