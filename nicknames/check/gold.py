"""Gold-standard name mentions: where each name (and each string that must stay) is in the text.

A gold span is a character range of one message's original text (Python string
offsets, end exclusive) with what it is: a participant's name in one of the
``NAME_CATEGORIES``, or a protected string in one of the ``PROTECTED_CATEGORIES``
that a perfect pseudonymisation leaves as it is. ``nicknames sample`` writes
them; ``nicknames evaluate --gold-spans`` reads them.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO

from nicknames.io.csv_file import allow_long_fields
from nicknames.model.errors import InputError, NicknamesError
from nicknames.model.paths import StrPath

NAME_CATEGORIES: dict[str, str] = {
    "registered_full": "classlist",
    "registered_subset": "classlist",
    "nickname": "nickname",
    "initials": "initials",
    "stylised": "stylised",
    "misspelling": "fuzzy",
    "wrong_case": "case",
    "glued": "glued",
}
"""Kinds of name mention, each with the mapping tag a reviewer would give the name."""

PROTECTED_CATEGORIES: dict[str, str] = {
    "public_figure": "a public figure named as such (on the keep list)",
    "cited_author": "an author cited in the text (on the keep list)",
    "common_word": "an ordinary word spelled like a participant's name",
}
"""Kinds of string that look like names but must stay in the output."""

CATEGORY_OF_TAG: dict[str, str] = {
    "classlist": "registered",
    "nickname": "nickname",
    "initials": "initials",
    "stylised": "stylised",
    "fuzzy": "misspelling",
    "case": "wrong_case",
    "glued": "glued",
}
"""Mapping tag → category, for gold mappings read without gold spans (first matching tag wins)."""

SPAN_COLUMNS = ("message_id", "start", "end", "text", "participant", "category")


@dataclass(frozen=True)
class GoldSpan:
    """One name mention, or one protected string, in the original text of a message."""

    message_id: str
    start: int
    end: int
    text: str
    participant: str
    """The participant the name belongs to; empty for protected strings."""
    category: str

    def __post_init__(self) -> None:
        if not 0 <= self.start < self.end:
            raise NicknamesError(f"Gold span {self.start}-{self.end} of message {self.message_id!r} is empty "
                                 "or negative.")
        if self.end - self.start != len(self.text):
            raise NicknamesError(f"Gold span {self.start}-{self.end} of message {self.message_id!r} does not "
                                 f"have the length of its text ({len(self.text)} characters).",
                                 detail=f"the text is {self.text!r}")
        if self.category not in NAME_CATEGORIES and self.category not in PROTECTED_CATEGORIES:
            known = ", ".join([*NAME_CATEGORIES, *PROTECTED_CATEGORIES])
            raise NicknamesError(f"Unknown gold category {self.category!r}; known categories are {known}.")
        if self.is_name != bool(self.participant):
            raise NicknamesError(f"Gold span {self.start}-{self.end} of message {self.message_id!r}: a name needs "
                                 "a participant and a protected string has none.", detail=f"the text is {self.text!r}")

    @property
    def is_name(self) -> bool:
        """True for a participant's name, False for a string that must stay."""
        return self.category in NAME_CATEGORIES

    def overlaps(self, start: int, end: int) -> bool:
        """True when the span shares at least one character with ``[start, end)``."""
        return self.start < end and start < self.end


def write_spans_csv(spans: Iterable[GoldSpan], stream: IO[str], header: bool = True) -> None:
    """Write gold spans as CSV rows (with the header row unless told otherwise)."""
    writer = csv.writer(stream, lineterminator="\n")
    if header:
        writer.writerow(SPAN_COLUMNS)
    writer.writerows((s.message_id, s.start, s.end, s.text, s.participant, s.category) for s in spans)


def read_spans_csv(path: StrPath) -> list[GoldSpan]:
    """Read a gold-spans CSV; a bad row is an error naming file and line."""
    path = Path(path)
    allow_long_fields()
    try:
        with path.open(encoding="utf-8-sig", newline="") as stream:
            return list(_rows(csv.reader(stream), path))
    except csv.Error as error:
        raise InputError(f"{path} is not a well-formed CSV file ({error}); check that it is a comma-separated export.") from None
    except FileNotFoundError:
        raise InputError(f"Gold spans file {path} does not exist; check the path.") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a folder; give the path of the gold spans CSV.") from None
    except UnicodeDecodeError:
        raise InputError(f"Gold spans file {path} is not UTF-8; save it as UTF-8.") from None


def spans_to_json(spans: Iterable[GoldSpan]) -> str:
    """Gold spans as a JSON array of objects."""
    return json.dumps([asdict(span) for span in spans], ensure_ascii=False, indent=1)


def spans_from_json(text: str) -> list[GoldSpan]:
    """Gold spans from the JSON that ``spans_to_json`` writes."""
    try:
        return [GoldSpan(**{**item, "start": int(item["start"]), "end": int(item["end"])}) for item in json.loads(text)]
    except (ValueError, TypeError, KeyError) as error:
        raise InputError(f"Gold spans JSON is not an array of span objects: {error}.") from None


def spans_by_message(spans: Iterable[GoldSpan]) -> dict[str, list[GoldSpan]]:
    """Spans grouped by message id, each group in text order."""
    grouped: dict[str, list[GoldSpan]] = {}
    for span in spans:
        grouped.setdefault(span.message_id, []).append(span)
    for group in grouped.values():
        group.sort(key=lambda span: (span.start, span.end))
    return grouped


def _rows(reader: Iterator[list[str]], path: Path) -> Iterator[GoldSpan]:
    header = next(reader, None)
    if header is None or tuple(column.strip() for column in header) != SPAN_COLUMNS:
        raise InputError(f"{path}, line 1: a gold spans file starts with the header {','.join(SPAN_COLUMNS)}.")
    for row in reader:
        line = reader.line_num  # type: ignore[attr-defined]
        if len(row) != len(SPAN_COLUMNS):
            raise InputError(f"{path}, line {line}: expected {len(SPAN_COLUMNS)} fields, found {len(row)}.")
        try:
            yield GoldSpan(row[0], int(row[1]), int(row[2]), row[3], row[4], row[5])
        except ValueError:
            raise InputError(f"{path}, line {line}: start and end must be whole numbers.") from None
        except NicknamesError as error:
            raise InputError(f"{path}, line {line}: {error}", detail=error.detail) from None
