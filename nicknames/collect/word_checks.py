"""Checks of found names against the corpus's words: names that are only words are dropped, lower-case forms are
suggested, and names that are words or used mostly elsewhere are tagged for apply (called by ``finish_collect``)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from collections.abc import Set as AbstractSet

import regex

from nicknames.collect.discover.lexicon import Lexicon, name_words
from nicknames.collect.discover.others import used_mostly_elsewhere
from nicknames.collect.discover.stylised import (
    is_stylised,
)
from nicknames.collect.discover.suggest import Known
from nicknames.collect.discover.suggest import discover as discover_names
from nicknames.collect.discover.token_index import TokenIndex
from nicknames.collect.evidence import known_given_name
from nicknames.collect.found import Found
from nicknames.collect.plan import CollectPlan
from nicknames.collect.scan import MIN_LOWER_FORM
from nicknames.io.class_list import given_name
from nicknames.io.row_shapes import LOWER_PARTICLES
from nicknames.rules.languages import language_words
from nicknames.rules.nickname_table import NicknameTable
from nicknames.rules.spellings import spelling_keys
from nicknames.rules.stopwords import NATIONALITIES, common_words
from nicknames.rules.word_names import WORD_NAMES


def drop_words(found: Found, lexicon: Lexicon, parts: dict[str, set[str]], table: NicknameTable) -> None:
    """Forget greeted or signed "names" that this corpus uses as ordinary words ("List", "Scanned")."""
    known = {part.casefold() for part in parts} | set(table.forms) | set(table.names)
    for participant, name in list(found.counts):
        tags = found.tags[(participant, name)]
        if "classlist" in tags or "short" in tags or name.casefold() in known or name.isupper():
            continue
        if is_stylised(name):
            continue
        if all(lexicon.is_word(word) and word.casefold() not in name_words() for word in name.split()):
            found.drop(participant, name)


def suggest(found: Found, registered: dict[str, list[str]], index: TokenIndex, table: NicknameTable) -> None:
    """Add discovery's suggestions; a name found directly keeps its status and gains the tag."""
    names: dict[str, set[str]] = {participant: set(parts) for participant, parts in registered.items()}
    for participant, name in found.confirmed:
        if _reliable(found, participant, name):
            names.setdefault(participant, set()).add(name)
    for suggestion in discover_names(Known(names, registered), index, table):
        for tag in suggestion.tags:
            found.add(suggestion.participant, suggestion.text, tag, 0, suggested=True)
        key = (suggestion.participant, suggestion.text)
        found.counts[key] = max(found.counts[key], suggestion.count)




_SALUTED = frozenset({"signoff", "greeting", "intro"})
"""Evidence that a name is used as one, by its owner or to them (a class list's row alone may be a company's)."""


def lower_case_forms(found: Found, lexicon: Lexicon, plan: CollectPlan, plain: dict[str, str],
                     persons: Mapping[str, int]) -> None:
    """Suggest the lower-case form of a one-word name signed, greeted or introduced ("margo" for Margo, tag ``case``)
    where the corpus writes it in lower case, but capitalised at least as often in mid-sentence: casual posts write
    names in lower case ("also margo is fine"), and the token index keeps lower-case words only of the class list's
    and the nickname table's names. Only a name of ``MIN_LOWER_FORM`` letters or more, or of one letter less that is
    a known given name or familiar form ("seun", "tobi") nobody else on the class list is registered with (not "mike"
    where the list has Michaels), that is no word of any list, and that one participant alone has (the lower-case
    "samantha" of "Thank you samantha," is one Samantha's, not every one's). Its spellings without accents count too
    ("lucia" for Lucía; ``lower_spellings``), when no other participant's name is spelt so. Then
    ``_lower_given_names`` (``plain``: ``plain_given_names``; ``persons``: ``Scan.persons``)."""
    table = plan.names_table
    words = lexicon.words | _words(plan)
    have = {(participant, name.casefold()) for participant, name in found.counts if name.islower()}
    holders = Counter(key for _, key in {(participant, name.casefold()) for participant, name in found.counts})
    plain_holders = Counter(key for _, key in {(participant, spelling) for participant, name in found.counts
                                               for spelling in spelling_keys(name)})
    for participant, name in list(found.counts):
        lower = name.lower()
        short = (len(name) == MIN_LOWER_FORM - 1 and bool(plan.given_owners) and known_given_name(name, table)
                 and not _namesakes(name, participant, plan.given_owners, table))
        if ((len(name) < MIN_LOWER_FORM and not short) or not name.isalpha() or not name[0].isupper()
                or not name[1:].islower()
                or (participant, lower) in have or lower in words or holders[name.casefold()] > 1
                or not _SALUTED.intersection(found.tags[(participant, name)]) or lexicon.is_name_word(name)):
            continue
        written = lexicon.capitalised.get(lower, 0) + found.counts[(participant, name)]
        for form in lower_spellings(lower):
            uses = lexicon.lower.get(form, 0)
            if (uses and uses <= written + (lexicon.capitalised.get(form, 0) if form != lower else 0)
                    and (participant, form) not in have and (form == lower or (
                        form not in words and plain_holders[form] == 1))):
                found.add(participant, form, "case", uses, suggested=True)
                have.add((participant, form))
    _lower_given_names(found, lexicon, plan, plain, have, persons)


def lower_spellings(lower: str) -> list[str]:
    """A name in lower case, then its spellings without its accents (``spellings.spelling_keys``: "lucía", "lucia";
    "jürgen", "jurgen", "juergen"), as forums that write names in lower case write them."""
    return [lower, *sorted(spelling_keys(lower) - {lower})]


def _lower_given_names(found: Found, lexicon: Lexicon, plan: CollectPlan, plain: dict[str, str],
                       have: set[tuple[str, str]], persons: Mapping[str, int]) -> None:
    """Suggest the lower-case form of a registered given name (tag ``case``) that the corpus writes in lower case,
    however rarely it capitalises it: a forum that writes in lower case ("thx tobias!!") capitalises no name, so the
    corpus's own usage cannot tell such a name from a word. Only a given name of ``plain_given_names`` that its
    participant signs, is greeted or introduces themselves with, in any case (a given name that is also a place,
    "flight to sydney", is one nobody greets), or that a chat uses in lower case as a person (``persons``: "tobias did
    u get q4?", "ask greta", see ``scan.LowerGivenNames``), that nobody else on the class list is registered with,
    and found in lower case for nobody yet; with its spellings without accents (``lower_spellings``: "tobias" for a
    registered Tobías who signs "Tobias"). Not a surname: many are words no list has ("spring", "brook")."""
    taken = {key for _, key in have}
    saluted = {(participant, spelling) for (participant, name), tags in found.tags.items()
               if _SALUTED.intersection(tags) for spelling in {name.casefold(), *spelling_keys(name)}}
    for participant, given in plain.items():
        lower = given.casefold()
        spellings = {lower, *spelling_keys(lower)}
        if ((saluted.isdisjoint((participant, spelling) for spelling in spellings)
             and not any(persons.get(spelling) for spelling in spellings)) or lower in taken
                or _namesakes(given, participant, plan.given_owners, plan.names_table)):
            continue
        for form in lower_spellings(lower):
            uses = lexicon.lower.get(form, 0)
            if not uses:
                continue
            if form not in taken:
                found.add(participant, form, "case", uses, suggested=True)
                found.tag(participant, form, "classlist")
            elif (participant, form) in have and "case" not in found.tags[(participant, form)]:
                found.tag(participant, form, "case", "classlist")  # found as a variant already ("fuzzy")


def plain_given_names(plan: CollectPlan) -> dict[str, str]:
    """Participant → their registered given name, where it is a known given name (``known_given_name``; written
    with its accents or without: "Tobías") of ``MIN_LOWER_FORM`` letters or more that no list has as a word
    (``_words``; the names that are words among them), in any spelling. Shorter given names are too often words no
    list has, or parts of one ("al" of "et al", "don" of "don't")."""
    words = _words(plan)
    given: dict[str, str] = {}
    for participant, parts in plan.registered.items():
        first = given_name(parts)
        if len(first) < MIN_LOWER_FORM or not first.isalpha() or not first[0].isupper():
            continue
        spellings = {first.casefold(), *spelling_keys(first)}
        if words.isdisjoint(spellings) and any(known_given_name(spelling.capitalize(), plan.names_table)
                                               for spelling in sorted(spellings)):
            given[participant] = first
    return given


def plain_user_names(plan: CollectPlan) -> set[tuple[str, str]]:
    """(Participant, name) for a class-list row that is one lower-case user name or chat nick ("tobyq",
    "kmarsden") of ``MIN_LOWER_FORM`` letters or more that no list has as a word, or of ``MIN_OTHER_SCRIPT`` letters
    or more in another script than the lists' ("зяв"): lower case is how such a name is written, so a corpus that
    writes it so does not make it a word ("ask tobyq")."""
    words = _words(plan)
    return {(participant, parts[0]) for participant, parts in plan.registered.items()
            if parts and len(parts[0]) >= (MIN_LOWER_FORM if _LATIN.search(parts[0]) else MIN_OTHER_SCRIPT)
            and " " not in parts[0] and parts[0] == parts[0].lower() and parts[0].casefold() not in words}


MIN_OTHER_SCRIPT = 3
"""Letters of the shortest lower-case user name in another script than the Latin of the word lists."""
_LATIN = regex.compile(r"\p{Latin}")


def _words(plan: CollectPlan) -> frozenset[str]:
    """The words of every list that a name's lower-case form must not be: the common words, names that are words,
    stop words, the language packs' words."""
    return (common_words() | name_words() | plan.rules.stopwords | language_words(plan.rules.languages) | WORD_NAMES
            | NATIONALITIES)


def _namesakes(name: str, participant: str, given_owners: dict[str, set[str]], table: NicknameTable) -> bool:
    """Whether somebody else on the class list is registered with this given name or a formal or familiar form of
    it."""
    forms = {name, *table.given_names(name), *table.familiar_forms(name)}
    return any(given_owners.get(form.casefold(), set()) - {participant} for form in forms)


def _reliable(found: Found, participant: str, name: str) -> bool:
    """A name to derive variants from: registered, signed with, or greeted more than once."""
    tags = found.tags[(participant, name)]
    return "classlist" in tags or "signoff" in tags or "intro" in tags or found.counts[(participant, name)] > 1


def lower_row_words(plan: CollectPlan) -> set[tuple[str, str]]:
    """(Participant, word) for each word of ``MIN_ROW_WORD`` letters or more that the participant's class-list row of
    several words writes in lower case ("quell" of "tobias quell", "vollmer" of "greta vollmer"), no particle: mail
    writes that display name so wherever it quotes the person, and those uses make it no ordinary word. (A row of one word
    is a user name: ``plain_user_names``.)"""
    return {(participant, word) for participant, parts in plan.registered.items() for part in parts if " " in part
            for word in part.split()
            if len(word) >= MIN_ROW_WORD and word.isalpha() and word.islower() and word not in LOWER_PARTICLES}


def listed_word(name: str) -> bool:
    """Whether a name of one word is an ordinary word by the word lists alone: a common word, or a name that is
    a word ("Secret" of a "Secret Otter", "Dean"); what ``flag_words`` tags ``word`` where the corpus says nothing
    more."""
    return " " not in name and (name.casefold() in common_words() or name.casefold() in name_words())


MIN_ROW_WORD = 3
"""Letters of the shortest word of a lower-case row (``lower_row_words``): surnames of three letters are common
("lee", "sun"); words of two are too often words of some language."""


def flag_words(found: Found, lexicon: Lexicon, plain: dict[str, str], user_names: set[tuple[str, str]],
               lower_rows: AbstractSet[tuple[str, str]] = frozenset()) -> None:
    """Tag one-word names that are also ordinary words, so apply treats them with care: on the list of names that
    are words or of common words (a surname "Price", "Page", where a small corpus says too little), or written mostly
    in lower case by this corpus; not a participant's registered given name that no list has as a word (``plain``:
    ``plain_given_names``; its spellings without accents too), which a forum that writes in lower case writes so
    too, nor that name found for anyone else (a Frederick's "Freddy", where a registered Freddy signs "freddy"); nor a
    lower-case user name registered as such (``user_names``: ``plain_user_names``). A particle of
    surnames alone ("La", "De") is a word of some language too, and so are the words of nations and languages. A
    word the participant's row writes in lower case (``lower_rows``: ``lower_row_words``) is a word only by the
    lists: the corpus writes it so where it writes their display name."""
    registered = {spelling for given in plain.values() for spelling in {given.casefold(), *spelling_keys(given)}} | {
        name for _, name in user_names}
    for participant, name in found.counts:
        particle = name.lower() in LOWER_PARTICLES and not name.isupper()  # "La", not the initials "DE"
        peoples = name.casefold() in NATIONALITIES  # "Persian" of a user "Persian Quill": always capitalised, a word
        if (participant, name.casefold()) in lower_rows:  # by the lists alone
            used = name.casefold() in name_words() or lexicon.is_common(name)
        else:
            used = lexicon.is_name_word(name) or lexicon.is_word(name)
        if " " not in name and (used or particle or peoples) and name.casefold() not in registered:
            found.tag(participant, name, "word")


_WEAK_TAGS = frozenset({"greeting", "signoff", "uncertain", "case"})


def flag_frequent(found: Found, index: TokenIndex, table: NicknameTable, roster: dict[str, str]) -> None:
    """Tag ``frequent`` a one-word name known as no given name that occurs in many messages mostly outside the
    threads of everyone it was found for, and that was found only once or twice in a greeting or sign-off, or is a
    class-list row of that one word: a company, a place or a product signed or greeted once ("Thanks, Acme") or
    registered as an account ("ACME"), which apply then replaces only in greetings and sign-offs."""
    owners: dict[str, list[str]] = {}
    for participant, name in found.counts:
        owners.setdefault(name, []).append(participant)
    for name, participants in owners.items():
        per_thread = index.threads.get(name) if " " not in name else None
        if not per_thread or table.related(name) or table.given_names(name) or table.familiar_forms(name):
            continue
        weak = [participant for participant in participants if roster.get(participant, "").strip() == name or (
            found.counts[(participant, name)] <= 2 and set(found.tags[(participant, name)]) <= _WEAK_TAGS)]
        if not weak:
            continue
        threads = set().union(*(index.involved.get(participant, set()) for participant in participants))
        inside = sum(count for thread, count in per_thread.items() if thread in threads)
        if used_mostly_elsewhere(inside, sum(per_thread.values())):
            for participant in weak:
                found.tag(participant, name, "frequent")
