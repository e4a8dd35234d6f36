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

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from nicknames.collect.discover.token_index import TokenIndex

MAX_SESSION_MESSAGES = 2
"""Mentions outside the participant's threads beyond which a variant is not theirs."""


@dataclass(frozen=True)
class Sessions:
    """Which session each thread is in, and who is active in each session."""

    of_thread: Mapping[str, str]
    members: dict[str, set[str]]
    """Session → participants active in it (senders, and the senders they reply to)."""

    @classmethod
    def from_index(cls, index: TokenIndex) -> Sessions:
        """The sessions the index saw."""
        return cls(index.sessions, index.participation.by_session())

    def count(
        self, occurrences: Counter[str], participant: str, own_threads: Collection[str], claimants: Collection[str]
    ) -> int:
        """Messages with the variant outside the participant's threads but in their sessions,
        in sessions where no other claimant of the variant is active; 0 above ``MAX_SESSION_MESSAGES``."""
        mine = {self.of_thread.get(thread, "") for thread in own_threads}
        rivals = set(claimants) - {participant}
        total = 0
        for thread, messages in occurrences.items():
            session = self.of_thread.get(thread, "")
            if thread not in own_threads and session in mine and not rivals & self.members.get(session, set()):
                total += messages
        return total if total <= MAX_SESSION_MESSAGES else 0
