"""Mention-level evaluation: what happened to every gold name and protected string in a pseudonymised output.

Each gold name mention is *replaced* when every character of it was changed,
*partly replaced* when some were, and *left* when none were (a leak). A
replaced mention went to the *right participant* when the pseudonym written in
its place carries the gold participant's id. A protected string (public figure,
cited author, ordinary word) is *over-replaced* when any of it changed. A change
that touches no gold span at all is a *spurious change*. With the expected
output, a message is *exact* when the output equals it character for character.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import regex

from nicknames.check.alignment import Change, changes, covered
from nicknames.check.gold import GoldSpan, spans_by_message
from nicknames.model.errors import InputError

MAX_LISTED = 50
"""Spans listed by name in a report (the rest are only counted)."""


@dataclass(frozen=True)
class MentionReport:
    """Counts of what happened to the gold spans in an output."""

    messages: int
    mentions: int
    replaced: int
    partly_replaced: int
    right_participant: int
    wrong_participant: int
    protected: int
    over_replaced: int
    spurious_changes: int
    exact_messages: int | None = None
    """Messages equal to the expected output; None without an expected output."""
    categories: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Category → (mentions or protected strings, replaced)."""
    left: list[GoldSpan] = field(default_factory=list)
    """Name mentions left (wholly or partly) in the output, up to ``MAX_LISTED``."""

    @property
    def recall(self) -> float:
        """Share of name mentions wholly replaced."""
        return self.replaced / self.mentions if self.mentions else 1.0

    @property
    def attribution(self) -> float:
        """Share of replaced mentions that went to the right participant."""
        return self.right_participant / self.replaced if self.replaced else 1.0

    @property
    def over_replacement(self) -> float:
        """Share of protected strings changed."""
        return self.over_replaced / self.protected if self.protected else 0.0

    @property
    def exact_rate(self) -> float | None:
        """Share of messages exactly as expected."""
        return None if self.exact_messages is None else self.exact_messages / self.messages if self.messages else 1.0

    def as_dict(self, details: bool = False) -> dict[str, object]:
        """The report for JSON; the left mentions (real names) only with ``details``."""
        result: dict[str, object] = {
            key: value for key, value in vars(self).items() if key not in ("left", "categories")
        }
        result.update(recall=self.recall, attribution=self.attribution, over_replacement=self.over_replacement,
                      exact_rate=self.exact_rate,
                      categories={k: {"count": n, "replaced": r} for k, (n, r) in self.categories.items()})
        if details:
            result["left"] = [vars(span) for span in self.left]
        return result


def pseudonym_pattern(template: str) -> regex.Pattern[str]:
    """A pattern that finds pseudonyms written by a template such as ``[{id}]`` and captures the id."""
    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]
    except ValueError:
        fields = []
    if fields != ["id"]:
        raise InputError(f"Pseudonym format {template!r} must contain {{id}} exactly once, e.g. '[{{id}}]'.")
    prefix, suffix = template.split("{id}")
    body = r"[^\s]+?" if suffix else r"\w+"
    return regex.compile(regex.escape(prefix) + f"(?P<id>{body})" + regex.escape(suffix))


def evaluate_mentions(
    originals: Mapping[str, str],
    outputs: Mapping[str, str],
    spans: Iterable[GoldSpan],
    pseudonyms: regex.Pattern[str],
    expected: Mapping[str, str] | None = None,
) -> MentionReport:
    """Compare an output with the originals, message by message, at every gold span."""
    missing = [message_id for message_id in originals if message_id not in outputs]
    if missing:
        raise InputError(f"Message {missing[0]!r} of the messages file is not in the pseudonymised output; "
                         "give the output that was made from these messages.")
    tally: Counter[str] = Counter()
    categories: dict[str, list[int]] = {}
    left: list[GoldSpan] = []
    by_message = spans_by_message(spans)
    for message_id, original in originals.items():
        output = outputs[message_id]
        found = changes(original, output)
        message_spans = by_message.get(message_id, [])
        for span in message_spans:
            outcome = _outcome(span, found, pseudonyms)
            tally[outcome] += 1
            row = categories.setdefault(span.category, [0, 0])
            row[0] += 1
            row[1] += outcome in ("right", "wrong", "over")
            if outcome in ("left", "partly") and len(left) < MAX_LISTED:
                left.append(span)
        tally["spurious"] += sum(not any(c.overlaps(s.start, s.end) for s in message_spans) for c in found)
        if expected is not None:
            tally["exact"] += output == expected.get(message_id)
    return MentionReport(
        messages=len(originals),
        mentions=tally["right"] + tally["wrong"] + tally["left"] + tally["partly"],
        replaced=tally["right"] + tally["wrong"],
        partly_replaced=tally["partly"],
        right_participant=tally["right"],
        wrong_participant=tally["wrong"],
        protected=tally["kept"] + tally["over"],
        over_replaced=tally["over"],
        spurious_changes=tally["spurious"],
        exact_messages=tally["exact"] if expected is not None else None,
        categories={name: (row[0], row[1]) for name, row in sorted(categories.items(), key=lambda i: -i[1][0])},
        left=left,
    )


def _outcome(span: GoldSpan, found: list[Change], pseudonyms: regex.Pattern[str]) -> str:
    """right / wrong / partly / left for a name; over / kept for a protected string."""
    touching = [change for change in found if change.overlaps(span.start, span.end)]
    if not span.is_name:
        return "over" if touching else "kept"
    done = covered(span.start, span.end, touching)
    if done < span.end - span.start:
        return "partly" if done else "left"
    ids = {match["id"] for change in touching for match in pseudonyms.finditer(change.replacement)}
    return "right" if span.participant in ids else "wrong"
