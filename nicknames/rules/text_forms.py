"""The normalised view of a text that names are matched in, with its offsets mapped back to the text.

One name can be written in several Unicode forms that look the same: "Renée"
composed (NFC) or as "Rene" + a combining accent (NFD), with a zero-width space
or a soft hyphen inside ("Ma\\u200bry"), with a non-breaking hyphen
("Mary\\u2011Jane"). Apply and audit look for names in a *view* of the text
where each of these forms is the same string:

- ``NFC``: every grapheme cluster composed (``unicodedata.normalize("NFC")``);
- ``INVISIBLE`` characters (Unicode format characters, ``\\p{Cf}``: zero-width
  space and joiners, soft hyphen, word joiner, byte-order mark, direction marks)
  skipped;
- ``HYPHENS`` written as the ASCII hyphen-minus, and ``APOSTROPHES`` as the ASCII
  apostrophe (one character for one: "O’Brien", as mail programs write "O'Brien");
- the HTML character references that stand inside names (``REFERENCES``: a
  letter or accent, "Jos&eacute;", "M&#252;ller"; an apostrophe, "O&#39;Neill";
  and a non-breaking space, "Kasimir&nbsp;Vey") read as the characters they
  stand for, as exports of HTML posts and pages write them; any other
  reference ("&amp;", "&lt;") stays as written;
- the underscores of emphasis (``EMPHASIS``: "_Mary_", "__Mary Jane__", as
  Markdown and plain-text mail write italics and bold) written as spaces, one
  for one, so that the name inside is a whole word; underscores inside a word
  ("mary_jane", a user name) stay.

A ``TextView`` maps a span of the view back to the span of the original text
that shows it, so every replacement is recorded, and made, in the original text.
A text that is ASCII, or NFC with no invisible character and no such hyphen or apostrophe,
is its own view: building it costs one or two scans in C and no copy.

Confusable letters of other scripts (Cyrillic "а" in "Mаry") are not folded
here: apply leaves them, and audit reports them (the skeleton view, see ``nicknames.check.audit``).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from html.entities import html5
from typing import Literal

import regex

INVISIBLE_CHARS = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064"
    "\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U00013438\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
"""The format characters (``\\p{Cf}`` of Unicode 14, Python 3.11's ``unicodedata``): zero-width space and joiners,
soft hyphen, word joiner, byte-order mark, direction marks. They show nothing and are skipped inside names.
Written out as a class for the standard ``re``, which scans for it several times faster than ``regex``."""
INVISIBLE = re.compile(f"[{INVISIBLE_CHARS}]")
HYPHENS = {"\u2010": "-", "\u2011": "-"}
"""Hyphens written as ``-`` in the view (the hyphen and the non-breaking hyphen)."""
APOSTROPHES = {"\u2019": "'", "\u02bc": "'"}
"""Apostrophes written as ``'`` in the view (the right single quotation mark, which mail programs put for one, and
the modifier letter apostrophe)."""
_ONE_FOR_ONE = str.maketrans({**HYPHENS, **APOSTROPHES})
REFERENCES = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
"""HTML character references, by number or by name; the view reads those of what may stand inside a name
(``reference_text``)."""
_NAMED = {name[:-1]: char for name, char in html5.items() if name.endswith(";") and len(char) == 1}
_IN_NAMES = {"'", "\u2019", "\u00a0"}
"""Characters other than letters and marks that may stand inside a name: an apostrophe, a right single quote (as
apostrophes are written) and a non-breaking space, read as a space."""
EMPHASIS = re.compile(r"(?<!\w)_+(?=[^\W\d_])[^_\n]*?[^\s_]_+(?!\w)")
"""Words between underscores on one line, as emphasis writes them: the opening run after no word character and
before a letter, the closing run after no space and before no word character ("_Mary_", "__Mary Jane__", "_Thanks
Mary!_"; not "mary_jane", "Mary_" or "_private")."""
_EMPHASIS_MARK = re.compile(r"^_+|_+$")
_NEEDS_WORK = re.compile(f"[{INVISIBLE_CHARS}{''.join(HYPHENS)}{''.join(APOSTROPHES)}]")
_CLUSTER = regex.compile(r"\X", regex.VERSION1)

CONFUSABLES = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеѕіјорсхуԁһӏԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοαιν",
    "ABESIJKMHOPCTXYaesijopcxydhlqwABEZHIKMNOPTYXoaiv",
)
"""Letters of other scripts that look like Latin ones (Cyrillic, Greek), for audit's skeleton view only."""


@dataclass(frozen=True)
class TextView:
    """A text as names are matched in it, and the way back to the original offsets.

    ``starts[i]`` is where the original characters shown by view character ``i``
    start, ``ends[i]`` where they end; both are empty when the view is the text
    itself, or differs only by characters replaced one for one.
    """

    text: str
    original: str
    starts: tuple[int, ...] = ()
    ends: tuple[int, ...] = ()

    @property
    def identical(self) -> bool:
        """True when view offsets are original offsets."""
        return not self.starts

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span shown by the view span ``[start, end)``."""
        if not self.starts:
            return start, end
        if start == end:
            position = self.starts[start] if start < len(self.starts) else len(self.original)
            return position, position
        return self.starts[start], self.ends[end - 1]

    def position(self, original: int) -> int:
        """The view offset of the first view character at or after an original offset."""
        if not self.starts:
            return original
        return bisect_right(self.ends, original)


def has_emphasis(text: str) -> bool:
    """Whether the text holds words between underscores (``EMPHASIS``): a fast test for "_" first."""
    return "_" in text and EMPHASIS.search(text) is not None


def without_emphasis(text: str) -> str:
    """The text with the underscores of its emphasis (``EMPHASIS``) written as spaces, one for one; the text itself
    (the same object) when it has none."""
    if not has_emphasis(text):
        return text
    return EMPHASIS.sub(lambda emphasis: _EMPHASIS_MARK.sub(_spaces, emphasis.group()), text)


def _spaces(mark: re.Match[str]) -> str:
    return " " * len(mark.group())


def has_references(text: str) -> bool:
    """Whether the text holds a character reference the view reads (``reference_text``): a fast test for "&" first."""
    return "&" in text and any(reference_text(found) is not None for found in REFERENCES.finditer(text))


def reference_text(reference: re.Match[str]) -> str | None:
    """What the view reads for a character reference: a letter or mark ("&eacute;", "&#233;", "&#x301;"), an
    apostrophe ("&#39;", "&apos;", "&rsquo;"), a space for a non-breaking one ("&nbsp;", "&#160;"); None for any
    other ("&amp;", "&lt;", "&#38;"), which stays as written."""
    body = reference.group()[1:-1]
    if body[0] != "#":
        char = _NAMED.get(body)
    else:
        code = int(body[2:], 16) if body[1] in "xX" else int(body[1:])
        char = chr(code) if code <= 0x10FFFF else None
    if char is None or not (unicodedata.category(char)[0] in "LM" or char in _IN_NAMES):
        return None
    return " " if char == "\u00a0" else char


def is_ascii_view(text: str) -> bool:
    """Whether the text is ASCII and its own view (no character reference to read, no emphasis): what the fast paths
    for ASCII texts of apply and audit may read as it is."""
    return text.isascii() and not has_references(text) and not has_emphasis(text)


def matching_view(text: str, skeleton: bool = False) -> TextView:
    """The normalised view of a text (see the module docstring); with ``skeleton``, also NFKC and ``CONFUSABLES``."""
    view = _view(text, skeleton)
    shown = without_emphasis(view.text)
    return view if shown is view.text else TextView(shown, text, view.starts, view.ends)


def _view(text: str, skeleton: bool) -> TextView:
    """``matching_view`` but for the emphasis, which is read in the view's text (one for one, offsets unchanged)."""
    if has_references(text):
        return _with_references(text, skeleton)
    if not skeleton and _is_own_view(text):
        return TextView(text, text)
    if not skeleton and unicodedata.is_normalized("NFC", text) and not INVISIBLE.search(text):
        return TextView(text.translate(_ONE_FOR_ONE), text)
    return _rebuilt(text, "NFKC" if skeleton else "NFC", skeleton)


def _with_references(text: str, skeleton: bool) -> TextView:
    """The view of a text with character references (``REFERENCES``): the view of the text they stand for, each
    character the reference stands for pointing back to the whole reference."""
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    position = 0
    for reference in REFERENCES.finditer(text):
        read = reference_text(reference)
        if read is None:
            continue  # "&amp;": the text as written
        start, end = reference.span()
        pieces.append(text[position:start])
        starts.extend(range(position, start))
        ends.extend(range(position + 1, start + 1))
        pieces.append(read)
        starts.append(start)
        ends.append(end)
        position = end
    pieces.append(text[position:])
    starts.extend(range(position, len(text)))
    ends.extend(range(position + 1, len(text) + 1))
    inner = _view("".join(pieces), skeleton)
    if inner.identical:
        return TextView(inner.text, text, tuple(starts), tuple(ends))
    return TextView(inner.text, text, tuple(starts[i] for i in inner.starts),
                    tuple(ends[i - 1] for i in inner.ends))


def read_references(text: str) -> str:
    """The text with the character references the view reads (``reference_text``) read, for readers that need no
    offsets."""
    return REFERENCES.sub(_read_or_kept, text) if has_references(text) else text


def _read_or_kept(reference: re.Match[str]) -> str:
    read = reference_text(reference)
    return reference.group() if read is None else read


def _is_own_view(text: str) -> bool:
    """True when the view of a text without character references is the text itself: ASCII, or NFC with nothing to
    skip or translate."""
    if text.isascii():
        return True
    return _NEEDS_WORK.search(text) is None and unicodedata.is_normalized("NFC", text)


def _rebuilt(text: str, form: Literal["NFC", "NFKC"], skeleton: bool) -> TextView:
    """The view built cluster by cluster, each cluster's view characters pointing back to the whole cluster.

    Invisible characters go first, so that a mark they parted from its letter ("E\\u200b\\u0301") composes with it.
    """
    shown, where = _without_invisible(text)
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for cluster in _CLUSTER.finditer(shown):
        piece = cluster.group()
        if len(piece) > 1 or not piece.isascii():
            piece = unicodedata.normalize(form, piece).translate(_ONE_FOR_ONE)
            if skeleton:
                piece = piece.translate(CONFUSABLES)
        pieces.append(piece)
        starts.extend([where[cluster.start()]] * len(piece))
        ends.extend([where[cluster.end() - 1] + 1] * len(piece))
    return TextView("".join(pieces), text, tuple(starts), tuple(ends))


def _without_invisible(text: str) -> tuple[str, Sequence[int]]:
    """The text without ``INVISIBLE`` characters, and the original offset of each character left."""
    cuts = [match.start() for match in INVISIBLE.finditer(text)]
    if not cuts:
        return text, range(len(text))
    where: list[int] = []
    position = 0
    for cut in cuts:
        where.extend(range(position, cut))
        position = cut + 1
    where.extend(range(position, len(text)))
    return INVISIBLE.sub("", text), where


def normalised(text: str) -> str:
    """The view's text alone (as mapped names are compared: NFC, no invisible characters, ASCII hyphens and apostrophes)."""
    if not has_references(text) and _is_own_view(text):
        return without_emphasis(text)
    return matching_view(text).text
