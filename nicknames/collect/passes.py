"""Collect's passes over the texts after the scan, run by run where the texts are, and added up on the driver.

The driver holds what every message says without its text (``TableIds``: sender,
thread, session, recipients), which gives the posts of each thread and the
threads each participant posts in. What needs the texts is read run by run
(``nicknames.collect.runs``): the uses of the forms of registered people who
post nothing (``absent_uses``), then the names of people who are not
participants (``others_in_runs``) and the given names of those used alone. The
results are added up in file order, so the mapping is the one a single pass
over the messages held in memory gives.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.other_names import Known, OtherNames
from nicknames.collect.discover.others import (
    add_parts,
    alone_firsts,
    count_alone,
    gather_others,
    names_in_texts,
)
from nicknames.collect.discover.thread_counts import ThreadCodes
from nicknames.collect.form_uses import FormUses
from nicknames.collect.runs import MessageRuns
from nicknames.collect.scan import Posts
from nicknames.model.messages import Message, MessageTable, split_ids
from nicknames.model.reply_context import shared_cells
from nicknames.rules.matcher import NameMatcher, compile_names


@dataclass(frozen=True)
class TableIds:
    """What the driver knows of each message without its text, in file order (its sessions and recipients are read
    when asked for, not kept)."""

    table: MessageTable
    senders: list[str]

    @classmethod
    def of(cls, table: MessageTable) -> TableIds:
        """The ids of a table's messages (its texts may be held elsewhere: they are not read)."""
        return cls(table, shared_cells(table.frame[table.columns.sender]))

    @functools.cached_property
    def threads(self) -> list[str]:
        """The thread of each message (read once from a table that holds them as a column)."""
        return self.table.reply_lists()[1]

    def addressed(self) -> dict[str, None]:
        """The participants who send or receive messages, senders first, in order of first appearance."""
        frame, column = self.table.frame, self.table.columns.recipients
        recipients = frame[column].tolist() if column else []
        return dict.fromkeys(self.senders) | dict.fromkeys(pid for cell in recipients for pid in split_ids(cell))

    def posts(self, codes: ThreadCodes) -> Posts:
        """The posts of each thread (threads coded by ``codes``, those of the scan)."""
        frame, column = self.table.frame, self.table.columns.session_id
        sessions = shared_cells(frame[column]) if column else [""] * len(frame)
        return Posts.of_columns(self.threads, sessions, self.senders, codes)

    def posted(self) -> dict[str, set[str]]:
        """Participant → the threads they post in."""
        posted: dict[str, set[str]] = {}
        for sender, thread in zip(self.senders, self.threads):
            posted.setdefault(sender, set()).add(thread)
        return posted


@dataclass(frozen=True)
class FormSearch:
    """The forms whose uses a pass counts; compiled once in each worker, not sent compiled."""

    keys: frozenset[str]

    @functools.cached_property
    def matcher(self) -> NameMatcher | None:
        """The forms, compiled."""
        return compile_names(self.keys)

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state.pop("matcher", None)  # compiled again where the search is unpickled
        return state


def form_uses_run(first: int, messages: Sequence[Message], search: FormSearch) -> FormUses:
    """The uses of the forms in one run of messages."""
    return FormUses.found_by(messages, search.matcher)


def absent_uses(runs: MessageRuns, keys: frozenset[str]) -> FormUses:
    """The uses of the forms in every message, run by run, added up in file order."""
    uses = FormUses()
    for found in runs.map_runs(form_uses_run, FormSearch(keys)):
        uses.absorb(found)
    return uses


def others_run(first: int, messages: Sequence[Message], context: tuple[Known, Lexicon]) -> list[list[tuple[str, str]]]:
    """The names of people who are not participants in each message of a run."""
    known, lexicon = context
    return names_in_texts([message.text for message in messages], known, lexicon)


def alone_run(first: int, messages: Sequence[Message], firsts: dict[str, set[str]]) -> Counter[str]:
    """The messages of a run that use a full name's given name alone in the full name's threads."""
    return count_alone([message.text for message in messages], [message.thread for message in messages], firsts)


def others_in_runs(runs: MessageRuns, known: Known, lexicon: Lexicon, ids: TableIds) -> OtherNames:
    """``find_others`` over the messages run by run: the same names, counts and tags."""
    found = gather_others(runs.map_runs(others_run, (known, lexicon)), ids.threads, ids.senders, known.registered)
    firsts = alone_firsts(found, known, lexicon)
    counts: Counter[str] = Counter()
    if firsts:
        for counted in runs.map_runs(alone_run, firsts):
            counts.update(counted)
    add_parts(found, firsts, counts)
    return found
