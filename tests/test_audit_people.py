"""Audit's search for people outside the mapping, in worker processes, finds what ``unmapped_people`` finds."""

from __future__ import annotations

import pytest

from nicknames.check.people import people_in_output
from nicknames.collect.discover.corpus_words import corpus_lexicon
from nicknames.collect.discover.other_names import OtherNames
from nicknames.collect.discover.others import find_others, others_of_each
from nicknames.collect.discover.others_screen import ARROW_TEXTS
from nicknames.collect.others import known_names, unmapped_people
from nicknames.io.mapping_file import parse_mapping

MAPPING = parse_mapping("U1 | Mary\n@others | !Grand Canyon | Sofia\n@seen @others | Bo Lund\n")
TEXTS = [("1", "Ask Henrik Olsen, Bo Lund and the Grand Canyon."), ("2", "Maren Harmon"), ("3", "Maren Harmon"),
         ("4", "Maren Harmon"), ("5", "Mrs Lindqvist"), ("6", "Mrs Lindqvist"), ("7", "Mrs Lindqvist"),
         ("8", "Thanks to my colleague Ada Berg and Henrik"), ("9", "Ann, Ben and Cleo came; Sofia too"),
         ("10", "the list of items"), ("11", "Dr. Åsa Ström wrote")]


@pytest.mark.parametrize("jobs", [1, 2])
def test_people_in_workers_are_those_of_one_pass(jobs: int) -> None:
    texts = TEXTS * 700  # runs of several partitions, in two processes
    texts = [(f"{number}-{message_id}", text) for number, (message_id, text) in enumerate(texts)]
    expected = unmapped_people(texts, MAPPING, {"U2": "Ada Berg"})
    assert people_in_output(texts, MAPPING, {"U2": "Ada Berg"}, jobs) == expected
    assert "Lindqvist" in {person.text for person in expected}  # names found without a cue this often are public


def test_each_text_screened_in_a_batch_finds_what_it_finds_alone() -> None:
    texts = [text for _, text in TEXTS] + ["Henrik Olsen came; later Henrik left", "Ask Henrik about it"]
    texts = texts * 30  # a batch the screen reads at once (Arrow's engine, ``ARROW_TEXTS`` or more)
    known = known_names(MAPPING, {"U2": "Ada Berg"})
    lexicon = corpus_lexicon(texts)
    assert len(texts) >= ARROW_TEXTS
    each = list(others_of_each(texts, known, lexicon))
    assert [found or OtherNames() for found in each] == [find_others([text], known, lexicon) for text in texts]
    assert {name for found in each if found is not None for name in found.counts} >= {"Henrik", "Henrik Olsen"}
