"""Share of shared-name mentions given to the right participant: context rules vs the older rules.

Run on corpora made by ``nicknames sample`` (which writes a gold mapping and gold
spans)::

    nicknames sample /tmp/corpus --seed 1
    python benchmarks/duplicate_resolution.py /tmp/corpus --scope session

Every replacement of a name that belongs to two or more participants active in
its scope is compared with the gold span at the same offsets. Three rules are
scored on the same mentions:

- ``context``: ``nicknames.apply.resolution`` (sign-off, greeting, reply, thread, ...);
- ``sender/parent``: the rule before it (parent's sender outside the sign-off,
  sender inside, then the most frequent user, then the first in the mapping);
- ``first wins``: the first candidate in the mapping file (the paper's choice).
"""

from __future__ import annotations

import argparse
import csv
from collections import Counter
from pathlib import Path

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.replacement import Replacement
from nicknames.apply.scope_names import scope_names
from nicknames.apply.scopes import apply_mapping
from nicknames.apply.zones import _signoff_start
from nicknames.io.mapping_file import read_mapping
from nicknames.model.messages import Message
from nicknames.pipeline.sources import read_messages


def sender_parent_rule(record: Replacement, message: Message, counts: dict[tuple[str, str], int]) -> str:
    """The duplicate rule nicknames used before per-mention context."""
    in_signoff = record.start >= _signoff_start(message.text)
    order = [message.sender, message.parent_sender] if in_signoff else [message.parent_sender, message.sender]
    for participant in order:
        if participant in record.candidates:
            return participant
    best = max(record.candidates, key=lambda p: counts.get((p, record.name), 0))
    if counts.get((best, record.name), 0) > min(counts.get((p, record.name), 0) for p in record.candidates):
        return best
    return record.candidates[0]


def measure(folder: Path, scope: str) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """Correct mentions per rule, and per deciding context rule (total and correct)."""
    table = read_messages(folder / "messages.csv")
    mapping = read_mapping(folder / "gold_mapping.txt")
    with (folder / "gold_spans.csv").open(newline="", encoding="utf-8") as stream:
        gold = {(r["message_id"], int(r["start"]), int(r["end"])): r["participant"] for r in csv.DictReader(stream)}
    result = apply_mapping(table, mapping, scope, IdTemplate())
    messages = {message.id: message for message in table.messages()}
    counts = scope_names(mapping, set(mapping.participants)).counts
    score: Counter[str] = Counter()
    decided: Counter[str] = Counter()
    right: Counter[str] = Counter()
    for record in result.replacements:
        truth = gold.get((record.message_id, record.start, record.end))
        if record.kind != "name" or len(record.candidates) < 2 or not truth:
            continue
        score["mentions"] += 1
        score["context"] += record.participant == truth
        score["sender/parent"] += sender_parent_rule(record, messages[record.message_id], counts) == truth
        score["first wins"] += record.candidates[0] == truth
        decided[record.rule] += 1
        right[record.rule] += record.participant == truth
    return score, decided, right


def main() -> None:
    """Print one line per corpus and a total."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--scope", default="session", choices=("thread", "session", "all"))
    args = parser.parse_args()
    total: Counter[str] = Counter()
    rules_total: Counter[str] = Counter()
    rules_right: Counter[str] = Counter()
    for folder in args.folders:
        score, decided, right = measure(folder, args.scope)
        total += score
        rules_total += decided
        rules_right += right
        print(_line(str(folder), score))
    print(_line("total", total))
    print("by rule: " + ", ".join(f"{rule} {rules_right[rule]}/{n}" for rule, n in rules_total.most_common()))


def _line(label: str, score: Counter[str]) -> str:
    n = score["mentions"] or 1
    rules = ("context", "sender/parent", "first wins")
    return f"{label}: {score['mentions']} mentions; " + ", ".join(f"{r} {score[r]} ({score[r] / n:.1%})" for r in rules)


if __name__ == "__main__":
    main()
