"""Variants found in a participant's session but outside their own threads.

Forum posts mention classmates who never posted in the thread ("Perhaps Rich can
say more"), and such one-off mentions are often the very forms greetings and
sign-offs never show: a familiar form, a misspelling, a shared surname. A variant
that occurs nowhere in a participant's threads still counts for them in the other
threads of a session they take part in, when nobody else active in that session
could own it (no other participant has it as a name or as a candidate variant).
Such suggestions carry the ``session`` tag. Without a session column the whole
corpus is one session, and the rule asks that nobody else anywhere could own it.

Only one-off mentions count (``MAX_SESSION_MESSAGES``): a form used again and again
in a session but never where the participant is active is someone or something
else (a person not on the class list, a place). Which variants may be looked for
this way (given names and familiar forms, not surnames nor all capitals) is
decided by the caller.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from nicknames.collect.discover.token_index import TokenIndex

MAX_SESSION_MESSAGES = 2
"""Mentions outside the participant's threads beyond which a variant is not theirs."""


@dataclass(frozen=True)
class Sessions:
    """Which session each thread is in, and who is active in each session (threads by their codes)."""

    of_thread: Sequence[str]
    """The session of each thread, by code."""
    members: dict[str, set[str]]
    """Session → participants active in it (senders, and the senders they reply to)."""

    @classmethod
    def from_index(cls, index: TokenIndex) -> Sessions:
        """The sessions the index saw."""
        return cls(index.codes.sessions, index.participation.by_session())

    def count(
        self, occurrences: Mapping[int, int], participant: str, own_threads: Collection[int], claimants: Collection[str]
    ) -> int:
        """Messages with the variant (``occurrences``: messages per thread code) outside the participant's threads but
        in their sessions, in sessions where no other claimant of the variant is active; 0 above
        ``MAX_SESSION_MESSAGES``."""
        return self.count_grouped(self.grouped(occurrences), participant, own_threads, claimants)

    def grouped(self, occurrences: Mapping[int, int]) -> dict[str, list[tuple[int, int]]]:
        """Session → the (thread code, messages) of the occurrences in its threads: what ``count_grouped`` reads, made
        once for a variant that many participants may own."""
        of_thread = self.of_thread
        found: dict[str, list[tuple[int, int]]] = {}
        for thread, messages in occurrences.items():
            found.setdefault(of_thread[thread], []).append((thread, messages))
        return found

    def count_grouped(self, grouped: Mapping[str, list[tuple[int, int]]], participant: str,
                      own_threads: Collection[int], claimants: Collection[str]) -> int:
        """``count`` of the occurrences grouped by session (``grouped``): only those of the participant's open sessions
        are read, not all of a common form's. (Each thread counts one message or more, so a sum above the bound was
        above it at any point.)"""
        of_thread, members, alone = self.of_thread, self.members, {participant}
        # A session is open when the claimants active in it are the participant at most (read with its few members:
        # a common form has hundreds of claimants).
        claimed = claimants if isinstance(claimants, (set, frozenset)) else frozenset(claimants)
        open_sessions = {session for session in set(map(of_thread.__getitem__, own_threads))
                         if claimed.intersection(members.get(session, ())) <= alone}
        total = sum(messages for session in open_sessions for thread, messages in grouped.get(session, ())
                    if thread not in own_threads)
        return 0 if total > MAX_SESSION_MESSAGES else total
