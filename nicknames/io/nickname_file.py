"""Read a user's table of familiar forms (``--nicknames-file``) onto the built-in one."""

from __future__ import annotations

from pathlib import Path

from nicknames.io.input_files import read_input_text
from nicknames.model.errors import InputError
from nicknames.rules.nickname_table import NicknameTable, builtin_table, parse_table


def read_table(path: Path, replace: bool = False) -> NicknameTable:
    """A user's table file, added to the built-in one (or replacing it when ``replace``)."""
    try:
        text = read_input_text(path, "utf-8-sig", "nicknames file")
    except FileNotFoundError:
        raise InputError(f"Nicknames file {path} does not exist; check the path.") from None
    except UnicodeDecodeError:
        raise InputError(f"Nicknames file {path} is not UTF-8; save it as UTF-8 and try again.") from None
    table = parse_table(text, str(path))
    return table if replace else builtin_table().merged(table)
