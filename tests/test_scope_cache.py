"""The compiled names of each scope, shared by the duplicate check and the substitution of a streamed apply."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from nicknames.mapping import Mapping
from nicknames.scope_cache import ScopeNamesCache, scope_duplicates


def test_a_cache_pickles_without_its_compiled_scopes() -> None:
    cache = ScopeNamesCache(Mapping({"u1": ["Rob"], "u2": ["Mary", "Rob"]}))
    assert cache.get(frozenset({"u1", "u2"})).duplicates() == {"Rob": ("u1", "u2")}
    copy = pickle.loads(pickle.dumps(cache))  # what a worker started by spawning receives
    assert copy._cache == {}
    assert copy.get(frozenset({"u1", "u2"})).duplicates() == {"Rob": ("u1", "u2")}


MAPPING = Mapping({"u1": ["Rob", "Sam"], "u2": ["Mary", "Rob", "MJ"], "u3": ["Sam", "Mary Jane"], "u4": ["Sam"]},
                  keep=["Arthur C. Clarke"])


@pytest.mark.parametrize("active", [
    frozenset(), frozenset({"u1"}), frozenset({"u1", "u2"}), frozenset({"u1", "u3", "u4"}),
    frozenset({"u1", "u2", "u3", "u4"}), frozenset({"u2", "nobody"}),
])
def test_duplicates_without_compiling_are_those_of_the_compiled_scope(active: frozenset[str]) -> None:
    compiled = ScopeNamesCache(MAPPING).get(active).duplicates()
    cache = ScopeNamesCache(MAPPING)
    assert cache.duplicates(active) == compiled
    assert cache._cache == {}


def test_scopes_too_many_to_keep_are_not_compiled_for_the_duplicate_check() -> None:
    active = [frozenset({"u1", "u2"}), frozenset({"u3", "u4"}), frozenset({"u1", "u3", "u4"})]
    codes = np.array([2, 0, 1, 0, 2], dtype=np.int32)
    labels = ["t0", "t1", "t2"]
    roomy, tight = ScopeNamesCache(MAPPING), ScopeNamesCache(MAPPING, limit=2)
    found = scope_duplicates(roomy, codes, labels, active)
    assert [(d.scope, d.name, d.participants) for d in found] == [
        ("t2", "Sam", ("u1", "u3", "u4")), ("t0", "Rob", ("u1", "u2")), ("t1", "Sam", ("u3", "u4"))]
    assert scope_duplicates(tight, codes, labels, active) == found
    assert len(roomy._cache) == 3 and tight._cache == {}
