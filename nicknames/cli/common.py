"""What every command shares: the app, the stderr console, error handling and input options."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from nicknames.io.config import CONFIG_NAME, Config, load_config
from nicknames.io.interrupts import exit_status, stop_message
from nicknames.model.errors import NicknamesError
from nicknames.model.scope import Scope

if TYPE_CHECKING:
    from nicknames.distributed.engines import Engine
    from nicknames.io.mail.participants import AddressKey
    from nicknames.model.messages import MessageTable
    from nicknames.pipeline.exports import Placement
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
    # Plain help: flags show as flags (``--strict``), not ``--strict <bool>`` as rich help shows them.
    rich_markup_mode=None,
    add_completion=True,
)


def version_text() -> str:
    """``nicknames 0.1.0``: the installed distribution's version."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"nicknames {version('nicknames-pseudonymiser')}"
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "nicknames (not installed)"


def _show_version(value: bool) -> None:
    if value:
        typer.echo(version_text())
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option("--version", callback=_show_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """Options of ``nicknames`` itself, before the command."""

err = Console(stderr=True, soft_wrap=True, highlight=False)
"""Diagnostics go to stderr so that data on stdout stays clean."""

P = ParamSpec("P")
R = TypeVar("R")


_COPIES: dict[str, str] = {}
"""Private copy of a piped input → the path the user gave, so that messages name what the user typed."""


def readable(ctx: typer.Context, path: Path) -> Path:
    """The input to read: ``path``, or for a pipe a private copy removed when the command ends."""
    from nicknames.io.input_files import readable_again

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


FIELD_HELP = {
    "message_id": "the message id",
    "sender": "the sender: a participant id, or a name or address (see --opaque-senders)",
    "text": "the message text",
    "parent_id": "the parent message id",
    "thread_id": "the thread id",
    "session_id": "the session id (for --scope session)",
    "timestamp": "the time a message was sent",
    "recipients": "the recipients' participant ids (separated by spaces, commas or semicolons)",
}
"""Every field a column option names; help texts for ``--FIELD-column``."""

INPUT_PANEL = "Reading the input"


@dataclass(frozen=True)
class InputOptions:
    """How to read a messages export: the options every command that reads one takes, in one place."""

    config: Path | None = None
    encoding: str | None = None
    delimiter: str | None = None
    sheet: str | None = None
    opaque_senders: bool = False
    columns: dict[str, str] = field(default_factory=dict)
    """Field → column given by the --FIELD-column options."""

    def settings(self) -> Config:
        """The config file named by --config, else ./nicknames.toml when present, else defaults."""
        return load_settings(self.config)

    def chosen(self, settings: Config) -> dict[str, str]:
        """Field → column: the options first, then the config file's [columns]."""
        return {**settings.columns, **self.columns}


def _input_parameters() -> list[inspect.Parameter]:
    """The options of ``InputOptions`` as keyword parameters that typer turns into options."""
    def option(name: str, annotation: Any) -> inspect.Parameter:
        return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation)

    parameters = [
        option("config", Annotated[Path | None, typer.Option(
            "--config", metavar="<file>", dir_okay=False, rich_help_panel=INPUT_PANEL,
            help=f"Project config file (default: ./{CONFIG_NAME} when it exists).")]),
        option("encoding", Annotated[str | None, typer.Option(
            "--encoding", metavar="<name>", rich_help_panel=INPUT_PANEL,
            help="Encoding of the input files when not UTF-8, e.g. cp1252.")]),
        option("delimiter", Annotated[str | None, typer.Option(
            "--delimiter", metavar="<char>", rich_help_panel=INPUT_PANEL,
            help="CSV delimiter: ',', ';' or tab (default: the one the header uses).")]),
        option("sheet", Annotated[str | None, typer.Option(
            "--sheet", metavar="<name>", rich_help_panel=INPUT_PANEL,
            help="Spreadsheet (.xlsx, .ods): the sheet to read (default: the first).")]),
        option("opaque_senders", Annotated[bool, typer.Option(
            "--opaque-senders", rich_help_panel=INPUT_PANEL,
            help="Give every sender an opaque id (P1, P2, ...) kept in the address key beside the mapping, as is "
            "done anyway when senders look like names or addresses.")]),
    ]
    for name, what in FIELD_HELP.items():
        parameters.append(option(f"{name}_column", Annotated[str | None, typer.Option(
            f"--{name.replace('_', '-')}-column", metavar="<column>", rich_help_panel=INPUT_PANEL,
            help=f"Column of {what}.")]))
    return parameters


INPUT_PARAMETERS = _input_parameters()


def input_options(command: Callable[..., R]) -> Callable[..., R]:
    """Give a command the shared input options; it receives them as one ``inputs: InputOptions`` argument.

    One definition for every command that reads messages, so that collect,
    apply, audit, evaluate, edit and reverse take the same options with the same help.
    """
    signature = inspect.signature(command, eval_str=True)
    own = [parameter for parameter in signature.parameters.values() if parameter.name != "inputs"]
    names = [parameter.name for parameter in INPUT_PARAMETERS]

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> R:
        values = {name: kwargs.pop(name, None) for name in names}
        values["opaque_senders"] = bool(values["opaque_senders"])
        columns = {field: column for field in FIELD_HELP if (column := values.pop(f"{field}_column")) is not None}
        return command(*args, inputs=InputOptions(columns=columns, **values), **kwargs)

    wrapper.__signature__ = signature.replace(parameters=[*own, *INPUT_PARAMETERS])  # type: ignore[attr-defined]
    wrapper.__annotations__ = {parameter.name: parameter.annotation for parameter in [*own, *INPUT_PARAMETERS]}
    return wrapper


ScopeOption = Annotated[Scope, typer.Option(
    "--scope", "-s", help="Where each participant's names count: the threads, sessions or whole data set where "
    "they are active (apply replaces them there, edit checks duplicates there); an export without a session "
    "column is one session.")]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="Print no summary (warnings and errors still show).")]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", min=0, metavar="<n>", help="Worker processes for a large input (0 = one "
                                         "per core for large files); the result is the same for any number.")]
VerboseOption = Annotated[bool, typer.Option("--verbose", "-v", help="Show names in warnings and errors "
                                             "(they are hidden by default so that logs hold no real names).")]
ENGINE_PANEL = "Running on a cluster"


class EngineChoice(str, Enum):
    """Where the partitions run (see docs/distributed.md)."""

    local = "local"
    dask = "dask"
    spark = "spark"


EngineOption = Annotated[EngineChoice | None, typer.Option(
    "--engine", rich_help_panel=ENGINE_PANEL, help="Where the work runs: local = worker processes on this machine "
    "(default), dask = a Dask cluster, spark = a Spark cluster (pip install the [dask] or [spark] extra); the "
    "result is the same. The mapping's real names are sent to the workers (docs/distributed.md).")]
ClusterOption = Annotated[str | None, typer.Option(
    "--cluster", metavar="<address>", rich_help_panel=ENGINE_PANEL, help="The cluster of --engine: a Dask "
    "scheduler (tcp://host:8786; default: a local cluster of --jobs workers) or a Spark master (local[2], "
    "spark://host:7077, yarn; default: local[N], N of --jobs).")]


def chosen_engine(choice: EngineChoice | None, cluster: str | None, settings: Config) -> Engine | None:
    """The engine of --engine and --cluster, else of the config file's [engine]; None for the local engine."""
    from nicknames.distributed.engines import engine_of

    name = choice.value if choice is not None else settings.engine
    if cluster is None and name == settings.engine:
        cluster = settings.cluster
    engine = engine_of(name, cluster)
    return engine if engine.remote else None


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


def opaque_ids_warning(source: Source, key_file: Path) -> None:
    """Say that senders were names or addresses and now have opaque ids, and where the key is."""
    if source.sender_key is not None:
        err.print(
            f"[yellow]Note:[/] the sender column {escape(repr(source.sender_column))} holds names, user names or addresses, "
            f"so participants get opaque ids (P1, P2, ...) kept in {escape(str(key_file))} (owner-only: it holds "
            "the real names); the output's sender and recipients columns carry the ids."
        )


def warn_if_exposed(*paths: Path | None) -> None:
    """Warn when files with real names were written inside a git work tree that does not ignore them."""
    from nicknames.io.git_exposure import exposed_files

    for exposed in exposed_files(paths):
        names = ", ".join(escape(str(path)) for path in exposed.files)
        err.print(
            f"[yellow]Warning:[/] {names} hold real names and are inside the git work tree "
            f"{escape(str(exposed.root))}, which does not ignore them: one 'git add .' would publish them. "
            "Add them to .gitignore (docs/workflow.md shows one) or keep them outside the repository."
        )


def load_source(path: Path, inputs: InputOptions, address_key: AddressKey | None = None,
                engine: Engine | None = None, *, placement: Placement | None = None, workers: int = 0) -> Source:
    """Open an export of any format with the columns chosen by options, then by the config file, and show its reply
    and header warnings.

    Read whole, unless ``placement`` lets it be kept on disk (a large CSV file) or on the engine's Dask or Spark
    cluster (of ``workers`` local workers when it names none): see ``nicknames.pipeline.exports``.
    """
    from nicknames.pipeline.exports import Placement, open_source

    settings = inputs.settings()
    placement = placement or Placement(on_disk=False)
    source = open_source(
        path, inputs.chosen(settings), inputs.encoding or settings.encoding, address_key=address_key,
        delimiter=inputs.delimiter or settings.delimiter, sheet=inputs.sheet or settings.sheet,
        opaque_senders=inputs.opaque_senders, engine=engine, on_disk=placement.on_disk,
        on_cluster=placement.on_cluster, workers=workers,
    )
    source_warnings(source.table, source.archive.headerless if source.archive is not None else [])
    return source


def source_warnings(table: MessageTable | None, headerless: list[str]) -> None:
    """Warn of replies whose parent is missing or on a loop, and of mail files read without headers."""
    from nicknames.cli.render import headerless_warning, reply_warnings

    if table is not None:
        reply_warnings(err, table.replies)
    headerless_warning(err, [_as_given(place) for place in headerless])


def open_messages(stack: ExitStack, messages: Path, inputs: InputOptions, address_key: AddressKey | None,
                  engine: Engine | None, placement: Placement, *, workers: int) -> Source:
    """The export where ``placement`` lets it be (``load_source``), closed with ``stack``: a spill folder removed, a
    table dropped from the cluster."""
    return stack.enter_context(load_source(messages, inputs, address_key, engine, placement=placement,
                                           workers=workers))
