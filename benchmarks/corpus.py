"""Generate a synthetic forum export and its mapping file at any size, quickly (for benchmarks only).

Names are made of random syllables, so no real person is named. Each
participant has a full name, a first name, a short form and initials; messages
open with a greeting to the parent's sender and close with a sign-off, and
mention other participants of their session now and then.

    python benchmarks/corpus.py OUTDIR --messages 200000 --participants 5000 --sessions 50
"""

from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path

SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"] + ["an", "el", "or", "is", "ul"]
WORDS = ("the a of to and in is it that for on with as was this be at by not are from or have an they "
         "which one you had but all were we there can been has more if will when would so no what up out "
         "about into than them could only other time some these two may then do first any my now such like "
         "our over also new just most me after think question answer reading week paper model data idea "
         "argument point example course theory study result analysis discussion agree disagree").split()
CAPITALISED = "I The This We It In Our Great Good Yes No Also However Perhaps Chapter Figure Table Monday".split()


def syllable_name(rng: random.Random, parts: int) -> str:
    """A capitalised made-up word of a few syllables."""
    return "".join(rng.choice(SYLLABLES) for _ in range(parts)).capitalize()


def make_people(rng: random.Random, count: int) -> list[tuple[str, str, str, str]]:
    """(id, first, last, short form) per participant; full names are distinct."""
    people: list[tuple[str, str, str, str]] = []
    seen: set[tuple[str, str]] = set()
    while len(people) < count:
        first, last = syllable_name(rng, rng.choice((2, 3))), syllable_name(rng, rng.choice((2, 3, 4)))
        if (first, last) in seen:
            continue
        seen.add((first, last))
        people.append((f"U{len(people) + 1:05d}", first, last, first[:3]))
    return people


def sentence_pool(rng: random.Random, size: int = 4000) -> list[str]:
    """Ready-made sentences, so that long corpora are fast to write."""
    pool = []
    for _ in range(size):
        words = [rng.choice(WORDS) for _ in range(rng.randint(6, 22))]
        if rng.random() < 0.5:
            words[0] = rng.choice(CAPITALISED)
        pool.append(" ".join(words).capitalize() + rng.choice([".", ".", "?", "!"]))
    return pool


def write_corpus(folder: Path, messages: int, participants: int, sessions: int, seed: int = 1,
                 length: int = 750) -> tuple[Path, Path]:
    """Write ``messages.csv``, ``mapping.txt`` and ``class_list.csv`` into ``folder``; return the first two paths."""
    rng = random.Random(seed)
    people = make_people(rng, participants)
    members: list[list[int]] = [[] for _ in range(sessions)]
    for index in range(participants):
        members[index % sessions].append(index)
        if rng.random() < 0.2:
            members[rng.randrange(sessions)].append(index)
    pool = sentence_pool(rng)
    folder.mkdir(parents=True, exist_ok=True)
    messages_path, mapping_path = folder / "messages.csv", folder / "mapping.txt"
    with messages_path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(["message_id", "parent_id", "user_id", "session_id", "timestamp", "text"])
        recent: list[list[tuple[int, int]]] = [[] for _ in range(sessions)]
        for number in range(1, messages + 1):
            session = rng.randrange(sessions)
            sender = rng.choice(members[session])
            parent = rng.choice(recent[session][-50:]) if recent[session] and rng.random() < 0.8 else None
            text = _text(rng, people, members[session], sender, parent[1] if parent else None, pool, length)
            writer.writerow([f"m{number}", f"m{parent[0]}" if parent else "", people[sender][0],
                             f"S{session + 1:03d}", f"2024-01-01 00:{number % 60:02d}:00", text])
            recent[session].append((number, sender))
            if len(recent[session]) > 200:
                del recent[session][:100]
    with mapping_path.open("w", encoding="utf-8") as stream:
        for pid, first, last, short in people:
            stream.write(f"{pid} | {first} {last} | {first} | {last} | {short} | {first[0]}{last[0]}\n")
    with (folder / "class_list.csv").open("w", newline="", encoding="utf-8") as stream:
        csv.writer(stream, lineterminator="\n").writerows(
            [("user_id", "full_name"), *((pid, f"{first} {last}") for pid, first, last, _ in people)])
    return messages_path, mapping_path


def _text(rng: random.Random, people: list[tuple[str, str, str, str]], session: list[int], sender: int,
          parent: int | None, pool: list[str], length: int) -> str:
    lines = [f"Hi {people[parent][rng.choice((1, 3))]}," if parent is not None else "Hello all,"]
    body: list[str] = []
    size = 0
    target = rng.randint(length // 3, length * 5 // 3)
    while size < target:
        sentence = rng.choice(pool)
        if rng.random() < 0.15:
            other = people[rng.choice(session)]
            sentence = f"{rng.choice((other[1], other[1] + ' ' + other[2], other[3]))} said: {sentence}"
        body.append(sentence)
        size += len(sentence) + 1
    lines.append(" ".join(body))
    lines.append(f"{rng.choice(('Thanks', 'Cheers', 'Best'))},\n{people[sender][rng.choice((1, 3))]}")
    return "\n".join(lines)


def main() -> None:
    """Command line: write a corpus of the given size."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--participants", type=int, default=500)
    parser.add_argument("--sessions", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    paths = write_corpus(args.folder, args.messages, args.participants, args.sessions, args.seed)
    print(*paths)


if __name__ == "__main__":
    main()
