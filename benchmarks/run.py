"""Measure collect, apply (each scope) and audit on generated corpora, against the paper's per-name loop.

    python benchmarks/run.py                       # 10k, 100k, 200k and 1M messages
    python benchmarks/run.py --sizes 200000:5000:50 --runs 3 --generator sample

Each size is ``messages:participants:sessions``. Every measured command runs in
its own subprocess; its wall time, CPU time and peak RSS (the largest single
process, read with ``resource.getrusage(RUSAGE_CHILDREN)``) are printed with the
throughput in MB of message text per second (medians of ``--runs`` runs) and
the ratio to a bare pandas ``read_csv`` + ``to_csv`` of the same file, measured
in the same run (the targets: apply ≤ 1×, collect ≤ 1.5×, audit ≤ 3×).
Collect and audit get the corpus's class list; audit checks the output of the
first scope's apply (it exits 1 when it finds anything, which counts as done). The
reference (``benchmarks/reference.py``) runs in the same session on the same
data, on a sample of names, extrapolated to all names; the ratio is
reference time / apply time. Plain script, not a test: run it by hand.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from corpus import write_corpus  # noqa: E402

DEFAULT_SIZES = "10000:100:6,100000:1000:20,200000:5000:50,1000000:5000:50"
MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"code": code, "wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
                  "rss_mb": usage.ru_maxrss / 1024}))
"""

ROUND_TRIP = """
import sys
import pandas as pd
pd.read_csv(sys.argv[1], dtype=str, keep_default_na=False).to_csv(sys.argv[2], index=False)
"""
"""The yardstick each command is measured against in the same run: a bare pandas read and write of the file."""


def measure(command: list[str]) -> dict[str, float]:
    """Run one command in a fresh subprocess; its wall and CPU seconds and peak RSS in MB."""
    done = subprocess.run([sys.executable, "-c", MEASURE, *command], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    if result["code"] != 0 and not (result["code"] == 1 and "audit" in command):  # audit: 1 = found names
        raise SystemExit(f"failed: {' '.join(command)}")
    return result


def corpus(folder: Path, messages: int, participants: int, sessions: int, generator: str) -> tuple[Path, Path]:
    """Generate (or reuse) a corpus; the sample generator's gold mapping is the mapping applied."""
    if generator == "simple":
        if not (folder / "class_list.csv").exists():
            write_corpus(folder, messages, participants, sessions)
        return folder / "messages.csv", folder / "mapping.txt"
    if not (folder / "messages.csv").exists():
        subprocess.run([sys.executable, "-m", "nicknames", "sample", str(folder), "-n", str(messages),
                        "--participants", str(participants), "--sessions", str(sessions), "--force"],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return folder / "messages.csv", folder / "gold_mapping.txt"


def text_mb(path: Path) -> float:
    """MB of message text (the text column), the unit of throughput."""
    import pandas as pd

    total = 0
    for chunk in pd.read_csv(path, dtype=str, keep_default_na=False, usecols=["text"], chunksize=50_000):
        total += int(chunk["text"].str.len().sum())
    return total / 1e6


def median_of(runs: int, command: list[str], fresh: Path | None = None) -> dict[str, float]:
    """The median wall, CPU and RSS of several runs, each without the file ``fresh`` (collect would otherwise merge
    its findings into the mapping the run before wrote)."""
    results = []
    for _ in range(runs):
        if fresh is not None:
            fresh.unlink(missing_ok=True)
        results.append(measure(command))
    return {key: statistics.median(r[key] for r in results) for key in ("wall", "cpu", "rss_mb")}


def bench_size(size: str, args: argparse.Namespace) -> None:
    """Measure every command on one corpus size and print a table."""
    messages, participants, sessions = (int(part) for part in size.split(":"))
    folder = args.work / f"{args.generator}-{messages}-{participants}-{sessions}"
    csv_path, mapping = corpus(folder, messages, participants, sessions, args.generator)
    megabytes = text_mb(csv_path)
    print(f"\n## {messages:,} messages, {participants:,} participants, {sessions} sessions "
          f"({megabytes:.0f} MB of text, {args.generator} generator)\n")
    print("| command | wall s | CPU s | MB/s | × pandas round trip | peak RSS MB |")
    print("|---|---|---|---|---|---|")
    out = folder / "out"
    out.mkdir(exist_ok=True)
    roster = ["--class-list", str(csv_path.parent / "class_list.csv")]
    commands = {} if args.no_collect else {"collect": ["collect", str(csv_path), *roster,
                                                       "-o", str(out / "collected.txt"), "--quiet"]}
    scopes = args.scopes.split(",")
    for scope in scopes:
        commands[f"apply --scope {scope}"] = ["apply", str(csv_path), str(mapping), "-s", scope,
                                              "-o", str(out / f"{scope}.csv"), "--quiet", *args.apply_args]
    commands[f"audit (of --scope {scopes[0]})"] = ["audit", str(out / f"{scopes[0]}.csv"), "-m", str(mapping),
                                                   *roster, "--json", "--quiet"]
    walls = {}
    base = median_of(args.runs, [sys.executable, "-c", ROUND_TRIP, str(csv_path), str(out / "round-trip.csv")])
    print(f"| pandas read_csv + to_csv | {base['wall']:.1f} | {base['cpu']:.1f} | {megabytes / base['wall']:.1f} "
          f"| 1.00 | {base['rss_mb']:.0f} |")
    for label, command in commands.items():
        result = median_of(args.runs, [sys.executable, "-m", "nicknames", *command], out / "collected.txt")
        walls[label] = result["wall"]
        print(f"| {label} | {result['wall']:.1f} | {result['cpu']:.1f} | {megabytes / result['wall']:.1f} "
              f"| {result['wall'] / base['wall']:.2f} | {result['rss_mb']:.0f} |")
    if messages <= args.reference_max:
        reference = subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / "reference.py"), str(csv_path), str(mapping),
             "--names", str(args.reference_names)], capture_output=True, text=True, check=True)
        ref = json.loads(reference.stdout)
        label = "apply --scope " + args.scopes.split(",")[0]
        print(f"| per-name reference ({ref['names_run']} of {ref['names']} names run, extrapolated) "
              f"| {ref['seconds_all_names']:.0f} | | {megabytes / ref['seconds_all_names']:.3f} | |")
        print(f"\nratio reference / {label}: {ref['seconds_all_names'] / walls[label]:.0f}x")
    if not args.keep:
        shutil.rmtree(out)


def main() -> None:
    """Command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=DEFAULT_SIZES)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scopes", default="session,thread,all")
    parser.add_argument("--generator", choices=("simple", "sample"), default="simple",
                        help="simple: benchmarks/corpus.py (fast at any size); sample: nicknames sample.")
    parser.add_argument("--work", type=Path, default=Path("/tmp/nicknames-bench"))
    parser.add_argument("--reference-max", type=int, default=200_000, help="Largest size to run the reference on.")
    parser.add_argument("--reference-names", type=int, default=40, help="Names the reference runs (extrapolated).")
    parser.add_argument("--apply-args", nargs="*", default=[], help="Extra options for apply, e.g. --jobs 1.")
    parser.add_argument("--keep", action="store_true", help="Keep the outputs.")
    parser.add_argument("--no-collect", action="store_true", help="Measure apply only.")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    for size in args.sizes.split(","):
        bench_size(size, args)


if __name__ == "__main__":
    main()
