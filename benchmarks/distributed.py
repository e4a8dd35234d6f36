"""Measure collect and apply on the Dask and Spark engines against the local engine, on one generated corpus.

    python benchmarks/distributed.py                      # 200,000 messages, 5,000 participants, 50 sessions
    python benchmarks/distributed.py --messages 20000 --participants 500 --sessions 10

Each run is a fresh ``nicknames`` process (so a cluster's start is counted):
the local engine with 1 and 2 processes, a Dask cluster of 1 and 2 workers
started by the command (``--engine dask --jobs N``) and Spark ``local[1]`` and
``local[2]``. Wall time, CPU time of the command and everything it started
(workers, the JVM), and whether the mapping file and the output are the same
bytes as the local engine's are printed. Wall times on a shared machine are
noisy: compare CPU times and the ratios of one run. Plain script, not a test.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from run import measure  # noqa: E402

ENGINES = {
    "local 1 process": ["--jobs", "1"],
    "local 2 processes": ["--jobs", "2"],
    "dask 1 worker": ["--engine", "dask", "--jobs", "1"],
    "dask 2 workers": ["--engine", "dask", "--jobs", "2"],
    "spark local[1]": ["--engine", "spark", "--cluster", "local[1]"],
    "spark local[2]": ["--engine", "spark", "--cluster", "local[2]"],
}
"""Each engine as a command's options; the first is the reference every other output must equal."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=200_000)
    parser.add_argument("--participants", type=int, default=5_000)
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated names of ENGINES")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="nicknames-distributed-") as folder:
        work = Path(folder)
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "corpus.py"), str(work / "corpus"),
                        "--messages", str(args.messages), "--participants", str(args.participants),
                        "--sessions", str(args.sessions)], check=True, stdout=subprocess.DEVNULL)
        messages = work / "corpus" / "messages.csv"
        mapping = work / "corpus" / "mapping.txt"
        megabytes = messages.stat().st_size / 2**20
        rows = [run_engine(work, name, ENGINES[name], messages, mapping) for name in args.engines.split(",")]
    if args.json:
        print(json.dumps({"messages": args.messages, "megabytes": megabytes, "rows": rows}, indent=1))
        return
    print(f"{args.messages:,} messages, {megabytes:.0f} MB ({args.participants:,} participants, "
          f"{args.sessions} sessions)")
    print(f"{'engine':<20} {'collect wall':>12} {'cpu':>7} {'apply wall':>11} {'cpu':>7} {'MB/s':>6}  same")
    for row in rows:
        print(f"{row['engine']:<20} {row['collect_wall']:>11.1f}s {row['collect_cpu']:>6.1f}s "
              f"{row['apply_wall']:>10.1f}s {row['apply_cpu']:>6.1f}s {megabytes / row['apply_wall']:>6.1f}  "
              f"{'yes' if row['same'] else 'NO'}")


def run_engine(work: Path, name: str, options: list[str], messages: Path, mapping: Path) -> dict[str, object]:
    """Collect and apply on one engine; its times, and whether its files equal the first engine's."""
    out = work / name.replace(" ", "_").replace("[", "").replace("]", "")
    out.mkdir()
    command = [sys.executable, "-m", "nicknames"]
    class_list = messages.with_name("class_list.csv")
    collected = measure([*command, "collect", str(messages), "--class-list", str(class_list), "-o",
                         str(out / "mapping.txt"), "-q", *options])
    applied = measure([*command, "apply", str(messages), str(mapping), "-o", str(out / "output.csv"), "-q",
                       *options])
    reference = sorted(work.glob("local_1_process"))[0]
    same = all(filecmp.cmp(out / file, reference / file, shallow=False) for file in ("mapping.txt", "output.csv"))
    return {"engine": name, "collect_wall": collected["wall"], "collect_cpu": collected["cpu"],
            "apply_wall": applied["wall"], "apply_cpu": applied["cpu"], "same": same}


if __name__ == "__main__":
    main()
