"""Find names of people who are not participants: colleagues, family, vendors, the board in a legal footer.

Offline and by rule, from a given-name lexicon (``person_names``) and the words around a name:

- ``title``: a capitalised word or two after a title ("Mrs Lund", "Prof. Dr. Ada M. Berg");
- ``relation``: one or two after "my colleague", "our daughter" and the like;
- ``fullname``: a known given name followed by capitalised words that are no ordinary words
  ("Henrik Olsen", "Ada M. Berg"), at most four words; or two such words, the second a
  frequent surname;
- ``listed``: given names listed together ("Ann, Ben and Cleo") where one of them is a known
  person's name, or three or more are given names;
- ``part``: the given name of a full name found in the same file, used alone ("Henrik").

A run of capitalised words that holds an organisation or place word ("Berg Consulting", "Olsen
Street") is no person. Ordinary words (the built-in list, or words this corpus mostly writes in
lower case) are never taken as names, nor are all-capital words. What the mapping already knows
(participants' names, the class list, the keep list) is left to it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import regex

from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.other_texts import Candidate, RunName, text_candidates
from nicknames.collect.discover.others_screen import may_name_others
from nicknames.engine.partitions import row_runs
from nicknames.engine.run import ordered_map
from nicknames.io.person_names import given_names
from nicknames.rules.languages import LANGUAGES, language_pack

PUBLIC_SENDERS = 3
"""People who write a name, without a title or relation, that make it a public name rather than a private one."""
MIN_LISTED = 3
"""Given names listed together that are taken as people even when none of them is a known name."""


@dataclass
class OtherNames:
    """Names of people who are not participants found in a corpus: messages per name, and why."""

    counts: Counter[str] = field(default_factory=Counter)
    tags: dict[str, list[str]] = field(default_factory=dict)
    threads: dict[str, set[str]] = field(default_factory=dict)
    """The threads each name was found in."""
    senders: dict[str, set[str]] = field(default_factory=dict)
    """Who wrote the messages each name was found in."""

    def add(self, name: str, tag: str, thread: str = "", sender: str = "") -> None:
        """Record one message's use of a name."""
        self.counts[name] += 1
        self.threads.setdefault(name, set()).add(thread)
        self.senders.setdefault(name, set()).add(sender)
        tags = self.tags.setdefault(name, [])
        if tag not in tags:
            tags.append(tag)

    def drop(self, name: str) -> None:
        """Forget a name."""
        for record in (self.counts, self.tags, self.threads, self.senders):
            record.pop(name, None)


@dataclass(frozen=True)
class Known:
    """What the finder leaves alone or takes as evidence: the mapping's names, the class list, the keep list."""

    names: frozenset[str]
    """Case-folded names in use of participants: left to the participants' entries."""
    keep: frozenset[str]
    """Case-folded keep-list names and their words (public figures, cited authors)."""
    people: frozenset[str] = frozenset()
    """Case-folded names and class-list parts of participants: a list with one of them is a list of people."""

    def claims(self, name: str) -> bool:
        """True when a name is a participant's name in use, or the keep list has it or a word of it."""
        folded = name.casefold()
        words = [word for word in folded.split() if len(word.rstrip(".")) > 1]
        return folded in self.names or folded in self.keep or any(word in self.keep for word in words)


def _names_of_run(run: range, context: tuple[Sequence[str], Known, Lexicon]) -> list[list[tuple[str, str]]]:
    """The (name, tag) pairs of each text of a run, each name once per text: the engine's partition function."""
    texts, known, lexicon = context
    return names_in_texts(texts[run.start : run.stop], known, lexicon)


@dataclass(frozen=True)
class Candidates:
    """What a run of texts may name, read without the mapping (``candidates_in_texts``): how many texts, and the
    candidates of each text that has some, by position in the run. ``kept_names`` asks the mapping, so that the
    texts can be read while the mapping is still being made."""

    count: int
    found: list[tuple[int, list[Candidate]]]


def names_in_texts(batch: Sequence[str], known: Known, lexicon: Lexicon) -> list[list[tuple[str, str]]]:
    """The (name, tag) pairs of each of these texts, each name once per text: what ``find_others`` reads in a run
    of texts, wherever the texts are.

    Only the texts that may name somebody (``others_screen``) are read word by word."""
    return kept_names(candidates_in_texts(batch, lexicon), known)


def candidates_in_texts(batch: Sequence[str], lexicon: Lexicon) -> Candidates:
    """The candidates of each of these texts that may name somebody (``others_screen``)."""
    found = []
    for position, (text, may) in enumerate(zip(batch, may_name_others(batch).tolist())):
        if may and (candidates := list(text_candidates(text, lexicon))):
            found.append((position, candidates))
    return Candidates(len(batch), found)


def kept_names(candidates: Candidates, known: Known) -> list[list[tuple[str, str]]]:
    """The (name, tag) pairs of each text of a run (``candidates_in_texts``) that the mapping leaves to the finder,
    each name once per text."""
    names: list[list[tuple[str, str]]] = [[] for _ in range(candidates.count)]
    for position, found in candidates.found:
        names[position] = list(dict(_kept(found, known)).items())
    return names


def find_others(texts: Iterable[str], known: Known, lexicon: Lexicon, threads: Sequence[str] | None = None,
                senders: Sequence[str] | None = None, jobs: int = 1) -> OtherNames:
    """Every name of a person who is not a participant in these texts, counted per message.

    ``threads`` (the thread of each text) limits a full name's given name used alone to the
    threads where the full name stands: elsewhere "Henrik" may be someone else, or a place.
    ``senders`` (who wrote each text): a name found without a title or relation that
    ``PUBLIC_SENDERS`` or more people write is taken as a public name (a cited author, a
    public figure), not a private person's.
    """
    texts = list(texts)
    thread_of = list(threads) if threads is not None else [""] * len(texts)
    sender_of = list(senders) if senders is not None else [""] * len(texts)
    runs = row_runs(len(texts))
    found = gather_others(ordered_map(_names_of_run, runs, jobs, (texts, known, lexicon)), thread_of, sender_of)
    firsts = alone_firsts(found, known, lexicon)
    add_parts(found, firsts, count_alone(texts, thread_of, firsts))
    return found


def others_of_each(texts: Sequence[str], known: Known, lexicon: Lexicon) -> Iterator[OtherNames | None]:
    """``find_others([text], known, lexicon)`` of each text on its own (None where it finds nobody), the texts
    screened as one batch (``names_in_texts``): the audit reads each message alone, and a text at a time the
    screen and the engine's run cost more than the search."""
    for text, pairs in zip(texts, names_in_texts(texts, known, lexicon), strict=True):
        if not pairs:
            yield None
            continue
        found = gather_others([[pairs]], [""], [""])
        firsts = alone_firsts(found, known, lexicon)
        add_parts(found, firsts, count_alone([text], [""], firsts))
        yield found


def gather_others(names: Iterable[list[list[tuple[str, str]]]], threads: Sequence[str],
                  senders: Sequence[str]) -> OtherNames:
    """The names found in runs of texts (``names_in_texts`` of each run, in file order) with the thread and sender
    of each text, without the public names."""
    found = OtherNames()
    position = 0
    for run in names:
        for pairs in run:
            for name, tag in pairs:
                found.add(name, tag, threads[position], senders[position])
            position += 1
    return _without_public(found)


def gather_kept(runs: Iterable[Candidates], known: Known, threads: Sequence[str], senders: Sequence[str]) -> OtherNames:
    """``gather_others`` of the ``kept_names`` of runs of texts, reading only the texts that have candidates."""
    found = OtherNames()
    first = 0
    for run in runs:
        for position, candidates in run.found:
            for name, tag in dict(_kept(candidates, known)).items():
                found.add(name, tag, threads[first + position], senders[first + position])
        first += run.count
    return _without_public(found)


def _without_public(found: OtherNames) -> OtherNames:
    """The names found, without the public names (``_public``)."""
    for name in [name for name, who in found.senders.items() if _public(found.tags[name], who)]:
        found.drop(name)
    return found


def _public(tags: list[str], senders: set[str]) -> bool:
    """True for a name many people write with no title or relation: a cited author or a public figure."""
    return len(senders) >= PUBLIC_SENDERS and not {"title", "relation"} & set(tags)


def _kept(candidates: Iterable[Candidate], known: Known) -> Iterator[tuple[str, str]]:
    """(name, tag) of the candidates the mapping leaves to the finder: a run's name it does not claim; the given
    names it does not claim of a list with a known person's name in it, or of ``MIN_LISTED`` or more."""
    for candidate in candidates:
        if isinstance(candidate, RunName):
            if not known.claims(candidate.name) and not _inflected_claim(candidate.name, known):
                yield candidate.name, candidate.tag
        elif candidate.size >= MIN_LISTED or any(name.casefold() in known.people for name in candidate.names):
            yield from ((name, "listed") for name in candidate.names if not known.claims(name))


def _inflected_claim(name: str, known: Known) -> bool:
    """True when the name is a participant's name with an ending of the packs ("Amin Olofssons", "Mikon")."""
    return any(name.endswith(ending) and known.claims(name[: -len(ending)]) for ending in _ENDINGS)


_ENDINGS = tuple({ending for code in LANGUAGES for ending in language_pack(code).endings})
"""The endings a name takes in the packs' languages ("s", Finnish "n", "lle", ...)."""


def alone_firsts(found: OtherNames, known: Known, lexicon: Lexicon) -> dict[str, set[str]]:
    """The given name of each full name found → the threads of the full name, where it is looked for alone
    (``count_alone``): given names that are not found already, claimed or ordinary words."""
    firsts: dict[str, set[str]] = {}
    for name in list(found.counts):
        first = name.split()[0]
        if " " in name and first.casefold() in given_names() and len(first) > 1:
            firsts.setdefault(first, set()).update(found.threads[name])
    return {first: threads for first, threads in firsts.items()
            if not (first in found.counts or known.claims(first) or lexicon.is_word(first))}


ELSEWHERE_USES = 20
"""Uses of a name across the file from which ``used_mostly_elsewhere`` can tell where it is mostly used."""
ELSEWHERE_SHARE = 0.2
"""The share of those uses below which a name is used mostly elsewhere than where it was found as a person's."""


def used_mostly_elsewhere(own: int, uses: int) -> bool:
    """Whether a name used ``uses`` times in the file, ``own`` of them where it was found as someone's (alone in
    their full name's threads, or in their own threads), is mostly used elsewhere: a place or another person."""
    return uses >= ELSEWHERE_USES and own < ELSEWHERE_SHARE * uses


def drop_common_parts(found: OtherNames, lexicon: Lexicon) -> None:
    """Forget the given names found alone (``part``) that the file uses mostly elsewhere ("Jordan" of "Jordan Vell",
    where the file means the country): collect proposes the names of ``@others``, which apply replaces everywhere,
    and there they are a place or another person."""
    for name in [name for name, tags in found.tags.items() if tags == ["part"]]:
        if used_mostly_elsewhere(found.counts[name], lexicon.capitalised.get(name.casefold(), 0)):
            found.drop(name)


def count_alone(texts: Sequence[str], threads: Sequence[str], firsts: dict[str, set[str]]) -> Counter[str]:
    """Given name → the texts (each with its thread) that use it alone in the threads of its full names: counted run
    by run of the texts wherever they are, and added up."""
    in_thread: dict[str, list[str]] = {}
    for text, thread in zip(texts, threads):
        in_thread.setdefault(thread, []).append(text)
    counts: Counter[str] = Counter()
    for first, where in firsts.items():
        alone = regex.compile(r"(?<![\w'’\-.])%s(?![\w\-]|[^\S\n]+\p{Lu})" % regex.escape(first))
        counts[first] = sum(1 for thread in where for text in in_thread.get(thread, ()) if alone.search(text))
    return counts


def add_parts(found: OtherNames, firsts: dict[str, set[str]], counts: Counter[str]) -> None:
    """The given names used alone (``count_alone``) added to the names found, tagged ``part``."""
    for first, threads in firsts.items():
        count = counts[first]
        if count:
            found.counts[first] += count
            found.tags[first] = ["part"]
            found.threads[first] = threads


