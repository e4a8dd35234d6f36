"""Generate a synthetic course-forum corpus with a complete gold standard (``nicknames sample``).

The default size follows the paper's Table 1: 6 sessions of 16/24/12/9/15/13
participants (84 people, 5 of them in two sessions) and about 1,700 messages of
80–150 words. Output is deterministic for a seed, and rows are streamed to the
files, so a million messages need no more memory than a thousand.

Files written into the output folder:

- ``messages.csv`` — ``session_id,thread_id,message_id,parent_id,user_id,timestamp,text``;
- ``class_list.csv`` — ``user_id,full_name``;
- ``gold_mapping.txt`` — the mapping file a perfect review gives, with counts,
  category tags and the keep list;
- ``gold_spans.csv`` — every name mention and every protected string (``nicknames.check.gold``);
- ``expected.csv`` — ``messages.csv`` with every name replaced by ``[{id}]``.
"""

from __future__ import annotations

import csv
import functools
import random
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import IO

from nicknames.check.gold import NAME_CATEGORIES, GoldSpan, write_spans_csv
from nicknames.io.mapping_file import write_mapping
from nicknames.io.output import atomic_output
from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import Mapping, Name
from nicknames.model.paths import StrPath
from nicknames.sample.compose import Composer, Post, habits_for
from nicknames.sample.names import WORD_NAMES, Person, make_people
from nicknames.sample.phrases import pack_people, phrases_for
from nicknames.sample.text import Mention, Piece

MESSAGE_COLUMNS = ("session_id", "thread_id", "message_id", "parent_id", "user_id", "timestamp", "text")
PAPER_SESSION_SIZES = (16, 24, 12, 9, 15, 13)
"""Participants per session in the paper's Table 1; cycled for other session counts."""
FILES = ("messages.csv", "class_list.csv", "gold_mapping.txt", "gold_spans.csv", "expected.csv")
WRONG_PARENT_RATE = 0.04
"""Share of replies filed under another message than the one they answer."""

_WORD = re.compile(r"\w+")
"""Words for finding ordinary words spelled like names (the standard library's re is faster here)."""
_START = datetime(2022, 1, 10, 9, 0)


@dataclass(frozen=True)
class SampleConfig:
    """The size and seed of a generated corpus."""

    seed: int = 1
    messages: int = 1700
    participants: int = 84
    sessions: int = 6
    language: str = "en"
    """The language of the greetings, sign-offs and names: ``en`` or a language pack's code (``sv``, ``de``, ...)."""

    def __post_init__(self) -> None:
        if self.messages < 1 or self.sessions < 1:
            raise NicknamesError("A sample needs at least one message and one session; raise --messages or --sessions.")
        if self.participants < 2 * self.sessions:
            raise NicknamesError(
                f"{self.participants} participants cannot fill {self.sessions} sessions; give at least two "
                "participants per session (--participants)."
            )


@dataclass(frozen=True)
class SampleResult:
    """What was generated, for the summary."""

    outdir: Path
    messages: int
    threads: int
    participants: int
    sessions: int
    mentions: int
    protected: int
    connections: int


@dataclass
class Gold:
    """The gold mapping as it accumulates: counts per (participant, name) and the keep list."""

    counts: Counter[tuple[str, str]]
    tags: dict[tuple[str, str], list[str]]
    keep: set[str]

    def add(self, spans: list[GoldSpan]) -> None:
        """Count each name once per message, as collect does."""
        for span in spans:
            if not span.is_name:
                if span.category != "common_word":
                    self.keep.add(span.text)
                continue
            key = (span.participant, span.text)
            tags = self.tags.setdefault(key, [])
            tag = NAME_CATEGORIES[span.category]
            if tag not in tags:
                tags.append(tag)
        self.counts.update({(s.participant, s.text) for s in spans if s.is_name})

    def mapping(self, people: list[Person]) -> Mapping:
        """The mapping file of a perfect review."""
        mapping = Mapping(keep=sorted(self.keep))
        for person in people:
            mapping.add_participant(person.participant)
        for (pid, text), count in sorted(self.counts.items(), key=lambda item: (item[0][0], -item[1], item[0][1])):
            tags = self.tags[(pid, text)] + (["word"] if text in WORD_NAMES else [])
            mapping.set_name(pid, Name(text, count, tuple(tags)))
        return mapping


def generate_sample(outdir: StrPath, config: SampleConfig = SampleConfig(), overwrite: bool = False) -> SampleResult:
    """Write a corpus and its gold standard into ``outdir`` (created when missing)."""
    outdir = Path(outdir)
    _prepare(outdir, overwrite)
    rng = random.Random(config.seed)
    phrases = phrases_for(config.language)
    width = max(2, len(str(config.participants)))
    people = (make_people(rng, config.participants, width) if phrases.language == "en"
              else pack_people(rng, config.participants, width, phrases.language))
    habits = {person.participant: habits_for(rng, person) for person in people}
    rosters = plan_sessions(rng, people, config.sessions)
    composer = Composer(rng, habits, phrases)
    words = {form.lower() for p in people for form in _single_words(p)}
    gold = Gold(Counter(), {}, set())
    counts = Counter[str]()
    with ExitStack() as stack:
        writers = {name: csv.writer(stack.enter_context(atomic_output(outdir / name, newline="")),
                                    lineterminator="\n") for name in ("messages.csv", "expected.csv")}
        spans_stream = stack.enter_context(atomic_output(outdir / "gold_spans.csv", newline=""))
        write_spans_csv([], spans_stream)
        for writer in writers.values():
            writer.writerow(MESSAGE_COLUMNS)
        for row, expected, spans in _rows(rng, composer, rosters, config.messages, words, counts):
            writers["messages.csv"].writerow(row)
            writers["expected.csv"].writerow([*row[:-1], expected])
            write_spans_csv(spans, spans_stream, header=False)
            gold.add(spans)
            counts["mentions"] += sum(span.is_name for span in spans)
            counts["protected"] += sum(not span.is_name for span in spans)
    _write_class_list(outdir / "class_list.csv", people)
    write_mapping(gold.mapping(people), outdir / "gold_mapping.txt")
    return SampleResult(outdir, counts["messages"], counts["threads"], len(people), len(rosters),
                        counts["mentions"], counts["protected"], len(gold.counts))


def plan_sessions(rng: random.Random, people: list[Person], sessions: int) -> list[list[Person]]:
    """Split people over sessions in the paper's proportions; about 6% take part in two sessions."""
    weights = [PAPER_SESSION_SIZES[i % len(PAPER_SESSION_SIZES)] for i in range(sessions)]
    repeats = round(len(people) * 5 / 84) if sessions > 1 else 0
    sizes = _split(len(people) + repeats, weights, minimum=2)
    extra = [0] * sessions
    for k in range(repeats):
        extra[1 + k % (sessions - 1)] += 1
    rosters: list[list[Person]] = []
    placed: list[Person] = []
    start = 0
    for index, size in enumerate(sizes):
        fresh = max(1, size - extra[index]) if index < sessions - 1 else len(people) - start
        roster = people[start:start + fresh]
        start += fresh
        roster += rng.sample(placed, min(len(placed), extra[index]))
        placed.extend(roster[:fresh])
        rosters.append(roster)
    return rosters


def assemble(pieces: list[Piece], message_id: str) -> tuple[str, str, list[GoldSpan]]:
    """The text, the expected pseudonymised text and the gold spans of a message's pieces."""
    text: list[str] = []
    expected: list[str] = []
    spans: list[GoldSpan] = []
    offset = 0
    for piece in pieces:
        if isinstance(piece, Mention):
            spans.append(GoldSpan(message_id, offset, offset + len(piece.text), piece.text,
                                  piece.participant, piece.category))
            expected.append(f"[{piece.participant}]" if piece.participant else piece.text)
            piece = piece.text
        else:
            expected.append(piece)
        text.append(piece)
        offset += len(piece)
    return "".join(text), "".join(expected), spans


def common_words(text: str, message_id: str, spans: list[GoldSpan], words: set[str]) -> list[GoldSpan]:
    """Ordinary words of the text spelled like a participant's name (outside every other span)."""
    present = words.intersection(_WORD.findall(text.lower()))
    if not present:
        return []
    found = []
    for match in _word_pattern(frozenset(present)).finditer(text):
        if not any(s.overlaps(match.start(), match.end()) for s in spans):
            found.append(GoldSpan(message_id, match.start(), match.end(), match.group(), "", "common_word"))
    return found


@functools.lru_cache(maxsize=4096)
def _word_pattern(words: frozenset[str]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, words))) + r")\b", re.IGNORECASE)


def _rows(rng: random.Random, composer: Composer, rosters: list[list[Person]], total: int, words: set[str],
          counts: Counter[str]) -> Iterator[tuple[list[str], str, list[GoldSpan]]]:
    per_session = _split(total, [len(roster) for roster in rosters], minimum=int(total >= len(rosters)))
    for index, (roster, wanted) in enumerate(zip(rosters, per_session)):
        clock = _START + timedelta(days=7 * index)
        activity = [rng.uniform(0.2, 3.0) for _ in roster]
        while wanted > 0:
            length = min(wanted, 1 + min(29, int(rng.expovariate(1 / 6))))
            wanted -= length
            counts["threads"] += 1
            thread_id = f"T{counts['threads']:04d}"
            posts: list[Post] = []
            composer.start_thread()
            for _ in range(length):
                counts["messages"] += 1
                message_id = str(counts["messages"])
                clock += timedelta(minutes=rng.randint(5, 240))
                sender, parent, filed = _reply_to(rng, roster, activity, posts)
                others = list({p.sender.participant: p.sender for p in posts if p.sender is not sender}.values())
                if not others or rng.random() < 0.25:
                    others += [p for p in rng.sample(roster, min(3, len(roster))) if p is not sender]
                pieces, sentences = composer.message(sender, parent.sender if parent else None, parent, others)
                text, expected, spans = assemble(pieces, message_id)
                spans = sorted(spans + common_words(text, message_id, spans, words), key=lambda s: s.start)
                posts.append(Post(message_id, sender, sentences))
                row = [f"S{index + 1}", thread_id, message_id, filed, sender.participant,
                       clock.strftime("%Y-%m-%d %H:%M:%S"), text]
                yield row, expected, spans


def _reply_to(rng: random.Random, roster: list[Person], activity: list[float],
              posts: list[Post]) -> tuple[Person, Post | None, str]:
    """The sender, the message answered, and the parent id as filed (sometimes the wrong one)."""
    if not posts:
        return rng.choices(roster, activity)[0], None, "0"
    roll = rng.random()
    parent = posts[-1] if roll < 0.5 else posts[0] if roll < 0.8 else rng.choice(posts)
    sender = rng.choices(roster, activity)[0]
    if sender is parent.sender and rng.random() < 0.9:
        sender = rng.choice([p for p in roster if p is not parent.sender])
    filed = parent
    wrong = [p for p in posts if p.sender is not parent.sender and p.sender is not sender]
    if wrong and rng.random() < WRONG_PARENT_RATE:
        filed = rng.choice(wrong)
    return sender, parent, filed.message_id


def _split(total: int, weights: list[int], minimum: int) -> list[int]:
    """Share ``total`` out in proportion to ``weights``, at least ``minimum`` each."""
    scale = sum(weights)
    sizes = [max(minimum, total * w // scale) for w in weights]
    order = sorted(range(len(weights)), key=lambda i: -weights[i])
    k = 0
    while sum(sizes) < total:
        sizes[order[k % len(order)]] += 1
        k += 1
    return sizes


def _single_words(person: Person) -> Iterator[str]:
    yield from person.given.split()
    yield person.surname
    yield from person.nicknames


def _prepare(outdir: Path, overwrite: bool) -> None:
    if outdir.exists() and not outdir.is_dir():
        raise NicknamesError(f"{outdir} is a file; give a folder for the sample corpus.")
    existing = [name for name in FILES if (outdir / name).exists()]
    if existing and not overwrite:
        raise NicknamesError(
            f"{outdir} already holds {existing[0]}; choose an empty folder or pass --force to overwrite."
        )
    try:
        outdir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise NicknamesError(f"Cannot create folder {outdir}: {error.strerror}.") from None


def _write_class_list(path: Path, people: list[Person]) -> None:
    with atomic_output(path, newline="") as stream:
        _write_rows(stream, [("user_id", "full_name"), *((p.participant, p.full_name) for p in people)])


def _write_rows(stream: IO[str], rows: list[tuple[str, str]]) -> None:
    csv.writer(stream, lineterminator="\n").writerows(rows)
