"""``python -m nicknames`` and the ``nicknames`` console script."""

from __future__ import annotations

import sys

from nicknames.io.interrupts import exit_status, stop_message, terminate_as_interrupt


def main() -> None:
    """Load the command line, then run it; a Ctrl-C or SIGTERM while it loads ends as one during a command does."""
    terminate_as_interrupt()
    try:
        from nicknames.cli import main as run_command_line
    except KeyboardInterrupt as interrupt:
        sys.stderr.write(stop_message(interrupt) + "\n")
        raise SystemExit(exit_status(interrupt)) from None
    run_command_line()


if __name__ == "__main__":
    main()
