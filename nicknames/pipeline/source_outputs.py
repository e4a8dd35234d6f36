"""Writing a pseudonymised source back: in its own format or the one asked for, as one file, parts, or mail."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from nicknames.apply.scopes import ApplyResult
from nicknames.apply.spilled import SpilledApplyResult
from nicknames.distributed.datasets import is_parted_output, write_parts
from nicknames.io.formats import MAIL, SPREADSHEETS, STDOUT_FORMATS, SUFFIXES, TABULAR
from nicknames.io.mail.writer import write_archive
from nicknames.io.table_chunks import InputAgain
from nicknames.io.table_writer import (
    dialect_of,
    spreadsheet_safe,
    write_csv_runs,
    write_runs_as_input,
    write_table,
)
from nicknames.model.errors import OutputError
from nicknames.model.paths import StrPath
from nicknames.pipeline.side_columns import frame_texts, visible_texts
from nicknames.pipeline.source_jobs import ArchiveApplyResult
from nicknames.pipeline.sources import Source


def result_texts(source: Source, result: ApplyResult) -> list[str]:
    """The pseudonymised texts of a result, one per message: for mail, the subject and the body."""
    frame = result.frame
    if isinstance(result, ArchiveApplyResult):
        return [f"{subject}\n{text}" for subject, text in zip(frame["subject"], frame["text"])]
    texts: list[str] = frame[source.table.columns.text].tolist()
    return texts


def result_pairs(source: Source, result: ApplyResult) -> Iterable[tuple[str, str]]:
    """(message id, pseudonymised text) of every message, in order, its cells of other prose after its text
    (``visible_texts``): for a table kept on disk, read run by run from the spill folder (``--strict`` audits them
    without holding them)."""
    ids = source.table.columns.message_id
    if isinstance(result, SpilledApplyResult):
        text = result.text_column
        return (pair for frame in result.runs() for pair in frame_texts(frame, ids, text, result.other_columns))
    frame = result.frame
    return visible_texts(frame[ids].tolist(), result_texts(source, result),
                     {name: frame[name].tolist() for name in result.other_columns})


def check_output(input_format: str, fmt: str | None, output: Path | None, *, csv_safe: bool = False) -> None:
    """Refuse, before any work, an output the input cannot become or that cannot go to stdout."""
    fmt = fmt or ("csv" if input_format in SPREADSHEETS else input_format)
    if output is not None and SUFFIXES.get(output.suffix.lower()) in SPREADSHEETS:
        raise OutputError(f"{output}: the output cannot be a spreadsheet; name a .csv file (Excel opens it; "
                          "add --output-encoding utf-8-sig so that accents show right).")
    if csv_safe and fmt != "csv":
        raise OutputError(f"--csv-safe is for CSV output, and this output is {fmt}; leave it out, or add "
                          "--output-format csv for a table to open in a spreadsheet.")
    if fmt in MAIL and input_format not in MAIL:
        raise OutputError(f"A {input_format} table cannot be written as {fmt}; choose one of {', '.join(TABULAR)}.")
    if output is None and fmt not in STDOUT_FORMATS:
        what = "Parquet output is binary" if fmt == "parquet" else "A folder of .eml files"
        raise OutputError(f"{what} and cannot go to standard output; name the output with --output.")


def write_output(
    source: Source,
    result: ApplyResult,
    output: StrPath | None,
    fmt: str | None = None,
    encoding: str | None = None,
    *,
    csv_safe: bool = False,
) -> None:
    """Write the pseudonymised source in its own format (CSV for a spreadsheet), or in ``fmt``.

    ``encoding`` is a text table's output encoding (default: UTF-8, with a byte order mark when the input had one).
    ``csv_safe`` prefixes cells that a spreadsheet would run as formulas with ``'`` (CSV only).
    An ``output`` that is a folder (an existing one, or for a partitioned input a path without a file ending)
    gets the table as parts with an order column (see ``nicknames.distributed.datasets.write_parts``).
    """
    output = None if output is None else Path(output)
    check_output(source.format, fmt, output, csv_safe=csv_safe)
    fmt = fmt or (source.table_file.output_format() if source.table_file else source.format)
    if isinstance(result, SpilledApplyResult) and fmt == "csv":
        write_csv_runs(result.csv_runs(), output, dialect_of(source.table_file), encoding, csv_safe=csv_safe)
    elif isinstance(result, SpilledApplyResult):
        _write_spilled(source, result, output, fmt, encoding)
    elif fmt in TABULAR:
        frame = spreadsheet_safe(result.frame) if csv_safe else result.frame
        if output is not None and is_parted_output(output, source.partitioned):
            write_parts(frame, output, fmt, source.table_file, encoding)
        else:
            write_table(frame, output, fmt, source.table_file, encoding)
    elif isinstance(result, ArchiveApplyResult):
        write_archive(result.messages, output, fmt)


def _write_spilled(source: Source, result: SpilledApplyResult, output: Path | None, fmt: str,
                   encoding: str | None) -> None:
    """A table kept on disk written as JSON Lines or Parquet, run by run; in the input's own format, its records or
    types are read again from the input for every run (kept where nothing changed)."""
    again = InputAgain(source.path, fmt, source.encoding) if fmt == source.format else None
    changed = [result.text_column] if len(result.replacements) else []  # as for the whole table: a text column
    changed += [column for column in result.other_columns if result.spilled and result.spilled.changed(column)]
    write_runs_as_input(result.runs(), output, fmt, again, encoding, changed=changed)  # changed anywhere is text
