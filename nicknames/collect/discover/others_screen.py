"""Which texts may name a person who is not a participant: the cheap screen before ``others._in_text``.

The finder reads a text word by word (each capitalised word a ``Word``, its runs and lists), yet most texts
name nobody it takes: a name needs a run of two or more words (or one word after "my colleague"), or a list of
given names. A text of ASCII characters only can hold one only where

- two capitalised words stand next to each other with one or two spaces (or a line break) between them, both may
  be part of a name (``may_be_name``, a title or a single letter) and one of them is a title, a given name or a surname
  (what ``_person_in_run`` asks of a run without a relation before it);
- a title or a single capital stands before a full stop and the next capitalised word ("Dr. Berg", "M. Berg");
- two given names stand next to each other joined by a comma, "and" or "&" (``name_lists``);
- a relation stands after a possessive ("my colleague", ``_RELATION``);
- a capitalised word opens a sentence and asks something ("Oskar, please"), or follows "thanks to" or "cc"
  (``others._addressed``);

so the finder reads only the texts where one of these is seen (and every text with other characters). The
screen finds the runs of capitalised words joined in any of these ways with one regular expression over all
texts of a batch at once, and reads the few words of each run; the relations are found by Arrow's engine.
It passes more texts than the finder takes names from, never fewer: ``tests/test_others_screen.py`` checks
that the finder finds the same with and without it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from nicknames.collect.discover.capital_words import (
    ASCII_CAPITAL,
    capitalised,
    is_title,
    may_be_name,
)
from nicknames.io.given_names import given_names
from nicknames.io.person_names import JOINING_PARTICLES, POSSESSIVES, RELATIONS
from nicknames.rules.stopwords import surnames

SPACE = r"[\t\x0b\x0c\r ]"
"""What ``regex`` counts as a space within a line (``[^\\S\\n]``), in ASCII."""
_WORD = r"[A-Z][A-Za-z'\-]*+"
"""A capitalised word as the screen reads it: at least the capital word that starts there (``ASCII_CAPITAL``). Its
letters are taken whole (possessive): a link starts with none of them, so giving some back never lets a chain go on,
and the engine, which would try each shorter word after every capitalised word that ends no chain, does not."""
_LINK = (
    rf"(?:,{SPACE}*(?:and{SPACE}+|&{SPACE}*)?|{SPACE}+(?:and|&|und|et|y|og|och|en){SPACE}+"
    rf"|\.?{SPACE}{{1,2}}|\.-|\.|{SPACE}*+\n{SPACE}*+|{SPACE}(?:(?:{'|'.join(JOINING_PARTICLES)}){SPACE}){{1,3}})"
)
"""What may join two words of a list (``capital_words._LIST_JOINER``) or of a run (``others._JOINER``, and a line
break that wraps prose with any spaces or tabs around it, ``others._wrapped``)."""
CHAIN_WORDS = 64
"""Most words of a chain matched at once (the engine holds some 300 bytes a repetition); a longer one is matched in
pieces, each with the link and word that follow it."""
CHAIN = re.compile(rf"{_WORD}(?:{_LINK}{_WORD}){{1,{CHAIN_WORDS - 1}}}(?:(?=({_LINK}{_WORD}))|)")
"""Capitalised words joined by links, and the next link and word of a chain cut short: every pair of words the
finder could join stands inside one."""
_LINKED = re.compile(rf"({_WORD})(?:{_LINK})?")
RELATION = r"(?:%s)%s+(?:%s)" % (
    "|".join(sorted(word.lower() for word in POSSESSIVES)), SPACE,
    "|".join(re.escape(relation.lower()) for relation in sorted(RELATIONS)),
)
"""``others._RELATION`` without what stands around it, in lower case, for Arrow's engine (case is ignored)."""
ASKING_WORDS = ("please", "pls", "could", "can", "would", "will", "do", "did", "any", "are", "have", "let")
"""Words after "Oskar, " that ask something of the one addressed (``others._addressed``)."""
ADDRESSING = rf"thank(?:s|{SPACE}+you)?(?:{SPACE}+(?:also|too))?{SPACE}+to{SPACE}+[a-z]|cc:?{SPACE}+[a-z]"
"""A word thanked or copied in ("thanks also to Oskar", "cc Bertram"), in lower case for Arrow's engine (case is
ignored)."""
VOCATIVE = rf"(?m)(?:^|[.!?]{SPACE}+)[A-Z][a-z]+,{SPACE}+(?:{'|'.join(ASKING_WORDS)})\b"
"""A capitalised word that opens a sentence and asks something ("Oskar, please"), case kept."""
_LOWER_RELATION = re.compile(f"{RELATION}|{ADDRESSING}")
"""``RELATION`` and ``ADDRESSING`` for a text in lower case, in the standard ``re`` engine."""
_VOCATIVE = re.compile(VOCATIVE)
ARROW_TEXTS = 256
"""Texts from which on they are screened as one batch, the relations found by Arrow's engine: it compiles the
pattern on each call (some 400 µs), and the audit screens its texts one at a time."""
SEPARATOR = "\n\n"
"""Between the texts of a batch: no run of words reaches across it."""
_CHAIN_KEPT = 200
"""Longest chain (in characters) whose reading is remembered: a line of thousands of names is read, not kept."""
CHAINS_KEPT = 100_000
"""Chains whose reading is remembered (some 10 MB) before starting again. The memory lasts from one batch to the
next: the same chains come back ("Hi Mary,") in every partition of a corpus, a third of them for the first time."""
_CHAIN_READINGS: dict[str, bool] = {}
"""Chain with what the characters around it are (``_EDGE_KINDS``) → whether it may name: what ``_chain_may_name``
says depends on nothing else."""
_EDGE_KINDS = str.maketrans({code: "a" if chr(code).isalpha() else chr(code) if chr(code) in "'-"
                             else "0" if chr(code).isalnum() or chr(code) == "_" else " " for code in range(128)})
"""An ASCII character next to a chain as what ``ASCII_CAPITAL`` sees of it: a letter, an apostrophe, a hyphen, another
word character (digits, "_"), or none of these. Its look-behinds ask two characters before a word's capital whether
they are a letter, an apostrophe or a hyphen, and its look-ahead whether a word character follows a chain's last "'s";
a chain's reading kept by these kinds serves every chain with the same words between other characters ("e Ann Berg."
and ". Ann Berg,")."""


def may_name_others(texts: Sequence[str]) -> np.ndarray:
    """For each text, False when the finder surely finds no name in it (see above); True otherwise."""
    if len(texts) < ARROW_TEXTS:
        return np.fromiter(map(may_name, texts), dtype=bool, count=len(texts))
    keep = np.ones(len(texts), dtype=bool)
    rows = np.flatnonzero(np.fromiter((text.isascii() for text in texts), dtype=bool, count=len(texts)))
    if len(rows):
        plain = [texts[row] for row in rows.tolist()]
        array = pa.array(plain, pa.large_string())
        found = pc.or_(pc.match_substring_regex(array, f"{RELATION}|{ADDRESSING}", ignore_case=True),
                       pc.match_substring_regex(array, VOCATIVE))
        keep[rows] = found.to_numpy(zero_copy_only=False) | _runs(plain)
    return keep


def may_name(text: str) -> bool:
    """``may_name_others`` for one text, without arrays (the audit screens its texts one at a time)."""
    if not text.isascii() or _LOWER_RELATION.search(text.lower()) is not None or _VOCATIVE.search(text):
        return True
    return any(_chain_may_name(text, chain.start(), max(chain.end(), chain.end(1))) for chain in CHAIN.finditer(text))


def _runs(texts: list[str]) -> np.ndarray:
    """Which texts hold two words joined as a name's words or a list's (see above)."""
    joined = SEPARATOR + SEPARATOR.join(texts) + SEPARATOR
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)) + len(SEPARATOR)
    starts = np.cumsum(lengths) - lengths + len(SEPARATOR)
    readings = _CHAIN_READINGS  # chain with the characters around it → whether it may name (they recur)
    if len(readings) > CHAINS_KEPT:
        readings.clear()
    places = []
    for chain in CHAIN.finditer(joined):
        start, end = chain.start(), max(chain.end(), chain.end(1))
        around = _around(joined, start, end) if end - start <= _CHAIN_KEPT else ""
        may = readings.get(around) if around else None
        if may is None:
            may = _chain_may_name(joined, start, end)
            if around:
                readings[around] = may
        if may:
            places.append(start)
    marks = np.zeros(len(texts), dtype=bool)
    if places:
        marks[np.searchsorted(starts, np.asarray(places, dtype=np.int64), side="right") - 1] = True
    return marks


def _around(joined: str, start: int, end: int) -> str:
    """The chain ``joined[start:end]`` with the kinds (``_EDGE_KINDS``) of the two characters before it and the one
    after it: what the look-arounds of ``ASCII_CAPITAL`` see beyond it (the text starts with a separator)."""
    before = joined[max(0, start - 2) : start].translate(_EDGE_KINDS)
    return (" " * (2 - len(before))) + before + joined[start:end] + joined[end : end + 1].translate(_EDGE_KINDS)


def _chain_may_name(joined: str, start: int, end: int) -> bool:
    """Whether two neighbours of a chain of capitalised words (in a text, or texts joined by ``SEPARATOR``) may be
    words of one name or one list."""
    for left, right in pairwise(_LINKED.finditer(joined, start, end)):  # one pair at a time: a chain may be huge
        first = ASCII_CAPITAL.match(joined, left.start())
        if first is None or first.end() != left.end(1):
            first = _last_word(joined, left.start(), left.end(1))  # "San'--Olsen": the finder's words are two
            if first is None:
                continue  # the word ends before the link ("Ann's"): nothing joins it to the next
        second = ASCII_CAPITAL.match(joined, right.start())
        if second is not None and _may_join(first.group(), joined[left.end(1) : left.end()], second.group()):
            return True
    return False


def _last_word(joined: str, start: int, end: int) -> re.Match[str] | None:
    """The finder's last word (``ASCII_CAPITAL``) of a word of the chain that holds several ("San'--Olsen": the
    chain's words may hold apostrophes and hyphens anywhere), when it ends where that word does; else None."""
    last = None
    for last in ASCII_CAPITAL.finditer(joined, start, end):
        pass
    return last if last is not None and last.end() == end else None


def _may_join(first: str, link: str, second: str) -> bool:
    """Whether two words joined by this link may be words of one name or one list."""
    if link.startswith("."):
        return len(first) == 1 or is_title(first)  # "Dr. Berg", "M. Berg"; else the full stop ends a run
    if "," in link or link.strip():
        given = given_names()
        return first.casefold() in given and second.casefold() in given
    if not (_in_name(first) and _in_name(second)):
        return False
    return any(is_title(word) or word.casefold() in given_names() or word.casefold() in surnames()
               for word in (first, second))


def _in_name(word: str) -> bool:
    """What a run of capitals may hold: a title, a single letter (an initial) or a capitalised word that may be a
    name."""
    return is_title(word) or len(word) == 1 or (capitalised(word) and may_be_name(word))
