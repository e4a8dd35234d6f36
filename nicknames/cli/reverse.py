"""``nicknames reverse``: restore original names or participant ids with the key file."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from nicknames.cli.common import (
    InputOptions,
    QuietOption,
    app,
    config_in_use,
    err,
    input_options,
    load_source,
    user_errors,
    warn_if_exposed,
)
from nicknames.cli.render import reverse_side_note
from nicknames.model.errors import InputError


class Restore(str, Enum):
    """What reverse writes back."""

    names = "names"
    ids = "ids"


@app.command("reverse")
@user_errors
@input_options
def reverse_command(
    pseudonymised: Annotated[Path, typer.Argument(metavar="PSEUDONYMISED", help="Table written by apply (CSV, JSON Lines, Parquet).",
                                                  dir_okay=False)],
    key_file: Annotated[Path, typer.Option("--key-file", help="The key file apply wrote.", dir_okay=False)],
    restore: Annotated[Restore, typer.Option("--restore", help="names = the original text where the key file "
                                             "recorded it (else ids); ids = participant ids for every "
                                             "pseudonym.")] = Restore.names,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Restored CSV (default: stdout). It holds "
                                                "real names: written owner-only.", dir_okay=False)] = None,
    quiet: QuietOption = False,
    *,
    inputs: InputOptions,
) -> None:
    """Undo a pseudonymisation, for those authorised to hold the key file.

    Messages of the key file's last run come back exactly as they were; other
    messages (another export, or edited after apply) get participant ids such
    as [U43] in place of each pseudonym the key file knows. Only the text
    column is restored (and, for keyed codes, the sender and recipients):
    columns beside it that apply pseudonymised (a title, an author's name or
    address) keep their pseudonyms, and a note names them.
    """
    from nicknames.apply.key_file import read_key_file, readable_by_others
    from nicknames.apply.reverse import (  # these load pandas: see cli/common.py
        restore_id_columns,
        reverse_texts,
    )
    from nicknames.io.formats import MAIL, detect_format
    from nicknames.io.output import atomic_output, check_outputs, refuse_stdout_over
    from nicknames.io.table_writer import dialect_of, write_csv

    if detect_format(pseudonymised) in MAIL:
        raise InputError(f"{pseudonymised} is a mail archive; reverse restores tables only (CSV, spreadsheet, "
                         "JSON Lines, Parquet): apply the archive with -o out.csv to get a table it can reverse.")

    check_outputs({"--output": output}, [pseudonymised, key_file, config_in_use(inputs.config)])
    if output is None:
        refuse_stdout_over([pseudonymised, key_file])
    key = read_key_file(key_file)
    source = load_source(pseudonymised, inputs)
    table = source.table
    dialect = dialect_of(source.table_file)
    columns = table.columns
    pairs = zip(table.frame[columns.message_id], table.frame[columns.text])
    result = reverse_texts(pairs, key, restore.value)
    frame = restore_id_columns(table, table.frame, key)
    frame[columns.text] = result.texts
    # The restored CSV is written as the pseudonymised one was: same delimiter, line ends and byte order mark.
    if output is None:
        write_csv(frame, sys.stdout, dialect)
    else:
        with atomic_output(output, private=True, newline="", encoding="utf-8-sig" if dialect.bom else "utf-8") as stream:
            write_csv(frame, stream, dialect)
    warn_if_exposed(output)
    if not quiet:
        err.print(
            f"[bold]reverse[/]: {len(frame)} messages; {result.exact} restored exactly from the key file, "
            f"{result.by_index} with participant ids."
        )
        reverse_side_note(err, [*source.other_text_columns(), *source.identity_columns()])
        if readable_by_others(key_file):
            err.print(f"[yellow]Warning:[/] key file {key_file} is readable by others; chmod 600 it.")
