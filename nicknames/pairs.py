"""Who is active where: the distinct (scope, participant) pairs of a file's messages, from the outline's codes.

A participant is active in a scope (a thread, a session) where they send a
message or where a message replies to them. The pairs are gathered a step of
messages at a time, so that a file's pairs take memory, not a copy of every
message's codes.
"""

from __future__ import annotations

import numpy as np

from nicknames.disk_arrays import forget_pages

STEP = 2**16
"""Messages read at a time (the arrays of a step are a few hundred KB)."""


def member_pairs(scope: np.ndarray, sender: np.ndarray, parent_sender: np.ndarray, members: int,
                 scopes: int | None = None, among: range | None = None) -> np.ndarray:
    """The distinct ``scope * members + member`` of every message's sender and parent's sender (-1: none), sorted;
    given the number of ``scopes``, ``member * scopes + scope`` instead (the pairs member by member); ``among``:
    only the pairs of the members with these codes."""
    found = [np.zeros(0, dtype=np.int64)]
    for start in range(0, len(scope), STEP):
        parent = parent_sender[start : start + STEP]
        replies = parent >= 0
        mine = np.concatenate([sender[start : start + STEP], parent[replies]]).astype(np.int64)
        where = scope[start : start + STEP].astype(np.int64)
        where = np.concatenate([where, where[replies]])
        if among is not None:
            wanted = (mine >= among.start) & (mine < among.stop)
            mine, where = mine[wanted], where[wanted]
        found.append(np.unique(where * members + mine if scopes is None else mine * scopes + where))
        forget_pages(scope, sender, parent_sender)  # read once: a long file's pages would add up in this process
    pairs = np.concatenate(found)
    del found
    return distinct(pairs)


def distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values, sorted: ``np.unique`` that sorts the array given in place rather than a copy of it."""
    values.sort()
    if len(values) < 2:
        return values
    keep = np.empty(len(values), dtype=bool)
    keep[0] = True
    np.not_equal(values[1:], values[:-1], out=keep[1:])
    return values[keep]
