"""Tell the author's own words from the text they quote, line by line.

A line's quote level is the number of ``>`` marks before it (Usenet's ``|>`` and
Supercite's or Gnus' ``GV>``, ``Harold>`` are marks too), plus one for
every separator line above it that opens an unmarked quoted or forwarded
message (``-----Original Message-----``, ``---------- Forwarded message ---------``,
``Begin forwarded message:``, Lotus Notes' ``----- Forwarded by ... -----``, an
Outlook rule of underscores followed by ``From:``). An attribution line
("On Mon, 3 Jan 2022, Ann <ann@example.org> wrote:", also wrapped over two
lines) belongs to the quote it introduces, because it names the quoted author.
Signatures are the author's own words and stay at level 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import unescape

import regex

from nicknames.rules.footers import blank_notes, without_footer
from nicknames.rules.html_text import looks_like_html, own_html_lines
from nicknames.rules.signature_blocks import SIGNATURE_BLOCK_LINES
from nicknames.rules.stopwords import DEGREES, MONTHS, WEEKDAYS

_NAME_TAIL = r"[\p{L}\p{N}_\-]{0,9}(?=>(?:[^\S\n]|$))"
"""The rest of initials or a name before a quote mark, which a blank or the line's end follows."""
_MARK = rf"[^\S\n]*(?:\||\p{{L}}{_NAME_TAIL})?>"
"""A quote mark: ``>``; Usenet's ``|>``; or the quoted author's initials or name before it, followed by a blank or
the line's end, as Emacs' Supercite and Gnus write them ("GV> text", "    Harold> text")."""
_MARKS = regex.compile(rf"^(?:{_MARK})+", regex.MULTILINE)
_PREFIX = regex.compile(rf"^[^\S\n]*(\p{{Lu}}{_NAME_TAIL})>", regex.MULTILINE)
"""A quote mark opened by the quoted author's initials or name, in capitals (``_MARK``), at a line's start."""
_OPENER = (r"(?:-{2,}\s*(?:original message|forwarded message|forwarded by\b.*|ursprüngliche nachricht|"
           r"message d'origine|mensaje original|messaggio originale)\s*-*|begin forwarded message:)")
"""A separator line's words: what opens an unmarked quoted or forwarded message."""
_SEPARATOR = regex.compile(rf"^\s*{_OPENER}\s*$", regex.IGNORECASE)
_RULE = regex.compile(r"^\s*_{10,}\s*$")
_ANY_QUOTE = regex.compile(rf"^{_MARK}|^[^\S\n]*{_OPENER}[^\S\n]*$|^[^\S\n]*_{{10,}}[^\S\n]*$",
                           regex.IGNORECASE | regex.MULTILINE | regex.WORD)
"""A line that may raise the quote level: marked, a separator or a rule (a text without one quotes nothing). Lines
end where ``splitlines`` ends them (``WORD``: also at a lone CR and Unicode's line separators)."""

_FROM = regex.compile(r"^\s*(?:from|von|de|da):", regex.IGNORECASE)
VERBS_AFTER_NAME = ("wrote", "writes", "a écrit", "escribió", "scrisse", "ha scritto", "escreveu", "kirjoitti")
"""The verbs an attribution line ends with, after the author's name ("Ann <a@b.org> wrote:")."""
_VERBS_EITHER_SIDE = ("schrieb", "skrev", "schreef")
"""Verbs written after the author's name or before it ("Am 03.01.22 um 10:00 schrieb Ann <a@b.org>:")."""
_WROTE = regex.compile(
    rf"(?:{'|'.join(VERBS_AFTER_NAME + _VERBS_EITHER_SIDE)})\s*:\s*$"
    r"|^[\s>]*quoting\s.+:\s*$"
    rf"|^[\s>]*(?:am|op|den)\s.*\b(?:{'|'.join(_VERBS_EITHER_SIDE)})\s.+:\s*$"
    r"|^[\s>]*\d{4}-\d\d-\d\d[^\S\n]+\d\d?:\d\d[^\S\n]+GMT[+-]\d\d:\d\d[^\S\n]+.+:\s*$",
    regex.IGNORECASE,
)
"""An attribution line: "Ann <a@b.org> wrote:", a webmail's "Quoting Ann <a@b.org>:", the verb before the name
("Am 03.01.22 um 10:00 schrieb Ann <a@b.org>:", Dutch "Op … schreef", Scandinavian "Den … skrev"), or a webmail's
date and the name with no verb ("2014-03-02 10:20 GMT+01:00 Ann <a@b.org>:", as Gmail writes it in several
languages)."""


def is_attribution(line: str) -> bool:
    """Whether a line (its end stripped) is an attribution line (``_WROTE``): every form ends with a colon, looked
    for first, since most lines read are not one."""
    return line.endswith(":") and _WROTE.search(line) is not None


_ON = regex.compile(r"^\s*(?:on|am|le|el|il|op|den)\s", regex.IGNORECASE)


@dataclass(frozen=True)
class Segment:
    """A run of whole lines at one quote level; ``text[start:end]`` is its text."""

    start: int
    end: int
    level: int

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end or self.level < 0:
            raise ValueError(f"Invalid segment {self.start}..{self.end} at level {self.level}.")


def quote_levels(lines: list[str]) -> list[int]:
    """The quote level of each line (0 = the author's own words). A separator on a quoted line ("> -----Original
    Message-----") opens a quote inside that quote only: the author's own lines under it are their own."""
    levels: list[int] = []
    opened: list[int] = []  # the marks of each separator line that opened a quote
    other_mark = ""
    for index, line in enumerate(lines):
        marks = _marks(line)
        if opened and opened[-1] > marks and line.strip():
            opened = [depth for depth in opened if depth <= marks]  # the quote that held a quoted separator ended
        mark = _MARKS.match(line)
        content = line[len(mark.group()) if mark else 0:]
        if _SEPARATOR.match(content) or (_RULE.match(content) and _next_starts_from(lines, index)):
            opened.append(marks)
        if other_mark and line.strip() and not line.lstrip(" \t").startswith(other_mark):
            other_mark = ""
        levels.append(marks + len(opened) + (1 if other_mark and line.strip() else 0))
        if not other_mark and is_attribution(content.rstrip()):
            other_mark = _other_mark_after(lines, index)
    _attach_attributions(lines, levels)
    return levels


OTHER_MARKS = ("|", ":")
"""Quote marks other than ">" that some mail and news programs write ("| text", Usenet's ": text"): a quote's only
below an attribution line, since tables and lists open lines with them too."""


def _other_mark_after(lines: list[str], index: int) -> str:
    """The quote mark of ``OTHER_MARKS`` that opens the first non-blank line after the attribution line at
    ``index``, or ""."""
    following = next((line for line in lines[index + 1 :] if line.strip()), "").lstrip(" \t")
    return following[:1] if following.startswith(OTHER_MARKS) else ""


def split_quotes(text: str) -> list[Segment]:
    """The text as consecutive segments of equal quote level; together they cover it exactly."""
    lines = text.splitlines(keepends=True)
    levels = quote_levels(lines)
    segments: list[Segment] = []
    position = 0
    for line, level in zip(lines, levels):
        end = position + len(line)
        if segments and segments[-1].level == level:
            segments[-1] = Segment(segments[-1].start, end, level)
        else:
            segments.append(Segment(position, end, level))
        position = end
    return segments


def own_words(text: str) -> str:
    """The author's own words: the level-0 lines, in order."""
    if not quotes_anything(text):
        return text
    return "".join(text[segment.start : segment.end] for segment in split_quotes(text) if segment.level == 0)


def trailing_quote(text: str) -> tuple[int, int]:
    """Where the quote under the author's own words begins and ends, when the text ends in one (a reply written above
    the message it quotes: "Thanks,\nAnn\n\n-----Original Message-----\nFrom: …"), or in one and then only the
    author's signature block ("Thanks,\nAnn\n\nOn Mon, Ben wrote:\n> …\n\n-- \nAnn Quell\nHarbour Lab", as
    some mail programs place it); the text's length twice when it ends in the author's own words, or quotes without
    any (a forward)."""
    size = len(text)
    if not quotes_anything(text):
        return size, size
    segments = split_quotes(text)
    end = size
    if len(segments) > 1 and segments[-1].level == 0 and _only_signature(text[segments[-1].start :]):
        end = segments[-1].start
        segments = segments[:-1]
    start = end
    for segment in reversed(segments):
        if segment.level == 0 and not text[segment.start : segment.end].isspace():
            return (start, end) if start < end else (size, size)
        start = segment.start
    return size, size


def _only_signature(text: str) -> bool:
    """Whether the text holds only a signature block: blank lines, a delimiter line ("-- ") and at most
    ``SIGNATURE_BLOCK_LINES`` lines."""
    lines = [line for line in text.splitlines() if line.strip()]
    return bool(lines) and lines[0].rstrip() in ("--", "-- ") and len(lines) <= SIGNATURE_BLOCK_LINES + 1


def own_text(text: str) -> str:
    """What the sender wrote in a message: HTML read as text (a blockquote as quoted lines; ``&gt;`` opening a line
    of plain text as ``>``), without the lines it quotes or forwards, a forum's quote blocks
    (``[quote="ann"]…[/quote]``) or a footer (a mailing list's, a forum page's links; ``footers``). A greeting or a
    sign-off there is the sender's; in a quote it is someone else's."""
    return own_text_and_author(text, author=False)[0]


def own_text_and_author(text: str, *, author: bool = True) -> tuple[str, str | None]:
    """``own_text``, and the author the attribution line of its first quote names (``attributed_author``; with
    ``author``), read from the same lines: a text that quotes nothing costs no more than ``own_text``."""
    text = blank_notes(without_footer(text))  # a list's footer or a forum page's links, under the sender's words and
    # what they quote, and an archive's notes ("[[alternative HTML version deleted]]")
    block_author = None
    if "[" in text and ("[quote" in text or "[QUOTE" in text):
        block_author = quote_block_author(text) if author else None
        text = without_quote_blocks(text)
    if looks_like_html(text):
        if "<aside" in text:
            block_author = block_author or (quote_title_author(text) if author else None)
            text = _QUOTE_ASIDE.sub("", text)
        text = own_html_lines(text)
    elif "&gt;" in text:
        text = _ESCAPED_MARKS.sub(_marks_read, text)
    if not quotes_anything(text):
        return text, block_author
    lines = text.splitlines(keepends=True)
    levels = quote_levels(lines)
    own = "".join(line for line, level in zip(lines, levels) if level == 0)
    return own, block_author or (_first_author(lines, levels) if author else None)


_ESCAPED_MARKS = regex.compile(r"^(?:[^\S\n]*&gt;)+", regex.MULTILINE)
"""Quote marks written as HTML escapes them, at the start of a line: Reddit's ``&gt; quoted`` (its Markdown escapes
``>``, ``<`` and ``&``)."""


def _marks_read(marks: regex.Match[str]) -> str:
    return marks.group().replace("&gt;", ">")


_QUOTE_BLOCK = regex.compile(r"\[quote\b[^\]\n]*\](?:(?!\[quote\b).)*?\[/quote\]", regex.IGNORECASE | regex.DOTALL)
"""An innermost quote block of a forum's markup (BBCode, Discourse): ``[quote="ann, post:3"]…[/quote]``."""


_QUOTE_OPENING = regex.compile(r"\[quote(?:=|[^\S\n]+(?:name|author)=)([^\]\n]*)\]", regex.IGNORECASE)
"""A forum quote block's opening that names the quoted author: BBCode's ``[quote=ann]``, ``[quote="Ann Lee"]``,
vBulletin's ``[QUOTE=Ann;1234]``, Discourse's ``[quote="ann, post:3, topic:42"]``, XenForo's ``[QUOTE="Ann, post: 3,
member: 7"]``, SMF's ``[quote author=Ann Lee link=… date=…]``."""
_AFTER_AUTHOR = regex.compile(r"[,;]|[^\S\n]+\w+=")
"""What follows the author's name in a quote block's opening: the post's or member's number, a link, a date."""


def quote_block_author(text: str) -> str | None:
    """The author named by the first forum quote block's opening (``_QUOTE_OPENING``), the one a reply quotes first
    (an outer block of nested ones); None when it names none or no name of at most ``AUTHOR_WORDS`` words."""
    opening = _QUOTE_OPENING.search(text)
    if opening is None:
        return None
    return _author_name(_AFTER_AUTHOR.split(opening[1], maxsplit=1)[0].strip().strip("\"'“”").strip())


_QUOTE_ASIDE = regex.compile(r"<aside\b[^<>]*\bclass=\"quote\b[^<>]*>.*?</aside\s*>", regex.IGNORECASE | regex.DOTALL)
"""A quote as Discourse's HTML writes it: an ``<aside class="quote">`` with a title (the quoted author's name) and
the quoted ``<blockquote>``."""
_QUOTE_TITLE = regex.compile(r"<aside\b[^<>]*\bclass=\"quote\b[^<>]*>\s*<div\b[^<>]*\bclass=\"title\"[^<>]*>(.*?)<blockquote\b",
                             regex.IGNORECASE | regex.DOTALL)
_TAG = regex.compile(r"<[^<>]*>")


def quote_title_author(text: str) -> str | None:
    """The author named by the title of the first quote of an HTML post in Discourse's markup (``<aside
    class="quote" data-username="ann_lee"><div class="title">… Ann Lee:</div><blockquote>…``): the name the title
    shows, its avatar's tag and colon aside; None without one, or for a name of more than ``AUTHOR_WORDS`` words."""
    title = _QUOTE_TITLE.search(text)
    if title is None:
        return None
    return _author_name(" ".join(unescape(_TAG.sub(" ", title[1])).split()).rstrip(":").strip())


def _author_name(name: str) -> str | None:
    """A quote's author as its markup names them: a name of letters, of at most ``AUTHOR_WORDS`` words; else None."""
    words = name.split()
    return name if words and len(words) <= AUTHOR_WORDS and regex.search(r"\p{L}", name) else None


def without_quote_blocks(text: str) -> str:
    """The text without its forum quote blocks, nested ones too; a block left open stays."""
    while True:
        shorter = _QUOTE_BLOCK.sub("", text)
        if shorter == text:
            return text
        text = shorter


def quote_prefixes(text: str) -> set[str]:
    """The initials or names, in capitals, that open the quote marks of a text's lines ("GV> text", "    Harold> text",
    as Supercite and Gnus mark a quote of GV's or Harold's words): the quoted author's."""
    return set(_PREFIX.findall(text)) if ">" in text else set()


def quotes_anything(text: str) -> bool:
    """Whether some line of the text may be quoted: ``own_words`` of any other text is the text itself."""
    signs = (">" in text or ("-" in text and "--" in text) or ("_" in text and "__" in text)
             or (":" in text and ("egin " in text or "EGIN " in text)))  # what every such line holds, looked for a
    # character first (the pattern, and a look-up of two characters, cost ten times more than one of one character)
    return (signs and _ANY_QUOTE.search(text) is not None) or (
        ":" in text and _OTHER_MARKS_QUOTE.search(text) is not None)


_BREAK = r"(?:\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029])"
"""A line break where ``str.splitlines`` breaks lines."""
_BLANK = r"[^\S\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]"
"""A blank inside a line."""
_OTHER_MARKS_QUOTE = regex.compile(rf":{_BLANK}*{_BREAK}(?:{_BLANK}*{_BREAK})*{_BLANK}*[|:]")
"""A line ending in a colon, then a line opened by a quote mark of ``OTHER_MARKS``: maybe an attribution line and its
quote."""


def _marks(line: str) -> int:
    match = _MARKS.match(line)
    return match.group().count(">") if match else 0


def _next_starts_from(lines: list[str], index: int) -> bool:
    following = next((line for line in lines[index + 1 :] if line.strip()), "")
    return bool(_FROM.match(following.lstrip("> ")))


def _attach_attributions(lines: list[str], levels: list[int]) -> None:
    """Give an attribution line (and the line before it when it is wrapped) the level of its quote."""
    for index, line in enumerate(lines):
        if not is_attribution(line.rstrip()):
            continue
        following = next((i for i in range(index + 1, len(lines)) if lines[i].strip()), None)
        if following is None or levels[following] <= levels[index]:
            continue
        level = levels[following]
        start = index
        if not _ON.match(line.lstrip("> ")) and index > 0 and _ON.match(lines[index - 1].lstrip("> ")):
            start = index - 1
        for row in range(start, following):
            levels[row] = level


_ATTRIBUTION_END = regex.compile(rf"[^\S\n]*(?:(?i:{'|'.join(VERBS_AFTER_NAME)})[^\S\n]*)?:[^\S\n]*$")
_ADDRESS_END = regex.compile(r"[^\S\n]*[<(\[][^<>()\[\]\n]*[>)\]][^\S\n]*$")
_NAME_AFTER_ADDRESS = regex.compile(r"[^\s<>()@]+@[^\s<>()]+[^\S\n]+\(([^()\n]+)\)[^\S\n]*$")
"""An address and the author's name in brackets after it, as Usenet writes them ("In article <…>, ann@example.org
(Ann Lee) writes:")."""
_VIA_LIST = regex.compile(r"[^\S\n]+via[^\S\n]+[^\s<>()]+[^\S\n]*$")
"""A mailing list's name after its member's, where the list rewrote the sender ("Ann Lee via Team-discuss")."""
_QUOTED_NAME = regex.compile(r"[\"“]([^\"“”\n]+)[\"”][^\S\n]*$")
_NAME_WORD = regex.compile(r"\p{Lu}[\p{L}\p{M}'’.\-]*")
_NOT_NAME = frozenset("on quoting at am pm utc gmt uhr mo di mi do fr sa so".split()) | WEEKDAYS | MONTHS
"""Capitalised words of an attribution line's date and opening that are no part of the author's name."""
AUTHOR_WORDS = 4
"""The most words of an author's name read from an attribution line."""


def attributed_author(text: str) -> str | None:
    """The display name in the attribution line of the first quote of the sender's own message (the quote of the
    message replied to, most often): "On Mon, Jan 3, 2022 at 9:00 AM Ann Lee <ann@example.org> wrote:", "Ann Lee
    wrote:", "Quoting Ann Lee <ann@example.org>:", "On 3/1/22, "Lee, Ann" wrote:"; None when there is none, or the
    line names no one by capitalised words (an address only)."""
    return own_text_and_author(text)[1]


def _first_author(lines: list[str], levels: list[int]) -> str | None:
    """The author named by the first quoted line, when it is an attribution line, also one wrapped over two lines
    ("On Tue, Mar 5, 2024 at 10:12 AM Ann Lee <" and "ann@example.org> wrote:")."""
    for index, level in enumerate(levels):
        if level == 0:
            continue
        line = _unmarked(lines[index])
        if not is_attribution(line) and index + 1 < len(lines) and levels[index + 1] == level:
            line = f"{line} {_unmarked(lines[index + 1])}"  # wrapped: the next line ends it
            index += 1
        if not is_attribution(line) or index + 1 >= len(lines) or levels[index + 1] < level:
            return None  # the first quoted line is no attribution: no author to read
        return _author_of(line)
    return None


def _unmarked(line: str) -> str:
    """A quoted line without its quote marks and the white space around it."""
    return line.strip().lstrip("> ").strip()


def _author_of(line: str) -> str | None:
    """The author's name at the end of an attribution line, its address and "wrote:" taken off."""
    line = _ATTRIBUTION_END.sub("", line)
    bracketed = _NAME_AFTER_ADDRESS.search(line)
    line = _VIA_LIST.sub("", bracketed[1] if bracketed is not None else _ADDRESS_END.sub("", line))
    quoted = _QUOTED_NAME.search(line)
    if quoted is not None:
        last, comma, first = quoted[1].partition(",")
        words = f"{first} {last}".split() if comma else last.split()
    else:
        words = []
        for word in reversed(line.replace(",", " ").split()):
            if not words and word.replace(".", "").casefold() in DEGREES:
                continue  # "On Mon, Greta Vollmer, PhD wrote:": a degree after the name
            if not _NAME_WORD.fullmatch(word) or word.casefold().rstrip(".") in _NOT_NAME or len(words) == AUTHOR_WORDS:
                break
            words.insert(0, word)
    if not words and (user := _USER_NAME_ALONE.fullmatch(line)) is not None:
        return user[1]  # a forum's "bramble wrote:": the poster's user name as the forum writes it
    if not words or not all(_NAME_WORD.fullmatch(word) for word in words):
        return None
    return " ".join(words).rstrip(".")


_USER_NAME_ALONE = regex.compile(r"[^\S\n]*(\p{Ll}[\p{Ll}\d_.\-]*\p{Ll}[\p{Ll}\d_]*)[^\S\n]*")
"""The whole of an attribution line before "wrote:" when it is one word in lower case: a forum's user name ("bramble
wrote:", "greta_v wrote:"); a word ("someone wrote:") is dropped as a stop word by collect."""
