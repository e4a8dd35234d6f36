"""(message id, text) pairs out of an export, for audit and evaluate.

A CSV file needs only its id and text columns (an output cut down to them can
be audited); other formats are read whole through ``read_messages``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from nicknames.io.csv_file import read_csv_table
from nicknames.io.formats import detect_format
from nicknames.model.columns import resolve_columns
from nicknames.pipeline.side_columns import frame_texts, other_text_names
from nicknames.pipeline.sources import read_messages


def iter_texts(path: Path, chosen: Mapping[str, str] | None = None, encoding: str | None = None, *,
               delimiter: str | None = None, sheet: str | None = None, other_texts: bool = False
               ) -> Iterator[tuple[str, str]]:
    """Each message's id and text, in file order; with ``other_texts``, each text of a CSV file followed by the
    message's cells of other prose (a title: ``side_columns.visible_texts``), as audit reads them.

    ``delimiter`` is a CSV file's (sniffed when None), ``sheet`` a workbook's (the first when None).
    """
    if detect_format(path) != "csv":
        yield from read_messages(path, chosen, encoding, delimiter=delimiter, sheet=sheet).texts().items()
        return
    frame = read_csv_table(path, encoding, delimiter)
    header = [str(column) for column in frame.columns]
    columns = resolve_columns(header, chosen or {}, str(path))
    others = other_text_names(header, columns) if other_texts else []
    yield from frame_texts(frame, columns.message_id, columns.text, others)
