"""Find the names in a message's greeting (the addressee) and sign-off (the author)."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterable

import regex

from nicknames.rules.languages import languages
from nicknames.rules.salutation_rules import (
    DECORATION,
    DEFAULT_RULES,
    PATTERN_TIMEOUT,
    ROLE_WORDS,
    TITLES,
    Rules,
    pattern_error,
)
from nicknames.rules.stopwords import ABBREVIATIONS, common_words, name_words

__all__ = ["DEFAULT_RULES", "PATTERN_TIMEOUT", "TITLES", "Rules", "pattern_error"]  # the rule set lives in salutation_rules

TITLE = r"(?:[DdMm]rs?|Ms|Mx|Prof|St)\."
_WORD_TAIL = r"[\p{L}\p{M}'’]*(?:-[\p{L}\p{M}'’]+)*"
"""The rest of a word: letters and apostrophes, and hyphens only between letters ("Bill--see" is "Bill")."""
TOKEN = rf"(?:{TITLE}|\p{{Lu}}\.(?:\p{{Lu}}\.)*|\p{{Lu}}{_WORD_TAIL}|\p{{Lo}}+)"
"""A capitalised word (with apostrophes and hyphens), an initial with its dot, a title, or a caseless word.

A word ending in a full stop ends the name ("Dennis. Thanks" is "Dennis"), unless it is an initial or a title."""
LOOSE_TOKEN = rf"(?:{TITLE}|\p{{L}}\.|\p{{L}}{_WORD_TAIL})"
"""Any word: accepted only right after a closer or a dash, where a lower-case signature is common."""
SPACED = r"(?:\p{L} ){2,}\p{L}"
"""Letters separated by single spaces: "R o b e r t"."""
DASHED_INITIALS = r"[-–—~]\p{Lu}{1,4}[-–—~]"
"""Initials wrapped in dashes: "-RG-"."""
SEPARATOR = rf"\s*(?:,|&|\+|/|\b(?:{'|'.join(languages().conjunctions)})\b)\s*"
"""What separates names after one greeting: a comma, "&", "+", "/", or "and" in a language of the packs ("och")."""
SIGNATURE_END = r"[\s\-–—~*_=>.!,;]*"
"""What may follow a signed name: decoration, but no colon ("Mistype:", "-- Installing:" open a note or a log line)."""

_DIGIT = regex.compile(r"\d")
_GROUP = rf"{TOKEN}(?:[^\S\n]+{TOKEN}){{0,2}}"
_LOOSE_GROUP = rf"{LOOSE_TOKEN}(?:[^\S\n]+{LOOSE_TOKEN}){{0,2}}"
_NAMES_AT_START = regex.compile(rf"{_GROUP}(?:{SEPARATOR}{_GROUP})*")
_ONE_GROUP = regex.compile(_GROUP)
_MENTION = regex.compile(r"(?<!\w)@(\p{L}[\p{L}\p{M}\w.'’\-]*\w)")
_VOCATIVE = regex.compile(rf"^\s*(?P<names>{_GROUP}(?:{SEPARATOR}{_GROUP})*)\s*[,!\-–—]+\s*$")
"""A first line that only addresses someone ("Mary,"); a word and a colon is a label ("Addition:")."""
_SIGNATURE = regex.compile(rf"^{DECORATION}/?(?P<name>{DASHED_INITIALS}|{SPACED}|{_GROUP}){SIGNATURE_END}$")
"""A bare last line taken as a signature: one name group only, so "Sunnyvale, CA" is not one."""
_DASH_CLOSER = regex.compile(r"^\s*[-–—~]+\s*")
_LOOSE_SIGNATURE = regex.compile(
    rf"^{DECORATION}/?(?P<name>{DASHED_INITIALS}|{SPACED}|{_LOOSE_GROUP}(?:{SEPARATOR}{_LOOSE_GROUP})?){SIGNATURE_END}$"
)
_DASHED = regex.compile(rf"^\s*{DASHED_INITIALS}\s*$")
_LISTED = regex.compile(r"\s*[-–—~*•]")
"""A line that starts like an item of a list or a line of a log ("- one", "-- Installing: ...")."""
_RULED = regex.compile(r"\s*[-–—~=_*]{2,}.*[-–—~=_*]{2,}\s*$")
"""A line between rules of dashes: a separator such as "-----Original Message-----", not a signature."""
_SPACED_NAME = regex.compile(SPACED)
_DASHED_NAME = regex.compile(DASHED_INITIALS)
_SEPARATOR = regex.compile(SEPARATOR)
_ROLE_WORD = rf"\b(?i:{'|'.join(sorted(ROLE_WORDS))})\b"
"""A word of a job title, in any case."""
_ROLE_LINE = regex.compile(_ROLE_WORD)
_CONTINUED = regex.compile(rf"[^\S\n]*(?:{'|'.join(languages().conjunctions)})\b")
"""A closer's line going on with "and" in a language of the packs: a sentence, not a name after it."""
_FIRST_LOWER_WORD = regex.compile(r"[^\S\n]*(\p{Ll}+)\b")
_SENTENCE_END = regex.compile(r"(?<=[.!?])(?<!(?:^|[\s(])(?:\p{Lu}|[DdMm]rs?|Ms|Prof|St)\.)\s+")
"""Where one sentence ends and the next begins; not after an initial or a title ("Arthur C. Clarke")."""
_SENTENCE_CLOSE = regex.compile(r"[.!?]['\")\]]*\s*$")
_FINAL_INITIAL = regex.compile(r"(?:^|\s|\.)\p{Lu}\.$")
_TRAILING_DASHED = regex.compile(rf"(?:^|[\s,])(?P<initials>{DASHED_INITIALS})\s*$")


def greeting_names(text: str, rules: Rules = DEFAULT_RULES) -> tuple[str, ...]:
    """Names addressed at the start of a message: "Hi Mary and Rob", "@Mary", a bare "Mary,"."""
    first = _first_line(text)
    if first is None:
        return ()
    return rules.read(("greeting", first), lambda: _greeted(first, rules)) or ()


def _greeted(first: str, rules: Rules) -> tuple[str, ...]:
    """The names a message's first line addresses; an ``@name`` only in its first sentence ("Thanks @Ann, it
    works"): later ones mention people ("Yes. @Ben had it too")."""
    names = [_clean(m.group(1)) for m in _MENTION.finditer(_SENTENCE_END.split(first, 1)[0])] if "@" in first else []
    match = rules.match("greeting", first)
    if match is not None and _SIGNED_AFTER_SENTENCE.search(first, 0, match.start("rest")):
        return tuple(_valid(names, rules))  # "Thanks! -jojo": the sentence ended, the dash signs
    found = (_names_in(match["rest"], rules) or _lower_case_name(match["rest"])) if match else []
    if match is not None and found and _INTRODUCED_HERE.match(match["rest"].lstrip(), len(found[0])):
        found = []  # "Hey! Ximena here - ...": the sender's own name, not the greeted one
    if not found and (vocative := _VOCATIVE.match(first)) is not None and (
            match is None or vocative["names"].casefold() in languages().names_too):
        found = _names_in(vocative["names"], rules)  # "Mary," or a greeting word that is also a name ("Dag,")
    if not names and not found and (thanked := _THANKED.search(first)) is not None:
        found = [thanked["name"]]  # "found them, thanks Kas!"
    return tuple(_valid(names + found, rules))


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
_THANKED = regex.compile(r"(?<!\w)(?i:thanks|thank[^\S\n]+you|thx|ty)[^\S\n]+(?P<name>\p{Lu}[\p{Ll}\p{M}'’]+(?:-\p{Lu}[\p{Ll}\p{M}'’]+)?)"
                      r"[^\S\n]*!+[^\S\n]*$")
"""Thanks to one capitalised name at the end of the first line, with an exclamation mark: "found them, thanks Kas!"."""


def signoff_names(text: str, rules: Rules = DEFAULT_RULES, last_lines: int = 4) -> tuple[str, ...]:
    """Names signed at the end of a message: "Thanks, Rob", "Cheers\nR o b e r t", a bare "-RG-".

    A message flattened into one line ("... What do you think? Arthur") is read as if each of
    the last line's sentences stood on a line of its own, when the lines give no name.
    """
    count = max(last_lines, 2)
    lines = _without_quotation(last_lines_of(text, count + QUOTATION_LINES + 1))[-count:]
    signed = _signed_in(lines, rules, last_lines) if len(lines) >= 2 else ()
    if signed or not lines or _ends_list(lines):
        return signed
    flat = flattened(lines[-1])
    if len(flat) < 2:
        return tuple(_valid(_dashed_at_end(lines[-1], rules), rules, initials=True)) if len(lines) == 1 else ()
    return _signed_in(lines[:-1] + flat, rules, last_lines)


QUOTATION_LINES = 4
"""Lines a quotation at the end of a message may take (see ``_without_quotation``)."""


def bare_lower_signature(text: str) -> str | None:
    """A lone lower-case word on the message's last line, below some text ("…tight tho\ngreta"): the way a forum
    that writes in lower case signs, and as often a word ("ok", "done"), so collect keeps it only as a form of the
    sender's registered name."""
    tail = text.rstrip()[-(_BARE_WORD_CHARS + 3):]
    match = _BARE_LOWER.search(tail)
    return match["name"] if match is not None and tail[: match.start()].strip() else None


_BARE_WORD_CHARS = 40
_BARE_LOWER = regex.compile(r"\n\s*(?P<name>\p{Ll}[\p{Ll}\p{M}'’\-]{2,39})[.!]*\Z")
_ATTRIBUTION = regex.compile(r"[-–—~]+(?:[^\S\n]+\p{Lu}.*|\p{Lu}\S*[^\S\n]+\S.*)")
"""The author of a quotation, as written under it: "-- Descartes", "-Leonardo da Vinci"; one word right after the
dash is more often the sender's own signature ("-Otto")."""
_QUOTE_OPENS = regex.compile(r"[\"“«„]\S")
_QUOTE_CLOSES = regex.compile(r".*[\"”»][^\S\n]*")


def _without_quotation(lines: list[str]) -> list[str]:
    """The last lines without a quotation and its attribution at the end ("\"Doubt is the origin of wisdom.\"" then
    "-- Descartes"): the author of a quotation signs nothing; the sender's signature is above it."""
    if len(lines) < 3 or not _ATTRIBUTION.fullmatch(lines[-1]) or not _QUOTE_CLOSES.fullmatch(lines[-2]):
        return lines
    for start in range(len(lines) - 2, max(len(lines) - 2 - QUOTATION_LINES, 0), -1):
        if _QUOTE_OPENS.match(lines[start]):
            return lines[:start]
    return lines


def flattened(line: str) -> list[str]:
    """The sentences of a line whose last sentence may be a sign-off: none when it ends as a sentence does.

    A signature does not end with a full stop, question or exclamation mark ("Go team!" is not one).
    """
    if _SENTENCE_CLOSE.search(line):
        return []
    return [sentence for sentence in _SENTENCE_END.split(line) if sentence]


def _signed_in(lines: list[str], rules: Rules, last_lines: int) -> tuple[str, ...]:
    """The names signed in these last lines of a message (the first of them is never a sign-off)."""
    tail = lines[1:][-last_lines:]  # the first line is the greeting's, never a sign-off
    for index in range(len(tail) - 1, -1, -1):
        match = rules.match("closer", tail[index])
        if match is None or _RULED.match(tail[index]) or (index == len(tail) - 1 and _ONE_INITIAL.fullmatch(tail[index])):
            continue  # a last line of one capital and a dot is an initial ("T."), not a pack's closer of that shape
        if _LISTED.match(tail[index]) and _LISTED.match(lines[len(lines) - len(tail) + index - 1]):
            return ()  # a run of "- item" or "-- Installing: ..." lines: a list or a log, not a signature
        closing = tuple(tail[index:])
        signed = rules.read(("closing", *closing), lambda: _signed_after(closing, match, rules))
        if signed is not None:
            return signed
        # else a sentence that starts like a closer ("Thanks for the tip!"): look further up
    last = lines[-1]
    if _ends_list(lines):
        return ()  # the last of a list of words or an address, not a signature
    if _ROLE_LINE.search(last):  # a job title ("Research Scientist"): the name may stand above it
        above = lines[-2]
        if len(lines) < 3 or _ROLE_LINE.search(above) or _SENTENCE_CLOSE.search(above):
            return ()
        last = above
    return rules.read(("last line", last), lambda: _signed_last(last, rules)) or ()


ITEM_WORDS = 3
"""A line of at most this many words, without a sentence's punctuation, is an item of a list."""
_PUNCTUATED = regex.compile(r"[.!?,;:]\s*$")


def _ends_list(lines: list[str]) -> bool:
    """True when the two lines above the last are items of a list: the last line is one more item."""
    return len(lines) >= 3 and all(map(_is_item, lines[-3:-1]))


def _is_item(line: str) -> bool:
    return len(line.split()) <= ITEM_WORDS and _PUNCTUATED.search(line) is None


def _signed_after(closing: tuple[str, ...], match: regex.Match[str], rules: Rules) -> tuple[str, ...] | None:
    """The names signed by a closing: a line that ``match`` found a closer at and the lines after it.

    None when the closer starts a sentence without a name, so that the lines above may hold the closer.
    """
    if any(_is_prose(line) for line in closing[2:]):
        return _signed_last(closing[-1], rules)  # prose follows: "Thanks Helen!" opened a paragraph
    if (dashed := _TRAILING_DASHED.search(closing[0])) is not None:
        return (dashed["initials"],)  # "Cheers, -PA-": the closer's decoration must not eat the first dash
    # After a bare "--" (the signature delimiter) only a capitalised name counts: "Scanned by ..." is not one.
    loose = _DASH_CLOSER.fullmatch(closing[0]) is None
    if match["rest"].strip():
        rest = match["rest"]
        if _continues(rest, rules):  # "Thanks, and Tobias agrees.": a sentence goes on; a name may follow a comma
            _, comma, rest = rest.partition(",")  # "Thanks in advance, Otto", not "Good luck in Hull, go team!"
            loose = False
            if not comma or not rest.strip():
                return None
        names = _signature(rest, loose=loose, rules=rules)
        if names and len(closing) > 1 and _thanks_someone(closing[0], match):
            below = _valid(_signature(closing[1], loose=False, rules=rules), rules, initials=True)
            if below:  # "thanks Kas!" above "Marisol": Marisol signs, Kas is thanked
                return tuple(below)
        return tuple(_valid(names, rules, initials=True)) if names else None
    if len(closing) > 1:
        return tuple(_valid(_signature(closing[1], loose=loose, rules=rules), rules, initials=True))
    return ()


def _thanks_someone(line: str, match: regex.Match[str]) -> bool:
    """Whether a closer's line addresses the name after it rather than signs with it: no comma or dash between the
    closer and the name, and an exclamation mark at the end ("thanks Kas!", not "Thanks, Rob")."""
    between = line[: match.start("rest")].rstrip()
    return line.rstrip().endswith("!") and not between.endswith((",", "-", "–", "—", ":", ";"))


def _continues(rest: str, rules: Rules) -> bool:
    """Whether what follows a closer on its line goes on as a sentence: it starts with "and" or another lower-case
    stop word ("Thanks, and Tobias agrees.", "Thanks in advance"), which no signature does."""
    if _CONTINUED.match(rest):
        return True
    first = _FIRST_LOWER_WORD.match(rest)
    return first is not None and first[1] in rules.stopwords


def _signed_last(last: str, rules: Rules) -> tuple[str, ...]:
    """The names of a bare signature on the last line, when no closer signs the message."""
    if _RULED.match(last):
        return ()  # "-----Original Message-----" and its translations
    names = _signature(last, loose=False, rules=rules)
    if not names and (sentences := _SENTENCE_END.split(last))[-1] != last:
        names = _signature(sentences[-1], loose=False, rules=rules)  # "Gracias. DF"
        last = sentences[-1]
    if not names and (short := _SHORT_SIGNATURE.fullmatch(last)) is not None:
        names = [short["name"]]  # "kd", "/J": collect keeps them only as the sender's own initials
    if not names and (dashed := _DASHED_LOWER.search(last)) is not None:
        names = [dashed["name"]]  # "-jojo", "Thanks! -jojo": collect drops it when the file uses it as a word
    if not names:
        names = _dashed_at_end(last, rules)  # "Happy to help :) -- Iggy"
    return tuple(_valid(names, rules, initials=True))


def _dashed_at_end(line: str, rules: Rules) -> list[str]:
    """The capitalised name a line of prose ends with after a dash (``_DASHED_AT_END``), without what follows a stop
    word ("-- Thanks Iggy" gives nothing)."""
    dashed = _DASHED_AT_END.search(line)
    cut = cut_at_stopword(dashed["name"], rules) if dashed is not None else ""
    return [cut] if cut else []


_DASHED_LOWER = regex.compile(r"(?:^|(?<=[.!?])[^\S\n]+)[-–—~]+[^\S\n]*(?P<name>\p{Ll}[\p{Ll}\p{M}'’]{3,})[\s.!]*\Z")
"""A lower-case name after a dash, alone on the last line or after its last sentence ("-jojo", "Thanks! -jojo")."""
_DASHED_AT_END = regex.compile(
    rf"(?:(?<=[.!?)])[^\S\n]+[-–—~]+|[^\S\n](?:--|–|—))[^\S\n]*(?P<name>{_GROUP})[\s.!]*\Z")
"""A capitalised name after a dash at the end of a line of prose: after its last sentence ("Works now! - Iggy",
"Happy to help :) -Iggy"), or after a double, en or em dash ("Happy to co-author -- Iggy")."""
_SHORT_SIGNATURE = regex.compile(r"[-–—~/\s]*(?P<name>\p{Ll}{2,3}|\p{L})[\s.!]*")
"""A bare signature of lower-case initials or one letter ("kd", "--M", "/j")."""


PROSE_WORDS = 8
"""A line of at least this many words is prose, not part of a signature block."""


def _is_prose(line: str) -> bool:
    return len(line.split()) >= PROSE_WORDS


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
    while (title := _FIRST_WORD.match(rest)) is not None and title[1].casefold() in rules.titles:
        rest = rest[title.end() :]  # "Querida profesora Ortega": a title in lower case opens no name
    match = _NAMES_AT_START.match(rest)
    if match is None:
        return []
    found = match.group()
    if _LOWER_WORD_NEXT.match(rest, match.end()):
        found = _without_sentence_start(found)
    groups = (cut_at_stopword(group.group(), rules) for group in _ONE_GROUP.finditer(found))
    return [group for group in groups if group]


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


_ROLE = regex.compile(
    r"\s*[(\[][^()\[\]]{1,40}[)\]]\s*$"  # "Sam (TA)", "Mary [moderator]"
    r"|[^\S\n]+\|[^\S\n]+\S.*$"  # "Wenzel | Teaching assistant"
    rf"|[^\S\n]+[-–—][^\S\n]+(?=.*{_ROLE_WORD}).*$"  # "Otto Brandt - Lecturer"
    r"|,?[^\S\n]+(?:Ph\.?[^\S\n]?D|M\.?D|M\.?Sc|B\.?Sc|MBA|D\.?Phil|Esq|CPA|RN)\.?[^\S\n]*$"  # "Otto Brandt, PhD"
)
"""A role, affiliation or degree after a signed name."""


def _signature(line: str, loose: bool, rules: Rules) -> list[str]:
    line = _ROLE.sub("", line) or line
    if _DASHED.match(line):
        return [line.strip()]
    match = (_LOOSE_SIGNATURE if loose else _SIGNATURE).match(line)
    if match is None:
        return []
    name = match["name"]
    if _SPACED_NAME.fullmatch(name) or _DASHED_NAME.fullmatch(name):
        return [name]
    groups = _SEPARATOR.split(name)
    return [cut for group in groups if (cut := cut_at_stopword(group, rules))]


def cut_at_stopword(group: str, rules: Rules) -> str:
    """Keep the words of a name group before the first stop word ("Mary Thanks" → "Mary")."""
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
_ONE_INITIAL = regex.compile(r"\p{Lu}\.")
_AN_INITIAL = regex.compile(r"\p{Lu}{2,3}|\p{Lu}\.")
"""Initials signed alone, never a stop word: "HE", "AT", or one capital and its dot ("T.", "A.")."""


def _valid(names: Iterable[str], rules: Rules, initials: bool = False) -> list[str]:
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
_OPENING = regex.compile(r"[\s\-–—~*_=>/(\[]*")
SIGNATURE_LINES_AFTER = 3
"""Lines a signature block may hold after a short sign-off ("kd", then a name, a title, a phone number)."""


def in_salutation(text: str, start: int, end: int, rules: Rules = DEFAULT_RULES) -> bool:
    """True when ``text[start:end]`` stands where a greeting or a sign-off names someone.

    A sign-off ends its line, within the last lines of the message, after nothing but decoration, a
    sentence end or a closer ("Thanks. kd", "thanks kd", "--M"); a greeting opens the first line, alone
    or after a greeting word ("kd,", "Hi M -"). Apply replaces short names ("M", "kd") only there.
    """
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    if _NAME_END.match(text, end) is not None and _near_end(text, end):
        opening = _SENTENCE_END.split(before)[-1]
        if _OPENING.fullmatch(opening) or _closes(opening, rules):
            return True
    if text[:line_start].strip():
        return False
    after = text[end : end + 1]
    if after and not (after.isspace() or after in ",:;!-–—"):
        return False
    match = rules.match("greeting", before)
    return bool(_OPENING.fullmatch(before) or (match is not None and not match["rest"].strip()))


def _near_end(text: str, end: int) -> bool:
    """True when at most ``SIGNATURE_LINES_AFTER`` non-blank lines follow this offset's line."""
    lines = _NEXT_LINE.finditer(text, end)
    return sum(1 for _ in itertools.islice(lines, SIGNATURE_LINES_AFTER + 1)) <= SIGNATURE_LINES_AFTER


_NEXT_LINE = regex.compile(r"\n[^\S\n]*\S")


def _closes(opening: str, rules: Rules) -> bool:
    """True when this start of a sentence is a closer with nothing after it ("Thanks, ", "Cheers ")."""
    match = rules.match("closer", opening)
    return match is not None and not match["rest"].strip()
