"""The one index discovery needs, filled message by message in collect's single pass.

For every token that could be a name (it has a capital letter, a lost accent
written ``?``, or its lower-case form is a name we know) it counts the messages
per thread that contain it; it also feeds the ``Lexicon`` with how the corpus
writes every word, and notes which participants are active in which thread.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

import regex

from nicknames.discover.lexicon import Lexicon
from nicknames.discover.sequences import RUN, named_neighbours, sequences_of
from nicknames.messages import Message
from nicknames.stopwords import STOPWORDS

_WORD = r"\p{L}(?:[\p{L}\p{M}]|['’](?=\p{L})(?![sS](?!\p{L}))|-(?=\p{L})|[?\uFFFD](?=\p{L}))*"
TOKEN = regex.compile(r"\p{L}[\p{L}\p{M}]*+(?:(?:['’](?![sS](?!\p{L}))|[-?\uFFFD])(?=\p{L})[\p{L}\p{M}]*+)*+")
"""A word: letters with inner apostrophes and hyphens, without a possessive "'s"; a ``?`` or
U+FFFD between letters is a lost accent. (``_WORD`` unrolled so that runs of letters need no
alternation; ``tests/test_token_index.py`` checks both find the same words.)"""
_LOWER = regex.compile(r"(?<![\p{L}\p{M}'’?\uFFFD-])\p{Ll}[\p{Ll}\p{M}]*(?![\p{L}\p{M}'’-])")
"""A plain lower-case word, for the lexicon's counts."""
_MID_SENTENCE = regex.compile(rf"(?<=[\p{{Ll}}\p{{N}},;)])[^\S\n]+(\p{{Lu}}{_WORD[5:]})")
"""A word after a lower-case word, a number or a comma on the same line: not at a sentence start."""
_ASCII_JOINED = r"(?:(?:'(?![sS](?![A-Za-z]))|[-?])(?=[A-Za-z])[A-Za-z]*)*"
"""Letters joined on by an apostrophe (not a possessive "'s"), a hyphen or a lost accent."""
ASCII_PATTERNS = (
    re.compile(rf"[A-Za-z]+{_ASCII_JOINED}"),
    re.compile(r"(?<![A-Za-z'?-])[a-z]+(?![A-Za-z'-])"),
    re.compile(rf"(?<=[a-z0-9,;)])[^\S\n]+([A-Z][A-Za-z]*{_ASCII_JOINED})"),
)
"""``TOKEN``, ``_LOWER`` and ``_MID_SENTENCE`` for a text of ASCII characters only, where the Unicode
classes are plain letter ranges and the standard ``re`` engine is two to three times as fast
(``tests/test_token_index.py`` checks they find the same)."""
UNICODE_PATTERNS = (TOKEN, _LOWER, _MID_SENTENCE)
_ADDRESS = regex.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+|(?:https?://|www\.)\S+|(?<!\w)(?:/[\w.\-]+){2,}")
"""E-mail addresses, URLs and paths, where case says nothing about names."""


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
    sequence_words: frozenset[str] = frozenset()
    """Lower-case words of registered names of several words: runs of capitals with one are kept."""
    runs: dict[str, Counter[str]] = field(default_factory=dict)
    """Run of capitalised words containing a ``sequence_words`` word → messages per thread."""
    sessions: dict[str, str] = field(default_factory=dict)
    """Thread → the session it belongs to ("" when the messages have no sessions)."""
    paired: Counter[str] = field(default_factory=Counter)
    """Capitalised word → messages where it stands next to a capitalised word that is not an ordinary one."""

    def add(self, message: Message) -> None:
        """Index one message (the per-token work is done by compiled patterns and set operations)."""
        thread = message.thread
        self._member(thread, message.sender)
        self.sessions.setdefault(thread, message.session)
        if message.parent_sender:
            self._member(thread, message.parent_sender)
        text = message.text
        if "@" in text or "://" in text or "www." in text or "/" in text:
            text = _ADDRESS.sub(" ", text)
        words, plain_words, capitalised = ASCII_PATTERNS if text.isascii() else UNICODE_PATTERNS
        mid = capitalised.findall(text)
        lower = plain_words.findall(text)
        self.lexicon.observe_text(lower, mid)
        tokens = set(words.findall(text))
        plain = tokens.intersection(lower)
        # Plain lower-case words (most of a text) are indexed only when they are names we watch.
        for token in plain.intersection(self.watched):
            if len(token) > 1:
                self._count(token, thread)
        common, mid_set = self.lexicon.words, set(mid)
        for token in tokens.difference(plain):
            if len(token) < 2 or not self._indexable(token):
                continue
            if token.casefold() in common and token not in mid_set and not token.islower():
                continue  # "Will you ...", "May I ...": only mid-sentence uses say something about names
            self._count(token, thread)
        runs = [run.split() for run in RUN.findall(text)]
        for run in sequences_of(runs, self.sequence_words):
            self.runs.setdefault(run, Counter())[thread] += 1
        self.paired.update(named_neighbours(runs, self._ordinary))

    def absorb(self, later: TokenIndex) -> None:
        """Add the index of the messages that follow (see ``Scan.absorb``)."""
        _absorb_counts(self.threads, later.threads)
        _absorb_counts(self.runs, later.runs)
        for thread, members in later.members.items():
            self.members.setdefault(thread, set()).update(members)
        for participant, threads in later.involved.items():
            self.involved.setdefault(participant, set()).update(threads)
        for thread, session in later.sessions.items():
            self.sessions.setdefault(thread, session)
        self.paired.update(later.paired)
        self.lexicon.lower.update(later.lexicon.lower)
        self.lexicon.capitalised.update(later.lexicon.capitalised)

    def records(self) -> TokenIndex:
        """The counts this index holds, without its word lists (cheap to send between processes)."""
        lexicon = Lexicon(self.lexicon.lower, self.lexicon.capitalised, frozenset())
        return TokenIndex(frozenset(), self.threads, self.members, self.involved, lexicon, frozenset(), self.runs,
                          self.sessions, self.paired)

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

    def _count(self, token: str, thread: str) -> None:
        per_thread = self.threads.get(token)
        if per_thread is None:
            per_thread = self.threads[token] = Counter()
        per_thread[thread] += 1

    def _ordinary(self, word: str) -> bool:
        key = word.casefold()
        return key in self.lexicon.words or key in STOPWORDS

    def _member(self, thread: str, participant: str) -> None:
        self.members.setdefault(thread, set()).add(participant)
        self.involved.setdefault(participant, set()).add(thread)


def _absorb_counts(counts: dict[str, Counter[str]], later: dict[str, Counter[str]]) -> None:
    """Add per-thread counts of later messages, keeping the order in which keys first occur."""
    for key, per_thread in later.items():
        mine = counts.get(key)
        if mine is None:
            counts[key] = per_thread
        else:
            mine.update(per_thread)
