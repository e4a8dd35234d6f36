"""Strings as small integer codes, in the order first seen (senders, threads, sessions, participants)."""

from __future__ import annotations


class Labels:
    """Strings as small integer codes, in the order first seen."""

    __slots__ = ("index", "labels")

    def __init__(self) -> None:
        self.labels: list[str] = []
        self.index: dict[str, int] = {}

    def code(self, label: str) -> int:
        """The label's code, giving it the next one when it is new."""
        code = self.index.get(label)
        if code is None:
            code = self.index[label] = len(self.labels)
            self.labels.append(label)
        return code

    def __getstate__(self) -> list[str]:
        return self.labels

    def __setstate__(self, labels: list[str]) -> None:
        self.labels = labels
        self.index = {label: code for code, label in enumerate(labels)}
