"""What the tests of audit with the texts held apart share: an output with names and people left in it, in every
shape the cluster engines read, and the local engine's findings on it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

from tests.distributed_corpus import Corpus, run

PEOPLE = ("Thanks to my colleague Ada Berg for the notes.", "Dr. Quentin Marlowe wrote the chapter we read.",
          "I asked my sister Ysolde Brennick about it.")
"""Invented person-like names that no mapping knows, put into some texts."""


@dataclass(frozen=True)
class AuditedOutput:
    """The same messages as one CSV file, CSV and Parquet parts and one JSON Lines file, and the mapping."""

    csv: Path
    csv_parts: Path
    parquet_parts: Path
    jsonl: Path
    mapping: Path
    class_list: Path

    def shapes(self) -> dict[str, str]:
        return {"csv": str(self.csv), "csv_parts": str(self.csv_parts / "*.csv"),
                "parquet_parts": str(self.parquet_parts), "jsonl": str(self.jsonl)}


def audited_output(corpus: Corpus, folder: Path) -> AuditedOutput:
    """The corpus's messages (names not yet replaced) with person-like names added, as every shape."""
    frame = pd.read_csv(corpus.messages, dtype=str, keep_default_na=False)
    for number, sentence in enumerate(PEOPLE):
        frame.loc[number * 70, "text"] += " " + sentence
    output = AuditedOutput(folder / "out.csv", folder / "csv_parts", folder / "parquet_parts", folder / "out.jsonl",
                           corpus.mapping, corpus.class_list)
    frame.to_csv(output.csv, index=False)
    frame.to_json(output.jsonl, orient="records", lines=True, force_ascii=False)
    output.csv_parts.mkdir()
    output.parquet_parts.mkdir()
    for number, start in enumerate(range(0, len(frame), 100)):
        frame.iloc[start:start + 100].to_csv(output.csv_parts / f"part-{number}.csv", index=False)
        frame.iloc[start:start + 100].to_parquet(output.parquet_parts / f"part-{number}.parquet", index=False)
    return output


def audit(output: AuditedOutput, shape: str, *options: str) -> tuple[int, str, str]:
    """``nicknames audit --json`` of one shape of the output, with the class list."""
    return run("audit", output.shapes()[shape], "-m", output.mapping, "--class-list", output.class_list, "--json",
               "-q", *options)


def same_audit_on_cluster(output: AuditedOutput, shape: str, engine: list[str], monkeypatch: pytest.MonkeyPatch,
                          *options: str) -> None:
    """Audit on ``engine`` gives the local engine's exit status, findings and people, with no text read on the
    driver."""
    local = audit(output, shape, *options)
    with monkeypatch.context() as patch:
        refuse_texts_on_the_driver(patch)
        found = audit(output, shape, *options, *engine)
    assert found == local
    assert local[0] == 1 and "Quentin Marlowe" in local[1]


@pytest.fixture()
def short_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs of 45 messages: several runs, some across two parts of 100 rows."""
    monkeypatch.setattr("nicknames.pipeline.audit_on_cluster.RUN_ROWS", 45)


def refuse_texts_on_the_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make reading the texts on the driver fail: audit must keep them on the cluster."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the driver read the texts")

    monkeypatch.setattr("nicknames.pipeline.audit_files.read_source", refuse)
    monkeypatch.setattr("nicknames.pipeline.audit_files.iter_texts", refuse)
    monkeypatch.setattr("nicknames.pipeline.audit_files.audit_messages", refuse)
