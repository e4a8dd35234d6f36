"""The shape of the package: the core never imports the UI, and the public API is deliberate."""

from __future__ import annotations

import ast
import importlib.metadata
import pkgutil
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import nicknames

ROOT = Path(__file__).resolve().parent.parent
UI_PACKAGES = ("typer", "rich", "textual", "click")
UI_MODULES = ("nicknames.cli", "nicknames.cli.render", "nicknames.tui", "nicknames.__main__")


def core_modules() -> list[str]:
    names = [info.name for info in pkgutil.walk_packages(nicknames.__path__, "nicknames.")]
    return sorted(name for name in names if not name.startswith(UI_MODULES))


def test_core_modules_never_import_the_ui() -> None:
    modules = core_modules()
    assert "nicknames.apply.substitute" in modules and "nicknames.collect.candidates" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {UI_PACKAGES!r}))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_public_api_is_sorted_and_complete() -> None:
    assert nicknames.__all__ == sorted(nicknames.__all__)
    public = {name for name in dir(nicknames) if not name.startswith("_")}
    modules = {name for name in public if type(getattr(nicknames, name)).__name__ == "module"}
    assert set(nicknames.__all__) == public - modules - {"annotations"}


def test_every_public_function_and_class_has_a_docstring() -> None:
    missing = [name for name in nicknames.__all__ if not (getattr(nicknames, name).__doc__ or "").strip()]
    assert missing == []


def test_import_linter_contract_is_kept() -> None:
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports())"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


def test_the_package_top_level_holds_layers_not_modules() -> None:
    top = sorted(path.name for path in (ROOT / "nicknames").glob("*.py"))
    assert top == ["__init__.py", "__main__.py"]
    layers = {path.name for path in (ROOT / "nicknames").iterdir() if (path / "__init__.py").exists()}
    assert layers == {"apply", "check", "cli", "collect", "distributed", "editing", "engine", "io", "model", "pipeline", "rules",
                      "sample", "tui"}


def test_no_module_imports_itself_back() -> None:
    """No import cycles between modules, deferred imports included (grimp reads every import statement)."""
    import grimp

    graph = grimp.build_graph("nicknames")
    cycles = sorted({
        tuple(sorted((module, imported)))
        for module in graph.modules
        for imported in graph.find_modules_directly_imported_by(module)
        if graph.chain_exists(importer=imported, imported=module)
    })
    assert cycles == []


def imported_packages() -> set[str]:
    """Top-level packages the installed code imports, other than the standard library and itself."""
    found = set()
    for path in (ROOT / "nicknames").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - {"nicknames", "__future__"}


def declared_distributions() -> set[str]:
    """The dependencies, and those of the engines' extras (imported only when the engine runs), with their
    own extras ("dask[distributed]" declares distributed)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    requirements = [*project["dependencies"], *extras["dask"], *extras["spark"]]
    names = {canonical(re.split(r"[<>=!~\[; ]", requirement)[0]) for requirement in requirements}
    for requirement in requirements:
        for inner in re.findall(r"\[([^\]]*)\]", requirement):
            names.update(canonical(name) for name in inner.split(","))
    return names


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_imported_package_is_a_declared_dependency() -> None:
    """A fresh install gets every package the code imports (a missing one passes on a developer's machine)."""
    distributions = importlib.metadata.packages_distributions()
    declared = declared_distributions()
    imported = imported_packages()
    assert {"regex", "pandas", "charset_normalizer"} <= imported
    missing = {package for package in imported
               if not {canonical(dist) for dist in distributions.get(package, [package])} & declared}
    assert missing == set(), f"imported but not in [project] dependencies: {sorted(missing)}"


def test_help_starts_without_pandas() -> None:
    """``import nicknames`` and ``nicknames --help`` leave the table library (a second of start-up) unloaded."""
    code = (
        "import runpy, sys\n"
        "sys.argv = ['nicknames', '--help']\n"
        "try:\n"
        "    runpy.run_module('nicknames', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pandas', 'numpy', 'textual')), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert "Usage" in result.stdout
    assert result.stderr.strip().splitlines()[-1] == "[]"
