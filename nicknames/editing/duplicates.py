"""Names that belong to several participants active in the same scope, for review before apply.

``apply`` warns about these scope by scope; the editor lists them up front,
grouped by name and participants, so the reviewer can resolve them. Which
participants are active in each scope depends only on the messages, so it is
worked out once (``Activity``); finding the duplicates of an edited mapping is
then a pass over the shared names, fast enough to redo after every edit.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from nicknames.model.mapping import Mapping
from nicknames.model.messages import Message, MessageTable
from nicknames.rules.patterns import name_key


@dataclass(frozen=True)
class Activity:
    """The participants active in each scope: its senders and the senders they answer (as apply counts them)."""

    scope: str
    active: dict[str, frozenset[str]]

    @classmethod
    def from_table(cls, table: MessageTable, scope: str) -> Activity:
        """Who is active in each thread, session or (scope ``all``) the whole table."""
        return cls.from_messages(table.messages(), table.scope_keys(scope), scope)

    @classmethod
    def from_messages(cls, messages: Iterable[Message], keys: Iterable[str], scope: str) -> Activity:
        """Who is active in each scope, given each message's scope key."""
        active: dict[str, set[str]] = {}
        for message, key in zip(messages, keys):
            members = active.setdefault(key, set())
            members.add(message.sender)
            if message.parent_sender:
                members.add(message.parent_sender)
        return cls(scope, {key: frozenset(members) for key, members in active.items()})


@dataclass(frozen=True)
class DuplicateName:
    """A name in use by several participants, at least two of whom are active together in some scope."""

    name: str
    participants: tuple[str, ...]
    """Everyone who shares the name with another active user in some scope, in mapping order
    (the order apply's last rule, "first", picks from)."""
    scopes: tuple[str, ...]
    """The scopes where two or more of them are active; empty when no messages were given."""


def find_duplicates(
    mapping: Mapping, activity: Activity | None = None, only: Collection[str] | None = None
) -> list[DuplicateName]:
    """Every duplicate name (or those among ``only``, compared by ``name_key``), one per name, by name.

    Without messages (``activity`` None) every name shared by two participants counts.
    """
    shared = _shared_names(mapping)
    if only is not None:
        wanted = {name_key(text) for text in only}
        shared = {name: owners for name, owners in shared.items() if name in wanted}
    if activity is None:
        return [DuplicateName(name, owners, ()) for name, owners in sorted(shared.items())]
    order = {participant: index for index, participant in enumerate(mapping.participants)}
    names_of: dict[str, list[str]] = {}
    for name, owners in shared.items():
        for participant in owners:
            names_of.setdefault(participant, []).append(name)
    together: dict[str, set[str]] = {}
    scopes: dict[str, list[str]] = {}
    for key, members in activity.active.items():
        owners_here: dict[str, list[str]] = {}
        for participant in members & names_of.keys():
            for name in names_of[participant]:
                owners_here.setdefault(name, []).append(participant)
        for name, active_owners in owners_here.items():
            if len(active_owners) > 1:
                together.setdefault(name, set()).update(active_owners)
                scopes.setdefault(name, []).append(key)
    return [
        DuplicateName(name, tuple(sorted(together[name], key=order.__getitem__)), tuple(sorted(scopes[name])))
        for name in sorted(together)
    ]


def update_duplicates(
    known: list[DuplicateName], mapping: Mapping, activity: Activity | None, names: Collection[str]
) -> list[DuplicateName]:
    """``known`` after an edit that could only change the duplicates of ``names``: a fast partial redo."""
    keys = {name_key(text) for text in names}
    kept = [duplicate for duplicate in known if duplicate.name not in keys]
    fresh = find_duplicates(mapping, activity, keys)
    return sorted(kept + fresh, key=lambda duplicate: duplicate.name)


def _shared_names(mapping: Mapping) -> dict[str, tuple[str, ...]]:
    """Names (as patterns compare them) in use by more than one participant and not on the keep list."""
    keep = {name_key(text) for text in mapping.keep}
    owners: dict[str, list[str]] = {}
    for participant in mapping.participants:
        for name in mapping.entry(participant).names:
            key = name_key(name.text)
            if name.in_use and key not in keep and participant not in owners.get(key, ()):
                owners.setdefault(key, []).append(participant)
    return {name: tuple(pids) for name, pids in owners.items() if len(pids) > 1}
