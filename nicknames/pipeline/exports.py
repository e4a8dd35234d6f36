"""Open an export where its texts fit: kept on disk, held on a cluster's workers, or read whole.

The one choice the command line and the library share. A CSV, JSON Lines or
Parquet file of ``SPILL_MIN_BYTES`` or more is kept on disk
(``open_spilled_source``; senders that are names or addresses get their opaque
ids there too): this
machine holds its id columns, its messages stay in a private temporary folder
that the source owns and removes when it is closed (``with open_source(path)
as source:``), or at the latest when it is garbage collected or the
interpreter exits. With a Dask or Spark engine, a table can stay on the
cluster's workers (``open_on_cluster``). Anything else is read whole
(``read_source``). Collect, apply and the output's writer work on each
kind and give the same results.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping as MappingType
from dataclasses import dataclass
from pathlib import Path

from nicknames.distributed.engines import Engine
from nicknames.engine.spill import private_folder, removed_with
from nicknames.io.formats import MAIL, detect_format
from nicknames.io.mail.participants import AddressKey, read_key
from nicknames.model.paths import StrPath
from nicknames.pipeline.on_cluster import (
    collects_on_cluster,
    keeps_texts_on_cluster,
    open_on_cluster,
)
from nicknames.pipeline.sources import Source, read_source
from nicknames.pipeline.spilled_source import (
    can_spill,
    is_large_table,
    open_spilled_source,
)


@dataclass(frozen=True)
class Placement:
    """Where an export opened for a command may keep its texts (each only where the export allows it)."""

    on_disk: bool = True
    """A large table file is kept on disk (``is_large_table``)."""
    on_cluster: bool = False
    """A table stays on the workers of a Dask or Spark engine."""


def collect_placement(path: Path, engine: Engine | None) -> Placement:
    """Collect reads the texts where they are: on disk for a large table file, on the cluster for a table."""
    return Placement(on_disk=True, on_cluster=collects_on_cluster(engine, path))


def apply_placement(path: Path, engine: Engine | None, output: Path | None, fmt: str | None, *, strict: bool,
                    style: str | None) -> Placement:
    """Apply keeps a large table file on disk when it writes one file or stdout (``can_spill``); it keeps a table on
    the cluster when the workers can write the output (``keeps_texts_on_cluster``)."""
    return Placement(on_disk=can_spill(path, output, fmt),
                     on_cluster=keeps_texts_on_cluster(engine, path, output, strict=strict, style=style, fmt=fmt))


def open_source(
    path: StrPath,
    chosen: MappingType[str, str] | None = None,
    encoding: str | None = None,
    *,
    fmt: str | None = None,
    address_key: AddressKey | None = None,
    delimiter: str | None = None,
    sheet: str | None = None,
    opaque_senders: bool = False,
    engine: Engine | None = None,
    on_disk: bool = True,
    on_cluster: bool = False,
    workers: int = 0,
) -> Source:
    """Open an export of any supported format, its texts kept where they fit; ``fmt`` overrides the format found
    from the path.

    ``on_disk``: a CSV, JSON Lines or Parquet file of ``SPILL_MIN_BYTES`` or more (64 MB) is kept on disk, in a
    private temporary folder the source removes when it is closed. ``on_cluster``: with a Dask or Spark ``engine``,
    a table stays on its workers (a ``ClusterSource``, of ``workers`` local workers when the engine names no
    cluster). Else the export is read whole (``read_source``: the other options are its own).
    """
    path = Path(path)
    chosen = chosen or {}
    if on_cluster and engine is not None and engine.remote:
        held = open_on_cluster(path, chosen, engine, encoding=encoding, delimiter=delimiter,
                               always_opaque=opaque_senders, workers=workers)
        if held is not None:
            return held
    if on_disk and (engine is None or not engine.remote) and is_large_table(path) and fmt in (None, detect_format(path)):
        return _open_on_disk(path, chosen, encoding, delimiter, address_key, opaque_senders)
    return read_source(path, chosen, encoding, fmt=fmt, address_key=address_key, delimiter=delimiter, sheet=sheet,
                       opaque_senders=opaque_senders, engine=engine)


def _open_on_disk(path: Path, chosen: MappingType[str, str], encoding: str | None, delimiter: str | None,
                  address_key: AddressKey | None, opaque: bool) -> Source:
    """A large table file kept in a spill folder the source owns (removed if it cannot be opened)."""
    root = private_folder()
    try:
        source = open_spilled_source(path, root, chosen, encoding, delimiter=delimiter, address_key=address_key,
                                     opaque=opaque)
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    source.release = removed_with(source, root)
    return source


def open_address_key(messages: Path, key_file: Path, *, must_exist: bool) -> AddressKey | None:
    """The address key: for a mail archive, a new one when allowed and absent; for a table, the key when it exists.

    A table needs the key only when its senders are names or addresses (see ``nicknames.io.sender_ids``).
    """
    if detect_format(messages) not in MAIL:
        return read_key(key_file) if key_file.is_file() else None
    if key_file.exists() or must_exist:
        return read_key(key_file)
    return AddressKey()
