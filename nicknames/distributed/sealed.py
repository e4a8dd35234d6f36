"""What goes to and from a cluster's workers, as compressed pickles: no name shows in a scheduler's or worker's log.

Dask logs a task's arguments when it fails and an object's ``repr`` when it
cannot be serialised; both would print real names (a mapping, message texts).
A sealed value is opaque bytes to the cluster: compressed, so that its text is
not readable in a log either. It is not encryption: the workers see the names
(see docs/distributed.md, the trust boundary).
"""

from __future__ import annotations

import pickle
import zlib
from typing import Any, NewType

Sealed = NewType("Sealed", bytes)
"""A value pickled and compressed for a worker."""

_OPENED: dict[str, Any] = {}
"""In a worker: the context of each run, unsealed once (run id → value)."""
_KEPT = 4
"""Contexts a worker keeps: enough for the runs of one command, few enough to drop the names of old runs."""


def seal(value: object) -> Sealed:
    """The value as compressed pickle bytes (level 1: fast; texts still shrink about three times)."""
    return Sealed(zlib.compress(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), 1))


def unseal(sealed: bytes) -> Any:
    """The value of ``seal``."""
    return pickle.loads(zlib.decompress(sealed))


def context_of(run: str, sealed: bytes) -> Any:
    """The context of a run, unsealed once per worker process and kept for the run's other partitions."""
    if run not in _OPENED:
        while len(_OPENED) >= _KEPT:
            _OPENED.pop(next(iter(_OPENED)))
        _OPENED[run] = unseal(sealed)
    return _OPENED[run]
