"""Line up a pseudonymised text with its original: which ranges of the original changed, and into what.

The texts are compared as sequences of tokens (a word or a run of punctuation,
with the white space before it), so a name and the pseudonym that replaced it
line up as one change even when they share letters, and long messages compare
fast (white space alone would be the most frequent token by far).
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

import regex

TOKEN = regex.compile(r"\s*(?:\w+|[^\w\s]+)|\s+")


@dataclass(frozen=True)
class Change:
    """A range of the original text (end exclusive; empty for an insertion) and what stands there now."""

    start: int
    end: int
    replacement: str

    def overlaps(self, start: int, end: int) -> bool:
        """True when the change touches ``[start, end)``; an insertion touches it when strictly inside."""
        if self.start == self.end:
            return start < self.start < end
        return self.start < end and start < self.end


def changes(original: str, output: str) -> list[Change]:
    """The changed ranges of the original, in text order (none when the texts are equal)."""
    if original == output:
        return []
    first, second = _tokens(original), _tokens(output)
    matcher = SequenceMatcher(None, [t for t, _ in first], [t for t, _ in second], autojunk=False)
    found: list[Change] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        start = first[i1][1] if i1 < len(first) else len(original)
        end = first[i2 - 1][1] + len(first[i2 - 1][0]) if i2 > i1 else start
        replacement = output[second[j1][1] : second[j2 - 1][1] + len(second[j2 - 1][0])] if j2 > j1 else ""
        found.append(Change(start, end, replacement))
    return found


def covered(start: int, end: int, found: list[Change]) -> int:
    """How many characters of ``[start, end)`` lie inside the changes."""
    return sum(max(0, min(end, c.end) - max(start, c.start)) for c in found)


def _tokens(text: str) -> list[tuple[str, int]]:
    return [(match.group(), match.start()) for match in TOKEN.finditer(text)]
