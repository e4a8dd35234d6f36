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
from collections.abc import Callable
from typing import Any, NewType, TypeVar

from nicknames.model.errors import NicknamesError

T = TypeVar("T")
R = TypeVar("R")
C = TypeVar("C")

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


def run_sealed(function: Callable[[T, C], R], item: bytes, run: str, context: bytes) -> Sealed:
    """On a worker: ``function`` of a sealed item and the run's context, sealed with how it ended.

    An error the user can fix (a bad cell in a part) comes back as a value, so
    that the driver raises it with its own one-line message: Spark would wrap it.
    """
    try:
        return seal((None, function(unseal(item), context_of(run, context))))
    except NicknamesError as error:
        return seal((error, None))


def result_of(sealed: bytes) -> Any:
    """On the driver: the result of ``run_sealed``, or the error it met raised here."""
    error, result = unseal(sealed)
    if error is not None:
        raise error
    return result
