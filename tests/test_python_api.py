"""docs/python-api.md runs as written, and the API gives the command line's results."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

import nicknames
from nicknames.cli import app

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "sample_data", tmp_path / "sample_data")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_documented_code_runs(project: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, "docs/python-api.md", "exec"), namespace)  # noqa: S102 - our own documentation
    assert (project / "pseudonymised.mbox").is_file()
    assert (project / "pseudonymised.jsonl").is_file()


def test_api_on_a_dataframe_equals_the_command_line(project: Path) -> None:
    runner = CliRunner()
    messages = "sample_data/figure1/messages.csv"
    assert runner.invoke(app, ["collect", messages, "-o", "cli.txt", "-q"]).exit_code == 0
    assert runner.invoke(app, ["apply", messages, "cli.txt", "-o", "cli.csv", "-q"]).exit_code == 0

    source = nicknames.source_from_frame(pd.read_csv(messages))
    mapping = nicknames.collect_source(source).mapping
    nicknames.write_mapping(nicknames.merge(nicknames.Mapping(), mapping), Path("api.txt"))
    result = nicknames.pseudonymise(source, nicknames.read_mapping(Path("api.txt")), "session")

    assert nicknames.read_mapping(Path("api.txt")).names == nicknames.read_mapping(Path("cli.txt")).names
    cli = pd.read_csv("cli.csv", dtype=str, keep_default_na=False)
    assert result.frame["text"].tolist() == cli["text"].tolist()


def test_api_on_mail_equals_the_command_line(project: Path) -> None:
    runner = CliRunner()
    archive = "sample_data/mail/course-list.mbox"
    assert runner.invoke(app, ["collect", archive, "-q"]).exit_code == 0
    assert runner.invoke(app, ["apply", archive, "mapping.txt", "-o", "cli.mbox", "-q"]).exit_code == 0
    source = nicknames.open_source(Path(archive), address_key=nicknames.read_key(Path("mapping.addresses.csv")))
    result = nicknames.pseudonymise(source, nicknames.read_mapping(Path("mapping.txt")))
    nicknames.write_output(source, result, Path("api.mbox"))
    assert Path("api.mbox").read_bytes() == Path("cli.mbox").read_bytes()


def test_api_mapping_file_is_the_command_lines_with_header_and_seen_lines(project: Path) -> None:
    messages = "sample_data/forum/messages.csv"
    classes = "sample_data/forum/class_list.csv"
    assert CliRunner().invoke(app, ["collect", messages, "--class-list", classes, "-o", "cli.txt", "-q"]).exit_code == 0
    source = nicknames.source_from_frame(pd.read_csv(messages))
    found = nicknames.collect_source(source, nicknames.read_class_list(Path(classes)))
    nicknames.write_mapping(found.mapping, Path("api.txt"))
    assert Path("api.txt").read_text(encoding="utf-8") == Path("cli.txt").read_text(encoding="utf-8")
    assert "\n@seen " in Path("api.txt").read_text(encoding="utf-8")


def test_a_name_deleted_after_an_api_collect_is_not_proposed_again(project: Path) -> None:
    source = nicknames.source_from_frame(pd.read_csv("sample_data/figure1/messages.csv"))
    found = nicknames.collect_source(source).mapping
    participant = found.participants[0]
    deleted = found.entry(participant).names[0].text
    found.entry(participant).names.pop(0)
    nicknames.write_mapping(found, Path("mapping.txt"))
    again = nicknames.merge(nicknames.read_mapping(Path("mapping.txt")), nicknames.collect_source(source).mapping)
    assert deleted not in [name.text for name in again.entry(participant).names]


def test_every_file_argument_takes_a_string_as_well_as_a_path(project: Path) -> None:
    runner = CliRunner()
    messages, class_list = "sample_data/forum/messages.csv", "sample_data/forum/class_list.csv"
    assert runner.invoke(app, ["collect", messages, "--class-list", class_list, "-o", "cli.txt", "-q"]).exit_code == 0
    assert runner.invoke(app, ["apply", messages, "cli.txt", "-o", "cli.csv", "-q"]).exit_code == 0

    roster = nicknames.read_class_list(class_list)
    with nicknames.open_source(messages) as source:
        mapping = nicknames.merge(nicknames.Mapping(), nicknames.collect_source(source, roster).mapping)
        nicknames.write_mapping(mapping, "api.txt")
        result = nicknames.pseudonymise(source, nicknames.read_mapping("api.txt"))
        nicknames.write_output(source, result, "api.csv")
    assert nicknames.read_mapping("api.txt").names == nicknames.read_mapping(Path("cli.txt")).names
    assert Path("api.csv").read_bytes() == Path("cli.csv").read_bytes()
    assert len(nicknames.read_messages(messages)) == len(source.table)
    assert nicknames.audit_file("api.csv", mapping, roster).result.findings == nicknames.audit_file(
        Path("cli.csv"), mapping, roster).result.findings
    sample = nicknames.generate_sample("generated", nicknames.SampleConfig(seed=1, sessions=1, participants=6))
    assert nicknames.read_spans_csv(str(sample.outdir / "gold_spans.csv"))
