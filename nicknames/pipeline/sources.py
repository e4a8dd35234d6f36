"""Any export behind one interface: open it, collect from it, apply to it, write it back in its own format.

A source is a CSV, JSON Lines or Parquet table, an mbox file, an ``.eml`` file or
a folder of them. Tables become a ``MessageTable`` through the usual column
guessing; mail archives become a table of their own (see ``nicknames.io.mail``), with
participants named by opaque ids and their display names as a built-in class list.
``read_source`` reads a source whole; ``nicknames.pipeline.exports.open_source``
chooses where a source keeps its texts (on disk, on a cluster, or read whole).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Mapping as MappingType
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, ClassVar

import pandas as pd

from nicknames.apply.identity_columns import IDENTITY_ENDINGS, IdentityColumns
from nicknames.apply.pseudonyms import Pseudonym
from nicknames.collect.runs import MessageRuns
from nicknames.distributed.datasets import read_partitioned
from nicknames.distributed.engines import Engine
from nicknames.engine.spill import SpilledTable
from nicknames.engine.spilled_runs import SpilledRuns
from nicknames.io.address_names import normalise_address
from nicknames.io.datasets import dataset_files, dataset_format
from nicknames.io.formats import (
    SPREADSHEETS,
    TABULAR,
    TableFile,
    as_strings,
    detect_format,
    read_table_file,
)
from nicknames.io.mail.archive import MailArchive, read_archive
from nicknames.io.mail.participants import (
    AddressKey,
    pseudonymous_address,
)
from nicknames.io.mail.tables import (
    collect_table,
    visible_text,
)
from nicknames.io.roster import Roster
from nicknames.io.sender_ids import opaque_senders
from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import Mapping
from nicknames.model.messages import MessageTable, table_from_frame
from nicknames.model.paths import StrPath
from nicknames.pipeline.side_columns import (
    IDENTITY_COLUMNS,
    OTHER_TEXT_COLUMNS,
    frame_texts,
    names_beside_ids,
    spilled_texts,
    unread_columns,
)

OUTPUT_TABLE_COLUMNS = ("message_id", "parent_id", "thread_id", "sender", "recipients", "date", "subject", "text")
"""Columns of a pseudonymised mail archive written as a table (ids are the pseudonymous ones)."""


@dataclass
class Source:
    """An opened export: the messages collect reads, and what is needed to write it back."""

    path: Path
    format: str
    table: MessageTable
    class_list: dict[str, str] = field(default_factory=dict)
    """Registered names the export itself gives: the display names of a mail archive."""
    table_file: TableFile | None = None
    archive: MailArchive | None = None
    sender_key: AddressKey | None = None
    """A table whose senders were names or addresses: the key that gave them opaque ids (else None)."""
    sender_column: str = ""
    """The column that held those names or addresses."""
    names_column: str = ""
    """A column of the senders' full names beside their ids ("author_name"), read as the export's own class list
    (``class_list``)."""
    partitioned: bool = False
    """Whether the table was read from several files (a glob, or a folder of parts)."""
    spilled: SpilledTable | None = None
    """A table kept on disk (see ``nicknames.pipeline.spilled_source``): ``table`` holds its id columns only."""
    encoding: str | None = None
    """The encoding it was read in, given or guessed (None: UTF-8), to read a table kept on disk again for output."""
    release: weakref.finalize[..., Any] | None = field(default=None, repr=False, compare=False)
    """Removes what the source owns outside this process (its spill folder): called by ``close``, else when the
    source is garbage collected or the interpreter exits."""
    texts_on_cluster: ClassVar[bool] = False
    """Whether the texts are held on a cluster's workers (``table`` has none of them)."""

    def __enter__(self) -> Source:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def message_runs(self, jobs: int = 1) -> MessageRuns | None:
        """Where collect reads the messages when ``table`` holds their ids only: the spill folder's runs, read by
        ``jobs`` processes; None when ``table`` holds the texts."""
        return SpilledRuns(self.on_disk(), self.table, jobs) if self.spilled is not None else None

    def close(self) -> None:
        """Let go of what the source holds outside this process: a spill folder is removed (a result of apply that
        is still to be written can no longer be)."""
        if self.release is not None:
            self.release()

    def other_text_columns(self) -> list[str]:
        """Columns besides the text that usually hold prose a name may be in (a forum's "title", a table's
        "subject"), which apply pseudonymises as it does the text; none for mail, whose subjects are headers."""
        return self._unread_columns(OTHER_TEXT_COLUMNS)

    def identity_columns(self) -> list[str]:
        """Columns of a table not read as its sender, text or links that usually hold people's names, addresses or
        user names ("author_name", "email"), which apply writes as pseudonyms (``apply.identity_columns``)."""
        return self._unread_columns(IDENTITY_COLUMNS, IDENTITY_ENDINGS)

    def _unread_columns(self, wanted: frozenset[str], endings: tuple[str, ...] = ()) -> list[str]:
        """The table's columns with one of these names or endings (any case) that are none of the columns it
        reads."""
        if self.archive is not None:
            return []
        return unread_columns(self.column_names(), {*self.table.columns.used(), self.sender_column}, wanted, endings)

    def column_names(self) -> list[str]:
        """The columns of the table as the file has them."""
        if self.spilled is not None:
            return list(self.spilled.columns)
        if self.table_file is not None:
            return list(map(str, self.table_file.frame.columns))
        return list(map(str, self.table.frame.columns))

    def identity_transform(self, mapping: Mapping, pseudonym: Pseudonym, owned: MappingType[str, list[str]],
                           registered: MappingType[str, str], kept: Iterable[str] = ()) -> IdentityColumns | None:
        """What writes the ``identity_columns`` of the output (but the ``kept`` ones, checked by ``side_columns``) as
        pseudonyms (see ``apply.identity_columns``), or None when there are none."""
        left = set(kept)
        columns = [column for column in self.identity_columns() if column not in left]
        if not columns:
            return None
        shown = {participant: pseudonym(participant) for participant in mapping.participants}
        return IdentityColumns.of(columns, self.table.columns.sender, mapping, owned,
                                  self.registered_names(registered), shown)

    def registered_names(self, given: MappingType[str, str] | None = None) -> dict[str, str]:
        """Participant → registered full name: the export's own (``class_list``: a column of the senders' names, a
        mail archive's display names), and a class list's (``given``), which wins."""
        return {**self.class_list, **(given or {})}

    def texts(self, other_texts: bool = False) -> dict[str, str]:
        """Message id → all the text a reader sees, for audit: for mail, headers, subject and whole body; with
        ``other_texts``, a table's text and its cells of other prose (``side_columns.visible_texts``)."""
        if self.archive is None:
            return dict(self.text_pairs(self.other_text_columns() if other_texts else ()))
        return {message.message_id: visible_text(message) for message in self.archive.messages}

    def text_pairs(self, others: Sequence[str] = ()) -> Iterator[tuple[str, str]]:
        """Each message's id and text as collect and apply read them, in file order: read from the spill folder one
        run at a time for a source kept on disk. ``others``: columns of other prose put after each text
        (``side_columns.visible_texts``)."""
        columns = self.table.columns
        if self.spilled is None:
            yield from frame_texts(self.table.frame, columns.message_id, columns.text, others)
            return
        spilled = self.on_disk()
        for run in range(spilled.runs):
            yield from spilled_texts(spilled, run, columns.message_id, columns.text, others)

    def on_disk(self) -> SpilledTable:
        """The spill folder of a source kept on disk; an error once the source is closed."""
        if self.spilled is None or not self.spilled.exists():
            raise NicknamesError(f"{self.path}: this source was closed, and the messages it kept on disk with it; "
                                 "use it before closing it (inside its with block).")
        return self.spilled

    def own_roster(self, roster: Roster) -> Roster:
        """A class list (names, addresses, genders) keyed as the sender column is, keyed by participant id."""
        if self.sender_key is None:
            return roster
        ids = self.sender_key.ids
        addresses = {ids.get(normalise_address(key), key): value for key, value in roster.addresses.items()}
        return Roster(self.own_ids(roster.names), addresses, self.own_ids(roster.genders))

    def own_ids(self, by_sender: MappingType[str, str]) -> dict[str, str]:
        """A class list keyed as the export's sender column is, keyed by participant id.

        When senders got opaque ids, a class list keyed by the sender names or
        addresses is re-keyed by those ids; other keys are kept as they are.
        """
        if self.sender_key is None:
            return dict(by_sender)
        ids = self.sender_key.ids
        return {ids.get(normalise_address(key), key): value for key, value in by_sender.items()}

    def participants(self) -> list[str]:
        """Every participant id of the source: its senders, and for mail every address's id."""
        senders = dict.fromkeys(self.table.frame[self.table.columns.sender].unique().tolist())  # in order of first use
        if self.archive is not None:
            senders.update(dict.fromkeys(self.archive.key.ids.values()))
        return list(senders)

    def owned_addresses(
        self, known: MappingType[str, list[str]] | None = None, pseudonym: Pseudonym | None = None
    ) -> dict[str, list[str]]:
        """Participant → the addresses that are theirs: the class list's, for mail the archive's, and for a table
        whose senders got opaque ids the sender names or addresses they stand for (a forum's user names).

        For mail these include the pseudonymous addresses apply writes in place of the real ones.
        """
        owned = {participant: list(values) for participant, values in (known or {}).items()}
        if self.sender_key is not None:
            for participant, senders in self.sender_key.addresses_of().items():
                owned.setdefault(participant, []).extend(senders)
        if self.archive is not None:
            for participant, addresses in self.archive.key.addresses_of().items():
                shown = pseudonym(participant) if pseudonym is not None else None
                owned.setdefault(participant, []).extend([*addresses, pseudonymous_address(participant, shown)])
        return owned


def read_source(
    path: Path,
    chosen: MappingType[str, str] | None = None,
    encoding: str | None = None,
    *,
    fmt: str | None = None,
    address_key: AddressKey | None = None,
    delimiter: str | None = None,
    sheet: str | None = None,
    opaque_senders: bool = False,
    engine: Engine | None = None,
) -> Source:
    """Read an export of any supported format whole; ``fmt`` overrides the format found from the path.

    ``delimiter`` is a CSV file's (sniffed when None), ``sheet`` a workbook's (the first when None).
    A table whose senders look like names or addresses (or any table, with ``opaque_senders``)
    gets opaque participant ids from ``address_key`` (a new key when None): see ``nicknames.io.sender_ids``.
    A partitioned input (a glob, or a folder of Parquet, CSV or JSON Lines parts) is read as one table in
    file order, on the cluster of a Dask or Spark ``engine`` when given (see ``nicknames.io.datasets``).
    """
    files = dataset_files(path)
    if files is not None:
        fmt = fmt or dataset_format(files, path)
        table_file = read_partitioned(files, fmt, engine, encoding, delimiter)
        source = _table_source(path, fmt, table_file, chosen or {}, address_key or AddressKey(), opaque_senders)
        source.partitioned = True
        return source
    fmt = fmt or detect_format(path)
    if fmt in TABULAR or fmt in SPREADSHEETS:
        table_file = read_table_file(path, fmt, encoding, delimiter=delimiter, sheet=sheet)
        return _table_source(path, fmt, table_file, chosen or {}, address_key or AddressKey(), opaque_senders)
    archive = read_archive(path, address_key)
    return Source(path, archive.format, collect_table(archive), dict(archive.display_names), archive=archive)


def _table_source(
    path: Path, fmt: str, table_file: TableFile, chosen: MappingType[str, str], key: AddressKey, always: bool
) -> Source:
    opaque = opaque_senders(table_file.frame, chosen, str(path), key, always=always)
    if opaque is None:
        table = table_from_frame(table_file.frame, chosen, str(path))
        column, registered = names_beside_ids(table_file.frame, table)
        return Source(path, fmt, table, registered, table_file=table_file, names_column=column)
    table = table_from_frame(opaque.frame, chosen, str(path))
    return Source(path, fmt, table, dict(opaque.registered), table_file=table_file, sender_key=key,
                  sender_column=opaque.column)


def read_messages(
    path: StrPath,
    chosen: MappingType[str, str] | None = None,
    encoding: str | None = None,
    *,
    delimiter: str | None = None,
    sheet: str | None = None,
) -> MessageTable:
    """Read an export (CSV, spreadsheet, JSON Lines, Parquet, mbox, ``.eml``), find its columns, derive reply context."""
    path = Path(path)
    return read_source(path, chosen, encoding, delimiter=delimiter, sheet=sheet).table


def source_from_frame(
    frame: pd.DataFrame, chosen: MappingType[str, str] | None = None, name: str = "<DataFrame>"
) -> Source:
    """A pandas DataFrame (of any column types) as a source, for notebooks and pipelines."""
    strings = as_strings(frame)
    return _table_source(Path(name), "csv", TableFile(strings, "csv"), chosen or {}, AddressKey(), False)


