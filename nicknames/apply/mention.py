"""A name or identifier found in one text and what replaces it: a ``Replacement`` without its message id."""

from __future__ import annotations

from typing import NamedTuple


class Mention(NamedTuple):
    """One span of a text and its replacement; a tuple, cheap to build by the million, with named fields."""

    start: int
    end: int
    original: str
    """The text as written."""
    name: str
    """The mapping's name it is (or the identifier's kind of placeholder)."""
    participant: str
    pseudonym: str
    """What the text gets in its place."""
    rule: str
    """What decided the participant (``only``, ``signoff``, ``file``, ...; see ``resolution``)."""
    candidates: tuple[str, ...]
    kind: str
    """``name``, or the identifier kind: ``email``, ``url``, ``handle``, ``phone``, ``id``."""
    confidence: float
    evidence: str
