"""The pieces of many ASCII texts at once, found by array operations over their bytes.

``TokenIndex`` reads a text as pieces: runs of the characters words are made of
(letters, apostrophes, hyphens and ``?`` for a lost accent). One text at a time,
that is a ``str.translate`` and ``split()``, a string per piece, a ``Counter``
update and a set difference: most of collect's time. For texts of ASCII
characters only, a batch of texts is joined into one buffer of bytes instead; a
table of the bytes pieces are made of gives every piece's start and end, the
bytes of all pieces are packed into one Arrow string array, and Arrow's
dictionary encoding gives each distinct piece once, in the order first seen,
with a code for every occurrence. The index then works on distinct pieces and
on the few occurrences that matter to it (those holding tokens, and the capitals
that may stand in mid-sentence), not on every piece of every text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc


def byte_table(characters: str) -> np.ndarray:
    """A table of the 256 byte values, true for the given (ASCII) characters."""
    table = np.zeros(256, dtype=bool)
    table[[ord(character) for character in characters]] = True
    return table


PIECE_CHARACTERS = "".join(chr(code) for code in range(128) if chr(code).isalpha() or chr(code) in "'?-")
"""The ASCII characters pieces are made of: letters, apostrophes, hyphens and ``?`` for a lost accent."""
SPACES = "".join(chr(code) for code in range(128) if chr(code).isspace() and chr(code) != "\n")
"""What the standard ``re`` engine counts as a space within a line, in ASCII (``\\x1c``–``\\x1f`` included)."""
MID_BEFORE = "abcdefghijklmnopqrstuvwxyz0123456789,;)"
"""What may stand before the spaces in front of a word in mid-sentence (``token_index.ASCII_PATTERNS[2]``)."""
_PIECE = byte_table(PIECE_CHARACTERS)
_NOT_PIECE = bytes(code for code in range(256) if not _PIECE[code])
_INSIDE = bytes(int(inside) for inside in _PIECE)
"""``bytes.translate`` table: 1 for a piece byte, else 0 (faster than looking the bytes up in ``_PIECE``)."""
_UPPER = byte_table("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_LETTER = byte_table("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_SPACE = byte_table(SPACES)
_MID_BEFORE = byte_table(MID_BEFORE)
SEPARATOR = "\n"
"""Between two texts of the buffer (and before the first): not a piece byte nor a space within a line, so no piece,
mid-sentence word or run of capitalised words reaches across it, as none reaches past the edge of a text."""


@dataclass(frozen=True)
class Pieces:
    """The pieces of a batch of ASCII texts: each distinct piece once, and where every piece and capital is."""

    joined: str
    """The texts, each after a ``SEPARATOR``, and one at the end: positions below are places in it."""
    distinct: list[str]
    """Each piece once, in the order first seen."""
    counts: list[int]
    """How often each distinct piece occurs in the batch."""
    code: np.ndarray
    """The distinct piece of every piece of the batch, in text order."""
    start: np.ndarray
    """Where every piece starts."""
    text_starts: np.ndarray
    """Where each text starts."""
    capitals: np.ndarray
    """The pieces (indices into ``code``) that start with a capital after a space on the same line."""
    before: np.ndarray
    """For each of ``capitals``, the byte before the spaces in front of it (the separator when they open a text)."""

    def text_of(self, positions: np.ndarray) -> np.ndarray:
        """The text (its place in the batch) of each given position."""
        texts: np.ndarray = np.searchsorted(self.text_starts, positions, side="right") - 1
        return texts

    def mid_sentence(self) -> np.ndarray:
        """The pieces that start with a word in mid-sentence: a capital after spaces on the same line, which follow a
        lower-case letter, a digit, a comma, a semicolon or a closing bracket (``token_index.ASCII_PATTERNS[2]``)."""
        found: np.ndarray = self.capitals[_MID_BEFORE[self.before]]
        return found

    def run_starts(self) -> np.ndarray:
        """Every position where a run of capitalised words (``sequences.ASCII_RUN``) may start, in order.

        A run's first word is followed by spaces and a capital, ends with a letter and lies in one piece,
        which it ends; it can start only where the piece does, or after its last ``?`` (the one character of a
        piece that may stand before a run's capital but not inside its word). An array, not a list: a line of
        a million capitalised words has a million of them.
        """
        left = self.capitals[_LETTER[self.before]] - 1  # a letter before the spaces ends the piece before
        after_mark = np.fromiter((piece.rfind("?") + 1 for piece in self.distinct), np.int64, len(self.distinct))
        starts: np.ndarray = self.start[left] + after_mark[self.code[left]]
        return starts


def split_texts(texts: Sequence[str]) -> Pieces:
    """The pieces of texts of ASCII characters only (``str.isascii``)."""
    joined = SEPARATOR + SEPARATOR.join(texts) + SEPARATOR
    data = joined.encode("ascii")
    buffer = np.frombuffer(data, dtype=np.uint8)
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)) + len(SEPARATOR)
    text_starts = np.cumsum(lengths) - lengths + len(SEPARATOR)
    start, end = _edges(data)
    code, distinct = _distinct(data, start, end)
    del end
    # Every piece starts after a byte that is not a piece byte, and the buffer opens with the separator, which is not
    # a space: the spaces in front of a capital have a byte before them.
    capitals = np.flatnonzero(_UPPER[buffer[start]] & _SPACE[buffer[start - 1]])
    before = start[capitals] - 2
    spaced = np.flatnonzero(_SPACE[buffer[before]])
    while len(spaced):
        before[spaced] -= 1
        spaced = spaced[_SPACE[buffer[before[spaced]]]]
    return Pieces(
        joined, distinct, np.bincount(code, minlength=len(distinct)).tolist(), code, start, text_starts,
        capitals, buffer[before],
    )


def _edges(data: bytes) -> tuple[np.ndarray, np.ndarray]:
    """Where each piece of the bytes starts and ends (as 32-bit positions where they fit: a batch's positions are
    many, and this is where a batch takes most memory)."""
    inside = np.frombuffer(data.translate(_INSIDE), dtype=np.bool_)
    dtype = np.int32 if len(data) < 2**31 else np.int64
    found = []
    for edge in (np.greater, np.less):  # into a piece, out of it (the buffer opens and ends with a separator)
        where = np.flatnonzero(edge(inside[1:], inside[:-1]))
        where += 1
        found.append(where.astype(dtype))
        del where
    return found[0], found[1]


def _distinct(data: bytes, start: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """The distinct piece of every piece (its number, in the order first seen) and the distinct pieces."""
    offsets = np.zeros(len(start) + 1, dtype=np.int64)
    np.cumsum(end - start, out=offsets[1:])
    pieces = data.translate(None, _NOT_PIECE)  # the bytes of every piece, one after the other
    packed = pa.LargeStringArray.from_buffers(len(start), pa.py_buffer(offsets), pa.py_buffer(pieces))
    encoded = pc.dictionary_encode(packed)
    return encoded.indices.to_numpy(), encoded.dictionary.to_pylist()
