"""Person-like names in an output that the mapping neither maps nor keeps, looked for in worker processes.

The search of ``collect.others.unmapped_people``, over runs of messages: the
corpus's word usage is counted first (``corpus_lexicon``), then each run's
texts are read in one of ``jobs`` processes, and the names found in
``PUBLIC_SENDERS`` or more messages without a title or relation are dropped
over all of them, so the result is the same for any number of processes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from nicknames.collect.discover.corpus_words import corpus_lexicon
from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.others import PUBLIC_SENDERS, Known, find_others
from nicknames.collect.others import PersonLike, known_names
from nicknames.engine.partitions import row_runs
from nicknames.engine.run import ordered_map
from nicknames.model.mapping import OTHERS, Mapping

Context = tuple[Sequence[tuple[str, str]], Known, Lexicon, frozenset[str]]
"""The messages, what the mapping knows, the corpus's word usage, and the case-folded names reviewed in ``@others``."""


def people_in_output(texts: Sequence[tuple[str, str]], mapping: Mapping, class_list: dict[str, str] | None = None,
                     jobs: int = 1) -> list[PersonLike]:
    """``unmapped_people(texts, mapping, class_list)``, its texts read in ``jobs`` processes."""
    lexicon = corpus_lexicon([text for _, text in texts], jobs)
    entry = mapping.entries.get(OTHERS)
    reviewed = {name.text.casefold() for name in entry.names} if entry else set()
    reviewed |= {text.casefold() for text in mapping.seen.get(OTHERS, ())}
    context: Context = (texts, known_names(mapping, class_list), lexicon, frozenset(reviewed))
    findings = [finding for part in ordered_map(_people_of_run, row_runs(len(texts)), jobs, context)
                for finding in part]
    messages = Counter(finding.text for finding in findings)
    return [finding for finding in findings
            if messages[finding.text] < PUBLIC_SENDERS or finding.cue in ("title", "relation")]


def _people_of_run(run: range, context: Context) -> list[PersonLike]:
    """The person-like names of each message of a run that nobody reviewed, in order."""
    texts, known, lexicon, reviewed = context
    findings: list[PersonLike] = []
    for message_id, text in texts[run.start:run.stop]:
        found = find_others([text], known, lexicon)
        findings.extend(PersonLike(message_id, name, found.tags[name][0]) for name in found.counts
                        if name.casefold() not in reviewed)
    return findings
