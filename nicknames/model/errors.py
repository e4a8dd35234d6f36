"""The one error type for problems the user can fix, and how to say where they are."""

from __future__ import annotations

from pathlib import Path


class NicknamesError(Exception):
    """A problem in the user's input, files or options.

    The message is a complete sentence: what is wrong, where (file, line,
    column) and what to do. The command line prints it without a traceback and
    exits with status 1; every other exception is a bug.

    The message never holds message text or names: logs end up in places the
    data must not. What would identify someone (the offending name, say) goes
    in ``detail``, which the command line shows only with ``--verbose``.
    """

    def __init__(self, message: str, *, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail
        """Names or text that locate the problem further; shown only on request."""


class InputError(NicknamesError):
    """A messages file, class list or config file that cannot be used as it is."""


class MappingFileError(NicknamesError):
    """A mapping file line that does not follow the format."""


class OutputError(NicknamesError):
    """An output that cannot be written safely."""


def where(
    path: Path | str,
    line: int | None = None,
    column: int | str | None = None,
    *,
    row: int | None = None,
) -> str:
    """Describe a place in a file as ``file, line N, column C`` (or ``row N``) for error messages.

    ``row`` is the 0-based position of a data row in a table; it is shown as a
    spreadsheet numbers it, the header being row 1, so data row 0 is ``row 2``.
    """
    parts = [str(path)]
    if line is not None:
        parts.append(f"line {line}")
    if row is not None:
        parts.append(f"row {row + 2}")
    if column is not None:
        parts.append(f"column {column}")
    return ", ".join(parts)
