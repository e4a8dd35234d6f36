"""What every command shares: the app, the stderr console, error handling and input options."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from nicknames.io.config import CONFIG_NAME, Config, load_config
from nicknames.model.errors import NicknamesError
from nicknames.cli.render import headerless_warning, reply_warnings
from nicknames.io.input_files import readable_again
from nicknames.io.interrupts import exit_status, stop_message

if TYPE_CHECKING:
    from nicknames.io.mail.participants import AddressKey
    from nicknames.model.messages import MessageTable
    from nicknames.pipeline.sources import Source

# Commands import the core modules that load pandas (tables, sources, formats) inside their
# functions: ``nicknames --help`` and a mistyped option answer without that second of start-up,
# and a Ctrl-C while those imports run is handled by ``user_errors`` like any other.

app = typer.Typer(
    name="nicknames",
    help=(
        "Find every name participants use for each other in e-mail and forum threads, "
        "review them, and replace them with one consistent pseudonym per person.\n\n"
        "Workflow: nicknames collect → review the mapping (nicknames edit, or any text editor) "
        "→ nicknames apply."
    ),
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode="rich",
    add_completion=False,
)

err = Console(stderr=True, soft_wrap=True, highlight=False)
"""Diagnostics go to stderr so that data on stdout stays clean."""

P = ParamSpec("P")
R = TypeVar("R")


_COPIES: dict[str, str] = {}
"""Private copy of a piped input → the path the user gave, so that messages name what the user typed."""


def readable(ctx: typer.Context, path: Path) -> Path:
    """The input to read: ``path``, or for a pipe a private copy removed when the command ends."""
    copy = ctx.with_resource(readable_again(path))
    if copy != path:
        _COPIES[str(copy)] = str(path)
    return copy


def _as_given(message: str) -> str:
    for copy, original in _COPIES.items():
        message = message.replace(copy, original)
    return message


def user_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a ``NicknamesError`` into a one-line message on stderr and exit status 1."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except NicknamesError as error:
            show = bool(kwargs.get("verbose")) and error.detail
            detail = f" ({error.detail})" if show else " (run with --verbose to see it)" if error.detail else ""
            err.print(f"[bold red]Error:[/] {escape(_as_given(str(error) + detail))}")
            raise typer.Exit(1) from None
        except KeyboardInterrupt as interrupt:
            err.print(f"[yellow]{stop_message(interrupt)}[/]")
            raise typer.Exit(exit_status(interrupt)) from None

    return wrapper


ConfigOption = Annotated[
    Path | None,
    typer.Option("--config", help=f"Project config file (default: ./{CONFIG_NAME} when it exists).",
                 dir_okay=False),
]
EncodingOption = Annotated[
    str | None, typer.Option("--encoding", help="Encoding of the input files when not UTF-8, e.g. cp1252.")
]
MessageIdColumn = Annotated[str | None, typer.Option("--message-id-column", help="Column of the message id.")]
SenderColumn = Annotated[str | None, typer.Option("--sender-column", help="Column of the sender (participant id).")]
TextColumn = Annotated[str | None, typer.Option("--text-column", help="Column of the message text.")]
ParentColumn = Annotated[str | None, typer.Option("--parent-id-column", help="Column of the parent message id.")]
ThreadColumn = Annotated[str | None, typer.Option("--thread-id-column", help="Column of the thread id.")]
SessionColumn = Annotated[str | None, typer.Option("--session-id-column", help="Column of the session id.")]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="Print no summary (warnings and errors still show).")]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", min=0, help="Worker processes for a large input (0 = one "
                                         "per core for large files); the result is the same for any number.")]
VerboseOption = Annotated[bool, typer.Option("--verbose", "-v", help="Show names in warnings and errors "
                                             "(they are hidden by default so that logs hold no real names).")]
AddressKeyOption = Annotated[
    Path | None,
    typer.Option("--address-key", help="Mail: CSV of address → participant id (default: "
                 "MAPPING.addresses.csv beside the mapping file).", dir_okay=False),
]


def load_settings(config: Path | None) -> Config:
    """The config file named by --config, else ./nicknames.toml when present, else defaults."""
    if config is not None:
        return load_config(config)
    default = Path(CONFIG_NAME)
    return load_config(default) if default.is_file() else Config()


def config_in_use(config: Path | None) -> Path | None:
    """The config file a command reads: --config, else ./nicknames.toml when it exists (an input to protect)."""
    default = Path(CONFIG_NAME)
    return config if config is not None else default if default.is_file() else None


def load_table(
    path: Path,
    settings: Config,
    encoding: str | None,
    **columns: str | None,
) -> MessageTable:
    """Read the messages with the columns chosen by options, then by the config file."""
    from nicknames.pipeline.sources import read_messages

    chosen = dict(settings.columns)
    chosen.update({field: column for field, column in columns.items() if column is not None})
    table = read_messages(path, chosen, encoding or settings.encoding)
    reply_warnings(err, table.replies)
    return table


def load_source(
    path: Path,
    settings: Config,
    encoding: str | None,
    address_key: AddressKey | None = None,
    **columns: str | None,
) -> Source:
    """Open an export of any format with the columns chosen by options, then by the config file."""
    from nicknames.pipeline.sources import open_source

    chosen = dict(settings.columns)
    chosen.update({field: column for field, column in columns.items() if column is not None})
    source = open_source(path, chosen, encoding or settings.encoding, address_key=address_key)
    reply_warnings(err, source.table.replies)
    if source.archive is not None:
        headerless_warning(err, [_as_given(place) for place in source.archive.headerless])
    return source
