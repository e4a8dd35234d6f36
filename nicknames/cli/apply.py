"""``nicknames apply``: replace every mapped name with its participant's pseudonym."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from nicknames.apply import apply_mapping
from nicknames.cli.common import (
    ConfigOption, EncodingOption, MessageIdColumn, ParentColumn, QuietOption, SenderColumn,
    SessionColumn, TextColumn, ThreadColumn, VerboseOption, app, config_in_use, err, load_settings, load_table,
    user_errors,
)
from nicknames.mapping_file import read_mapping
from nicknames.leftovers import find_leftovers, refuse_leftovers
from nicknames.output import atomic_output, check_outputs, refuse_stdout_over
from nicknames.pseudonyms import DEFAULT_TEMPLATE, IdTemplate
from nicknames.render import absent_warning, apply_summary, private_file_note
from nicknames.report import write_report


class Scope(str, Enum):
    """Where a participant's names are applied: where they are active."""

    thread = "thread"
    session = "session"
    all = "all"


@app.command("apply")
@user_errors
def apply_command(
    messages: Annotated[Path, typer.Argument(metavar="MESSAGES", help="Messages export (CSV).", dir_okay=False)],
    mapping_path: Annotated[Path, typer.Argument(metavar="MAPPING", help="Reviewed mapping file.",
                                                 dir_okay=False)],
    scope: Annotated[Scope, typer.Option("--scope", "-s", help="Apply each participant's names only in the "
                                         "threads, sessions or whole data set where they are active.")]
    = Scope.session,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Pseudonymised CSV (default: stdout).",
                                                dir_okay=False)] = None,
    pseudonym_format: Annotated[str, typer.Option("--format", help="Pseudonym template; {id} is the "
                                                  "participant id.")] = DEFAULT_TEMPLATE,
    report: Annotated[Path | None, typer.Option("--report", help="CSV of replacements per participant and "
                                                "name (holds real names: owner-only).", dir_okay=False)] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Refuse to finish (exit 1, nothing written) when "
                                         "a name of the mapping is still in the output.")] = False,
    verbose: VerboseOption = False,
    config: ConfigOption = None,
    encoding: EncodingOption = None,
    message_id_column: MessageIdColumn = None,
    sender_column: SenderColumn = None,
    text_column: TextColumn = None,
    parent_id_column: ParentColumn = None,
    thread_id_column: ThreadColumn = None,
    session_id_column: SessionColumn = None,
    quiet: QuietOption = False,
) -> None:
    """Replace every name in the mapping by its participant's pseudonym, scope by scope.

    Names are matched as whole words, longest first; keep-list names are left as
    they are. The output keeps every row and column of the input; only the text
    changes. A name that belongs to two participants active in one scope is
    reported and resolved by the rule shown in the warning.
    """
    check_outputs({"--output": output, "--report": report}, [messages, mapping_path, config_in_use(config)])
    if output is None:
        refuse_stdout_over([messages, mapping_path])
    pseudonym = IdTemplate(pseudonym_format)
    mapping = read_mapping(mapping_path)
    settings = load_settings(config)
    table = load_table(
        messages, settings, encoding, message_id=message_id_column, sender=sender_column,
        text=text_column, parent_id=parent_id_column, thread_id=thread_id_column,
        session_id=session_id_column,
    )
    result = apply_mapping(table, mapping, scope.value, pseudonym)
    absent_warning(err, result.unknown_participants)
    if strict:
        refuse_leftovers(find_leftovers(result.frame[table.columns.text], mapping), mapping_path)
    if output is None:
        result.frame.to_csv(sys.stdout, index=False, lineterminator="\n")
    else:
        with atomic_output(output, newline="") as stream:
            result.frame.to_csv(stream, index=False, lineterminator="\n")
    if report is not None:
        write_report(result, report)
    if not quiet:
        apply_summary(err, result, scope.value, verbose)
        if report is not None:
            private_file_note(err, report, "the report")
