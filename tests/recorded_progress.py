"""A progress display that records what a streamed command tells it, in order."""

from __future__ import annotations


class RecordedProgress:
    """What apply or collect tells its progress display, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def start(self, total: int) -> None:
        self.events.append(("start", total))

    def advance(self, done: int) -> None:
        self.events.append(("advance", done))

    def step(self, what: str) -> None:
        self.events.append(("step", what))
