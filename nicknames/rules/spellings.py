"""The keys under which one name's spellings without its accents meet: "José" and "Jose", "Müller", "Muller" and
"Mueller", "Søren", "Soren" and "Soeren", "Łukasz" and "Lukasz".

A keyboard or an archive without accents writes a name in one of two ways: the letters without their marks (and
letters that carry no mark but are their own, "ø", "ł", "ß", written as the nearest plain ones), or, for the
umlauts and the Nordic vowels, the spelling German and the Nordic languages use ("ue", "oe", "ae", "aa").
"""

from __future__ import annotations

import unicodedata

_OWN = {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŀ": "l", "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th"}
"""Letters that NFKD does not take apart, as a keyboard without them writes them (lower case)."""
_SPELT = {"ä": "ae", "ö": "oe", "ü": "ue", "ø": "oe", "å": "aa"}
"""Umlauts and Nordic vowels as German and the Nordic languages write them without the letter (lower case)."""
_OWN_LETTERS = str.maketrans(_OWN)
_SPELLED = str.maketrans(_SPELT)


def _in_both_cases(letters: dict[str, str]) -> dict[int, str]:
    """A translation of these letters and of their capitals ("Ø" → "O", "Æ" → "Ae"), for ``plain_spellings``."""
    capitals = {letter.upper(): written.capitalize() for letter, written in letters.items()
                if len(letter.upper()) == 1 and not letter.upper().isascii()}  # not "ß" ("SS") or "ı" ("I")
    return str.maketrans({**letters, **capitals})


_OWN_LETTERS_WRITTEN = _in_both_cases(_OWN)
_SPELLED_WRITTEN = _in_both_cases(_SPELT)


def without_marks(text: str) -> str:
    """The text without combining marks, taken apart (NFKD) first."""
    return "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))


def plain_key(text: str) -> str:
    """The text case-folded, without combining marks, its own letters written plain: "José" and "JOSE" → "jose",
    "Łukasz" → "lukasz", "Søren" → "soren"."""
    if text.isascii():
        return text.casefold()  # NFKD leaves ASCII as it is and no ASCII character is a combining mark
    return without_marks(text.casefold().translate(_OWN_LETTERS))


def spelled_key(text: str) -> str:
    """``plain_key`` of the text with its umlauts and Nordic vowels spelt out: "Müller" → "mueller", "Søren" →
    "soeren", "Åsa" → "aasa"; the plain key where it has none."""
    if text.isascii():
        return text.casefold()
    return plain_key(unicodedata.normalize("NFC", text.casefold()).translate(_SPELLED))


def spelling_keys(text: str) -> frozenset[str]:
    """The keys of every spelling of the text without its accents (``plain_key`` and ``spelled_key``)."""
    return frozenset((plain_key(text), spelled_key(text)))


def plain_spellings(name: str) -> list[str]:
    """The ways a keyboard or an archive without accents writes a name, in the name's own case: "José Ramírez" →
    "Jose Ramirez"; "Zoë Müller" → "Zoe Muller", "Zoe Mueller"; "Łukasz" → "Lukasz". None for a name that is
    ASCII, or whose letters have no plain form (another script)."""
    if name.isascii():
        return []
    spelled = " ".join(_spelled_out(word) for word in unicodedata.normalize("NFC", name).split(" "))
    spellings = [without_marks(name.translate(_OWN_LETTERS_WRITTEN)), without_marks(spelled.translate(_OWN_LETTERS_WRITTEN))]
    return [spelling for spelling in dict.fromkeys(spellings) if spelling.isascii() and spelling != name]


def _spelled_out(word: str) -> str:
    """A word with its umlauts and Nordic vowels spelt out, in capitals in a word in capitals ("MUELLER")."""
    spelled = word.translate(_SPELLED_WRITTEN)
    return spelled.upper() if word.isupper() else spelled
