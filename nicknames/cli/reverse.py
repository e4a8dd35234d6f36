"""``nicknames reverse``: restore original names or participant ids with the key file."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from nicknames.cli.common import (
    ConfigOption, EncodingOption, MessageIdColumn, QuietOption, SenderColumn, TextColumn, app, config_in_use, err,
    load_settings, load_table, user_errors,
)
from nicknames.apply.key_file import read_key_file, readable_by_others
from nicknames.io.output import atomic_output, check_outputs, refuse_stdout_over


class Restore(str, Enum):
    """What reverse writes back."""

    names = "names"
    ids = "ids"


@app.command("reverse")
@user_errors
def reverse_command(
    pseudonymised: Annotated[Path, typer.Argument(metavar="PSEUDONYMISED", help="CSV written by apply.",
                                                  dir_okay=False)],
    key_file: Annotated[Path, typer.Option("--key-file", help="The key file apply wrote.", dir_okay=False)],
    restore: Annotated[Restore, typer.Option("--restore", help="names = the original text where the key file "
                                             "recorded it (else ids); ids = participant ids for every "
                                             "pseudonym.")] = Restore.names,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Restored CSV (default: stdout). It holds "
                                                "real names: written owner-only.", dir_okay=False)] = None,
    config: ConfigOption = None,
    encoding: EncodingOption = None,
    message_id_column: MessageIdColumn = None,
    sender_column: SenderColumn = None,
    text_column: TextColumn = None,
    quiet: QuietOption = False,
) -> None:
    """Undo a pseudonymisation, for those authorised to hold the key file.

    Messages of the key file's last run come back exactly as they were; other
    messages (another export, or edited after apply) get participant ids such
    as [U43] in place of each pseudonym the key file knows.
    """
    from nicknames.apply.reverse import restore_id_columns, reverse_texts  # loads pandas: see cli/common.py
    from nicknames.io.formats import write_csv

    check_outputs({"--output": output}, [pseudonymised, key_file, config_in_use(config)])
    if output is None:
        refuse_stdout_over([pseudonymised, key_file])
    key = read_key_file(key_file)
    table = load_table(pseudonymised, load_settings(config), encoding, message_id=message_id_column,
                       sender=sender_column, text=text_column)
    columns = table.columns
    pairs = zip(table.frame[columns.message_id], table.frame[columns.text])
    result = reverse_texts(pairs, key, restore.value)
    frame = restore_id_columns(table, table.frame, key)
    frame[columns.text] = result.texts
    if output is None:
        write_csv(frame, sys.stdout)
    else:
        with atomic_output(output, private=True, newline="") as stream:
            write_csv(frame, stream)
    if not quiet:
        err.print(
            f"[bold]reverse[/]: {len(frame)} messages; {result.exact} restored exactly from the key file, "
            f"{result.by_index} with participant ids."
        )
        if readable_by_others(key_file):
            err.print(f"[yellow]Warning:[/] key file {key_file} is readable by others; chmod 600 it.")
