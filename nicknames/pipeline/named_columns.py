"""Columns beside the text that hold participants' names though their names do not say so.

Apply replaces names in the text, in columns of other prose found by their
names ("title", "subject") and writes columns of people found by their names
("author_name", "email") as pseudonyms; every other column is written as it
was read. Chat and forum exports often carry more: a nested user object as JSON
(Slack's ``user_profile`` with ``real_name``), an ``edited_by``, a list of
people who reacted. ``named_columns`` finds such a column by its cells: one of
its first ``PROBE_ROWS`` cells holds the full name of a participant (a name of
several words of the mapping, or a registered full name), as a whole word in
any case. Apply warns of it, as the output would carry those names: the
column is to be removed from the export, or kept on purpose
(``--keep-column``).

A table held on a cluster is not probed (its cells are on the workers).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from collections.abc import Mapping as MappingType

import ahocorasick_rs

from nicknames.io.class_list import registered_parts
from nicknames.io.person_names import person_rows
from nicknames.model.mapping import Mapping
from nicknames.pipeline.sources import Source

PROBE_ROWS = 20_000
"""The rows of a column read for names: the first run of a table kept on disk is about as many."""


def named_columns(source: Source, mapping: Mapping, registered: MappingType[str, str] | None = None,
                  kept: Iterable[str] = ()) -> list[str]:
    """The columns of a table that apply would write as read (none read as its sender, text, links or ids, none of
    other prose or people by their names, none ``kept``) whose first ``PROBE_ROWS`` cells hold a participant's full
    name (``full_names``: the mapping's and the ``registered`` ones, the export's own too)."""
    if source.archive is not None or source.texts_on_cluster:
        return []
    left = {*source.table.columns.used(), source.sender_column, *source.other_text_columns(),
            *source.identity_columns(), *kept}
    candidates = [column for column in source.column_names() if column not in left]
    names = full_names(mapping, source.registered_names(registered)) if candidates else []
    if not names:
        return []
    finder = NameFinder(names)
    cells = _first_cells(source, candidates)
    return [column for column in candidates if any(isinstance(cell, str) and finder.holds(cell)
                                                   for cell in cells[column])]


def full_names(mapping: Mapping, registered: MappingType[str, str]) -> list[str]:
    """The names of several words of the mapping's participants (those in use) and the full names of the class
    list's people (as ``registered_parts`` reads a row: "Kay Marsden" of "Kay Marsden (she/they)")."""
    names = {name for names in mapping.names.values() for name in names if " " in name.strip()}
    names.update(part for full in person_rows(registered).values() for part in registered_parts(full) if " " in part)
    return sorted(names)


class NameFinder:
    """Whether a text holds one of some names as a whole word, in any case."""

    def __init__(self, names: Sequence[str]) -> None:
        self._automaton = ahocorasick_rs.AhoCorasick([name.casefold() for name in names])

    def holds(self, text: str) -> bool:
        """True when one of the names stands in the text with no letter or digit touching it."""
        folded = text.casefold()
        return any((start == 0 or not folded[start - 1].isalnum()) and (end == len(folded) or not folded[end].isalnum())
                   for _, start, end in self._automaton.find_matches_as_indexes(folded, overlapping=True))


def _first_cells(source: Source, columns: list[str]) -> dict[str, list[object]]:
    """The first ``PROBE_ROWS`` cells of each column: of the first run of a table kept on disk, else of the table
    read whole."""
    if source.spilled is not None:
        run = source.on_disk().read_run(0, columns)
        return {column: run.column(column).to_pylist()[:PROBE_ROWS] for column in columns}
    frame = source.table_file.frame if source.table_file is not None else source.table.frame
    return {column: frame[column].head(PROBE_ROWS).tolist() for column in columns if column in frame.columns}
