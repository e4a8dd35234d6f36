"""Scan a pseudonymised output for anything that still looks like a participant's name.

Every name in use in the mapping and every part of a class-list name is looked
for in any case, as whole words; keep-list names are skipped (the longest match
wins, so "Arthur C. Clarke" covers "Clarke"). Initials ("MJ", "-AT-", and with
a class list each registered name's initials) count only in capitals, so "at"
is not "AT"; the class list's initials count only in a short line such as a
sign-off ("Cheers, RG"), since capitals like "NC" or "MA" abound in prose. Names that are ordinary words
(``WORD_NAMES``, tagged ``word``, or class-list parts among the common words) count only where written as a name: not in
lower case, and not opening a sentence before a lower-case word. A *near miss*
is a capitalised word within a small edit distance of a name (one edit, a swap
of two neighbouring letters counting as one, for words of up to 7 letters; two
for longer ones) that is not a stop word or a common word ("Table" is no
misspelling of a name "Tabe") and does not also appear in lower case in the
output (then it is a word). A *glued* name is one joined to other characters
into one word, as identifiers and file names have them (``Mary2``,
``Mary_Jane_notes``, ``#MaryJane``, ``maryjones``): a word with a digit, an
underscore or a lower-to-upper case change whose letters are made of one
person's names (``nicknames.rules.identifier_parts``), or a lower-case word that is a
person's names glued together.

Names are looked for in the text's normalised view, by the same rules as apply
(``nicknames.rules.patterns``): NFC, invisible characters skipped ("Ma\u200bry"), the
parts of a name apart by blanks, one line break or a hyphen ("Mary\nJane",
"Mary-Jane"), each character of a script written without spaces a word of its
own ("张伟" in "谢谢张伟的帮助"), and Arabic and Hebrew prefixes taken off ("ومحمد").
Offsets are those of the original text. A name written with letters of another
script that look like Latin ones (Cyrillic "а" in "Mаry") or in compatibility
forms (fullwidth "Ｍａｒｙ") is a *confusable*: found in the text's skeleton
(``text_forms.matching_view(text, skeleton=True)``) and not in its view.

Each message is tokenised once and its tokens are looked up in dictionaries,
so the scan time grows with the size of the output, not with the number of names.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from nicknames.apply.namesakes import names_someone_else
from nicknames.check.ascii_words import AsciiWords, live_positions
from nicknames.check.findings import AuditResult, Finding, finding
from nicknames.check.name_index import NameIndex
from nicknames.check.near_misses import LowerWords, NearLookups, near_misses
from nicknames.check.plain_texts import plain_texts
from nicknames.check.tokens import (
    ASCII_TOKEN,
    Spanned,
    longest_name,
    opens_sentence,
    prefixed_tokens,
    text_tokens,
)
from nicknames.distributed.cluster import cluster_map
from nicknames.distributed.engines import Engine
from nicknames.engine.partitions import PARTITION_ROWS, batches, row_runs
from nicknames.engine.run import Progress, ordered_map
from nicknames.rules.introductions import introduces
from nicknames.rules.personal_names import (
    ASCII_GLUED_LOWER,
    ASCII_GLUED_MIXED,
    GLUED_WORD,
)
from nicknames.rules.text_forms import (
    CONFUSABLES,
    TextView,
    is_ascii_view,
    matching_view,
)
from nicknames.rules.word_names import REPORTING_VERBS, after_determiner

SIGNATURE_WORDS = 3
"""Words a line may have for class-list initials in it to count ("Many thanks, RG")."""


def audit_messages(messages: Iterable[tuple[str, str]], index: NameIndex, near: bool = True, *, jobs: int = 1,
                   progress: Progress | None = None, size: int | None = None,
                   engine: Engine | None = None) -> AuditResult:
    """Scan (message id, text) pairs; near misses are dropped if their word also appears in lower case.

    The pairs are cut into runs of ``size`` (``PARTITION_ROWS``) in order, each scanned by
    ``audit_part`` in one of ``jobs`` processes (or on the cluster of a Dask or
    Spark ``engine``): the same findings in the same order for any number of them.
    """
    tally = AuditTally(index)
    parts: Iterable[AuditPart]
    if engine is not None and engine.remote:
        parts = cluster_map(_audit_run, batches(messages, size or PARTITION_ROWS), (index, near), engine, jobs)
    elif isinstance(messages, list) and jobs > 1:  # the workers share the list, each reads its rows
        parts = ordered_map(_audit_rows, row_runs(len(messages), size or PARTITION_ROWS), jobs, (messages, index, near))
    else:
        parts = ordered_map(_audit_run, batches(messages, size or PARTITION_ROWS), jobs, (index, near))
    for part in parts:
        tally.absorb(part)
        if progress is not None:
            progress.advance(part.messages)
    return tally.result()


def _audit_run(messages: list[tuple[str, str]], settings: tuple[NameIndex, bool]) -> AuditPart:
    """``audit_part`` as the engine calls it: one run of messages, with what every run shares."""
    return audit_part(messages, *settings)


def _audit_rows(rows: range, settings: tuple[list[tuple[str, str]], NameIndex, bool]) -> AuditPart:
    """``audit_part`` of some rows of the messages every worker holds (they are not sent to it again)."""
    messages, index, near = settings
    return audit_part(messages[rows.start:rows.stop], index, near)


@dataclass
class AuditPart:
    """What scanning some consecutive messages found, before the near misses are weighed against all texts."""

    messages: int
    findings: list[Finding]
    lower: LowerWords


def audit_part(messages: Iterable[tuple[str, str]], index: NameIndex, near: bool = True,
               cache: dict[str, str | None] | None = None) -> AuditPart:
    """Scan (message id, text) pairs; ``cache`` keeps near-miss lookups between parts."""
    findings: list[Finding] = []
    lower = LowerWords()
    lookups = NearLookups(index, {} if cache is None else cache, near)
    messages = list(messages)
    plain = plain_texts([text for _, text in messages], index, lookups.quiet)
    if near:
        lower.add_words(plain.lower)
    for number, (message_id, text) in enumerate(messages):
        if number in plain.plain:
            continue  # its words can give no finding
        words = AsciiWords(text, text.lower()) if is_ascii_view(text) else None
        names, taken = scan(message_id, text, index, lookups.quiet) if words is None else _scan_ascii(
            message_id, words, index, lookups.quiet, number not in plain.unglued)
        findings.extend(names)
        if near:
            if words is None or (number not in plain.quiet  # CAPITALISED finds runs
                                 and not lookups.all_quiet(words.capitalised_runs())):
                glued = {finding.start for finding in names if finding.kind == "glued"}  # found already
                findings.extend(near_misses(message_id, text, index, lookups.cache, taken | glued if glued else taken))
            lower.add(text)
    lower.compact()
    return AuditPart(len(messages), findings, lower)


class AuditTally:
    """The parts of a scan absorbed in message order; the result is that of one scan over all of them."""

    def __init__(self, index: NameIndex) -> None:
        self.names = len(index.owners)
        self.messages = 0
        self.findings: list[Finding] = []
        self.lower = LowerWords()

    def absorb(self, part: AuditPart) -> None:
        """Add the part that follows the ones absorbed so far."""
        self.messages += part.messages
        self.findings.extend(part.findings)
        self.lower.absorb(part.lower)

    def result(self) -> AuditResult:
        """The findings, near misses whose word is also written in lower case somewhere dropped."""
        lower = self.lower
        findings = [f for f in self.findings if f.kind != "near" or f.text.lower() not in lower]
        return AuditResult(self.messages, self.names, findings)


def scan(message_id: str, text: str, index: NameIndex,
         quiet: Callable[[str], bool] | None = None) -> tuple[list[Finding], set[int]]:
    """Mapped and class-list names in one message (keep-list names skipped), and where every match starts.

    Names are looked for in the text's normalised view, then in its skeleton
    when that differs (confusables); offsets are the original text's. ``quiet``
    tells a capitalised word that is no near miss (``near_misses`` skips the words
    the walk took): an ASCII text's walk leaves out tokens where it finds nothing
    that matters (``ascii_words``).
    """
    if is_ascii_view(text):
        return _scan_ascii(message_id, AsciiWords(text, text.lower()), index, quiet or _never_quiet)
    found, taken = _scan_view(message_id, matching_view(text), index, "name", set())
    if _may_confuse(text):
        more, also = _scan_view(message_id, matching_view(text, skeleton=True), index, "confusable", taken)
        glued = {(finding.start, finding.end) for finding in found if finding.kind == "glued"}
        found.extend(finding for finding in more if finding.kind != "glued" or (finding.start, finding.end) not in glued)
        taken |= also
        found.sort(key=_finding_start)
    return found, taken


def _never_quiet(word: str) -> bool:
    return False


def _finding_start(finding: Finding) -> int:
    return finding.start


def _may_confuse(text: str) -> bool:
    """True when the text's skeleton may differ from its view: a confusable letter, or a compatibility form."""
    return _CONFUSABLE.search(text) is not None or not unicodedata.is_normalized("NFKC", text)


_CONFUSABLE = re.compile("[" + "".join(chr(code) for code in CONFUSABLES) + "]")


def _scan_ascii(message_id: str, words: AsciiWords, index: NameIndex, quiet: Callable[[str], bool],
                glued: bool = True) -> tuple[list[Finding], set[int]]:
    """``_scan_view`` of an ASCII text (its own view), reading only the tokens that may matter (``glued``: False
    when no word of the text may be names glued)."""
    text = words.text
    positions = live_positions(words, index, index.hit_rules(), quiet)
    if not positions:
        return glued_names(message_id, text, index, set(), words) if glued else [], set()
    tokens: list[Spanned] = list(ASCII_TOKEN.finditer(words.folded_text))
    found, taken = _walk(message_id, TextView(text, text), index, "name", set(), (tokens, words.folded, positions), {})
    if glued:
        found.extend(glued_names(message_id, text, index, taken, words))
    return found, taken


def _scan_view(message_id: str, view: TextView, index: NameIndex, kind: str,
               skip: set[int]) -> tuple[list[Finding], set[int]]:
    """The names found in a view of the text, as findings of this kind in the original text (none at ``skip``)."""
    text = view.text
    folded_text = text.lower()
    if text.isascii() and index.first.isdisjoint(ASCII_TOKEN.findall(folded_text)):
        return glued_names(message_id, text, index, set(), view=view), set()  # no token starts a name: nothing to walk
    tokens = text_tokens(text if len(folded_text) != len(text) else folded_text)
    folded = [token.group().lower() for token in tokens]
    prefixed = {} if text.isascii() else prefixed_tokens(tokens, folded, index.first)
    positions = [i for i, word in enumerate(folded) if word in index.first or i in prefixed]
    found, taken = _walk(message_id, view, index, kind, skip, (tokens, folded, positions), prefixed)
    found.extend(glued_names(message_id, text, index, taken, view=view))
    return found, taken


Walk = tuple[list[Spanned], list[str], list[int]]
"""A text's tokens, their words in lower case, and the positions of the tokens the walk reads."""


def _walk(message_id: str, view: TextView, index: NameIndex, kind: str, skip: set[int],
          walk: Walk, prefixed: Mapping[int, Spanned]) -> tuple[list[Finding], set[int]]:
    """The names starting at the positions given (the longest, keep-list names skipped), and where they start;
    ``prefixed``: the tokens that are a name's first word after prefix letters."""
    tokens, folded, positions = walk
    text = view.text
    identical = view.identical
    found: list[Finding] = []
    taken: set[int] = set()
    skip_to = 0
    for i in positions:
        if i < skip_to:
            continue
        if i in prefixed and folded[i] not in index.first:  # a name's first word after prefix letters starts here
            tokens[i] = prefixed[i]
            folded[i] = prefixed[i].group()
        kept = longest_name(index.keep, index.keep_lengths.get(folded[i], []), tokens, folded, i, text)
        length = longest_name(index.names, index.lengths.get(folded[i], []), tokens, folded, i, text)
        if kept and kept >= length:
            skip_to = i + kept
        elif length:
            skip_to = i + length
            sequence = tuple(folded[i:skip_to])
            matched = text[tokens[i].start():tokens[skip_to - 1].end()]
            start, end = view.span(tokens[i].start(), tokens[skip_to - 1].end())
            if start not in skip and not _is_word_use(" ".join(sequence), tokens, i, text, matched, index):
                other = kind == "name" and len(sequence) == 1 and _in_other_name(view.original, end, sequence, index)
                named = "other-name" if other else kind
                found.append(finding(message_id, view.original, start, end, named, index.names[sequence], index))
        else:
            continue
        if identical:
            taken.update(token.start() for token in tokens[i:skip_to])
        else:
            taken.update(view.span(token.start(), token.end())[0] for token in tokens[i:skip_to])
    return found, taken


def _in_other_name(text: str, end: int, sequence: tuple[str, ...], index: NameIndex) -> bool:
    """A given name of the mapping or class list before a capitalised word that is none of its owners' names, as
    apply leaves it ("Tobias Wrenfield" where the only Tobias is Tobias Quell: ``namesakes.names_someone_else``)."""
    if text[end : end + 1] != " ":
        return False
    own = index.own_words()
    owners = tuple(index.owners.get(sequence[0], ()))
    return bool(owners) and names_someone_else(text, end, own.surnames(owners), own.given)


def glued_names(message_id: str, text: str, index: NameIndex, taken: set[int],
                words: AsciiWords | None = None, view: TextView | None = None) -> list[Finding]:
    """Names glued to other characters (``Mary2``, ``Mary_Jane_notes``, ``Mary_notes``, ``#MaryJane``,
    ``maryjones``), and a name glued to a word in a hashtag (``#TeamMary``); ``words``: those of an ASCII text, when
    known; ``view``: the view ``text`` is, whose findings are given (and ``taken`` is read) at the original text's
    offsets."""
    found: list[Finding] = []
    glued = index.personal.glued
    original = text if view is None else view.original
    for match in _glued_words(text, index, words):
        word = match.group()
        start, end = (match.start(), match.end()) if view is None else view.span(match.start(), match.end())
        if (word.islower() and word.isalpha() and word not in glued) or start in taken:
            continue  # a lower-case word is a name only as names glued: ``glued_people`` finds nobody
        people = index.glued_people(word)
        if not people and original[start - 1 : start] == "#":  # "#TeamGreta": a name glued to a word in a hashtag
            people = index.tag_people(word)
        if people:
            found.append(Finding(message_id, start, end, original[start:end], "glued", word, tuple(sorted(people)),
                                 finding(message_id, original, start, end, "glued", word, index).context))
    return found


def _glued_words(text: str, index: NameIndex, words: AsciiWords | None) -> Iterator[Spanned]:
    """The words of ``GLUED_WORD`` in the text; in an ASCII text where no long lower-case word is names glued, only
    those with an underscore, a digit or a case change, since ``glued_names`` skips the others (and none when none of
    those is made of names)."""
    glued = index.personal.glued
    if words is not None and glued.keys().isdisjoint(words.runs()):  # a glued lower-case word is a whole run
        if not any(index.glued_people(word) or index.tag_people(word) for word in words.mixed_runs()):
            return iter(())  # no word ``ASCII_GLUED_MIXED`` may find is made of names
        return ASCII_GLUED_MIXED.finditer(text)
    if text.isascii() and glued.keys().isdisjoint(ASCII_GLUED_LOWER.findall(text)):
        return ASCII_GLUED_MIXED.finditer(text)
    return GLUED_WORD.finditer(text)


def _line_around(text: str, position: int) -> str:
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    return text[start:end if end >= 0 else len(text)]


def _is_word_use(key: str, tokens: Sequence[Spanned], i: int, text: str, matched: str, index: NameIndex) -> bool:
    """An ordinary-word name used as the word (in lower case, or opening a sentence before a lower-case word, but
    not before "here" in an introduction, "Mark here, ...", nor before a verb that reports what a person did, "Grace
    said": ``word_names.REPORTING_VERBS``), any
    name in lower case after an article or determiner ("the river"), or class-list initials not written in capitals."""
    if key in index.initials and not matched.isupper():
        return True
    if matched.islower() and after_determiner(text, tokens[i].start()):
        return True  # "the river": the noun, as apply reads it
    if key in index.signature_only:
        return len(_line_around(text, tokens[i].start()).split()) > SIGNATURE_WORDS
    if key in index.initials:
        return False
    if key not in index.words:
        return False
    if matched.islower():
        return True
    at_start = opens_sentence(text, tokens[i].start())
    if not at_start or i + 1 >= len(tokens):
        return False
    following = tokens[i + 1]
    word = text[following.start():following.end()]
    if not (text[tokens[i].end():following.start()].isspace() and word.islower()) or word in REPORTING_VERBS:
        return False  # "Grace said": the name
    return not introduces(text, tokens[i].start(), tokens[i].end())  # "Mark here," introduces a Mark


