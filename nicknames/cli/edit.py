"""``nicknames edit``: review the mapping in a terminal UI, then save it with a backup."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from nicknames.io.backup import save_with_backup
from nicknames.cli.common import (
    ConfigOption, EncodingOption, MessageIdColumn, ParentColumn, SenderColumn, SessionColumn, TextColumn,
    ThreadColumn, app, err, load_settings, load_table, user_errors,
)
from nicknames.io.mapping_file import read_mapping


@app.command("edit")
@user_errors
def edit_command(
    mapping_path: Annotated[Path, typer.Argument(metavar="MAPPING", help="Mapping file to review.",
                                                 dir_okay=False)],
    messages: Annotated[Path | None, typer.Option(
        "--messages", help="Messages export (CSV), to see where each name occurs and which names are "
        "duplicates in a scope.", dir_okay=False)] = None,
    class_list: Annotated[Path | None, typer.Option(
        "--class-list", help="CSV of participant id and registered full name, shown beside each id.",
        dir_okay=False)] = None,
    scope: Annotated[str | None, typer.Option(
        "--scope", "-s", help="Scope of the duplicate check, as in apply: thread, session or all "
        "(default: session, or thread when there is no session column).")] = None,
    config: ConfigOption = None,
    encoding: EncodingOption = None,
    message_id_column: MessageIdColumn = None,
    sender_column: SenderColumn = None,
    text_column: TextColumn = None,
    parent_id_column: ParentColumn = None,
    thread_id_column: ThreadColumn = None,
    session_id_column: SessionColumn = None,
) -> None:
    """Review the mapping in a terminal editor: accept, reject, add, correct, move and merge names.

    Ctrl+S saves and quits: the file is replaced atomically, the previous
    version is kept as MAPPING.bak, both owner-only. Quitting without saving
    leaves the file untouched. Press ? in the editor for all keys.
    """
    from nicknames.io.class_list import read_class_list  # these load pandas: see cli/common.py
    from nicknames.model.messages import SCOPES

    if scope is not None and scope not in SCOPES:
        raise typer.BadParameter(f"choose one of {', '.join(SCOPES)}", param_hint="--scope")
    mapping = read_mapping(mapping_path)
    original = mapping_path.read_bytes()
    settings = load_settings(config)
    table = None
    if messages is not None:
        table = load_table(
            messages, settings, encoding, message_id=message_id_column, sender=sender_column,
            text=text_column, parent_id=parent_id_column, thread_id=thread_id_column,
            session_id=session_id_column,
        )
        if scope is not None:
            table.scope_keys(scope)
    roster = read_class_list(class_list, encoding or settings.encoding) if class_list else None
    from nicknames.tui import EditorApp  # deferred: Textual takes a while to import and only edit needs it

    result = EditorApp(mapping, table, roster, scope).run()
    if result is None:
        err.print("Quit without saving; the mapping file is unchanged.")
        return
    backup = save_with_backup(result, mapping_path, original)
    if backup is None:
        err.print("No changes to save; the mapping file is unchanged.")
    else:
        err.print(f"Saved [bold]{escape(str(mapping_path))}[/] (owner-only); the previous version is in "
                  f"[bold]{escape(str(backup))}[/].")

