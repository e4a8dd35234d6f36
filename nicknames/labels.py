"""Strings as small integer codes, in the order first seen (senders, threads, sessions, participants)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar, overload

import numpy as np

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


class LabelSequence(Sequence[str]):
    """Strings worked out from their index (``_label``), indexed and sliced as a list of them would be."""

    __slots__ = ()

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self._label(at) for at in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._label(index)

    def _label(self, index: int) -> str:
        """The string at this index (between 0 and the length)."""
        raise NotImplementedError


class LabelsAt(LabelSequence):
    """``labels[codes[i]]`` for every i, without a list of them (the session of each of many threads)."""

    __slots__ = ("codes", "labels")

    def __init__(self, codes: np.ndarray, labels: Sequence[str]) -> None:
        self.codes, self.labels = codes, labels

    def __len__(self) -> int:
        return len(self.codes)

    def _label(self, index: int) -> str:
        return self.labels[int(self.codes[index])]
