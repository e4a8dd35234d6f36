"""The texts of a run that audit need not read one by one: their words, looked up as Arrow columns, can give nothing.

Most texts of an output hold no name: every token that starts one is a word use
(``ascii_words``), no capitalised word is near a name, no word is names glued.
The words of a run's ASCII texts without an apostrophe are cut and looked up
at once, as columns (``pyarrow.compute``), and only the texts where a word may
matter are read by the walk of ``audit``. A text is left out when

- no token in lower case is a name that is no word use there (``HitRules``);
- no two neighbouring tokens open a name of more tokens;
- no capitalised token is one the walk reads (``ascii_words.live_positions``) or
  a near miss, but for a name that is an ordinary word (``HitRules.sentence_words``:
  "Will", "Hope") where it opens a sentence before a lower-case word ("Will you
  come?"), which the few texts holding one are searched for;
- no run of word characters is names glued (in lower case, or a word of
  ``ASCII_GLUED_MIXED`` made of names).

Its lower-case words (those ``LowerWords`` keeps) are taken from the same columns.
``tests/test_audit_ascii.py`` checks that the findings are those of reading every text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from nicknames.check.ascii_words import inert_capitalised, plain_capitalised
from nicknames.check.name_index import HitRules, NameIndex
from nicknames.check.tokens import opens_sentence
from nicknames.rules.text_forms import is_ascii_view
from nicknames.rules.word_names import REPORTING_VERBS

_RUN_GAP = bytes(code if chr(code).isalnum() and code < 128 or chr(code) == "_" else 32 for code in range(256))
"""A byte table that turns what stands between two runs of word characters (``\\w`` of ASCII) into spaces."""
_PIECE_GAP = bytes(code if chr(code).isalnum() and code < 128 or chr(code) in "_-" else 32 for code in range(256))
"""A byte table that turns what stands between two pieces ``LowerWords`` reads (no apostrophe here) into spaces."""
_MIXED_SHAPE = r"^[A-Za-z][A-Za-z0-9_]*(?:_|[0-9]|[a-z][A-Z])"
"""A run that may be a word of ``ASCII_GLUED_MIXED`` (a letter first; an underscore, a digit or a case change)."""
_LOWER_WORD = r"^[a-z]+$"


@dataclass(frozen=True)
class PlainTexts:
    """The texts of a run left out of the walk, and the lower-case words they hold."""

    plain: frozenset[int]
    """Positions (in the run) of the texts that can give no finding."""
    lower: list[str]
    """The distinct lower-case words (``LowerWords``) of those texts."""
    unglued: frozenset[int] = frozenset()
    """Positions of the texts read as columns where no word may be names glued (``audit.glued_names`` finds none)."""
    quiet: frozenset[int] = frozenset()
    """Positions of the texts read as columns where no capitalised word is a near miss."""


def plain_texts(texts: Sequence[str], index: NameIndex, quiet: Callable[[str], bool]) -> PlainTexts:
    """The texts of a run that can give no finding (``quiet``: a capitalised word that is no near miss)."""
    chosen = [position for position, text in enumerate(texts) if is_ascii_view(text) and "'" not in text]
    if not chosen:
        return PlainTexts(frozenset(), [])
    chosen_texts = [texts[position] for position in chosen]
    runs = _split(chosen_texts, _RUN_GAP)
    words = _Words(pc.list_flatten(runs), pc.list_parent_indices(runs))
    busy, glued, loud = _busy(words, chosen_texts, index, quiet)
    kept = [number for number in range(len(chosen)) if number not in busy]
    lower = _lower_words(words, [chosen_texts[number] for number in kept], kept)
    return PlainTexts(frozenset(chosen[number] for number in kept), lower,
                      frozenset(position for number, position in enumerate(chosen) if number not in glued),
                      frozenset(position for number, position in enumerate(chosen) if number not in loud))


def _lower_words(words: _Words, texts: list[str], numbers: list[int]) -> list[str]:
    """The distinct lower-case words (``LowerWords``) of these texts (``numbers``: theirs among ``words``): their runs
    of word characters where they have no hyphen, else their pieces with hyphens inside."""
    plain = [number for number, text in zip(numbers, texts, strict=True) if "-" not in text]
    hyphenated = [text for text in texts if "-" in text]
    found = words.flat.filter(pc.is_in(words.parent, value_set=pa.array(plain, pa.int64())))
    if hyphenated:
        found = pa.concat_arrays([found, pc.list_flatten(_split(hyphenated, _PIECE_GAP))])
    distinct = pc.unique(found)
    return [str(word) for word in distinct.filter(pc.match_substring_regex(distinct, _LOWER_WORD)).to_pylist()]


def _split(texts: list[str], gaps: bytes) -> pa.Array:
    """The words of each ASCII text, cut at the bytes the table turns into spaces (the texts joined and translated
    at once, and read by Arrow as one column where they stand: an ASCII character is one byte)."""
    spaced = "".join(texts).encode("ascii").translate(gaps)
    offsets = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)), out=offsets[1:])
    column = pa.LargeStringArray.from_buffers(len(texts), pa.py_buffer(offsets), pa.py_buffer(spaced))
    return pc.ascii_split_whitespace(column)


class _Words:
    """The runs of word characters of some texts as one column, the text of each, and the distinct runs."""

    def __init__(self, flat: pa.Array, parent: pa.Array) -> None:
        self.flat = flat
        self.parent = parent
        self.distinct = pc.unique(flat)

    def texts_holding(self, words: Iterable[str]) -> set[int]:
        """The texts with a run that is one of these words (as written)."""
        chosen = sorted(words)
        if not chosen:
            return set()
        mask = pc.is_in(self.flat, value_set=pa.array(chosen, pa.large_string()))
        return set(pc.unique(self.parent.filter(mask)).to_pylist())

    def distinct_where(self, mask: pa.Array) -> list[str]:
        """The distinct runs where the mask (over ``distinct``) holds."""
        return [str(word) for word in self.distinct.filter(mask).to_pylist()]


def _busy(words: _Words, texts: list[str], index: NameIndex,
          quiet: Callable[[str], bool]) -> tuple[set[int], set[int], set[int]]:
    """The texts (numbered among those read as columns) whose words may give a finding; of them, those with a word
    that may be names glued, and those with a capitalised word that is a near miss."""
    rules = index.hit_rules()
    present = set(words.distinct.to_pylist())
    first = index.first
    busy = present & (first - rules.silent - rules.lower_words)  # in lower case
    glued = present & index.personal.glued.keys()
    capitalised = words.distinct_where(pc.not_equal(words.distinct, pc.ascii_lower(words.distinct)))
    near = {word for word in capitalised if not quiet(word)}
    sentence: set[str] = set()  # capitalised word names: the place of each tells
    for word in capitalised:
        if word in near or (word.lower() in first and not inert_capitalised(word, rules, quiet)):
            if word not in near and word.lower() in rules.sentence_words and plain_capitalised(word):
                sentence.add(word)
            else:
                busy.add(word)
    mixed = words.distinct_where(pc.match_substring_regex(words.distinct, _MIXED_SHAPE))
    glued.update(word for word in mixed if index.glued_people(word) or index.tag_people(word))
    glued_texts = words.texts_holding(glued)
    found = words.texts_holding(busy) | glued_texts | _pairs(words, rules)
    if sentence:
        uses = _occurrences(sentence)
        found.update(number for number in words.texts_holding(sentence) - found
                     if not _word_uses_only(texts[number], uses))
    return found, glued_texts, words.texts_holding(near)


def _occurrences(words: set[str]) -> re.Pattern[str]:
    """A pattern that finds these words as whole runs of word characters (the tokens of a text without an
    apostrophe)."""
    return re.compile(r"(?<!\w)(?:%s)(?!\w)" % "|".join(sorted(words)), re.ASCII)


_NEXT_RUN = re.compile(r"\W*(\w+)", re.ASCII)
"""What follows a token up to the next token, in a text without an apostrophe (whose tokens are the runs)."""


def _word_uses_only(text: str, uses: re.Pattern[str]) -> bool:
    """True when every capitalised word name the pattern finds in the text opens a sentence before a lower-case word
    with only spaces between (``audit._is_word_use``), so that the walk finds nothing at it; the walk takes its
    place, which no near miss or glued word starts at (``plain_capitalised``, no near miss)."""
    for match in uses.finditer(text):
        following = _NEXT_RUN.match(text, match.end())
        if following is None or not opens_sentence(text, match.start()) or not following.group(1).islower():
            return False
        if following.group(1) == "here" or following.group(1) in REPORTING_VERBS:
            return False  # maybe an introduction ("Mark here,"), a person who did something ("Grace said"): the walk
        if not text[match.end():following.start(1)].isspace():
            return False
    return True


def _pairs(words: _Words, rules: HitRules) -> set[int]:
    """The texts where a token and the next open a name of more tokens (or a keep-list one)."""
    pairs = sorted(f"{first} {second}" for first, seconds in rules.follow.items() for second in seconds)
    if not pairs or len(words.flat) < 2:
        return set()
    folded = pc.ascii_lower(words.flat)
    opening = pc.indices_nonzero(pc.is_in(folded[:-1], value_set=pa.array(sorted(rules.follow), pa.large_string())))
    joined = pc.binary_join_element_wise(folded.take(opening), folded.take(pc.add(opening, 1)),
                                         pa.scalar(" ", pa.large_string()))
    hits = pc.is_in(joined, value_set=pa.array(pairs, pa.large_string()))
    return set(pc.unique(words.parent.take(opening.filter(hits))).to_pylist())
