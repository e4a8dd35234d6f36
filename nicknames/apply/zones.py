"""Where an offset of a message stands: its greeting (first line), its sign-off (last short lines) or its body."""

from __future__ import annotations

from collections.abc import Callable

import regex

from nicknames.apply.resolution import Zone
from nicknames.rules.footers import footer_start, last_block
from nicknames.rules.html_text import markup_lines
from nicknames.rules.word_names import (
    in_name_position,
    inside_sentence,
    possessive_given_name,
)

SIGNOFF_LINES = 2
"""The last lines of a message in which a shared name is taken to be the sender's own."""
SIGNATURE_WORDS = 6
"""The most words a sign-off line has ("Thanks again, Mary Jane Poe" has five)."""
SIGNATURE_BLOCK_LINES = 10
"""The most non-empty lines after a signature delimiter ("-- ") for the lines above it to hold the sign-off."""


def zones_of(text: str) -> Callable[[int], Zone]:
    """Where an offset stands: the first line (greeting), the sign-off, or the body between.

    A line of the last ``SIGNOFF_LINES`` counts as sign-off only when it is short
    (at most ``SIGNATURE_WORDS`` words): "I agree with Mary" there is a sentence. Above a signature block (a line
    "--" or "-- ", or a rule of dashes, underscores or equals signs, and at most ``SIGNATURE_BLOCK_LINES`` lines
    under it) the last lines are those above the delimiter, and the short lines of the block are the sign-off's
    too ("-Toby\n\n--\nTobias Quell, Ph.D.", "John\n\n-------\nJohn Quell\nData Manager").
    An HTML post's lines are those its paragraphs and breaks make. A footer (a mailing list's, a forum page's links;
    ``footers``) is the body's: the sign-off is above it.
    """
    text = markup_lines(text)
    footer = footer_start(text)
    signoff = _signoff_start(text[:footer])
    first = _NON_BLANK.search(text)
    greeting_end = text.find("\n", first.start()) if first else -1
    greeting_end = len(text) if greeting_end < 0 else greeting_end

    def zone(offset: int) -> Zone:
        if signoff <= offset < footer:
            start = text.rfind("\n", 0, offset) + 1
            end = text.find("\n", offset)
            line = text[start : len(text) if end < 0 else end]
            return Zone.SIGNOFF if len(line.split()) <= SIGNATURE_WORDS else Zone.BODY
        return Zone.GREETING if offset < greeting_end else Zone.BODY

    return zone


_NON_BLANK = regex.compile(r"\S")


def word_in_position(text: str, start: int, end: int, zone: Zone) -> bool:
    """True where a name that is also an ordinary word stands as a name by its place: in the sign-off but inside a
    sentence there ("cheers\nmark"; not "please mark it."); in the greeting line before any clause on it ends ("Hi
    mark,", "Good morning mark!"; not "Thanks Greta, I will mark it."); a lower-case given name with a possessive
    ("mark's point"); or where ``in_name_position`` holds."""
    if zone is Zone.SIGNOFF:
        return not inside_sentence(text, start, end)
    if zone is Zone.GREETING and _CLAUSE_END.search(text, text.rfind("\n", 0, start) + 1, start) is None:
        return True
    return possessive_given_name(text, start, end) or in_name_position(text, start, end)


_CLAUSE_END = regex.compile(r"[,.!?;:]")
"""A mark that ends a greeting line's greeting ("Thanks Greta,"): what follows is the message's first sentence."""


def _signoff_start(text: str) -> int:
    """Offset where the last ``SIGNOFF_LINES`` non-empty lines begin (after the first line), above a signature
    block if there is one."""
    block = _signature_block(text)
    return _last_lines_start(text if block is None else text[:block])


_DELIMITER = regex.compile(r"(?m)^(?:--[ \t]?|(?:-{3,}|_{3,}|={3,})[ \t]*)\r?$")
"""The signature delimiter: a line "-- " (RFC 3676), also written "--", or a rule of three or more dashes,
underscores or equals signs alone at the start of its line ("------", "______"), as mail programs and people draw
one."""
_HEADER = regex.compile(r"[ \t>]*(?:From|To|Sent|Date|Subject|Cc|De|Von|Van|Från|Fra|Da)[ \t]*:", regex.IGNORECASE)
"""A mail header's first line: what follows a rule in a forwarded or quoted message, not a signature."""


def _signature_block(text: str) -> int | None:
    """Where a signature block's delimiter line starts: the last delimiter line after the first line, with at most
    ``SIGNATURE_BLOCK_LINES`` non-empty lines under it (more is a quoted or forwarded message, not a signature) and
    no mail header first ("From: ...": a forwarded message); a rule only between short lines (``_signs_around``)."""
    first = min((at for mark in ("\n--", "\n__", "\n==") if (at := text.find(mark)) >= 0), default=-1)
    if first < 0:
        return None
    block = last_block(_DELIMITER, text, first)
    if block is None:
        return None
    found, lines = block
    if len(lines) > SIGNATURE_BLOCK_LINES or (lines and _HEADER.match(lines[0])):
        return None
    if found.group().strip() != "--" and not _signs_around(text[:found.start()], lines):
        return None  # a rule between paragraphs ("---" in Markdown), not before a signature
    return found.start()


def _signs_around(above: str, below: list[str]) -> bool:
    """Whether the lines around a rule sign as a sign-off and a signature do: the last line above it and the first
    below it short (at most ``SIGNATURE_WORDS`` words each)."""
    last = above.rstrip().rsplit("\n", 1)[-1]
    return bool(below) and len(last.split()) <= SIGNATURE_WORDS and len(below[0].split()) <= SIGNATURE_WORDS


def _last_lines_start(text: str) -> int:
    """Offset where the last ``SIGNOFF_LINES`` non-empty lines begin (after the first line).

    Lines are read from the end, so a long message costs no more than a short one.
    """
    starts: list[int] = []
    end = len(text)
    while end >= 0 and len(starts) < SIGNOFF_LINES:
        start = text.rfind("\n", 0, end) + 1
        if _NON_BLANK.search(text, start, end) is not None:
            starts.append(start)
        end = start - 1
    if len(starts) < SIGNOFF_LINES or SIGNOFF_LINES < 2:
        return _signoff_start_by_lines(text)
    # starts[-1] is the first of the last lines; a non-empty line before it makes it a sign-off line.
    return starts[-1] if _NON_BLANK.search(text, 0, starts[-1]) is not None else starts[-2]


def _signoff_start_by_lines(text: str) -> int:
    """The same offset, from every line start of the text (the definition)."""
    starts = [m.start() for m in regex.finditer(r"(?m)^[^\S\n]*\S", text)]
    if len(starts) <= 1:
        return len(text) + 1
    return max(starts[1], starts[-SIGNOFF_LINES] if len(starts) >= SIGNOFF_LINES else starts[1])
