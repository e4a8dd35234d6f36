"""A file's path as the Python API takes it."""

from __future__ import annotations

import os
from typing import TypeAlias

StrPath: TypeAlias = "str | os.PathLike[str]"
"""A string or any path object: every public function that reads or writes a file takes one (``Path`` inside)."""
