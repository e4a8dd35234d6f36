"""The sample corpus generator: deterministic, realistic in shape, and its gold standard is right."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

from nicknames.check.evaluate import evaluate_mapping
from nicknames.check.gold import read_spans_csv, spans_by_message
from nicknames.io.mapping_file import read_mapping
from nicknames.model.errors import NicknamesError
from nicknames.pipeline.sources import read_messages
from nicknames.sample.generate import (
    FILES,
    PAPER_SESSION_SIZES,
    SampleConfig,
    generate_sample,
    plan_sessions,
)
from nicknames.sample.names import make_people, misspell, spaced

SMALL = SampleConfig(seed=7, messages=240, participants=30, sessions=3)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    outdir = tmp_path_factory.mktemp("sample")
    generate_sample(outdir, SMALL)
    return outdir


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def test_same_seed_gives_the_same_bytes(corpus: Path, tmp_path: Path) -> None:
    generate_sample(tmp_path, SMALL)
    for name in FILES:
        assert (tmp_path / name).read_bytes() == (corpus / name).read_bytes(), name


def test_another_seed_gives_another_corpus(corpus: Path, tmp_path: Path) -> None:
    generate_sample(tmp_path, SampleConfig(seed=8, messages=240, participants=30, sessions=3))
    assert (tmp_path / "messages.csv").read_bytes() != (corpus / "messages.csv").read_bytes()


def test_messages_have_the_default_columns_and_reply_structure(corpus: Path) -> None:
    messages = rows(corpus / "messages.csv")
    assert list(messages[0]) == ["session_id", "thread_id", "message_id", "parent_id", "user_id", "timestamp", "text"]
    assert len(messages) == 240
    ids = {row["message_id"] for row in messages}
    assert all(row["parent_id"] == "0" or row["parent_id"] in ids for row in messages)
    starters = {row["thread_id"] for row in messages if row["parent_id"] == "0"}
    assert starters == {row["thread_id"] for row in messages}
    assert {row["session_id"] for row in messages} == {"S1", "S2", "S3"}
    table = read_messages(corpus / "messages.csv")
    assert table.columns.parent_id == "parent_id"


def test_messages_are_80_to_150_words_of_forum_prose(corpus: Path) -> None:
    counts = sorted(len(row["text"].split()) for row in rows(corpus / "messages.csv"))
    middle = counts[len(counts) // 10 : -len(counts) // 10]
    assert 70 <= middle[0] and middle[-1] <= 160


def test_every_gold_span_points_at_its_text(corpus: Path) -> None:
    texts = {row["message_id"]: row["text"] for row in rows(corpus / "messages.csv")}
    spans = read_spans_csv(corpus / "gold_spans.csv")
    assert spans
    for span in spans:
        assert texts[span.message_id][span.start : span.end] == span.text


def test_expected_text_is_the_text_with_each_name_span_replaced(corpus: Path) -> None:
    texts = {row["message_id"]: row["text"] for row in rows(corpus / "messages.csv")}
    expected = {row["message_id"]: row["text"] for row in rows(corpus / "expected.csv")}
    by_message = spans_by_message(read_spans_csv(corpus / "gold_spans.csv"))
    for message_id, text in texts.items():
        for span in reversed(by_message.get(message_id, [])):
            if span.is_name:
                text = text[: span.start] + f"[{span.participant}]" + text[span.end :]
        assert text == expected[message_id]


def test_the_gold_mapping_holds_every_mentioned_name_with_its_count(corpus: Path) -> None:
    gold = read_mapping(corpus / "gold_mapping.txt")
    spans = [span for span in read_spans_csv(corpus / "gold_spans.csv") if span.is_name]
    assert gold.connections() == {(span.participant, span.text) for span in spans}
    pid, name = spans[0].participant, spans[0].text
    messages = {span.message_id for span in spans if (span.participant, span.text) == (pid, name)}
    assert gold.entry(pid).find(name).count == len(messages)
    assert "Marie Curie" in gold.keep or "John Dewey" in gold.keep or gold.keep
    assert evaluate_mapping(gold, gold).names.f1 == 1.0


def test_the_class_list_has_every_participant(corpus: Path) -> None:
    class_list = rows(corpus / "class_list.csv")
    gold = read_mapping(corpus / "gold_mapping.txt")
    assert [row["user_id"] for row in class_list] == gold.participants
    assert all(len(row["full_name"].split()) >= 2 for row in class_list)


def test_the_corpus_has_the_paper_s_phenomena(corpus: Path) -> None:
    categories = {span.category for span in read_spans_csv(corpus / "gold_spans.csv")}
    assert {"registered_full", "registered_subset", "nickname", "stylised", "cited_author", "public_figure",
            "common_word"} <= categories


def test_default_sessions_follow_table_1() -> None:
    rng = random.Random(1)
    people = make_people(rng, 84, 2)
    rosters = plan_sessions(rng, people, 6)
    assert [len(roster) for roster in rosters] == list(PAPER_SESSION_SIZES)
    assert len({person.participant for roster in rosters for person in roster}) == 84


def test_thousands_of_participants_have_distinct_names() -> None:
    people = make_people(random.Random(1), 8000, 4)
    assert len({person.full_name for person in people}) == 8000


def test_refuses_to_overwrite_without_force(corpus: Path) -> None:
    with pytest.raises(NicknamesError, match="--force"):
        generate_sample(corpus, SMALL)


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (dict(messages=0), "at least one message"),
        (dict(participants=3, sessions=2), "two participants per session"),
    ],
)
def test_bad_sizes_are_refused(config: dict[str, int], message: str) -> None:
    with pytest.raises(NicknamesError, match=message):
        SampleConfig(**config)


@pytest.mark.parametrize("name", ["Robert", "Zoë", "Mary Jane", "O'Brien"])
def test_misspellings_differ_from_the_name(name: str) -> None:
    rng = random.Random(3)
    assert all(misspell(rng, name) != name for _ in range(20))


def test_spaced_letters() -> None:
    assert spaced("Omar") == "O m a r"


SHIPPED = Path(__file__).resolve().parent.parent / "sample_data" / "forum"
SHIPPED_CONFIG = SampleConfig(seed=2, messages=300, participants=30, sessions=2)
"""The corpus in sample_data/forum: nicknames sample sample_data/forum --seed 2 --messages 300 --participants 30 --sessions 2"""


def test_the_shipped_sample_is_what_the_generator_makes(tmp_path: Path) -> None:
    generate_sample(tmp_path, SHIPPED_CONFIG)
    for name in FILES:
        assert (tmp_path / name).read_bytes() == (SHIPPED / name).read_bytes(), (
            f"sample_data/forum/{name} is out of date: run nicknames sample sample_data/forum --force "
            "--seed 2 --messages 300 --participants 30 --sessions 2"
        )
