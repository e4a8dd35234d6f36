"""Collect's single pass over the messages: salutations, class-list names and the discovery index.

Each message is read once; everything collect learns from the texts is gathered
here, and the decisions that need the whole corpus (whom a greeting addresses,
which variants to suggest) are taken afterwards from what the pass recorded.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from nicknames.discover.attribution import Greeting, Greetings
from nicknames.discover.token_index import TokenIndex
from nicknames.matcher import NameMatcher
from nicknames.messages import Message
from nicknames.salutations import Rules, greeting_names, signoff_names


@dataclass
class ScanStats:
    """What the pass saw, for the summary."""

    messages: int = 0
    greetings: int = 0
    signoffs: int = 0
    greetings_without_parent: int = 0
    """Greetings in messages whose parent (and so addressee) is unknown."""


_NO_RULES = Rules((), (), frozenset())


class Posts:
    """A thread's messages in file order as (position, sender), in 16 bytes each (senders are shared strings)."""

    __slots__ = ("positions", "senders")

    def __init__(self) -> None:
        self.positions = array("q")
        self.senders: list[str] = []

    def append(self, post: tuple[int, str]) -> None:
        """Add the thread's next message."""
        self.positions.append(post[0])
        self.senders.append(post[1])

    def extend(self, later: Posts) -> None:
        """Add the messages of the thread that follow."""
        self.positions.extend(later.positions)
        self.senders.extend(later.senders)

    def __len__(self) -> int:
        return len(self.senders)

    def __iter__(self) -> Iterator[tuple[int, str]]:
        return zip(self.positions, self.senders)

    def __reversed__(self) -> Iterator[tuple[int, str]]:
        return zip(reversed(self.positions), reversed(self.senders))

    def __getstate__(self) -> tuple[array[int], list[str]]:
        return self.positions, self.senders

    def __setstate__(self, state: tuple[array[int], list[str]]) -> None:
        self.positions, self.senders = state


@dataclass
class Scan:
    """Everything one pass over the messages records."""

    rules: Rules
    class_pattern: NameMatcher | None
    index: TokenIndex
    stats: ScanStats = field(default_factory=ScanStats)
    greetings: Greetings = field(default_factory=Greetings)
    signoffs: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(sender, name) → messages the sender signed with that name."""
    class_usage: dict[str, dict[str, int]] = field(default_factory=dict)
    """Registered name part → thread → messages of the thread it occurs in.

    Plain dicts rather than ``Counter``s: a worker sends thousands of them per chunk, and a
    ``Counter`` runs Python code for each one as it is unpickled."""
    posts: dict[str, Posts] = field(default_factory=dict)
    """Thread → (position, sender) of its messages in file order."""
    names: dict[str, str] = field(default_factory=dict)
    """One copy of each greeted name, shared by the greetings that use it."""

    def findings(self) -> Scan:
        """What this pass recorded, without its rules, patterns and word lists (cheap to send between processes)."""
        return Scan(
            _NO_RULES, None, self.index.records(),
            self.stats, self.greetings, self.signoffs, self.class_usage, self.posts,
        )

    def absorb(self, later: Scan) -> None:
        """Add what a pass over the messages that follow this pass's recorded.

        Absorbing the passes over consecutive chunks in file order leaves every
        count, list and key order as one pass over all of them would.
        """
        stats, other = self.stats, later.stats
        stats.messages += other.messages
        stats.greetings += other.greetings
        stats.signoffs += other.signoffs
        stats.greetings_without_parent += other.greetings_without_parent
        self.greetings.extend(later.greetings)
        self.signoffs.update(later.signoffs)
        for part, threads in later.class_usage.items():
            counts = self.class_usage.get(part)
            if counts is None:
                self.class_usage[part] = threads
            else:
                for thread, count in threads.items():
                    counts[thread] = counts.get(thread, 0) + count
        for thread, posts in later.posts.items():
            mine = self.posts.get(thread)
            if mine is None:
                self.posts[thread] = posts
            else:
                mine.extend(posts)
        self.index.absorb(later.index)

    def add(self, position: int, message: Message) -> None:
        """Read one message."""
        self.stats.messages += 1
        posts = self.posts.get(message.thread)
        if posts is None:
            posts = self.posts[message.thread] = Posts()
        posts.append((position, message.sender))
        greeted = greeting_names(message.text, self.rules)
        if greeted:
            self.stats.greetings += 1
            self.stats.greetings_without_parent += message.parent_sender is None and not message.recipients
            self.greetings.append(
                Greeting(
                    position, message.thread, message.sender, message.parent_sender,
                    tuple(self.names.setdefault(name, name) for name in greeted),
                    message.recipients,
                )
            )
        signed = signoff_names(message.text, self.rules)
        if signed:
            self.stats.signoffs += 1
            self.signoffs.update((message.sender, name) for name in signed)
        if self.class_pattern is not None:
            thread = message.thread
            for part in self.class_pattern.names_in(message.text):
                threads = self.class_usage.get(part)
                if threads is None:
                    threads = self.class_usage[part] = {}
                threads[thread] = threads.get(thread, 0) + 1
        self.index.add(message)
