"""The patterns that find identifiers in text, and the quick tests that skip a text which cannot hold one.

Each kind of ``nicknames.rules.identifiers`` is found by one documented pattern
(``PATTERNS``); ``matches`` yields a kind's matches, searching only near the
characters every match must hold (an ``@``, a digit, a dot and a letter), so
that most texts cost one quick test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import regex

PLACEHOLDERS = {
    "email": "[EMAIL]",
    "url": "[URL]",
    "handle": "[HANDLE]",
    "phone": "[PHONE]",
    "path": "[PATH]",
    "tag": "[TAG]",
    "login": "[USER]",
}
"""What replaces a whole identifier of each kind that belongs to no known participant."""

PART_PLACEHOLDER = "[USER]"
"""What replaces the personal part of an address, URL or path whose person is not known."""

_EMAIL = r"(?<![\w.+\-])[\w.+\-]*\w(?:\.+|…)?@(?:[\w\-]+\.)+\p{L}{2,}(?!\w)"
"""An address; also one a news archive shortened to hide it from harvesters (``ann...@example.org``), whose local
part still holds the start of a name."""
_TLDS = (
    "com|org|net|edu|gov|mil|int|io|info|biz|eu|uk|de|fr|nl|au|ca|ch|se|dk|fi|jp|nz|es|be|pl|cz|ie|pt|gr|hu|ru|cn|br"
)
"""Top-level domains after which a host without a scheme (``annberg.net``) is read as one."""
_URL = (
    r"(?i:\b(?:https?|ftp)://|\bwww\.)"  # a scheme or www.
    r"[^\s<>\"'()\[\]{}]+(?:\([^\s<>\"'()]*\)[^\s<>\"'()\[\]{}]*)*"
)
BARE_HOST = regex.compile(rf"\.(?i:{_TLDS})(?![\w\-])")
"""Where a URL without a scheme or ``www.`` may end its host: it is read back from there (``anchored``)."""
_BARE_URL = regex.compile(
    rf"(?<![\w.@/:\-])(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+(?i:{_TLDS})(?![\w\-]|\.\w)(?:/[^\s<>\"'()\[\]{{}}]*)?"
)
"""A bare host and its path: ``example.org/x``, ``annberg.net``."""
_HANDLE = r"(?<![\w.@/])@\p{L}(?:[\w.\-]*\w)?(?![@\w(])"
_DOC_PARAMETER = regex.compile(r"(?:^|\n)[>+\-]*[^\S\n]+\*[^\S\n]*\Z")
"""What stands before a parameter documented in a comment of code (" * @fd: the file"), on its line: the star of a
comment's line after a space, not a list's bullet that opens its line ("* @kmarsden: please look")."""
_DECLARED = regex.compile(r"(?:^|[\s(])(?:my|our|local)[^\S\n]+\Z")
_ASSIGNED = regex.compile(r"[^\S\n]*=(?!=)")


def code_handle(text: str, start: int, end: int) -> bool:
    """Whether the handle-like word at ``text[start:end]`` is code: a parameter documented in a comment (kernel-doc,
    Javadoc: " * @fd: the file"), or an array of Perl declared or assigned ("my @fixes", "@list = (…)")."""
    before = text[max(0, start - 40) : start]
    return ((text.startswith(":", end) and _DOC_PARAMETER.search(before) is not None)
            or _DECLARED.search(before) is not None or _ASSIGNED.match(text, end) is not None)


DOMAIN_END = regex.compile(r"\.(?:com|org|net|edu|gov|mil|int|io|co|uk|de|fr|nl|au|ca|us|info|biz)$", regex.I)
"""A handle ending like a domain (``@example.com``) is the tail of an address, not a handle."""
_PHONE = (
    r"(?<![\w+\-.])(?:"
    r"\+\d{1,3}(?:[ .\-]?\(?\d{1,4}\)?){2,6}"  # +44 20 7946 0958, +1 (713) 853-1234
    r"|\(\d{3}\)[ .\-]?\d{3}[ .\-]\d{4}"  # (713) 853-1234
    r"|\d{3}[.\-]\d{3}[.\-]\d{4}"  # 713-853-1234, 713.853.1234
    r"|\d{3}[ ]\d{3}[ ]\d{4}"  # 713 853 1234
    r"|\d{3}-\d{4}"  # 853-1234
    r")(?:[ ]?(?i:x|ext\.?)[ ]?\d{1,5})?(?![\w\-])"
)
PHONE_DIGITS = (7, 15)
"""A phone number has 7 to 15 digits (E.164 allows at most 15); fewer is a time zone or a code."""
_FILE_TYPES = "docx?|xlsx?|pptx?|pdf|txt|csv|odt|ods|odp|rtf|zip|png|jpe?g|gif|mp[34]|mov|nc|ipynb|tex|md"
"""Extensions of the file names found as paths."""
FILE_NAME_END = regex.compile(rf"\.(?i:{_FILE_TYPES})(?![\w\-])")
_TAG = r"(?<![\w#&/])#\p{L}\w*"
"""A hashtag: the names in it are its personal part (``#AnnBerg``); other tags (``#climate``) stay."""
_PATH = (
    r"(?:(?<![\w/.~])(?:/home/|/Users/|/users/)"  # /home/aberg, /Users/aberg
    r"|(?<![\w\\])[A-Za-z]:\\(?i:Users|Documents and Settings)\\"  # C:\Users\aberg
    r"|(?<![\w/~\-])~(?=\p{L}[\w.\-]*/))"  # ~aberg/
    r"[\w.\-]*\w(?:[/\\][^\s<>\"'()\[\]{}]*)?"
)
"""A home directory and what follows it: the user's name is its personal part."""
_FILE_NAME = regex.compile(rf"(?<![\w.\-/\\])\w[\w.\-]*\.(?i:{_FILE_TYPES})(?![\w\-])")
"""A file name with a document's extension (``notes_ann_berg.docx``), read back from its extension."""
PATTERNS = {"email": _EMAIL, "url": _URL, "handle": _HANDLE, "phone": _PHONE, "path": _PATH, "tag": _TAG}
"""The regular expression of each kind with a pattern of its own."""

COMPILED = {kind: regex.compile(pattern) for kind, pattern in PATTERNS.items()}
_THREE_DIGITS = re.compile(r"\d\d\d")


def may_hold(kind: str, text: str) -> bool:
    """A cheap test that skips texts where a kind cannot occur (the patterns are slow on long texts)."""
    if kind in ("email", "handle"):
        return "@" in text
    if kind == "url":
        return ("/" in text and "://" in text) or "www." in text or "WWW." in text
    if kind == "path":
        return "~" in text or _home_folder(text)
    if kind == "tag":
        return "#" in text
    if text.isascii() and not has_ascii_digit(text):
        return False  # a substring test per digit is much faster than the pattern on long texts
    return _THREE_DIGITS.search(text) is not None


def may_hold_any(text: str) -> bool:
    """False for the common text where only an address written in words (``a.b at c.org``) can occur.

    Every other identifier holds an ``@``, a URL start (as ``may_hold`` reads
    it) or a digit: a participant id has one (``_ID_SHAPE``), and in ASCII text
    it is an ASCII digit. A few substring tests are much cheaper than running
    every pattern over a long text that holds none of these.
    """
    if not text.isascii() or "@" in text or "#" in text or may_hold("url", text) or may_hold_path(text):
        return True
    return has_ascii_digit(text)


def may_hold_path(text: str) -> bool:
    """False when no home directory, file name or bare host can occur (``/home/``, ``~``, ``.docx``, ``.org``...).

    For ASCII text (``may_hold_any`` asks for no other): a file name's or a host's end is a dot and a letter,
    which prose seldom has (a quick search before the slow patterns)."""
    return ("~" in text or _home_folder(text)
            or (_DOT_LETTER.search(text) is not None
                and (FILE_NAME_END.search(text) is not None or BARE_HOST.search(text) is not None)))


def _home_folder(text: str) -> bool:
    """Whether the text holds the start of a home folder (``/home/``, ``/Users/``, ``/users/``, ``C:\\``): each
    longer test only where its rare first character is there at all (``in`` is slow for a string whose last
    character is common)."""
    return (("\\" in text and ":\\" in text)
            or ("/" in text and ("/home/" in text or "/Users/" in text or "/users/" in text)))


_DOT_LETTER = re.compile(r"\.[A-Za-z]")
"""What ``FILE_NAME_END`` and ``BARE_HOST`` hold in ASCII text: a dot and a letter (every extension and top-level
domain starts with one)."""


def has_ascii_digit(text: str) -> bool:
    """True when the text holds an ASCII digit: a substring test per digit, unrolled (fast on long texts).

    ``\\d`` in the patterns matches other digits too, so this answers for ASCII text only.
    """
    return ("0" in text or "1" in text or "2" in text or "3" in text or "4" in text
            or "5" in text or "6" in text or "7" in text or "8" in text or "9" in text)


_ANCHORS = {"email": regex.compile("@"), "phone": regex.compile(r"\d")}
"""What every match of these kinds contains; their matches never hold a line break either."""


def matches(kind: str, text: str) -> Iterator[regex.Match[str]]:
    """``finditer`` of the kind's pattern, run only on the lines that hold one of its anchors.

    For the kinds of ``_ANCHORS`` a match lies within one line and holds an
    anchor, so the other lines cannot hold one; look-behinds still see the text
    before a line and a line end reads as the end of the text, where the
    patterns' look-aheads (no word character or hyphen next) give the same answer.
    """
    anchors = _ANCHORS.get(kind)
    if anchors is None:
        yield from COMPILED[kind].finditer(text)
        return
    yield from _matches_on_anchored_lines(COMPILED[kind], anchors, text)


def _matches_on_anchored_lines(pattern: regex.Pattern[str], anchors: regex.Pattern[str], text: str
                               ) -> Iterator[regex.Match[str]]:
    """``pattern.finditer(text)`` for a pattern whose matches lie within one line and hold an ``anchors`` match:
    run only on the lines that hold one (see ``matches``)."""
    end = -1
    for anchor in anchors.finditer(text):
        if anchor.start() < end:
            continue
        start = text.rfind("\n", 0, anchor.start()) + 1
        end = text.find("\n", anchor.end())
        end = len(text) if end < 0 else end
        yield from pattern.finditer(text, start, end)
def matches_in_words_with_digits(pattern: regex.Pattern[str], text: str) -> Iterator[regex.Match[str]]:
    """``pattern.finditer(text)`` for a pattern whose matches hold a digit and no space, tab or line break: run
    only on the runs of the text between two of these that hold a digit. Look-behinds still see the character
    before a run, and its end reads as the end of the text, where a look-ahead for no word character gives the
    same answer as the space after it."""
    for start, end in words_with_digits(text):
        yield from pattern.finditer(text, start, end)


def words_with_digits(text: str) -> Iterator[tuple[int, int]]:
    """The spans of the runs of the text between two of ``BREAKS`` (or an end) that hold a digit, in text order."""
    end = -1
    for digit in _ANCHORS["phone"].finditer(text):
        if digit.start() < end:
            continue
        start = max(text.rfind(char, 0, digit.start()) for char in BREAKS) + 1
        ends = [found for found in (text.find(char, digit.end()) for char in BREAKS) if found >= 0]
        end = min(ends) if ends else len(text)
        yield start, end


BREAKS = (" ", "\t", "\n")
"""What a participant id does not hold (``matches_in_words_with_digits``)."""
ANCHORED = {"url": (BARE_HOST, _BARE_URL), "path": (FILE_NAME_END, _FILE_NAME)}
"""Kinds with a second pattern found from an anchor near its end: bare hosts from ``.org``, file names from ``.docx``."""
_PIECE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")


def anchored(text: str, anchor: regex.Pattern[str], pattern: regex.Pattern[str]) -> Iterator[tuple[int, int]]:
    """Spans of ``pattern`` found by reading back from each ``anchor`` over the characters of hosts and file names.

    A pattern that starts with a word character is slow to scan a long text
    with; its anchor (a dot and a known ending) is rare and quick to find. Every
    anchor of ``ANCHORED`` starts with a dot and a letter: an ASCII text without
    one is skipped at once.
    """
    if text.isascii() and _DOT_LETTER.search(text) is None:
        return
    end = -1
    for hit in anchor.finditer(text):
        if hit.start() < end:
            continue
        start = hit.start()
        while start > 0 and (text[start - 1] in _PIECE or text[start - 1].isalnum()):
            start -= 1
        match = pattern.match(text, start)
        while match is None and start < hit.start():
            start = text.find(".", start, hit.start()) + 1 or hit.start()  # a piece before that is no host
            match = pattern.match(text, start)
        if match is not None and match.end() > hit.start():
            end = match.end()
            yield match.start(), match.end()
