"""``python -m nicknames`` and the ``nicknames`` console script."""

from __future__ import annotations

import sys

INTERRUPTED = 130
"""Exit status after Ctrl-C, as the commands use (128 + SIGINT)."""


def main() -> None:
    """Load the command line, then run it; a Ctrl-C while it loads ends as one during a command does."""
    try:
        from nicknames.cli import main as run_command_line
    except KeyboardInterrupt:
        sys.stderr.write("Interrupted; no output was written.\n")
        raise SystemExit(INTERRUPTED) from None
    run_command_line()


if __name__ == "__main__":
    main()
