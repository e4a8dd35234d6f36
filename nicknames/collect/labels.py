"""Strings (or tuples of them) as small integer codes, in the order first seen."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class Labels(Generic[T]):
    """Strings (or tuples of them) as small integer codes, in the order first seen."""

    __slots__ = ("index", "labels")

    def __init__(self) -> None:
        self.labels: list[T] = []
        self.index: dict[T, int] = {}

    def code(self, label: T) -> int:
        """The label's code, giving it the next one when it is new."""
        code = self.index.get(label)
        if code is None:
            code = self.index[label] = len(self.labels)
            self.labels.append(label)
        return code

    def recode(self, later: Labels[T]) -> list[int]:
        """My code for each of ``later``'s labels (by its code there), giving the next ones to those new to me."""
        return list(map(self.code, later.labels))

    def __getstate__(self) -> list[T]:
        return self.labels

    def __setstate__(self, labels: list[T]) -> None:
        self.labels = labels
        self.index = {label: code for code, label in enumerate(labels)}
