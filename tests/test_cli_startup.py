"""The command line starts light: ``--help`` of every command loads typer and rich, not the tables or the rules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("pandas", "numpy", "polars", "pyarrow", "textual", "rapidfuzz", "rich.progress", "rich.table",
         "nicknames.apply.substitute", "nicknames.rules.identifiers", "nicknames.rules.identifier_patterns",
         "nicknames.rules.salutations",
         "nicknames.rules.word_names", "nicknames.engine", "nicknames.pipeline", "nicknames.collect",
         "nicknames.check", "nicknames.io.formats", "nicknames.io.mapping_file")
"""Modules (and packages) that a command imports only when it runs."""


@pytest.mark.parametrize("command", [[], ["apply"], ["collect"], ["audit"], ["evaluate"], ["edit"], ["reverse"]])
def test_help_loads_no_table_library_and_no_rules(command: list[str]) -> None:
    code = (
        "import runpy, sys\n"
        f"sys.argv = ['nicknames', *{command!r}, '--help']\n"
        "try:\n"
        "    runpy.run_module('nicknames', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        f"heavy = {HEAVY!r}\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert "Usage" in result.stdout
    assert result.stderr.strip().splitlines()[-1] == "[]"
