"""A signature block at the end of a message: a delimiter line ("-- ", "--", a rule of dashes, underscores or equals
signs) with a few lines under it, the sender's name, role and address. The sender's sign-off stands above it
("Thanks,\nTobias\n-- \nTobias Quell\nData Manager"): apply reads its sign-off zone there (``apply.zones``), and
collect reads the sign-off there when the last lines of the block give none."""

from __future__ import annotations

import regex

from nicknames.rules.footers import last_block

SIGNATURE_WORDS = 6
"""The most words a sign-off line has ("Thanks again, Mary Jane Poe" has five)."""
SIGNATURE_BLOCK_LINES = 10
"""The most non-empty lines after a signature delimiter ("-- ") for the lines above it to hold the sign-off."""


_DELIMITER = regex.compile(r"(?m)^(?:--|-{3,}|_{3,}|={3,})[ \t]*\r?$")
"""The signature delimiter: a line "-- " (RFC 3676), also written "--", or a rule of three or more dashes,
underscores or equals signs alone at the start of its line ("------", "______"), as mail programs and people draw
one."""
_HEADER = regex.compile(r"[ \t>]*(?:From|To|Sent|Date|Subject|Cc|De|Von|Van|Från|Fra|Da)[ \t]*:", regex.IGNORECASE)
"""A mail header's first line: what follows a rule in a forwarded or quoted message, not a signature."""


def signature_block(text: str) -> int | None:
    """Where a signature block's delimiter line starts: the last delimiter line after the first line, with at most
    ``SIGNATURE_BLOCK_LINES`` non-empty lines under it (more is a quoted or forwarded message, not a signature) and
    no mail header first ("From: ...": a forwarded message); a rule only between short lines (``_signs_around``). A
    rule with nothing under it closes a boxed signature ("-- \n-----\nAnn Quell\nHarbour Lab\n-----"): the block is
    the one it closes; with no box above, the text above it signs ("Thanks,\nAnn\n______")."""
    first = min((at for mark in ("\n--", "\n__", "\n==") if (at := text.find(mark)) >= 0), default=-1)
    if first < 0:
        return None
    block = last_block(_DELIMITER, text, first)
    if block is None:
        return None
    found, lines = block
    if not lines and found.group().strip() != "--" and found.start() > first:
        box = signature_block(text[: found.start()])  # a rule that closes a boxed signature: the box's opening;
        return box if box is not None else found.start()  # else a rule under the sign-off, at the text's end
    if len(lines) > SIGNATURE_BLOCK_LINES or (lines and _HEADER.match(lines[0])):
        return None
    if found.group().strip() != "--" and not _signs_around(text[:found.start()], lines):
        return None  # a rule between paragraphs ("---" in Markdown), not before a signature
    return found.start()


def named_delimiter(text: str) -> int | None:
    """Where the line of a sign-off glued to a signature's delimiter ends ("--Tobias" above "Tobias R. Quell |
    Harbour University | …"), when one to ``SIGNATURE_BLOCK_LINES`` non-empty lines follow it and no mail header
    opens them: the text up to there is what signs. Read in the text's last ``_TAIL`` characters."""
    start = max(0, len(text) - _TAIL)
    if text.find("\n-", start) < 0:
        return None  # most texts: no line in the tail starts with a dash
    block = last_block(_NAMED_DELIMITER, text, start)
    if block is None:
        return None
    found, lines = block
    if not lines or len(lines) > SIGNATURE_BLOCK_LINES or _HEADER.match(lines[0]):
        return None
    return found.end()


_NAMED_DELIMITER = regex.compile(r"(?m)^(?:--[ \t]?|-(?=\p{Lu}))\p{Lu}[\p{L}\p{M}'’\-]*[ \t]*\r?$")
"""A sign-off written as a signature's delimiter with one name glued to it: "--Tobias", "-- Toby", "-Ann"; not a
list's item ("- Geodesy"), nor a word that ends a sentence ("--Thanks.")."""
_TAIL = 2000
"""Characters at the end of a text where ``named_delimiter`` looks (a signature block of ten lines fits)."""


def own_name_block(text: str, full_name: str) -> int | None:
    """Where a signature block without a delimiter starts: the last line of the text's tail that opens with the
    sender's registered full name ("Tobias R. Quell" above "Research Associate", "Office: …"; any case), with at
    most ``SIGNATURE_BLOCK_LINES`` non-empty lines from it on, and above it a short line (``SIGNATURE_WORDS`` words
    at most) after a blank one: the sign-off ("Thanks,\n\nToby\n\nTobias R. Quell\nResearch Associate"); not the
    prose above a name that signs itself ("… under Linux.\n\nTobias Quell\n=-=-=-=")."""
    start = max(0, len(text) - _TAIL)
    tail = text[start:]
    at = max(tail.rfind("\n" + full_name), tail.rfind("\n" + full_name.upper()))
    if at < 0 and tail.rfind("\n" + full_name[:1].swapcase()) >= 0:  # in another case: the tail read so
        at = tail.casefold().rfind("\n" + full_name.casefold())
    above = tail[:at].rstrip().rsplit("\n", 2)
    if at < 0 or not above[-1] or len(above[-1].split()) > SIGNATURE_WORDS or (
            len(above) > 1 and above[-2].strip() and not above[-2].rstrip().endswith(",")):
        return None  # the sign-off line opens its paragraph, or follows a closer's ("Thanks,\nHal")
    after = at + 1 + len(full_name)
    if tail[after : after + 1].isalpha():
        return None  # "Tobias Quellmann": another name
    if sum(1 for line in tail[at + 1 :].splitlines() if line.strip()) > SIGNATURE_BLOCK_LINES:
        return None
    return start + at + 1


def _signs_around(above: str, below: list[str]) -> bool:
    """Whether the lines around a rule sign as a sign-off and a signature do: the last line above it and the first
    below it (its first column, in a signature laid out in columns) short (at most ``SIGNATURE_WORDS`` words
    each)."""
    last = above.rstrip().rsplit("\n", 1)[-1]
    first = _COLUMNS.split(below[0].strip(), 1)[0] if below else ""
    return bool(below) and len(last.split()) <= SIGNATURE_WORDS and len(first.split()) <= SIGNATURE_WORDS


_COLUMNS = regex.compile(r"[^\S\n]{2,}|\t")
"""The gap between a signature's columns ("Ann Quell          E-Mail: ann at …")."""
