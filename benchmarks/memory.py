"""Measure the peak memory of collect, apply and audit at one size, and of the CSV reader alone.

    python benchmarks/memory.py                          # 1,000,000 messages (860 MB of CSV)
    python benchmarks/memory.py --size 200000:5000:50 --work /tmp/nicknames-bench

The corpus is ``benchmarks/corpus.py``'s (the ``simple`` generator of
``benchmarks/run.py``, reused when it is there). Each command runs in its own
process, as ``benchmarks/run.py`` runs it; the resident memory of that process
(the driver) and of each of its worker processes is read from ``/proc`` every
0.2 s. Printed: the peak of the largest single process (``getrusage``, what
``/usr/bin/time -v`` calls "Maximum resident set size"), the driver's and the
largest worker's sampled peaks, and CPU seconds (user + system, workers
included), against the bound of the design (1 GB at 1,000,000 messages). The
first line is the CSV reader alone (``csv_runs`` over the file, nothing kept):
its peak and the most Arrow's memory pool held, the part of every command's
peak that reading takes. Plain script, not a test: run it by hand, on a machine
with nothing else running for the CPU figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from corpus import write_corpus

BOUND_MB = 1_000
"""The design's bound on the peak of any process at 1,000,000 messages."""

READER = """
import json, resource, sys
from pathlib import Path
import pyarrow as pa
from nicknames.io.csv_runs import csv_runs
rows = sum(run.num_rows for run in csv_runs(Path(sys.argv[1])))
print(json.dumps({"rows": rows, "pool_mb": pa.default_memory_pool().max_memory() / 2**20,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""
"""The CSV reader alone: every run read and dropped."""


def descendants(root: int) -> set[int]:
    """``root`` and every process started under it."""
    parents: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = Path(f"/proc/{name}/stat").read_text()
            except OSError:
                continue
            parents[int(name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, grown = {root}, True
    while grown:
        grown = False
        for pid, parent in parents.items():
            if parent in found and pid not in found:
                found.add(pid)
                grown = True
    return found


def resident_kb(pid: int) -> int:
    """The resident memory of a process now (0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def sampled(command: list[str]) -> dict[str, float]:
    """Run a command to its end; its peaks in MB (largest process, driver, largest worker) and CPU seconds.

    Sampled in a child process of this one (as ``MEASURE`` in ``benchmarks/run.py``), so that ``getrusage``
    counts this command alone."""
    code = """
import json, resource, subprocess, sys, time
sys.path.insert(0, sys.argv[1])
from memory import descendants, resident_kb
process = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL)
driver, workers = 0, 0
while process.poll() is None:
    for pid in descendants(process.pid):
        kb = resident_kb(pid)
        if pid == process.pid:
            driver = max(driver, kb)
        else:
            workers = max(workers, kb)
    time.sleep(0.2)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"code": process.returncode, "peak_mb": usage.ru_maxrss / 1024, "driver_mb": driver / 1024,
                  "worker_mb": workers / 1024, "cpu": usage.ru_utime + usage.ru_stime}))
"""
    done = subprocess.run([sys.executable, "-c", code, str(ROOT / "benchmarks"), *command], capture_output=True,
                          text=True, cwd=ROOT, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    if result["code"] != 0 and not (result["code"] == 1 and "audit" in command):  # audit: 1 = found names
        raise SystemExit(f"failed: {' '.join(command)}")
    return result


def main() -> None:
    """Command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="1000000:5000:50", help="messages:participants:sessions")
    parser.add_argument("--work", type=Path, default=Path("/tmp/nicknames-bench"))
    args = parser.parse_args()
    messages, participants, sessions = (int(part) for part in args.size.split(":"))
    folder = args.work / f"simple-{messages}-{participants}-{sessions}"
    if not (folder / "class_list.csv").exists():
        write_corpus(folder, messages, participants, sessions)
    csv_path, mapping, roster = folder / "messages.csv", folder / "mapping.txt", folder / "class_list.csv"
    out = folder / "out"
    out.mkdir(exist_ok=True)
    started = time.perf_counter()
    reader = subprocess.run([sys.executable, "-c", READER, str(csv_path)], capture_output=True, text=True,
                            cwd=ROOT, check=True)
    read = json.loads(reader.stdout)
    print(f"\n## Peak memory, {messages:,} messages ({csv_path.stat().st_size / 1e6:.0f} MB of CSV)\n")
    print(f"CSV reader alone: peak {read['rss_mb']:.0f} MB, Arrow's pool at most {read['pool_mb']:.0f} MB "
          f"({read['rows']:,} rows)\n")
    print("| command | peak MB (largest process) | driver MB | largest worker MB | CPU s | under the bound |")
    print("|---|---|---|---|---|---|")
    (out / "collected.txt").unlink(missing_ok=True)
    commands = {
        "collect (with the class list)": ["collect", str(csv_path), "--class-list", str(roster),
                                          "-o", str(out / "collected.txt"), "--quiet"],
        "apply --scope session": ["apply", str(csv_path), str(mapping), "-s", "session",
                                  "-o", str(out / "session.csv"), "--quiet"],
        "audit (of apply's output)": ["audit", str(out / "session.csv"), "-m", str(mapping),
                                      "--class-list", str(roster), "--json", "--quiet"],
    }
    for label, command in commands.items():
        result = sampled([sys.executable, "-m", "nicknames", *command])
        print(f"| {label} | {result['peak_mb']:.0f} | {result['driver_mb']:.0f} | {result['worker_mb']:.0f} "
              f"| {result['cpu']:.1f} | {'yes' if result['peak_mb'] < BOUND_MB else 'NO'} |")
    print(f"\n({time.perf_counter() - started:.0f} s in all; peaks of the driver and workers sampled every 0.2 s)")


if __name__ == "__main__":
    main()
