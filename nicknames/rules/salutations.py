"""Find the names in a message's greeting (the addressee), and the pieces of a salutation both ends share: name
tokens, the last lines of a text, checks of found names; the sign-off's names are in ``rules.signoffs``."""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable

import regex

from nicknames.rules.footers import footer_start
from nicknames.rules.html_text import markup_lines
from nicknames.rules.languages import languages
from nicknames.rules.quotes import is_attribution
from nicknames.rules.salutation_rules import (
    DEFAULT_RULES,
    PATTERN_TIMEOUT,
    TITLES,
    Rules,
    pattern_error,
)
from nicknames.rules.stopwords import (
    ABBREVIATIONS,
    GROUP_NOUNS,
    common_words,
    name_words,
)
from nicknames.rules.titled_initials import titled_initial, titled_initial_at

__all__ = ["DEFAULT_RULES", "PATTERN_TIMEOUT", "TITLES", "Rules", "pattern_error"]  # the rule set lives in salutation_rules

TITLE = r"(?:[DdMm]rs?|Ms|Mx|Prof|St)\."
_WORD_TAIL = r"[\p{L}\p{M}'’]*(?:-[\p{L}\p{M}'’]+)*"
"""The rest of a word: letters and apostrophes, and hyphens only between letters ("Bill--see" is "Bill")."""
TOKEN = rf"(?:{TITLE}|\p{{Lu}}\.(?:\p{{Lu}}\.)*|\p{{Lu}}{_WORD_TAIL}|\p{{Lo}}+)"
"""A capitalised word (with apostrophes and hyphens), an initial with its dot, a title, or a caseless word.

A word ending in a full stop ends the name ("Dennis. Thanks" is "Dennis"), unless it is an initial or a title."""
LOOSE_TOKEN = rf"(?:{TITLE}|\p{{L}}\.|\p{{L}}{_WORD_TAIL})"
"""Any word: accepted only right after a closer or a dash, where a lower-case signature is common."""
SEPARATOR = rf"\s*(?:,|&|\+|/|\b(?:{'|'.join(languages().conjunctions)})\b)\s*"
"""What separates names after one greeting: a comma, "&", "+", "/", or "and" in a language of the packs ("och")."""

_DIGIT = regex.compile(r"\d")
NAME_GROUP = rf"{TOKEN}(?:[^\S\n]+{TOKEN}){{0,2}}"
_NAMES_AT_START = regex.compile(rf"{NAME_GROUP}(?:{SEPARATOR}{NAME_GROUP})*")
_ONE_GROUP = regex.compile(NAME_GROUP)
_MENTION = regex.compile(r"(?<![\w.+\-'’])@(\p{L}[\p{L}\p{M}\w.'’\-]*\w)")
"""An ``@name``; not the domain of an address, also one a news archive shortened ("ann...@example.org writes:")."""
_VOCATIVE = regex.compile(rf"^\s*(?P<names>{NAME_GROUP}(?:{SEPARATOR}{NAME_GROUP})*)\s*[,!\-–—]+\s*$")
"""A first line that only addresses someone ("Mary,"); a word and a colon is a label ("Addition:")."""
SENTENCE_END = regex.compile(r"(?<=[.!?])(?<!(?:^|[\s(])(?:\p{Lu}|[DdMm]rs?|Ms|Prof|St)\.)\s+")
"""Where one sentence ends and the next begins; not after an initial or a title ("Arthur C. Clarke")."""
_FINAL_INITIAL = regex.compile(r"(?:^|\s|\.)\p{Lu}\.$")


def greeting_names(text: str, rules: Rules = DEFAULT_RULES) -> tuple[str, ...]:
    """Names addressed at the start of a message: "Hi Mary and Rob", "@Mary", a bare "Mary,"."""
    first = _first_line(text)
    if first is None:
        return ()
    return rules.read(("greeting", first), lambda: _greeted(first, rules)) or ()


def _greeted(first: str, rules: Rules) -> tuple[str, ...]:
    """The names a message's first line addresses; an ``@name`` only in its first sentence ("Thanks @Ann, it
    works"): later ones mention people ("Yes. @Ben had it too")."""
    names = [_clean(m.group(1)) for m in _MENTION.finditer(SENTENCE_END.split(first, 1)[0])] if "@" in first else []
    match = rules.match("greeting", first)
    if match is not None and _SIGNED_AFTER_SENTENCE.search(first, 0, match.start("rest")):
        return tuple(valid_names(names, rules))  # "Thanks! -jojo": the sentence ended, the dash signs
    if match is not None and _ENDED.search(first, 0, match.start("rest")):
        match = None  # "Thank you. Fixed it.": the greeting's sentence ended, no name of it follows
    found = (_names_in(match["rest"], rules) or _lower_case_name(match["rest"])) if match else []
    if match is not None and found and _INTRODUCED_HERE.match(match["rest"].lstrip(), len(found[0])):
        found = []  # "Hey! Ximena here - ...": the sender's own name, not the greeted one
    if not found and (vocative := _VOCATIVE.match(first)) is not None and (
            match is None or vocative["names"].casefold() in languages().names_too):
        found = _names_in(vocative["names"], rules)  # "Mary," or a greeting word that is also a name ("Dag,")
    if not names and not found and (thanked := _THANKED.search(first)) is not None:
        found = [thanked["name"]]  # "found them, thanks Kas!"
    return tuple(valid_names(names + found, rules))


PUNCTUATION_END = r"[^\S\n]*(?:[,.!:;()\-–—]|\n|\Z)"
"""Punctuation or a line's end, after a word."""
AFTER_OWN_NAME = rf"(?:{PUNCTUATION_END}|[^\S\n]+(?:again|but|and|from|with)\b)"
"""What follows a word such as "here" after the writer's own name ("Bart here, ...", "Seun here but ..."): not a
sentence going on ("Hi Mary here is the file", "Everyone here is"); see also ``rules.introductions``."""
_INTRODUCED_HERE = regex.compile(rf"[^\S\n]+(?i:{'|'.join(map(regex.escape, languages().here_words))}){AFTER_OWN_NAME}")
"""A word such as "here" and punctuation or "but" after the first name: the sender names themselves ("Hey! Ximena
here -", "Hey, Seun here but ..."), unlike "Hi Mary here is the file"."""
_SIGNED_AFTER_SENTENCE = regex.compile(r"[.!?][^\S\n]*[-–—~]+[^\S\n]*\Z")
"""A greeting word's sentence ended, then a dash: what follows signs the message ("Thanks! -jojo")."""
_ENDED = regex.compile(r"\w[.?][^\S\n]*\Z")
"""A greeting word's sentence ended by a full stop or a question mark before what follows."""
_THANKED = regex.compile(r"(?<!\w)(?i:thanks|thank[^\S\n]+you|thx|ty)[^\S\n]+(?P<name>\p{Lu}[\p{Ll}\p{M}'’]+(?:-\p{Lu}[\p{Ll}\p{M}'’]+)?)"
                      r"[^\S\n]*!+[^\S\n]*$")
"""Thanks to one capitalised name at the end of the first line, with an exclamation mark: "found them, thanks Kas!"."""


def _first_line(text: str) -> str | None:
    """The first non-blank line, from the start of the text only (as ``splitlines`` of the whole text gives it)."""
    start = 0
    while True:  # lines cut at "\n" while each holds nothing else splitlines breaks at (nor a tab, for short)
        end = text.find("\n", start)
        line = text[start:] if end < 0 else text[start:end]
        if not line.isprintable():
            return _first_split_line(text)
        if line.strip():
            return line
        if end < 0:
            return None
        start = end + 1


def _first_split_line(text: str) -> str | None:
    """``_first_line`` of any text: ``splitlines`` of a growing head."""
    size = 256
    while True:
        head = text[:size]
        lines = head.splitlines()
        complete = lines if len(head) == len(text) else lines[:-1]
        found = next((line for line in complete if line.strip()), None)
        if found is not None or len(head) == len(text):
            return found
        size *= 4


def last_lines_of(text: str, count: int) -> list[str]:
    """The last ``count`` non-blank lines, stripped, read from the end of the text only.

    The same as the tail of ``[line.strip() for line in text.splitlines() if line.strip()]``.
    """
    size = 1024
    while True:
        tail = text[-size:]
        lines = tail.splitlines()
        complete = lines if len(tail) == len(text) else lines[1:]  # the first one may be cut
        found = [line.strip() for line in complete if line.strip()]
        if len(found) >= count or len(tail) == len(text):
            return found[-count:]
        size *= 4


_LOWER_NAME = regex.compile(r"^\s*(\p{Ll}[\p{L}\p{M}'’\-]*)\s*[,!:\-–—]*\s*$")


def _lower_case_name(rest: str) -> list[str]:
    """A lone lower-case word after a greeting ("Thank you abby,"); collect drops it when it is a word."""
    match = _LOWER_NAME.match(rest)
    return [match.group(1)] if match else []


def _names_in(rest: str, rules: Rules) -> list[str]:
    rest = rest.lstrip()
    if (titled := titled_initial_at(rest)) is not None:
        return [titled]  # "Hi Dr. Q,": a title and an initial name the teacher
    while (title := _FIRST_WORD.match(rest)) is not None and title[1].casefold() in rules.titles:
        rest = rest[title.end() :]  # "Querida profesora Ortega": a title in lower case opens no name
    match = _NAMES_AT_START.match(rest)
    if match is None:
        return []
    found = match.group()
    if _LOWER_WORD_NEXT.match(rest, match.end()):
        found = _without_sentence_start(found)
    groups = [group for group in _ONE_GROUP.finditer(found) if not _names_group(rest, group)]
    return [name for name in (cut_at_stopword(group.group(), rules) for group in groups) if name]


def _names_group(rest: str, group: regex.Match[str]) -> bool:
    """True when the words of ``group`` are a group's name: a group noun closes them, in the group itself or right
    after it ("Dear Harbour Teaching Mailing List,", "Hello Stats Group"; not "Hi Mary, team")."""
    words = group.group().split()
    following = _NEXT_GREETED_WORD.match(rest, group.end())
    return any(word.casefold() in GROUP_NOUNS for word in words[1:]) or (
        following is not None and following.group(1).casefold() in GROUP_NOUNS)


_NEXT_GREETED_WORD = regex.compile(r"[^\S\n]+(\p{L}+)")


_LOWER_WORD_NEXT = regex.compile(r"[^\S\n]+\p{Ll}")
_FIRST_WORD = regex.compile(r"(\p{L}+)\.?[^\S\n]+(?=\p{L})")


def _without_sentence_start(names: str) -> str:
    """The names without a last word that opens the sentence after them ("Hi Mary Space elevators ...").

    In a message flattened into one line the greeting runs into the first sentence; a common word
    that is not also a name, capitalised before a lower-case word, starts that sentence.
    """
    head, _, last = names.rpartition(" ")
    key = last.casefold()
    if head and key in common_words() and key not in name_words():
        return head.rstrip()
    return names


def cut_at_stopword(group: str, rules: Rules) -> str:
    """Keep the words of a name group before the first stop word ("Mary Thanks" → "Mary")."""
    if (titled := titled_initial(group)) is not None:
        return titled  # "Dr. Q": the title stays with one letter, which alone is too short a name
    kept: list[str] = []
    words = group.split()
    while len(words) > 1 and words[0].rstrip(".").lower() in rules.titles:
        words.pop(0)
    for word in words:
        if word.rstrip(".").lower() in rules.stopwords and not (len(words) == 1 and _AN_INITIAL.fullmatch(word)):
            break
        kept.append(word)
    return " ".join(kept)


def _clean(name: str) -> str:
    """Strip surrounding punctuation, but keep the dot of a final initial ("Rob G.")."""
    name = name.strip().strip(",;:!?\"'()[]{}<>*_=")
    if name.endswith(".") and not _FINAL_INITIAL.search(name):
        name = name.rstrip(".")
    return name.strip()


_INITIALS = regex.compile(r"\p{Lu}{2,3}")
_AN_INITIAL = regex.compile(r"\p{Lu}{2,3}|\p{Lu}\.")
"""Initials signed alone, never a stop word: "HE", "AT", or one capital and its dot ("T.", "A.")."""


def valid_names(names: Iterable[str], rules: Rules, initials: bool = False) -> list[str]:
    """Distinct cleaned names, without digits, stop words, single letters or the names of a group (``_GROUP_NAME``).

    With ``initials`` (sign-offs), two or three capitals are kept even when they
    spell a stop word or a title ("HE", "MR" are someone's initials there).
    """
    result: list[str] = []
    for raw in names:
        name = _clean(raw)
        if (len(name) < 2 and not (initials and name.isalpha())) or _DIGIT.search(name) or _GROUP_NAME.search(name):
            continue
        if name.lower() in rules.stopwords and not (initials and _INITIALS.fullmatch(name)
                                                     and name.lower() not in ABBREVIATIONS):
            continue
        if name not in result:
            result.append(sys.intern(name))  # one copy of each name however many lines give it
    return result


_GROUP_NAME = regex.compile(r"\b\p{Lu}+-\p{Ll}|\b\p{Lu}{2,}-\p{Lu}\p{Ll}|\p{L}['’-]ers\b")
"""A mailing list or a group greeted by its name, not a person: an acronym or a letter joined to a word ("Dear
QX-Metadata", "Hi R-devel", "Dear UK-Team"), or its members ("Hello NLP-ers", "Dear QX'ers"); "Jean-Luc" and
"JEAN-LUC" stay names."""
_NAME_END = regex.compile(r"[^\S\n]*[-–—~*_=.!,;:)\]]*[^\S\n]*(?:\n|$)")
_OPENING = regex.compile(r"[\s\-–—~*_=>/(\[]*\??")
SIGNATURE_LINES_AFTER = 3
"""Lines a signature block may hold after a short sign-off ("kd", then a name, a title, a phone number)."""


def in_salutation(text: str, start: int, end: int, rules: Rules = DEFAULT_RULES) -> bool:
    """True when ``text[start:end]`` stands where a greeting or a sign-off names someone.

    A sign-off ends its line, within the last lines of the message, after nothing but decoration, a
    sentence end or a closer ("Thanks. kd", "thanks kd", "--M"); a greeting opens the first line, alone
    or after a greeting word ("kd,", "Hi M -"). Apply replaces short names ("M", "kd") there, and where they sign a
    line of the sign-off zone above a quote or a signature block (``signs_its_line``). An HTML post's
    lines are those its paragraphs and breaks make ("<p>Thanks!</p><p>-- M</p>").
    """
    text = markup_lines(text)
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    if signs_its_line(text, start, end, rules) and _near_end(text, end):
        return True
    if text[:line_start].strip():
        return False
    after = text[end : end + 1]
    if after and not (after.isspace() or after in ",:;!-–—"):
        return False
    match = rules.match("greeting", before)
    return bool(_OPENING.fullmatch(before) or (match is not None and not match["rest"].strip()))


def signs_its_line(text: str, start: int, end: int, rules: Rules = DEFAULT_RULES) -> bool:
    """True when ``text[start:end]`` ends its line after nothing but decoration, a sentence end or a closer ("--kd",
    "Thanks. kd"): a sign-off's shape, wherever the line stands (``in_salutation`` asks for the message's last
    lines too)."""
    if _NAME_END.match(text, end) is None:
        return False
    opening = _sentence_before(text, start)
    return _OPENING.fullmatch(opening) is not None or _closes(opening, rules)


def after_closer(text: str, start: int, end: int, rules: Rules = DEFAULT_RULES) -> bool:
    """True when ``text[start:end]`` ends its line right after a closer that opens its sentence ("Just a thought.
    Cheers, Ann."), however many lines follow: a sign-off above a signature block of any size."""
    return _NAME_END.match(text, end) is not None and _closes(_sentence_before(text, start), rules)


def _sentence_before(text: str, start: int) -> str:
    """What stands before ``start`` in its line's last sentence ("Cheers, " of "Just a thought.  Cheers, Ann")."""
    return SENTENCE_END.split(text[text.rfind("\n", 0, start) + 1 : start])[-1]


def ends_own_words(text: str, start: int, end: int) -> bool:
    """True when ``text[start:end]`` opens a sentence after another on its line and ends the writer's words: nothing
    but blank lines, a rule or a signature's delimiter, a footer or a quote follows ("Sorry to bother the list with
    this. Ann\n-.-.-.-"): a sign-off written onto the last line of prose."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    if not before.strip() or SENTENCE_END.split(before)[-1] or _NAME_END.match(text, end) is None:
        return False
    line_end = text.find("\n", end)
    return _OWN_WORDS_END.match(text, len(text) if line_end < 0 else line_end) is not None


_OWN_WORDS_END = regex.compile(r"\s*(?:\Z|(?:--|[-_=~*.]{3,}|>)[^\n]*(?:\n|\Z))")
"""Where a writer's words end: the text's end, or blank lines, then a rule, a signature's delimiter or a quote."""


def above_own_name(text: str, start: int, end: int, own_words: Collection[str]) -> bool:
    """True when ``text[start:end]`` stands alone on its line and the next line that is not blank opens with it and
    holds, among its next words, another word of the sender's names (``own_words``): a sign-off above the sender's
    signature block, however long ("Harold\n\nHarold D. Penbrook, PhD\nProfessor of …")."""
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip() or _NAME_END.match(text, end) is None:
        return False
    following = _LINE_BELOW.match(text, end)
    if following is None:
        return False
    words = following.group(1).split(maxsplit=_OWN_NAME_WORDS + 1)
    return bool(words) and words[0] == text[start:end] and any(
        word.strip(",.;") in own_words for word in words[1 : _OWN_NAME_WORDS + 1])


_LINE_BELOW = regex.compile(r"[^\n]*\n(?:[^\S\n]*\n)*[^\S\n]*([^\n]+)")
"""The rest of a line, blank lines, and the next line's text."""
_OWN_NAME_WORDS = 3
"""Words after the sign-off's name on the line below in which the sender's other name is looked for."""


def _near_end(text: str, end: int) -> bool:
    """True when at most ``SIGNATURE_LINES_AFTER`` non-blank lines follow this offset's line, a footer
    aside (a mailing list's, a forum page's links: ``footers``), and the message it quotes below (its lines
    marked ">" and the attribution line above them: "On Mon, Ann wrote:"); past ``QUOTE_LINES_READ`` lines of a
    quote, the rest counts."""
    own = quoted = 0
    for line in _NEXT_LINE.finditer(text, end, max(end, footer_start(text))):
        first = line.start(1)
        if quoted < QUOTE_LINES_READ and (text.startswith(">", first) or is_attribution(_line_at(text, first))):
            quoted += 1
            continue
        own += 1
        if own > SIGNATURE_LINES_AFTER:
            return False
    return True


def _line_at(text: str, start: int) -> str:
    """The rest of the line from ``start``, its end stripped."""
    stop = text.find("\n", start)
    return text[start : len(text) if stop < 0 else stop].rstrip()


QUOTE_LINES_READ = 500
"""Lines of a quote below a sign-off passed over before the rest counts as text after it."""
_NEXT_LINE = regex.compile(r"\n[^\S\n]*(\S)")


def _closes(opening: str, rules: Rules) -> bool:
    """True when this start of a sentence is a closer with nothing after it ("Thanks, ", "Cheers ")."""
    match = rules.match("closer", opening)
    return match is not None and not match["rest"].strip()
