"""Replace names in messages, one scope at a time: find spans, resolve who each belongs to, replace.

Substitution is a pure function of (the names in use in a scope, a batch of
messages): it returns the new texts and a ``Replacement`` record for every
change, so reports, audit and evaluation all read the same records.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Mapping as MappingType
from typing import TYPE_CHECKING, Protocol, TypeGuard, runtime_checkable

import regex

from nicknames.apply.namesakes import names_someone_else
from nicknames.apply.person_placeholders import OTHER_OWNERS, other_mention
from nicknames.apply.replacement import Detail, Replacement, Replacements
from nicknames.apply.resolution import (
    CONFIDENCE,
    FILE_EVIDENCE,
    ONLY_EVIDENCE,
    Decision,
    ThreadContext,
    Unresolved,
    Zone,
    decide,
)
from nicknames.apply.scope_names import MappingNames, ScopeNames
from nicknames.apply.zones import zones_of
from nicknames.model.mapping import OTHERS
from nicknames.rules.identifier_patterns import PART_PLACEHOLDER, PLACEHOLDERS
from nicknames.rules.identifiers import PART_KINDS, Identifier, IdentifierRules
from nicknames.rules.introductions import introduces
from nicknames.rules.salutations import in_salutation
from nicknames.rules.word_names import (
    WORD_NAMES,
    after_determiner,
    before_contraction,
    before_reporting_verb,
    in_institution_name,
    in_longer_name,
    in_name_position,
    in_word_list,
    inside_sentence,
    possessive_name,
    reads_as_place,
    reads_as_word,
)

if TYPE_CHECKING:  # only for annotations: the table module loads pandas
    from nicknames.model.messages import Message

RULES = {
    "only": "the name belongs to one active participant",
    "file": "the name belongs to one participant of the file, none of them active in the scope (--names-of everyone)",
    "signoff": "shared name in the sign-off: the message's sender",
    "greeting": "shared name in the greeting: the parent message's sender",
    "intro": "shared name the sender gives for themselves ('my name is', 'call me'): the message's sender",
    "parent": "shared name in the body of a reply: the parent message's sender",
    "recipient": "shared name: the one candidate among the message's recipients (mail)",
    "addressed": "shared name: the participant it was decided for earlier in the thread",
    "other": "shared name outside the sign-off: the one candidate who is not the sender",
    "thread": "shared name: the only candidate taking part in the thread",
    "recent": "shared name: the candidate who posted last before, in the thread",
    "named": "shared name: the one candidate named earlier in the thread by a name only they have",
    "first": "undecided: the participant who uses it most, else the first in the mapping (--unresolved first)",
    "mark": "undecided: all candidates marked, e.g. [U12|U43] (--unresolved mark)",
    "skip": "undecided: left as written (--unresolved skip)",
    "identifier": "an e-mail address, URL, path, handle or phone number (or its personal part) of no known participant",
    "owner": "an address, handle or id of a known participant, or the part of an identifier made of their names",
    "others": "a person who is not a participant (the mapping's @others): [PERSON n]",
}
"""How the participant behind each replacement was chosen (see ``nicknames.apply.resolution``)."""

@runtime_checkable
class ShapedPseudonym(Protocol):
    """A pseudonym style that shapes each replacement after what it replaces (surrogate names).

    Plain ``Callable[[str], str]`` styles give one pseudonym per participant;
    a style with ``mention`` also sees the text it replaces and its kind
    (``name``, ``email``, ...), and ``ambiguous`` renders a mention marked for
    several candidates. A style whose ``mention`` is the same whatever it
    replaces may also have ``texts``, a mapping participant → pseudonym that
    substitution reads instead of calling ``mention`` for each name.
    """

    def __call__(self, participant: str) -> str: ...

    def mention(self, participant: str, original: str, kind: str) -> str:
        """The pseudonym of this participant shaped like ``original``."""

    def ambiguous(self, participants: Sequence[str], original: str) -> str:
        """The text written for a mention of ``original`` that may be any of these participants."""


Pseudonym = Callable[[str], str]
"""Participant id → pseudonym; may also be a ``ShapedPseudonym``."""


def substitute_batch(
    messages: Iterable[Message],
    names: ScopeNames,
    pseudonym: Pseudonym,
    *,
    identifiers: IdentifierRules | None = None,
    unresolved: Unresolved = Unresolved.first,
) -> tuple[list[str], list[Replacement]]:
    """Pseudonymise a batch of messages of one scope, deciding shared names from the batch's threads."""
    texts, records = substitute_scope(messages, names, pseudonym, identifiers=identifiers, unresolved=unresolved)
    return texts, list(records)


def substitute_scope(
    messages: Iterable[Message],
    names: ScopeNames,
    pseudonym: Pseudonym,
    *,
    identifiers: IdentifierRules | None = None,
    unresolved: Unresolved = Unresolved.first,
) -> tuple[list[str], Replacements]:
    """``substitute_batch`` with its records kept by column (``Replacements``: message number = batch position)."""
    batch = list(messages)
    context = ThreadContext.of(batch)
    records = Replacements()
    texts = [_substitute_into(message, names, pseudonym, records, identifiers, context, unresolved)
             for message in batch]
    return texts, records


def substitute_message(
    message: Message,
    names: ScopeNames,
    pseudonym: Pseudonym,
    *,
    identifiers: IdentifierRules | None = None,
    context: ThreadContext | None = None,
    unresolved: Unresolved = Unresolved.first,
) -> tuple[str, list[Replacement]]:
    """Replace identifiers, then every name outside them; keep-list names are left as they are.

    Returns the new text and a record of each replacement, in text order.
    """
    records = Replacements()
    text = _substitute_into(message, names, pseudonym, records, identifiers, context, unresolved)
    return text, list(records)


def _substitute_into(
    message: Message,
    names: ScopeNames,
    pseudonym: Pseudonym,
    records: Replacements,
    identifiers: IdentifierRules | None,
    context: ThreadContext | None,
    unresolved: Unresolved,
) -> str:
    """``substitute_message``, its records added to ``records`` under a new message number: no object per mention
    is kept, so a text of a million mentions takes a few times its own size."""
    text = message.text
    number = records.open(message.id)
    first = len(records)
    mentions, taken = _identifier_mentions(message, names, pseudonym, identifiers)
    lower_before = False
    for mention in mentions:
        records.append(mention)
    if names.pattern is not None:
        zones: Callable[[int], Zone] | None = None
        texts: dict[str, str] | None = getattr(pseudonym, "texts", None)
        context = context if context is not None else ThreadContext.of([message])
        named = context.named.setdefault(message.thread, set())
        at_a_glance, known, mapping_owners = names.names.at_a_glance, names.known, names.names.owners
        own_words = names.names.own_words
        for start, end, form in names.pattern.iter_spans(text):
            if form in at_a_glance:
                if inside_sentence(text, start, end):  # then one space and a letter or digit follow
                    lower_before = lower_before or text[end + 1].isupper()  # "tobias Quell" (see below)
                    continue  # as ``placed`` below would, without a look-up
                lower_before = lower_before or _before_capital(text, end)
            elif form[0].islower():  # a name mapped in lower case ("martin"), not a case form
                lower_before = lower_before or _before_capital(text, end)
            # What is known of the form, looked up once per form in the scope: this loop runs for every name found.
            facts = known.get(form) or names.facts(form)
            key, candidates, outside, ending, positional, others, short, word, more_outside = facts
            if not candidates or (taken and _overlaps(start, end, taken)):
                continue
            end -= ending  # "Annas": the name is "Anna", the "s" stays
            # Most names found are lower-case forms inside sentences: dropped first, as they would be below.
            placed = positional and not others
            if placed and not in_name_position(text, start, end):
                continue
            if named and not outside and more_outside:
                candidates = _with_named(candidates, names.outside[key], named)
                others = candidates == OTHER_OWNERS
            original = text[start:end]
            if " " not in original and (in_institution_name(text, end) or before_contraction(text, end)):
                continue  # "Tolland Marsh National Laboratory" names no participant Tolland; "Don't" no Don
            if original.islower() and after_determiner(text, start):
                continue  # "the river": a noun, though a user name "river" posts in the scope
            if others:
                other = other_mention(message.id, text, start, end, key, names.others, key in names.names.words)
                if other is not None:
                    records.append(other)
                continue
            if short and not in_salutation(text, start, end):
                continue
            if not placed and positional and not in_name_position(text, start, end):
                continue
            if text[end + 1 : end + 2].isupper() and text[end] == " " and " " not in original and names_someone_else(
                    text, end, own_words.surnames(candidates), own_words.given):
                continue  # "Tobias Wrenfield": another person than the scope's Tobias Quell
            if word and not short:
                zones = zones or zones_of(text)
                in_position = zones(start) is not Zone.BODY or in_name_position(text, start, end)
                if reads_as_word(text, start, end, in_position) and not (
                        message.sender in candidates and introduces(text, start, end)):
                    continue  # a word; but "Mark here," opening the writer's own text introduces them
            if outside:
                zones = zones or zones_of(text)
                if not outside_reads_as_name(text, start, end, zones(start)):
                    continue
            if len(candidates) == 1:  # what ``decide`` gives, without a Decision
                participant = candidates[0]
                shaped = texts[participant] if texts is not None else _shaped(pseudonym, participant, original, "name")
                records.add(number, start, _only(original, key, participant, shaped, outside))
                if participant != message.sender and mapping_owners.get(key) == candidates:
                    named.add(participant)  # named by a name only they have, by somebody else
                continue
            zones = zones or zones_of(text)
            zone = zones(start)
            if zone is not Zone.SIGNOFF and message.sender in candidates and introduces(text, start, end):
                zone = Zone.INTRO
            decision = decide(key, candidates, message, zone, context, names.counts, unresolved)
            records.add(number, start, _name_mention(original, key, candidates, decision, pseudonym))
    if taken:
        records.sort_from(first)
    if len(records) > first:
        if _initial_near(text, records.spans(first)):  # seldom
            records.join(first, text, _around_middle_initials)
            records.widen(first, text, functools.partial(_with_initial_before, text, names.names.keys_of, pseudonym))
        if lower_before:
            records.widen(first, text, functools.partial(_with_given_name_before, text, names.names, pseudonym))
    return _stitch(text, records.spans(first))


def _before_capital(text: str, end: int) -> bool:
    """Whether one space and a capital follow ``end``: where a name in lower case may open a participant's name."""
    return text[end : end + 1] == " " and text[end + 1 : end + 2].isupper()


def _initial_near(text: str, spans: Iterable[tuple[int, int, str]]) -> bool:
    """Whether a record follows a capital and a full stop ("T. Quell", "T.Quell", "Tobias K. Quell"), a capital
    alone stands between two records ("Tobias K Quell"), or one space does ("Tobias Quell", two records): a few
    characters read at each record, no scan of the text."""
    previous_end = -_MIDDLE_CHARS
    for start, end, _ in spans:
        if start >= 2 and (
                text[start - 1] == "." and text[start - 2].isupper()
                or text[start - 2] == "." and text[start - 3 : start - 2].isupper()
                or start - previous_end <= _MIDDLE_CHARS and (
                    text[start - 2].isupper() and text[start - 3 : start - 2].isspace()
                    or start - previous_end == 1 and text[start - 1] == " ")):
            return True
        previous_end = end
    return False


def _with_initial_before(text: str, keys_of: MappingType[str, Sequence[str]], pseudonym: Pseudonym, detail: Detail,
                         start: int) -> tuple[int, str]:
    """Where a name's record starts, and its pseudonym: from the initials before it when the first is the initial of
    another name of its participant ("T. Quell", "T.Quell", "T. K. Quell" for a Tobias Quell), which are part of the
    name; else where it starts."""
    kept = start, detail[3]
    if detail[6] != "name" or " " in detail[0] or detail[2] == OTHERS:
        return kept
    window = max(0, start - _INITIALS_CHARS)
    initials = _INITIALS_BEFORE.search(text, window, start)
    participant = detail[2]
    if initials is None or (initials.start() == window and window > 0):
        return kept  # no initials, or the window cut a longer run
    if detail[3] != _shaped(pseudonym, participant, detail[0], "name"):
        return kept  # a shared name's mark or choice stays as it is
    letter = text[initials.start()]
    if not any(key[0] == letter and key != detail[1] for key in keys_of.get(participant, ())):
        return kept
    return initials.start(), _shaped(pseudonym, participant, text[initials.start() : start] + detail[0], "name")


_INITIALS_BEFORE = regex.compile(r"(?<![\w.\-'’])(?:\p{Lu}\.[^\S\n]?){1,3}\Z")
"""One to three initials with full stops right before a name ("T. ", "T.J. ", "T. J. "), after no letter, full stop or
hyphen: the first is the given name's."""
_INITIALS_CHARS = 9


def _with_given_name_before(text: str, names: MappingNames, pseudonym: Pseudonym, detail: Detail,
                            start: int) -> tuple[int, str]:
    """Where a name's record starts, and its pseudonym: from the word before it when that word is another name of its
    participant written in lower case, and no ordinary word ("proposed by tobias Quell" for a Tobias Quell), or the
    two are one of the participant's names in other case; else where it starts."""
    kept = start, detail[3]
    if (detail[6] != "name" or detail[2] == OTHERS or start < 2 or text[start - 1] != " "
            or not text[start - 2].islower()):
        return kept
    before = _WORD_BEFORE.search(text, max(0, start - _WORD_CHARS), start)
    participant = detail[2]
    if before is None or detail[3] != _shaped(pseudonym, participant, detail[0], "name"):
        return kept
    word = before.group(1)
    whole = f"{word} {detail[0]}".casefold()
    if not any(key.casefold() == whole or (key.casefold() == word and key != detail[1] and " " not in key
                                           and key not in names.words)
               for key in names.keys_of.get(participant, ())):
        return kept
    return before.start(), _shaped(pseudonym, participant, text[before.start() : start] + detail[0], "name")


_WORD_BEFORE = regex.compile(r"(?<![\w.\-'’@/])(\p{Ll}[\p{Ll}\p{M}]+) \Z")
"""A word in lower case right before a name, after one space, not part of an address, a path or a longer word."""
_WORD_CHARS = 24


def _around_middle_initials(detail: Detail, between: str, following: Detail) -> bool:
    """Whether two names, one participant's and replaced alike, stand around middle initials or one space alone
    ("Tobias K. Quell", "Ann M. J. Berg", "tobias Quell" with "Tobias", "tobias" and "Quell" mapped): one name, so
    one pseudonym, and the initials go too. Not one name twice ("Mary Mary"): a run joins each name once at most."""
    return (len(between) <= _MIDDLE_CHARS and detail[3] == following[3] and detail[2] == following[2]
            and detail[1] != following[1] and detail[6] == following[6] == "name" and detail[2] != OTHERS
            and _MIDDLE_INITIALS.fullmatch(between) is not None)


_MIDDLE_INITIALS = regex.compile(r" |[^\S\n]+(?:\p{Lu}\.?[^\S\n]+){1,2}")
"""One space, or one or two initials between blanks on one line: " K. ", " M. J. ", " K "."""
_MIDDLE_CHARS = 12


def _with_named(active: tuple[str, ...], owners: Sequence[str], named: set[str]) -> tuple[str, ...]:
    """The active participants who have a name, and those of the file's other owners of it (``owners``) whom the
    thread has named by a name only they have: "Tobias" after "Tobias Quell" may be Tobias Quell though only a Tobias
    Brandt posts in the scope (see ``nicknames.apply.resolution``)."""
    if named.isdisjoint(owners):  # the common case, answered without a loop in Python over a shared name's owners
        return active
    extra = tuple(p for p in owners if p in named and p not in active)
    return active + extra if extra else active


def outside_reads_as_name(text: str, start: int, end: int, zone: Zone) -> bool:
    """Whether a name of nobody active in the scope (``NamesOf.everyone``) stands there as a name.

    Such a name comes with weaker evidence than an active participant's, so a
    name of one word is replaced only where it reads as a name: never inside a
    longer name, next to a number, after "in" or "at", or in a list of single
    words one a line (see ``word_names.in_longer_name``, ``reads_as_place`` and
    ``in_word_list``); and,
    when it is also a common word ("Brown", "Hope"), only alone in a greeting or
    sign-off ("Thanks, Bill"), not before a lower-case word ("Hope this helps"), or as a possessive inside a
    sentence ("borrow Bill's notes") or before a verb that reports what a person did ("Hope said the same").
    """
    name = text[start:end]
    if " " in name:
        return True
    common = name.casefold() in _common_words()
    if common and zone is Zone.BODY:  # the commonest case, decided before the slower tests below
        return possessive_name(text, start, end) or before_reporting_verb(text, end)
    if in_longer_name(text, start, end) or reads_as_place(text, start) or in_word_list(text, start, end):
        return False
    if not common:
        return True
    return _LOWER_AFTER.match(text, end) is None and not reads_as_word(text, start, end, True)


_LOWER_AFTER = regex.compile(r"[^\S\n]+(?!and\b)\p{Ll}")
"""A lower-case word next ("Hope this helps"), but "and" ("Hope and Ben" sign two names)."""


@functools.cache
def _common_words() -> frozenset[str]:
    """Common words and names that are words (loaded on first use: the word lists load with discovery)."""
    from nicknames.rules.stopwords import common_words

    return common_words() | WORD_NAMES


def _only(original: str, key: str, participant: str, shaped: str, outside: bool) -> Detail:
    """The mention of a name one participant alone has: active in the scope (``only``) or not (``file``)."""
    rule, evidence = ("file", FILE_EVIDENCE) if outside else ("only", ONLY_EVIDENCE)
    return original, key, participant, shaped, rule, (participant,), "name", CONFIDENCE[rule], evidence


def _identifier_mentions(
    message: Message, names: ScopeNames, pseudonym: Pseudonym, rules: IdentifierRules | None
) -> tuple[list[Replacement], list[tuple[int, int]]]:
    """Identifiers first, and the spans they take (no name is matched inside one, replaced or not).

    A handle that starts a name in use is left to the names (``@Mary``,
    ``@Mary Jane``, ``@MaryJane``), unless the class list gives its owner. An
    address, URL or path has only its personal parts replaced
    (``IdentifierRules.parts``), by the person's pseudonym when known.
    """
    if rules is None:
        return [], []
    mentions: list[Replacement] = []
    taken: list[tuple[int, int]] = []
    text = message.text
    for found in rules.find(text):
        if found.kind == "handle" and _left_to_names(found, text, names):
            continue
        taken.append((found.start, found.end))
        for start, end, owner in rules.parts(found, text):
            whole = (start, end) == (found.start, found.end) and (
                rules.whole or found.owner is not None or found.kind not in PART_KINDS
            )
            mentions.append(_identifier_mention(
                message.id, found.kind, start, end, text[start:end], owner, whole, pseudonym
            ))
    return mentions, taken


def _left_to_names(found: Identifier, text: str, names: ScopeNames) -> bool:
    """Whether a handle's body starts a name in use, where the class list gives the handle no owner: the whole handle
    (``@Mary``), or the body of one made of its owner's names (``@MaryJane``, found without its ``@``)."""
    if text[found.start] == "@":
        return found.owner is None and names.starts_name(text, found.start + 1, found.end)
    return found.start > 0 and text[found.start - 1] == "@" and names.starts_name(text, found.start, found.end)


def _identifier_mention(
    message_id: str, kind: str, start: int, end: int, original: str, owner: str | None, whole: bool,
    pseudonym: Pseudonym,
) -> Replacement:
    """An identifier, or its personal part, replaced by its owner's pseudonym or a placeholder."""
    if owner is None:
        text, rule, participant = PLACEHOLDERS[kind] if whole else PART_PLACEHOLDER, "identifier", ""
    else:
        text, rule, participant = _shaped(pseudonym, owner, original, kind if whole else "name"), "owner", owner
    candidates = (participant,) if participant else ()
    return Replacement(message_id, start, end, original, original, participant, text, rule, candidates, kind, 1.0,
                       RULES[rule])


def _name_mention(original: str, key: str, candidates: tuple[str, ...], decision: Decision, pseudonym: Pseudonym
                  ) -> Detail:
    """The mention of a shared name as ``decision`` has it (a record's fields from ``original`` on)."""
    if decision.participant is not None:
        text = _shaped(pseudonym, decision.participant, original, "name")
    elif decision.rule == "mark":
        text = _ambiguous(pseudonym, candidates, original)
    else:
        text = original
    return (original, key, decision.participant or "", text, decision.rule, candidates, "name", decision.confidence,
            decision.evidence)


_SHAPED: dict[type, bool] = {}
"""Whether each pseudonym type is a ``ShapedPseudonym`` (a protocol check is slow to repeat per mention)."""


def _is_shaped(pseudonym: Pseudonym) -> TypeGuard[ShapedPseudonym]:
    kind = type(pseudonym)
    if kind not in _SHAPED:
        _SHAPED[kind] = isinstance(pseudonym, ShapedPseudonym)
    return _SHAPED[kind]


def _shaped(pseudonym: Pseudonym, participant: str, original: str, kind: str) -> str:
    if _is_shaped(pseudonym):
        return pseudonym.mention(participant, original, kind)
    return pseudonym(participant)


def _ambiguous(pseudonym: Pseudonym, candidates: Sequence[str], original: str) -> str:
    if _is_shaped(pseudonym):
        return pseudonym.ambiguous(candidates, original)
    return "|".join(pseudonym(participant) for participant in candidates)


def _stitch(text: str, spans: Iterable[tuple[int, int, str]]) -> str:
    """The text with each span ``(start, end, pseudonym)`` replaced (in text order, no overlaps).

    The pieces are joined a thousand at a time, so a text of a million mentions holds no list of two million pieces.
    """
    chunks: list[str] = []
    pieces: list[str] = []
    position = 0
    for start, end, pseudonym in spans:
        pieces.append(text[position:start])
        pieces.append(pseudonym)
        position = end
        if len(pieces) >= _PIECES:
            chunks.append("".join(pieces))
            pieces.clear()
    if not chunks and not pieces:
        return text
    pieces.append(text[position:])
    chunks.append("".join(pieces))
    return "".join(chunks)


_PIECES = 2048
"""Pieces of a stitched text joined at once."""


def _overlaps(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(start < other_end and other_start < end for other_start, other_end in spans)

