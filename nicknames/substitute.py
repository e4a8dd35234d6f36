"""Replace names in messages, one scope at a time: find spans, resolve who each belongs to, replace.

Substitution is a pure function of (the names in use in a scope, a batch of
messages): it returns the new texts and a ``Replacement`` record for every
change, so reports, audit and evaluation all read the same records.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

import regex

from nicknames.mapping import Mapping
from nicknames.matcher import NameMatcher
from nicknames.messages import Message
from nicknames.patterns import compile_names, name_key

RULES = {
    "only": "the name belongs to one active participant",
    "parent": "shared name: the parent message's sender (preferred outside the sign-off)",
    "sender": "shared name: the message's sender (preferred in the last two lines, the sign-off)",
    "count": "shared name: the participant who uses it most often",
    "first": "shared name: the participant listed first in the mapping file",
}
"""How the participant behind each replaced name was chosen, in order of preference."""

SIGNOFF_LINES = 2
"""The last lines of a message in which a shared name is taken to be the sender's own."""


@dataclass(frozen=True)
class Replacement:
    """One name replaced in one message; offsets are in the original text."""

    message_id: str
    start: int
    end: int
    original: str
    name: str
    participant: str
    pseudonym: str
    rule: str
    candidates: tuple[str, ...]


@dataclass(frozen=True)
class ScopeNames:
    """The names in use by the participants active in one scope, compiled once for the scope."""

    pattern: NameMatcher | None
    owners: dict[str, tuple[str, ...]]
    """Name → active participants using it, in mapping order (keep-list names map to ())."""
    counts: dict[tuple[str, str], int]

    def duplicates(self) -> dict[str, tuple[str, ...]]:
        """Names that belong to more than one active participant."""
        return {name: owners for name, owners in self.owners.items() if len(owners) > 1}


def scope_names(mapping: Mapping, active: Collection[str]) -> ScopeNames:
    """Compile the names of the active participants and the keep list for one scope."""
    owners: dict[str, list[str]] = {name_key(text): [] for text in mapping.keep}
    counts: dict[tuple[str, str], int] = {}
    keep = set(owners)
    for participant in mapping.participants:
        if participant not in active:
            continue
        for name in mapping.entry(participant).names:
            key = name_key(name.text)
            if name.in_use and key not in keep:
                owners.setdefault(key, []).append(participant)
                counts[(participant, key)] = name.count or 0
    return ScopeNames(compile_names(owners), {k: tuple(v) for k, v in owners.items()}, counts)


def substitute_batch(
    messages: Iterable[Message], names: ScopeNames, pseudonym: Callable[[str], str]
) -> tuple[list[str], list[Replacement]]:
    """Pseudonymise a batch of messages of one scope."""
    texts: list[str] = []
    records: list[Replacement] = []
    for message in messages:
        text, found = substitute_message(message, names, pseudonym)
        texts.append(text)
        records.extend(found)
    return texts, records


def substitute_message(
    message: Message, names: ScopeNames, pseudonym: Callable[[str], str]
) -> tuple[str, list[Replacement]]:
    """Replace every name in one message; keep-list names are left as they are."""
    if names.pattern is None:
        return message.text, []
    text = message.text
    signoff = -1  # computed only when a shared name needs it
    pieces: list[str] = []
    records: list[Replacement] = []
    position = 0
    for match in names.pattern.finditer(text):
        key = name_key(match.group())
        candidates = names.owners[key]
        if not candidates:
            continue
        if len(candidates) > 1 and signoff < 0:
            signoff = _signoff_start(text)
        participant, rule = resolve_owner(key, candidates, message, match.start() >= signoff, names.counts)
        replacement = Replacement(
            message.id, match.start(), match.end(), match.group(), key,
            participant, pseudonym(participant), rule, candidates,
        )
        pieces.append(text[position : match.start()])
        pieces.append(replacement.pseudonym)
        position = match.end()
        records.append(replacement)
    pieces.append(text[position:])
    return "".join(pieces), records


def resolve_owner(
    name: str,
    candidates: tuple[str, ...],
    message: Message,
    in_signoff: bool,
    counts: dict[tuple[str, str], int],
) -> tuple[str, str]:
    """Choose the participant behind a name, by the first rule of ``RULES`` that decides."""
    if len(candidates) == 1:
        return candidates[0], "only"
    context = [("sender", message.sender), ("parent", message.parent_sender)]
    if not in_signoff:
        context.reverse()
    for rule, participant in context:
        if participant in candidates:
            return participant, rule
    best = max(candidates, key=lambda participant: counts.get((participant, name), 0))
    if counts.get((best, name), 0) > min(counts.get((p, name), 0) for p in candidates):
        return best, "count"
    return candidates[0], "first"


_NON_BLANK = regex.compile(r"\S")


def _signoff_start(text: str) -> int:
    """Offset where the last ``SIGNOFF_LINES`` non-empty lines begin (after the first line).

    Lines are read from the end, so a long message costs no more than a short one.
    """
    starts: list[int] = []
    end = len(text)
    while end >= 0 and len(starts) < SIGNOFF_LINES:
        start = text.rfind("\n", 0, end) + 1
        if _NON_BLANK.search(text, start, end) is not None:
            starts.append(start)
        end = start - 1
    if len(starts) < SIGNOFF_LINES or SIGNOFF_LINES < 2:
        return _signoff_start_by_lines(text)
    # starts[-1] is the first of the last lines; a non-empty line before it makes it a sign-off line.
    return starts[-1] if _NON_BLANK.search(text, 0, starts[-1]) is not None else starts[-2]


def _signoff_start_by_lines(text: str) -> int:
    starts = [m.start() for m in regex.finditer(r"(?m)^[^\S\n]*\S", text)]
    if len(starts) <= 1:
        return len(text) + 1
    return max(starts[1], starts[-SIGNOFF_LINES] if len(starts) >= SIGNOFF_LINES else starts[1])
