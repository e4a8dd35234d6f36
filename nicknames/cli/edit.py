"""``nicknames edit``: review the mapping in a terminal UI, then save it with a backup."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from nicknames.cli.common import (
    InputOptions,
    ScopeOption,
    app,
    err,
    input_options,
    load_source,
    user_errors,
    warn_if_exposed,
)
from nicknames.model.scope import Scope


@app.command("edit")
@user_errors
@input_options
def edit_command(
    mapping_path: Annotated[Path, typer.Argument(metavar="MAPPING", help="Mapping file to review.",
                                                 dir_okay=False)],
    messages: Annotated[Path | None, typer.Option(
        "--messages", help="Messages export in any format apply reads (CSV, spreadsheet, JSON Lines, Parquet, "
        "mbox, .eml folder), to see where each name occurs and which names are duplicates in a scope.")] = None,
    class_list: Annotated[Path | None, typer.Option(
        "--class-list", help="CSV of participant id and registered full name, shown beside each id.",
        dir_okay=False)] = None,
    scope: ScopeOption = Scope.session,
    *,
    inputs: InputOptions,
) -> None:
    """Review the mapping in a terminal editor: accept, reject, add, correct, move and merge names.

    Ctrl+S saves and quits: the file is replaced atomically, the previous
    version is kept as MAPPING.bak, both owner-only. Quitting without saving
    leaves the file untouched. Press ? in the editor for all keys.
    """
    from nicknames.io.backup import save_with_backup
    from nicknames.io.class_list import (
        read_class_list,  # these load pandas: see cli/common.py
    )
    from nicknames.io.mapping_file import read_mapping

    mapping = read_mapping(mapping_path)
    original = mapping_path.read_bytes()
    settings = inputs.settings()
    table = None
    if messages is not None:
        from nicknames.io.mail.participants import key_path
        from nicknames.pipeline.exports import open_address_key

        # Mail: the ids of the mapping are those of the address key beside it.
        key = open_address_key(messages, key_path(mapping_path), must_exist=True)
        source = load_source(messages, inputs, key)
        table = source.table
        note = table.one_session_note(scope.value) if source.archive is None else None
        if note is not None:
            err.print(f"[yellow]Note:[/] {escape(note)}")
    roster = read_class_list(class_list, inputs.encoding or settings.encoding) if class_list else None
    from nicknames.tui import (
        EditorApp,  # deferred: Textual takes a while to import and only edit needs it
    )

    result = EditorApp(mapping, table, roster, scope.value).run()
    if result is None:
        err.print("Quit without saving; the mapping file is unchanged.")
        return
    backup = save_with_backup(result, mapping_path, original)
    warn_if_exposed(mapping_path, backup)
    if backup is None:
        err.print("No changes to save; the mapping file is unchanged.")
    else:
        err.print(f"Saved [bold]{escape(str(mapping_path))}[/] (owner-only); the previous version is in "
                  f"[bold]{escape(str(backup))}[/].")

