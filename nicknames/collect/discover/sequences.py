"""Misspelt names of several words: "Mary Jnae" for Mary Jane, "Anne Maire" for Anne Marie.

A misspelt word next to a correctly spelt word of the same name is a stronger clue
than either word alone: "Jnae" on its own might be anything, "Mary Jnae" in a forum
where Mary Jane Khan is registered is her name. Collect's pass records every run of
capitalised words on one line that contains a word of a registered name of several
words; discovery then looks in those runs for a window that spells the name with, word
for word, the same word or a misspelling of it (the distance rules of ``variants``),
at least one word exact and at least one not; an ordinary word, one with an ending
("Students"), or a word of a building, street, month or day ("Hall", "March") is
never the misspelt word. The window as written is suggested for
the name's owner, and a misspelt word that only ever occurs inside such a window is
not suggested on its own.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Generic, TypeVar

import regex
from rapidfuzz.distance import OSA

from nicknames.collect.discover.variants import allowed_edits

K = TypeVar("K", bound=Hashable)

_CAPITALISED = r"\p{Lu}(?:[\p{L}\p{M}]|['’](?=\p{L})(?![sS](?!\p{L}))|-(?=\p{L}))*+"
RUN = regex.compile(rf"(?<![\p{{L}}\p{{M}}'’-]){_CAPITALISED}(?:[^\S\n]+{_CAPITALISED})++")
"""Two or more capitalised words separated by spaces on one line (a possessive "'s" is left out). The repetitions
are possessive: what follows a word or a run is never a letter nor a space, so giving some back never helps, and
the engine keeps no state per word (a line of a million capitalised words took it some 700 bytes a word)."""
_ASCII_CAPITALISED = r"[A-Z](?:[A-Za-z]|'(?=[A-Za-z])(?![sS](?![A-Za-z]))|-(?=[A-Za-z]))*+"
ASCII_RUN = re.compile(rf"[A-Z](?<![A-Za-z'-][A-Z]){_ASCII_CAPITALISED[5:]}(?:[ \t\v\f\r]+{_ASCII_CAPITALISED})++")
"""``RUN`` for a text of ASCII characters only, in the standard ``re`` engine: it starts with the capital so that
the engine skips to the next capital, and spells out the spaces of ``regex`` (``re`` also counts ``\x1c``–``\x1f``
as spaces). ``tests/test_discover_sequences.py`` checks both find the same runs."""


def sequence_words(names: Iterable[str]) -> frozenset[str]:
    """The case-folded words of the names that have several words: what makes a run worth keeping."""
    return frozenset(word.casefold() for name in names if " " in name.strip() for word in name.split())


def runs_in(text: str, words: frozenset[str]) -> set[str]:
    """The runs of capitalised words in the text that contain one of the given (case-folded) words."""
    return sequences_of([run.split() for run in RUN.findall(text)], words)


def sequences_of(runs: list[list[str]], words: frozenset[str]) -> set[str]:
    """The runs (as word lists) that contain one of the given (case-folded) words, joined."""
    if not words:
        return set()
    return {" ".join(run) for run in runs if not words.isdisjoint(map(str.casefold, run))}


def named_neighbours(runs: Iterable[Iterable[str]], ordinary: Callable[[str], bool]) -> set[str]:
    """Words standing next to a capitalised word that is not an ordinary one: part of a full name
    ("Nora Quist", "Rich Tolland") or of a title ("Merry Christmas"), so probably not a one-off
    mention of a participant by a given name."""
    paired: set[str] = set()
    for run in runs:
        for left, right in pairwise(run):
            if not ordinary(right):
                paired.add(left)
            if not ordinary(left):
                paired.add(right)
    return paired


@dataclass
class Windows(Generic[K]):
    """The misspelt names of several words found in the runs, and where they occur."""

    threads: dict[str, Counter[K]] = field(default_factory=dict)
    """Window as written → messages per thread (threads as the runs give them: labels or codes)."""
    spelling: dict[str, set[str]] = field(default_factory=dict)
    """Name → the windows that spell it."""

    @classmethod
    def find(cls, runs: Mapping[str, Counter[K]], names: Iterable[str], is_word: Callable[[str], bool],
             taken: frozenset[str] = frozenset()) -> Windows[K]:
        """Windows of the runs that spell one of the names; none that is a name in ``taken`` (case-folded)."""
        by_word: dict[str, set[str]] = {}
        for name in names:
            if " " in name:
                for word in name.split():
                    by_word.setdefault(word, set()).add(name)
        initials = {name: _initials(name.split()) for names in by_word.values() for name in names}
        windows: Windows[K] = cls()
        for run in runs:
            words = run.split()
            letters = _initials(words)
            for name in {name for word in words for name in by_word.get(word, ())}:
                if initials[name] not in letters:
                    continue  # each word of a window is the name's or a misspelling of it, with its first letter
                window = misspelt_window(run, name, is_word)
                if window is not None and window.casefold() not in taken:
                    # A run's counts are read only for a window found in it: most runs hold none.
                    windows.threads.setdefault(window, Counter()).update(runs[run])
                    windows.spelling.setdefault(name, set()).add(window)
        return windows

    def messages_with(self, word: str) -> int:
        """Messages of all windows that contain the word."""
        return sum(sum(threads.values()) for window, threads in self.threads.items() if word in window.split())


def _initials(words: list[str]) -> str:
    """The first letter of each word: a window spelling a name has the name's, in the same places."""
    return "".join(word[0] for word in words)


def misspelt_window(run: str, name: str, is_word: Callable[[str], bool]) -> str | None:
    """The part of the run that spells the name with some words misspelt, or None.

    Every word of the window must be the name's word or a misspelling of it
    (same first letter, within ``allowed_edits``, not an ordinary word); at least
    one word is exact and at least one is not.
    """
    words, wanted = run.split(), name.split()
    for start in range(len(words) - len(wanted) + 1):
        window = words[start:start + len(wanted)]
        exact = [word == target for word, target in zip(window, wanted)]
        if any(exact) and not all(exact) and all(
            same or _misspelt(word, target, is_word) for word, target, same in zip(window, wanted, exact)
        ):
            return " ".join(window)
    return None


PLACE_WORDS = frozenset({
    "hall", "halls", "building", "buildings", "library", "centre", "center", "tower", "house", "room", "rooms",
    "lab", "labs", "laboratory", "street", "road", "avenue", "lane", "drive", "court", "square", "park", "campus",
    "college", "school", "institute", "museum", "theatre", "theater", "station", "bridge", "gate", "wing",
    "block", "annex", "lecture", "auditorium", "gallery", "garden", "gardens", "market",
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
})
"""Words of buildings, streets, months and days: next to a name they make a place or a date ("Anna Hall",
"Tom March"), never a misspelt surname."""
_ENDINGS = ("s", "es", "ed", "ing", "ly", "er", "ers")
"""Endings that turn an ordinary word into another ("Students", "Booked"): such a word is no misspelling."""


def _misspelt(word: str, target: str, is_word: Callable[[str], bool]) -> bool:
    edits = allowed_edits(target)
    return (
        edits > 0
        and word[0] == target[0]
        and word.casefold() not in (target.casefold(), target.casefold() + "s")
        and word.casefold() not in PLACE_WORDS
        and not is_word(word)
        and not _inflected_word(word, is_word)
        and OSA.distance(word, target, score_cutoff=edits) <= edits
    )


def _inflected_word(word: str, is_word: Callable[[str], bool]) -> bool:
    """True for an ordinary word with an ending (``_ENDINGS``): "Students", "Booked", "Readers"."""
    folded = word.casefold()
    return any(
        folded.endswith(ending) and len(folded) - len(ending) >= 3 and is_word(folded[: -len(ending)])
        for ending in _ENDINGS
    )
