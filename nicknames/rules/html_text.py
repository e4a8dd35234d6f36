"""Plain text from HTML: a mail body, or a forum post whose cell holds markup.

``html_to_text`` reads a mail body with the standard library's ``html.parser``: block
elements start new lines, ``<br>`` breaks a line, ``<blockquote>`` becomes ``> ``
quoting (so quoted replies in HTML-only mail are recognised like plain ones), and
``<style>``, ``<script>`` and ``<head>`` are left out. ``looks_like_html`` tells a post
in markup from plain text that mentions a tag; ``own_html_lines`` gives the same lines
as the parser, without the quoted ones, by a few pattern passes (collect reads every
post of a forum); ``markup_lines`` keeps a post's offsets and breaks its lines where
its tags do (apply's greeting and sign-off lines).
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import regex

BLOCKS = frozenset({
    "p", "div", "table", "tr", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6",
    "pre", "hr", "blockquote", "section", "article", "header", "footer", "address",
})
"""Elements that begin and end on a line of their own."""
HIDDEN = frozenset({"style", "script", "head", "title", "template"})
"""Elements whose content is not text a person reads."""

_SPACES = regex.compile(r"[^\S\n]+")
_BLANK_RUNS = regex.compile(r"\n{3,}")


class _TextParser(HTMLParser):
    """Collects the visible text line by line, prefixing lines inside blockquotes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.hidden = 0
        self.depth = 0
        self.preformatted = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HIDDEN:
            self.hidden += 1
        elif tag == "br":
            self.newline(force=True)
        elif tag in BLOCKS:
            self.newline()
            self.depth += tag == "blockquote"
            self.preformatted += tag == "pre"

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in BLOCKS:
            self.newline()
            if tag == "blockquote":
                self.depth = max(0, self.depth - 1)
            if tag == "pre":
                self.preformatted = max(0, self.preformatted - 1)

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.preformatted:
            first, *rest = data.split("\n")
            self.current.append(first)
            for line in rest:
                self.newline(force=True)
                self.current.append(line)
            return
        self.current.append(_SPACES.sub(" ", data.replace("\n", " ")))

    def newline(self, force: bool = False) -> None:
        """End the current line; an empty one only when forced (``<br>``)."""
        joined = "".join(self.current)
        text = joined.rstrip(" ") if self.preformatted else joined.strip(" ")
        self.current = []
        if text or force:
            self.lines.append("> " * self.depth + text if text else ">" * self.depth)

    def text(self) -> str:
        """The collected text, with runs of blank lines folded to one."""
        self.newline()
        joined = "\n".join(line.rstrip() for line in self.lines).strip("\n")
        return _BLANK_RUNS.sub("\n\n", joined) + "\n" if joined else ""


_BLOCK_TAG = regex.compile(r"<(?:/?(?:p|div|blockquote|li|h[1-6])|br\s*/?)(?:\s[^<>]*)?>", regex.IGNORECASE)
_OPENING_TAG = regex.compile(r"\s*<(?:p|div|span|blockquote|html|body|table|ul|ol|h[1-6]|br)\b[^<>]*>", regex.IGNORECASE)
MARKUP_LINES = 2
"""The fewest block tags (``<p>``, ``</p>``, ``<br>``, ``<div>``…) that make a text that does not open with a tag
markup: each breaks a line, so markup has more of them than line breaks."""


def looks_like_html(text: str) -> bool:
    """Whether a cell holds HTML (a forum's post body) rather than plain text that mentions a tag.

    It does when it opens with an element (``<p>Hi Ann,</p>``) or has at least ``MARKUP_LINES`` block
    tags and more of them than line breaks; "use a <div> here" in a plain post does not.
    """
    if "<" not in text:
        return False
    if _OPENING_TAG.match(text):
        return True
    tags = sum(1 for _ in _BLOCK_TAG.finditer(text))
    return tags >= MARKUP_LINES and tags > text.count("\n")


def markup_lines(text: str) -> str:
    """A cell of HTML as a person reads it, offset for offset the same as the text, for rules that read a name's
    place (its line, the words around it) and give offsets into it: each block tag is spaces and a line break (the
    break last, so that a line opens with its first word), any other tag and a no-break space's entity are spaces:
    "<p>Hi&nbsp;<b>Ann</b>,</p>" reads as one line "Hi", "Ann" and "," apart by spaces. Any other text is itself."""
    if not looks_like_html(text):
        return text
    return _ANY_TAG_OR_SPACE.sub(_blanked, text)


_ANY_TAG_OR_SPACE = regex.compile(r"<(?:/?[A-Za-z][A-Za-z0-9]*|!--)[^<>]*>|&nbsp;|&#160;", regex.IGNORECASE)


def _blanked(found: regex.Match[str]) -> str:
    """What ``markup_lines`` reads a tag or a no-break space as: a line's end for a block tag, spaces otherwise."""
    width = len(found.group())
    return " " * (width - 1) + "\n" if _BLOCK_TAG.fullmatch(found.group()) else " " * width


_QUOTED_BLOCK = regex.compile(r"<blockquote\b[^<>]*>(?:(?!<blockquote\b).)*?</blockquote\s*>",
                              regex.IGNORECASE | regex.DOTALL)
"""An innermost quoted block."""
_HIDDEN_BLOCK = regex.compile(rf"<({'|'.join(sorted(HIDDEN))})\b[^<>]*>.*?</\1\s*>", regex.IGNORECASE | regex.DOTALL)
"""An element the parser leaves out (``HIDDEN``), with its content."""
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)?[^<>]*>")
"""A tag (``re``: on this pattern several times faster than ``regex``), its name in group 2."""
_LINE_TAGS = BLOCKS | {"br"}
_HIDDEN_OPENINGS = tuple(f"<{tag}" for tag in sorted(HIDDEN))


def own_html_lines(html: str) -> str:
    """The lines a person reads in an HTML post, without what it quotes in ``<blockquote>`` (nested ones too) nor
    its hidden parts: blank lines dropped, entities read. A few pattern passes, where ``html_to_text`` feeds a parser
    (about six times slower; collect reads every post of a forum this way)."""
    lower = html.lower()
    if any(opening in lower for opening in _HIDDEN_OPENINGS):
        html = _HIDDEN_BLOCK.sub("", html)
    while "<blockquote" in lower:
        shorter = _QUOTED_BLOCK.sub("\n", html)
        if shorter == html:
            break
        html, lower = shorter, shorter.lower()
    text = _TAG.sub(_tag_text, html.replace("\r", " ").replace("\n", " "))
    if "&" in text:
        text = unescape(text)
    lines = (" ".join(line.split()) for line in text.split("\n"))
    return "".join(line + "\n" for line in lines if line)


def _tag_text(tag: re.Match[str]) -> str:
    """What a tag leaves of a line: a break for a block or ``<br>``, nothing for any other."""
    name = tag.group(2)
    return "\n" if name is not None and name.lower() in _LINE_TAGS else ""


def html_to_text(html: str) -> str:
    """The readable text of an HTML document or fragment."""
    parser = _TextParser()
    parser.feed(html)
    parser.close()
    return parser.text()
