"""Runs of blanks folded to one space, with the offsets to map a match in the folded text back.

A name in the mapping has single spaces; a text may hold the same name with
two spaces, a tab, a non-breaking space or a line break between its parts.
The matcher searches the folded text and maps each hit back to the original.
"""

from __future__ import annotations

import bisect
import itertools
import re

import regex

_FOLDABLE = regex.compile(r"((?<!\r)[^\S\r\n]+(?=\r?\n)|(?<=\n)[^\S\r\n]+)|([^\S\r\n]{2,}|[^\S\r\n ])", regex.VERSION1)
"""Blanks next to a line break (group 1, dropped), and other runs of blanks but a single space (group 2, one space)."""


def fold_space_runs(text: str) -> tuple[str, list[int], list[int]]:
    """The text with every run of blanks (other than a single space) folded to one space, and the blanks next to
    a line break dropped.

    Returns the folded text, the folded offset where each folded run ends, and
    how many characters were removed up to and including each run, to map
    offsets back. The pieces are cut and measured by ``regex.split`` and
    ``map``, not by a loop over the runs: a text with a carriage return on
    every line has a run on every line.
    """
    if not _may_fold(text):
        return text, [], []
    parts = _FOLDABLE.split(text)
    if len(parts) == 1:
        return text, [], []
    pieces = parts[0::3]
    shown = ["" if dropped is not None else " " for dropped in parts[1::3]]
    lengths = [len(dropped if dropped is not None else run) for dropped, run in zip(parts[1::3], parts[2::3])]
    folded = "".join(itertools.chain.from_iterable(zip(pieces, shown + [""])))
    ends = list(itertools.accumulate(map(len, itertools.chain.from_iterable(zip(pieces, shown)))))[1::2]
    removed = list(itertools.accumulate(map(_minus, lengths, map(len, shown))))
    return folded, ends, removed


def _minus(length: int, kept: int) -> int:
    return length - kept


def folded_text(text: str) -> str:
    """The text folded as ``fold_space_runs`` folds it, without the offsets."""
    return _FOLDABLE.sub(_fold_one, text) if _may_fold(text) else text


def _fold_one(run: regex.Match[str]) -> str:
    return "" if run.group(1) is not None else " "


def _may_fold(text: str) -> bool:
    """False when the text has no run of blanks to fold; True when it may have one.

    Each test is the fastest of its kind (most texts have no run, so all of them run): a lone control character
    by ``in``; a pair whose last character is rare (a space then a line break) by ``in`` too; a pair that ends in
    a space, which prose has every few characters, by a compiled search, which looks for its first character; a
    space then a carriage return only where a carriage return is at all.
    """
    return ("\t" in text or "\x0b" in text or "\x0c" in text or "\x1c" in text or "\x1d" in text or "\x1e" in text
            or "\x1f" in text or ("\r" in text and " \r" in text) or " \n" in text or _LINE_INDENT(text) is not None
            or _TWO_SPACES(text) is not None or (not text.isascii() and _OTHER_BLANK.search(text) is not None))


_LINE_INDENT = re.compile("\n ").search
_TWO_SPACES = re.compile("  ").search
"""Searches for a line break then a space, and for two spaces (see ``_may_fold``)."""
_OTHER_BLANK = re.compile("[\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
"""The blanks beyond ASCII (``str.isspace``), for the standard ``re``, which finds them fast."""


def unfold(offset: int, ends: list[int], removed: list[int], start: bool = True) -> int:
    """The original offset of a folded offset where a name starts (or ends): the runs folded before it count.

    A dropped run of blanks right at the offset counts for a start (the blanks
    after a line break come before the name) and not for an end (the blanks
    before a line break come after it).
    """
    index = (bisect.bisect_right if start else bisect.bisect_left)(ends, offset) - 1
    return offset + removed[index] if index >= 0 else offset
