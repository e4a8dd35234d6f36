"""Save an edited mapping over its file, keeping the previous version as a backup.

The mapping file holds real names, so the backup is owner-only too. Both are
written atomically: a crash leaves either the old or the new file, never half
of one.
"""

from __future__ import annotations

from pathlib import Path

from nicknames.io.mapping_file import format_mapping, write_mapping
from nicknames.io.output import write_text_atomically
from nicknames.model.errors import OutputError
from nicknames.model.mapping import Mapping

BACKUP_SUFFIX = ".bak"
EDITED_SUFFIX = ".edited"


def backup_path(path: Path) -> Path:
    """Where the previous version of a mapping file is kept: ``mapping.txt.bak``."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def save_with_backup(mapping: Mapping, path: Path, original: bytes) -> Path | None:
    """Write ``mapping`` to ``path`` when it differs from ``original`` (the file's bytes when it was read).

    Returns the backup's path, or None when there was nothing to save. When
    the file changed on disk meanwhile, the mapping goes to ``path.edited``
    instead and an error says so: nobody's edits are overwritten.
    """
    text = format_mapping(mapping)
    if text.encode("utf-8") == original:
        return None
    if _current_bytes(path) != original:
        side = path.with_name(path.name + EDITED_SUFFIX)
        write_mapping(mapping, side)
        raise OutputError(
            f"{path} changed on disk while it was being edited; your edits were saved to {side} "
            "instead. Compare the two files and keep one."
        )
    backup = backup_path(path)
    write_text_atomically(backup, original.decode("utf-8"), private=True)
    write_mapping(mapping, path)
    return backup


def _current_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None
