"""One name or identifier replaced in one message: the record that reports, review, audit and the key file read."""

from __future__ import annotations

from typing import NamedTuple

REVIEW_RULES = frozenset({"first", "mark", "skip"})
"""Rules of mentions that no context decided: a person should look at them."""


class Replacement(NamedTuple):
    """One name replaced in one message; offsets are in the original text (a tuple: workers send them by the
    million)."""

    message_id: str
    start: int
    end: int
    original: str
    name: str
    participant: str
    pseudonym: str
    rule: str
    candidates: tuple[str, ...]
    kind: str = "name"
    """``name``, or the identifier kind: ``email``, ``url``, ``handle``, ``phone``, ``id``."""
    confidence: float = 1.0
    evidence: str = ""

    @property
    def for_review(self) -> bool:
        """True for a shared name no context decided (see ``nicknames.apply.resolution``)."""
        return self.rule in REVIEW_RULES and len(self.candidates) > 1
