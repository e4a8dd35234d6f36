"""Shared names decided across chunks: what earlier chunks' firm decisions change in a later chunk.

A chunk is substituted on its own; a message that looked up a thread/name
decision its chunk had not made is held back (``apply_chunk.Pending``). When
the chunk comes back in order, ``settle`` substitutes again those of them
whose lookup an earlier chunk had decided, and their rows are written again.
"""

from __future__ import annotations

from nicknames.apply_chunk import ChunkResult, Work, substitute
from nicknames.thread_index import OutlineContext

Decisions = dict[tuple[int, str, str], tuple[str, int]]
"""(scope, thread, name) → participant of the last firm decision, and the thread's last row in the scope."""


def settle(work: Work, first: int, result: ChunkResult, decided: Decisions) -> dict[int, str]:
    """Count the chunk's pending messages; the new texts of those that earlier chunks' decisions change.

    ``decided`` holds the last firm decision of the chunks before. A pending
    message is substituted again with what it would have seen in one pass over
    the file: this chunk's decisions before it, else the earlier chunks'.
    ``first`` is the chunk's first row. Returns new texts by message index.
    """
    own: dict[tuple[int, str], dict[str, str]] = {}
    made = iter(result.made)
    step = next(made, None)
    texts: dict[int, str] = {}
    for index, pending in sorted(result.pending.items()):
        while step is not None and step[0] < index:
            own.setdefault((step[1], step[2]), {})[step[3]] = step[4]
            step = next(made, None)
        earlier = {key: decided[(pending.scope, *key)][0] for key in pending.asked if (pending.scope, *key) in decided}
        if not earlier:
            result.counts.count(pending.mentions)
            continue
        message = pending.message
        seed = {(message.thread, name): who for name, who in own.get((pending.scope, message.thread), {}).items()}
        seed.update(earlier)
        context = OutlineContext(work.threads, {message.id: first + index}, seed)
        texts[index], mentions = substitute(work, message, pending.scope, context)
        result.counts.count(mentions)
    return texts


def new_rows(result: ChunkResult, texts: dict[int, str], text_column: int) -> dict[int, list[str]]:
    """The rows of these messages (by index in the chunk) with their new texts."""
    rows: dict[int, list[str]] = {}
    for index, text in texts.items():
        rows[index] = list(result.pending[index].cells)
        rows[index][text_column] = text
    return rows


def forget_ended(decided: Decisions, row: int) -> None:
    """Drop the decisions of threads whose last message is at or before this row: no later message asks."""
    for key in [key for key, (_, last) in decided.items() if last <= row]:
        del decided[key]
