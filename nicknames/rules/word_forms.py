"""Names of one word found as whole words by the automaton itself, without a hit inside a longer word.

Most forms the matcher looks for are one word ("Tim", "tim", "TIM"), and most
hits of such forms in a text lie inside longer words ("time", "Timothy"): an
automaton of the forms reports them all, and each hit would be checked in
Python. Here the forms of one word are searched with a space on each side
("` tim `") in a copy of the text where every character that does not block a
word edge (``patterns.BLOCKING``) is a space (``blanked``). A hit is then a
whole word by construction, and the automaton reports only those: about one
hit in five of a plain automaton in running text.

A form qualifies (``is_word_form``) when all its characters are ``BLOCKING``,
both its edges need a word boundary, and nothing lets it touch a word: no glued
edge, no prefix letters. Its whole-word places are then exactly the runs of
``BLOCKING`` characters equal to it. The other forms (several words, edges of
punctuation or of scripts written without spaces, glued names, Arabic or Hebrew
prefixes) stay with the matcher's leftmost-longest automaton, and ``merged``
puts both together as one leftmost-longest pass over all forms would.
"""

from __future__ import annotations

from collections.abc import Sequence

import ahocorasick_rs

from nicknames.rules.patterns import BLOCKING
from nicknames.rules.spaced import Spaced

DFA_CHARS = 500_000
"""Characters of padded forms up to which their automaton is a DFA; a larger DFA outgrows the caches, and the
contiguous NFA searches faster."""
Hit = tuple[int, int, int]
"""``(form index, start, end)``, offsets in the searched text."""


blanked = Spaced(BLOCKING)
"""The text with every character that does not block a word edge written as a space (one for one)."""
BLANKED = blanked.codes
"""What ``blanked`` makes of each character code, for ``str.translate``."""


def is_word_form(form: str, word_start: bool, word_end: bool, touches: bool) -> bool:
    """True when the form's whole-word places are the runs of ``BLOCKING`` characters equal to it.

    ``word_start``/``word_end``: its edges need a word boundary; ``touches``: it may touch a word (a glued name,
    a name after prefix letters).
    """
    if touches or not (word_start and word_end):
        return False
    if form.isascii():
        return form.replace("_", "a").isalnum()
    return all(blanked.keeps(char) for char in form)


class WordForms:
    """Forms of one word (``is_word_form``), found as whole words only."""

    def __init__(self, forms: Sequence[str], indexes: Sequence[int], names: Sequence[str] = ()) -> None:
        """``indexes``: the matcher's index of each form, which the hits carry; ``names``: the name each form is
        of, which ``spans`` gives (default: the form)."""
        self._forms = list(forms)
        self._indexes = list(indexes)
        self._names = list(names or forms)
        # Overlapping hits, so that two names one space apart share the space.
        padded = [f" {form} " for form in forms]
        small = sum(map(len, padded)) <= DFA_CHARS
        self._automaton = ahocorasick_rs.AhoCorasick(
            padded, matchkind=ahocorasick_rs.MatchKind.Standard,
            implementation=ahocorasick_rs.Implementation.DFA if small else ahocorasick_rs.Implementation.ContiguousNFA,
        )

    def __reduce__(self) -> tuple[type[WordForms], tuple[list[str], list[int], list[str]]]:
        """Pickled as its forms, its automaton built again where it is unpickled: an automaton cannot be pickled."""
        return WordForms, (self._forms, self._indexes, self._names)

    def spans(self, folded: str) -> list[tuple[int, int, str]]:
        """``(start, end, name)`` of each whole-word place of the forms in ``folded``, left to right."""
        names = self._names
        return [(start, end - 2, names[index])
                for index, start, end in self._automaton.find_matches_as_indexes(blanked(f" {folded} "),
                                                                                 overlapping=True)]

    def hits(self, folded: str, window: tuple[int, int] | None = None) -> list[Hit]:
        """The whole-word places of the forms in ``folded`` (in ``folded[first:stop]`` for a ``window``, the
        characters around it counting as they do in the whole text), left to right."""
        if window is None:
            padded, offset = blanked(f" {folded} "), 0
        else:
            offset, stop = window
            before = folded[offset - 1] if offset else " "
            after = folded[stop] if stop < len(folded) else " "
            padded = blanked(before + folded[offset:stop] + after)
        indexes = self._indexes
        # A hit of " form " at [start, end) of the padded text is the form at [start, end - 2) of the text.
        return [(indexes[index], start + offset, end + offset - 2)
                for index, start, end in self._automaton.find_matches_as_indexes(padded, overlapping=True)]


def merged(words: list[Hit], others: list[Hit], missed: list[int]) -> tuple[list[Hit], list[int]]:
    """The hits of a leftmost-longest pass over all forms, from the whole words of one-word forms (``words``) and
    what the other forms' pass found (``others``, not overlapping, and where it may have missed a name).

    A word inside another hit is that hit's (it starts later, or at the same place and is shorter). A word that
    overlaps another hit otherwise, starting before it or running past its end, would be chosen over it, and what
    the other pass hid behind that hit may count again: the place is returned as a possible miss, to be searched
    over every hit instead (``NameMatcher._from_every_hit``). Hits are exact up to the first possible miss.
    """
    if not others:
        return words, missed
    if not words:
        return others, missed
    found: list[Hit] = []
    missed = list(missed)
    position, count = 0, len(words)
    for hit in others:
        _, start, end = hit
        while position < count and words[position][2] <= start:
            found.append(words[position])
            position += 1
        while position < count and words[position][1] < end:
            _, word_start, word_end = words[position]
            if word_start < start or word_end > end:
                missed.append(min(word_start, start))
            position += 1
        found.append(hit)
    found.extend(words[position:])
    return found, missed
