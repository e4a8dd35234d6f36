"""Decide, mention by mention, which participant a shared name stands for.

A name that belongs to several participants active in one scope (two Marys in
one session) is a duplicate. Each of its mentions is decided from evidence in
order of strength; the first rule that picks exactly one candidate wins:

==================  ==========  ==============================================================
rule                confidence  evidence
==================  ==========  ==============================================================
``initial``         0.95        an initial after it opens another name of one candidate
                                ("Jonas (Q)", "Jonas Q.")
``signoff``         0.95        the mention is in the sign-off and the sender is a candidate
``greeting``        0.95        the mention is in the greeting and the parent's sender is one
``parent``          0.80        the message replies to a candidate (mention after the greeting)
``recipient``       0.75        exactly one candidate is among the message's recipients (mail)
``addressed``       0.70        earlier in the thread this name was decided for one candidate
``other``           0.65        outside the sign-off, the one candidate who is not the sender
``thread``          0.60        exactly one candidate takes part in the thread
``recent``          0.50        of the candidates in the thread, the one who posted last before
``named``           0.45        earlier in the thread one candidate alone was named by a name only they have
==================  ==========  ==============================================================

A mention none of these decide follows the ``Unresolved`` policy: ``first``
(the candidate who uses the name most often, ties to the first in the mapping:
the paper's rule), ``mark`` (all candidates, e.g. ``[U12|U43]``) or ``skip``
(left as written). Those mentions are flagged for review either way.

A name one participant alone has is theirs (``only``, confidence 1.0); with
``apply --names-of everyone`` a name that no participant active in the scope
has, and one participant of the file has, is theirs too (``file``, 0.9): a
registered person who receives the mail or posts in another session. A name
several such participants share goes through the rules above. So does a name
of one active participant when the thread has named another participant of
the file who has it too by a name only that one has ("Tobias Quell ... Tobias"
where a Tobias Brandt posts): both are candidates, and ``named`` or a stronger
rule decides.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for annotations: the table module loads pandas
    from nicknames.model.messages import Message

CONFIDENCE = {
    "only": 1.0,
    "file": 0.9,
    "initial": 0.95,
    "signoff": 0.95,
    "greeting": 0.95,
    "intro": 0.95,
    "parent": 0.80,
    "recipient": 0.75,
    "addressed": 0.70,
    "other": 0.65,
    "thread": 0.60,
    "recent": 0.50,
    "named": 0.45,
    "first": 0.0,
    "mark": 0.0,
    "skip": 0.0,
}
"""How sure each rule is that it picked the right participant (0 = no deciding evidence)."""

ONLY_EVIDENCE = "the only active participant with this name"
"""The evidence of rule ``only``."""
FILE_EVIDENCE = "the only participant of the file with this name, none of them active in the scope"
"""The evidence of rule ``file`` (``apply --names-of everyone``)."""

DECIDING = ("initial", "signoff", "greeting", "intro", "parent", "recipient", "addressed", "other", "thread", "recent",
            "named")
"""The context rules, strongest first."""

FIRM = ("initial", "signoff", "greeting", "intro", "parent", "recipient")
"""Rules whose decision later mentions of the name in the same thread follow (``addressed``)."""


class Unresolved(str, enum.Enum):
    """What to do with a shared name when no context decides who it is."""

    first = "first"
    mark = "mark"
    skip = "skip"


class NamesOf(str, enum.Enum):
    """Whose names are replaced in a scope.

    ``active``: only the names of participants active in the scope (the paper's
    rule). ``everyone``: also the names of every other participant of the
    mapping (registered people who receive the mail or post elsewhere in the
    file), where no active participant has the name: a name one of them alone
    has is theirs, a name several of them share goes through the shared-name
    rules (``nicknames.apply.resolution``).
    """

    everyone = "everyone"
    active = "active"


class Zone(enum.Enum):
    """Where in its message a mention stands."""

    GREETING = "greeting"
    BODY = "body"
    SIGNOFF = "signoff"
    INTRO = "intro"
    """Where the sender gives their own name, on the first line or in the body ("Hi all, I'm Sol";
    ``rules.introductions``)."""


@dataclass(frozen=True)
class Decision:
    """Who a mention stands for (None when marked or skipped), by which rule, and why."""

    participant: str | None
    rule: str
    evidence: str

    @property
    def confidence(self) -> float:
        """The confidence of the rule that decided."""
        return CONFIDENCE[self.rule]

    @property
    def for_review(self) -> bool:
        """True when no context decided and a person should look at the mention."""
        return self.rule in ("first", "mark", "skip")


@dataclass
class ThreadContext:
    """What the messages of a batch tell about each thread: who takes part, who posted when.

    ``addressed`` is filled as mentions are decided, in message order, so a later
    mention of the same name in the thread can follow an earlier firm decision.
    """

    members: dict[str, set[str]] = field(default_factory=dict)
    posts: dict[str, list[str]] = field(default_factory=dict)
    """Thread → message ids in batch order (to find who posted last before a message)."""
    senders: dict[str, str] = field(default_factory=dict)
    addressed: dict[tuple[str, str], str] = field(default_factory=dict)
    named: dict[str, set[str]] = field(default_factory=dict)
    """Thread → participants named so far by a name only they have in the file (filled as mentions are replaced)."""

    @classmethod
    def of(cls, messages: Iterable[Message]) -> ThreadContext:
        """The thread context of a batch of messages (in file order)."""
        context = cls()
        for message in messages:
            members = context.members.setdefault(message.thread, set())
            members.add(message.sender)
            if message.parent_sender:
                members.add(message.parent_sender)
            members.update(message.recipients)
            context.posts.setdefault(message.thread, []).append(message.id)
            context.senders[message.id] = message.sender
        return context

    def thread_members(self, message: Message) -> Collection[str]:
        """The participants taking part in the message's thread."""
        return self.members.get(message.thread, ())

    def earlier_senders(self, message: Message) -> list[str]:
        """Senders of the thread's messages before this one, latest first."""
        posts = self.posts.get(message.thread, [])
        index = posts.index(message.id) if message.id in posts else len(posts)
        return [self.senders[post] for post in reversed(posts[:index])]


def decide(
    name: str,
    candidates: Sequence[str],
    message: Message,
    zone: Zone,
    context: ThreadContext,
    counts: dict[tuple[str, str], int],
    unresolved: Unresolved = Unresolved.first,
    initialled: Sequence[str] = (),
) -> Decision:
    """Decide one mention of a name: by context when it decides, else by the ``unresolved`` policy.

    ``initialled``: the candidates of whom another name opens with the initial written right after the mention
    ("Jonas (Q)", "Jonas Q." for a Jonas Quell): one of them alone is the one meant."""
    if len(candidates) == 1:
        return Decision(candidates[0], "only", ONLY_EVIDENCE)
    decision = (Decision(initialled[0], "initial", f"the initial after it opens another name of {initialled[0]}")
                if len(initialled) == 1 else _by_context(name, candidates, message, zone, context))
    if decision is None:
        return _fallback(name, candidates, counts, unresolved)
    if decision.rule in FIRM:
        context.addressed[(message.thread, name)] = decision.participant or ""
    return decision


def _by_context(
    name: str, candidates: Sequence[str], message: Message, zone: Zone, context: ThreadContext
) -> Decision | None:
    sender, parent = message.sender, message.parent_sender
    if zone is Zone.SIGNOFF and sender in candidates:
        return Decision(sender, "signoff", f"in the sign-off of {sender}'s own message")
    if zone is Zone.INTRO and sender in candidates:
        return Decision(sender, "intro", f"{sender} gives it for themselves ('my name is', 'call me')")
    if zone is Zone.GREETING and parent in candidates:
        return Decision(parent, "greeting", f"in the greeting of a reply to {parent}")
    if parent in candidates:
        return Decision(parent, "parent", f"in a reply to {parent}, outside the greeting")
    recipients = [p for p in candidates if p in message.recipients and p != sender]
    if len(recipients) == 1:
        return Decision(recipients[0], "recipient", f"{recipients[0]} is the one candidate the message was sent to")
    earlier = context.addressed.get((message.thread, name))
    if earlier in candidates:
        return Decision(earlier, "addressed", f"decided for {earlier} earlier in thread {message.thread}")
    others = [p for p in candidates if p != sender]
    if len(others) == 1:
        return Decision(others[0], "other", f"not in the sign-off, and the other candidate is the sender {sender}")
    taking_part = context.thread_members(message)
    members = [p for p in others if p in taking_part]
    if len(members) == 1:
        return Decision(members[0], "thread", f"the only candidate taking part in thread {message.thread}")
    for poster in context.earlier_senders(message):
        if poster in members:
            return Decision(poster, "recent", f"the candidate who posted last before, in thread {message.thread}")
    spoken = context.named.get(message.thread, ())
    named = [p for p in candidates if p in spoken]
    if len(named) == 1:
        return Decision(named[0], "named", f"named earlier in thread {message.thread} by a name only they have")
    return None


def _fallback(
    name: str, candidates: Sequence[str], counts: dict[tuple[str, str], int], unresolved: Unresolved
) -> Decision:
    listed = ", ".join(candidates)
    if unresolved is Unresolved.mark:
        return Decision(None, "mark", f"no context decides between {listed}: marked")
    if unresolved is Unresolved.skip:
        return Decision(None, "skip", f"no context decides between {listed}: left as written")
    best = max(candidates, key=lambda participant: counts.get((participant, name), 0))
    if counts.get((best, name), 0) > min(counts.get((p, name), 0) for p in candidates):
        return Decision(best, "first", f"no context decides between {listed}: {best} uses the name most")
    return Decision(candidates[0], "first", f"no context decides between {listed}: first in the mapping")
