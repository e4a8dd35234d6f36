"""Collect candidate names per participant from greetings, sign-offs and the class list."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import regex

from nicknames.class_list import registered_parts
from nicknames.mapping import Mapping, Name, Status
from nicknames.messages import Message, MessageTable
from nicknames.patterns import compile_names, name_key
from nicknames.salutations import DEFAULT_RULES, Rules, greeting_names, signoff_names


@dataclass
class CollectStats:
    """What collect saw, for the summary."""

    messages: int = 0
    greetings: int = 0
    signoffs: int = 0
    greetings_without_parent: int = 0
    """Greetings in messages whose parent (and so addressee) is unknown."""


@dataclass
class Found:
    """Evidence gathered per (participant, name): messages counted per tag."""

    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    tags: dict[tuple[str, str], list[str]] = field(default_factory=dict)

    def add(self, participant: str, name: str, tag: str, count: int = 1) -> None:
        """Record that a message used this name for this participant."""
        key = (participant, name)
        self.counts[key] += count
        tags = self.tags.setdefault(key, [])
        if tag not in tags:
            tags.append(tag)


@dataclass
class CollectResult:
    """The proposed mapping and how it was found."""

    mapping: Mapping
    stats: CollectStats


def collect(
    table: MessageTable,
    class_list: dict[str, str] | None = None,
    rules: Rules = DEFAULT_RULES,
) -> CollectResult:
    """Find every participant's candidate names: the paper's regular expressions plus the class list."""
    messages = list(table.messages())
    senders = dict.fromkeys(message.sender for message in messages)
    addressed = senders | dict.fromkeys(pid for message in messages for pid in message.recipients)
    roster = {pid: name for pid, name in (class_list or {}).items() if pid in addressed}
    if roster:
        rules = rules.extended(not_stopwords=_name_words(roster.values()))
    found, stats = Found(), CollectStats()
    registered = {pid: {name_key(part) for part in registered_parts(name)} for pid, name in roster.items()}
    for message in messages:
        _salutations(message, rules, found, stats, registered)
    if roster:
        _class_list_names(messages, roster, found)
    return CollectResult(build_mapping(senders, found), stats)


def build_mapping(participants: Iterable[str], found: Found) -> Mapping:
    """A mapping with every participant, names most frequent first."""
    mapping = Mapping()
    for participant in sorted(participants, key=natural_key):
        mapping.add_participant(participant)
    for (participant, text), count in sorted(found.counts.items(), key=lambda item: (-item[1], item[0][1])):
        tags = tuple(found.tags[(participant, text)])
        mapping.set_name(participant, Name(text, count, tags, Status.ACTIVE))
    return mapping


def merge(existing: Mapping, proposed: Mapping) -> Mapping:
    """Merge a new proposal into an edited mapping without losing any manual edit.

    Names the reviewer kept get fresh counts; rejected names stay rejected;
    names deleted by hand (proposed before, now absent) stay deleted; new names
    are added; manual additions and comments stay as they are.
    """
    merged = existing.copy()
    for participant in proposed.participants:
        entry = merged.add_participant(participant)
        seen = merged.seen.setdefault(participant, set())
        for name in proposed.entry(participant).names:
            current = entry.find(name.text)
            if current is not None:
                tags = tuple(dict.fromkeys(name.tags + current.tags))
                merged.set_name(participant, Name(current.text, name.count, tags, current.status))
            elif name.text not in seen:
                entry.names.append(name)
            seen.add(name.text)
        merged.sort_names(participant)
    return merged


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts U2 before U10."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in regex.split(r"(\d+)", text) if part)


def _salutations(
    message: Message, rules: Rules, found: Found, stats: CollectStats, registered: dict[str, set[str]]
) -> None:
    stats.messages += 1
    greeted = greeting_names(message.text, rules)
    if greeted:
        stats.greetings += 1
        addressees = [addressee(message, name, registered) for name in greeted]
        if not any(addressees):
            stats.greetings_without_parent += 1
        for name, found_addressee in zip(greeted, addressees):
            if found_addressee is not None:
                participant, uncertain = found_addressee
                found.add(participant, name, "greeting")
                if uncertain:
                    found.add(participant, name, "uncertain", 0)
    signed = signoff_names(message.text, rules)
    if signed:
        stats.signoffs += 1
        for name in signed:
            found.add(message.sender, name, "signoff")


def addressee(message: Message, name: str, registered: dict[str, set[str]]) -> tuple[str, bool] | None:
    """Who a greeting name addresses, and whether that is a guess.

    In order: the one recipient (or parent sender) whose registered name has
    this name as a part; else the one participant of the class list who has it
    (not the sender); else the parent message's sender; else, in a message
    without a known parent, its only recipient (tagged uncertain: it may be a
    mailing list).
    """
    key = name_key(name)
    others = [pid for pid in message.recipients if pid != message.sender]
    nearby = [*others, *([message.parent_sender] if message.parent_sender else [])]
    for candidates in (nearby, list(registered)):
        matching = list(dict.fromkeys(p for p in candidates if p != message.sender and key in registered.get(p, ())))
        if len(matching) == 1:
            return matching[0], False
        if matching:
            break
    if message.parent_sender is not None:
        return message.parent_sender, False
    return (others[0], True) if len(others) == 1 else None


def _class_list_names(messages: list[Message], class_list: dict[str, str], found: Found) -> None:
    """Registered names and their parts that occur in the messages, counted per message."""
    owners: dict[str, list[str]] = {}
    for participant, full_name in class_list.items():
        for part in registered_parts(full_name):
            owners.setdefault(name_key(part), []).append(participant)
    pattern = compile_names(owners)
    if pattern is None:
        return
    usage: Counter[str] = Counter()
    for message in messages:
        usage.update({name_key(match.group()) for match in pattern.finditer(message.text)})
    for part, count in usage.items():
        for participant in owners[part]:
            found.add(participant, part, "classlist", count if (participant, part) not in found.counts else 0)


def _name_words(full_names: Iterable[str]) -> set[str]:
    return {word for full_name in full_names for part in registered_parts(full_name) for word in part.split()}
