"""``nicknames apply``: replace every mapped name with its participant's pseudonym."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from nicknames.formats import check_format, detect_format
from nicknames.mail.participants import key_path
from nicknames.cli.common import (
    AddressKeyOption, ConfigOption, EncodingOption, MessageIdColumn, ParentColumn, QuietOption, SenderColumn,
    SessionColumn, TextColumn, ThreadColumn, app, err, load_settings, load_source, user_errors,
)
from nicknames.mapping_file import read_mapping
from nicknames.output import refuse_overwrite
from nicknames.pseudonyms import DEFAULT_TEMPLATE, IdTemplate
from nicknames.render import apply_summary
from nicknames.report import write_report
from nicknames.sources import apply_source, check_output, open_address_key, write_output


class Scope(str, Enum):
    """Where a participant's names are applied: where they are active."""

    thread = "thread"
    session = "session"
    all = "all"


@app.command("apply")
@user_errors
def apply_command(
    messages: Annotated[Path, typer.Argument(metavar="MESSAGES", help="Messages export: CSV, JSON Lines, "
                                             "Parquet, an mbox file or a folder of .eml files.")],
    mapping_path: Annotated[Path, typer.Argument(metavar="MAPPING", help="Reviewed mapping file.",
                                                 dir_okay=False)],
    scope: Annotated[Scope, typer.Option("--scope", "-s", help="Apply each participant's names only in the "
                                         "threads, sessions or whole data set where they are active.")]
    = Scope.session,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Pseudonymised export in the input's "
                                                "format (default: stdout; Parquet and .eml need a path).")] = None,
    output_format: Annotated[str | None, typer.Option("--output-format", help="Write csv, jsonl, parquet, mbox "
                                                      "or eml instead of the input's format.")] = None,
    pseudonym_format: Annotated[str, typer.Option("--format", help="Pseudonym template; {id} is the "
                                                  "participant id.")] = DEFAULT_TEMPLATE,
    report: Annotated[Path | None, typer.Option("--report", help="CSV of replacements per participant and "
                                                "name (holds real names: owner-only).", dir_okay=False)] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show names in warnings.")] = False,
    config: ConfigOption = None,
    encoding: EncodingOption = None,
    message_id_column: MessageIdColumn = None,
    sender_column: SenderColumn = None,
    text_column: TextColumn = None,
    parent_id_column: ParentColumn = None,
    thread_id_column: ThreadColumn = None,
    session_id_column: SessionColumn = None,
    address_key: AddressKeyOption = None,
    quiet: QuietOption = False,
) -> None:
    """Replace every name in the mapping by its participant's pseudonym, scope by scope.

    Names are matched as whole words, longest first; keep-list names are left as
    they are. The output keeps every row and column of the input; only the text
    changes. A name that belongs to two participants active in one scope is
    reported and resolved by the rule shown in the warning.

    Mail comes out as mail that mail tools open: names replaced in subjects and
    bodies (quotes as their authors' text), addresses and display names
    pseudonymised, Message-IDs renumbered consistently, identifying headers
    dropped (see docs/mail.md).
    """
    for target in (output, report):
        if target is not None:
            refuse_overwrite(target, [messages, mapping_path])
    fmt = check_format(output_format)
    check_output(detect_format(messages), fmt, output)
    pseudonym = IdTemplate(pseudonym_format)
    mapping = read_mapping(mapping_path)
    settings = load_settings(config)
    key = open_address_key(messages, address_key or key_path(mapping_path), must_exist=True)
    source = load_source(
        messages, settings, encoding, key, message_id=message_id_column, sender=sender_column,
        text=text_column, parent_id=parent_id_column, thread_id=thread_id_column,
        session_id=session_id_column,
    )
    result = apply_source(source, mapping, scope.value, pseudonym)
    write_output(source, result, output, fmt)
    if report is not None:
        write_report(result, report)
    if not quiet:
        apply_summary(err, result, scope.value, verbose)
