"""Write output files atomically, never over an input, with owner-only permissions for key material."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO

from nicknames.model.errors import OutputError

PRIVATE_MODE = 0o600
"""Owner-only: for the mapping file, reports and anything else that holds real names."""


def refuse_overwrite(output: Path, inputs: Iterable[Path], option: str = "Output") -> None:
    """Refuse, before any work is done, an output over an input or in a folder that does not exist."""
    _check_folder(output)
    for source in inputs:
        if _same_file(output, source):
            raise OutputError(
                f"{option} {output} is the same file as input {source}; choose another output path "
                "so the input stays as it is."
            )


def refuse_stdout_over(inputs: Iterable[Path]) -> None:
    """Refuse to go on when stdout is redirected into (``>>``) one of the inputs."""
    try:
        target = os.fstat(sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        return  # not a real file descriptor (a test runner, a notebook): nothing to compare
    if not stat.S_ISREG(target.st_mode):
        return
    for source in inputs:
        with contextlib.suppress(OSError):
            found = os.stat(source)
            if (found.st_dev, found.st_ino) == (target.st_dev, target.st_ino):
                raise OutputError(
                    f"Standard output is redirected into the input {source}; write to another file "
                    "(with -o) so the input stays as it is."
                )


def _check_writable(path: Path, option: str) -> None:
    directory = _check_folder(path)
    refuse_special(path, option)
    if not os.access(directory, os.W_OK | os.X_OK):
        raise OutputError(f"{option} {path}: folder {directory} is not writable; choose another place.")


def check_outputs(outputs: Mapping[str, Path | None], inputs: Iterable[Path | None]) -> None:
    """Refuse, before any work is done, outputs that would overwrite an input or each other, or cannot be written.

    ``outputs`` maps the option that names each output (``--output``) to its
    path, or None when it goes to stdout or is not asked for.
    """
    chosen = {option: path for option, path in outputs.items() if path is not None}
    sources = [path for path in inputs if path is not None]
    for option, path in chosen.items():
        refuse_overwrite(path, sources, option)
        _check_writable(path, option)
    options = list(chosen)
    for index, option in enumerate(options):
        for other in options[index + 1 :]:
            if _same_file(chosen[option], chosen[other]):
                raise OutputError(
                    f"{option} and {other} name the same file {chosen[option]}; give each output its own path."
                )


@contextlib.contextmanager
def atomic_output(
    path: Path, *, private: bool = False, newline: str | None = None, encoding: str = "utf-8"
) -> Iterator[IO[str]]:
    """Open a temporary file beside ``path``; rename it over ``path`` only when the block succeeds.

    An error, Ctrl-C or SIGTERM inside the block removes the temporary file,
    so a half-written output never appears under the real name; while it is
    written only its owner can read it.
    """
    directory = _check_folder(path)
    refuse_special(path)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as error:
        raise OutputError(f"Cannot write in folder {directory}: {error.strerror}.") from None
    try:
        with os.fdopen(handle, "w", encoding=encoding, newline=newline) as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        # Owner-only (mkstemp's 0600) while it is written; the output's own mode only once it is whole.
        os.chmod(temporary, PRIVATE_MODE if private else _public_mode())
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise OutputError(
            f"Cannot write {path}: {error.strerror or error}; nothing was written and any earlier {path.name} "
            "is unchanged."
        ) from None
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
    """True when both paths name one file: the same inode when both exist, else the same real path."""
    try:
        if first.exists() and second.exists():
            return os.path.samefile(first, second)
        return os.path.realpath(first) == os.path.realpath(second)
    except OSError:
        return False


@contextlib.contextmanager
def atomic_path(path: Path, *, private: bool = False) -> Iterator[Path]:
    """A temporary path beside ``path`` for writers that need a file name (Parquet, mbox, a folder).

    The path lies inside a fresh owner-only folder made with ``mkdtemp`` in the
    output's folder: its name cannot be guessed, so nothing planted in advance
    (a symlink, a stale file from a killed run) is followed or appended to. It
    is renamed over ``path`` only when the block succeeds and removed otherwise,
    so a half-written output never appears under the real name.
    """
    directory = _check_folder(path)
    refuse_special(path)
    try:
        folder = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory))
    except OSError as error:
        raise OutputError(f"Cannot write in folder {directory}: {error.strerror}.") from None
    temporary = folder / path.name
    try:
        yield temporary
        if temporary.is_file():
            os.chmod(temporary, PRIVATE_MODE if private else _public_mode())
        os.replace(temporary, path)
    except OSError as error:
        raise OutputError(
            f"Cannot write {path}: {error.strerror or error}; nothing was written and any earlier {path.name} "
            "is unchanged."
        ) from None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def refuse_special(path: Path, option: str = "Output") -> None:
    """Refuse an output that exists and is neither a regular file, a folder nor a symlink.

    Writing replaces the output by renaming a new file over it: over a FIFO
    the reader would get nothing, over a device node (``/dev/null``) the node
    itself would be replaced. A symlink is replaced by the new file and its
    target is left as it is (see docs/failure-modes.md).
    """
    try:
        found = os.lstat(path)
    except OSError:
        return
    if stat.S_ISREG(found.st_mode) or stat.S_ISDIR(found.st_mode) or stat.S_ISLNK(found.st_mode):
        return
    hint = " (or leave out -o to write to standard output)" if option in ("Output", "--output") else ""
    raise OutputError(
        f"{option} {path} exists and is not a regular file (a pipe, socket or device), which writing would "
        f"replace; name a regular file{hint}."
    )
