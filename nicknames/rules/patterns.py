"""The matching rules for names in text, in one place.

- Whole words by Unicode-aware look-arounds: a name that starts (ends) with a
  word character must not have a word character before (after) it, so "Eve"
  never matches inside "Evening" or "Steve"; a name that starts or ends with a
  non-word character (``-RG-``) needs no boundary on that side. (Scripts
  written without spaces are the exception, below.)
- Possessives keep their ending: "Mary's" matches "Mary" and leaves "'s".
- Case is exact: variants are separate names in the mapping.
- A space inside a name matches any run of spaces or tabs, so "Mary  Jane" is
  still "Mary Jane" (and more, below: ``SEPARATOR``).
- Longest first: at any position the longest name wins, so "Mary Jane" is one
  match and a keep-list name such as "Arthur C. Clarke" covers "Arthur".
- Regex metacharacters in names (``C++``, ``(Rob)``, ``a.b``) are literal.
- Names tagged ``glued`` also match glued to a word in camel case
  ("thanksMary" → "thanks[U01]"); names tagged ``word`` are skipped where they
  read as the word (see ``nicknames.rules.word_names``).
- Names are matched in the normalised view of the text (``nicknames.rules.text_forms``):
  "Rene\u0301e" (NFD) is "Renée", "Ma\u200bry" (a zero-width space or a soft
  hyphen inside) is "Mary", and a non-breaking hyphen is a hyphen. Names are
  compared in the same form (``name_key``). Offsets are mapped back, so every
  span points into the original text.
- Where a name has a space or an inner hyphen (``SEPARATOR_IN_NAME``), the text
  may have a run of spaces and tabs, such a run holding one line break (a
  wrapped line, not a blank line), or one hyphen (``SEPARATOR``): "Mary Jane"
  matches "Mary\nJane" and "Mary-Jane", "Anna-Lena" matches "Anna Lena".
- Scripts written without spaces (``CONTINUOUS_SCRIPTS``: Chinese, Japanese,
  Thai, ...) have no word boundaries inside a text: a name whose edge is such a
  character needs no boundary there ("张伟" in "谢谢张伟的帮助", "田中" in
  "田中さん"), and such characters never block a name of another script
  ("Mary" in "谢谢Mary的帮助"). ``BLOCKING`` is what does block: word characters
  of other scripts, and combining marks.
- Arabic and Hebrew attach one-letter prefixes ("and", "to", "in", ...) to the
  next word: a name that starts with an Arabic (Hebrew) letter may follow up to
  ``MAX_PREFIX`` letters of ``PREFIXES`` ("محمد" in "ومحمد", "דוד" in "לדוד");
  the prefix stays in the text.
- A name of more than ``MAX_SEPARATORS`` separators matches only as written,
  its spaces any run of blanks on one line (the matcher spells out every form).
- Letters of other scripts that only look like Latin ones (Cyrillic "а" in
  "Mаry") are not matched: audit reports them (``nicknames.check.audit``).
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable

import regex

from nicknames.rules.text_forms import matching_view, normalised

WORD = regex.compile(r"\w")
CONTINUOUS_SCRIPTS = r"\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}"
"""Scripts written without spaces between words: no word boundary is needed next to their letters."""
CONTINUOUS = regex.compile(rf"[{CONTINUOUS_SCRIPTS}]", regex.VERSION1)
BLOCKING_CHARS = rf"\w--[[{CONTINUOUS_SCRIPTS}]--\p{{M}}]"
"""The characters that may not touch a name's word-character edge: word characters outside
``CONTINUOUS_SCRIPTS``, and combining marks (a set for ``regex`` V1)."""
BLOCKING = regex.compile(rf"[{BLOCKING_CHARS}]", regex.VERSION1)
NOT_AFTER_WORD = rf"(?<![{BLOCKING_CHARS}])"
NOT_BEFORE_WORD = rf"(?![{BLOCKING_CHARS}])"
PREFIXES = {"Arabic": "وفبلك", "Hebrew": "ובהלמשכ"}
"""One-letter prefixes written joined to the next word: Arabic wa-, fa-, bi-, li-, ka-; Hebrew ve-, ha-, be-,
le-, mi-, she-, ke-."""
MAX_PREFIX = 3
"""The most prefix letters before a name ("ולכ", "وبال" counts as four and does not match)."""
SEPARATOR = r"(?:[^\S\r\n]+|[^\S\r\n]*\r?\n[^\S\r\n]*|-)"
"""What a separator inside a name matches in the text: a run of blanks (white space but line breaks), such a run
with one line break (``\\n`` or ``\\r\\n``) in it, or one hyphen."""
SEPARATOR_IN_NAME = regex.compile(r" |(?<=\w)-(?=\w)")
"""The separators of a name (after ``name_key``): a space, or a hyphen between two word characters."""
MAX_SEPARATORS = 4
"""Names with more separators match only as written, spaces as runs of blanks (the matcher spells out every form:
4 ** separators of them)."""


GLUED_BEFORE = rf"(?<![{BLOCKING_CHARS}--\p{{Ll}}])"
"""Left edge of a ``glued`` name that starts with a capital: a lower-case letter may touch it ("thanksMary")."""
GLUED_AFTER = rf"(?![{BLOCKING_CHARS}--\p{{Lu}}])"
"""Right edge of a ``glued`` name that ends in lower case: a capital may touch it ("MaryThanks")."""


def name_pattern(name: str, glued: bool = False) -> str:
    """The regular expression for one name (as ``name_key`` gives it), whole-word on the sides where it needs it.

    A ``glued`` name also matches where it is glued to a word in camel case:
    "Mary" in "thanksMary" and "MaryThanks", never in "Rosemary" or "Marys".
    The pattern is meant for the normalised view of a text (``text_forms.matching_view``).
    """
    body = "".join(_units(name))
    before, after = edge_before(name[0]), edge_after(name[-1])
    if glued and name[0].isupper():
        before = GLUED_BEFORE
    if glued and name[-1].islower():
        after = GLUED_AFTER
    return before + body + after


def edge_before(char: str) -> str:
    """What must hold before a name starting with this character (``BLOCKING``, ``PREFIXES``)."""
    if not WORD.match(char) or CONTINUOUS.match(char):
        return ""
    prefixes = prefixes_before(char)
    if not prefixes:
        return NOT_AFTER_WORD
    return rf"(?:{NOT_AFTER_WORD}|(?<={NOT_AFTER_WORD}[{prefixes}]{{1,{MAX_PREFIX}}}))"


def edge_after(char: str) -> str:
    """What must hold after a name ending with this character."""
    return NOT_BEFORE_WORD if WORD.match(char) and not CONTINUOUS.match(char) else ""


def prefixes_before(char: str) -> str:
    """The prefix letters a name starting with this character may follow (none outside Arabic and Hebrew)."""
    return next((letters for script, letters in PREFIXES.items() if _SCRIPTS[script].match(char)), "")


_SCRIPTS = {script: regex.compile(rf"\p{{{script}}}", regex.VERSION1) for script in PREFIXES}


def separators(key: str) -> list[int]:
    """Where a name (as ``name_key`` gives it) has a separator (``SEPARATOR_IN_NAME``)."""
    return [match.start() for match in SEPARATOR_IN_NAME.finditer(key)]


def written_forms(key: str) -> list[str]:
    """The forms of a name with a space, a hyphen or a line break (``\\n``, ``\\r\\n``) at each separator, the name first.

    The matcher looks for each form in a text whose runs of blanks are folded
    to one space and whose blanks next to a line break are dropped. A name with
    more than ``MAX_SEPARATORS`` separators has only itself: its spaces match
    runs of blanks on one line, its hyphens only hyphens. Then the forms with a middle initial's full stop left out
    (``stopless_forms``).
    """
    return [*separated_forms(key), *stopless_forms(key)]


def stopless_forms(key: str) -> list[str]:
    """The ``separated_forms`` of a name with one or more of its middle initials' full stops left out, as mail often
    writes them ("Tobias R Quell" for "Tobias R. Quell")."""
    stops = [match.start() for match in _MIDDLE_STOP.finditer(key)]
    forms = []
    for kept in itertools.product((True, False), repeat=len(stops)):
        if all(kept):
            continue  # the name as it is written: ``separated_forms``
        dropped = {stop for stop, keep in zip(stops, kept) if not keep}
        forms.extend(separated_forms("".join(char for place, char in enumerate(key) if place not in dropped)))
    return forms


def separated_forms(key: str) -> list[str]:
    """The forms of a name with a space, a hyphen or a line break at each separator, the name first."""
    if " " not in key and "-" not in key:
        return [key]
    if key.count(" ") == 1 and "-" not in key:  # the commonest name with a separator: two words
        place = key.index(" ")
        return [key, *(key[:place] + char + key[place + 1 :] for char in _SEPARATOR_FORMS[1:])]
    places = separators(key)
    if not places or len(places) > MAX_SEPARATORS:
        return [key]
    forms = [key]
    for choice in itertools.product(_SEPARATOR_FORMS, repeat=len(places)):
        chars = list(key)
        for place, char in zip(places, choice):
            chars[place] = char
        form = "".join(chars)
        if form != key:
            forms.append(form)
    return forms


_MIDDLE_STOP = regex.compile(r"(?<=\S \p{Lu})\.(?= \S)")
"""The full stop of a middle initial ("Tobias R. Quell"), which mail often leaves out."""
_SEPARATOR_FORMS = (" ", "-", "\n", "\r\n")
"""What a separator is written as in the forms of a name (``written_forms``), in their order."""


def longest_first(names: Iterable[str]) -> list[str]:
    """Distinct names ordered longest first, then alphabetically (a deterministic order).

    Sorted alphabetically, then by length alone (a stable sort keeps the alphabetical order among names of one
    length): two sorts by keys Python compares natively are faster than one by a tuple made per name."""
    ordered = sorted(set(names))
    ordered.sort(key=len, reverse=True)
    return ordered


def alternation(names: Iterable[str], glued: Collection[str] = ()) -> regex.Pattern[str] | None:
    """The straightforward pattern: every ``name_pattern``, longest first, as one alternation.

    The definition that ``matcher.compile_names`` must agree with, kept for tests and
    benchmarks; its cost grows with the number of names.
    """
    ordered = longest_first(name_key(name) for name in names)
    ordered = [name for name in ordered if name]
    if not ordered:
        return None
    return regex.compile("|".join(name_pattern(name, name in glued) for name in ordered), regex.VERSION1)


def _units(key: str) -> list[str]:
    """A name as pattern units: its characters, each separator standing for ``SEPARATOR``."""
    units = [regex.escape(char) for char in key]
    for match in _MIDDLE_STOP.finditer(key):
        units[match.start()] = r"\.?"
    places = separators(key)
    few = len(places) <= MAX_SEPARATORS
    for place in places:
        if few:
            units[place] = SEPARATOR
        elif key[place] == " ":
            units[place] = _BLANKS
    return units


_BLANKS = r"[^\S\r\n]+"
"""A space in a name of more than ``MAX_SEPARATORS`` separators: a run of blanks on one line."""


def name_key(text: str) -> str:
    """A name as patterns compare names: normalised (``text_forms.normalised``), inner white space folded to single spaces."""
    return " ".join((text if text.isascii() else normalised(text)).split())  # ASCII is its own normal form


def occurs(name: str, text: str) -> bool:
    """True when the name occurs in the text as a whole word (in the text's normalised view)."""
    return regex.search(name_pattern(name_key(name)), matching_view(text).text, regex.VERSION1) is not None
