"""Collect candidate names per participant from greetings, sign-offs and the class list."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from nicknames.collect.absent import AbsentName, absent_names_of
from nicknames.collect.discover.attribution import tally
from nicknames.collect.discover.corpus_words import corpus_lexicon
from nicknames.collect.discover.glued import glued_name
from nicknames.collect.discover.lexicon import Lexicon, name_words
from nicknames.collect.discover.lost_letters import registered_forms, registered_matches
from nicknames.collect.discover.others import drop_common_parts, used_mostly_elsewhere
from nicknames.collect.discover.sequences import sequence_words
from nicknames.collect.discover.stylised import (
    initials_of,
    is_short,
    is_stylised,
    letters,
    signs_with,
)
from nicknames.collect.discover.suggest import Known, signature_tags
from nicknames.collect.discover.suggest import discover as discover_names
from nicknames.collect.discover.thread_counts import ThreadCodes
from nicknames.collect.discover.token_index import BATCH, TokenIndex
from nicknames.collect.found import Found, build_mapping
from nicknames.collect.others import add_others, known_names
from nicknames.collect.passes import TableIds, absent_uses, others_in_runs
from nicknames.collect.runs import MessageRuns, MessagesInMemory
from nicknames.collect.salutation_owners import (
    drop_doubtful_greetings,
    misspelt_owners,
    own_form,
)
from nicknames.collect.scan import Posts, Scan, ScanStats
from nicknames.distributed.engines import Engine
from nicknames.engine.run import objects_frozen
from nicknames.io.class_list import (
    borrowed_middle_names,
    capital_forms,
    initialled_forms,
    registered_parts,
    without_borrowed,
)
from nicknames.io.person_names import given_names, office_words, person_rows
from nicknames.model.mapping import Mapping, Name, Status
from nicknames.model.messages import Message, MessageTable
from nicknames.rules.languages import language_words
from nicknames.rules.matcher import NameMatcher, compile_names
from nicknames.rules.nickname_table import NicknameTable, builtin_table
from nicknames.rules.patterns import name_key
from nicknames.rules.salutations import DEFAULT_RULES, Rules
from nicknames.rules.stopwords import SALUTATION_WORDS, STOPWORDS, common_words
from nicknames.rules.word_names import WORD_NAMES

CollectStats = ScanStats
"""What collect saw, for the summary (kept under its old name)."""
@dataclass
class CollectResult:
    """The proposed mapping and how it was found."""

    mapping: Mapping
    stats: CollectStats


def collect(
    table: MessageTable,
    class_list: dict[str, str] | None = None,
    rules: Rules = DEFAULT_RULES,
    nicknames: NicknameTable | None = None,
    discover: bool = True,
    *,
    jobs: int = 1,
    others: bool = True,
    engine: Engine | None = None,
    runs: MessageRuns | None = None,
) -> CollectResult:
    """Find every participant's candidate names in one pass over the messages.

    Greetings and sign-offs (the paper's regular expressions) and the class list
    give the names with direct evidence; with ``discover`` (the default) the
    same pass feeds an index from which familiar forms, misspellings, case and
    accent variants, stylised forms, initials and glued names are suggested.
    The pass is cut into runs of messages in file order, read by ``scan_run``
    where the texts are and absorbed in order, so the mapping is the same for
    any number of runs: ``runs`` says where (see ``nicknames.collect.runs``:
    a cluster's workers, a spill folder); by default the table's messages,
    held here, in ``jobs`` processes or sent run by run to the cluster of a Dask
    or Spark ``engine``. ``table`` then needs only its id columns.
    With ``others`` (the default) names of people who are not participants are
    proposed in the mapping's ``@others`` section (see ``nicknames.collect.others``).
    """
    if runs is None:
        runs = MessagesInMemory(list(table.messages()), jobs, engine)
    ids = TableIds.of(table)
    addressed = ids.addressed()
    plan = plan_collect(addressed, class_list, rules, nicknames, discover)
    scan, lexicon = plan.scan(), Lexicon()
    for found, words in runs.map_runs(scan_run, (plan, others)):
        scan.absorb(found)
        if words is not None:
            lexicon.lower.update(words[0])
            lexicon.capitalised.update(words[1])
    senders = dict.fromkeys(ids.senders)
    result = finish_collect(scan, plan, senders, ids.posts(scan.index.codes))
    if class_list:
        add_absent(result.mapping, absent_names_of(
            functools.partial(absent_uses, runs), ids.posted(), class_list, addressed, result.mapping.names,
            plan.names_table, scan.index.lexicon.is_word, scan.index.tokens(),
        ))
    if others:
        known = known_names(result.mapping, class_list, plan.names_table)
        found_others = others_in_runs(runs, known, lexicon, ids)
        drop_common_parts(found_others, lexicon)
        add_others(result.mapping, found_others, known.registered, ids.senders)
    return result


Words = tuple[Counter[str], Counter[str]]
"""A run's lower-case words and capitalised words in mid-sentence, counted (see ``corpus_lexicon``)."""


def scan_run(first: int, messages: Sequence[Message], context: tuple[CollectPlan, bool]) -> tuple[Scan, Words | None]:
    """What one run of the messages (the first at position ``first`` in the file) tells collect: a pure function
    whose results ``Scan.absorb`` adds up, in file order, to one pass over all of them; with ``words`` in the
    context, also the run's word usage for the finder of people who are not participants."""
    plan, words = context
    scan = plan.scan()
    for start in range(0, len(messages), BATCH):
        scan.add_all(first + start, messages[start : start + BATCH])
    if not words:
        return scan.findings(), None
    usage = corpus_lexicon([message.text for message in messages])
    return scan.findings(), (usage.lower, usage.capitalised)


def add_absent(mapping: Mapping, names: Iterable[AbsentName]) -> None:
    """Give registered people who post nothing a line with their names that occur (see ``nicknames.collect.absent``)."""
    touched: set[str] = set()
    for name in names:
        mapping.add_participant(name.participant)
        tags = (name.tag, "absent", "namesake") if name.namesake else (name.tag, "absent")
        status = Status.SUGGESTED if name.namesake else Status.ACTIVE
        mapping.set_name(name.participant, Name(name.text, name.count, tags, status))
        touched.add(name.participant)
    for participant in touched:
        mapping.sort_names(participant)


@dataclass(frozen=True)
class CollectPlan:
    """What collect knows before it reads a text: the class list of the participants and the rules."""

    roster: dict[str, str]
    """Participant → registered full name, for the participants of the messages only."""
    registered: dict[str, list[str]]
    part_owners: dict[str, set[str]]
    """Registered name part (as ``name_key``), or given name and initial ("Ada Q"), → participants registered with
    it."""
    names_table: NicknameTable
    rules: Rules
    discover: bool = True
    """Whether variants are to be suggested (the pass then also indexes runs of capitalised words)."""
    offices: frozenset[str] = frozenset()
    """Participants the class list registers as an office, a list or a company ("Office of the Provost")."""
    given_owners: dict[str, set[str]] = field(default_factory=dict)
    """Case-folded given name → the people of the whole class list registered with it (those who never write too)."""

    def scan(self) -> Scan:
        """A fresh pass over messages with these rules, class-list names and watched names."""
        watched, runs, class_pattern = self._patterns
        index = TokenIndex(watched=watched, sequence_words=runs, codes=ThreadCodes())
        return Scan(self.rules, class_pattern, index)

    @functools.cached_property
    def _patterns(self) -> tuple[frozenset[str], frozenset[str], NameMatcher | None]:
        """What every pass reads with: the watched names, the words that make a run worth keeping and the compiled
        class-list names (made once: a worker starts a pass for each chunk)."""
        watched = frozenset(part.casefold() for part in self.part_owners) | frozenset(
            self.names_table.forms) | frozenset(self.names_table.names)
        runs = sequence_words(self.part_owners) if self.discover else frozenset()
        return watched, runs, compile_names(self.part_owners)

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state.pop("_patterns", None)  # compiled again where the plan is unpickled
        return state


def plan_collect(
    addressed: Iterable[str],
    class_list: dict[str, str] | None = None,
    rules: Rules = DEFAULT_RULES,
    nicknames: NicknameTable | None = None,
    discover: bool = True,
) -> CollectPlan:
    """The plan for the participants who send or receive messages (``addressed``)."""
    present = set(addressed)
    persons = person_rows(class_list or {})
    roster = {pid: name for pid, name in persons.items() if pid in present}
    offices = frozenset(pid for pid in (class_list or {}) if pid in present and pid not in roster)
    borrowed = borrowed_middle_names(persons)
    registered = {pid: without_borrowed(registered_parts(name), borrowed.get(pid, frozenset()))
                  for pid, name in roster.items()}
    if roster:
        # The words of the list's offices and companies ("Acme" of "Acme Helpdesk") sign and greet as no one's name,
        # unless they are a name word of a person of the list or a known given name.
        people = {word.casefold() for word in _name_words(persons.values())}
        offices_words = office_words(class_list or {}) - given_names() - people
        rules = rules.extended(stopwords=offices_words, not_stopwords=_name_words(roster.values()))
    names_table = nicknames if nicknames is not None else builtin_table(rules.languages)
    forms = {pid: [*parts, *initialled_forms(roster[pid]), *capital_forms(parts)] for pid, parts in registered.items()}
    return CollectPlan(roster, registered, _part_owners(forms), names_table, rules, discover, offices,
                       _given_owners(persons))


def _given_owners(persons: dict[str, str]) -> dict[str, set[str]]:
    """Case-folded given name (the first word of a registered full name) → the class list's people registered with
    it (``persons``: its rows that name a person, ``person_rows``)."""
    owners: dict[str, set[str]] = {}
    for pid, name in persons.items():
        parts = registered_parts(name)
        if parts and " " in parts[0]:
            owners.setdefault(parts[0].split()[0].casefold(), set()).add(pid)
    return owners


def finish_collect(scan: Scan, plan: CollectPlan, senders: Iterable[str], posts: Posts) -> CollectResult:
    """The decisions that need the whole corpus, from what the pass recorded and the messages of each thread
    (``posts``): the proposed mapping."""
    roster, part_owners, names_table, discover = plan.roster, plan.part_owners, plan.names_table, plan.discover
    found = Found()
    # What the pass recorded lives on until the mapping is written: out of the collector's passes, which the
    # objects made here would set off (a third of finish_collect's time at 200,000 messages).
    with objects_frozen():
        _signoffs(scan, plan, found)
        _full_initials(scan.index, roster, found)
        _greetings(scan, posts, plan, found)
        _class_list_names(scan, part_owners, plan.registered, found)
        _introductions(scan, roster, found, names_table)
        _attributions(scan, plan, found)
        _lost_letters(scan, plan.registered, found)
        _drop_words(found, scan.index.lexicon, part_owners, names_table)
        plain = _plain_given_names(plan)
        if discover:
            _suggest(found, plan.registered, scan.index, names_table)
            _lower_case_forms(found, scan.index.lexicon, plan, plain)
        drop_doubtful_greetings(found, plan.roster, names_table)
        _flag_words(found, scan.index.lexicon, plain)
        _flag_frequent(found, scan.index, names_table, roster)
        return CollectResult(build_mapping(senders, found), scan.stats)


def _class_list_names(scan: Scan, part_owners: dict[str, set[str]], registered: dict[str, list[str]],
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


def _lost_letters(scan: Scan, registered: dict[str, list[str]], found: Found) -> None:
    """Registered names with letters lost by an archive, in the text or in the class list (``St?phane``).

    A word matching the parts of one participant only is taken as their name
    (tag ``lost``); see ``discover.lost_letters``.
    """
    owners: dict[str, set[str]] = {}
    for participant, parts in registered.items():
        for part in parts:
            if " " not in part:
                owners.setdefault(part, set()).add(participant)
    counts = Counter(scan.lost)
    index = scan.index
    for token in registered_forms(owners, index.tokens()):
        counts[token] += sum(index.threads.get(token, Counter()).values())
    for word, matched in registered_matches(counts, owners).items():
        people = set().union(*(owners[part] for part in matched))
        if len(people) == 1:
            found.add(people.pop(), word, "lost", counts[word])


def _signoffs(scan: Scan, plan: CollectPlan, found: Found) -> None:
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
    """
    roster, table = plan.roster, plan.names_table
    others = _part_owners(plan.registered, str.casefold)
    signed: dict[str, list[str]] = {}  # the names each sender signs with in full: "Kasimir" gives "-K" its letter
    for sender, name in scan.signoffs:
        if not is_short(name) and name[:1].isupper():
            signed.setdefault(sender, []).append(name)
    for (sender, name), count in scan.signoffs.items():
        short = is_short(name) and not table.given_names(name)
        if short and not any(signs_with(name, full) for full in (roster.get(sender, ""), *signed.get(sender, ()))):
            continue
        if sender in roster and not own_form(name, roster[sender], table) and (
                scan.joint.get((sender, name)) == count
                or (others.get(name.casefold(), set()) - {sender} and not _opens_like(name, roster[sender]))):
            continue
        tags, doubtful = signature_tags(name, roster.get(sender))
        found.add(sender, name, "signoff", count, suggested=doubtful and not short)
        found.tag(sender, name, *tags, *(["initials", "short"] if short else []),
                  *(["uncertain"] if doubtful and not short else []))
    for (sender, word), count in scan.bare.items():
        if sender in roster and word.casefold() not in plan.rules.stopwords and own_form(word, roster[sender], table):
            found.add(sender, word, "signoff", count)  # "…tight tho\n\ngreta": Greta signs in lower case


def _opens_like(name: str, full_name: str) -> bool:
    """Whether a name opens with the first two letters of the registered given name: a familiar form the nickname
    table may lack ("Ysa" for Ysolde)."""
    given = full_name.split()[:1]
    return bool(given) and len(name) >= 2 and name[:2].casefold() == given[0][:2].casefold()


def _introductions(scan: Scan, roster: dict[str, str], found: Found, table: NicknameTable) -> None:
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
        if not own and (not strong or name[0].islower()) and not _known_given_name(name, table):
            continue
        # a name counted already, in the messages that name it, only gains the tag and is confirmed
        found.add(sender, name, "intro", 0 if (sender, name) in found.counts else count)


def _attributions(scan: Scan, plan: CollectPlan, found: Found) -> None:
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
    parts = {participant: {part.casefold() for part in _words_of(names)}
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
        if doubtful and plan.part_owners.get(name_key(name), {participant}) - {participant}:
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


def _words_of(names: Iterable[str]) -> set[str]:
    return {word for name in names for word in name.split()}


def _known_given_name(name: str, table: NicknameTable) -> bool:
    """A given name or familiar form of the nickname table or the given-name list, that is no ordinary word; or a full
    name that starts with one, its other words capitalised and no ordinary words ("Sunniva Hallberg")."""
    first, *rest = name.split()
    if any(not word[0].isupper() or word.casefold() in common_words() for word in rest):
        return False
    key = first.casefold()
    if key in common_words() or key in STOPWORDS:
        return False
    return bool(table.given_names(first) or table.familiar_forms(first)) or key in given_names()


def _full_initials(index: TokenIndex, roster: dict[str, str], found: Found) -> None:
    """Suggest the other capital initials of a sender who signs with initials, where the messages use them.

    Whoever signs "MK" for Mary Kay Poe is "MKP" to the others; only forms of three letters or more that no
    other person of the class list has, since two capitals are too often an abbreviation, and not the letters
    of a form found already ("-MKP-" gives the token "MKP").
    """
    signers = {participant for (participant, name) in found.confirmed
               if "initials" in found.tags[(participant, name)] and participant in roster}
    if not signers:
        return
    holders = Counter(form for name in roster.values() for form in initials_of(name))
    signed = {(participant, letters(name).upper()) for (participant, name) in found.counts if participant in signers}
    for participant in signers:
        for form in initials_of(roster[participant]):
            if len(form) >= 3 and holders[form] == 1 and form in index.threads and (participant, form) not in signed:
                found.add(participant, form, "initials", index.threads.total(form), suggested=True)


def _greetings(scan: Scan, posts: Posts, plan: CollectPlan, found: Found) -> None:
    """Greeted names for the participant each greeting most likely addresses (see ``attribution``).

    Never an office, a list or a company of the class list: mail sent in its name is written by people, and a reply
    greets one of them ("Welcome, Ann" to an announcement from the provost's office names Ann).
    """
    roster = plan.roster
    familiar = _familiar_owners(plan.registered, plan.names_table)
    owners = _owners(plan.registered, found, familiar)
    greeted = scan.greetings.greeted_names()
    _glued_owners(owners, greeted)
    misspelt_owners(owners, greeted, plan.registered)
    # Adding an attribution's count at once, in the order attributions are first made, leaves the counts,
    # tags and their order as adding each greeted name in turn would.
    for attribution, count in tally(scan.greetings, owners, posts, familiar).items():
        if attribution.participant in plan.offices:
            continue
        tags, doubtful = signature_tags(attribution.name, roster.get(attribution.participant))
        uncertain = attribution.uncertain or doubtful
        found.add(attribution.participant, attribution.name, "greeting", count, suggested=uncertain)
        found.tag(attribution.participant, attribution.name, *tags, *(["uncertain"] * uncertain))


def _owners(registered: dict[str, list[str]], found: Found, familiar: dict[str, set[str]]) -> dict[str, set[str]]:
    """Known name → participants: registered parts, their familiar forms (``_familiar_owners``), and names signed
    with."""
    parts = _part_owners(registered)
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


def _glued_owners(owners: dict[str, set[str]], names: set[str]) -> None:
    """Let a glued greeting ("HeyNatalie") belong to whoever has the name inside it."""
    for name in names - owners.keys():
        inner = glued_name(name, owners.__contains__, lambda piece: piece.casefold() in STOPWORDS)
        if inner is not None:
            owners[name] = owners[inner]


def _part_owners(registered: dict[str, list[str]], key: Callable[[str], str] = name_key) -> dict[str, set[str]]:
    """Registered name part (as ``key`` gives it: ``name_key``, or case-folded) → the participants registered with
    it."""
    owners: dict[str, set[str]] = {}
    for participant, parts in registered.items():
        for part in parts:
            owners.setdefault(key(part), set()).add(participant)
    return owners


def _drop_words(found: Found, lexicon: Lexicon, parts: dict[str, set[str]], table: NicknameTable) -> None:
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


def _suggest(found: Found, registered: dict[str, list[str]], index: TokenIndex, table: NicknameTable) -> None:
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


MIN_LOWER_FORM = 5
"""The shortest name whose lower-case form the corpus's lower-case words give (shorter ones are often words: "dean",
"glen", "rob"); one letter shorter, a known given name or familiar form that no list has as a word ("dave")."""
_SALUTED = frozenset({"signoff", "greeting", "intro"})
"""Evidence that a name is used as one, by its owner or to them (a class list's row alone may be a company's)."""


def _lower_case_forms(found: Found, lexicon: Lexicon, plan: CollectPlan, plain: dict[str, str]) -> None:
    """Suggest the lower-case form of a one-word name signed, greeted or introduced ("margo" for Margo, tag ``case``)
    where the corpus writes it in lower case, but capitalised at least as often in mid-sentence: casual posts write
    names in lower case ("also margo is fine"), and the token index keeps lower-case words only of the class list's
    and the nickname table's names. Only a name of ``MIN_LOWER_FORM`` letters or more, or of one letter less that is
    a known given name or familiar form ("seun", "tobi") nobody else on the class list is registered with (not "mike"
    where the list has Michaels), that is no word of any list, and that one participant alone has (the lower-case
    "samantha" of "Thank you samantha," is one Samantha's, not every one's). Then ``_lower_given_names`` (``plain``:
    ``_plain_given_names``)."""
    table = plan.names_table
    words = lexicon.words | _words(plan)
    have = {(participant, name.casefold()) for participant, name in found.counts if name.islower()}
    holders = Counter(key for _, key in {(participant, name.casefold()) for participant, name in found.counts})
    for participant, name in list(found.counts):
        lower = name.lower()
        short = (len(name) == MIN_LOWER_FORM - 1 and bool(plan.given_owners) and _known_given_name(name, table)
                 and not _namesakes(name, participant, plan.given_owners, table))
        if ((len(name) < MIN_LOWER_FORM and not short) or not name.isalpha() or not name[0].isupper()
                or not name[1:].islower()
                or (participant, lower) in have or lower in words or holders[name.casefold()] > 1
                or not _SALUTED.intersection(found.tags[(participant, name)]) or lexicon.is_name_word(name)):
            continue
        uses = lexicon.lower.get(lower, 0)
        if uses and uses <= lexicon.capitalised.get(lower, 0) + found.counts[(participant, name)]:
            found.add(participant, lower, "case", uses, suggested=True)
            have.add((participant, lower))
    _lower_given_names(found, lexicon, plan, plain, have)


def _lower_given_names(found: Found, lexicon: Lexicon, plan: CollectPlan, plain: dict[str, str],
                       have: set[tuple[str, str]]) -> None:
    """Suggest the lower-case form of a registered given name (tag ``case``) that the corpus writes in lower case,
    however rarely it capitalises it: a forum that writes in lower case ("thx tobias!!") capitalises no name, so the
    corpus's own usage cannot tell such a name from a word. Only a given name of ``_plain_given_names`` that its
    participant signs, is greeted or introduces themselves with, in any case (a given name that is also a place,
    "flight to sydney", is one nobody greets), that nobody else on the class list is registered with, and found in
    lower case for nobody yet. Not a surname: many are words no list has ("spring", "brook")."""
    taken = {key for _, key in have}
    saluted = {(participant, name.casefold()) for (participant, name), tags in found.tags.items()
               if _SALUTED.intersection(tags)}
    for participant, given in plain.items():
        lower = given.casefold()
        if ((participant, lower) not in saluted or lower in taken
                or _namesakes(given, participant, plan.given_owners, plan.names_table)):
            continue
        uses = lexicon.lower.get(lower, 0)
        if uses:
            found.add(participant, lower, "case", uses, suggested=True)
            found.tag(participant, lower, "classlist")


def _plain_given_names(plan: CollectPlan) -> dict[str, str]:
    """Participant → their registered given name, where it is a known given name (``_known_given_name``) of
    ``MIN_LOWER_FORM`` letters or more that no list has as a word (``_words``; the names that are words among them).
    Shorter given names are too often words no list has, or parts of one ("al" of "et al", "don" of "don't")."""
    words = _words(plan)
    given: dict[str, str] = {}
    for participant, full_name in plan.roster.items():
        first = full_name.split()[0] if full_name.split() else ""
        if (len(first) >= MIN_LOWER_FORM and first.isalpha() and first[0].isupper() and first.casefold() not in words
                and _known_given_name(first, plan.names_table)):
            given[participant] = first
    return given


def _words(plan: CollectPlan) -> frozenset[str]:
    """The words of every list that a name's lower-case form must not be: the common words, names that are words,
    stop words, the language packs' words."""
    return common_words() | name_words() | plan.rules.stopwords | language_words(plan.rules.languages) | WORD_NAMES


def _namesakes(name: str, participant: str, given_owners: dict[str, set[str]], table: NicknameTable) -> bool:
    """Whether somebody else on the class list is registered with this given name or a formal or familiar form of
    it."""
    forms = {name, *table.given_names(name), *table.familiar_forms(name)}
    return any(given_owners.get(form.casefold(), set()) - {participant} for form in forms)


def _reliable(found: Found, participant: str, name: str) -> bool:
    """A name to derive variants from: registered, signed with, or greeted more than once."""
    tags = found.tags[(participant, name)]
    return "classlist" in tags or "signoff" in tags or "intro" in tags or found.counts[(participant, name)] > 1


def _flag_words(found: Found, lexicon: Lexicon, plain: dict[str, str]) -> None:
    """Tag one-word names that are also ordinary words, so apply treats them with care: on the list of names that
    are words, or written mostly in lower case by this corpus; not a participant's registered given name that no list
    has as a word (``plain``: ``_plain_given_names``), which a forum that writes in lower case writes so too."""
    own = {(participant, given.casefold()) for participant, given in plain.items()}
    for participant, name in found.counts:
        if " " not in name and lexicon.is_name_word(name) and (participant, name.casefold()) not in own:
            found.tag(participant, name, "word")


_WEAK_TAGS = frozenset({"greeting", "signoff", "uncertain", "case"})


def _flag_frequent(found: Found, index: TokenIndex, table: NicknameTable, roster: dict[str, str]) -> None:
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


def _name_words(full_names: Iterable[str]) -> set[str]:
    words = {word for full_name in full_names for part in registered_parts(full_name) for word in part.split()}
    return {word for word in words if word.lower() not in SALUTATION_WORDS}
