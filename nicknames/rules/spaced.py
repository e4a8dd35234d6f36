"""A text with every character outside a class written as a space, one for one.

The runs of the class are then what ``str.split`` gives, and a search of words padded with spaces finds them whole:
both in C, where a pattern would read the text a character at a time in Python's regular expressions
(``word_forms.blanked`` for the characters that block a name's edge, ``identifiers`` for the word characters).
"""

from __future__ import annotations

import numpy as np
import regex

_SPACE = ord(" ")
_UNSEEN = 0xFFFFFFFF


class _Codes(dict[int, int]):
    """Character code → itself when the class has it, else a space; filled as codes are first seen, for
    ``str.translate``."""

    def __init__(self, kept: regex.Pattern[str]) -> None:
        super().__init__()
        self._kept = kept

    def __missing__(self, code: int) -> int:
        value = self[code] = code if self._kept.fullmatch(chr(code)) is not None else _SPACE
        return value


class Spaced:
    """The text with every character that ``kept`` (a pattern of one character) does not match written as a space."""

    def __init__(self, kept: regex.Pattern[str]) -> None:
        self._kept = kept
        self.codes = _Codes(kept)
        """For ``str.translate``: what each character code becomes."""
        self._ascii = bytes(self.codes[code] for code in range(128)) + bytes(range(128, 256))
        self._bmp = np.full(0x10000, _UNSEEN, dtype=np.uint32)
        """``codes`` for the characters of the Basic Multilingual Plane, filled as they are first seen."""

    def keeps(self, char: str) -> bool:
        """Whether the class has this character (it stays as it is)."""
        return self._kept.fullmatch(char) is not None

    def __call__(self, text: str) -> str:
        """A text of ASCII characters only is translated as bytes, by a table of 256 (``str.translate`` of a mapping
        looks each character up: about four times as long); any other is looked up as an array of code points
        (``str.translate`` looks each of its characters up in Python: ten times as long)."""
        if text.isascii():
            return text.encode("ascii").translate(self._ascii).decode("ascii")
        codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        if int(codes.max()) > 0xFFFF:
            return text.translate(self.codes)  # a character beyond the plane: seldom
        found = self._bmp[codes]
        if (found == _UNSEEN).any():
            for code in np.unique(codes[found == _UNSEEN]).tolist():
                self._bmp[code] = self.codes[code]
            found = self._bmp[codes]
        return found.tobytes().decode("utf-32-le", "surrogatepass")
