"""The ``nicknames`` command line: thin commands over the core, errors as one-line messages."""

from __future__ import annotations

import typer

from nicknames.cli import apply as apply_command
from nicknames.cli import audit as audit_command
from nicknames.cli import collect as collect_command
from nicknames.cli import evaluate as evaluate_command
from nicknames.cli import sample as sample_command
from nicknames.cli.common import app

__all__ = ["app", "main"]

# Each command lives in its own module and registers itself on ``app``.
_COMMANDS = (collect_command, apply_command, sample_command, evaluate_command, audit_command)


def main() -> None:
    """Entry point of the ``nicknames`` console script."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
