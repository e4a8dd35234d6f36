"""Collect candidate names per participant from greetings, sign-offs and the class list: the pass over the messages
in runs (``scan_run``), then the decisions over the whole corpus (``finish_collect``; the rules live in
``collect.plan``, ``collect.evidence`` and ``collect.word_checks``)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nicknames.collect.absent import AbsentName, absent_names_of
from nicknames.collect.discover.corpus_words import corpus_lexicon
from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.others import drop_common_parts
from nicknames.collect.discover.token_index import BATCH
from nicknames.collect.evidence import (
    attributions,
    class_list_names,
    full_initials,
    greetings,
    introductions,
    listed_initials,
    lost_letters,
    prefixed_quotes,
    signoffs,
)
from nicknames.collect.found import Found, build_mapping
from nicknames.collect.others import add_others, known_names
from nicknames.collect.passes import TableIds, absent_uses, others_in_runs
from nicknames.collect.plan import CollectPlan, plan_collect
from nicknames.collect.runs import MessageRuns, MessagesInMemory
from nicknames.collect.salutation_owners import drop_doubtful_greetings
from nicknames.collect.scan import Posts, Scan, ScanStats
from nicknames.collect.word_checks import (
    drop_words,
    flag_frequent,
    flag_words,
    lower_case_forms,
    lower_row_words,
    plain_given_names,
    plain_user_names,
    suggest,
)
from nicknames.distributed.engines import Engine
from nicknames.engine.run import objects_frozen
from nicknames.model.mapping import Mapping, Name, Status
from nicknames.model.messages import Message, MessageTable
from nicknames.rules.nickname_table import NicknameTable
from nicknames.rules.salutations import DEFAULT_RULES, Rules

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
        add_others(result.mapping, found_others, known.registered, ids.senders, class_list)
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


def finish_collect(scan: Scan, plan: CollectPlan, senders: Iterable[str], posts: Posts) -> CollectResult:
    """The decisions that need the whole corpus, from what the pass recorded and the messages of each thread
    (``posts``): the proposed mapping."""
    roster, part_owners, names_table, discover = plan.roster, plan.part_owners, plan.names_table, plan.discover
    found = Found()
    # What the pass recorded lives on until the mapping is written: out of the collector's passes, which the
    # objects made here would set off (a third of finish_collect's time at 200,000 messages).
    with objects_frozen():
        signoffs(scan, plan, found)
        full_initials(scan.index, roster, found)
        listed_initials(scan, roster, found)
        prefixed_quotes(scan, roster, names_table, found)
        greetings(scan, posts, plan, found)
        class_list_names(scan, part_owners, plan.registered, found)
        introductions(scan, roster, found, names_table)
        attributions(scan, plan, found)
        lost_letters(scan, plan.registered, found)
        drop_words(found, scan.index.lexicon, part_owners, names_table)
        plain = plain_given_names(plan)
        if discover:
            suggest(found, plan.registered, scan.index, names_table)
            lower_case_forms(found, scan.index.lexicon, plan, plain, scan.persons)
        drop_doubtful_greetings(found, plan.roster, names_table)
        flag_words(found, scan.index.lexicon, plain, plain_user_names(plan), lower_row_words(plan))
        flag_frequent(found, scan.index, names_table, roster)
        return CollectResult(build_mapping(senders, found), scan.stats)


