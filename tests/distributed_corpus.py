"""What the Dask and Spark tests share: a small generated corpus, its parts, and the local engine's outputs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from nicknames.sample.generate import SampleConfig, generate_sample

MESSAGES = 240
"""Small: the machine's two cores are shared, and the point is the same result, not speed."""


@dataclass(frozen=True)
class Corpus:
    """A generated corpus, the same messages as CSV and Parquet parts, and what the local engine made of it."""

    folder: Path
    messages: Path
    class_list: Path
    csv_parts: Path
    parquet_parts: Path
    mapping: Path
    """The local engine's mapping (collect with the class list)."""

    def local(self, name: str) -> Path:
        return self.folder / "local" / name


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def make_corpus(folder: Path) -> Corpus:
    """Generate the corpus and run the local engine's collect, apply (session and thread scope) and audit on it."""
    generate_sample(folder / "sample", SampleConfig(seed=3, messages=MESSAGES, participants=16, sessions=2))
    messages, class_list = folder / "sample" / "messages.csv", folder / "sample" / "class_list.csv"
    frame = pd.read_csv(messages, dtype=str, keep_default_na=False)
    csv_parts, parquet_parts = folder / "csv_parts", folder / "parquet_parts"
    csv_parts.mkdir()
    parquet_parts.mkdir()
    for number, start in enumerate(range(0, len(frame), 100)):
        part = frame.iloc[start:start + 100]
        part.to_csv(csv_parts / f"part-{number}.csv", index=False)
        part.to_parquet(parquet_parts / f"part-{number}.parquet", index=False)
    (folder / "local").mkdir()
    corpus = Corpus(folder, messages, class_list, csv_parts, parquet_parts, folder / "local" / "mapping.txt")
    for args in local_runs(corpus):
        code, _, stderr = run(*args)
        assert code == 0, stderr
    return corpus


def local_runs(corpus: Corpus) -> list[list[str | Path]]:
    """The local engine's runs whose outputs the cluster engines must give byte for byte."""
    return [
        ["collect", corpus.messages, "--class-list", corpus.class_list, "-o", corpus.mapping, "-q"],
        *(["apply", corpus.messages, corpus.mapping, "--scope", scope, "-o", corpus.local(f"{scope}.csv"),
           "--report", corpus.local(f"{scope}-report.csv"), "--review", corpus.local(f"{scope}-review.csv"), "-q"]
          for scope in ("session", "thread")),
    ]


def same_runs(corpus: Corpus, out: Path, engine: list[str]) -> None:
    """Collect, apply and audit on ``engine`` give the local engine's mapping, rows, report, review and findings."""
    out.mkdir()
    code, stdout, stderr = run("collect", corpus.messages, "--class-list", corpus.class_list, "-o", out / "mapping.txt",
                               "-q", *engine)
    assert (code, stdout) == (0, ""), stderr
    assert (out / "mapping.txt").read_bytes() == corpus.mapping.read_bytes()
    for scope in ("session", "thread"):
        code, _, stderr = run("apply", corpus.messages, corpus.mapping, "--scope", scope, "-o", out / f"{scope}.csv",
                              "--report", out / "report.csv", "--review", out / "review.csv", "-q", *engine)
        assert code == 0, stderr
        assert (out / f"{scope}.csv").read_bytes() == corpus.local(f"{scope}.csv").read_bytes()
        assert (out / "report.csv").read_bytes() == corpus.local(f"{scope}-report.csv").read_bytes()
        assert (out / "review.csv").read_bytes() == corpus.local(f"{scope}-review.csv").read_bytes()
        (out / "report.csv").unlink()
        (out / "review.csv").unlink()
    _, local_findings, _ = run("audit", corpus.local("session.csv"), "-m", corpus.mapping, "--json", "-q")
    _, findings, _ = run("audit", corpus.local("session.csv"), "-m", corpus.mapping, "--json", "-q", *engine)
    assert findings == local_findings


def sorted_parts(folder: Path) -> pd.DataFrame:
    """The rows of a parted output (Parquet, CSV or JSON Lines parts) in the input's order, without the order column."""
    parts = sorted(folder.iterdir())
    assert parts and all(part.name.startswith("part-") for part in parts)
    if parts[0].suffix == ".parquet":
        frame = pd.concat([pd.read_parquet(part) for part in parts])
    elif parts[0].suffix == ".csv":
        frame = pd.concat([pd.read_csv(part, dtype=str, keep_default_na=False) for part in parts])
    else:
        frame = pd.concat([pd.read_json(part, lines=True, dtype=False) for part in parts])
    order = frame["nicknames_row"].astype(int)
    assert sorted(order) == list(range(len(frame)))
    return frame.iloc[order.argsort()].drop(columns="nicknames_row").reset_index(drop=True)


def same_rows(folder: Path, local_output: Path) -> None:
    """A parted output's rows are the local engine's output file's (a CSV file)."""
    expected = pd.read_csv(local_output, dtype=str, keep_default_na=False)
    pd.testing.assert_frame_equal(sorted_parts(folder).astype(object), expected.astype(object))


def same_parted_runs(corpus: Corpus, out: Path, engine: list[str]) -> None:
    """Parquet and CSV parts read by the engine give the local engine's mapping; the parted output its rows."""
    out.mkdir()
    for name, parts in (("csv", str(corpus.csv_parts / "*.csv")), ("parquet", str(corpus.parquet_parts))):
        code, _, stderr = run("collect", parts, "--class-list", corpus.class_list, "-o", out / f"{name}.txt", "-q",
                              *engine)
        assert code == 0, stderr
        assert (out / f"{name}.txt").read_bytes() == corpus.mapping.read_bytes()
    code, _, stderr = run("apply", corpus.parquet_parts, corpus.mapping, "-o", out / "parted", "-q", *engine)
    assert code == 0, stderr
    same_rows(out / "parted", corpus.local("session.csv"))


@pytest.fixture()
def small_buckets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Partitions of about 20 messages grouped into buckets of about 50: several parts, each file shuffled to many;
    one output file gathered by ranges of 70 rows."""
    monkeypatch.setattr("nicknames.pipeline.on_cluster.PARTITION_ROWS", 20)
    monkeypatch.setattr("nicknames.pipeline.on_cluster.PART_ROWS", 50)
    monkeypatch.setattr("nicknames.pipeline.on_cluster.CHUNK_ROWS", 70)


@pytest.fixture()
def no_table_on_the_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make reading the whole table on the driver fail: apply must keep the texts on the cluster."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the driver read the whole table")

    monkeypatch.setattr("nicknames.pipeline.exports.read_source", refuse)


def same_apply_on_cluster(corpus: Corpus, folder: Path, parts: Path, scope: str, engine: list[str]) -> None:
    """Apply on ``engine`` into parts gives the local engine's rows, report and review file."""
    code, stdout, stderr = run("apply", parts, corpus.mapping, "--scope", scope, "-o", folder / "parted",
                               "--report", folder / "report.csv", "--review", folder / "review.csv", "-q", *engine)
    assert (code, stdout) == (0, ""), stderr
    assert len(list((folder / "parted").iterdir())) >= 2
    same_rows(folder / "parted", corpus.local(f"{scope}.csv"))
    assert (folder / "report.csv").read_bytes() == corpus.local(f"{scope}-report.csv").read_bytes()
    assert (folder / "review.csv").read_bytes() == corpus.local(f"{scope}-review.csv").read_bytes()


@pytest.fixture()
def small_held_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Collect's passes on the cluster in buckets of 50 rows (a file's rows to several, a bucket across two files),
    each read as runs of 20 messages."""
    monkeypatch.setattr("nicknames.distributed.held_runs.BUCKET_ROWS", 50)
    monkeypatch.setattr("nicknames.distributed.held_runs.RUN_ROWS", 20)


def same_collect_on_cluster(corpus: Corpus, folder: Path, messages: Path | str, engine: list[str]) -> None:
    """Collect on ``engine``, its texts read by the workers, writes the local engine's mapping file."""
    code, stdout, stderr = run("collect", messages, "--class-list", corpus.class_list, "-o", folder / "mapping.txt",
                               "-q", *engine)
    assert (code, stdout) == (0, ""), stderr
    assert (folder / "mapping.txt").read_bytes() == corpus.mapping.read_bytes()


def bad_cell_stops_apply(corpus: Corpus, folder: Path, engine: list[str]) -> None:
    """A part with a broken JSON line stops apply on the cluster with the user's one-line error (file and line),
    nothing on stdout, exit 1, and no output folder."""
    parts = folder / "parts"
    parts.mkdir()
    (parts / "a.jsonl").write_text('{"message_id": "1", "user_id": "u1", "text": "Hi"}\n', encoding="utf-8")
    (parts / "b.jsonl").write_text('{"message_id": "2", "user_id": "u2", "text": "Hi"}\n{"message_id": \n',
                                   encoding="utf-8")
    code, stdout, stderr = run("apply", parts, corpus.mapping, "-o", folder / "out", *engine)
    assert (code, stdout) == (1, "")
    assert stderr.startswith("Error: ") and "b.jsonl" in stderr and "line 2" in stderr
    assert len(stderr.strip().splitlines()) == 1
    assert not (folder / "out").exists()


def same_other_columns(tmp_path: Path, engine: list[str], *options: str) -> pd.DataFrame:
    """Apply on a cluster and here of parts with a title and columns of the authors' names and addresses: the same
    rows (those of the cluster returned)."""
    parts = tmp_path / "parts"
    parts.mkdir()
    pd.DataFrame({"message_id": ["1", "2", "3"], "parent_id": ["", "1", "2"], "user_id": ["U1", "U2", "U1"],
                  "author_name": ["Anika Vey", "Tobias Quell", "Anika Vey"],
                  "author_email": ["av@uni.example.org", "tq@uni.example.org", "av@uni.example.org"],
                  "title": ["For Tobias", None, "Anika again"],
                  "text": ["Hi Tobias, Anika", "Thanks Anika! Tobias", "Bye Tobias"]}
                 ).to_parquet(parts / "a.parquet", index=False)
    (tmp_path / "mapping.txt").write_text("U1 | Anika | Anika Vey\nU2 | Tobias | Tobias Quell\n")
    for name, where in (("local", []), ("cluster", engine)):
        code, _, stderr = run("apply", parts, tmp_path / "mapping.txt", "-o", tmp_path / name, "-q", *where, *options)
        assert code == 0, stderr
    written = sorted_parts(tmp_path / "cluster")
    pd.testing.assert_frame_equal(written, sorted_parts(tmp_path / "local"))
    return written


def same_title_audit(tmp_path: Path, engine: list[str]) -> dict[str, object]:
    """Audit on a cluster and here of an output whose titles hold a name apply left: the same findings (returned)."""
    parts = tmp_path / "parts"
    parts.mkdir()
    pd.DataFrame({"message_id": ["1", "2"], "parent_id": ["", "1"], "user_id": ["U1", "U2"],
                  "title": ["For [U2]", "Ines said so"], "text": ["Hi [U2]", "Hi [U1]"]}
                 ).to_parquet(parts / "a.parquet", index=False)
    (tmp_path / "mapping.txt").write_text("U1 | Anika\nU2 | Tobias\nU3 | Ines\n")
    outputs = {}
    for name, options in (("local", []), ("cluster", engine)):
        code, stdout, stderr = run("audit", parts, "-m", tmp_path / "mapping.txt", "--json", "-q", *options)
        assert code == 1, stderr
        outputs[name] = json.loads(stdout)
    assert outputs["cluster"] == outputs["local"]
    return outputs["cluster"]
