"""Split an mbox file into messages without losing body lines that begin with "From ".

Python's ``mailbox.mbox`` starts a new message at every line that begins with
"From ". A writer that did not escape such a body line ("From my side the plan
is fine.") thus splits one message in two and the line is lost, read as the
second half's envelope. Here a line starts a message only when it could be an
envelope line: at the start of the file, or after a blank line or before a
header line, holding a sender and a date (a month name or an ISO date, a time
and a year), as ``From a@b.org Mon Jan 1 10:00:00 2024``. When a message gives its ``Content-Length`` (mboxcl2) and the
byte count ends right before the next envelope line or at the end of the file,
that count decides, so its body may hold any line at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_MONTH = re.compile(rb"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|\b\d{4}-\d{2}-\d{2}")
_TIME = re.compile(rb"\b\d{1,2}:\d{2}")
_YEAR = re.compile(rb"\b\d{4}\b")
_HEADER = re.compile(rb"[!-9;-~]+:")
"""The start of a header line: a field name of printable characters other than the colon, then a colon."""
_CONTENT_LENGTH = re.compile(rb"^Content-Length:[ \t]*(\d+)[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
_HEADERS_END = re.compile(rb"\r?\n\r?\n")


@dataclass(frozen=True)
class RawMessage:
    """One message of an mbox file: its bytes without the envelope line, and the line that envelope was on."""

    data: bytes
    line: int


def is_envelope(line: bytes) -> bool:
    """True for a line that can start a message: ``From``, a sender, and a date with month, time and year."""
    if not line.startswith(b"From "):
        return False
    parts = line[5:].split(None, 1)
    if len(parts) < 2:
        return False
    date = parts[1]
    return all(pattern.search(date) for pattern in (_MONTH, _TIME, _YEAR))


def split_mbox(raw: bytes) -> Iterator[RawMessage]:
    """The messages of an mbox file, in order; the file's first line is taken as an envelope whatever it holds."""
    starts = list(_envelopes(raw))
    for index, (offset, line) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else len(raw)
        body_start = raw.find(b"\n", offset, end)
        data = raw[body_start + 1 : end] if body_start >= 0 else b""
        yield RawMessage(_without_separator(data), line)


def _envelopes(raw: bytes) -> Iterator[tuple[int, int]]:
    """Offsets and 1-based line numbers of the envelope lines."""
    offset, line, previous_blank = 0, 1, True
    forced = True  # the first line, and the line a Content-Length count ends at
    while offset < len(raw):
        end = raw.find(b"\n", offset)
        end = len(raw) if end < 0 else end + 1
        text = raw[offset:end]
        if forced or (is_envelope(text.rstrip(b"\r\n")) and (previous_blank or _HEADER.match(raw, end))):
            yield offset, line
            skipped = _content_length_end(raw, end)
            if skipped is not None:
                line += raw.count(b"\n", offset, skipped)
                offset, forced = skipped, True
                continue
        forced, previous_blank = False, not text.strip()
        offset, line = end, line + 1


def _content_length_end(raw: bytes, start: int) -> int | None:
    """Where a message that starts at ``start`` ends by its Content-Length, when that lands on an envelope."""
    headers_end = _HEADERS_END.search(raw, start)
    if headers_end is None:
        return None
    found = _CONTENT_LENGTH.search(raw, start, headers_end.start() + 1)
    if found is None:
        return None
    end = headers_end.end() + int(found.group(1))
    for candidate in (end, end + 1, end + 2):
        if candidate == len(raw):
            return candidate
        if candidate < len(raw) and raw[candidate - 1 : candidate] == b"\n" and raw.startswith(b"From ", candidate):
            return candidate
    return None


def _without_separator(data: bytes) -> bytes:
    """The message without the blank line that separates it from the next envelope."""
    for ending in (b"\r\n\r\n", b"\n\n"):
        if data.endswith(ending):
            return data[: -len(ending) // 2]
    return data
