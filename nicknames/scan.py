"""Collect's single pass over the messages: salutations, class-list names and the discovery index.

Each message is read once; everything collect learns from the texts is gathered
here, and the decisions that need the whole corpus (whom a greeting addresses,
which variants to suggest) are taken afterwards from what the pass recorded.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


from nicknames.discover.attribution import Greeting
from nicknames.discover.token_index import TokenIndex
from nicknames.messages import Message
from nicknames.matcher import NameMatcher
from nicknames.patterns import name_key
from nicknames.salutations import Rules, greeting_names, signoff_names


@dataclass
class ScanStats:
    """What the pass saw, for the summary."""

    messages: int = 0
    greetings: int = 0
    signoffs: int = 0
    greetings_without_parent: int = 0
    """Greetings in messages whose parent (and so addressee) is unknown."""


@dataclass
class Scan:
    """Everything one pass over the messages records."""

    rules: Rules
    class_pattern: NameMatcher | None
    index: TokenIndex
    stats: ScanStats = field(default_factory=ScanStats)
    greetings: list[Greeting] = field(default_factory=list)
    signoffs: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(sender, name) → messages the sender signed with that name."""
    class_usage: Counter[str] = field(default_factory=Counter)
    """Registered name part → messages it occurs in."""
    posts: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    """Thread → (position, sender) of its messages in file order."""

    def add(self, position: int, message: Message) -> None:
        """Read one message."""
        self.stats.messages += 1
        self.posts.setdefault(message.thread, []).append((position, message.sender))
        greeted = greeting_names(message.text, self.rules)
        if greeted:
            self.stats.greetings += 1
            self.stats.greetings_without_parent += message.parent_sender is None and not message.recipients
            self.greetings.append(
                Greeting(
                    position, message.thread, message.sender, message.parent_sender, tuple(greeted),
                    message.recipients,
                )
            )
        signed = signoff_names(message.text, self.rules)
        if signed:
            self.stats.signoffs += 1
            self.signoffs.update((message.sender, name) for name in signed)
        if self.class_pattern is not None:
            self.class_usage.update({name_key(m.group()) for m in self.class_pattern.finditer(message.text)})
        self.index.add(message)
