"""Find all names of a scope in one pass over a text, by the rules of ``patterns``.

Aho-Corasick automata (ahocorasick-rs) find the names in one pass whatever
their number. Names of one word are found as whole words by an automaton of
their own (``word_forms``: most hits of a plain automaton lie inside longer
words); the other forms leftmost then longest first, and the rules of
``patterns`` are applied to those few hits: whole words by the same edges, a
separator in a name matching a run of blanks, a line break or a hyphen. The text
searched is its normalised view (``text_forms.matching_view``) with its runs of
blanks folded to one space and the blanks next to a line break dropped; the
automaton holds each name's ``written_forms`` (a space, a hyphen or a line break
at each separator), and spans are mapped back to the original text. Where a hit that is not a
whole word may hide one that is, every overlapping hit of that text is looked
at instead. The result is exactly what the alternation of every ``name_pattern``,
longest first, finds with ``finditer`` (the tests compare the two on random
names and texts), at a cost that does not grow with the number of names.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence

import ahocorasick_rs
import regex

from nicknames.rules.name_match import NameMatch
from nicknames.rules.patterns import (
    longest_first,
    name_key,
    prefixes_before,
    separated_forms,
    stopless_forms,
)
from nicknames.rules.space_runs import fold_space_runs, folded_text, unfold
from nicknames.rules.text_forms import TextView, is_ascii_view, matching_view
from nicknames.rules.word_edges import (
    BLOCKING_CHARS,
    INSIDE_WORD,
    after_prefix,
    needs_edge,
)
from nicknames.rules.word_forms import WordForms, is_word_form, merged

SPACE_RUN = regex.compile(r"[^\S\r\n]+", regex.VERSION1)
"""A run of blanks, which a separator inside a name matches (``patterns.SEPARATOR``)."""
_OWN_VIEW = TextView("", "")
"""Stands for the view of an ASCII text, which is the text itself (offsets map to themselves)."""
WINDOW = 1 << 14
"""Characters of a long text searched at once (``NameMatcher.iter_spans``)."""
DFA_CHARS = 500_000
"""Characters of written forms up to which the automaton is a DFA (some 35 MB at most, built in a tenth of a second)."""
_JOINED_TEXTS = 100
"""Texts ``NameMatcher.names_in_texts`` searches at once."""
_JOINER = "\n\n"
"""What joins the texts searched at once: a blank line, which no separator in a name matches."""


class NameMatcher:
    """All names of a scope (``name_key``-folded), found in one pass by the matching rules."""

    def __init__(self, keys: Collection[str], glued: Collection[str] = ()) -> None:
        self.keys = sorted(keys)
        forms, self._form_key = _forms(self.keys)
        self._forms = forms
        self._every_hit: ahocorasick_rs.AhoCorasick | None = None
        """The automaton that reports overlapping hits too, built when a text first needs it."""
        key_of = self._form_key
        # Edges that need a boundary: word characters outside the scripts written without spaces. A form has its
        # name's first and last characters (separators are inside), so each property is its name's.
        starts = [needs_edge(key[0]) for key in self.keys]
        ends = [needs_edge(key[-1]) for key in self.keys]
        prefixes = [prefixes_before(key[0]) if not key[0].isascii() else "" for key in self.keys]
        # Kept per name, not per form: a form's index gives its name (``_form_key``) where a hit needs them.
        self._word_start, self._word_end, self._prefixes = starts, ends, prefixes
        # ``glued`` names may touch a word in camel case (patterns.GLUED_BEFORE / GLUED_AFTER).
        self._glued_start = [key in glued and key[0].isupper() for key in self.keys]
        self._glued_end = [key in glued and key[-1].islower() for key in self.keys]
        self._glued = bool(glued)
        self._glued_keys = tuple(key for key in self.keys if key in glued)
        # Names of one word are found by their own automaton, whole words only (``word_forms``); such a name has one
        # form, itself. The other forms are searched leftmost-longest and their hits checked here. (An ASCII name
        # of word characters has both edges; the test is written out for it, the commonest name.)
        one_word = [(key.replace("_", "a").isalnum() and not (glued_start or glued_end)) if key.isascii()
                    else is_word_form(key, start, end, bool(glued_start or glued_end or prefix))
                    for key, start, end, glued_start, glued_end, prefix
                    in zip(self.keys, starts, ends, self._glued_start, self._glued_end, prefixes)]
        words = [index for index, key in enumerate(key_of) if one_word[key]]
        self._words = WordForms([forms[index] for index in words], words, [self.keys[key_of[index]] for index in words]
                                ) if words else None
        self._others = [index for index, key in enumerate(key_of) if not one_word[key]]
        """The matcher's index of each form the leftmost-longest automaton holds, by its own index."""
        self._automaton = self._other_automaton()
        self._special = self._glued or any(self._prefixes)
        """True when a hit next to a word character may still be a whole word (glued names, prefixes)."""
        self._name_keys = [self.keys[key] for key in key_of]
        self._keys = set(self.keys)
        self._multiline = any("\n" in key for key in self.keys)
        self._reach = max(map(len, forms)) + 1
        """More characters than any written form has: a hit starting this far before a window's end ends inside it."""
        self._window = max(WINDOW, 8 * self._reach)

    def _other_automaton(self) -> ahocorasick_rs.AhoCorasick | None:
        """The leftmost-longest automaton of the forms not of one word (``_others``)."""
        forms = [self._forms[index] for index in self._others]
        return ahocorasick_rs.AhoCorasick(forms, matchkind=ahocorasick_rs.MatchKind.LeftmostLongest,
                                          implementation=_implementation(forms)) if forms else None

    def __reduce__(self) -> tuple[Callable[[dict[str, object]], NameMatcher], tuple[dict[str, object]]]:
        """Pickled as what was compiled but the automata, which cannot be and are built again where it is unpickled
        (a spawned or a cluster's worker): a fraction of compiling the names."""
        state = {name: value for name, value in vars(self).items() if name not in ("_automaton", "_every_hit")}
        return _unpickled, (state,)

    def finditer(self, text: str) -> Iterator[NameMatch]:
        """The names in the text, left to right, the longest at each position, not overlapping."""
        return (NameMatch(start, end, text[start:end], key) for start, end, key in self.spans(text))

    def spans(self, text: str) -> list[tuple[int, int, str]]:
        """What ``finditer`` finds as ``(start, end, name)``, without match objects.

        The offsets are in the original text; the name is the one in the mapping
        (``name_key``), whatever form the text writes it in. Large runs call this
        once per message; building no object per name found is most of what it saves.
        """
        return list(self.iter_spans(text))

    def iter_spans(self, text: str) -> Iterator[tuple[int, int, str]]:
        """``spans`` one at a time: a text longer than ``WINDOW`` characters is searched a window at a time, so
        what is held at once does not grow with the number of names in it (a shorter one is searched at once)."""
        view = _OWN_VIEW if is_ascii_view(text) else matching_view(text)  # ASCII: its own view, no TextView built
        searched = text if view is _OWN_VIEW else view.text
        folded, runs, removed = fold_space_runs(searched)
        hits: Iterable[tuple[int, int, int]]
        if len(folded) <= self._window:
            found, missed = self._other_words(folded, None) if self._automaton is not None else ([], [])
            if not found and not missed and self._words is not None and not runs and view.identical:
                return iter(self._words.spans(folded))  # the common text: names of one word alone, offsets as found
            hits, missed = self._whole_words(folded, None, (found, missed))
            if missed:
                hits = self._from_every_hit(folded)
            if not runs and view.identical:
                keys = self._name_keys
                return iter([(start, end, keys[index]) for index, start, end in hits])
        else:
            hits = self._long_text_hits(folded)
        return self._mapped_back(hits, view, runs, removed)

    def _mapped_back(self, hits: Iterable[tuple[int, int, int]], view: TextView, runs: list[int], removed: list[int]
                     ) -> Iterator[tuple[int, int, str]]:
        """The hits with offsets in the original text (``unfold``, ``TextView.span``) and names in the mapping's form."""
        keys = self._name_keys
        if not runs and view.identical:
            for index, start, end in hits:
                yield start, end, keys[index]
            return
        for index, start, end in hits:
            start, end = view.span(unfold(start, runs, removed), unfold(end, runs, removed, start=False))
            yield start, end, keys[index]

    def _long_text_hits(self, folded: str) -> Iterator[tuple[int, int, int]]:
        """``_whole_words`` of a long text, or ``_from_every_hit`` where it may miss a name, a window at a time.

        A first pass over the windows only asks whether a hit may hide a name (the choice is made for the whole
        text, as for a short one); the second gives the hits.
        """
        if not any(missed for _, missed in self._windows(folded, every=False)):
            for found, _ in self._windows(folded, every=False):
                yield from found
            return
        for found, _ in self._windows(folded, every=True):
            yield from found

    def _windows(self, folded: str, every: bool) -> Iterator[tuple[list[tuple[int, int, int]], bool]]:
        """The hits of ``folded`` window by window (offsets in ``folded``), and whether each window may miss a name.

        Each window is searched from where the search of the whole text would be there; of its hits only those
        starting more than the longest form before its end count, since every name starting there ends inside
        it. The next window starts after the last hit counted, or where the counting stopped (``every``: at the
        first start not counted, the names chosen after the last one counted).
        """
        position, size, reach = 0, len(folded), self._reach
        chosen_end = 0
        while position < size:
            stop = min(size, position + self._window)
            limit = stop - reach if stop < size else size
            if every:
                found = self._from_every_hit(folded, (position, stop), chosen_end, limit)
                chosen_end = found[-1][2] if found else chosen_end
                yield found, False
                position = limit
                continue
            hits, missed = self._whole_words(folded, (position, stop))
            counted = [hit for hit in hits if hit[1] < limit]
            yield counted, any(start < limit for start in missed)
            position = max(counted[-1][2], limit) if counted else limit  # no name starts between the two

    def names_in(self, text: str) -> set[str]:
        """The names ``spans`` finds in the text (as ``name_key``), without their places."""
        return self._names_in_folded(self._searched(text))

    def _names_in_folded(self, folded: str) -> set[str]:
        """``names_in`` of a text as searched; a long one a window at a time, as ``iter_spans`` reads it, so that
        the hits held at once do not grow with the text."""
        keys = self._name_keys
        if len(folded) > self._window:
            return {keys[index] for index, _, _ in self._long_text_hits(folded)}
        hits, missed = self._whole_words(folded)
        if missed:
            hits = self._from_every_hit(folded)
        return {keys[index] for index, _, _ in hits}

    def _searched(self, text: str) -> str:
        """The text as the automaton searches it: its normalised view, blanks folded."""
        return folded_text(text if is_ascii_view(text) else matching_view(text).text)

    def names_in_texts(self, texts: Sequence[str]) -> list[set[str]]:
        """``names_in`` of each text, the texts searched a hundred at a time.

        The texts are searched joined by blank lines, which no name holds and no rule counts as part of a word:
        a hit lies in one text, and each text's hits are those it has alone. (The automaton searches a longer
        string more slowly per character.)
        """
        if self._multiline:
            return [self.names_in(text) for text in texts]
        found: list[set[str]] = []
        for start in range(0, len(texts), _JOINED_TEXTS):
            found.extend(self._names_in_joined(texts[start : start + _JOINED_TEXTS]))
        return found

    def _names_in_joined(self, texts: Sequence[str]) -> list[set[str]]:
        texts = [self._searched(text) for text in texts]
        if any(len(text) > self._window for text in texts):  # a long text among them: each read alone, by windows
            return [self._names_in_folded(text) for text in texts]
        joined = _JOINER.join(texts)
        hits, missed = self._whole_words(joined)
        starts = list(itertools.accumulate((len(text) + len(_JOINER) for text in texts[:-1]), initial=0))
        found: list[set[str]] = [set() for _ in texts]
        keys = self._name_keys
        for index, start, _ in hits:
            found[bisect.bisect_right(starts, start) - 1].add(keys[index])
        for text in {bisect.bisect_right(starts, start) - 1 for start in missed}:
            found[text] = {keys[index] for index, _, _ in self._from_every_hit(texts[text])}
        return found

    def _whole_words(self, folded: str, window: tuple[int, int] | None = None,
                     others: tuple[list[tuple[int, int, int]], list[int]] | None = None
                     ) -> tuple[list[tuple[int, int, int]], list[int]]:
        """The names found by one leftmost-longest pass over all forms, and where it may have missed one: the
        names of one word as whole words (``word_forms``), merged with the other forms' pass (``_other_words``,
        or ``others`` when it was made)."""
        if others is None:
            others = self._other_words(folded, window) if self._automaton is not None else ([], [])
        found, missed = others
        if self._words is None:
            return found, missed
        return merged(self._words.hits(folded, window), found, missed)

    def _other_words(self, folded: str, window: tuple[int, int] | None
                     ) -> tuple[list[tuple[int, int, int]], list[int]]:
        """The names found by one leftmost-longest pass over the forms not of one word, and where it may have
        missed one.

        The pass reports at each step the longest name that starts leftmost,
        whole word or not. A hit that is a whole word is what the rules pick. A
        hit that is not can be dropped when it lies inside one word, because
        then no shorter name at its start and no name starting inside it is a
        whole word either ("Tim" in "Time"); any other is a possible miss (its
        start is returned), and ``_from_every_hit`` looks at every hit instead.
        """
        assert self._automaton is not None
        hits = self._automaton.find_matches_as_indexes(folded) if window is None else _shifted(
            self._automaton.find_matches_as_indexes(folded[window[0] : window[1]]), window[0])
        found: list[tuple[int, int, int]] = []
        missed: list[int] = []
        word_start, word_end, size, word = self._word_start, self._word_end, len(folded), BLOCKING_CHARS
        others, key_of = self._others, self._form_key
        for own, start, end in hits:
            index = others[own]
            key = key_of[index]
            if (word_start[key] and start and word[folded[start - 1]]) or (
                word_end[key] and end < size and word[folded[end]]
            ):
                if self._special and self._whole_word(folded, index, start, end):
                    found.append((index, start, end))
                elif not self._inside_word(folded, start, end):
                    missed.append(start)
                continue
            found.append((index, start, end))
        return found, missed

    def _whole_word(self, folded: str, index: int, start: int, end: int) -> bool:
        """True when the hit is a whole word: a ``glued`` name may touch a word in camel case, and an Arabic or
        Hebrew name may follow prefix letters (``patterns.PREFIXES``)."""
        key = self._form_key[index]
        if self._word_start[key] and start and BLOCKING_CHARS[folded[start - 1]]:
            glued = self._glued_start[key] and folded[start - 1].islower()
            if not (glued or after_prefix(folded, start, self._prefixes[key])):
                return False
        if self._word_end[key] and end < len(folded) and BLOCKING_CHARS[folded[end]]:
            if not (self._glued_end[key] and folded[end].isupper()):
                return False
        return True

    def _inside_word(self, folded: str, start: int, end: int) -> bool:
        """True when ``folded[start:end]`` lies inside one word that no name may start or end in.

        Its characters are all ``BLOCKING`` and of no script with prefixes, and there is no camel case when names may be glued.
        """
        piece = folded[start:end]
        if not (piece.isascii() and piece.isalnum()) and INSIDE_WORD.fullmatch(piece) is None:
            return False
        return not self._glued or not any(char.isupper() for char in piece[1:])

    def _from_every_hit(self, folded: str, window: tuple[int, int] | None = None, position: int = 0,
                        limit: int | None = None) -> list[tuple[int, int, int]]:
        """The names found from every hit, overlapping ones too: the longest whole word at each start.

        ``window``: only the hits in ``folded[first:stop]``, of names starting at ``position`` or later and before
        ``limit``.
        """
        if self._every_hit is None:
            self._every_hit = ahocorasick_rs.AhoCorasick(self._forms)
        if window is None:
            hits = self._every_hit.find_matches_as_indexes(folded, overlapping=True)
        else:
            hits = _shifted(self._every_hit.find_matches_as_indexes(folded[window[0] : window[1]], overlapping=True),
                            window[0])
        longest: dict[int, tuple[int, int]] = {}
        for index, start, end in hits:
            if not self._whole_word(folded, index, start, end):
                continue
            best = longest.get(start)
            if best is None or best[0] < end:
                longest[start] = (end, index)
        found: list[tuple[int, int, int]] = []
        for start in sorted(longest):
            if limit is not None and start >= limit:
                break
            if start >= position:
                end, index = longest[start]
                found.append((index, start, end))
                position = end
        return found

    def search(self, text: str) -> NameMatch | None:
        """The first name in the text, or None."""
        return next(self.finditer(text), None)


def _unpickled(state: dict[str, object]) -> NameMatcher:
    """A pickled ``NameMatcher`` with its automata built again (``NameMatcher.__reduce__``)."""
    matcher = NameMatcher.__new__(NameMatcher)
    vars(matcher).update(state)
    matcher._every_hit = None
    matcher._automaton = matcher._other_automaton()
    return matcher


def _implementation(forms: list[str]) -> ahocorasick_rs.Implementation | None:
    """A DFA, which searches in about two thirds of the time of the library's default, while its size stays
    small (it takes a few tens of bytes per character of the forms); else the library's choice."""
    return ahocorasick_rs.Implementation.DFA if sum(map(len, forms)) <= DFA_CHARS else None


def _shifted(hits: list[tuple[int, int, int]], offset: int) -> list[tuple[int, int, int]]:
    """Hits found in a window, with offsets in the whole text."""
    return [(index, start + offset, end + offset) for index, start, end in hits]


def compile_names(names: Iterable[str], glued: Collection[str] = ()) -> NameMatcher | None:
    """One matcher for all the names, longest first; None when there are none.

    ``matcher.finditer(text)`` finds exactly what the alternation of every
    ``patterns.name_pattern``, longest first, finds, in one pass over the text
    whatever the number of names. ``match.name`` gives back the name that
    matched (as ``name_key``). Names in ``glued`` also match glued to a word
    (see ``patterns.name_pattern``).
    """
    keys = {name_key(name) for name in names}
    keys.discard("")
    return NameMatcher(keys, {name_key(name) for name in glued} & keys) if keys else None


def _forms(keys: list[str]) -> tuple[list[str], list[int]]:
    """Every written form of the names (``patterns.written_forms``), and the index in ``keys`` of each form's name.

    A form that two names share is the form of the one the alternation tries first (longest, then alphabetical);
    but a form without a middle initial's stop (``stopless_forms``) is only the form of a name that has no such form
    with its separators ("Tobias R Quell" mapped beside "Tobias R. Quell" is itself).
    """
    index = {key: position for position, key in enumerate(keys)}
    # A name without a space or a hyphen is its only form, and no other name's form (those hold a separator).
    owner = {key: position for key, position in index.items() if " " not in key and "-" not in key}
    ordered = longest_first(key for key in keys if key not in owner)
    for key in ordered:
        for form in separated_forms(key):
            owner.setdefault(form, index[key])
    for key in ordered:
        for form in stopless_forms(key):
            owner.setdefault(form, index[key])
    return list(owner), list(owner.values())
