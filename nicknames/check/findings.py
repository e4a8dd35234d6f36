"""What audit reports: a finding (something in the output that looks like a participant's name) and a scan's result."""

from __future__ import annotations

from dataclasses import dataclass, field

from nicknames.check.name_index import NameIndex
from nicknames.check.tokens import name_tokens

CONTEXT = 30
"""Characters of context shown on each side of a finding."""

@dataclass(frozen=True)
class Finding:
    """Something in the output that looks like a participant's name."""

    message_id: str
    start: int
    end: int
    text: str
    kind: str
    """``name`` (a mapped or class-list name), ``other-name`` (a given name that opens another person's full name,
    "Tobias Wrenfield" where the only Tobias is Tobias Quell: apply leaves it), ``glued`` (one glued to other
    characters), ``confusable`` (one written with look-alike letters of another script, or in compatibility forms) or
    ``near`` (a near miss)."""
    name: str
    """The name it is or resembles."""
    participants: tuple[str, ...]
    context: str


@dataclass(frozen=True)
class AuditResult:
    """Findings of a scan and how much was scanned."""

    messages: int
    names: int
    findings: list[Finding] = field(default_factory=list)


def finding(message_id: str, text: str, start: int, end: int, kind: str, name: str, index: NameIndex) -> Finding:
    """The finding of ``text[start:end]``, with its context and the participants whose name it is."""
    context = text[max(0, start - CONTEXT):end + CONTEXT].replace("\r", " ").replace("\n", " ")
    owners = tuple(index.owners.get(" ".join(name_tokens(name)), ()))
    return Finding(message_id, start, end, text[start:end], kind, name, owners, context)
