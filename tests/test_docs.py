"""The docs are executable: the README quick start runs, and the command reference matches --help."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


# ---------------------------------------------------------------- every documented command runs as written

DOCUMENTS = ["README.md", "docs/configuration.md", "docs/pseudonyms.md", "docs/mail.md", "docs/evaluation.md",
             "docs/languages.md"]
"""The pages whose ``bash`` blocks are commands to run; each page runs in order in a folder of its own."""

INTERACTIVE = ("nicknames edit",)
"""Commands that open the terminal editor: their options are checked by the CLI tests instead."""


def documented_commands(page: str) -> list[str]:
    """The shell commands of a page's ``bash`` blocks, continuation lines joined, installs left out."""
    text = (ROOT / page).read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```bash\n(.*?)```", text, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.strip()
            if line.startswith("pip install") and "&& nicknames " in line:
                line = line.split("&&", 1)[1].strip()
            if line.startswith(("nicknames ", "python -c", "mkdir ")) and not line.startswith(INTERACTIVE):
                commands.append(line)
    return commands


def excel_export(path: Path) -> None:
    """The forum sample as a researcher's workbook: sheet Posts, the sender's name in Author, text in Message."""
    import pandas as pd

    frame = pd.read_csv(ROOT / "sample_data/forum/messages.csv", dtype=str, keep_default_na=False)
    names = pd.read_csv(ROOT / "sample_data/forum/class_list.csv", dtype=str, keep_default_na=False)
    registered = dict(zip(names.iloc[:, 0], names.iloc[:, 1]))
    frame = frame.rename(columns={"text": "Message"})
    frame.insert(0, "Author", [registered[user] for user in frame.pop("user_id")])
    with pd.ExcelWriter(path, engine="openpyxl") as writer:
        frame.to_excel(writer, sheet_name="Posts", index=False)


def sandbox(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A working folder with the files the pages name, a home of its own, and ``nicknames`` on the PATH."""
    work, home, bin_dir = tmp_path / "work", tmp_path / "home", tmp_path / "bin"
    for folder in (work, home, bin_dir):
        folder.mkdir()
    shutil.copytree(ROOT / "sample_data", work / "sample_data")
    shutil.copy(ROOT / "sample_data/forum/messages.csv", work / "messages.csv")
    for name in ("class_list.csv", "roster.csv"):
        shutil.copy(ROOT / "sample_data/forum/class_list.csv", work / name)
    excel_export(work / "posts.xlsx")
    (bin_dir / "nicknames").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m nicknames "$@"\n')
    (bin_dir / "nicknames").chmod(0o755)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(home), "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    env.pop("NICKNAMES_CONFIG", None)
    return work, env


@pytest.mark.parametrize("page", DOCUMENTS)
def test_every_documented_command_runs_as_written(tmp_path: Path, page: str) -> None:
    work, env = sandbox(tmp_path)
    commands = documented_commands(page)
    assert commands, page
    if not any(command.startswith("nicknames collect") for command in commands):
        # A page that starts from a reviewed mapping: make one as the README's quick start does.
        setup = "nicknames collect messages.csv --class-list class_list.csv -o mapping.txt -q"
        subprocess.run(setup, shell=True, cwd=work, env=env, check=True, capture_output=True)
    for command in commands:
        done = subprocess.run(command, shell=True, cwd=work, env=env, capture_output=True, text=True)
        allowed = (0, 1) if command.startswith("nicknames audit") else (0,)  # audit exits 1 on findings
        assert done.returncode in allowed, f"{page}: {command}\n{done.stderr}"


def test_the_readme_format_example_says_what_it_writes(tmp_path: Path) -> None:
    work, env = sandbox(tmp_path)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(line for line in readme.splitlines() if "--format '" in line)
    command, claim = line.strip().split("#", 1)
    subprocess.run("nicknames collect messages.csv -o mapping.txt -q", shell=True, cwd=work, env=env, check=True)
    subprocess.run(command, shell=True, cwd=work, env=env, check=True, capture_output=True)
    assert re.fullmatch(r"<U\d+>", claim.strip()), claim  # the comment shows the shape of a pseudonym
    assert re.search(r"<U\d+>", (work / "out.csv").read_text(encoding="utf-8"))
