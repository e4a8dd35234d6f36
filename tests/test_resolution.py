"""Deciding who a shared name stands for, mention by mention (table-driven)."""

from __future__ import annotations

import pytest

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.resolution import NamesOf, ThreadContext, Unresolved, Zone, decide
from nicknames.apply.scope_names import scope_names
from nicknames.apply.substitute import substitute_batch
from nicknames.model.mapping import Mapping
from nicknames.model.messages import Message

CANDIDATES = ("A", "B")


def _message(sender: str = "S", parent: str | None = None, thread: str = "t", mid: str = "m") -> Message:
    return Message(mid, sender, "text", parent, thread, "s")


@pytest.mark.parametrize(
    ("sender", "parent", "zone", "expected", "rule"),
    [
        ("A", None, Zone.SIGNOFF, "A", "signoff"),  # a sender signs with their own name
        ("B", "A", Zone.SIGNOFF, "B", "signoff"),  # ... even in a reply to the other one
        ("S", "B", Zone.GREETING, "B", "greeting"),  # a greeting names the parent's sender
        ("S", "B", Zone.BODY, "B", "parent"),  # a reply most often talks about its parent's sender
        ("S", "A", Zone.SIGNOFF, "A", "parent"),  # sender not a candidate: the reply rule still holds
        ("A", None, Zone.BODY, "B", "other"),  # outside the sign-off, not the sender
        ("A", None, Zone.GREETING, "B", "other"),
        ("A", "B", Zone.INTRO, "A", "intro"),  # the sender gives the name for themselves, even in a reply
        ("S", "B", Zone.INTRO, "B", "parent"),  # the sender is no candidate: the reply rule holds
    ],
)
def test_message_evidence(sender: str, parent: str | None, zone: Zone, expected: str, rule: str) -> None:
    message = _message(sender, parent)
    decision = decide("Mary", CANDIDATES, message, zone, ThreadContext.of([message]), {})
    assert (decision.participant, decision.rule) == (expected, rule)
    assert decision.confidence > 0 and not decision.for_review


@pytest.mark.parametrize(
    ("recipients", "zone", "expected", "rule"),
    [
        (("B", "X"), Zone.GREETING, "B", "recipient"),  # mail: the one candidate the message went to
        (("B",), Zone.BODY, "B", "recipient"),
        (("A", "B"), Zone.GREETING, None, "skip"),  # both received it: no evidence
    ],
)
def test_recipients(recipients: tuple[str, ...], zone: Zone, expected: str | None, rule: str) -> None:
    message = Message("m", "S", "text", None, "t", "s", recipients)
    decision = decide("Mary", CANDIDATES, message, zone, ThreadContext(), {}, Unresolved.skip)
    assert (decision.participant, decision.rule) == (expected, rule)


def test_only_owner_needs_no_evidence() -> None:
    decision = decide("Mary", ("A",), _message(), Zone.BODY, ThreadContext(), {})
    assert (decision.participant, decision.rule, decision.confidence) == ("A", "only", 1.0)


def test_thread_evidence_in_order() -> None:
    # Thread t: A posts, then S replies to A greeting "Mary" (decided A by greeting), then S mentions Mary
    # in a new message with no parent: the earlier decision in the thread carries over.
    first, second, third = _message("A", mid="1"), _message("S", "A", mid="2"), _message("S", mid="3")
    context = ThreadContext.of([first, second, third])
    assert decide("Mary", CANDIDATES, second, Zone.GREETING, context, {}).rule == "greeting"
    decision = decide("Mary", CANDIDATES, third, Zone.BODY, context, {})
    assert (decision.participant, decision.rule) == ("A", "addressed")


@pytest.mark.parametrize(
    ("posts", "expected", "rule"),
    [
        ([("B", "1"), ("S", "m")], "B", "thread"),  # only B takes part in the thread
        ([("A", "1"), ("B", "2"), ("S", "m")], "B", "recent"),  # both do: the one who posted last before
        ([("B", "1"), ("A", "2"), ("S", "m")], "A", "recent"),
        ([("S", "m"), ("A", "3"), ("B", "4")], None, None),  # both post only after: no evidence
    ],
)
def test_thread_membership_and_recency(posts: list[tuple[str, str]], expected: str | None, rule: str | None) -> None:
    messages = [_message(sender, mid=mid) for sender, mid in posts]
    context = ThreadContext.of(messages)
    decision = decide("Mary", CANDIDATES, _message("S"), Zone.BODY, context, {}, Unresolved.skip)
    if expected is None:
        assert (decision.participant, decision.rule) == (None, "skip")
    else:
        assert (decision.participant, decision.rule) == (expected, rule)


@pytest.mark.parametrize(
    ("policy", "counts", "expected", "rule"),
    [
        (Unresolved.first, {}, "A", "first"),  # the paper's rule: first in the mapping
        (Unresolved.first, {("B", "Mary"): 5, ("A", "Mary"): 1}, "B", "first"),  # ... after the most frequent user
        (Unresolved.mark, {}, None, "mark"),
        (Unresolved.skip, {}, None, "skip"),
    ],
)
def test_policy_without_evidence(
    policy: Unresolved, counts: dict[tuple[str, str], int], expected: str | None, rule: str
) -> None:
    decision = decide("Mary", CANDIDATES, _message(), Zone.BODY, ThreadContext(), counts, policy)
    assert (decision.participant, decision.rule, decision.confidence) == (expected, rule, 0.0)
    assert decision.for_review


@pytest.mark.parametrize(
    ("policy", "expected"),
    [(Unresolved.first, "Ask [A] about it"), (Unresolved.mark, "Ask [A|B] about it"), (Unresolved.skip, "Ask Mary about it")],
)
def test_policy_in_substitution(policy: Unresolved, expected: str) -> None:
    names = scope_names(Mapping({"A": ["Mary"], "B": ["Mary"], "S": []}), {"A", "B", "S"})
    texts, records = substitute_batch([Message("m", "S", "Ask Mary about it", None, "t", "s")], names,
                                      IdTemplate(), unresolved=policy)
    assert texts == [expected]
    assert [r.for_review for r in records] == [True]


def test_records_carry_evidence_and_confidence() -> None:
    names = scope_names(Mapping({"A": ["Mary"], "B": ["Mary"]}), {"A", "B"})
    messages = [Message("1", "A", "Hello all\nA question.\nMary", None, "t", "s")]
    _, [record] = substitute_batch(messages, names, IdTemplate())
    assert (record.participant, record.rule, record.confidence) == ("A", "signoff", 0.95)
    assert "sign-off" in record.evidence and record.candidates == ("A", "B")


@pytest.mark.parametrize(
    ("named", "expected", "rule"),
    [
        ({"B"}, "B", "named"),  # the thread named B by a name only B has
        ({"A", "B"}, None, "skip"),  # both named: no evidence from it
        ({"X"}, None, "skip"),  # somebody else
    ],
)
def test_named_earlier_in_the_thread(named: set[str], expected: str | None, rule: str) -> None:
    context = ThreadContext(named={"t": named})
    decision = decide("Mary", CANDIDATES, _message("S", mid="m"), Zone.BODY, context, {}, Unresolved.skip)
    assert (decision.participant, decision.rule) == (expected, rule)


@pytest.mark.parametrize(
    ("posts", "expected"),
    [
        # a full name only one of the file's people has, then the shared given name: theirs, though the other
        # owner of the given name is the one active in the scope
        ([("S", None, "Ask Mary Quell.")], ["Ask [Q]."]),
        ([("S", None, "Ask Mary Quell."), ("S", None, "Mary agreed.")], ["Ask [Q].", "[Q] agreed."]),
        ([("S", None, "Ask Mary Quell. Mary agreed.")], ["Ask [Q]. [Q] agreed."]),
        ([("S", None, "Mary agreed."), ("S", None, "Ask Mary Quell.")], ["[A] agreed.", "Ask [Q]."]),  # before only
        ([("Q", None, "Hi all,\nyes.\nMary Quell"), ("Q", None, "I think Mary agreed.")],  # signing names nobody
         ["Hi all,\nyes.\n[Q]", "I think [A] agreed."]),
        ([("S", None, "Ask Mary Quell."), ("S", "A", "Hi Mary,\nyes.")], ["Ask [Q].", "Hi [A],\nyes."]),  # greeting
    ],
)
def test_a_name_of_somebody_named_in_the_thread(
    posts: list[tuple[str, str | None, str]], expected: list[str]
) -> None:
    mapping = Mapping({"A": ["Mary"], "Q": ["Mary", "Mary Quell"], "S": []})
    names = scope_names(mapping, {"A", "S"}, NamesOf.everyone)
    messages = [Message(str(i), sender, text, parent, "t", "s") for i, (sender, parent, text) in enumerate(posts)]
    assert substitute_batch(messages, names, IdTemplate())[0] == expected


JONASES = Mapping({"u1": ["Jonas", "Quell", "Jonas Quell"], "u2": ["Jonas", "Wrenfield", "Jonas Wrenfield", "Jonas W"],
                   "u3": ["Greta"]})


@pytest.mark.parametrize(
    ("text", "parent", "expected"),
    [
        # an initial after a shared name tells the namesakes apart, before the greeting's rule, and goes with it
        ("Hi Jonas (Q),\n\nyes.\n\nGreta", "u2", ("Hi [u1],\n\nyes.\n\n[u3]", "initial")),
        ("Hi Jonas (W),\n\nyes.\n\nGreta", "u1", ("Hi [u2],\n\nyes.\n\n[u3]", "initial")),
        ("I agree with Jonas Q. here.\nmore\nmore of the text\nGreta", "u2",
         ("I agree with [u1] here.\nmore\nmore of the text\n[u3]", "initial")),
        # an initial of nobody's other name, or of both, decides nothing: the context does, and it stays
        ("Hi Jonas (X),\nok\nGreta", "u2", ("Hi [u2] (X),\nok\n[u3]", "greeting")),
        ("Hi Jonas (J),\nok\nGreta", "u2", ("Hi [u2] (J),\nok\n[u3]", "greeting")),
        ("Hi Jonas Q. Wrenfield,\nok\nGreta", "u2", ("Hi [u2],\nok\n[u3]", "greeting")),  # a middle initial
        ("I met Jonas Q.\nIngridsen today.\nmore\nmore of the text\nGreta", "u2",  # ... before a wrapped surname
         ("I met [u2] Q.\nIngridsen today.\nmore\nmore of the text\n[u3]", "greeting")),
    ],
)
def test_an_initial_after_a_shared_name_decides_it(text: str, parent: str, expected: tuple[str, str]) -> None:
    message = Message("m1", "u3", text, parent, "t", "s")
    texts, records = substitute_batch([message], scope_names(JONASES, {"u1", "u2", "u3"}), IdTemplate())
    assert (texts[0], records[0].rule) == expected
