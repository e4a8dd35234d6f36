"""Write output files atomically, never over an input, with owner-only permissions for key material."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from nicknames.errors import OutputError

PRIVATE_MODE = 0o600
"""Owner-only: for the mapping file, reports and anything else that holds real names."""


def refuse_overwrite(output: Path, inputs: Iterable[Path]) -> None:
    """Refuse, before any work is done, an output over an input or in a folder that does not exist."""
    _check_folder(output)
    for source in inputs:
        if _same_file(output, source):
            raise OutputError(
                f"Output {output} is the same file as input {source}; choose another output path "
                "so the input stays as it is."
            )


@contextlib.contextmanager
def atomic_output(path: Path, *, private: bool = False, newline: str | None = None) -> Iterator[IO[str]]:
    """Open a temporary file beside ``path``; rename it over ``path`` only when the block succeeds.

    An error or Ctrl-C inside the block removes the temporary file, so a
    half-written output never appears under the real name.
    """
    directory = _check_folder(path)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as error:
        raise OutputError(f"Cannot write in folder {directory}: {error.strerror}.") from None
    try:
        os.chmod(temporary, PRIVATE_MODE if private else _public_mode())
        with os.fdopen(handle, "w", encoding="utf-8", newline=newline) as stream:
            yield stream
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_text_atomically(path: Path, text: str, *, private: bool = False) -> None:
    """Write a whole text file atomically."""
    with atomic_output(path, private=private, newline="") as stream:
        stream.write(text)


def _check_folder(path: Path) -> Path:
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise OutputError(f"Cannot write {path}: folder {directory} does not exist; create it first.")
    return directory


def _public_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _same_file(first: Path, second: Path) -> bool:
    try:
        return first.exists() and second.exists() and os.path.samefile(first, second)
    except OSError:
        return False
