"""The shape of the package: the core never imports the UI, and the public API is deliberate."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import nicknames

ROOT = Path(__file__).resolve().parent.parent
UI_PACKAGES = ("typer", "rich", "textual", "click")
UI_MODULES = ("nicknames.cli", "nicknames.render", "nicknames.tui", "nicknames.__main__")


def core_modules() -> list[str]:
    names = [info.name for info in pkgutil.walk_packages(nicknames.__path__, "nicknames.")]
    return sorted(name for name in names if not name.startswith(UI_MODULES))


def test_core_modules_never_import_the_ui() -> None:
    modules = core_modules()
    assert "nicknames.substitute" in modules and "nicknames.collect" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {UI_PACKAGES!r}))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_public_api_is_sorted_and_complete() -> None:
    assert nicknames.__all__ == sorted(nicknames.__all__)
    public = {name for name in vars(nicknames) if not name.startswith("_")}
    modules = {name for name in public if type(getattr(nicknames, name)).__name__ == "module"}
    assert set(nicknames.__all__) == public - modules - {"annotations"}


def test_every_public_function_and_class_has_a_docstring() -> None:
    missing = [name for name in nicknames.__all__ if not (getattr(nicknames, name).__doc__ or "").strip()]
    assert missing == []


def test_import_linter_contract_is_kept() -> None:
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports())"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout
