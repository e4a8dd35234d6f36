"""The compiled names of each scope of a streamed apply, built from the scope's active participants only."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import numpy as np
import pandas as pd

from nicknames.apply import Duplicate
from nicknames.mapping import KEEP, Mapping
from nicknames.substitute import ScopeNames, scope_names, scope_owners, shared_names


class ScopeNamesCache:
    """``scope_names`` for many scopes of one mapping, each built from the active participants only.

    Streamed apply fills it in the main process (the duplicate check reads every
    scope) before the workers fork, so each scope is compiled once in all.
    """

    def __init__(self, mapping: Mapping, limit: int = 4096) -> None:
        self.mapping = mapping
        self.position = {key: index for index, key in enumerate(mapping.entries)}
        self.limit = limit
        self._cache: dict[frozenset[str], ScopeNames] = {}

    def get(self, active: frozenset[str]) -> ScopeNames:
        """The compiled names of the scope where these participants are active."""
        names = self._cache.get(active)
        if names is None:
            if len(self._cache) >= self.limit:
                self._cache.clear()
            names = self._cache[active] = scope_names(self._restricted(active), active)
        return names

    def duplicates(self, active: frozenset[str]) -> dict[str, tuple[str, ...]]:
        """``get(active).duplicates()``, without compiling the scope's names when they are not cached."""
        names = self._cache.get(active)
        if names is not None:
            return names.duplicates()
        return shared_names(scope_owners(self._restricted(active), active)[0])

    def _restricted(self, active: Collection[str]) -> Mapping:
        """The mapping reduced to the keep list and the active participants, in file order."""
        keys = sorted((key for key in active if key in self.position and key != KEEP), key=self.position.__getitem__)
        restricted = Mapping()
        if KEEP in self.mapping.entries:
            restricted.entries[KEEP] = self.mapping.entries[KEEP]
        restricted.entries.update((key, self.mapping.entries[key]) for key in keys)
        return restricted

    def __getstate__(self) -> dict[str, object]:
        """What a worker started by pickling gets: the compiled scopes are rebuilt there as needed."""
        return {**self.__dict__, "_cache": {}}


def scope_duplicates(
    cache: ScopeNamesCache, codes: np.ndarray, labels: Sequence[str], active: list[frozenset[str]]
) -> list[Duplicate]:
    """Names shared by participants active in one scope, scopes in order of their first message.

    When every scope fits in the cache, each is compiled here, before the workers fork, so that they share it;
    else (one scope a thread, say) the names are read without compiling them, and each worker compiles the
    scopes of its chunks as it meets them.
    """
    duplicates: list[Duplicate] = []
    scopes = pd.unique(codes).tolist()
    compile_all = len(scopes) <= cache.limit
    for code in scopes:
        owners = cache.get(active[code]).duplicates() if compile_all else cache.duplicates(active[code])
        duplicates.extend(Duplicate(labels[code], name, participants) for name, participants in owners.items())
    return duplicates
