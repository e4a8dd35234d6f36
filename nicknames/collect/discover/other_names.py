"""What the finder of people who are not participants records (``OtherNames``) and what it leaves alone (``Known``)."""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field

from nicknames.io.class_list import RegisteredFullNames, aside_word
from nicknames.rules.patterns import name_key


def folded_name(name: str) -> str:
    """A name as ``Known`` compares names: case-folded, in its normal form (``patterns.name_key``: "O’Brien" is
    "O'Brien")."""
    return name_key(name).casefold()


@dataclass
class OtherNames:
    """Names of people who are not participants found in a corpus: messages per name, and why."""

    counts: Counter[str] = field(default_factory=Counter)
    tags: dict[str, list[str]] = field(default_factory=dict)
    threads: dict[str, set[str]] = field(default_factory=dict)
    """The threads each name was found in."""
    senders: dict[str, set[str]] = field(default_factory=dict)
    """Who wrote the messages each name was found in."""
    public: Counter[str] = field(default_factory=Counter)
    """Full names found and left out as written as public ones (a cited author, a public figure; tag ``public``):
    messages per name."""

    def add(self, name: str, tag: str, thread: str = "", sender: str = "") -> None:
        """Record one message's use of a name."""
        self.counts[name] += 1
        self.threads.setdefault(name, set()).add(thread)
        self.senders.setdefault(name, set()).add(sender)
        tags = self.tags.setdefault(name, [])
        if tag not in tags:
            tags.append(tag)

    def drop(self, name: str) -> None:
        """Forget a name."""
        for record in (self.counts, self.tags, self.threads, self.senders):
            record.pop(name, None)


@dataclass(frozen=True)
class Known:
    """What the finder leaves alone or takes as evidence: the mapping's names, the class list, the keep list."""

    names: frozenset[str]
    """Names in use of participants (``folded_name``): left to the participants' entries."""
    keep: frozenset[str]
    """Case-folded keep-list names and their words (public figures, cited authors)."""
    people: frozenset[str] = frozenset()
    """Case-folded names and class-list parts of participants: a list with one of them is a list of people."""
    registered: RegisteredFullNames = field(default_factory=RegisteredFullNames)
    """The class list's full names: one of them is a registered person's, never a public name however many write it."""

    def claims(self, name: str) -> bool:
        """True when a name is a participant's name in use or holds one of several words ("Ada Quill MSc" holds
        Ada Quill's), or the keep list has it, or a word of it for a name of one word ("Clarke" of a kept Arthur C.
        Clarke), or all the words of a longer one in one of its names ("Arthur Clarke"; not "Ada Berg" for a kept
        Ada Lovelace: the keep list fills with public names, whose given names are everyone's)."""
        folded = folded_name(name)
        words = [word for word in folded.split() if len(word.rstrip(".")) > 1]
        if folded in self.names or folded in self.keep or self._holds_name(folded.split()):
            return True
        if len(words) <= 1:
            return any(word in self.keep for word in words)
        return any(set(words) <= kept for kept in self._kept_words)

    @functools.cached_property
    def _kept_words(self) -> list[frozenset[str]]:
        """The words of each name of several words on the keep list."""
        return [frozenset(kept.split()) for kept in self.keep if " " in kept]

    def _holds_name(self, words: list[str]) -> bool:
        """Whether a run of two words or more inside these words (fewer than all) is a participant's name in use,
        none of its words an initial ("John D." of "John D. Quill" is no full name), and the others are not all
        initials (an initialled form of a registered name goes to its person's line, see
        ``collect.others.add_others``)."""
        initials = [aside_word(word) for word in words]
        for start in range(len(words) - 1):
            for stop in range(start + 2, len(words) + 1):
                if any(initials[start:stop]):
                    continue
                rest = initials[:start] + initials[stop:]
                if rest and not all(rest) and " ".join(words[start:stop]) in self.names:
                    return True
        return False
