"""The package type-checks under mypy's strict mode (settings in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_package_passes_mypy_strict() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "nicknames"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
