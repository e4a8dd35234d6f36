"""Stream (message id, text) pairs out of an export, a chunk at a time, for audit and evaluate.

A CSV file is read in chunks of its id and text columns only, so scanning an
output of a million messages needs no more memory than scanning a thousand;
other formats are read whole through ``read_messages``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from nicknames.columns import resolve_columns
from nicknames.csv_chunks import iter_chunks, read_header
from nicknames.csv_file import sniff_dialect
from nicknames.formats import detect_format
from nicknames.messages import MessageTable, read_messages


def iter_texts(path: Path, chosen: Mapping[str, str] | None = None, encoding: str | None = None, *,
               delimiter: str | None = None, sheet: str | None = None) -> Iterator[tuple[str, str]]:
    """Each message's id and text, in file order."""
    if detect_format(path) != "csv" or sniff_dialect(path, encoding, delimiter).delimiter != ",":
        # Only comma-separated files are read in chunks; the others are read whole.
        table = read_messages(path, chosen, encoding, delimiter=delimiter, sheet=sheet)
        yield from texts_by_id(table).items()
        return
    columns = resolve_columns(read_header(path, encoding), chosen or {}, str(path))
    for chunk in iter_chunks(path, encoding, [columns.message_id, columns.text]):
        yield from zip(chunk[columns.message_id], chunk[columns.text])


def texts_by_id(table: MessageTable) -> dict[str, str]:
    """Message id → text of a messages table."""
    frame, columns = table.frame, table.columns
    return dict(zip(frame[columns.message_id], frame[columns.text]))
