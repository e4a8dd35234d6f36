"""Rich renderings of results for the terminal (stderr summaries and tables)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from nicknames.apply import ApplyResult
from nicknames.apply_stream import ApplySummary
from nicknames.collect import CollectResult
from nicknames.substitute import RULES

MAX_ROWS = 10
"""Rows shown in a summary table before "... and N more"."""


def collect_summary(console: Console, result: CollectResult, output: Path, merged: bool) -> None:
    """Participants, names, shared names and participants without names, as collect found them."""
    mapping, stats = result.mapping, result.stats
    connections = mapping.connections()
    shared = mapping.shared_names()
    empty = [pid for pid in mapping.participants if not mapping.names_in_use(pid)]
    table = Table(title="collect", show_header=False, title_justify="left")
    table.add_row("messages read", str(stats.messages))
    table.add_row("greetings / sign-offs found", f"{stats.greetings} / {stats.signoffs}")
    table.add_row("greetings with no known parent", str(stats.greetings_without_parent))
    table.add_row("participants", str(len(mapping.participants)))
    table.add_row("distinct names", str(len({name for _, name in connections})))
    table.add_row("participant–name connections", str(len(connections)))
    table.add_row("names used by several participants", str(len(shared)))
    table.add_row("participants with no names", str(len(empty)))
    console.print(table)
    action = "Merged into" if merged else "Wrote"
    console.print(
        f"{action} [bold]{escape(str(output))}[/] (owner-only permissions: it holds real names; "
        "keep it apart from the data you share). Review it with [bold]nicknames edit[/] or any text editor."
    )


def apply_summary(console: Console, result: ApplyResult | ApplySummary, scope: str, show_names: bool) -> None:
    """Messages changed, replacements, and each duplicate name with the rule that resolved it."""
    console.print(
        f"[bold]apply[/] (scope {scope}): {result.message_count()} messages in {result.scopes} scopes, "
        f"{result.changed_messages()} changed, {result.replacement_count()} names replaced."
    )
    if result.unknown_participants:
        console.print(
            f"[yellow]Warning:[/] {len(result.unknown_participants)} participants of the mapping sent no "
            "message in this file; check that mapping and messages belong together."
        )
    if result.duplicates:
        _duplicates(console, result, show_names)


def _duplicates(console: Console, result: ApplyResult | ApplySummary, show_names: bool) -> None:
    console.print(
        f"[yellow]Warning:[/] {len(result.duplicates)} names belong to several participants active in "
        "the same scope; each mention went to the first of: " + "; ".join(
            f"{rule} ({text})" for rule, text in RULES.items() if rule != "only"
        ) + "."
    )
    table = Table("scope", "name", "participants")
    for duplicate in result.duplicates[:MAX_ROWS]:
        name = escape(duplicate.name) if show_names else "(hidden; use --verbose)"
        table.add_row(escape(duplicate.scope or "all"), name, escape(", ".join(duplicate.participants)))
    console.print(table)
    if len(result.duplicates) > MAX_ROWS:
        console.print(f"... and {len(result.duplicates) - MAX_ROWS} more (see --report).")
