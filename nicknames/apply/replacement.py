"""One name or identifier replaced in one message: the record that reports, review, audit and the key file read."""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, overload

if TYPE_CHECKING:  # numpy loads where records are merged, not for --help
    import numpy as np
    import numpy.typing as npt

REVIEW_RULES = frozenset({"first", "mark", "skip"})
"""Rules of mentions that no context decided: a person should look at them."""


class Replacement(NamedTuple):
    """One name replaced in one message; offsets are in the original text (a tuple: workers send them by the
    million)."""

    message_id: str
    start: int
    end: int
    original: str
    name: str
    participant: str
    pseudonym: str
    rule: str
    candidates: tuple[str, ...]
    kind: str = "name"
    """``name``, or the identifier kind: ``email``, ``url``, ``handle``, ``phone``, ``id``."""
    confidence: float = 1.0
    evidence: str = ""

    @property
    def for_review(self) -> bool:
        """True for a shared name no context decided (see ``nicknames.apply.resolution``)."""
        return needs_review(self[3:])


Detail = tuple[str, str, str, str, str, tuple[str, ...], str, float, str]
"""What a record holds besides its message and offsets: original, name, participant, pseudonym, rule, candidates,
kind, confidence, evidence (the fields of ``Replacement`` from ``original`` on)."""


class Replacements(Sequence[Replacement]):
    """Replacement records kept by column: a message number, offsets and a detail number per record.

    A field of a million mentions of one name is a million records: as
    ``Replacement`` tuples they would take some 50 times the text's size. Here
    each record costs 16 bytes in arrays (its end is its start and the length of its original text), and the details (original, name,
    pseudonym, rule...) that records share are stored once. Read as a sequence,
    the records come out as ``Replacement`` tuples, made one at a time. Arrays
    and a list of distinct details also pickle fast, which is how workers send
    them back.
    """

    __slots__ = ("ids", "_message", "_start", "_detail", "_details", "_known")

    def __init__(self) -> None:
        self.ids: Sequence[str] = []
        """Message id of each message number (a list, but for the merged records of a large table any sequence)."""
        self._message = array("i")
        self._start = array("q")
        self._detail = array("i")
        self._details: list[Detail] = []
        self._known: dict[Detail, int] = {}

    def open(self, message_id: str) -> int:
        """Number the next message (records of it are added with that number)."""
        assert isinstance(self.ids, list)
        self.ids.append(message_id)
        return len(self.ids) - 1

    def add(self, message: int, start: int, detail: Detail) -> None:
        """One record of message number ``message``; it ends where its original text ends."""
        number = self._number(detail)
        self._message.append(message)
        self._start.append(start)
        self._detail.append(number)

    def append(self, record: Replacement) -> None:
        """A record as a tuple: of the last message opened when it has its id, else of a new one."""
        message = len(self.ids) - 1 if self.ids and self.ids[-1] == record.message_id else self.open(record.message_id)
        if record.end - record.start != len(record.original):
            raise ValueError(f"a record's original text {record.original!r} is not its span {record.start}-{record.end}")
        self.add(message, record.start, record[3:])

    def spans(self, first: int) -> Iterator[tuple[int, int, str]]:
        """``(start, end, pseudonym)`` of the records from number ``first`` on."""
        details = self._details
        for index in range(first, len(self._start)):
            start, detail = self._start[index], details[self._detail[index]]
            yield start, start + len(detail[0]), detail[3]

    def sort_from(self, first: int) -> None:
        """Put the records from number ``first`` on in order of their start (stable: one message's records)."""
        order = sorted(range(first, len(self._start)), key=self._start.__getitem__)
        for column in (self._message, self._start, self._detail):
            column[first:] = array(column.typecode, [column[index] for index in order])

    def join(self, first: int, text: str, joinable: Callable[[Detail, str, Detail], bool]) -> None:
        """Make each run of the records from number ``first`` on (one message's, in text order) that ``joinable``
        links one record: it is given a record's detail, the text between it and the next record and the next's
        detail. The joined record keeps the first one's detail over the whole run's text."""
        starts, numbers, details = self._start, self._detail, self._details
        index = first
        while index + 1 < len(starts):
            detail, following = details[numbers[index]], details[numbers[index + 1]]
            start, end, next_start = starts[index], starts[index] + len(detail[0]), starts[index + 1]
            if not joinable(detail, text[end:next_start], following):
                index += 1
                continue
            numbers[index] = self._number((text[start : next_start + len(following[0])], *detail[1:]))
            for column in (self._message, starts, numbers):
                del column[index + 1]

    def widen(self, first: int, text: str, start_of: Callable[[Detail, int], tuple[int, str]]) -> None:
        """Let each record from number ``first`` on (one message's, in text order) start where ``start_of`` says,
        given its detail and start: at its start or before, after the record before it, with the pseudonym it gives
        for the wider text. The record's original text grows to the text from there."""
        starts, numbers, details = self._start, self._detail, self._details
        previous_end = 0
        for index in range(first, len(starts)):
            start, detail = starts[index], details[numbers[index]]
            wider, pseudonym = start_of(detail, start)
            if previous_end <= wider < start:
                original, name, participant, _, rule, candidates, kind, confidence, evidence = detail
                detail = (text[wider:start] + original, name, participant, pseudonym, rule, candidates, kind,
                          confidence, evidence)
                numbers[index], starts[index] = self._number(detail), wider
            previous_end = starts[index] + len(detail[0])

    def widen_end(self, first: int, text: str, end_of: Callable[[Detail, int], tuple[int, str]]) -> None:
        """Let each record from number ``first`` on (one message's, in text order) end where ``end_of`` says, given
        its detail and start: at its end or after, before the record after it, with the pseudonym it gives for the
        wider text. The record's original text grows to the text up to there."""
        starts, numbers, details = self._start, self._detail, self._details
        for index in range(first, len(starts)):
            start, detail = starts[index], details[numbers[index]]
            wider, pseudonym = end_of(detail, start)
            next_start = starts[index + 1] if index + 1 < len(starts) else len(text)
            if start + len(detail[0]) < wider <= next_start:
                numbers[index] = self._number((text[start:wider], *detail[1:3], pseudonym, *detail[4:]))

    def __len__(self) -> int:
        return len(self._start)

    @overload
    def __getitem__(self, index: int) -> Replacement: ...

    @overload
    def __getitem__(self, index: slice) -> list[Replacement]: ...

    def __getitem__(self, index: int | slice) -> Replacement | list[Replacement]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(len(self)))]
        start, detail = self._start[index], self._details[self._detail[index]]
        return Replacement(self.ids[self._message[index]], start, start + len(detail[0]), *detail)

    def __iter__(self) -> Iterator[Replacement]:
        # Made by ``tuple.__new__``: a named tuple's own ``__new__`` is a Python function, a call per record.
        ids, details, new = self.ids, self._details, tuple.__new__
        last, message_id = -1, ""
        for message, start, number in zip(self._message, self._start, self._detail):
            detail = details[number]
            if message != last:  # a message's records come together: its id is looked up once
                last, message_id = message, ids[message]
            yield new(Replacement, (message_id, start, start + len(detail[0]), *detail))

    def detail_counts(self) -> list[tuple[Detail, int]]:
        """Each distinct detail and how many records have it: what a summary counts, without a tuple per record."""
        details = self._details
        return [(details[number], count) for number, count in Counter(self._detail).items()]

    def message_ids(self, keep: Callable[[Detail], bool]) -> set[str]:
        """The ids of the messages with a record whose detail is kept."""
        wanted = {number for number, detail in enumerate(self._details) if keep(detail)}
        if len(wanted) == len(self._details):
            messages = set(self._message)
        else:
            messages = {message for message, number in zip(self._message, self._detail) if number in wanted}
        ids = self.ids
        return {ids[message] for message in messages}

    def __getstate__(self) -> tuple[object, ...]:
        return self.ids, self._message, self._start, self._detail, self._details

    def __setstate__(self, state: tuple[object, ...]) -> None:
        self.ids, self._message, self._start, self._detail, self._details = state  # type: ignore[assignment]
        self._known = {detail: number for number, detail in enumerate(self._details)}

    @classmethod
    def merged(cls, parts: Sequence[tuple[Replacements, Sequence[int] | npt.NDArray[np.int64]]],
               ids: Sequence[str]) -> Replacements:
        """The records of several tables in the order of the rows they belong to, each table's message numbers
        being given a row by its sequence (``ids``: the message id of each row); a row's records keep their order."""
        gathered = RecordMerge()
        for part, row_of in parts:
            gathered.add(part, row_of)
        return gathered.merged(ids)

    def _number(self, detail: Detail) -> int:
        number = self._known.get(detail)
        if number is None:
            number = self._known[detail] = len(self._details)
            self._details.append(detail)
        return number


def needs_review(detail: Detail) -> bool:
    """Whether a record is of a shared name no context decided (see ``nicknames.apply.resolution``)."""
    return detail[4] in REVIEW_RULES and len(detail[5]) > 1


def changes_text(detail: Detail) -> bool:
    """Whether a record's pseudonym differs from the text it replaces (a skipped mention's does not)."""
    return detail[3] != detail[0]


def detail_counts(records: Sequence[Replacement]) -> Iterable[tuple[Detail, int]]:
    """Each distinct detail of the records (``Detail``: what a record holds besides its message and offsets) and
    how many records have it; read by column when the records are ``Replacements``."""
    if isinstance(records, Replacements):
        return records.detail_counts()
    return Counter(record[3:] for record in records).items()


def message_ids(records: Sequence[Replacement], keep: Callable[[Detail], bool]) -> set[str]:
    """The ids of the messages with a record whose detail is kept; read by column when the records are
    ``Replacements``."""
    if isinstance(records, Replacements):
        return records.message_ids(keep)
    return {record.message_id for record in records if keep(record[3:])}


class RecordMerge:
    """Records of several tables gathered as they come, into the numbering of the rows they belong to.

    Each table's records become three arrays at once (row, start, detail
    number among all tables' details), so that its own details and arrays
    can go: what a large table's apply holds while its scopes come back from
    the workers is 16 bytes a record and each distinct detail once.
    """

    def __init__(self) -> None:
        self._records = Replacements()
        """Only for numbering details."""
        self._rows: list[npt.NDArray[np.int32]] = []
        self._starts: list[npt.NDArray[np.int64]] = []
        self._numbers: list[npt.NDArray[np.int32]] = []

    def add(self, part: Replacements, row_of: Sequence[int] | npt.NDArray[np.int64]) -> None:
        """A table's records; ``row_of``: the row of each of its message numbers."""
        import numpy as np

        numbers = np.asarray([self._records._number(detail) for detail in part._details] or [0], dtype=np.int32)
        self._rows.append(np.asarray(row_of, dtype=np.int32)[np.asarray(part._message)])
        self._starts.append(np.array(part._start, dtype=np.int64))
        self._numbers.append(numbers[np.asarray(part._detail)])

    def merged(self, ids: Sequence[str]) -> Replacements:
        """The records in the order of their rows (``ids``: the message id of each row); a row's records keep
        their order."""
        import numpy as np

        merged = self._records
        merged.ids = ids
        if not self._rows:
            return merged
        rows = _joined(self._rows)
        self._rows = []
        order = None
        if rows.size > 1 and not bool(np.all(rows[1:] >= rows[:-1])):  # scopes interleave: rows in file order
            order = np.argsort(rows, kind="stable")
        # column by column, each temporary dropped before the next is made: a huge field's records are most of it
        merged._message = _column("i", rows if order is None else rows[order])
        del rows
        starts = _joined(self._starts)
        self._starts = []
        merged._start = _column("q", starts if order is None else starts[order])
        del starts
        numbers = _joined(self._numbers)
        self._numbers = []
        merged._detail = _column("i", numbers if order is None else numbers[order])
        self._records = Replacements()
        return merged


def _joined(arrays: list[npt.NDArray[Any]]) -> npt.NDArray[Any]:
    """The arrays one after the other (the one array itself, not a copy, when there is one)."""
    import numpy as np

    return arrays[0] if len(arrays) == 1 else np.concatenate(arrays)


def _column(typecode: str, values: npt.NDArray[np.int32] | npt.NDArray[np.int64]) -> array[int]:
    """An array of machine integers from a numpy array of the same item size."""
    import numpy as np

    column = array(typecode)
    column.frombytes(np.ascontiguousarray(values, dtype=np.int32 if typecode == "i" else np.int64).data.cast("B"))
    return column
