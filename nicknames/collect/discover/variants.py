"""Spelling variants of a participant's names that occur where the participant is active.

- familiar forms from the nickname table (Robert → Bob), in either direction;
- case variants (RObert, MARY, mary), but never a lower-case word ("will" for Will);
- accent variants (José / Jose, Müller / Mueller) and accents lost in an archive (``G?nther`` for ``G\\ufffdnther``);
- clipped given names: the first letters of a given name of six or more, four letters at least and two short of the
  name at most ("Tobi", "Marg" for Tobiah, Marguerite), or three or more and a pet ending ("Ambie", "Wenz"),
  capitalised, neither an ordinary word nor a known name;
- names drawn out in chat, a letter written three times or more ("Kaaaay", "Tobiasss" for Kay, Tobias);
- misspellings within a small edit distance, transpositions counting as one edit
  (Optimal String Alignment): 1 edit for names of 4–7 letters, 2 from 8 letters,
  none below 4. A misspelling must start with the same letter, be capitalised,
  and be neither an ordinary word nor a name someone else has.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import regex
from rapidfuzz import process
from rapidfuzz.distance import OSA

from nicknames.collect.discover.lexicon import Lexicon
from nicknames.rules.languages import language_words
from nicknames.rules.salutation_rules import DEFAULT_RULES
from nicknames.rules.spellings import spelling_keys
from nicknames.rules.stopwords import NATIONALITIES, places

MIN_FUZZY_LENGTH = 4
"""Names shorter than this get no misspelling suggestions (too many near words)."""
LONG_NAME = 8
"""Names at least this long may be misspelt by two edits; shorter ones by one."""
MIN_CASE_LENGTH = 3
"""Names shorter than this get no case-variant suggestions ("ED", "AL" are usually abbreviations)."""
CLIPPED_LETTERS = 4
"""The fewest letters of a clipped given name ("Tobi"): three-letter starts ("Mar", "Art") are too often other words
or names."""
CLIPPED_CUT = 2
"""The fewest letters a clipped name leaves out (a name less one letter is a misspelling)."""
PET_STEM = 3
"""The fewest first letters of a name a pet form keeps before its ending ("Amb" of "Ambie")."""
PET_ENDINGS = ("y", "ie", "ey", "i", "o", "s", "z", "sy", "sie", "zy", "ers", "ster")
"""The endings of English pet forms after a clipped name ("Ambie", "Wenz", "Tobs", "Mags"... "Jonners")."""
LOST_ACCENT = "?\ufffd"
"""Characters an archive writes in place of a letter it could not encode."""


_TRIPLED = regex.compile(r"(\p{L})\1\1")
_REPEATS = regex.compile(r"(\p{L})\1+")


def squeezed(word: str) -> str:
    """The word in lower case with each run of one letter written once: "Kaaaay" and "Kay" → "kay"."""
    return _REPEATS.sub(r"\1", word.casefold())


def allowed_edits(name: str) -> int:
    """How many edits a misspelling of this name may be away from it."""
    if len(name) < MIN_FUZZY_LENGTH:
        return 0
    return 1 if len(name) < LONG_NAME else 2


class Vocabulary:
    """The indexed tokens, grouped for the lookups of case, accent and misspelling variants."""

    def __init__(self, tokens: Iterable[str], lexicon: Lexicon, known_names: frozenset[str]) -> None:
        self.by_case: dict[str, list[str]] = {}
        self.by_accent: dict[str, list[str]] = {}
        self.by_shape: dict[tuple[str, int], list[str]] = {}
        self.lost_accents: list[str] = []
        self.drawn_out: dict[str, list[str]] = {}
        """Tokens with a letter three times in a row, by their letters each written once (``squeezed``)."""
        for token in tokens:
            self.by_case.setdefault(token.casefold(), []).append(token)
            if token.isascii():
                self.by_accent.setdefault(token.casefold(), []).append(token)
            else:
                for key in spelling_keys(token):
                    self.by_accent.setdefault(key, []).append(token)
            if _TRIPLED.search(token) is not None:
                self.drawn_out.setdefault(squeezed(token), []).append(token)
            if any(c in LOST_ACCENT for c in token):
                self.lost_accents.append(token)
            elif _misspelling_candidate(token, lexicon, known_names):
                self.by_shape.setdefault((token[0].casefold(), len(token)), []).append(token)
        self.lexicon = lexicon
        self.by_start: dict[str, list[str]] | None = None
        """Misspelling candidates by their first ``PET_STEM`` letters, case-folded (made when first asked)."""

    def case_variants(self, name: str) -> list[str]:
        """Tokens equal to the name but for case; lower-case ones only when the name is not a word."""
        if len(name) < MIN_CASE_LENGTH:
            return []
        word = self.lexicon.is_word(name)
        return [t for t in self.by_case.get(name.casefold(), []) if t != name and not (word and t.islower())]

    def accent_variants(self, name: str) -> list[str]:
        """Tokens equal to the name but for accents (and case), without them or spelt out ("Mueller" for Müller, see
        ``rules.spellings``), and spellings of a lost accent."""
        folded = name.casefold()
        found = [t for key in spelling_keys(name) for t in self.by_accent.get(key, []) if t.casefold() != folded]
        if any(c in LOST_ACCENT for c in name):
            pattern = _lost_accent_pattern(name)
            found.extend(t for t in self._lost_accent_candidates(name) if t != name and pattern.fullmatch(t))
        return list(dict.fromkeys(found))

    def drawn_out_forms(self, name: str) -> list[str]:
        """Tokens that are the name with letters drawn out ("Kaaaay", "KAYYY", "annnna" for Anna), in any case; none
        for a name of fewer than ``MIN_CASE_LENGTH`` letters, and no lower-case one of a name that is a word
        ("sooo" is no Soo's, "willl" no Will's)."""
        if len(name) < MIN_CASE_LENGTH or not self.drawn_out:
            return []
        found = self.drawn_out.get(squeezed(name), [])
        word = bool(found) and self.lexicon.is_word(name)
        return [token for token in found if token != name and not (word and token.islower())]

    def misspellings(self, name: str) -> list[str]:
        """Capitalised tokens a few edits from the name (transposition = one edit)."""
        edits = allowed_edits(name)
        if edits == 0:
            return []
        first = name[0].casefold()
        found: list[str] = []
        for length in range(len(name) - edits, len(name) + edits + 1):
            choices = self.by_shape.get((first, length), [])
            if choices:
                found.extend(match for match, _, _ in process.extract(
                    name, choices, scorer=OSA.distance, score_cutoff=edits, limit=None))
        # "Davids" is a possessive without its apostrophe, not a misspelling
        return [t for t in found if t.casefold() not in (name.casefold(), name.casefold() + "s")]

    def clippings(self, name: str) -> list[str]:
        """Capitalised tokens that are the name's first letters ("Tobi" for "Tobiah"), at least ``CLIPPED_LETTERS``
        and ``CLIPPED_CUT`` short of the name at the most, or its first three letters or more and a pet ending
        ("Ambie" for "Ambrose", "Wenz" for "Wenceslas"); the same tokens as misspellings (no word, no known name)."""
        key = name.casefold()
        if len(key) < CLIPPED_LETTERS + CLIPPED_CUT:
            return []
        starts = self.by_start
        if starts is None:
            starts = self.by_start = {}
            for tokens in self.by_shape.values():
                for token in tokens:
                    starts.setdefault(token[:PET_STEM].casefold(), []).append(token)
        return [token for token in starts.get(key[:PET_STEM], []) if _clipped(token.casefold(), key)]

    def _lost_accent_candidates(self, name: str) -> Iterator[str]:
        if name[0] in LOST_ACCENT:
            yield from (t for tokens in self.by_case.values() for t in tokens)
        else:
            yield from (t for tokens in self.by_case.values() for t in tokens if t[0] == name[0])


def _clipped(token: str, name: str) -> bool:
    """Whether a token (case-folded) clips a longer name: its first letters, or a stem of them and a pet ending."""
    if len(token) > len(name) - CLIPPED_CUT + max(map(len, PET_ENDINGS)):
        return False
    if len(token) >= CLIPPED_LETTERS and len(token) <= len(name) - CLIPPED_CUT and name.startswith(token):
        return True
    return any(token.endswith(ending) and PET_STEM <= len(stem := token[: -len(ending)]) <= len(name) - CLIPPED_CUT
               and name.startswith(stem) and len(token) >= CLIPPED_LETTERS for ending in PET_ENDINGS)


def _misspelling_candidate(token: str, lexicon: Lexicon, known_names: frozenset[str]) -> bool:
    return (
        len(token) >= MIN_FUZZY_LENGTH - 1
        and token[0].isupper()
        and not token.isupper()
        and token.casefold() not in known_names
        and not lexicon.is_word(token)
        and not _pack_word(token, lexicon)
        and token.casefold() not in _LANDS_AND_PEOPLES
    )


_LANDS_AND_PEOPLES = places() | NATIONALITIES
"""Countries, lands and their peoples' words: no misspelling of a name ("Persia" is none of a Persian's)."""


def _pack_word(token: str, lexicon: Lexicon) -> bool:
    """True for a stop word of the packs, or an ordinary word of a language pack that this corpus also writes in
    lower case: "Han" (Swedish "he") in Swedish threads is no misspelling of "Hans"; in English threads "Hoe" may be
    one of "Hope"."""
    key = token.casefold()
    if token.lower() in DEFAULT_RULES.stopwords:
        return True  # a greeting or closing word ("Liefs") is no misspelling of a name ("Lies")
    return key in language_words() and lexicon.lower.get(key, 0) > 0


def _lost_accent_pattern(name: str) -> regex.Pattern[str]:
    """The name with each lost accent standing for one or two letters, or for itself."""
    pieces = [r"(?:\p{L}{1,2}|[?\ufffd])" if c in LOST_ACCENT else regex.escape(c) for c in name]
    return regex.compile("".join(pieces))
