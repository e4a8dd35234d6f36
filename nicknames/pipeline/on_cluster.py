"""Apply on a Dask or Spark cluster with the texts kept there: read, shuffled by scope and written as parts by the workers.

The driver receives the id columns only (message, parent, thread, session,
sender, recipients), from which it computes the outline as the local engine
does (parents' senders, thread roots, missing parents and reply loops, scope
keys) and cuts the same partitions of whole scopes. Partitions are grouped into
buckets of about ``PART_ROWS`` messages; each bucket's rows are shuffled on the
cluster to one task, which builds their messages, pseudonymises each partition
with ``apply_batches`` (the local engine's function) and writes the bucket as
one part of the output (for one output file, as pieces the driver gathers in
the input's order, a range of rows at a time). Only the replacement records come back, for the
summary, the report, the review file and the key file.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Mapping as MappingType
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

import numpy as np

from nicknames.apply.identity_columns import IdentityColumns
from nicknames.apply.pseudonyms import IdTemplate, KeyedIds, Pseudonym
from nicknames.apply.replacement import Replacements
from nicknames.apply.resolution import NamesOf, Unresolved
from nicknames.apply.scope_names import MappingNames
from nicknames.apply.scopes import (
    ApplyContext,
    ApplyResult,
    Duplicate,
    apply_batches,
    unknown_participants,
)
from nicknames.collect.runs import MessageRuns
from nicknames.distributed.datasets import (
    PART_ROWS,
    check_parts_folder,
    is_parted_output,
    move_parts,
    part_name,
    parts_staging,
    write_part,
)
from nicknames.distributed.engines import Engine
from nicknames.distributed.gather import (
    CHUNK_ROWS,
    GATHERED_FORMATS,
    gather_chunks,
    write_chunks,
)
from nicknames.distributed.held import Held, hold_dataset
from nicknames.distributed.held_runs import HeldRuns
from nicknames.engine.partitions import PARTITION_ROWS, ScopeRows, scope_partitions
from nicknames.io.datasets import dataset_files, dataset_format
from nicknames.io.formats import TABULAR, TableFile, detect_format
from nicknames.io.sender_ids import needs_opaque_ids
from nicknames.io.table_writer import spreadsheet_safe
from nicknames.model.columns import FIELDS, Columns, resolve_columns
from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import Mapping
from nicknames.model.messages import (
    MessageTable,
    frame_messages,
    string_cell,
    table_from_frame,
    used_as_strings,
)
from nicknames.model.paths import StrPath
from nicknames.pipeline.side_columns import side_columns, visible_texts
from nicknames.pipeline.source_jobs import source_identifiers
from nicknames.pipeline.sources import Source
from nicknames.pipeline.styles import keyed_id_columns
from nicknames.rules.identifiers import KINDS


@dataclass
class ClusterSource(Source):
    """A table held on a Dask or Spark cluster: the driver's ``table`` has its id columns only (every text is
    empty)."""

    held: Held | None = None
    texts_on_cluster: ClassVar[bool] = True

    def message_runs(self, jobs: int = 1) -> MessageRuns | None:
        """Collect reads the messages run by run on the workers that hold them."""
        return HeldRuns(self._held(), self.table)

    def text_pairs(self, others: Sequence[str] = ()) -> Iterator[tuple[str, str]]:
        """Each message's id and text, gathered from the workers (every text comes to this machine), each followed by
        its cells of ``others`` (``side_columns.visible_texts``)."""
        columns = self.table.columns
        frame = self._held().columns([columns.message_id, columns.text, *others])
        yield from visible_texts([string_cell(cell) for cell in frame[columns.message_id]],
                                 [string_cell(cell) for cell in frame[columns.text]],
                                 {name: [string_cell(cell) for cell in frame[name]] for name in others})

    def column_names(self) -> list[str]:
        """The columns of the table as the cluster holds it (once closed, the driver's id columns)."""
        return list(self.held.header) if self.held is not None else super().column_names()

    def close(self) -> None:
        """Drop the table from the workers (and stop a cluster started for it)."""
        if self.held is not None:
            self.held.close()
            self.held = None
        super().close()

    def _held(self) -> Held:
        if self.held is None:
            raise NicknamesError(f"{self.path}: this source was closed, and its table is no longer held on the "
                                 "cluster; use it before closing it.")
        return self.held



def keeps_texts_on_cluster(engine: Engine | None, path: Path, output: Path | None, *, strict: bool,
                           style: str | None, fmt: str | None) -> bool:
    """Whether apply can run with the texts on the cluster: Dask or Spark, a table in, parts or one CSV or JSON
    Lines file out, and no option that needs every text on the driver (``--strict``'s audit, surrogates' shapes)."""
    if engine is None or not engine.remote or output is None or strict or style == "surrogate":
        return False
    files = dataset_files(path)
    given = dataset_format(files, path) if files is not None else detect_format(path)
    if given not in TABULAR or fmt not in (None, *TABULAR):
        return False
    return is_parted_output(output, files is not None) or (fmt or given) in GATHERED_FORMATS


def collects_on_cluster(engine: Engine | None, path: Path) -> bool:
    """Whether collect can read the texts on the cluster: Dask or Spark, and a table (a file, a glob or a folder of
    parts) of a format the workers read."""
    if engine is None or not engine.remote:
        return False
    files = dataset_files(path)
    return (dataset_format(files, path) if files is not None else detect_format(path)) in TABULAR


def open_on_cluster(path: StrPath, chosen: MappingType[str, str], engine: Engine, *, encoding: str | None = None,
                    delimiter: str | None = None, always_opaque: bool = False, workers: int = 0
                    ) -> ClusterSource | None:
    """Read a table on the engine's Dask or Spark cluster and outline it from its id columns; None when its senders are
    names or addresses (they get opaque ids on the driver, which needs the whole table)."""
    path = Path(path)
    if always_opaque:
        return None
    held, fmt, partitioned = hold_input(path, engine, encoding=encoding, delimiter=delimiter, workers=workers)
    try:
        columns = resolve_columns(held.header, chosen, str(path))
        frame = held.columns([column for column in columns.used() if column != columns.text])
        if needs_opaque_ids(frame[columns.sender]):
            held.close()
            return None
        frame[columns.text] = ""
        fields = {name: column for name in FIELDS if (column := columns.get(name)) is not None}
        table = table_from_frame(frame, fields, str(path))
        table.texts_kept = "on the cluster"
    except BaseException:
        held.close()
        raise
    return ClusterSource(path, fmt, table, partitioned=partitioned, held=held)


def hold_input(path: Path, engine: Engine, *, encoding: str | None = None, delimiter: str | None = None,
               workers: int = 0) -> tuple[Held, str, bool]:
    """A table (a dataset, or one CSV, JSON Lines or Parquet file) read and kept on the engine's cluster: what holds
    it, its format, and whether it was read from several files."""
    files = dataset_files(path)
    fmt = dataset_format(files, path) if files is not None else detect_format(path)
    return _hold(files or [path], fmt, encoding, delimiter, engine, workers), fmt, files is not None


def _hold(files: list[Path], fmt: str, encoding: str | None, delimiter: str | None, engine: Engine,
          workers: int) -> Held:
    """The files read and kept on the engine's cluster."""
    engine.check_installed()
    if engine.kind == "spark":
        from nicknames.distributed.held_spark import hold_on_spark

        return hold_on_spark(files, fmt, encoding, delimiter, engine.cluster, workers)
    return hold_dataset(files, fmt, encoding, delimiter, engine.cluster, workers)


@dataclass(frozen=True)
class BucketSpec:
    """One bucket: its partitions of whole scopes (numbered as all the partitions), its rows' reply context, and
    the part it is written to."""

    number: int
    partitions: list[tuple[int, list[ScopeRows]]]
    parent_senders: list[str | None]
    """Of the bucket's rows in file order."""
    threads: list[str]
    folder: Path
    format: str
    encoding: str | None
    csv_safe: bool
    single: bool
    """One output file: the rows are left in ``folder`` by range for the driver (``gather_chunks``), not as a part."""
    chunk_rows: int


@dataclass(frozen=True)
class BucketContext:
    """What every bucket shares: sent once to each worker."""

    apply: ApplyContext
    columns: Columns
    keyed: KeyedIds | None
    """The keyed style, whose codes replace the ids in the sender and recipients columns."""
    identity: IdentityColumns | None = None
    """What writes the columns of people's names and addresses as pseudonyms (``Source.identity_transform``)."""


PartitionOutcome = tuple[int, list[tuple[Replacements, list[int]]], list[Duplicate]]
"""A partition's number, each scope's records with the rows of its messages, and its duplicate names."""


def pseudonymise_on_cluster(
    source: ClusterSource,
    mapping: Mapping,
    scope: str,
    output: StrPath,
    fmt: str | None = None,
    encoding: str | None = None,
    *,
    csv_safe: bool = False,
    pseudonym: Pseudonym | None = None,
    identifiers: Iterable[str] = KINDS,
    addresses: MappingType[str, list[str]] | None = None,
    unresolved: Unresolved = Unresolved.first,
    names_of: NamesOf = NamesOf.everyone,
    whole_identifiers: bool = False,
    registered: MappingType[str, str] | None = None,
    other_texts: Iterable[str] | None = None,
    keep_columns: Sequence[str] = (),
) -> ApplyResult:
    """``pseudonymise`` with the table held on the cluster, its parts written by the workers into ``output``.

    The parts hold the rows of whole scopes (one part per bucket), each row with
    its position in the input (``nicknames_row``): sorted by it, they are the
    local engine's output. An ``output`` that is one file (CSV or JSON Lines)
    is gathered from the workers' pieces range by range, in the input's order.
    The result's frame has the id columns only.
    """
    output = Path(output)
    held = source.held
    if held is None:
        raise NicknamesError(f"{source.path}: this source was closed, and its table is no longer held on the "
                             "cluster; use it before closing it.")
    try:
        fmt = fmt or source.format
        single = not is_parted_output(output, source.partitioned)
        if not single:
            check_parts_folder(output, held.header)
        pseudonym = pseudonym or IdTemplate()
        kinds = list(identifiers)
        table = source.table
        owned = source.owned_addresses(addresses, pseudonym)
        rules = source_identifiers(source, mapping, kinds, source.participants(), owned, registered, whole_identifiers)
        everyone = MappingNames.of(mapping) if names_of is NamesOf.everyone else None
        others = side_columns(source.path, source.column_names(), source.other_text_columns(), other_texts,
                              keep_columns)
        columns = replace(table.columns, other_texts=tuple(others))
        context = BucketContext(ApplyContext(mapping, pseudonym, rules, unresolved, (), names_of, everyone),
                                columns, pseudonym if isinstance(pseudonym, KeyedIds) else None,
                                source.identity_transform(mapping, pseudonym, owned, registered or {}, keep_columns))
        parts = scope_partitions(table.scope_keys(scope), PARTITION_ROWS)
        staging = parts_staging(output)
        try:
            bucket_of, specs = _buckets(table, parts, staging, fmt, encoding, csv_safe, single)
            outcomes = [outcome for bucket in held.run_buckets(bucket_of, specs, apply_bucket, context)
                        for outcome in bucket]
            if single:
                gather_chunks(staging, len(table), held.header, output, fmt, encoding, CHUNK_ROWS)
                shutil.rmtree(staging)
            else:
                move_parts(staging, output)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    finally:
        source.close()
    return replace(_result(table, mapping, parts, outcomes), other_columns=columns.other_texts)


def _buckets(table: MessageTable, parts: list[list[ScopeRows]], folder: Path, fmt: str, encoding: str | None,
             csv_safe: bool, single: bool) -> tuple[np.ndarray, list[BucketSpec]]:
    """Consecutive partitions grouped into buckets of about ``PART_ROWS`` messages: each row's bucket, and each
    bucket's spec."""
    bucket_of = np.zeros(len(table), dtype=np.int32)
    groups: list[list[tuple[int, list[ScopeRows]]]] = []
    held = PART_ROWS
    for number, partition in enumerate(parts):
        if held >= PART_ROWS:
            groups.append([])
            held = 0
        groups[-1].append((number, partition))
        held += sum(len(rows) for _, rows in partition)
    specs = []
    for number, group in enumerate(groups):
        rows = np.sort(np.concatenate([np.asarray(rows, dtype=np.int64) for _, partition in group
                                       for _, rows in partition]))
        bucket_of[rows] = number
        specs.append(BucketSpec(
            number, group, [table.parent_senders[row] for row in rows.tolist()],
            [table.threads[row] for row in rows.tolist()], folder, fmt, encoding, csv_safe, single, CHUNK_ROWS,
        ))
    return bucket_of, specs


def apply_bucket(table: TableFile, rows: np.ndarray, spec: BucketSpec, context: BucketContext
                 ) -> list[PartitionOutcome]:
    """On a worker: a bucket's rows (as read, in file order) pseudonymised partition by partition, written as one
    part; its records and duplicate names returned."""
    columns = context.columns
    frame = used_as_strings(table.frame, columns)
    position = {row: index for index, row in enumerate(rows.tolist())}
    messages = frame_messages(frame, columns, spec.parent_senders, spec.threads)
    texts: list[str] = frame[columns.text].tolist()
    others = [table.frame[name].tolist() for name in columns.other_texts]  # as read: a cell left keeps its value
    outcomes: list[PartitionOutcome] = []
    for number, partition in spec.partitions:
        batches = [(key, [messages[position[row]] for row in scope_rows]) for key, scope_rows in partition]
        records, duplicates = [], []
        for (_, scope_rows), (_, batch), outcome in zip(partition, batches, apply_batches(batches, context.apply)):
            for row, text in zip(scope_rows, outcome.texts):
                texts[position[row]] = text
            for column, index, cell in outcome.other_changes(batch):
                others[column][position[scope_rows[index]]] = cell
            records.append((outcome.records, scope_rows))
            duplicates.extend(outcome.duplicates)
        outcomes.append((number, records, duplicates))
    new = frame.copy()
    new[columns.text] = texts
    for name, cells in zip(columns.other_texts, others):
        new[name] = cells
    if context.identity is not None:
        new = context.identity(new)
    if context.keyed is not None:
        new = keyed_id_columns(MessageTable(new, columns, ""), new, context.keyed)
    if spec.csv_safe:
        new = spreadsheet_safe(new)
    same = table if table.output_format() == spec.format else None
    if spec.single:
        write_chunks(new, rows, same, spec.folder, spec.number, spec.chunk_rows)
    else:
        write_part(new, rows, spec.folder / part_name(spec.number, spec.format), spec.format, same, spec.encoding)
    return outcomes


def _result(table: MessageTable, mapping: Mapping, parts: list[list[ScopeRows]],
            outcomes: list[PartitionOutcome]) -> ApplyResult:
    """The records of every partition, in the order of the local engine's, as its result (without the texts)."""
    outcomes.sort(key=lambda outcome: outcome[0])
    records = [record for _, scope_records, _ in outcomes for record in scope_records]
    duplicates = [duplicate for _, _, found in outcomes for duplicate in found]
    ids = table.frame[table.columns.message_id].tolist()
    scopes = sum(len(partition) for partition in parts)
    return ApplyResult(table.frame, Replacements.merged(records, ids), duplicates, scopes,
                       unknown_participants(mapping, table))

