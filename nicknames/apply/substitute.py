"""Replace names in messages, one scope at a time: find spans, resolve who each belongs to, replace.

Substitution is a pure function of (the names in use in a scope, a batch of
messages): it returns the new texts and a ``Replacement`` record for every
change, so reports, audit and evaluation all read the same records.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Container, Iterable, Sequence
from typing import TYPE_CHECKING

import regex

from nicknames.apply.name_runs import (
    around_middle_initials,
    initial_near,
    initialled_candidates,
    name_word_after,
    name_word_before,
    with_given_name_before,
    with_initial_before,
    with_name_after,
)
from nicknames.apply.namesakes import (
    before_common_word,
    names_someone_else,
    own_signature,
)
from nicknames.apply.person_placeholders import OTHER_OWNERS, other_mention
from nicknames.apply.pseudonyms import Pseudonym, ambiguous_mention, shaped_mention
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
from nicknames.apply.zones import word_in_position, zones_of
from nicknames.rules.html_text import markup_lines
from nicknames.rules.identifier_patterns import PART_PLACEHOLDER, PLACEHOLDERS
from nicknames.rules.identifiers import PART_KINDS, Identifier, IdentifierRules
from nicknames.rules.introductions import introduces
from nicknames.rules.patterns import BLOCKING
from nicknames.rules.salutations import (
    above_own_name,
    after_closer,
    ends_own_words,
    in_salutation,
    signs_its_line,
)
from nicknames.rules.word_names import (
    after_determiner,
    after_place_opener,
    before_contraction,
    before_reporting_verb,
    common_words_and_names,
    in_date,
    in_institution_name,
    in_longer_name,
    in_name_position,
    in_word_list,
    inside_sentence,
    plain_given_name,
    possessive_name,
    reads_as_place,
    reads_as_word,
)

if TYPE_CHECKING:  # only for annotations: the table module loads pandas
    from nicknames.model.messages import Message

RULES = {
    "only": "the name belongs to one active participant",
    "file": "the name belongs to one participant of the file, none of them active in the scope (--names-of everyone)",
    "initial": "shared name followed by an initial ('Jonas (Q)', 'Jonas Q.'): the one candidate with a name it opens",
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
    is kept, so a text of a million mentions takes a few times its own size.

    A name's place (its line, the words around it) is read in ``markup_lines``: an HTML post as a person reads it;
    a name inside a tag (an attribute's value) in the text itself."""
    text = message.text
    view = markup_lines(text) if "<" in text else text
    number = records.open(message.id)
    first = len(records)
    mentions, taken = _identifier_mentions(message, names, pseudonym, identifiers)
    for mention in mentions:
        records.append(mention)
    if names.pattern is not None:
        zones: Callable[[int], Zone] | None = None
        texts: dict[str, str] | None = getattr(pseudonym, "texts", None)
        context = context if context is not None else ThreadContext.of([message])
        named = context.named.setdefault(message.thread, set())
        at_a_glance, known, mapping_owners = names.names.at_a_glance, names.known, names.names.owners
        own_words, folded_ends = names.names.own_words, names.names.folded_ends
        covered = previous_end = 0
        for start, end, form in names.pattern.iter_spans(text):
            if start < covered:
                continue  # inside a name in other case read whole (below)
            around = view if view[start] == text[start] else text  # the post as read; inside a tag, the tag
            folded = form.casefold()
            whole = (_whole_name(around, start, end, folded, names.names, previous_end)
                     if folded in folded_ends else None)  # most names found open no name of several words
            previous_end = end
            if whole is not None and not (taken and _overlaps(whole[0], whole[1], taken)):
                start, end, form = whole  # "tobias Quell", "QUELL, TOBIAS": a name of several words in other case
                covered = end
            elif form in at_a_glance and inside_sentence(around, start, end):
                continue  # as ``placed`` below would, without a look-up
            # What is known of the form, looked up once per form in the scope: this loop runs for every name found.
            facts = known.get(form) or names.facts(form)
            key, candidates, outside, ending, positional, others, short, word, more_outside = facts
            if not candidates or (taken and _overlaps(start, end, taken)):
                continue
            end -= ending  # "Annas": the name is "Anna", the "s" stays
            # Most names found are lower-case forms inside sentences: dropped first, as they would be below.
            placed = positional and not others
            if placed and not in_name_position(around, start, end):
                continue
            if named and not outside and more_outside:
                candidates = _with_named(candidates, names.outside[key], named)
                others = candidates == OTHER_OWNERS
            original = text[start:end]
            if " " not in original and (in_institution_name(around, end) or before_contraction(around, end)
                                        or in_date(around, start, end) or after_place_opener(around, start)):
                continue  # "Tolland Marsh National Laboratory" names no participant Tolland; "Don't" no Don; a date;
                # "Monte Carlo" no Carlo
            if original.islower() and after_determiner(around, start) and not plain_given_name(original):
                continue  # "the river": a noun, though a user name "river" posts in the scope; "this ingrid" is a name
            if others:
                other = other_mention(message.id, around, start, end, key, names.others, key in names.names.words)
                if other is not None:
                    records.append(other)
                continue
            if short and not in_salutation(around, start, end):
                if key not in names.names.signed:
                    continue
                zones = zones or zones_of(view)  # the post as read: no second reading of its markup
                if zones(start) is not Zone.SIGNOFF or not signs_its_line(around, start, end):
                    continue  # a short name signs as a sign-off does: at the end, or above a quote, a signature
                    # block or a footer ("--kd\n____\nFrom: …", "Cheers,\nTJ\n\n-- \n…")
            if not placed and positional and not in_name_position(around, start, end):
                continue
            if around[end + 1 : end + 2].isupper() and around[end] == " " and " " not in original and (
                    names_someone_else(around, end, own_words.surnames(candidates), own_words.given)):
                zones = zones or zones_of(view)  # the post as read: no second reading of its markup
                signed = own_signature(around, start, end, zones(start)) if message.sender in candidates else None
                if signed is None:
                    continue  # "Tobias Wrenfield": another person than the scope's Tobias Quell
                end, original, candidates = signed, around[start:signed], (message.sender,)  # "--\nGreta Harrowby":
                # the sender signs with a surname the class list lacks
            if word and not short:
                zones = zones or zones_of(view)  # the post as read: no second reading of its markup
                in_position = word_in_position(around, start, end, zones(start))
                if (reads_as_word(around, start, end, in_position) or (not in_position and before_common_word(
                        around, end, names.names.name_words))) and not (
                        message.sender in candidates and introduces(around, start, end)):
                    continue  # a word ("Secret Service"); but "Mark here," opening the writer's own text
                    # introduces them
            if outside and not (len(candidates) == 1 and beside_own_name(
                    around, start, end, names.names.keys_of.get(candidates[0], ()))):
                zones = zones or zones_of(view)  # the post as read: no second reading of its markup
                if not outside_reads_as_name(around, start, end, zones(start), names.names.in_use):
                    continue
            if len(candidates) == 1:  # what ``decide`` gives, without a Decision
                participant = candidates[0]
                shaped = (texts[participant] if texts is not None
                          else shaped_mention(pseudonym, participant, original, "name"))
                records.add(number, start, _only(original, key, participant, shaped, outside))
                if participant != message.sender and mapping_owners.get(key) == candidates:
                    named.add(participant)  # named by a name only they have, by somebody else
                continue
            zones = zones or zones_of(view)  # the post as read: no second reading of its markup
            zone = zones(start)
            if zone is not Zone.SIGNOFF and message.sender in candidates and introduces(around, start, end):
                zone = Zone.INTRO
            elif zone is Zone.BODY and message.sender in candidates and (
                    after_closer(around, start, end) or ends_own_words(around, start, end)
                    or above_own_name(around, start, end, own_words.words_of(message.sender))):
                zone = Zone.SIGNOFF  # "Just a thought.  Cheers, Ann.", "… with this. Ann" or "Ann\n\nAnn Quell,
                # PhD" above a long signature block
            initialled = initialled_candidates(around, end, key, candidates, names.names.keys_of)
            decision = decide(key, candidates, message, zone, context, names.counts, unresolved, initialled)
            records.add(number, start, _name_mention(original, key, candidates, decision, pseudonym))
    if taken:
        records.sort_from(first)
    if len(records) > first:
        if initial_near(text, records.spans(first)):  # seldom
            records.join(first, text, around_middle_initials)
            records.widen(first, text, functools.partial(with_initial_before, text, names.names.keys_of, pseudonym))
        words = names.names.name_words
        if name_word_before(text, records.spans(first), words):  # "tobias Quell", "QUELL Tobias"
            records.widen(first, text, functools.partial(with_given_name_before, text, names.names, pseudonym))
        if name_word_after(text, records.spans(first), words):  # "Tobias QUELL", "Vollmer G."
            records.widen_end(first, text, functools.partial(with_name_after, text, names.names, pseudonym))
        if "[[" in text and _labelled_links(text, records, number, first):
            records.sort_from(first)
    return _stitch(text, records.spans(first))


def _labelled_links(text: str, records: Replacements, number: int, first: int) -> bool:
    """Give the label of a wiki's link to a user's page the record of the user's name in it ("[[User:Kay
    Marsden|KM]]", "[[User talk:kmarsden|Kay]]", as talk pages sign): the label names the same person. True when a
    label was given one."""
    spans = list(records.spans(first))
    added = False
    for link in _USER_LINK.finditer(text):
        target = next((index for index, (start, end, _) in enumerate(spans)
                       if link.start("target") <= start and end <= link.end("target")), None)
        label = link.span("label")
        if (target is None or link["label"].strip().casefold() in _LINK_WORDS
                or any(start < label[1] and label[0] < end for start, end, _ in spans)):
            continue
        record = records[first + target]
        records.add(number, label[0], (link["label"], *record[4:]))
        added = True
    return added


_USER_LINK = regex.compile(
    r"\[\[[^\S\n]*(?i:user(?:[ _]talk)?|special:contributions)[^\S\n]*[:/][^\S\n]*(?P<target>[^|\[\]\n]+)"
    r"\|(?P<label>[^|\[\]\n]*[^|\[\]\n\s][^|\[\]\n]*)\]\]")
"""A wiki's link to a user's page or talk page with a label: ``[[User:Kay Marsden|KM]]``."""
_LINK_WORDS = frozenset({"talk", "talk page", "contribs", "contributions", "email", "e-mail", "mail", "t", "c",
                         "discuss", "chat", "msg", "message", "page", "user page"})
"""Labels of such links that say what the page is, not whose (``[[User talk:Kay Marsden|talk]]``)."""


def _whole_name(text: str, start: int, end: int, folded: str, names: MappingNames, after: int
                ) -> tuple[int, int, str] | None:
    """The span and name of a participant's name of several words that the text writes in other case around the
    name found at ``start``-``end`` (``folded``: its form case folded; the name found before it ending at
    ``after``), or None.

    Opening with it ("tobias Quell", "TOBIAS Quell", "Tobias quell" for "Tobias Quell", the longest first); or
    surname first as lists write it, from either name ("QUELL, TOBIAS"; "Quell, Tobias" when "Quell" alone is no
    name in use, otherwise each is replaced as itself).
    """
    found = None
    if text[end : end + 1] == " ":
        found = _opened_by(text, start, names.folded_openings.get(folded, ()))
    elif text[end : end + 1] == "," and (text[end + 1 : end + 2] == " " or text[end + 1 : end + 2].isalpha()):
        found = _surname_first(text, start, end, names.folded_surnames.get(folded, ()), names)
    if found is None and start >= 3 and text[start - 2 : start] == ", ":
        found = _given_after_surname(text, start, end, names.folded_openings.get(folded, ()), names, after)
    return found


def _opened_by(text: str, start: int, keys: Sequence[str]) -> tuple[int, int, str] | None:
    """The name of ``keys`` (the longest first) that the text writes from ``start`` in other case ("tobias Quell")."""
    for key in keys:
        written = text[start : start + len(key)]
        if written != key and written.casefold() == key.casefold() and _whole_word_at(text, start + len(key)) and (
                _a_persons_name(key.partition(" ")[0], written.split(" ")[1:])):
            return start, start + len(key), key
    return None


def _surname_first(text: str, start: int, end: int, keys: Sequence[str], names: MappingNames
                   ) -> tuple[int, int, str] | None:
    """The name of ``keys`` whose surname the text writes at ``start``-``end``, then a comma and its given names
    ("QUELL, TOBIAS"; "quell,tobias" as some mail systems write a display name)."""
    gap = 2 if text[end + 1 : end + 2] == " " else 1
    for key in keys:
        given, _, surname = key.rpartition(" ")
        stop = end + gap + len(given)
        if text[end + gap : stop].casefold() == given.casefold() and _whole_word_at(text, stop) and (
                _listed(text[start:stop], surname, given, names)):
            return start, stop, key
    return None


def _given_after_surname(text: str, start: int, end: int, keys: Sequence[str], names: MappingNames, after: int
                         ) -> tuple[int, int, str] | None:
    """The name of two words of ``keys`` whose given name the text writes at ``start``-``end`` after its surname and
    a comma, the surname no name found (that ends at ``after`` or before)."""
    for key in keys:
        given, _, surname = key.partition(" ")
        first = start - 2 - len(surname)
        if (" " not in surname and first >= after and text[first : start - 2].casefold() == surname.casefold()
                and (first == 0 or _whole_word_at(text, first - 1))
                and _listed(text[first:end], surname, given, names)):
            return first, end, key
    return None


def _listed(written: str, surname: str, given: str, names: MappingNames) -> bool:
    """Whether ``written`` ("QUELL, TOBIAS") is a person's name as a list writes it (see ``_a_persons_name``) that
    its parts would not give: in other case than the mapping's, or with a surname that is no name in use alone."""
    return ((written != f"{surname}, {given}" or surname not in names.owners)
            and _a_persons_name(given.split(" ")[0], [written.split(",")[0]]))


def _a_persons_name(given: str, words: Sequence[str]) -> bool:
    """Whether a name opening with ``given`` and written with ``words`` besides is a person's: its given name is one
    the nickname table knows that is no ordinary word, and none of the words written in lower case is a common word
    ("Tobias will", "course news" and "Office Of Research" are no other case of a participant's "Tobias Will",
    "Course News" or "Office of Research")."""
    return plain_given_name(given.lower()) and not any(word.islower() and word in common_words_and_names()
                                                       for word in words)


def _whole_word_at(text: str, position: int) -> bool:
    """Whether no word character stands at ``position`` (a name ending before it ends a word)."""
    return BLOCKING.match(text, position) is None


def _with_named(active: tuple[str, ...], owners: Sequence[str], named: set[str]) -> tuple[str, ...]:
    """The active participants who have a name, and those of the file's other owners of it (``owners``) whom the
    thread has named by a name only they have: "Tobias" after "Tobias Quell" may be Tobias Quell though only a Tobias
    Brandt posts in the scope (see ``nicknames.apply.resolution``)."""
    if named.isdisjoint(owners):  # the common case, answered without a loop in Python over a shared name's owners
        return active
    extra = tuple(p for p in owners if p in named and p not in active)
    return active + extra if extra else active


def outside_reads_as_name(text: str, start: int, end: int, zone: Zone, names: Container[str] = frozenset()) -> bool:
    """Whether a name of nobody active in the scope (``NamesOf.everyone``) stands there as a name.

    Such a name comes with weaker evidence than an active participant's, so a
    name of one word is replaced only where it reads as a name: never inside a
    longer name, next to a number, after "in" or "at", or in a list of single
    words one a line (see ``word_names.in_longer_name``, ``reads_as_place`` and
    ``in_word_list``, where a line that is one of ``names`` is no list's word); and,
    when it is also a common word ("Brown", "Hope"), only alone in a greeting or
    sign-off ("Thanks, Bill"), not before a lower-case word ("Hope this helps"), or as a possessive inside a
    sentence ("borrow Bill's notes") or before a verb that reports what a person did ("Hope said the same").
    """
    name = text[start:end]
    if " " in name:
        return True
    common = name.casefold() in common_words_and_names()
    if common and zone is Zone.BODY:  # the commonest case, decided before the slower tests below
        return possessive_name(text, start, end) or before_reporting_verb(text, end)
    if in_longer_name(text, start, end) or reads_as_place(text, start) or in_word_list(text, start, end, names):
        return False
    if not common:
        return True
    return _LOWER_AFTER.match(text, end) is None and not reads_as_word(text, start, end, True)


def beside_own_name(text: str, start: int, end: int, keys: Container[str]) -> bool:
    """Whether the capitalised word right after or before a name of one word, on its line or across a line break, is
    another name of the same person (``keys``): "Jonas Quell", "Jonas\nQuell" for a person the mapping knows
    by "Jonas" and "Quell" apart is that person's name, not part of a longer one."""
    after = _NEXT_WORD.match(text, end)
    if after is not None and after.group(1) in keys:
        return True
    before = _PREVIOUS_WORD.search(text, max(0, start - _WORD_REACH), start)
    return before is not None and before.group(1) in keys


_WORD_REACH = 40
_NEXT_WORD = regex.compile(r"(?:[^\S\n]+|[^\S\n]*\n[^\S\n]*)(\p{Lu}[\p{L}\p{M}'’\-]*)")
_PREVIOUS_WORD = regex.compile(r"(?<![\p{L}\p{M}'’\-])(\p{Lu}[\p{L}\p{M}'’\-]*)(?:[^\S\n]+|[^\S\n]*\n[^\S\n]*)$")


_LOWER_AFTER = regex.compile(r"[^\S\n]+(?!and\b)\p{Ll}")
"""A lower-case word next ("Hope this helps"), but "and" ("Hope and Ben" sign two names)."""


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
        if found.kind == "login" and _inside_name(found, text, names):
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


def _inside_name(found: Identifier, text: str, names: ScopeNames) -> bool:
    """Whether a login lies inside a longer name in use on its line ("LeeBerg", a case change of a name's word, in
    "Ann LeeBerg"): left to the names, which replace the whole name."""
    if names.pattern is None:
        return False
    line_start = text.rfind("\n", 0, found.start) + 1
    line_end = text.find("\n", found.end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    start, end = found.start - line_start, found.end - line_start
    return any(first <= start and end <= last and last - first > end - start
               for first, last, _ in names.pattern.iter_spans(line))


def _identifier_mention(
    message_id: str, kind: str, start: int, end: int, original: str, owner: str | None, whole: bool,
    pseudonym: Pseudonym,
) -> Replacement:
    """An identifier, or its personal part, replaced by its owner's pseudonym or a placeholder."""
    if owner is None:
        text, rule, participant = PLACEHOLDERS[kind] if whole else PART_PLACEHOLDER, "identifier", ""
    else:
        text, rule, participant = shaped_mention(pseudonym, owner, original, kind if whole else "name"), "owner", owner
    candidates = (participant,) if participant else ()
    return Replacement(message_id, start, end, original, original, participant, text, rule, candidates, kind, 1.0,
                       RULES[rule])


def _name_mention(original: str, key: str, candidates: tuple[str, ...], decision: Decision, pseudonym: Pseudonym
                  ) -> Detail:
    """The mention of a shared name as ``decision`` has it (a record's fields from ``original`` on)."""
    if decision.participant is not None:
        text = shaped_mention(pseudonym, decision.participant, original, "name")
    elif decision.rule == "mark":
        text = ambiguous_mention(pseudonym, candidates, original)
    else:
        text = original
    return (original, key, decision.participant or "", text, decision.rule, candidates, "name", decision.confidence,
            decision.evidence)


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

