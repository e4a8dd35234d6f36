"""Rich renderings of results for the terminal (stderr summaries and tables)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape

from nicknames.cli.render_measures import plural

if TYPE_CHECKING:  # only for annotations: these modules load pandas and the rules, which --help does without
    from rich.progress import Progress, TaskID

    from nicknames.apply.scopes import ApplyResult
    from nicknames.collect.candidates import CollectResult
    from nicknames.model.replies import ReplyCheck

MAX_ROWS = 10
"""Rows shown in a summary table before "... and N more"."""


def collect_summary(console: Console, result: CollectResult, output: Path, merged: bool) -> None:
    """Participants, names, shared names and participants without names, as collect found them."""
    from rich.table import Table

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


def apply_summary(console: Console, result: ApplyResult, scope: str, show_names: bool) -> None:
    """Messages changed, replacements, and each duplicate name with the rule that resolved it."""
    console.print(
        f"[bold]apply[/] (scope {scope}): {plural(result.message_count(), 'message')} in "
        f"{plural(result.scopes, 'scope')}, {result.changed_messages()} changed, "
        f"{plural(result.replacement_count(), 'name')} replaced."
    )
    if result.duplicates:
        _duplicates(console, result, show_names)


def _duplicates(console: Console, result: ApplyResult, show_names: bool) -> None:
    scopes = len({duplicate.scope for duplicate in result.duplicates})
    console.print(
        f"[yellow]Warning:[/] {plural(len(result.duplicates), 'name')} "
        f"belong{'s' if len(result.duplicates) == 1 else ''} to several participants active in the "
        f"same scope ({plural(scopes, 'scope')}); each mention was decided from its context (sign-off, greeting, "
        "reply, thread) as docs/workflow.md explains."
        + ("" if show_names else " Add --verbose to list them.")
    )
    if not show_names:
        return
    from rich.table import Table

    table = Table("scope", "name", "participants")
    for duplicate in result.duplicates[:MAX_ROWS]:
        table.add_row(escape(duplicate.scope or "all"), escape(duplicate.name), escape(", ".join(duplicate.participants)))
    console.print(table)
    if len(result.duplicates) > MAX_ROWS:
        console.print(f"... and {len(result.duplicates) - MAX_ROWS} more.")


def reply_warnings(console: Console, replies: ReplyCheck) -> None:
    """Warn, with counts, about parent ids that point nowhere and parent links that loop."""
    if replies.missing_parents:
        console.print(
            f"[yellow]Warning:[/] {_messages(replies.missing_parents, 'replies', 'reply')} to a parent id that is not in the file; "
            "a greeting in them cannot be attributed to anyone (check the parent id column)."
        )
    if replies.in_cycles:
        console.print(
            f"[yellow]Warning:[/] {_messages(replies.in_cycles, 'is', 'are')} on loops of parent links (a message that is "
            "its own ancestor); each loop is taken as one thread (check the parent id column)."
        )


def _messages(count: int, singular_verb: str, plural_verb: str) -> str:
    return f"1 message {singular_verb}" if count == 1 else f"{count} messages {plural_verb}"


def headerless_warning(console: Console, places: list[str]) -> None:
    """Warn about mail messages without any header: a broken envelope line, or text that is not mail."""
    if places:
        more = f" and {len(places) - 3} more" if len(places) > 3 else ""
        console.print(
            f"[yellow]Warning:[/] {_messages(len(places), 'has', 'have')} no mail headers ({escape('; '.join(places[:3]))}"
            f"{more}); they are read as text without sender or date: check the archive's From lines there."
        )


def empty_mapping_warning(console: Console, mapping_path: Path) -> None:
    """Warn that a mapping gives no name to replace, so apply changes only identifiers."""
    console.print(
        f"[yellow]Warning:[/] mapping file {escape(str(mapping_path))} has no names to replace (it is empty, or "
        "every name in it is rejected); only identifiers are replaced: run nicknames collect to fill it, or "
        "check that it is the mapping you meant."
    )


def other_text_note(console: Console, columns: list[str], mapping: Path, output: Path | None) -> None:
    """Say that names in columns of prose besides the text (a title, a subject) are replaced too, and how to audit
    them."""
    if columns:
        named, one = _named_columns(columns)
        out = escape(str(output)) if output is not None else "OUT"
        console.print(
            f"[yellow]Note:[/] names in {named} are replaced as in "
            f"the text, and audit reads {'it' if one else 'them'} with the text (the report, review and key file "
            f"record the text's replacements only); nicknames audit {out} -m {escape(str(mapping))} --text-column "
            f"{escape(columns[0])} audits {'it' if one else 'one'} alone."
        )


def identity_columns_note(console: Console, columns: list[str]) -> None:
    """Say which columns of people's names or addresses were written as pseudonyms."""
    if columns:
        named, one = _named_columns(columns)
        console.print(
            f"[yellow]Note:[/] {named} {'holds' if one else 'hold'} "
            "people's names, addresses or user names: each value is written as its person's pseudonym (an address "
            "as their pseudonymous address; a value of nobody in the mapping or class list as [PERSON], [EMAIL] or "
            "[HANDLE]); see docs/workflow.md."
        )


def named_columns_warning(console: Console, columns: list[str]) -> None:
    """Warn that columns beside the text, named for no prose or person, hold participants' full names and are
    written as read (see ``pipeline.named_columns``)."""
    if columns:
        named, one = _named_columns(columns)
        keep = " ".join(f"--keep-column {escape(column)}" for column in columns)
        console.print(
            f"[yellow]Warning:[/] {named} {'holds' if one else 'hold'} participants' full names (a chat's user "
            f"profile, an editor's name) and {'is' if one else 'are'} written as read: remove "
            f"{'it' if one else 'them'} from the export before sharing the output, or, to say "
            f"{'it is' if one else 'they are'} meant to stay, {keep}."
        )


def reverse_side_note(console: Console, columns: list[str]) -> None:
    """Say which columns beside the text keep the pseudonyms apply wrote: reverse restores the text column."""
    if columns:
        named, one = _named_columns(columns)
        console.print(
            f"[yellow]Note:[/] reverse restores the text column (and, for keyed codes, the sender and recipients): "
            f"{named} {'keeps' if one else 'keep'} the pseudonyms apply wrote, as the key file records the text's "
            "replacements only."
        )


def _named_columns(columns: list[str]) -> tuple[str, bool]:
    """``the column 'title'`` or ``the columns 'title', 'subject'`` (markup escaped), and whether there is one."""
    one = len(columns) == 1
    shown = ", ".join(repr(column) for column in columns)
    return f"the {'column' if one else 'columns'} {escape(shown)}", one


def new_senders_warning(console: Console, senders: list[str], key_file: Path) -> None:
    """Warn about senders whose address was not in the address key: new ids, and no names to replace."""
    if senders:
        shown = ", ".join(escape(sender) for sender in senders[:MAX_ROWS])
        more = f" and {len(senders) - MAX_ROWS} more" if len(senders) > MAX_ROWS else ""
        console.print(
            f"[yellow]Warning:[/] {plural(len(senders), 'sender')} of this archive {'is' if len(senders) == 1 else 'are'} "
            f"in neither the address key {escape(str(key_file))} nor the mapping ({shown}{more}): they got new ids "
            "and their names (a sign-off, say) are not replaced; run nicknames collect on this archive, review, "
            "then apply again."
        )


def absent_warning(console: Console, participants: list[str]) -> None:
    """Warn that the mapping names participants who sent no message in this file."""
    if participants:
        shown = ", ".join(escape(participant) for participant in participants[:MAX_ROWS])
        more = f" and {len(participants) - MAX_ROWS} more" if len(participants) > MAX_ROWS else ""
        console.print(
            f"[yellow]Warning:[/] {len(participants)} participants of the mapping sent no message in this file "
            f"({shown}{more}); check that mapping and messages belong together."
        )


def private_file_note(console: Console, path: Path, what: str) -> None:
    """Say where a file holding real names was written, and that only its owner can read it."""
    console.print(
        f"Wrote {what} [bold]{escape(str(path))}[/] with owner-only permissions: it holds real names, "
        "so keep it apart from the data you share."
    )


def pseudonym_summary(
    console: Console, result: ApplyResult, style: str, key_file: Path | None, review_file: Path | None = None,
    guesses: frozenset[tuple[str, str]] = frozenset(),
) -> None:
    """Identifiers replaced per kind, shared-name decisions per rule, mentions to review (``guesses``: the
    mapping's namesake guesses, see ``nicknames.pipeline.report``), the key file."""
    kinds = result.identifier_kinds()
    if kinds:
        console.print("Identifiers replaced: " + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())) + ".")
    rules = result.shared_rules()
    if rules:
        from nicknames.apply.substitute import RULES

        console.print(
            f"Shared names: {sum(rules.values())} mentions decided by "
            + ", ".join(f"{rule} {rules[rule]}" for rule in RULES if rule in rules) + "."
        )
    from nicknames.pipeline.report import guessed_count

    listed = (f"(they are listed first in {escape(str(review_file))})." if review_file is not None
              else "(list them with --review FILE).")
    review = result.review_count()
    if review:
        console.print(f"[yellow]Review:[/] {review} mentions of shared names had no deciding context {listed}")
    guessed = guessed_count(result, guesses)
    if guessed:
        console.print(f"[yellow]Review:[/] {guessed} mentions of names guessed among registered namesakes (tagged "
                      f"namesake) carry the first namesake's pseudonym {listed}")
    if key_file is not None:
        console.print(
            f"Style {style}; key file [bold]{escape(str(key_file))}[/] written (owner-only: it can undo the "
            "pseudonymisation; keep it apart from the output)."
        )
    elif style != "id":
        console.print(f"Style {style} without --key-file: this output cannot be reversed, nor extended consistently.")


class ProgressBar:
    """A rich progress bar on stderr for ``worker_progress.Progress``; silent unless stderr is a terminal.

    The time spent keeps running between counts, and the steps that count no messages (the
    outline pass, the suggestions at the end) are named, so a long step never looks frozen.
    """

    def __init__(self, console: Console, description: str, enabled: bool = True) -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.enabled = enabled and console.is_terminal
        self.progress: Progress = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("messages"),
            TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=True, disable=not self.enabled,
        )
        self.description = description
        self.task: TaskID | None = None

    def __enter__(self) -> ProgressBar:
        self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()

    def step(self, what: str) -> None:
        """Name the step under way ("reading the outline"); before ``start`` the bar has no length yet."""
        description = f"{self.description}: {what}"
        if self.task is None:
            self.task = self.progress.add_task(description, total=None)
        else:
            self.progress.update(self.task, description=description)

    def start(self, total: int) -> None:
        """Show the bar for ``total`` messages."""
        if self.task is None:
            self.task = self.progress.add_task(self.description, total=total)
        else:
            self.progress.update(self.task, description=self.description, total=total, completed=0)

    def advance(self, done: int) -> None:
        """Move the bar on by ``done`` messages."""
        if self.task is not None:
            self.progress.advance(self.task, done)
