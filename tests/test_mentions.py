"""Mention-level metrics on tiny hand-made outputs, each answer worked out by hand."""

from __future__ import annotations

import pytest

from nicknames.check.gold import GoldSpan
from nicknames.check.mentions import evaluate_mentions, pseudonym_pattern
from nicknames.model.errors import InputError

ORIGINAL = {
    "1": "Hi Mary Jane, I will read Dewey tonight.\nThanks, Rob",
    "2": "Rob and Sam agree. Hope this helps",
}
SPANS = [
    GoldSpan("1", 3, 12, "Mary Jane", "U2", "registered_subset"),
    GoldSpan("1", 15, 19, "will", "", "common_word"),
    GoldSpan("1", 26, 31, "Dewey", "", "cited_author"),
    GoldSpan("1", 49, 52, "Rob", "U1", "nickname"),
    GoldSpan("2", 0, 3, "Rob", "U1", "nickname"),
    GoldSpan("2", 8, 11, "Sam", "U3", "nickname"),
    GoldSpan("2", 19, 23, "Hope", "", "common_word"),
]
EXPECTED = {
    "1": "Hi [U2], I will read Dewey tonight.\nThanks, [U1]",
    "2": "[U1] and [U3] agree. Hope this helps",
}
PATTERN = pseudonym_pattern("[{id}]")

# A flawed output: "Jane" is left (Mary Jane partly replaced), Rob in message 2 went
# to U9, Sam was missed, "Hope" was replaced, and "tonight" was changed for no reason.
FLAWED = {
    "1": "Hi [U2] Jane, I will read Dewey [U4].\nThanks, [U1]",
    "2": "[U9] and Sam agree. [U5] this helps",
}


def test_the_expected_output_is_perfect() -> None:
    report = evaluate_mentions(ORIGINAL, EXPECTED, SPANS, PATTERN, EXPECTED)
    assert (report.mentions, report.replaced, report.right_participant) == (4, 4, 4)
    assert (report.recall, report.attribution, report.over_replacement, report.exact_rate) == (1.0, 1.0, 0.0, 1.0)
    assert report.spurious_changes == 0 and report.left == []


def test_mention_recall_counts_wholly_replaced_names() -> None:
    # 4 name mentions: Mary Jane (partly), Rob (right), Rob (wrong participant), Sam (left): 2 replaced.
    report = evaluate_mentions(ORIGINAL, FLAWED, SPANS, PATTERN)
    assert report.mentions == 4
    assert report.replaced == 2
    assert report.partly_replaced == 1
    assert report.recall == pytest.approx(2 / 4)
    assert [span.text for span in report.left] == ["Mary Jane", "Sam"]


def test_wrong_participant_replacements() -> None:
    # Of the 2 replaced, message 1's Rob went to U1 (right), message 2's Rob to U9 (wrong).
    report = evaluate_mentions(ORIGINAL, FLAWED, SPANS, PATTERN)
    assert (report.right_participant, report.wrong_participant) == (1, 1)
    assert report.attribution == pytest.approx(1 / 2)


def test_over_replacement_of_protected_strings() -> None:
    # 3 protected strings (will, Dewey, Hope); Hope was replaced: 1/3.
    report = evaluate_mentions(ORIGINAL, FLAWED, SPANS, PATTERN)
    assert (report.protected, report.over_replaced) == (3, 1)
    assert report.over_replacement == pytest.approx(1 / 3)


def test_changes_outside_every_gold_span() -> None:
    # "tonight" → "[U4]" touches no gold span: 1 spurious change.
    assert evaluate_mentions(ORIGINAL, FLAWED, SPANS, PATTERN).spurious_changes == 1


def test_exact_message_rate() -> None:
    # Neither flawed message equals the expected one: 0/2; with one fixed: 1/2.
    assert evaluate_mentions(ORIGINAL, FLAWED, SPANS, PATTERN, EXPECTED).exact_rate == 0.0
    half = {**FLAWED, "2": EXPECTED["2"]}
    assert evaluate_mentions(ORIGINAL, half, SPANS, PATTERN, EXPECTED).exact_rate == pytest.approx(1 / 2)
    assert evaluate_mentions(ORIGINAL, FLAWED, SPANS, PATTERN).exact_rate is None


def test_counts_per_category() -> None:
    # nickname: Rob, Rob, Sam = 3, replaced Rob (U1) and Rob (U9) = 2; common_word: will, Hope, Hope replaced.
    categories = evaluate_mentions(ORIGINAL, FLAWED, SPANS, PATTERN).categories
    assert categories["nickname"] == (3, 2)
    assert categories["common_word"] == (2, 1)
    assert categories["registered_subset"] == (1, 0)
    assert categories["cited_author"] == (1, 0)


def test_other_pseudonym_formats() -> None:
    original = {"1": "Thanks, Rob"}
    output = {"1": "Thanks, <person U1>"}
    spans = [GoldSpan("1", 8, 11, "Rob", "U1", "nickname")]
    assert evaluate_mentions(original, output, spans, pseudonym_pattern("<person {id}>")).right_participant == 1
    assert evaluate_mentions(original, {"1": "Thanks, P_U1"}, spans, pseudonym_pattern("P_{id}")).right_participant == 1


def test_a_message_missing_from_the_output_is_an_error() -> None:
    with pytest.raises(InputError, match="not in the pseudonymised output"):
        evaluate_mentions(ORIGINAL, {"1": EXPECTED["1"]}, SPANS, PATTERN)


@pytest.mark.parametrize("template", ["[id]", "{id}{id}", "{name}"])
def test_pseudonym_formats_need_one_id(template: str) -> None:
    with pytest.raises(InputError):
        pseudonym_pattern(template)
