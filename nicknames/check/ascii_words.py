"""Which tokens of an ASCII text audit's walk must look at: most tokens that start a name cannot make a finding.

A text of prose is full of tokens that start some name of a large class list: "it", "in", "no" (initials
"IT", "IN", "NO"), "time" (a name that is a word), "a" ("A. Berg"). The walk of ``audit._scan_view`` reads
each of them; almost all are word uses that find nothing. This module tells, from the sets of a text's
words alone (no positions), which occurrences can matter, so that the walk reads only those, and none at
all in most texts. An occurrence is *inert* when reading it finds nothing and leaves nothing that
another part of the scan reads:

- no name of more than one token can start there (the second token of every such name is absent from
  the text);
- then either a keep-list name of one token is that word, capitalised with no case change inside and no
  near miss (the walk only takes its place, which no glued word or near miss starts at), or no name of
  one token is that word (the walk reads nothing there), or the name is one
  that counts only where written as a name and this occurrence is a word use that nothing else needs:
  in lower case, a word name or initials (``_is_word_use``) that is no glued name (``glued_names``
  would skip that word only where the walk took it); capitalised ("It"), initials not in capitals,
  with no case change inside (no glued word) and, from four letters, no near miss
  (``near_misses`` would skip the word only where the walk took it).

``tests/test_audit_ascii.py`` checks that the findings are those of the walk over every token.
"""

from __future__ import annotations

from collections.abc import Callable

from nicknames.check.name_index import MIN_NEAR_LENGTH, HitRules, NameIndex
from nicknames.check.tokens import ASCII_TOKEN

_NOT_WORD = str.maketrans({chr(code): " " for code in range(128) if not (chr(code).isalnum() or chr(code) == "_")})
"""Every ASCII character that is no word character (``\\w`` of ASCII) to a space."""
_NOT_LETTER = str.maketrans({chr(code): " " for code in range(128) if not chr(code).isalpha()})
"""Every ASCII character that is no letter to a space."""


def ascii_tokens(text: str) -> list[str]:
    """``ASCII_TOKEN.findall(text)`` of an ASCII text; without an apostrophe, its runs of word characters split at
    once (a token reaches across an apostrophe only)."""
    if "'" in text:
        return ASCII_TOKEN.findall(text)
    return text.translate(_NOT_WORD).split()


def ascii_runs(text: str) -> list[str]:
    """The runs of word characters of an ASCII text (the words of ``audit.CAPITALISED`` and the glued words are
    among them)."""
    return text.translate(_NOT_WORD).split()


class AsciiWords:
    """The tokens of an ASCII text, as written and in lower case, their sets, and its runs of word characters."""

    def __init__(self, text: str, folded_text: str) -> None:
        self.text = text
        self.words = ascii_tokens(text)
        self.folded = ascii_tokens(folded_text)  # the same tokens: case changes no token's bounds
        self.as_written = set(self.words)
        self.lower = set(self.folded)
        self.folded_text = folded_text

    def capitalised(self) -> set[str]:
        """The distinct tokens with a capital letter in them."""
        return self.as_written - self.lower

    def runs(self) -> set[str]:
        """The distinct runs of word characters (the tokens, in a text without an apostrophe)."""
        return self.as_written if "'" not in self.text else set(ascii_runs(self.text))

    def capitalised_runs(self) -> set[str]:
        """The distinct runs of word characters with a capital letter in them."""
        if "'" not in self.text:
            return self.capitalised()
        return self.runs() - set(ascii_runs(self.folded_text))

    def mixed_runs(self) -> set[str]:
        """The runs that may be words of ``ASCII_GLUED_MIXED``: those opening with a letter that have a digit or an
        underscore, or a capital that is neither the first letter nor one of all capitals."""
        with_digits = self.runs() - set(self.text.translate(_NOT_LETTER).split())
        return ({run for run in with_digits if run[0].isalpha()}
                | {run for run in self.capitalised_runs() if run.isalpha() and not (run.istitle() or run.isupper())})


def live_positions(text: AsciiWords, index: NameIndex, rules: HitRules,
                   quiet: Callable[[str], bool]) -> list[int]:
    """The positions of the tokens that the walk must read (those that start a name and are not inert); ``quiet``
    tells a capitalised word that is no near miss."""
    first = index.first
    if first.isdisjoint(text.lower):
        return []
    hits = first.intersection(text.as_written)
    hits -= rules.quiet_lower
    live = {word for word in hits if not _inert_lower(word, text.lower, rules)}
    for word in text.capitalised():
        folded = word.lower()
        if folded in first and not _inert_capitalised(word, folded, text.lower, rules, quiet):
            live.add(word)
    if not live:
        return []
    return [position for position, word in enumerate(text.words) if word in live]


def _inert_lower(word: str, folded: set[str], rules: HitRules) -> bool:
    """True when the walk finds nothing at this word written in lower case and takes nothing that matters."""
    return rules.alone(word, folded) and (word in rules.silent or word in rules.lower_words)


def _inert_capitalised(word: str, lower: str, folded: set[str], rules: HitRules, quiet: Callable[[str], bool]) -> bool:
    """True when the walk finds nothing at this word with capitals and takes nothing that matters."""
    return rules.alone(lower, folded) and inert_capitalised(word, rules, quiet)


def inert_capitalised(word: str, rules: HitRules, quiet: Callable[[str], bool]) -> bool:
    """True when the walk finds nothing at this word with capitals, where it opens no name of more tokens, and takes
    nothing that matters."""
    lower = word.lower()
    if lower in rules.silent:
        return True
    if lower in rules.kept:  # the walk takes its place, which only a near miss or a glued word there would miss
        return plain_capitalised(word) and quiet(word)
    return (lower in rules.title_words and word.isalpha() and word.istitle() and not word.isupper()
            and (len(word) < MIN_NEAR_LENGTH or quiet(word)))


def plain_capitalised(word: str) -> bool:
    """Letters only, capitalised or all capitals: no case change inside, so no glued word starts at it."""
    return word.isalpha() and (word.istitle() or word.isupper())
