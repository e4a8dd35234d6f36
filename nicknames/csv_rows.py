"""CSV rows written as ``DataFrame.to_csv(index=False, lineterminator="\\n")`` writes them, cheaper.

pandas writes every row with the ``csv`` module's default writer (every cell
of an export read with ``dtype=str`` is a string), so the same writer gives the
same bytes. Streaming apply formats each chunk's rows in its worker process and
keeps where each row ends, so that one row can be written again alone.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence


def rows_csv(columns: Sequence[Sequence[str]]) -> tuple[str, list[int]]:
    """The rows of these columns as CSV, and the offset where each row ends."""
    buffer = io.StringIO()
    write, tell = csv.writer(buffer, lineterminator="\n").writerow, buffer.tell
    ends: list[int] = []
    for row in zip(*columns):
        write(row)
        ends.append(tell())
    return buffer.getvalue(), ends


def replace_rows(text: str, ends: list[int], rows: Mapping[int, Sequence[str]]) -> str:
    """``text`` (rows ending at ``ends``) with the rows at these indexes written anew."""
    pieces: list[str] = []
    position = 0
    for index in sorted(rows):
        pieces.append(text[position : ends[index - 1] if index else 0])
        pieces.append(csv_lines([rows[index]]))
        position = ends[index]
    pieces.append(text[position:])
    return "".join(pieces)


def csv_lines(rows: Iterable[Iterable[str]]) -> str:
    """Rows as CSV text."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()
