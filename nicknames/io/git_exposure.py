"""Find files with real names that a ``git add .`` would take: inside a git work tree and not ignored.

The mapping, its backup, the address key, reports and key files hold real
names. Written beside the data in a project under git, one ``git add .`` and
a push publish them. The check asks git itself (``git check-ignore``), so
every kind of ignore rule counts; without git installed nothing is reported.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

GIT_TIMEOUT = 10.0
"""Seconds to wait for git; a check that takes longer is skipped, not an error."""


@dataclass(frozen=True)
class Exposed:
    """Files with real names that are inside the git work tree ``root`` and not ignored there."""

    root: Path
    files: tuple[Path, ...]


def work_tree(path: Path) -> Path | None:
    """The git work tree that holds ``path`` (the nearest folder with a ``.git``), or None."""
    folder = path.resolve().parent
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def exposed_files(paths: Iterable[Path | None]) -> list[Exposed]:
    """The given files that git would add, grouped by work tree; files outside any work tree are fine."""
    git = shutil.which("git")
    if git is None:
        return []
    trees: dict[Path, list[Path]] = {}
    for path in dict.fromkeys(path for path in paths if path is not None):
        root = work_tree(path)
        if root is not None and not _ignored(git, root, path):
            trees.setdefault(root, []).append(path)
    return [Exposed(root, tuple(files)) for root, files in trees.items()]


def _ignored(git: str, root: Path, path: Path) -> bool:
    """True when git ignores the path (exit 0 of ``check-ignore``); a failing git counts as ignored."""
    try:
        done = subprocess.run(
            [git, "-C", str(root), "check-ignore", "-q", "--", str(path.resolve())],
            capture_output=True, timeout=GIT_TIMEOUT, check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return True
    return done.returncode != 1
