"""The compiled names of each scope, shared by the duplicate check and the substitution of a streamed apply."""

from __future__ import annotations

import pickle

from nicknames.mapping import Mapping
from nicknames.scope_cache import ScopeNamesCache


def test_a_cache_pickles_without_its_compiled_scopes() -> None:
    cache = ScopeNamesCache(Mapping({"u1": ["Rob"], "u2": ["Mary", "Rob"]}))
    assert cache.get(frozenset({"u1", "u2"})).duplicates() == {"Rob": ("u1", "u2")}
    copy = pickle.loads(pickle.dumps(cache))  # what a worker started by spawning receives
    assert copy._cache == {}
    assert copy.get(frozenset({"u1", "u2"})).duplicates() == {"Rob": ("u1", "u2")}
