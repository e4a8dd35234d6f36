"""Collect's single pass over the messages: salutations, class-list names and the discovery index.

Each message is read once; everything collect learns from the texts is gathered
here, and the decisions that need the whole corpus (whom a greeting addresses,
which variants to suggest) are taken afterwards from what the pass recorded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Reversible, Sequence
from dataclasses import dataclass, field

import ahocorasick_rs
import numpy as np

from nicknames.collect.discover.attribution import Greetings
from nicknames.collect.discover.lost_letters import lost_letter_words
from nicknames.collect.discover.stylised import listed_initials
from nicknames.collect.discover.thread_counts import ThreadCodes, ThreadCounts
from nicknames.collect.discover.token_index import TokenIndex
from nicknames.io.class_list import given_name
from nicknames.model.messages import Message
from nicknames.rules.introductions import introduced_names
from nicknames.rules.matcher import NameMatcher
from nicknames.rules.quotes import own_text_and_author, quote_prefixes
from nicknames.rules.salutations import Rules, greeting_names
from nicknames.rules.signature_blocks import (
    named_delimiter,
    own_name_block,
    signature_block,
)
from nicknames.rules.signoffs import (
    bare_lower_signature,
    block_full_name,
    signoff_names,
)
from nicknames.rules.spellings import spelling_keys
from nicknames.rules.word_names import used_as_person


@dataclass
class ScanStats:
    """What the pass saw, for the summary."""

    messages: int = 0
    greetings: int = 0
    signoffs: int = 0
    greetings_without_parent: int = 0
    """Greetings in messages whose parent (and so addressee) is unknown."""


_NO_RULES = Rules((), (), frozenset())


class Posts(Mapping[str, Reversible[tuple[int, str]]]):
    """Thread → its messages in file order as (position, sender), read from each message's thread and sender codes.

    The table already holds every message's thread and sender, so the pass records
    nothing for this: the messages are grouped by thread once, after the pass.
    """

    __slots__ = ("ends", "order", "sender", "senders", "threads")

    def __init__(self, thread: np.ndarray, threads: ThreadCodes, sender: np.ndarray, senders: Sequence[str]) -> None:
        self.threads = threads
        """The codes of ``thread`` (those of the pass, so that a greeting's thread is looked up by its code)."""
        self.order = np.argsort(thread, kind="stable").astype(np.int32)
        """Positions, thread by thread, in file order within each thread."""
        self.ends = np.cumsum(np.bincount(thread, minlength=len(threads.labels)))
        """Where each thread's positions end in ``order``."""
        self.sender = sender[self.order]
        """The sender of each of those positions."""
        self.senders = senders

    @classmethod
    def of_messages(cls, messages: Sequence[Message], threads: ThreadCodes | None = None) -> Posts:
        """The posts of messages held in memory, their positions counted from 0 (their threads coded by ``threads``,
        or by new codes)."""
        return cls.of_columns([m.thread for m in messages], [m.session for m in messages],
                              [m.sender for m in messages], threads)

    @classmethod
    def of_columns(cls, threads: Sequence[str], sessions: Sequence[str], senders: Sequence[str],
                   codes: ThreadCodes | None = None) -> Posts:
        """The posts of messages given by their thread, session and sender, in file order (threads coded by
        ``codes``, or by new codes)."""
        codes = codes if codes is not None else ThreadCodes()
        numbers: dict[str, int] = {}
        count = len(threads)
        thread = np.fromiter((codes.code(*pair) for pair in zip(threads, sessions)), np.int32, count)
        sender = np.fromiter((numbers.setdefault(one, len(numbers)) for one in senders), np.int32, count)
        return cls(thread, codes, sender, list(numbers))

    def __getitem__(self, thread: str) -> list[tuple[int, str]]:
        code = self.threads.code_of(thread)
        if code is None:
            raise KeyError(thread)
        return self.of_code(code)

    def of_code(self, code: int) -> list[tuple[int, str]]:
        """The posts of the thread with this code."""
        start, end = (self.ends[code - 1] if code else 0), self.ends[code]
        senders = self.senders
        return list(zip(self.order[start:end].tolist(), map(senders.__getitem__, self.sender[start:end].tolist())))

    def __iter__(self) -> Iterator[str]:
        return iter(self.threads.labels)

    def __len__(self) -> int:
        return len(self.threads.labels)


class LowerGivenNames:
    """The participants' given names in lower case (and their spellings without accents), found where a text uses
    them as a person ("tobias did", "ask greta"; ``word_names.used_as_person``): an automaton finds the few texts that
    hold one, so the rule runs on them alone."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = sorted(names)
        self._automaton = ahocorasick_rs.AhoCorasick(self.names) if self.names else None

    def as_persons(self, text: str) -> list[str]:
        """The names the text uses as a person, once per use."""
        if self._automaton is None:
            return []
        found = []
        for index, start, end in self._automaton.find_matches_as_indexes(text, overlapping=True):
            if ((start == 0 or not _word_char(text[start - 1])) and (end == len(text) or not _word_char(text[end]))
                    and used_as_person(text, start, end)):
                found.append(self.names[index])
        return found


MIN_LOWER_FORM = 5
"""The shortest name whose lower-case form the corpus's lower-case words give (shorter ones are often words: "dean",
"glen", "rob"); one letter shorter, a known given name or familiar form that no list has as a word ("dave")."""


def lower_given_names(registered: Mapping[str, Sequence[str]], known: Callable[[str], bool],
                      shortest: int = MIN_LOWER_FORM) -> frozenset[str]:
    """The registered given names (``class_list.given_name`` of each participant's registered name parts) in lower
    case, of ``shortest`` letters or more, with their spellings without accents ("tobías", "tobias"), where one of
    these spellings is ``known`` as a given name (``word_checks.plain_given_names`` asks no less of them)."""
    firsts = {given_name(parts).casefold() for parts in registered.values()}
    spelt = [{first, *spelling_keys(first)} for first in firsts if first.isalpha() and len(first) >= shortest]
    return frozenset(spelling for spellings in spelt if any(map(known, spellings)) for spelling in spellings)


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


@dataclass
class Scan:
    """Everything one pass over the messages records."""

    rules: Rules
    class_pattern: NameMatcher | None
    index: TokenIndex
    stats: ScanStats = field(default_factory=ScanStats)
    greetings: Greetings = field(init=False)
    signoffs: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(sender, name) → messages the sender signed with that name."""
    joint: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(sender, name) → messages signed with that name and another ("Ann and Ben"): one of them may not be the
    sender's."""
    introduced: Counter[tuple[str, str, bool]] = field(default_factory=Counter)
    """(sender, name, strong) → messages in which the sender gives that name for themselves ("call me Sol"; see
    ``rules.introductions``)."""
    attributed: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(parent's sender, name) → replies whose quote of the parent an attribution line gives that name ("On Mon, Ann
    Lee <…> wrote:"; see ``rules.quotes.attributed_author``)."""
    lost: Counter[str] = field(default_factory=Counter)
    """Word with a letter lost by the archive (``St?phane``) → messages it occurs in."""
    bare: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(sender, word) → messages that end in that lower-case word alone on the last line and sign with no name
    (``rules.signoffs.bare_lower_signature``): a sign-off only when it is a form of the sender's name."""
    persons: Counter[str] = field(default_factory=Counter)
    """Participant's given name in lower case → its uses as a person in chat ("tobias did", "ask greta";
    ``LowerGivenNames``): a registered given name written so is the person's though nobody signs or greets with it."""
    listed: Counter[str] = field(default_factory=Counter)
    """Initials → messages whose minutes list them among people present or absent ("Present: GV, KM, TQ";
    ``stylised.listed_initials``)."""
    prefixed: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(parent's sender, initials or name) → replies whose quote marks those open ("GV> text";
    ``quotes.quote_prefixes``)."""
    above_block: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(sender, name) → messages signed with it above a signature block, where the block's lines give no sign-off
    ("Thanks,\nhp\n-- \nHarold Penbrook\nRoom 12"; ``signature_blocks``): the last words above a block are less surely
    a sign-off ("QED.", an office's acronym under the names), so a name signed only there counts only when it is no
    doubtful one (``evidence.signoffs``)."""
    lower_given: LowerGivenNames | None = None
    """The participants' given names in lower case, looked for as persons (``persons``)."""
    full_names: Mapping[str, str] = field(default_factory=dict)
    """Participant → their registered full name (two words or more): a signature block opened by the sender's own
    name has the sign-off above it (``signature_blocks.own_name_block``)."""
    class_usage: ThreadCounts = field(init=False)
    """Registered name part → messages per thread it occurs in (thread codes of the index, four bytes a message)."""

    def __post_init__(self) -> None:
        self.greetings = Greetings(self.index.codes)
        self.class_usage = ThreadCounts(self.index.codes)

    def findings(self) -> Scan:
        """What this pass recorded, without its rules, patterns and word lists (cheap to send between processes)."""
        found = Scan(_NO_RULES, None, self.index.records(), self.stats, self.signoffs, self.joint, self.introduced,
                     self.attributed, self.lost, self.bare, self.persons, self.listed, self.prefixed, self.above_block)
        found.greetings, found.class_usage = self.greetings, self.class_usage
        return found

    def absorb(self, later: Scan) -> None:
        """Add what a pass over the messages that follow this pass's recorded.

        Absorbing the passes over consecutive chunks in file order leaves every
        count, list and key order as one pass over all of them would.
        """
        stats, other = self.stats, later.stats
        stats.messages += other.messages
        stats.greetings += other.greetings
        stats.signoffs += other.signoffs
        stats.greetings_without_parent += other.greetings_without_parent
        self.greetings.extend(later.greetings)
        self.signoffs.update(later.signoffs)
        self.joint.update(later.joint)
        self.introduced.update(later.introduced)
        self.attributed.update(later.attributed)
        self.lost.update(later.lost)
        self.bare.update(later.bare)
        self.persons.update(later.persons)
        self.listed.update(later.listed)
        self.prefixed.update(later.prefixed)
        self.above_block.update(later.above_block)
        self.class_usage.absorb(later.class_usage, self.index.codes.recode(later.index.codes))
        self.index.absorb(later.index)

    def add_all(self, first: int, messages: Sequence[Message], threads: list[int] | None = None) -> None:
        """Read messages in file order, the first at position ``first``: salutations and class-list names message by
        message, the index for all of them at once (``TokenIndex.add_all``). ``threads``: the code of each message's
        thread, when the codes of the pass are known before it."""
        if threads is None:
            codes = self.index.codes
            threads = [codes.code(message.thread, message.session) for message in messages]  # in order, as one by one
        for position, message, thread in zip(range(first, first + len(messages)), messages, threads):
            self._read_salutations(position, message, thread)
            lost = lost_letter_words(message.text)
            if lost:  # seldom: Counter.update of an empty set costs as much as the check
                self.lost.update(lost)
            listed = listed_initials(message.text)
            if listed:
                self.listed.update(set(listed))
        if self.class_pattern is not None:
            numbers: dict[str, int] = {}
            parts, part_threads = [], []
            for text, found in enumerate(self.class_pattern.names_in_texts([message.text for message in messages])):
                for part in found:
                    parts.append(numbers.setdefault(part, len(numbers)))
                    part_threads.append(threads[text])
            self.class_usage.add_all(
                list(numbers), np.asarray(parts, dtype=np.int64), np.asarray(part_threads, dtype=np.uint32)
            )
        self.index.add_all(messages, threads)

    @staticmethod
    def _block_starts(text: str, own: str | None, block: int | None) -> Iterator[int]:
        """Where a signature block starts, above which the sender signs, as far as each reading finds one: a
        delimiter (``block``, ``signature_block``: "Thanks,\nhp\n-- \nHarold Penbrook\nRoom 12"), a sign-off glued to
        one ("--Toby\n\nTobias R. Quell  | Harbour University": the block after its line), the sender's own
        registered name (``own``) opening the block ("Thanks,\n\nToby\n\nTobias R. Quell\nResearch Associate")."""
        if block is not None:
            yield block
        if (end := named_delimiter(text)) is not None:
            yield end
        if own and (start := own_name_block(text, own)) is not None:
            yield start

    def _read_block_name(self, text: str, sender: str, own: str, block: int, signed: tuple[str, ...]) -> None:
        """A full name with the sender's registered surname (``own``: their registered full name) on the first line of
        their signature block (from ``block``), other than that name, signs for them ("-- \nJohn W. Quell
        (Jay)\nAssociate Professor" for a registered Jay Quell): the formal name, or one with middle initials, that
        others quote."""
        name = block_full_name(text, block, self.rules)
        if name is not None and name != own and name not in signed and (
                name.rsplit(" ", 1)[-1].casefold() == own.rsplit(" ", 1)[-1].casefold()):
            self.signoffs[sender, name] = self.signoffs.get((sender, name), 0) + 1

    def _read_salutations(self, position: int, message: Message, thread: int) -> None:
        text, author = own_text_and_author(message.text)
        parent = message.parent_sender
        if parent is not None and parent != message.sender:
            if author is not None:
                self.attributed[parent, author] += 1
            for prefix in quote_prefixes(message.text):
                self.prefixed[parent, prefix] += 1
        stats = self.stats
        stats.messages += 1
        greeted = greeting_names(text, self.rules)
        if greeted:
            stats.greetings += 1
            stats.greetings_without_parent += message.parent_sender is None and not message.recipients
            self.greetings.add(position, thread, message.sender, message.parent_sender, greeted, message.recipients)
        signing = text
        signed = signoff_names(text, self.rules)
        own = self.full_names.get(message.sender)
        block = signature_block(text) if own is not None or not signed else None  # read once for both uses below
        if not signed:
            for end in self._block_starts(text, own, block):
                signing = text[:end]
                signed = signoff_names(signing, self.rules)
                if signed:
                    for name in signed:
                        self.above_block[message.sender, name] += 1
                    break
        if own is not None and block is not None:
            self._read_block_name(text, message.sender, own, block, signed)
        if not signed and (bare := bare_lower_signature(signing)) is not None:
            self.bare[message.sender, bare] += 1
        if signed:
            stats.signoffs += 1
            signoffs, sender = self.signoffs, message.sender
            for name in signed:  # Counter.update would first ask whether a list is a Mapping
                signoffs[sender, name] = signoffs.get((sender, name), 0) + 1
            if len(signed) > 1:
                for name in signed:
                    self.joint[sender, name] += 1
        if self.lower_given is not None and (persons := self.lower_given.as_persons(text)):
            self.persons.update(persons)
        for name, strong in introduced_names(text, self.rules):
            self.introduced[message.sender, name, strong] += 1
