"""The names the pass found with direct evidence, each for its participant: the class list's names, sign-offs,
greetings, introductions, attribution lines, initials and letters an archive lost (called by ``finish_collect``)."""
from __future__ import annotations

import functools
import os
from collections import Counter
from collections.abc import Iterable
from collections.abc import Mapping as MappingType

import numpy as np
import regex

from nicknames.collect.discover.attribution import tally
from nicknames.collect.discover.glued import glued_name
from nicknames.collect.discover.lost_letters import (
    registered_forms,
    registered_matches,
    repaired,
)
from nicknames.collect.discover.places import is_land
from nicknames.collect.discover.stylised import (
    initials_of,
    is_short,
    letters,
    signs_with,
)
from nicknames.collect.discover.suggest import signature_tags
from nicknames.collect.discover.token_index import TokenIndex
from nicknames.collect.found import Found
from nicknames.collect.plan import CollectPlan, owners_by_part
from nicknames.collect.salutation_owners import (
    misspelt_owners,
    own_form,
)
from nicknames.collect.scan import Posts, Scan
from nicknames.io.class_list import RegisteredFullNames
from nicknames.io.given_names import given_names, known_given
from nicknames.rules.nickname_table import NicknameTable
from nicknames.rules.patterns import name_key
from nicknames.rules.personal_names import personal_names
from nicknames.rules.stopwords import STOPWORDS, common_words
from nicknames.rules.titled_initials import has_initial, letter_of


def class_list_names(scan: Scan, part_owners: dict[str, set[str]], registered: dict[str, list[str]],
                      found: Found) -> None:
    """Registered names and parts that occur, counted per message; a full name in capitals the class list does not
    write so ("ADA QUILL" for a registered Ada Quill, ``class_list.capital_forms``) is tagged ``case``.

    A part several participants share (a surname, a common given name) counts
    for each of them only in the threads where they are active.
    """
    usage, members = scan.class_usage, scan.index.participation.threads_of
    # A participant's threads are read for each part they share: read them once, as codes (while the names are
    # counted only: the suggestions that follow, where collect peaks, do without them).
    threads_of = functools.cache(lambda participant: np.asarray(members.get(participant, ()), dtype=np.uint32))
    for part in usage:
        owners = part_owners[part]
        counts = [usage.total(part)] if len(owners) == 1 else usage.totals_in(part, list(map(threads_of, owners)))
        for participant, count in zip(owners, counts):
            if count:
                tag = "case" if " " in part and part.isupper() and part not in registered[participant] else "classlist"
                found.add(participant, part, tag, count if (participant, part) not in found.counts else 0)


def lost_letters(scan: Scan, registered: dict[str, list[str]], found: Found) -> None:
    """Registered names with letters lost by an archive, in the text or in the class list (``St?phane``).

    A word matching a participant's registered parts is taken as their name (tag ``lost``); one matching the parts of
    several is each one's, a name several use that apply decides per mention, as it does the registered form they
    share (``T?rrow`` of a Rene and a Ron Tarrow; left to nobody, it stayed in the output). See
    ``discover.lost_letters``.
    """
    owners: dict[str, set[str]] = {}
    for participant, parts in registered.items():
        for part in parts:
            for word in [part] if " " not in part else _garbled_words_of(part):
                owners.setdefault(word, set()).add(participant)
    counts = Counter(scan.lost)
    index = scan.index
    for token in registered_forms(owners, index.tokens()):
        counts[token] += sum(index.threads.get(token, Counter()).values())
    for word, matched in registered_matches(counts, owners).items():
        for person in sorted(set().union(*(owners[part] for part in matched))):
            found.add(person, word, "lost", counts[word])


def _garbled_words_of(name: str) -> list[str]:
    """The garbled words of a registered name of several words ("HÃ©lÃ¨ne" of "HÃ©lÃ¨ne Marsden"), which its
    parts leave out (no name word holds "©"): each reads as a name once repaired."""
    return [word for word in name.split() if not word.isascii() and repaired(word) is not None]


def signoffs(scan: Scan, plan: CollectPlan, found: Found) -> None:
    """Sign-off names for their senders; bare capitals that are not the sender's initials are doubtful.

    A short sign-off ("M", "kd") counts only as the initials or the given name's letter of the sender's registered
    name or of a name they sign with in full (a known familiar form such as "al" stays a name), and is tagged
    ``short``: apply replaces it in salutations only.
    A name only ever signed together with others ("Ann and Ben") is the sender's only when it is a form of their
    registered name: two people sign, and the other one is not the sender. So is a lone lower-case word on the last
    line ("…tight tho\n\ngreta"; ``Scan.bare``), which is as often a word ("ok", "done").
    Nor is a name registered to someone else that is no form of the sender's registered name and does not open as
    their given name does ("Ysa" for Ysolde may be a familiar form the table lacks): "thx tadeo" at the end of a
    chat message thanks Tadeo, and an assistant's message signed with the manager's name is sent for the manager.
    Nor is a name signed only above a signature block (``Scan.above_block``) that is doubtful (``signature_tags``)
    or whose sender the class list lacks (nothing tells "WEEKLY STATUS REPORT" from a name there). Nor is a
    full name that may name other registered people and not the sender ("Lou Quell" for a registered Louis
    Quell, ``RegisteredFullNames``), whoever sends it, an office's account too; nor, from an office's account, a
    name registered to somebody or signed together with others ("Tobias & Kay" under an Office of the Dean). Nor
    is a word that ends the
    messages of several senders on the class list and is nobody's name (``_footer_words``): a footer's
    ("Permalink | Show parent | Reply" under every post of a forum's pages), not a signature.
    """
    roster, table = plan.roster, plan.names_table
    others = owners_by_part(plan.registered, str.casefold)
    footers = _footer_words(scan.signoffs, roster, table)
    full_names = RegisteredFullNames.of(roster, table)
    signed: dict[str, list[str]] = {}  # the names each sender signs with in full: "Kasimir" gives "-K" its letter
    for sender, name in scan.signoffs:
        if not is_short(name) and name[:1].isupper():
            signed.setdefault(sender, []).append(name)
    for (sender, name), count in scan.signoffs.items():
        if is_land(name.strip(" .")):
            continue  # the last line of a postal address ("4200 Porto\nPortugal", "U.K."), not a name
        if (letter := letter_of(name)) is not None:  # "Dr. Q": the sender's when a word of their name opens so
            if _may_be_titled(sender, letter, plan.registered):
                found.add(sender, name, "signoff", count)
                found.tag(sender, name, "initials")
            continue
        short = is_short(name) and not table.given_names(name)
        if short and not any(signs_with(name, full) for full in (roster.get(sender, ""), *signed.get(sender, ()))):
            continue
        holders = others.get(name.casefold(), set()) - {sender}
        if sender in plan.offices and (holders or scan.joint.get((sender, name)) == count) and not _in_row(
                name, plan.offices[sender]):
            continue  # an office's account signed by people ("Tobias & Kay" under the Office of the Dean): theirs
        if sender in roster and not own_form(name, roster[sender], table) and (
                scan.joint.get((sender, name)) == count or (holders and not _opens_like(name, roster[sender]))):
            if len(holders) == 1 and name not in plan.registered[owner := next(iter(holders))]:
                found.add(owner, name, "case", count)  # "-Tobias" for a registered "tobias": a form of theirs
            continue
        if " " in name and (people := full_names.people(name)) and sender not in people:
            continue  # also from an office's account ("Announcements", signed by a person on the list)
        if name.casefold() in footers:
            continue
        tags, doubtful = signature_tags(name, roster.get(sender))
        if (doubtful or sender not in roster) and not short and scan.above_block.get((sender, name)) == count:
            continue  # "QED." or an office's acronym, last above a signature block: no sign-off of the sender's
        found.add(sender, name, "signoff", count, suggested=doubtful and not short)
        found.tag(sender, name, *tags, *(["initials", "short"] if short else []),
                  *(["uncertain"] if doubtful and not short else []))
    for (sender, word), count in scan.bare.items():
        if sender in roster and word.casefold() not in plan.rules.stopwords and own_form(word, roster[sender], table):
            found.add(sender, word, "signoff", count)  # "…tight tho\n\ngreta": Greta signs in lower case


FOOTER_SENDERS = 3
"""A word that ends the messages of this many registered senders or more and is nobody's name is a footer's, not a
signature."""


def _footer_words(signoffs: Iterable[tuple[str, str]], roster: MappingType[str, str], table: NicknameTable
                  ) -> set[str]:
    """The sign-offs (case folded) that ``FOOTER_SENDERS`` senders or more end messages with, each of them on the class
    list, and that are nobody's name (``_a_name``; ``signoffs``). Without a class list nothing tells a footer from a
    familiar form several people share that the tables lack."""
    senders: dict[str, set[str]] = {}
    for sender, name in signoffs:
        senders.setdefault(name.casefold(), set()).add(sender)
    return {name for name, who in senders.items()
            if len(who) >= FOOTER_SENDERS and who <= roster.keys() and not _a_name(name, who, roster, table)}


def _a_name(name: str, senders: Iterable[str], roster: MappingType[str, str], table: NicknameTable) -> bool:
    """Whether a sign-off is a name: a word of it ("Anne" of "Anne-Sophie") or its letters ("Helen" of "H e l e n")
    a given name or familiar form the nickname table or the given-name list knows, or it or its letters a form of
    the registered name of one of ``senders`` or the opening of its given name ("Lul" for Luloto)."""
    words = [*_NAME_PARTS.split(name), letters(name)]
    if any(table.given_names(word) or table.familiar_forms(word) or word.casefold() in given_names()
           for word in words if word):
        return True
    return any(own_form(form, roster[sender], table) or _opens_given_name(form, roster[sender])
               for sender in senders for form in (name, letters(name)))


def _opens_given_name(name: str, full_name: str) -> bool:
    """Whether a name of three letters or more opens the registered given name ("Lul" of "Luloto Bisoel")."""
    given = full_name.split()[:1]
    return len(name) >= 3 and bool(given) and given[0].casefold().startswith(name.casefold())


_NAME_PARTS = regex.compile(r"[\s\-‐–]+")


def _in_row(name: str, row: str) -> bool:
    """Whether every word of a name is a word of a class-list row ("Ida" of "Ida and Ben Quell": one of the two
    people the row registers signs)."""
    words = {word.casefold() for word in _ROW_WORD.findall(row)}
    return all(word.casefold() in words for word in _ROW_WORD.findall(name))


_ROW_WORD = regex.compile(r"\p{L}+")


def _opens_like(name: str, full_name: str) -> bool:
    """Whether a name's first word opens with the first two letters of the registered given name and is no longer, or
    with its first three: a familiar or formal form the nickname table may lack ("Ysa" for Ysolde, "Danny" for Dan,
    "Steve Quell" for Stephen; not "Ysabella" for Ysolde)."""
    given, first = full_name.split()[:1], name.split()[:1]
    if not given or not first:
        return False
    shared = len(os.path.commonprefix([first[0].casefold(), given[0].casefold()]))
    return shared >= 2 and (len(first[0]) <= len(given[0]) or shared >= 3)


def introductions(scan: Scan, roster: dict[str, str], found: Found, table: NicknameTable) -> None:
    """Names senders give for themselves ("My name is Marisol, but call me Sol"; tag ``intro``).

    After words that give a name ("my name is", "call me") a capitalised name counts as a sign-off does; a
    lower-case one ("call me jojo"), or one after words that may describe the sender as well ("I'm Frank", "Bart
    here"), only when it is a form of the sender's registered name, or a given name or familiar form that is no
    ordinary word ("Sol", "jojo"; not "Happy", "Frank").
    """
    for (sender, name, strong), count in scan.introduced.items():
        if len(name) < 2 or not name.replace(" ", "").replace("-", "").isalpha():
            continue
        own = sender in roster and own_form(name, roster[sender], table)
        if not own and (not strong or name[0].islower()) and not known_given_name(name, table):
            continue
        # a name counted already, in the messages that name it, only gains the tag and is confirmed
        found.add(sender, name, "intro", 0 if (sender, name) in found.counts else count)


def attributions(scan: Scan, plan: CollectPlan, found: Found) -> None:
    """The names attribution lines give the authors of the messages replied to ("On Mon, Ann Lee <…> wrote:"; tag
    ``quoted``): each name to the participant it is given most often. A name that shares no word with a registered
    name of its participant is a suggestion, unless it is another participant's registered name or part of one: then
    the line quotes a message further up the thread than the one replied to, and the class list's name counts for
    its owner already. A stop word is nobody's; a name found before only gains the tag. The last word of a full name
    (the surname, "Quayle's group") is suggested too where the messages use it, unless it is a word, a given name or
    someone's registered name."""
    counts: dict[str, Counter[str]] = {}
    for (participant, name), count in scan.attributed.items():
        counts.setdefault(name, Counter())[participant] += count
    parts = {participant: {word.casefold() for name in names for word in name.split()}
             for participant, names in plan.registered.items()}
    for name, owners in counts.items():
        (participant, count), *_ = owners.most_common(1)
        words = name.split()
        if participant in plan.offices or all(word.casefold() in plan.rules.stopwords for word in words):
            continue
        if (participant, name) in found.counts:
            found.tag(participant, name, "quoted")
            continue
        registered = parts.get(participant)
        doubtful = registered is not None and not any(word.casefold() in registered for word in words)
        holders = plan.part_owners.get(name_key(name)) or plan.part_owners.get(name_key(name.capitalize()), set())
        if doubtful and holders - {participant}:
            if name.islower() and len(holders) == 1:  # a forum's "bramble wrote:": the user name of "bramble quell"
                found.add(next(iter(holders)), name, "quoted", count)
            continue  # "Ann Lee wrote:" in a reply to Bo: Ann's message quoted from further up
        found.add(participant, name, "quoted", count, suggested=doubtful)
        if doubtful:
            found.tag(participant, name, "uncertain")
        elif len(words) > 1:
            _quoted_surname(words[-1], participant, scan.index, plan, found)


def _quoted_surname(surname: str, participant: str, index: TokenIndex, plan: CollectPlan, found: Found) -> None:
    """Suggest the surname of a name an attribution line gives, where the messages use it alone."""
    key = surname.casefold()
    if (len(surname) < 3 or key in common_words() or key in plan.rules.stopwords or key in given_names()
            or plan.names_table.given_names(surname) or name_key(surname) in plan.part_owners
            or (participant, surname) in found.counts):
        return
    uses = index.threads.total(surname) if surname in index.threads else 0
    if uses:
        found.add(participant, surname, "quoted", uses, suggested=True)


def known_given_name(name: str, table: NicknameTable) -> bool:
    """A given name or familiar form of the nickname table or the given-name list, that is no ordinary word; or a full
    name that starts with one, its other words capitalised and no ordinary words ("Sunniva Hallberg")."""
    first, *rest = name.split()
    if any(not word[0].isupper() or word.casefold() in common_words() for word in rest):
        return False
    return known_given(first, table)


def full_initials(index: TokenIndex, roster: dict[str, str], found: Found) -> None:
    """Suggest the other capital initials of a sender who signs with initials, where the messages use them.

    Whoever signs "MK" for Mary Kay Poe is "MKP" to the others; only forms of three letters or more that no
    other person of the class list has, since two capitals are too often an abbreviation, and not the letters
    of a form found already ("-MKP-" gives the token "MKP").
    """
    signers = {participant for (participant, name) in found.confirmed
               if "initials" in found.tags[(participant, name)] and participant in roster}
    if not signers:
        return
    holders = _initials_holders(roster)
    signed = {(participant, letters(name).upper()) for (participant, name) in found.counts if participant in signers}
    for participant in signers:
        for form in initials_of(roster[participant]):
            if (len(form) >= 3 and len(holders[form]) == 1 and form in index.threads
                    and (participant, form) not in signed):
                found.add(participant, form, "initials", index.threads.total(form), suggested=True)


def prefixed_quotes(scan: Scan, roster: dict[str, str], table: NicknameTable, found: Found) -> None:
    """The initials or name that a reply's quote marks open with ("GV> text", "Harold> text": Supercite, Gnus), for
    the parent's sender when they are a form of that sender's registered name (``own_form``): the marks name whom
    the reply quotes, and the reply's writer may call them so ("GV, see my patch")."""
    for (parent, prefix), count in scan.prefixed.items():
        full = roster.get(parent)
        if full and own_form(prefix, full, table):
            found.add(parent, prefix, "quoted", count)
            if prefix.isupper():
                found.tag(parent, prefix, "initials")


def listed_initials(scan: Scan, roster: dict[str, str], found: Found) -> None:
    """Suggest the initials that minutes list among the people present or absent ("Present: GV, KM, TQ") for the
    one participant of the class list who has them (``stylised.initials_of``): the minutes name the same people
    by them ("KM noted that ..."). Initials several participants have stay unmapped."""
    if not scan.listed:
        return
    holders = _initials_holders(roster)
    for form, count in scan.listed.items():
        owners = holders.get(form, set())
        if len(owners) == 1:
            found.add(next(iter(owners)), form, "initials", count, suggested=True)


def _initials_holders(roster: dict[str, str]) -> dict[str, set[str]]:
    """Initials (``stylised.initials_of``) → the participants whose registered names give them."""
    holders: dict[str, set[str]] = {}
    for participant, name in roster.items():
        for form in initials_of(name):
            holders.setdefault(form, set()).add(participant)
    return holders


def greetings(scan: Scan, posts: Posts, plan: CollectPlan, found: Found) -> None:
    """Greeted names for the participant each greeting most likely addresses (see ``attribution``).

    Never an office, a list or a company of the class list: mail sent in its name is written by people, and a reply
    greets one of them ("Welcome, Ann" to an announcement from the provost's office names Ann).
    """
    roster = plan.roster
    familiar = _familiar_owners(plan.registered, plan.names_table)
    owners = _owners(plan.registered, found, familiar)
    greeted = scan.greetings.greeted_names()
    _glued_owners(owners, greeted)
    _user_name_owners(owners, greeted, plan.registered)
    _titled_owners(owners, greeted, plan.registered)
    misspelt_owners(owners, greeted, plan.registered)
    # Adding an attribution's count at once, in the order attributions are first made, leaves the counts,
    # tags and their order as adding each greeted name in turn would.
    for attribution, count in tally(scan.greetings, owners, posts, familiar).items():
        if attribution.participant in plan.offices:
            continue
        if (letter := letter_of(attribution.name)) is not None and not _may_be_titled(
                attribution.participant, letter, plan.registered):
            continue  # "Hi Dr. V" to a Tobias Quell greets somebody else
        tags, doubtful = signature_tags(attribution.name, roster.get(attribution.participant))
        uncertain = attribution.uncertain or doubtful
        found.add(attribution.participant, attribution.name, "greeting", count, suggested=uncertain)
        found.tag(attribution.participant, attribution.name, *tags, *(["uncertain"] * uncertain))


def _owners(registered: dict[str, list[str]], found: Found, familiar: dict[str, set[str]]) -> dict[str, set[str]]:
    """Known name → participants: registered parts, their familiar forms (``_familiar_owners``), and names signed
    with."""
    parts = owners_by_part(registered)
    owners = {part: set(pids) for part, pids in parts.items()}
    for form, participants in familiar.items():
        if form not in parts:  # a form that is someone's registered name stays theirs
            owners.setdefault(form, set()).update(participants)
    for (participant, name) in found.confirmed:
        owners.setdefault(name, set()).add(participant)
    return owners


def _familiar_owners(registered: dict[str, list[str]], table: NicknameTable) -> dict[str, set[str]]:
    """Familiar form → the participants whose registered name parts it is a form of, those that are somebody else's
    registered name too ("Sol" of a Solomon, with a Sol registered)."""
    owners: dict[str, set[str]] = {}
    for participant, own in registered.items():
        for part in own:
            for form in table.familiar_forms(part):
                owners.setdefault(form, set()).add(participant)
    return owners


def _user_name_owners(owners: dict[str, set[str]], names: set[str], registered: dict[str, list[str]]) -> None:
    """Let a greeted user name that glues two or more of one participant's registered names ("@ingrid.solberg",
    "GretaVollmer", "kay_marsden") belong to them: it names them, whoever sent the message replied to."""
    glued = [name for name in names - owners.keys() if " " not in name]
    if glued:
        personal = personal_names(registered)
        for name in glued:
            owner = personal.glued_owner(name)
            if owner is not None:
                owners[name] = {owner}


def _may_be_titled(participant: str, letter: str, registered: dict[str, list[str]]) -> bool:
    """Whether a title and this initial ("Dr. Q") may name the participant: a word of their registered name opens
    with the letter, or the class list does not register them."""
    return participant not in registered or has_initial(registered[participant], letter)


def _titled_owners(owners: dict[str, set[str]], names: set[str], registered: dict[str, list[str]]) -> None:
    """Let a greeted title and initial ("Hi Dr. Q") belong to the participants with a word of their registered name
    that opens with the letter: the parent's sender when they are one, else one who posted earlier in the thread."""
    for name in names:
        if (letter := letter_of(name)) is not None and name not in owners:
            owners[name] = {participant for participant, parts in registered.items() if has_initial(parts, letter)}


def _glued_owners(owners: dict[str, set[str]], names: set[str]) -> None:
    """Let a glued greeting ("HeyNatalie") belong to whoever has the name inside it."""
    for name in names - owners.keys():
        inner = glued_name(name, owners.__contains__, lambda piece: piece.casefold() in STOPWORDS)
        if inner is not None:
            owners[name] = owners[inner]
