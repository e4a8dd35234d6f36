"""Find the names in a message's sign-off (its author): a closer and the lines after it, a bare signature on the
last line, dashed initials; the greeting's names are in ``rules.salutations``."""

from __future__ import annotations

import regex

from nicknames.rules.languages import languages
from nicknames.rules.salutation_rules import (
    DECORATION,
    DEFAULT_RULES,
    INSTITUTION_WORDS,
    ROLE_WORDS,
    Rules,
)
from nicknames.rules.salutations import (
    LOOSE_TOKEN,
    NAME_GROUP,
    SENTENCE_END,
    SEPARATOR,
    cut_at_stopword,
    last_lines_of,
    valid_names,
)
from nicknames.rules.signature_blocks import SIGNATURE_WORDS

SPACED = r"(?:\p{L} ){2,}\p{L}"
"""Letters separated by single spaces: "R o b e r t"."""
DASHED_INITIALS = r"[-–—~]\p{Lu}{1,4}[-–—~]"
"""Initials wrapped in dashes: "-RG-"."""
SIGNATURE_END = r"[\s\-–—~*_=>.!,;]*"
"""What may follow a signed name: decoration, but no colon ("Mistype:", "-- Installing:" open a note or a log line)."""
_LOOSE_GROUP = rf"{LOOSE_TOKEN}(?:[^\S\n]+{LOOSE_TOKEN}){{0,2}}"
_SIGNATURE = regex.compile(rf"^{DECORATION}/?(?P<name>{DASHED_INITIALS}|{SPACED}|{NAME_GROUP}){SIGNATURE_END}$")
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
_ROLE_LINE = regex.compile(rf"\b(?i:{'|'.join(sorted(ROLE_WORDS | INSTITUTION_WORDS))})\b")
"""A signature's line of a job title or a workplace, under the name."""
_CONTINUED = regex.compile(rf"[^\S\n]*(?:{'|'.join(languages().conjunctions)})\b")
"""A closer's line going on with "and" in a language of the packs: a sentence, not a name after it."""
_FIRST_LOWER_WORD = regex.compile(r"[^\S\n]*(\p{Ll}+)\b")
_SENTENCE_CLOSE = regex.compile(r"[.!?]['\")\]]*\s*$")
_CAPITALISED = r"\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?"
_FULL_NAME_LINE = regex.compile(rf"{_CAPITALISED}(?:[^\S\n]+(?:\p{{Lu}}\.?|{_CAPITALISED})){{1,3}},?")
"""A line of a full name: two to four capitalised words, initials among them ("Otto B. Brandt"); not a unit's name
in capitals ("HARBOUR Analytics") nor one word ("Emeritus")."""
_TRAILING_DASHED = regex.compile(rf"(?:^|[\s,])(?P<initials>{DASHED_INITIALS})\s*$")


def signoff_names(text: str, rules: Rules = DEFAULT_RULES, last_lines: int = 4) -> tuple[str, ...]:
    """Names signed at the end of a message: "Thanks, Rob", "Cheers\nR o b e r t", a bare "-RG-".

    A message flattened into one line ("... What do you think? Arthur") is read as if each of
    the last line's sentences stood on a line of its own, when the lines give no name; a
    postscript under the sign-off ("Thanks,\nRob\n\nPS: the file is attached.") is read above.
    """
    signed = _signoff_names(text, rules, last_lines)
    if signed or (postscript := _postscript_start(text)) is None:
        return signed
    return _signoff_names(text[:postscript], rules, last_lines)


def _postscript_start(text: str) -> int | None:
    """Where a postscript at the end of the text starts ("PS:", "P.S.", "PPS"): a line that opens so after the
    first, with at most ``POSTSCRIPT_LINES`` non-blank lines from it on; None without one."""
    start = max(0, len(text) - _POSTSCRIPT_CHARS)
    if text.find("PS", start) < 0 and text.find("P.S", start) < 0:
        return None
    found = None
    for found in _POSTSCRIPT.finditer(text, start):
        pass
    if found is None or found.start() == 0:
        return None
    lines = sum(1 for line in text[found.start() :].splitlines() if line.strip())
    return found.start() if lines <= POSTSCRIPT_LINES else None


POSTSCRIPT_LINES = 6
_POSTSCRIPT_CHARS = 1000
_POSTSCRIPT = regex.compile(r"(?m)^[^\S\n]*P\.?[^\S\n]?(?:P\.?[^\S\n]?)?S\b\.?[^\S\n]*[:\-–,]?[^\S\n]*\S")
"""A line that opens a postscript and goes on: "PS: …", "P.S. …", "PPS …", "P. S. …" in capitals."""


def _signoff_names(text: str, rules: Rules, last_lines: int) -> tuple[str, ...]:
    """``signoff_names`` of the text as it ends."""
    if _ends_in_diff(text):
        return ()  # a patch's last lines are code: "== OPTIONS" of a manual page is nobody's signature
    count = max(last_lines, 2)
    lines = _without_quotation(last_lines_of(text, count + QUOTATION_LINES + 1))[-count:]
    signed = _signed_in(lines, rules, last_lines) if len(lines) >= 2 else ()
    if signed or not lines or _ends_list(lines):
        return signed
    flat = flattened(lines[-1])
    if len(flat) < 2:
        return tuple(valid_names(_dashed_at_end(lines[-1], rules), rules, initials=True)) if len(lines) == 1 else ()
    return _signed_in(lines[:-1] + flat, rules, last_lines)


QUOTATION_LINES = 4
"""Lines a quotation at the end of a message may take (see ``_without_quotation``)."""
_HUNK = regex.compile(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@", regex.MULTILINE)
"""The header of a hunk of a unified diff."""
_DIFF_LINE = regex.compile(r"[ +\-\\]|$")
"""What a line of a hunk starts with: a space, a plus or a minus, a backslash (before "No newline at end of
file"), or nothing."""


def _ends_in_diff(text: str) -> bool:
    """Whether the text ends inside the hunk of a diff (a patch sent as a message): its last hunk's header and
    every line after it are a diff's."""
    if "@@ -" not in text:
        return False
    last = None
    for last in _HUNK.finditer(text):
        pass
    if last is None:
        return False
    return all(_DIFF_LINE.match(line) for line in text[last.end() :].split("\n")[1:])


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
    return [sentence for sentence in SENTENCE_END.split(line) if sentence]


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
    roles = 2 if len(lines) > 3 and all(_title_line(line) for line in lines[-2:]) else 0
    if (_ends_list(lines) and not roles) or last.startswith(">") or (
            last.strip(" .").isupper() and last.strip(" .").casefold() in _PROGRAM_WORDS):
        return ()  # the last of a list of words or an address, not a signature; nor a quoted line ("> NULL") or a
        # program's output ("NULL", "TRUE")
    if not roles and not _ROLE_LINE.search(last) and _under_title(lines[1:-1]):
        return ()  # the employer under a job title ("Otto Brandt\nData Director\nHarbour Analytics"): the name is above
    if _ROLE_LINE.search(last) and not _sentence_like(last):  # a job title or a workplace ("Research
        # Scientist"), or two lines of them ("MSc Student\nUniversity of Harbour"): the name may stand above them
        above = lines[-2 - (roles > 0)]
        if len(lines) < 3 or _ROLE_LINE.search(above) or _SENTENCE_CLOSE.search(above) or roles and (
                _FULL_NAME_LINE.fullmatch(above) is None or _title_line(lines[-4])):  # above two of them, a full
            return ()  # name only, and none under a third ("Manager\nAnalysis Pipeline\nThe Genome Institute")
        last = above
    return rules.read(("last line", last), lambda: _signed_last(last, rules)) or ()


def block_full_name(text: str, block: int, rules: Rules = DEFAULT_RULES) -> str | None:
    """The full name on the first line of the signature block whose delimiter starts at ``block``
    (``signature_blocks.signature_block``): two to four capitalised words or initials, a title before them, a remark
    in brackets or a role after them aside ("-- \nDr. Tobias K. Quell (Toby)\nAssociate Professor" gives "Tobias K.
    Quell"); None for any other first line (a workplace's: "Harbour University")."""
    line = next((line.strip() for line in text[block:].splitlines()[1:] if line.strip()), "")
    line = (_ROLE.sub("", line) or line).strip().rstrip(",")
    words = line.split()
    while len(words) > 2 and words[0].casefold().rstrip(".") in rules.titles:
        words = words[1:]
    name = " ".join(words)
    return name if _FULL_NAME_LINE.fullmatch(name) is not None and _ROLE_LINE.search(name) is None else None


def _under_title(above: list[str]) -> bool:
    """Whether the lines above a last line, read upwards, reach a title's line (``_title_line``) through short lines
    that are no sentence ("Ann Quell,\n3rd Year Undergraduate student\nIndustrial Engineering,\nHarbour Tech"): the
    last line is an employer's; not through a sentence ("… memo from the Office of the\nChairman.\nCall me.\nOtto")."""
    for line in reversed(above):
        if _title_line(line):
            return True
        if len(line.split()) > SIGNATURE_WORDS or _sentence_like(line) or _SENTENCE_CLOSE.search(line):
            return False
    return False


def _title_line(line: str) -> bool:
    """A signature's line of a job title or a workplace (``_ROLE_LINE``) written as one: short, no sentence
    (``_sentence_like``: "3rd Year Undergraduate student", "Special Education Dept."; not "I work as research
    scientist."), written with a title's characters (``_TITLE_CHARS``), its words of four letters or more
    capitalised or a title's ("keyboard and chair" is none), and no name before a role (``_ROLE``: "Otto Brandt,
    PhD")."""
    words = line.split()
    return (_ROLE_LINE.search(line) is not None and len(words) <= SIGNATURE_WORDS and _ROLE.search(line) is None
            and _TITLE_CHARS.fullmatch(line) is not None and not _sentence_like(line)
            and all(len(word) < 4 or not word[0].islower() or _ROLE_LINE.fullmatch(word.strip(",;.")) for word in words))


def _sentence_like(line: str) -> bool:
    """Whether a line reads as a sentence, not a title: "I" or a lower-case pronoun, article or form of "to be"
    among its words ("I work as research scientist", "(in the corner, behind the Harbour group)."), or a full stop
    or mark after a word in lower case at its end ("… from any other editor."; not "Special Education Dept.")."""
    return _LOWER_END.search(line) is not None or any(word == "I" or word in _SENTENCE_WORDS
                                                      for word in _WORDS.findall(line))


_SENTENCE_WORDS = frozenset({"i", "we", "my", "our", "me", "us", "you", "he", "she", "they", "it", "as", "is", "am",
                             "are", "was", "were", "be", "the", "a", "an", "this", "that", "will", "have", "has"})
"""Words in lower case that a sentence has and a title does not."""
_WORDS = regex.compile(r"\p{L}+")
_TITLE_CHARS = regex.compile(r"[\p{L}\p{M}\d\s.,;&()'’/\-]+")
"""What a title's or a workplace's line is written with: no prompt's, path's or address's marks ("edd at harbour:~$")."""
_LOWER_END = regex.compile(r"(?<!\S)\p{Ll}[\p{L}\-]*[.!?]['\")\]]*\s*$")


ITEM_WORDS = 3
"""A line of at most this many words, without a sentence's punctuation, is an item of a list."""
_PUNCTUATED = regex.compile(r"[.!?,;:]\s*$")


def _ends_list(lines: list[str]) -> bool:
    """True when the two lines above the last are items of a list: the last line is one more item."""
    return len(lines) >= 3 and all(map(_is_item, lines[-3:-1]))


_PROGRAM_WORDS = frozenset({"null", "nil", "none", "true", "false", "na", "nan", "inf", "eof", "end"})
"""What a program prints on a line of its own, in capitals: its output's end, not a signature."""


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
            below = valid_names(_signature(closing[1], loose=False, rules=rules), rules, initials=True)
            if below:  # "thanks Kas!" above "Marisol": Marisol signs, Kas is thanked
                return tuple(below)
        return tuple(valid_names(names, rules, initials=True)) if names else None
    signing = closing[2:3] if len(closing) > 1 and _title_line(closing[1]) else closing[1:2]  # "Best,\nPackage
    if signing:  # author,\nAnn Quell": the name under the title
        return tuple(valid_names(_signature(signing[0], loose=loose, rules=rules), rules, initials=True))
    return ()


def _thanks_someone(line: str, match: regex.Match[str]) -> bool:
    """Whether a closer's line addresses the name after it rather than signs with it: no comma or dash between the
    closer and the name, and an exclamation mark at the end ("thanks Kas!", not "Thanks, Rob")."""
    between = line[: match.start("rest")].rstrip()
    return line.rstrip().endswith("!") and not between.endswith((",", "-", "–", "—", ":", ";"))


def _continues(rest: str, rules: Rules) -> bool:
    """Whether what follows a closer on its line goes on as a sentence: it starts with "and" or another lower-case
    stop word ("Thanks, and Tobias agrees.", "Thanks in advance"), or a preposition in lower case, a stop word or
    not (a class list's name words are none: "Thanks for listening."), which no signature does."""
    if _CONTINUED.match(rest):
        return True
    first = _FIRST_LOWER_WORD.match(rest)
    return first is not None and (first[1] in rules.stopwords or first[1] in _PREPOSITIONS)


_PREPOSITIONS = frozenset({"for", "to", "in", "of", "on", "with", "from", "at", "about", "again"})
"""Words in lower case that go on from a closer as a sentence ("Thanks for listening", "Thanks again")."""


def _signed_last(last: str, rules: Rules) -> tuple[str, ...]:
    """The names of a bare signature on the last line, when no closer signs the message."""
    if _RULED.match(last):
        return ()  # "-----Original Message-----" and its translations
    names = _signature(last, loose=False, rules=rules)
    if not names and (sentences := SENTENCE_END.split(last))[-1] != last:
        names = _signature(sentences[-1], loose=False, rules=rules)  # "Gracias. DF"
        last = sentences[-1]
    if not names and (short := _SHORT_SIGNATURE.fullmatch(last)) is not None:
        names = [short["name"]]  # "kd", "/J": collect keeps them only as the sender's own initials
    if not names and (dashed := _DASHED_LOWER.search(last)) is not None:
        names = [dashed["name"]]  # "-jojo", "Thanks! -jojo": collect drops it when the file uses it as a word
    if not names:
        names = _dashed_at_end(last, rules)  # "Happy to help :) -- Iggy"
    return tuple(valid_names(names, rules, initials=True))


def _dashed_at_end(line: str, rules: Rules) -> list[str]:
    """The capitalised name a line of prose ends with after a dash (``_DASHED_AT_END``), without what follows a stop
    word ("-- Thanks Iggy" gives nothing)."""
    dashed = _DASHED_AT_END.search(line)
    cut = cut_at_stopword(dashed["name"], rules) if dashed is not None else ""
    return [cut] if cut else []


_DASHED_LOWER = regex.compile(r"(?:^|(?<=[.!?])[^\S\n]+)[-–—~]+[^\S\n]*(?P<name>\p{Ll}[\p{Ll}\p{M}'’]{3,})[\s.!]*\Z")
"""A lower-case name after a dash, alone on the last line or after its last sentence ("-jojo", "Thanks! -jojo")."""
_DASHED_AT_END = regex.compile(
    rf"(?:(?<=[.!?)])[^\S\n]+[-–—~]+|[^\S\n](?:--|–|—))[^\S\n]*(?P<name>{NAME_GROUP})[\s.!]*\Z")
"""A capitalised name after a dash at the end of a line of prose: after its last sentence ("Works now! - Iggy",
"Happy to help :) -Iggy"), or after a double, en or em dash ("Happy to co-author -- Iggy")."""
_SHORT_SIGNATURE = regex.compile(r"[-–—~/\s]*(?P<name>\p{Ll}{2,3}|\p{L})[\s.!]*")
"""A bare signature of lower-case initials or one letter ("kd", "--M", "/j")."""
PROSE_WORDS = 8
"""A line of at least this many words is prose, not part of a signature block."""


def _is_prose(line: str) -> bool:
    return len(line.split()) >= PROSE_WORDS


_ROLE = regex.compile(
    r"\s*[(\[][^()\[\]]{1,40}[)\]]\s*$"  # "Sam (TA)", "Mary [moderator]"
    r"|[^\S\n]+\|[^\S\n]+\S.*$"  # "Wenzel | Teaching assistant"
    rf"|[^\S\n]+[-–—][^\S\n]+(?=.*{_ROLE_WORD}).*$"  # "Otto Brandt - Lecturer"
    r"|,?[^\S\n]+(?:Ph\.?[^\S\n]?D|M\.?D|M\.?Sc|B\.?Sc|MBA|D\.?Phil|Esq|CPA|RN)\.?[^\S\n]*$"  # "Otto Brandt, PhD"
)
"""A role, affiliation or degree after a signed name."""


_QUOTED = regex.compile(r"""(?P<lead>[\s\-–—~*_=>.!,;:]*)(?:"(?P<name>[^"\n]+)"|“(?P<name>[^”\n]+)”|'(?P<name>[^'\n]+)'"""
                        r"""|‘(?P<name>[^’\n]+)’)\s*""")
"""A signature in quotation marks ("\"Wrenny\"", "‘Tobi’"), as some sign with a nickname."""


def _signature(line: str, loose: bool, rules: Rules) -> list[str]:
    line = _ROLE.sub("", line) or line
    if (quoted := _QUOTED.fullmatch(line)) is not None:
        line = quoted["lead"] + quoted["name"]
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


_ONE_INITIAL = regex.compile(r"\p{Lu}\.")
