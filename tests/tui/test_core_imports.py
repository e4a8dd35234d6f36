"""The editor's core modules work without the terminal UI libraries."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_editor_core_modules_import_no_ui_library() -> None:
    code = (
        "import sys; import nicknames.editing.history, nicknames.editing.concordance, nicknames.editing.duplicates, "
        "nicknames.editing.review, nicknames.io.backup; "
        "print(sorted(m for m in ('textual', 'rich', 'typer') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
