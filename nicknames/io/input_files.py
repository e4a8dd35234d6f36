"""What an input path may be: a file, a folder or a pipe, never an endless device; pipes copied within a bound.

``/dev/zero`` or ``/dev/urandom`` given by mistake (or on purpose) would be read
for ever, filling memory or the temporary folder, so inputs that are neither
regular files, folders nor pipes are refused before anything is read. A pipe
(``<(zcat export.csv.gz)``, ``/dev/stdin``) is copied into a private temporary
folder, because the tool reads its inputs more than once; the copy stops at a
bound (``NICKNAMES_PIPE_LIMIT``, 4G unless set) so an endless pipe ends in an
error, not a full disk.
"""

from __future__ import annotations

import io
import os
import select
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from nicknames.model.errors import InputError

PIPE_LIMIT_VARIABLE = "NICKNAMES_PIPE_LIMIT"
"""Environment variable with the most bytes a piped input may hold (``500M``, ``20G``, or a number)."""
DEFAULT_PIPE_LIMIT = 4 << 30
"""4 GiB: more than any export the in-memory engine reads comfortably on one machine."""
BLOCK = 1 << 20
"""Bytes copied at a time."""
WAIT = 0.2
"""Seconds a read waits for the pipe before Python looks at signals again (so Ctrl-C always stops it)."""
PRIVATE_MODE = 0o600
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_KINDS = ((stat.S_ISCHR, "character device"), (stat.S_ISBLK, "block device"), (stat.S_ISSOCK, "socket"))


def check_input_kind(path: Path, what: str = "input") -> None:
    """Refuse an existing input that is not a regular file, a folder or a pipe (a device, a socket)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # missing or unreadable: the reader says so in its own words
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISFIFO(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "special file")
    raise InputError(
        f"{what.capitalize()} {path} is a {kind}, not a file or a pipe, and could be read for ever; "
        "give the path of a file (or pipe one in, e.g. <(zcat export.csv.gz))."
    )


def is_pipe(path: Path) -> bool:
    """True for a pipe (a FIFO, ``<(...)``, ``/dev/stdin`` fed by ``|``): bytes that can be read only once."""
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except OSError:
        return False


def pipe_limit() -> int:
    """The most bytes a piped input may hold: ``NICKNAMES_PIPE_LIMIT`` when set, else 4 GiB."""
    value = os.environ.get(PIPE_LIMIT_VARIABLE, "").strip().upper().removesuffix("B").removesuffix("I")
    if not value:
        return DEFAULT_PIPE_LIMIT
    unit = value[-1] if value[-1] in _UNITS else ""
    number = value[: len(value) - len(unit)].strip()
    if not number.isdigit() or int(number) == 0:
        raise InputError(
            f"{PIPE_LIMIT_VARIABLE}={os.environ[PIPE_LIMIT_VARIABLE]!r} is not a size; write a number of bytes "
            "or one with K, M, G or T (for example 20G)."
        )
    return int(number) * _UNITS[unit]


@contextmanager
def readable_again(path: Path) -> Iterator[Path]:
    """``path`` itself, or for a pipe a private copy (owner-only) of what it gives, removed on exit."""
    check_input_kind(path)
    if not is_pipe(path):
        yield path
        return
    limit = pipe_limit()
    with tempfile.TemporaryDirectory(prefix="nicknames-") as folder:  # created owner-only (0700)
        copy = Path(folder) / (path.name or "input")
        with path.open("rb", buffering=0) as source:
            target = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE)
            try:
                _copy_within(source.fileno(), lambda block: _write_all(target, block, Path(folder)), limit, path)
            finally:
                os.close(target)
        yield copy


def read_input_bytes(path: Path, what: str = "input") -> bytes:
    """The bytes of a small input (mapping, config, key): a file as it is, a pipe within the bound, no device."""
    check_input_kind(path, what)
    if not is_pipe(path):
        return path.read_bytes()
    blocks: list[bytes] = []
    with path.open("rb", buffering=0) as source:
        _copy_within(source.fileno(), blocks.append, pipe_limit(), path)
    return b"".join(blocks)


def read_input_text(path: Path, encoding: str, what: str = "input") -> str:
    """``read_input_bytes`` decoded as ``Path.read_text`` would (strict errors, universal newlines)."""
    with io.TextIOWrapper(io.BytesIO(read_input_bytes(path, what)), encoding=encoding) as stream:
        return stream.read()


def _copy_within(source: int, write: Callable[[bytes], object], limit: int, path: Path) -> None:
    """Copy until the end of the pipe or ``limit`` bytes, never blocking long in one read.

    A Ctrl-C that arrives just before a blocking read would otherwise wait,
    unhandled, for the writer's next bytes, which may never come.
    """
    copied = 0
    while True:
        if os.name == "posix":
            ready, _, _ = select.select([source], [], [], WAIT)
            if not ready:
                continue
        block = os.read(source, BLOCK)
        if not block:
            return
        copied += len(block)
        if copied > limit:
            raise InputError(
                f"{path} is a pipe that gave more than {_size(limit)}, the most a piped input may hold; "
                f"save it as a file and give its path, or raise the bound with {PIPE_LIMIT_VARIABLE} (e.g. "
                f"{PIPE_LIMIT_VARIABLE}=20G)."
            )
        write(block)


def _write_all(target: int, block: bytes, folder: Path) -> None:
    try:
        view = memoryview(block)
        while view:
            view = view[os.write(target, view):]
    except OSError as error:
        raise InputError(
            f"Cannot copy a piped input into the temporary folder {folder.parent}: {error.strerror}; "
            "set TMPDIR to a folder with more room, or save the input as a file and give its path."
        ) from None


def _size(count: int) -> str:
    for unit in ("T", "G", "M", "K"):
        if count % _UNITS[unit] == 0:
            return f"{count // _UNITS[unit]}{unit} bytes"
    return f"{count} bytes"
