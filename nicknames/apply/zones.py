"""Where an offset of a message stands: its greeting (first line), its sign-off (last short lines) or its body."""

from __future__ import annotations

from collections.abc import Callable

import regex

from nicknames.apply.resolution import Zone
from nicknames.rules.footers import blank_notes, footer_start
from nicknames.rules.html_text import markup_lines
from nicknames.rules.quotes import trailing_quote
from nicknames.rules.signature_blocks import SIGNATURE_WORDS, signature_block
from nicknames.rules.word_names import (
    in_name_position,
    inside_sentence,
    possessive_given_name,
)

SIGNOFF_LINES = 2
"""The last lines of a message in which a shared name is taken to be the sender's own."""


def zones_of(text: str) -> Callable[[int], Zone]:
    """Where an offset stands: the first line (greeting), the sign-off, or the body between.

    A line of the last ``SIGNOFF_LINES`` counts as sign-off only when it is short
    (at most ``SIGNATURE_WORDS`` words): "I agree with Mary" there is a sentence. Above a signature block (a line
    "--" or "-- ", or a rule of dashes, underscores or equals signs, and at most ``SIGNATURE_BLOCK_LINES`` lines
    under it) the last lines are those above the delimiter, and the short lines of the block are the sign-off's
    too ("-Toby\n\n--\nTobias Quell, Ph.D.", "John\n\n-------\nJohn Quell\nData Manager").
    An HTML post's lines are those its paragraphs and breaks make. A footer (a mailing list's, a forum page's links;
    ``footers``) and the message a reply quotes under its own words (``quotes.trailing_quote``) are the body's: the
    sign-off is above them, and a signature block under such a quote ("-- \nAnn Quell") signs too. An archive's note
    on a line of its own ("[[alternative HTML version deleted]]"; ``footers.blank_notes``) is a blank line.
    """
    text = blank_notes(markup_lines(text))
    footer = footer_start(text)
    quote, quote_end = trailing_quote(text[:footer])
    signoff = _signoff_start(text[:quote])
    first = _NON_BLANK.search(text)
    greeting_end = text.find("\n", first.start()) if first else -1
    greeting_end = len(text) if greeting_end < 0 else greeting_end

    def zone(offset: int) -> Zone:
        if signoff <= offset < quote or quote_end <= offset < footer:
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
    block = signature_block(text)
    return _last_lines_start(text if block is None else text[:block])


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
