"""The one index discovery needs, filled message by message in collect's single pass.

For every token that could be a name (it has a capital letter, a lost accent
written ``?``, or its lower-case form is a name we know) it counts the messages
per thread that contain it; it also feeds the ``Lexicon`` with how the corpus
writes every word, and notes which participants are active in which thread.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

import regex

from nicknames.discover.lexicon import Lexicon
from nicknames.messages import Message

TOKEN = regex.compile(r"\p{L}(?:[\p{L}\p{M}'’]|[?\uFFFD](?=\p{L}))*")
"""A word: letters with inner apostrophes; a ``?`` or U+FFFD between letters is a lost accent."""
_POSSESSIVE = regex.compile(r"['’]s?$")
_SENTENCE_END = regex.compile(r"(?:^|[.!?:;\n]|[.!?:]['\")\]])[\s\"'(\[*_-]*$")


@dataclass
class TokenIndex:
    """Token → messages per thread, thread → participants, and the corpus lexicon."""

    watched: frozenset[str] = frozenset()
    """Lower-case names whose lower-case spelling is indexed too ("mary" for Mary)."""
    threads: dict[str, Counter[str]] = field(default_factory=dict)
    """Token as written → number of messages containing it, per thread."""
    members: dict[str, set[str]] = field(default_factory=dict)
    """Thread → participants active in it (senders and the senders they reply to)."""
    involved: dict[str, set[str]] = field(default_factory=dict)
    """Participant → threads in which they are active."""
    lexicon: Lexicon = field(default_factory=Lexicon)

    def add(self, message: Message) -> None:
        """Index one message."""
        self._member(message.thread, message.sender)
        if message.parent_sender:
            self._member(message.thread, message.parent_sender)
        seen: set[str] = set()
        text = message.text
        for match in TOKEN.finditer(text):
            token = _POSSESSIVE.sub("", match.group())
            if len(token) < 2:
                continue
            start = _SENTENCE_END.search(text, max(0, match.start() - 4), match.start()) is not None
            if _in_address(text, match.start(), match.end()):
                continue
            self.lexicon.observe(token, start)
            if start and self.lexicon.is_common(token):
                continue  # "Will you ...", "May I ...": a sentence start says nothing about names
            if token not in seen and self._indexable(token):
                seen.add(token)
                self.threads.setdefault(token, Counter())[message.thread] += 1

    def count(self, token: str, threads: Collection[str]) -> int:
        """Messages containing the token in the given threads."""
        per_thread = self.threads.get(token)
        if not per_thread:
            return 0
        if len(threads) < len(per_thread):
            return sum(per_thread.get(thread, 0) for thread in threads)
        return sum(n for thread, n in per_thread.items() if thread in threads)

    def count_for(self, token: str, participant: str) -> int:
        """Messages containing the token in the threads where the participant is active."""
        return self.count(token, self.involved.get(participant, set()))

    def tokens(self) -> Iterable[str]:
        """Every indexed token."""
        return self.threads.keys()

    def _indexable(self, token: str) -> bool:
        """Tokens that may be names: capitalised, with a lost accent, or a known name in lower case."""
        return not token.islower() or token in self.watched or "?" in token

    def _member(self, thread: str, participant: str) -> None:
        self.members.setdefault(thread, set()).add(participant)
        self.involved.setdefault(participant, set()).add(thread)


def _in_address(text: str, start: int, end: int) -> bool:
    """True inside an e-mail address, URL or file name ("alice.smith@...", "/home/bob"), where case says nothing."""
    before = text[start - 1] if start else " "
    after = text[end : end + 2]
    return before in "@./_\\:=" or (after != "" and after[0] in "@_/") or (after[:1] == "." and after[1:].isalnum())
