"""Audit a long output a chunk of messages at a time, in worker processes, with the findings of one pass."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TypeVar

from nicknames.audit import AuditPart, AuditResult, AuditTally, NameIndex, audit_part
from nicknames.parallel import ordered_map
from nicknames.worker_progress import Progress, advance

CHUNK_MESSAGES = 5_000
"""Messages per chunk handed to a worker."""

T = TypeVar("T")

_index: NameIndex | None = None
_near = True
_cache: dict[str, str | None] = {}


def audit_in_chunks(messages: Iterable[tuple[str, str]], index: NameIndex, near: bool = True, jobs: int = 1,
                    progress: Progress | None = None, size: int | None = None) -> AuditResult:
    """``audit_messages`` over chunks (``CHUNK_MESSAGES`` by default) in ``jobs`` processes: the same findings in
    the same order for any number."""
    tally = AuditTally(index)
    chunks = batches(messages, size or CHUNK_MESSAGES)
    for part in ordered_map(_audit_chunk, chunks, jobs, _start_worker, (index, near)):
        tally.absorb(part)
        advance(progress, part.messages)
    return tally.result()


def batches(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """Consecutive lists of ``size`` items (the last one shorter)."""
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


def _start_worker(index: NameIndex, near: bool) -> None:
    global _index, _near
    _index, _near = index, near
    _cache.clear()


def _audit_chunk(messages: list[tuple[str, str]]) -> AuditPart:
    assert _index is not None, "the worker was not started"
    return audit_part(messages, _index, _near, _cache)
