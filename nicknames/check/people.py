"""Person-like names in an output that the mapping neither maps nor keeps, looked for in worker processes.

The search of ``collect.others.unmapped_people``, over runs of messages: the
corpus's word usage is counted first (``corpus_lexicon``), then each run's
texts are read in one of ``jobs`` processes (``people_of_texts``), and the
names found in ``PUBLIC_SENDERS`` or more messages without a title or relation
are dropped over all of them (``kept_people``), so the result is the same for
any number of processes, or for runs read by other means (a cluster's workers,
runs of a file kept on disk).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nicknames.collect.discover.corpus_words import corpus_lexicon
from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.other_names import Known
from nicknames.collect.discover.others import PUBLIC_SENDERS, others_of_each
from nicknames.collect.others import PersonLike, known_names
from nicknames.engine.partitions import row_runs
from nicknames.engine.run import ordered_map
from nicknames.model.mapping import OTHERS, Mapping


@dataclass(frozen=True)
class PeopleContext:
    """What each run's search needs: what the mapping knows, the whole corpus's word usage, and the case-folded
    names reviewed in ``@others``."""

    known: Known
    lexicon: Lexicon
    reviewed: frozenset[str]


def people_in_output(texts: Sequence[tuple[str, str]], mapping: Mapping, class_list: dict[str, str] | None = None,
                     jobs: int = 1) -> list[PersonLike]:
    """``unmapped_people(texts, mapping, class_list)``, its texts read in ``jobs`` processes."""
    lexicon = corpus_lexicon([text for _, text in texts], jobs)
    context = people_context(mapping, class_list, lexicon)
    return kept_people(finding for part in ordered_map(_people_of_run, row_runs(len(texts)), jobs, (texts, context))
                       for finding in part)


def people_context(mapping: Mapping, class_list: dict[str, str] | None, lexicon: Lexicon) -> PeopleContext:
    """The context of the search, from the mapping, the class list and the word usage of every text."""
    entry = mapping.entries.get(OTHERS)
    reviewed = {name.text.casefold() for name in entry.names} if entry else set()
    reviewed |= {text.casefold() for text in mapping.seen.get(OTHERS, ())}
    return PeopleContext(known_names(mapping, class_list), lexicon, frozenset(reviewed))


def people_of_texts(texts: Iterable[tuple[str, str]], context: PeopleContext) -> list[PersonLike]:
    """The person-like names of each (message id, text) pair that nobody reviewed, in order."""
    pairs = list(texts)
    findings: list[PersonLike] = []
    each = others_of_each([text for _, text in pairs], context.known, context.lexicon)
    for (message_id, _), found in zip(pairs, each, strict=True):
        if found is not None:
            findings.extend(PersonLike(message_id, name, found.tags[name][0]) for name in found.counts
                            if name.casefold() not in context.reviewed)
    return findings


def kept_people(found: Iterable[PersonLike]) -> list[PersonLike]:
    """The findings of every run in order, without the names found in ``PUBLIC_SENDERS`` or more messages with
    no title or relation (public names)."""
    findings = list(found)
    messages = Counter(finding.text for finding in findings)
    return [finding for finding in findings
            if messages[finding.text] < PUBLIC_SENDERS or finding.cue in ("title", "relation")]


def _people_of_run(run: range, context: tuple[Sequence[tuple[str, str]], PeopleContext]) -> list[PersonLike]:
    texts, people = context
    return people_of_texts(texts[run.start:run.stop], people)
