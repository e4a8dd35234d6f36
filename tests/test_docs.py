"""The docs are executable: the README quick start runs, and the command reference matches --help."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1]
    block = re.search(r"```bash\n(.*?)```", section, re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_quick_start_is_exactly_two_commands_install_then_test() -> None:
    commands = quick_start()
    assert len(commands) == 2
    assert commands[0].startswith("pip install . && nicknames ")
    assert commands[1] == 'pip install ".[test]" && python -m pytest'
    assert (ROOT / ".ci" / "run").read_text().count(commands[1]) == 1


def test_quick_start_main_job_runs(tmp_path: Path) -> None:
    job = quick_start()[0].split("&&", 1)[1]
    job = job.replace("nicknames ", f"{sys.executable} -m nicknames ")
    shutil.copytree(ROOT / "sample_data", tmp_path / "sample_data")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(job, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    outputs = [word for word in job.split() if word.endswith((".csv", ".txt")) and not word.startswith("sample_data")]
    for output in outputs:
        assert (tmp_path / output).stat().st_size > 0


def test_cli_reference_matches_help(tmp_path: Path) -> None:
    generated = tmp_path / "cli-reference.md"
    subprocess.run(
        [sys.executable, "-m", "typer", "nicknames.cli", "utils", "docs", "--name", "nicknames", "--output",
         str(generated)],
        cwd=ROOT, check=True, capture_output=True,
    )
    reference = ROOT / "docs" / "cli-reference.md"
    assert generated.read_text() == reference.read_text(), (
        "docs/cli-reference.md is out of date: run "
        "python -m typer nicknames.cli utils docs --name nicknames --output docs/cli-reference.md"
    )


def test_every_command_is_documented_with_help() -> None:
    reference = (ROOT / "docs" / "cli-reference.md").read_text()
    from nicknames.cli import app

    for command in app.registered_commands:
        name = command.name or command.callback.__name__
        assert f"## `nicknames {name}`" in reference
        assert (command.callback.__doc__ or "").strip(), name
