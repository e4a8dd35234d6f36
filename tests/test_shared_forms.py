"""Forms several people claim are judged thread by thread: the counts are those of gathering every rival's threads."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.collect.absent import Rivalry
from nicknames.collect.discover import suggest
from nicknames.collect.discover.suggest import Candidate, _unshared
from nicknames.collect.discover.thread_counts import Members, ThreadCodes

PEOPLE = ["p1", "p2", "p3", "p4", "p5"]
THREADS = ["t1", "t2", "t3", "t4", "t5", "t6"]
KEYS = ["Ada", "Quill", "Ada Quill", "Addy", "Berg"]


def _gathered_count(counted: Counter[str], present: set[str], rivals: set[str], uses: Mapping[str, Counter[str]],
                    own: Mapping[str, str], forms: Mapping[str, Mapping[str, str]],
                    posted: Mapping[str, set[str]]) -> int:
    """The rule as first written: every thread of every rival gathered, then the form's threads read."""
    taken = {thread for rival in rivals for thread in posted.get(rival, ())}
    spoken = {key for rival in rivals for key in forms.get(rival, ()) if key not in own}
    taken.update(thread for key in spoken for thread in uses.get(key, ()))
    if present and not taken:
        return counted.total()
    return sum(count for thread, count in counted.items() if thread in present and thread not in taken)


def _threads() -> st.SearchStrategy[set[str]]:
    return st.sets(st.sampled_from(THREADS))


def _counts() -> st.SearchStrategy[Counter[str]]:
    return st.dictionaries(st.sampled_from(THREADS), st.integers(1, 3), min_size=1).map(Counter)


@settings(max_examples=400, deadline=None)
@given(
    posted=st.dictionaries(st.sampled_from(PEOPLE), _threads().filter(bool)),
    uses=st.dictionaries(st.sampled_from(KEYS), _counts()),
    forms=st.dictionaries(st.sampled_from(PEOPLE), st.dictionaries(st.sampled_from(KEYS), st.just("classlist"))),
    counted=_counts(),
    present=_threads(),
    rivals=st.sets(st.sampled_from(PEOPLE)),
    own=st.dictionaries(st.sampled_from(KEYS), st.just("classlist")),
)
def test_a_shared_form_counts_as_when_every_rivals_threads_are_gathered(
    posted: dict[str, set[str]], uses: dict[str, Counter[str]], forms: dict[str, dict[str, str]],
    counted: Counter[str], present: set[str], rivals: set[str], own: dict[str, str],
) -> None:
    rivalry = Rivalry.of(posted, uses, forms)
    expected = _gathered_count(counted, present, rivals, uses, own, forms, posted)
    assert rivalry.shared_count(counted, present, rivals, own) == expected


@settings(max_examples=400, deadline=None)
@given(
    active=st.lists(st.tuples(st.sampled_from(THREADS), st.sampled_from(PEOPLE)), max_size=20),
    claimants=st.sets(st.sampled_from(PEOPLE)),
    participant=st.sampled_from(PEOPLE),
)
def test_unshared_threads_are_those_where_no_other_claimant_is_active(
    active: list[tuple[str, str]], claimants: set[str], participant: str
) -> None:
    codes = ThreadCodes()
    members = Members(codes)
    for thread, person in active:
        members.add(codes.code(thread, "s1"), person)
    threads_of = {person: members.codes_of(person) for person in PEOPLE}
    candidate = Candidate(participant, "Addy", "nickname", "Addy", False)
    own = threads_of[participant]
    others = claimants - {participant}
    expected = own - set().union(*(threads_of[other] for other in others))
    assert _unshared(own, candidate, {"Addy": claimants}, members) == expected
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(suggest, "FEW_CLAIMANTS", 0)  # each thread's members read, however few the claimants
        assert _unshared(own, candidate, {"Addy": claimants}, members) == expected
