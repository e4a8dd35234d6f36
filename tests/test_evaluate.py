"""The paper's metrics on tiny hand-made mappings, each answer worked out by hand."""

from __future__ import annotations

import pytest

from nicknames.check.evaluate import (
    CategoryCount,
    Scores,
    categories_from_spans,
    evaluate_mapping,
    name_words,
    score,
    word_connections,
)
from nicknames.check.gold import GoldSpan
from nicknames.io.mapping_file import parse_mapping
from nicknames.model.mapping import Mapping, Name

GOLD = parse_mapping(
    "U1 | Robert [6; classlist] | Rob [3; nickname] | Rboert [1; fuzzy]\n"
    "U2 | Mary Jane [4; classlist] | MJ [2; initials]\n"
    "U3 | Sam [5; nickname]\n"
    "U4\n"
)
"""Six gold connections; U4 has no name and does not count for coverage."""

FOUND = parse_mapping(
    "U1 | Robert | Rob | !Rboert\n"      # the misspelling was rejected: not in use
    "U2 | Mary Jane | MJ | ?Cheers\n"   # a suggestion is in use, so Cheers counts (spurious)
    "U3 | Sam\n"
    "U5 | all\n"                        # a participant the gold does not know: spurious
)


def test_the_gold_mapping_against_itself_is_perfect_everywhere() -> None:
    report = evaluate_mapping(GOLD, GOLD)
    assert report.coverage == 1.0
    for scores in (report.names, report.words):
        assert (scores.recall, scores.precision, scores.f1) == (1.0, 1.0, 1.0)
        assert scores.missed == 0
    assert report.weighted_recall == 1.0
    assert all(row.found == row.connections for row in report.categories)
    assert report.missed == {} and report.spurious == {}


def test_coverage_counts_participants_with_every_gold_name_found() -> None:
    # U1 misses Rboert; U2 and U3 have all their names; U4 has none: 2 of 3.
    assert evaluate_mapping(GOLD, FOUND).covered == 2
    assert evaluate_mapping(GOLD, FOUND).coverage == pytest.approx(2 / 3)


def test_missed_connections_are_written_as_the_paper_does() -> None:
    # Gold: 6 connections; found among them: Robert, Rob, Mary Jane, MJ, Sam = 5; missed 1.
    assert evaluate_mapping(GOLD, FOUND).names.missed_label == "1/6"


def test_recall_is_found_gold_connections_over_gold_connections() -> None:
    assert evaluate_mapping(GOLD, FOUND).names.recall == pytest.approx(5 / 6)


def test_precision_is_found_gold_connections_over_connections_in_use() -> None:
    # In use: Robert, Rob, Mary Jane, MJ, Cheers, Sam, all = 7; 5 of them gold.
    assert evaluate_mapping(GOLD, FOUND).names.precision == pytest.approx(5 / 7)


def test_f1_is_the_harmonic_mean() -> None:
    # 2 * (5/6) * (5/7) / (5/6 + 5/7) = 2 * 25/42 / (65/42) = 50/65 = 10/13
    assert evaluate_mapping(GOLD, FOUND).names.f1 == pytest.approx(10 / 13)


def test_single_word_metrics_split_names_into_words() -> None:
    # Gold words: U1 Robert, Rob, Rboert; U2 Mary, Jane, MJ; U3 Sam = 7.
    # Found words: U1 Robert, Rob; U2 Mary, Jane, MJ, Cheers; U3 Sam; U5 all = 8; correct 6.
    words = evaluate_mapping(GOLD, FOUND).words
    assert (words.gold, words.found, words.correct) == (7, 8, 6)
    assert words.missed_label == "1/7"


def test_a_found_part_of_a_two_word_name_counts_as_a_word_but_not_as_the_name() -> None:
    gold = Mapping({"U1": ["Mary Jane"]})
    found = Mapping({"U1": ["Mary"]})
    report = evaluate_mapping(gold, found)
    assert report.names.recall == 0.0
    assert report.words.recall == pytest.approx(1 / 2)  # Mary of Mary, Jane
    assert report.words.precision == 1.0


def test_weighted_recall_counts_each_connection_by_its_gold_count() -> None:
    # Gold counts: 6 + 3 + 1 + 4 + 2 + 5 = 21; found all but Rboert (1): 20/21.
    assert evaluate_mapping(GOLD, FOUND).weighted_recall == pytest.approx(20 / 21)


def test_categories_come_from_the_gold_tags() -> None:
    rows = {row.category: row for row in evaluate_mapping(GOLD, FOUND).categories}
    assert rows["registered"] == CategoryCount("registered", 2, 2, 10, 10)   # Robert 6, Mary Jane 4
    assert rows["nickname"] == CategoryCount("nickname", 2, 2, 8, 8)         # Rob 3, Sam 5
    assert rows["misspelling"] == CategoryCount("misspelling", 1, 0, 1, 0)   # Rboert 1
    assert rows["initials"] == CategoryCount("initials", 1, 1, 2, 2)         # MJ 2
    assert [row.category for row in evaluate_mapping(GOLD, FOUND).categories][0] == "registered"  # most uses first


def test_categories_from_spans_take_each_connection_s_most_frequent_category() -> None:
    spans = [
        GoldSpan("1", 0, 3, "Rob", "U1", "nickname"),
        GoldSpan("2", 0, 3, "Rob", "U1", "nickname"),
        GoldSpan("3", 0, 3, "Rob", "U1", "glued"),
        GoldSpan("3", 5, 9, "will", "", "common_word"),
    ]
    assert categories_from_spans(spans) == {("U1", "Rob"): "nickname"}


def test_missed_and_spurious_are_listed_per_participant() -> None:
    report = evaluate_mapping(GOLD, FOUND)
    assert report.missed == {"U1": ["Rboert"]}
    assert report.spurious == {"U2": ["Cheers"], "U5": ["all"]}


def test_an_empty_mapping_finds_nothing() -> None:
    report = evaluate_mapping(GOLD, Mapping())
    assert (report.names.recall, report.names.precision, report.coverage) == (0.0, 1.0, 0.0)
    assert report.names.f1 == 0.0


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Mary Jane", ["Mary", "Jane"]),
        ("R o b e r t", ["R o b e r t"]),
        ("Arthur C. Clarke", ["Arthur", "Clarke"]),
        ("-RG-", ["-RG-"]),
        ("O'Brien", ["O'Brien"]),
    ],
)
def test_name_words(name: str, words: list[str]) -> None:
    assert name_words(name) == words


def test_scores_of_empty_sets_are_defined() -> None:
    assert score(set(), set()) == Scores(0, 0, 0)
    assert (Scores(0, 0, 0).recall, Scores(0, 0, 0).precision, Scores(0, 0, 0).f1) == (1.0, 1.0, 1.0)


def test_word_connections() -> None:
    assert word_connections({("U1", "Mary Jane"), ("U1", "Mary")}) == {("U1", "Mary"), ("U1", "Jane")}


def test_names_with_counts_none_weigh_one() -> None:
    gold = Mapping()
    gold.set_name("U1", Name("Ann"))
    gold.set_name("U1", Name("Annie", 3))
    assert evaluate_mapping(gold, Mapping({"U1": ["Ann"]})).weighted_recall == pytest.approx(1 / 4)
