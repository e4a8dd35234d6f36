"""What marks a full name in a text as a public one (a cited author, a public figure) or a private person's.

A forum of a field writes the names of its authors, thinkers and figures of the news far more often than those of
private people who do not post there, mostly once each, so that "many people write it" (``others.PUBLIC_SENDERS``)
tells little in a small export. The words around a name do: a work of its own ("Ada Berg's paper", "a book by Ada
Berg", "<a …>The Tragedy</a> by Ada Berg"), a year or "et al." as a citation has them ("Berg (1968)", "Ada Berg,
1968)"), a calling of public life just before it ("philosopher Ada Berg", "President Ada Berg"), a quotation it
signs ('"…" -- Ada Berg'), or a link to an encyclopaedia or a bookshop that it is the text of; and the list of
public figures (``data/public_figures.txt``). ``others`` does not propose a name so cued (unless a title, a relation
or an author's place also names the person, which a private person's name has: a colleague thanked or working with
the writer, ``cue_around``; a mailbox's display name or an attribution line's author, ``AUTHOR_AFTER``).
"""

from __future__ import annotations

import regex

from nicknames.collect.discover.other_names import folded_name
from nicknames.rules.quotes import VERBS_AFTER_NAME
from nicknames.rules.stopwords import public_figures

WORKS = (
    "book|books|paper|papers|essay|essays|article|articles|chapter|textbook|novel|novels|poem|poems|play|plays"
    "|biography|memoir|memoirs|treatise|study|studies|lecture|lectures|speech|speeches|writings|works?|quote|quotes"
    "|theory|theories|law|laws|theorem|principle|paradox|conjecture|equation|hypothesis|model|razor|dictum"
    "|blog|column|channel|podcast|interview|interviews|talk|talks|letters|diaries|diary"
)
"""What an author or a figure made or said, after a possessive ("Ada Berg's paper") or before "by"."""
CALLINGS = (
    "author|writer|novelist|poet|playwright|philosopher|economist|historian|etymologist|linguist|physicist"
    "|mathematician|psychologist|sociologist|anthropologist|theologian|essayist|journalist|columnist|painter|artist"
    "|composer|sculptor|architect|statesman|stateswoman|politician|emperor|empress|king|queen|tsar|czar|pope"
    "|president|senator|chancellor|pharaoh|sultan|saint"
)
"""Callings of public life a name follows ("philosopher Ada Berg", "Emperor Ada")."""
REFERENCE_SITES = regex.compile(
    r"(?i)wiki(?:pedia|quote|source)\.org|britannica\.com|amazon\.|amzn|goodreads\.com|books\.google|imdb\.com"
    r"|worldcat\.org|jstor\.org|doi\.org|gutenberg\.org|scholar\.google"
)
"""Sites a link to which names an author or a figure: encyclopaedias, bookshops, libraries of papers."""

_WORK_OF = regex.compile(rf"(?i)['’]s?[^\S\n]+(?:[\p{{L}}\-]+[^\S\n]+)?(?:{WORKS})\b")
_BY = regex.compile(rf"(?:(?i:\b(?:{WORKS}))|[\"”*_]|</(?i:a|em|i|cite|b|strong)>|(?<=\S[^\S\n]+)\p{{Lu}}[\p{{L}}\-]*)"
                   r"[,.]?[^\S\n]+by[^\S\n]+\Z")
"""Authorship: a work, a title in quotes, emphasis or a link, or a capitalised word inside a line (a title's last
word, "Economics Now by"), then "by"."""
_CALLING = regex.compile(rf"(?i)\b(?:{CALLINGS})[^\S\n]+\Z")
_SIGNS_QUOTE = regex.compile(r"[.!?\"”»'’][^\S\n]*(?:--|[–—―])[^\S\n]*\Z")
_CITED = regex.compile(r"[^\S\n]*(?:\(\d{4}[a-z]?\)|,[^\S\n]*\d{4}[a-z]?\)|[^\S\n]+et[^\S\n]+al\b)")
_OPEN_ANCHOR = regex.compile(r"(?i)<a\b[^<>]*\bhref=[\"']([^\"']*)[\"'][^<>]*>[^<>]*\Z")
_OPEN_LABEL = regex.compile(r"\[[^\[\]\n]*\Z")
_LINK_TARGET = regex.compile(r"[^\[\]\n]*\]\(([^()\s]*)\)")
_BEFORE = 120
"""How far before a name its cue is looked for (a link's opening tag with its address)."""


def publicly_named(text: str, start: int, end: int) -> bool:
    """Whether the words around the name at ``text[start:end]`` mark it as a public name (see the module)."""
    before = text[max(0, start - _BEFORE) : start]
    return (_WORK_OF.match(text, end) is not None or _CITED.match(text, end) is not None
            or _BY.search(before) is not None or _CALLING.search(before) is not None
            or _SIGNS_QUOTE.search(before) is not None or _linked_to_reference(text, before, end))


def _linked_to_reference(text: str, before: str, end: int) -> bool:
    """True when the name is (in) the text of an HTML or Markdown link to an encyclopaedia or a bookshop."""
    anchor = _OPEN_ANCHOR.search(before)
    if anchor is not None:
        return REFERENCE_SITES.search(anchor.group(1)) is not None
    if _OPEN_LABEL.search(before) is None:
        return False
    target = _LINK_TARGET.match(text, end)
    return target is not None and REFERENCE_SITES.search(target.group(1)) is not None


def cue_around(text: str, found: tuple[str, str], start: int, end: int) -> str:
    """The tag of a full name found in a run from ``start`` to ``end`` as read with the words around it: a
    colleague's (``relation``: ``_colleague``), a public one (``public``: a public figure's name, or
    ``publicly_named``), else as found."""
    name, tag = found
    if tag != "fullname":
        return tag
    start = text.find(name.split(" ", 1)[0], start)
    if _colleague(text, start, end):
        return "relation"
    return "public" if folded_name(name) in public_figures() or publicly_named(text, start, end) else tag


def _colleague(text: str, start: int, end: int) -> bool:
    """True where a full name found in a run from ``start`` to ``end`` is thanked ("thanks also to Henrik Olsen") or
    works with the writer ("Henrik Olsen and I", "Henrik Olsen (mostly) and I"): a colleague's, however many write
    it, not a public name's."""
    return (_THANKED.search(text, max(0, start - 40), start) is not None
            or _WITH_THE_WRITER.match(text, end) is not None)


THANKS = r"\bthank(?:s|[^\S\n]+you)?(?:[^\S\n]+(?:also|too))?"
"""Thanks, with "also" or "too" after them."""
_THANKED = regex.compile(rf"(?i:{THANKS}(?:[^\S\n]+to)?)\s+$")
_WITH_THE_WRITER = regex.compile(r"(?:[^\S\n]*\([^()\n]{0,20}\))?,?\s+and\s+(?:I|me|myself)\b")


AUTHOR_AFTER = regex.compile(
    r"(?:[^\S\n]+\([^()\n]{1,30}\))?[\"”]?[^\S\n]*\n?[^\S\n]*<[^<>\s@]+(?:@|[^\S\n]+at[^\S\n]+)[^<>\s@]+>"
    r"|[^\S\n]+(?i:%s)[^\S\n]*:" % "|".join(map(regex.escape, VERBS_AFTER_NAME)))
"""An address in angle brackets right after a name (its mailbox's display name), also after a remark in brackets,
a closing quote or a line break ('"Ann Lee (home)"\n<ann@example.org>'), and written " at " as mail archives write
it to hide it from harvesters ("<ann at example.org>"); or an attribution line's verb ("… wrote:"): the name is an
author's."""
