"""Footers at the end of a message, nobody's sign-off: a mailing list's lines, a forum page's links.

Mailman, LISTSERV and Google Groups add a few lines under each message they send
("_______________________________________________" then "research-list mailing list" and a
``listinfo`` link; "To unsubscribe from this group …"). A message saved from a subscriber's
mailbox ends with them, below the sender's sign-off and below what it quotes. A post copied
from a forum's pages ends with the page's links ("Permalink | Show parent | Reply"). Nobody signs
there: ``footer_start`` finds where they start, so that the sign-off is read above them.
"""

from __future__ import annotations

import regex

FOOTER_LINES = 12
"""The most non-blank lines under a footer's rule (a group's footer with its links takes about eight)."""
FOOTER_CHARS = 1500
"""How far from the end of a text a footer is looked for."""

_RULE = regex.compile(r"(?m)^[^\S\n]*(?:--[^\S\n]?|[-_=#*~]{10,}|(?:[-_=~]\.){5,}[-_=~]?)[^\S\n]*\r?$")
"""The line a footer opens with: a rule of ten or more dashes, underscores, equals signs, hashes, stars or tildes (also
with full stops between: "-.-.-.-.-.", as lists of the 1990s drew it), or the signature delimiter "-- " (Google
Groups), under which only ``_GROUP_SAYS`` makes a footer (a signature may name a list its sender runs)."""
_GROUP_SAYS = regex.compile(r"received[^\S\n]this[^\S\n](?:message|e-?mail)[^\S\n]because", regex.IGNORECASE)
_SAYS = regex.compile(r"unsubscri|mailing[^\S\n]list|listinfo|list[^\S\n]archives?\b|subscribed[^\S\n]to\b"
                      r"|received[^\S\n]this[^\S\n](?:message|e-?mail)|\bmailman\b"
                      r"|handelsregister|registergericht|sitz[^\S\n]der[^\S\n]gesellschaft|registered[^\S\n]office"
                      r"|registered[^\S\n]in[^\S\n](?:england|scotland|ireland)|intended[^\S\n]recipient"
                      r"|confidential[^\S\n]and[^\S\n](?:may[^\S\n]be[^\S\n])?(?:legally[^\S\n])?privileged"
                      r"|free[^\S\n]e-?mail[^\S\n]at|do[^\S\n]you[^\S\n]yahoo",
                      regex.IGNORECASE)
"""What a list's footer says, or an organisation's legal notice under every message it sends, or a webmail's
advertisement ("Get Your Private, Free Email at …", "Do You Yahoo!?"), and a signature does not."""
_MAY_RULE = ("--", "_" * 10, "=" * 10, "#" * 10, "*" * 10, "~" * 10, "-.-.-", "_._._", "=.=.=", "~.~.~")
"""A piece of each of ``_RULE``'s lines, looked for first: most texts have none (long pieces are found fastest)."""
_MAY_SAY = ("subscri", "mailing", "listinfo", "archive", "received this", "mailman", "register", "gesellschaft",
            "intended recipient", "privileged", "free email", "free e-mail", "you yahoo")
"""A piece of each of ``_SAYS``' phrases in lower case, looked for first in the text's end in lower case: most texts
have no footer."""


def list_footer_start(text: str) -> int:
    """The offset where a mailing list's footer, or an organisation's legal notice, starts at the end of the text, or
    ``len(text)`` when it has none.

    The footer opens with a rule line (``_RULE``) that has at most ``FOOTER_LINES`` non-blank lines under it besides
    rules, and the lines between it and the next rule say what a list's footer or a legal notice says (``_SAYS``);
    the lines of further rules under it belong to the footer ("-----", a legal notice, "-----", a line of
    advertising), and so do those of rules above it while they say so too. A rule whose lines do not, above the
    footer, ends it: a signature between rules stays the sender's ("Tobias Quell\nData Manager").
    """
    size = len(text)
    head = max(0, size - FOOTER_CHARS)
    tail = text[head:]
    if not any(piece in tail for piece in _MAY_RULE):
        return size
    tail = tail.lower()
    if not any(piece in tail for piece in _MAY_SAY):
        return size
    start, end, lines = size, size, 0
    for found in reversed(list(_RULE.finditer(text, head))):
        block = [line for line in text[found.end() : end].splitlines() if line.strip()]
        end = found.start()
        lines += len(block)
        if lines > FOOTER_LINES:
            break
        says = _GROUP_SAYS if found.group().strip() == "--" else _SAYS  # the delimiter "-- ", not a rule of dashes
        if any(says.search(line) for line in block) or (not block and start == found.end() + 1):
            start = found.start()  # a footer's lines, or a rule of two lines right above it (a long rule wrapped)
        elif block and (start < size or says is _GROUP_SAYS):
            break  # the sender's signature between rules above the footer, or under "-- " at the end
    return start


def last_block(rule: regex.Pattern[str], text: str, start: int) -> tuple[regex.Match[str], list[str]] | None:
    """The last match of a pattern of whole lines (``rule``) from ``start``, and the non-blank lines under it: a
    signature's delimiter or a footer's rule and what it opens."""
    found = None
    for found in rule.finditer(text, start):
        pass
    if found is None:
        return None
    return found, [line for line in text[found.end() :].splitlines() if line.strip()]


PAGE_LINKS = frozenset({
    "permalink", "show parent", "reply", "quote", "reply with quote", "multi-quote", "multiquote", "report",
    "report post", "edit", "delete", "split", "like", "share", "flag", "bookmark", "top", "back to top",
    "mark as read", "show thread", "view thread", "reply to this post",
})
"""What a forum page writes under each post, as links ("Permalink | Show parent | Reply"), in lower case."""
_LINK_SEPARATOR = regex.compile(r"[^\S\n]*[|·•][^\S\n]*")


def page_footer_start(text: str) -> int:
    """The offset where the last line of the text starts when it is a forum page's links (two or more of
    ``PAGE_LINKS``, apart by "|", "·" or "•"), or ``len(text)``."""
    kept = text.rstrip()
    start = kept.rfind("\n") + 1
    line = kept[start:]
    if "|" not in line and "·" not in line and "•" not in line:
        return len(text)
    links = [link.strip().casefold() for link in _LINK_SEPARATOR.split(line.strip())]
    return start if len(links) >= 2 and all(link in PAGE_LINKS for link in links) else len(text)


_ARCHIVE_NOTE = regex.compile(
    r"(?m)^[^\S\n]*(?:[?\N{REPLACEMENT CHARACTER}]+[^\S\n]*)?\[\[[^\[\]\n]{1,80}\]\][^\S\n]*$")
"""A line that is only an archive's note in double brackets, where it dropped a part of the message ("[[alternative
HTML version deleted]]", "[[elided spam]]"), maybe after characters it lost ("??? [[…]]")."""


def blank_notes(text: str) -> str:
    """The text with each line that is only an archive's note (``_ARCHIVE_NOTE``) made spaces, offset for offset the
    same: nobody wrote it, and a sign-off or a quote above it ends the sender's words as well."""
    if "[[" not in text:
        return text
    return _ARCHIVE_NOTE.sub(lambda note: " " * len(note.group()), text)


def footer_start(text: str) -> int:
    """Where the footers at the end of the text start: a forum page's links, and a mailing list's footer above
    them or alone (``len(text)`` when there is neither)."""
    return list_footer_start(text[: page_footer_start(text)])


def without_footer(text: str) -> str:
    """The text without its footers (``footer_start``)."""
    return text[: footer_start(text)]
