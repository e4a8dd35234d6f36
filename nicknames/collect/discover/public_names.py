"""What marks a full name in a text as a public one (a cited author, a public figure), not a private person's.

A forum of a field writes the names of its authors, thinkers and figures of the news far more often than those of
private people who do not post there, mostly once each, so that "many people write it" (``others.PUBLIC_SENDERS``)
tells little in a small export. The words around a name do: a work of its own ("Ada Berg's paper", "a book by Ada
Berg", "<a …>The Tragedy</a> by Ada Berg"), a year or "et al." as a citation has them ("Berg (1968)", "Ada Berg,
1968)"), a calling of public life just before it ("philosopher Ada Berg", "President Ada Berg"), a quotation it
signs ('"…" -- Ada Berg'), or a link to an encyclopaedia or a bookshop that it is the text of. ``others`` does not
propose a name so cued (unless a title, a relation or an address to the person also names it there, which a private
person's name has).
"""

from __future__ import annotations

import regex

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
