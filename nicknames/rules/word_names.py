"""Names that are also ordinary words (Will, Mark, Grace, Hope, Bill, May): where they read as the word.

Apply: a name tagged ``word`` in the mapping is replaced like any other name,
except where it reads as the word:

- at the start of a sentence followed by a lower-case word or "I"
  ("Will you ...", "Hope this helps", "May I ..."), also in quoted text
  ("> Hope everyone is well") and after the vocative that opens a line
  ("Drew, Will you ...");
- next to a number ("May 2021", "3 May"), where it is a month;
- written all in lower case ("mark", "will") anywhere but the greeting line and
  the sign-off, where a lower-case signature is common.

Any name written in lower case (tagged ``word`` or not, a user name "river" too) is the word right after an
article or determiner ("the river", "a stone": ``after_determiner``).

Case is still exact, so "will" is never replaced for a name written "Will".

Audit uses ``WORD_NAMES`` to tell a leaked name from a word: such a name
written in lower case, or opening a sentence before a lower-case word ("Will
we ...", "Hope this helps"), is taken as the word.
"""

from __future__ import annotations

import functools
from collections.abc import Container

import regex

from nicknames.rules.nickname_table import builtin_table
from nicknames.rules.quotes import VERBS_AFTER_NAME
from nicknames.rules.salutations import DEFAULT_RULES
from nicknames.rules.stopwords import MONTHS, PLACE_NAME_OPENERS, WEEKDAYS

WORD_NAMES = frozenset(
    """
    will bill mark grace hope rose frank may june april joy faith rich art max guy ray drew dawn summer
    sandy holly ivy iris lily heather olive pearl ruby amber crystal penny dean chase cliff lance wade
    earnest patience prudence honor mercy hunter mason page bell
    white green brown black gray grey hall king fox hart baker cooper turner young little long hill
    moss rice stone wells lane ford banks wood cook wright reed rush bush field fields gates price
    rivers waters street bishop carter porter sharp strong swift
    """.split()
)
"""Lower-case forms of given names and surnames that are common English words."""

_BACKWARDS = regex.REVERSE
"""The flag of the patterns that end where a name starts (``$``), searched in the text before it: searched
backwards, from the name, they are tried where they may end rather than at every character of the text before (the
words they capture are the same; ``test_word_names`` compares them with the patterns searched forwards)."""
_SENTENCE_START = regex.compile(
    r"(?:^[>|\s]*|[.!?]['\")\]]?\s+|\n[>|\s]*|(?:^|\n)[>|\s]*\p{Lu}[\p{L}'’\-]*,[^\S\n]+)[\"'(\[*_]*$",
    _BACKWARDS,
)
"""Where a sentence starts: the text's or a line's start (after quote marks "> "), a sentence end, or the
vocative that opens a line ("Drew, Will you ...")."""
BEFORE = 40
"""Characters before a name that ``reads_as_word`` looks at (a line's opening vocative fits in them)."""
REPORTING_VERBS = frozenset("""
    said says wrote writes asked asks mentioned mentions suggested suggests agreed agrees disagreed disagrees argued
    argues noted replied replies responded explained explains thinks thought believes believed proposed proposes
    commented answered answers wondered claimed claims posted shared made added raised pointed emailed messaged
""".split())
"""Verbs whose subject is a person, in the forms a discussion reports with ("Grace made a good point", "Hope said
the same"): after them a word that is also a name opening a sentence is the name. Not "is", "was" or "has" ("Summer
is over"), nor forms that are nouns or adjectives too ("notes", "points", "shares")."""
_REPORTING = "|".join(sorted(REPORTING_VERBS))
_LOWER_NEXT = regex.compile(rf"[^\S\n]+(?!and\b)(?!(?:{_REPORTING})\b)(?:\p{{Ll}}|I\b)")
"""A lower-case word or "I" next: "Will you", "Hope this"; but "Grace and I" and "Grace said" name someone."""
_REPORTING_NEXT = regex.compile(rf"[ \t](?:{_REPORTING})\b")


def before_reporting_verb(text: str, end: int) -> bool:
    """True where a verb that reports what a person did follows ("Hope said", "Grace made a good point"). Its first
    three letters, after one blank, are looked up first: most words that follow a name begin otherwise ("the",
    "and", "to")."""
    return (text[end + 1 : end + 4] in _REPORTING_STARTS and text[end : end + 1] in " \t"
            and _REPORTING_NEXT.match(text, end) is not None)


_REPORTING_STARTS = frozenset(verb[:3] for verb in REPORTING_VERBS)


def in_date(text: str, start: int, end: int) -> bool:
    """True when the name at ``text[start:end]`` is a weekday's or a month's, in a date: a number or another day's or
    month's name next to it ("Sun, 4 Mar 2012", "Tue Dec 14", "May 2021"); a participant named Sun or May keeps
    every other use."""
    return text[start:end].casefold() in _DATE_WORDS and (
        _DATE_WORD_AFTER.match(text, end) is not None or next_to_number(text, start, end))


def after_place_opener(text: str, start: int) -> bool:
    """True when a capitalised word that opens place names stands right before ``start``, on its line: the name is
    the place's ("Monte Carlo", "San Carlos", "Fort Collins", "Santa Ana"), not a person's. Looked for only after a
    blank: this runs for every name of one word found."""
    blank = text[start - 1 : start]
    return blank.isspace() and blank != "\n" and _PLACE_OPENER_BEFORE.search(text, max(0, start - 8), start) is not None


_PLACE_OPENER_BEFORE = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}'’.\-])(?:{'|'.join(sorted(word.capitalize() for word in PLACE_NAME_OPENERS))})[^\S\n]\Z")
_DATE_WORDS = WEEKDAYS | MONTHS
_DATE_WORD_AFTER = regex.compile(rf"[^\S\n]*,?[^\S\n]+(?i:{'|'.join(sorted(_DATE_WORDS))})\b")
_NUMBER_AFTER = regex.compile(r"[^\S\n]*,?[^\S\n]*\d")
_NUMBER_BEFORE = regex.compile(r"\d(?:st|nd|rd|th)?[^\S\n]*(?:of[^\S\n]+)?$")


PERSON_VERBS = frozenset("""
    did does had said says asked told knows knew thinks thought wrote posted sent shared mentioned finished wants
    needs got replied suggested explained agreed agrees
""".split())
"""Verbs after a lower-case word in chat that make it a person ("tobias did u get q4?", "marisol had a trick")."""
ADDRESSING_WORDS = frozenset("ask asked tell told thank thanks thx ty ping cc congrats".split())
"""Words before a lower-case word in chat that make it a person ("ask greta, she knows", "ty tobias")."""
_PERSON_VERB_NEXT = regex.compile(rf"[^\S\n]+(?:{'|'.join(sorted(PERSON_VERBS))})\b")
_ADDRESSING_BEFORE = regex.compile(rf"(?<![\w'’])(?i:{'|'.join(sorted(ADDRESSING_WORDS))})[^\S\n]+\Z")


def used_as_person(text: str, start: int, end: int) -> bool:
    """Whether the lower-case word at ``text[start:end]`` stands as a person, as chats write given names: before a
    verb whose subject is a person ("tobias did", "marisol had"; not "is": "sydney is fine") or after a word that
    addresses one ("ask greta", "ty tobias"), or opening a line before a colon or comma ("greta: try this"); not
    inside a handle, a host, a path or a longer word ("@tobias", "tobias.example.org", "tobias-w")."""
    if start and text[start - 1] in _NO_PERSON_BEFORE or text[end : end + 1] in _NO_PERSON_AFTER:
        return False
    if text[end : end + 1] == "." and text[end + 1 : end + 2].isalnum():
        return False
    return (_PERSON_VERB_NEXT.match(text, end) is not None
            or _ADDRESSING_BEFORE.search(text, max(0, start - 12), start) is not None
            or ((start == 0 or text[start - 1] == "\n") and _ADDRESSED.match(text, end) is not None))


_ADDRESSED = regex.compile(r"[:,](?:[^\S\n]|$)", regex.MULTILINE)
"""A colon or comma after a word that opens a line: a chat's "greta: try this", "tobias, did you"."""
_NO_PERSON_BEFORE = frozenset("@#/.'’-_")
_NO_PERSON_AFTER = frozenset("@'’-_")


def reads_as_word(text: str, start: int, end: int, in_salutation: bool) -> bool:
    """True when the name at ``text[start:end]`` is used as an ordinary word, not as a name."""
    name = text[start:end]
    if name.islower() and not in_salutation:
        return True
    if next_to_number(text, start, end):
        return True
    if _ARTICLE_BEFORE.search(text, max(0, start - 8), start) is not None:
        return True  # "the Mark on it", "The La\nPlata Station": a name that is a word, after an article, is the word
    if name.casefold() in _HEADER_FIELDS and text.startswith(":", end) and _LINE_OPENING.search(
            text, max(0, start - 12), start) is not None:
        return True  # "To: the list": a header's field in a quoted or forwarded message
    before = text[max(0, start - 12) : start]
    return bool(_SENTENCE_START.search(before) or start == 0) and _LOWER_NEXT.match(text, end) is not None


_HEADER_FIELDS = frozenset({"to", "from", "cc", "bcc", "date", "sent", "subject"})
"""Mail header fields, written at a line's start before a colon in forwarded and quoted messages."""
_LINE_OPENING = regex.compile(r"(?:^|\n)[>|\s*]*\Z")
"""A line's start, after quote marks and the asterisks of a bold header ("> *To:*")."""


def _word_before(words: tuple[str, ...]) -> regex.Pattern[str]:
    """One of ``words`` (any case) right before where the pattern is searched to, on its line or ending the line
    before, and no part of a longer word."""
    return regex.compile(rf"(?<![\w'’\-])(?:{'|'.join(words)})(?:[^\S\n]+|[^\S\n]*\n[^\S\n]*)\Z", regex.IGNORECASE)


_ARTICLES = ("the", "a", "an")
_ARTICLE_BEFORE = _word_before(_ARTICLES)
"""An article before a word ("the Mark", "a Will")."""


def after_determiner(text: str, start: int) -> bool:
    """True when an article or determiner stands right before ``start`` ("the river", "A stone", "this brook"): a
    word written in lower case after one is a noun, not a name, wherever it stands (a forum's user names that are
    words: "The river flows" on a one-line post, whose line is its greeting line)."""
    return _DETERMINER_BEFORE.search(text, max(0, start - 16), start) is not None


_DETERMINER_BEFORE = _word_before(
    (*_ARTICLES, "this", "these", "those", "my", "your", "our", "their", "its", "his", "every", "each", "any", "some",
     "another"))
"""An article or determiner before a word, on its line or ending the line before (not "that", "what", "no" or
"her", which also stand before names: "what river said", "no river, I disagree")."""


def next_to_number(text: str, start: int, end: int) -> bool:
    """True when a number stands right before or after ``text[start:end]``: a month ("May 2021", "3 Jan")."""
    return bool(_NUMBER_AFTER.match(text, end) or _NUMBER_BEFORE.search(text[max(0, start - 12) : start]))


def in_longer_name(text: str, start: int, end: int) -> bool:
    """True when the one-word name at ``text[start:end]`` is part of something longer, so not this name.

    Next to a number ("Jan 12"), in a contraction ("Don't"), joined by a hyphen
    ("Nowak-Lee"), before a capitalised word ("Mary Smith", "San Remo") or
    after one or an initial that is not a greeting, a title or a common word ("Rosalind
    Franklin", "Arthur C. Clarke", "New Haven"; but "Thanks Bill", "Dr. Brown", "Ask Bill"),
    also when the line breaks between them ("Rosalind\nFranklin"); not after a word that ends
    a sentence ("... to Lisbon. Tobias said").
    """
    if next_to_number(text, start, end) or _AFTER_ONE_WORD.match(text, end) is not None:
        return True
    before = _BEFORE_ONE_WORD.search(text, max(0, start - 40), start)
    if before is None:
        return False
    word = before.group("word").casefold()
    if word.endswith(".") and len(word) > _ABBREVIATION:  # "... in Lisbon. Tobias said": a sentence ended
        return False
    word = word.rstrip(".")
    if word in _PLACE_ADJECTIVES:
        return True
    return word not in _not_names() and _SALUTATION_WORD.fullmatch(word) is None


_AFTER_ONE_WORD = regex.compile(
    r"[^\S\n\t]+(?:\p{Lu}\p{Ll}|\[\p{Lu}[^\[\]\n]{0,39}\])|['’]t\b|-(?:(?!\p{Ll})\p{L}|\[\p{Lu}[^\[\]\n]{0,39}\])")
"""What makes a one-word name part of something else after it: a capitalised word (not across a tab, which parts the
columns of a table: "Quill\tBerg"), a contraction's "'t", a hyphen and a word that is not in lower case
("Nowak-Lee"; "Tobias-style" is the name and a word); after a blank or a hyphen, also the pseudonym that replaced
such a word ("A [P0]" of "A Aa", "A-[P0]" of "A-A"): applying a mapping again leaves what the first time left."""
_BEFORE_ONE_WORD = regex.compile(
    r"(?:(?P<word>\p{Lu}[\p{L}'’]*\.?|\[\p{Lu}[^\[\]\s]{0,39}\](?:['’]s)?)(?:[^\S\n\t]+|[^\S\n\t]*\n[^\S\n\t]*)"
    r"|(?P<word>\p{L}+)-)$",
    _BACKWARDS,
)
"""A capitalised word or initial right before a one-word name, on its line (not across a tab) or ending the line
before (mail wraps lines inside names: "Marta\nTobias"), or a word joined to it by a hyphen. A placeholder ("[U12]")
counts as the name it replaced, so that applying a mapping again to its own output changes nothing ("Ann B" gives
"[U12] B", and "B" stays part of that name the second time too)."""
_ABBREVIATION = 3
"""The longest word with a full stop (dot included) that still abbreviates part of a name ("St.", "Mt."): a longer
one ends a sentence."""
_PLACE_ADJECTIVES = frozenset({"new", "good", "great", "nice", "first", "last", "late", "next", "true", "fine", "old"})
"""Stop words that also open names of places and things ("New Haven", "Great Falls"): part of what follows."""


@functools.cache
def _not_names() -> frozenset[str]:
    """Capitalised words that may stand before a name without being part of it ("Thanks Bill", "Dr. Brown", "Ask
    Bill"), except the adjectives above (the word list loads on first use, with discovery)."""
    from nicknames.rules.stopwords import common_words

    return DEFAULT_RULES.stopwords | DEFAULT_RULES.titles | common_words()

_PLACE_BEFORE = regex.compile(
    r"(?<!\w)(?i:in|at|near|across|around|outside|inside"
    r"|(?:been|go|goes|going|gone|went|get|got|drive|drove|driven|driving|fly|flew|flown|flying|travel(?:l?ed)?"
    r"|head(?:ed|ing)?|move[ds]?|moving|(?<!\b(?i:get|gets|got|getting|gotten)[^\S\n]+)back"
    r"|(?:make|makes|made|making)[^\S\n]+it(?:[^\S\n]+(?:up|down|over))?)"
    r"[^\S\n]+to)[^\S\n]+$",
    _BACKWARDS,
)
"""A preposition of place, or a verb of going and "to", right before a one-word name: "in Lisbon", "at Harwood",
"went to Harwood", "made it up to Harwood" (but "talk to Harwood", "up to Harwood to decide", "get back to Tobias"
name a person)."""


INSTITUTION_WORDS = frozenset(
    """
    national university universities laboratory laboratories lab labs institute institution college academy
    foundation corporation corp inc ltd llc gmbh plc hospital clinic museum observatory school society agency
    ministry department centre association international federal airport stadium hotel library company
    technologies systems solutions consulting partners associates holdings press journal
    """.split()
)
"""Words that end an institution's or a company's name and are no one's name (the census surnames and
given names are not here: "Hall", "Park", "Power" may stand after a given name as its surname)."""
_INSTITUTION_AFTER = regex.compile(
    r"[^\S\n]+(?:\p{Lu}[\p{L}\p{M}'’.&-]*[^\S\n]+){0,3}"
    rf"(?:{'|'.join(sorted((word.capitalize() for word in INSTITUTION_WORDS), key=len, reverse=True))})(?!\w)"
)


def in_institution_name(text: str, end: int) -> bool:
    """True when the one-word name ending at ``end`` opens the name of an institution or a company on its line:
    up to three capitalised words, then a word such as "University" or "Laboratory" ("Tolland Marsh
    National Laboratory", "Smith College")."""
    return (end < len(text) - 1 and text[end] in " \t\xa0" and text[end + 1].isupper()
            and _INSTITUTION_AFTER.match(text, end) is not None)


_POSSESSIVE = regex.compile(r"['’]s(?!\w)")


def possessive_name(text: str, start: int, end: int) -> bool:
    """True for a capitalised word with a possessive "'s" right after a lower-case word, which makes it a name even
    when it is also a word ("borrow Bill's notes", "ask Hope's team"); not at a sentence's start ("May's figures"),
    inside a longer name ("Red Kite's pipeline") nor next to a number."""
    if start < 2 or text[start - 1] != " " or not text[start].isupper() or _POSSESSIVE.match(text, end) is None:
        return False
    words = text[max(0, start - BEFORE) : start].split()
    return (bool(words) and words[-1][:1].islower() and words[-1][-1] not in ".!?:;\"”)"
            and not next_to_number(text, start, end))


def possessive_given_name(text: str, start: int, end: int) -> bool:
    """True for a given name or familiar form of the nickname table in lower case with a possessive after it ("mark's
    point", "will’s patch", a name made of it: "mark'sProfile"): a person's, not a thing's ("the bill's text" is left
    before, after its article)."""
    word = text[start:end]
    return _POSSESSIVE_BEFORE_NAME.match(text, end) is not None and word.islower() and builtin_table().knows(word)


_POSSESSIVE_BEFORE_NAME = regex.compile(r"['’]s(?!\p{Ll})")
"""A possessive "'s" with no lower-case letter after it: a word's end, or a capitalised word glued to it."""


def before_contraction(text: str, end: int) -> bool:
    """True where "'t" follows a word ("Don't", "Won't", "Can't"; "Don?t" where an archive lost the apostrophe): the
    first part of a contraction, not a name."""
    return _CONTRACTION.match(text, end) is not None


_CONTRACTION = regex.compile(r"['’?\N{REPLACEMENT CHARACTER}]t(?!\w)")


def reads_as_place(text: str, start: int) -> bool:
    """True when a one-word name at ``start`` follows a preposition of place or a verb of going and "to" ("in
    Lisbon", "near Harwood", "been to Harwood")."""
    return _PLACE_BEFORE.search(text, max(0, start - 30), start) is not None


_ATTRIBUTED_AFTER = regex.compile(rf"[^\S\n]+(?i:{'|'.join(VERBS_AFTER_NAME)})[^\S\n]*:[^\S\n]*(?:\n|$)")
_QUOTE_MARKS = regex.compile(r"[>\s]*")
"""What an attribution line holds around its author's name when the name is all it gives ("> bramble wrote:")."""
_ADDRESS_ATTRIBUTED_AFTER = regex.compile(
    rf"[^\S\n]+<[^<>\n]{{1,80}}>[^\S\n]*(?:\n[>\s]*)?(?i:{'|'.join(VERBS_AFTER_NAME)})[^\S\n]*:")
_AUTHOR_OPENING = regex.compile(r"(?:^|\n)[>\s]*(?:[^\n]*,[^\S\n]+)?\Z")
"""What an attribution line holds before its author's name and address: its opening and date, ending in a comma
("On Mon, 3 Jan 2022 at 10:00, ann <ann@example.org> wrote:"), or nothing."""


def in_name_position(text: str, start: int, end: int) -> bool:
    """True where the position alone makes ``text[start:end]`` a name, whatever its case ("thanks john", "regards\nmary").

    Right after a greeting or closing word that opens the line ("hi mary,", "thanks john!") or a sentence that ends
    it ("It worked. Thanks john!"), or alone on its line
    (dashes and the like aside) when that line ends the message or follows a closing line ("regards"); and in both
    cases followed by nothing but punctuation on its line ("Thanks, will do" is no name). Or addressed at the end
    of a sentence after a comma ("See you at noon, mary."). Or joined by "and", "&" or "or" to a person: a
    pronoun, a capitalised name, or a lower-case given name or familiar form that is no ordinary word ("ask you
    and mary", "mary and I", "Tobias and mary", "ask tobias and mary").
    Or the author alone on a quote's attribution line ("> bramble wrote:"), or before an address there ("On Mon,
    3 Jan 2022, ann <ann@example.org> wrote:").
    """
    if (text.startswith(" ", end) and _ATTRIBUTED_AFTER.match(text, end) is not None
            and _QUOTE_MARKS.fullmatch(text, text.rfind("\n", 0, start) + 1, start) is not None):
        return True
    if (text.startswith(" <", end) and _ADDRESS_ATTRIBUTED_AFTER.match(text, end) is not None
            and _AUTHOR_OPENING.search(text, max(0, text.rfind("\n", 0, start)), start) is not None):
        return True
    if inside_sentence(text, start, end):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if (_may_follow_comma(text, line_start, start) and _VOCATIVE_AFTER.match(text, end)
            and _VOCATIVE_BEFORE.search(text, line_start, start)):
        return True
    # The searches before the name are slow: tried only where the text before it may end in "and", "&" or "or".
    before = _may_join_before(text, start)
    after = _may_join_after(text, end)
    if before and _PERSON_BEFORE.search(text, max(0, start - 40), start):
        return True
    if after and _PERSON_AFTER.match(text, end):
        return True
    joined = (_LOWER_BEFORE.search(text, max(0, start - 40), start) if before else None) or (
        _LOWER_AFTER.match(text, end) if after else None)
    if joined is not None and plain_given_name(joined.group("word")):
        return True
    if not _may_end_name(text, end, line_end) or _NAME_END.fullmatch(text, end, line_end) is None:
        return False
    if _OPENER.fullmatch(text, line_start, start) is not None:
        return True
    sentence = _SENTENCE_END_BEFORE.search(text, line_start, start)
    if sentence is not None and _OPENER.fullmatch(text, sentence.end(), start) is not None:
        return True  # "This worked for me too. Thanks bramble!": a sentence of its own that ends the line
    if _DECORATION.fullmatch(text, line_start, start) is None:
        return False
    previous = text[:line_start].rstrip().rpartition("\n")[2]
    return not text[line_end:].strip() or (bool(previous) and _CLOSING_LINE.fullmatch(previous) is not None)


_JOINERS = ("and", "&", "or")
_JOINER_WORDS = ("and", "or")
"""The joiners a word may start with (``inside_sentence``)."""


def inside_sentence(text: str, start: int, end: int) -> bool:
    """True where ``in_name_position`` is False at a glance, as it is for most words: one space and a word that
    does not start with "and" or "or" follow, and one space after something that does not end in "and", "&" or
    "or" comes before. No rule of ``in_name_position`` can then hold: no punctuation or line end follows, no "and",
    "&" or "or" joins."""
    if start < 2 or text[end : end + 1] != " " or text[start - 1] != " ":
        return False
    if not text[end + 1 : end + 2].isalnum() or text[start - 2].isspace():
        return False
    return not text.startswith(_JOINER_WORDS, end + 1) and not text.endswith(_JOINERS, 0, start - 1)


def _may_end_name(text: str, end: int, line_end: int) -> bool:
    """False where ``_NAME_END`` cannot match from ``end`` to ``line_end``: after the blanks and marks it allows (in
    any order), some other character comes, which is no white space either. Most names outside a sentence have words
    after them on their line, and the pattern is left untried."""
    rest = text[end:line_end].lstrip(_NAME_END_CHARS)
    return not rest or rest[0].isspace()


_NAME_END_CHARS = " \t,.!:;)-–—~*_"
"""The blanks and marks ``_NAME_END`` allows after a name (other white space is tested by ``str.isspace``)."""


def _may_follow_comma(text: str, line_start: int, start: int) -> bool:
    """False where ``_VOCATIVE_BEFORE`` cannot match between ``line_start`` and ``start``: what comes last before
    ``start`` but spaces and tabs is neither a comma nor other white space (``str.isspace`` holds for every ``\\s``),
    or nothing. Most names outside a sentence follow a word, and both vocative patterns are then left untried."""
    position = start
    while position > line_start and text[position - 1] in " \t":
        position -= 1
    if position == line_start:
        return False
    char = text[position - 1]
    return char == "," or char.isspace()


def _may_join_before(text: str, start: int) -> bool:
    """False where ``_PERSON_BEFORE`` and ``_LOWER_BEFORE`` cannot match before ``start``: the 40 characters before
    it do not end in "and", "&" or "or" and white space (``str.isspace`` holds for every ``\\s``)."""
    before = text[max(0, start - 40) : start]
    head = before.rstrip()
    return len(head) < len(before) and head.endswith(_JOINERS)


def _may_join_after(text: str, end: int) -> bool:
    """False where ``_PERSON_AFTER`` and ``_LOWER_AFTER`` cannot match at ``end``: no white space and then "and",
    "&" or "or" follows (a run of white space too long to see past is left to them)."""
    after = text[end : end + 40]
    head = after.lstrip()
    return len(head) < len(after) and (len(head) < 3 or head.startswith(_JOINERS))


_SALUTATION = "|".join(f"(?:{word})" for word in (*DEFAULT_RULES.greetings, *DEFAULT_RULES.closers))
_SALUTATION_WORD = regex.compile(rf"(?i:{_SALUTATION})")
"""A greeting or closer ("Sincerely", "Cordially"): no part of the name after it ("Sincerely\n\nTobias")."""
_OPENER = regex.compile(rf"[^\S\n]*(?i:{_SALUTATION})[^\S\n]*[,:;!.\-–—]?[^\S\n]*(?<=\s|[,:;!.\-–—])")
"""A greeting or closing word that opens the line, then the name."""
_CLOSING_LINE = regex.compile(rf"[^\S\n]*(?i:{'|'.join(f'(?:{word})' for word in DEFAULT_RULES.closers)})[^\S\n]*[,.!]*[^\S\n]*")
_DECORATION = regex.compile(r"[^\S\n]*[-–—~*_>]*[^\S\n]*")
_VOCATIVE_BEFORE = regex.compile(r"\w,[^\S\n]*$")
_PERSONS = r"(?:(?i:you|me|him|her|us|them)|I|\p{Lu}\p{Ll}+)"
"""A person: a pronoun, or a capitalised name."""
_PERSON_BEFORE = regex.compile(rf"(?<!\w){_PERSONS}[^\S\n]+(?:and|&|or)[^\S\n]+$", _BACKWARDS)
_PERSON_AFTER = regex.compile(rf"[^\S\n]+(?:and|&|or)[^\S\n]+{_PERSONS}(?!\w)")
_LOWER_BEFORE = regex.compile(r"(?<!\w)(?P<word>\p{Ll}+)[^\S\n]+(?:and|&|or)[^\S\n]+$", _BACKWARDS)
_LOWER_AFTER = regex.compile(r"[^\S\n]+(?:and|&|or)[^\S\n]+(?P<word>\p{Ll}+)(?!\w)")


@functools.cache
def common_words_and_names() -> frozenset[str]:
    """Common words and the names that are words, lower case (loaded on first use: the word lists load with
    discovery)."""
    from nicknames.rules.stopwords import common_words

    return common_words() | WORD_NAMES


@functools.cache
def plain_given_name(word: str) -> bool:
    """A given name or familiar form the nickname table knows that is no ordinary word ("toby", not "rich")."""
    from nicknames.rules.stopwords import name_words

    if word in common_words_and_names() or word in name_words() or word in DEFAULT_RULES.stopwords:
        return False
    return builtin_table().knows(word)


_VOCATIVE_AFTER = regex.compile(r"[^\S\n]*[.!?](?:\s|$)")
_SENTENCE_END_BEFORE = regex.compile(r"(?<=\w[.!?]+)[^\S\n]+(?=[^.!?\n]*\Z)")
"""The space after the last sentence end of the line before a name."""
_NAME_END = regex.compile(r"[^\S\n]*[,.!:;)\-–—~*_]*[^\S\n]*")
"""What may follow a name to the end of its line where its position makes it one."""


def in_word_list(text: str, start: int, end: int, names: Container[str] = frozenset()) -> bool:
    """True when the one-word name at ``text[start:end]`` is an item of a list of single words, one a line (a
    line-up, a table column): alone on its line, next to a line that is one capitalised word and no greeting or
    closing word, nor one of ``names`` (a list of names is names: the name next to it is replaced, and the list
    reads the same once it is)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if text[line_start:start].strip() or text[end:line_end].strip():
        return False
    before = text[max(0, line_start - 80) : max(0, line_start - 1)].rpartition("\n")[2]
    after = text[line_end + 1 : line_end + 81].partition("\n")[0]
    return any(_LIST_ITEM.fullmatch(line) and line.strip().casefold() not in _not_names() and line.strip() not in names
               for line in (before, after))


_LIST_ITEM = regex.compile(r"[^\S\n]*\p{Lu}[\p{L}'’\-]*[^\S\n]*")
