"""What the token index learns of each piece, word and run of capitalised words the first time it sees them.

What a piece holds depends only on the word lists the index reads with (the watched names, the words that make a
run worth keeping, the common words), never on the messages read before: the memory is kept with those lists
(``LearntPieces``), apart from the counts of the index.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from nicknames.collect.discover.sequences import named_neighbours, sequences_of
from nicknames.rules.stopwords import STOPWORDS

READINGS_KEPT = 50_000
"""Runs of capitalised words whose readings are remembered (a few MB) before starting again."""
LONG_RUN = 4_096
"""Runs of capitalised words longer than this (in characters) are read a word at a time (``RunReadings``)."""
_NOT_SPACES = re.compile(r"\S+")
_SPACE_RUNS = re.compile(r"\s+")
"""What ``str.split`` splits on (``re`` counts as a space what ``str.isspace`` does)."""


class OrdinaryWords(dict[str, bool]):
    """Word → whether its case-folded form is on the word list or a stop word, filled as words are first seen."""

    def __init__(self, words: frozenset[str]) -> None:
        super().__init__()
        self.words = words

    def __missing__(self, word: str) -> bool:
        key = word.casefold()
        ordinary = self[word] = key in self.words or key in STOPWORDS
        return ordinary


class RunReadings(dict[str, tuple[str | None, tuple[str, ...]]]):
    """Run of capitalised words as found → the run with single spaces when it holds one of the words (else None),
    and its words that stand next to a capitalised word that is not an ordinary one; read when first seen (the same
    runs come again: "Hi Mary", "Thanks Rob")."""

    def __init__(self, words: frozenset[str], ordinary: Callable[[str], bool]) -> None:
        super().__init__()
        self.words, self.ordinary = words, ordinary

    def __missing__(self, run: str) -> tuple[str | None, tuple[str, ...]]:
        if len(run) > LONG_RUN:
            return self.read_long(run)
        if len(self) >= READINGS_KEPT:
            self.clear()
        words = [run.split()]
        kept = next(iter(sequences_of(words, self.words)), None)
        reading = self[run] = kept, tuple(named_neighbours(words, self.ordinary))
        return reading

    def read_long(self, run: str) -> tuple[str | None, tuple[str, ...]]:
        """The reading of a long run, its words read one at a time rather than split into a list (a line of a
        million capitalised words), and not remembered."""
        def words() -> Iterator[str]:
            return (word.group() for word in _NOT_SPACES.finditer(run))

        holds = bool(self.words) and not self.words.isdisjoint(word.casefold() for word in words())
        return _SPACE_RUNS.sub(" ", run) if holds else None, tuple(named_neighbours([words()], self.ordinary))


@dataclass
class LearntPieces:
    """What the pieces, words and runs seen hold, for indexes reading with the same word lists."""

    lists: tuple[frozenset[str], frozenset[str], frozenset[str]]
    """The watched names, the words that make a run worth keeping and the common words: what was learnt with."""
    always: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Piece seen that holds tokens counted wherever they stand → those tokens."""
    boring: set[str] = field(default_factory=set)
    """Pieces seen that hold no such token (a common word capitalised may still count in mid-sentence)."""
    ordinary: OrdinaryWords = field(init=False)
    """Word → whether it is an ordinary word (on the word list or a stop word), as words are first seen."""
    runs: RunReadings = field(init=False)
    """Run of capitalised words → what the index keeps of it, as runs are first seen."""

    def __post_init__(self) -> None:
        _, sequence_words, common = self.lists
        self.ordinary = OrdinaryWords(common)
        self.runs = RunReadings(sequence_words, self.ordinary.__getitem__)

    def clear(self) -> None:
        """Forget the pieces and words learnt (a text of random letters makes many), not the runs (they have a bound
        of their own)."""
        self.always.clear()
        self.boring.clear()
        self.ordinary.clear()

