"""Quality figures for docs/evaluation.md and docs/discovery.md: collect, apply and audit on generated corpora.

For each seed: ``nicknames sample`` (the paper's size unless told otherwise),
then ``collect`` four ways (rules only or with discovery, with or without the
class list), ``evaluate`` of each mapping against the gold mapping, ``apply
--scope session`` with each mapping and with the gold mapping, ``evaluate``
of each output against the gold spans, and ``audit`` of each output. Prints
one table per measure, a row per method, a column per seed.

    python benchmarks/quality.py OUTDIR [--seeds 1 2 3] [--messages N --participants N --sessions N]

Every command runs as a user would run it (``python -m nicknames ...``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

METHODS = {
    "rules only, no class list": ["--no-discover"],
    "rules + class list": ["--no-discover", "--class-list", "{corpus}/class_list.csv"],
    "discovery, no class list": [],
    "discovery + class list": ["--class-list", "{corpus}/class_list.csv"],
}
"""collect options of each method; ``{corpus}`` is the corpus folder."""


def nicknames(*arguments: str) -> subprocess.CompletedProcess[str]:
    """Run the command line; exit status 1 is allowed (audit uses it for findings)."""
    result = subprocess.run([sys.executable, "-m", "nicknames", *arguments], capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise SystemExit(f"nicknames {' '.join(arguments)} failed:\n{result.stderr}")
    return result


def measure_seed(folder: Path, seed: int, size: list[str]) -> dict[str, dict[str, object]]:
    """Mapping scores, output scores and audit findings per method (and for the gold mapping) for one seed."""
    corpus = folder / f"seed{seed}"
    if not (corpus / "messages.csv").exists():
        nicknames("sample", str(corpus), "--seed", str(seed), "--quiet", *size)
    rows: dict[str, dict[str, object]] = {}
    mappings = {method: corpus / f"{index}.mapping.txt" for index, method in enumerate(METHODS)}
    for method, mapping in mappings.items():
        options = [option.format(corpus=corpus) for option in METHODS[method]]
        nicknames("collect", str(corpus / "messages.csv"), "-o", str(mapping), "--quiet", *options)
    mappings["gold mapping"] = corpus / "gold_mapping.txt"
    for method, mapping in mappings.items():
        output = corpus / f"{mapping.stem}.out.csv"
        nicknames("apply", str(corpus / "messages.csv"), str(mapping), "--scope", "session", "-o", str(output),
                  "--quiet")
        report = json.loads(nicknames(
            "evaluate", str(corpus / "gold_mapping.txt"), str(mapping), "--gold-spans",
            str(corpus / "gold_spans.csv"), "-p", str(output), "--json").stdout)
        audit = json.loads(nicknames("audit", str(output), "--mapping", str(mapping), "--class-list",
                                     str(corpus / "class_list.csv"), "--json").stdout)
        rows[method] = {"mapping": report["mapping"], "output": report["output"], "audit": audit["findings"]}
    return rows


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


TABLES = {
    "coverage": lambda row: percent(row["mapping"]["coverage"]),
    "missed connections": lambda row: row["mapping"]["names"]["missed"],
    "recall": lambda row: percent(row["mapping"]["names"]["recall"]),
    "precision": lambda row: percent(row["mapping"]["names"]["precision"]),
    "F1": lambda row: percent(row["mapping"]["names"]["f1"]),
    "mention recall (apply --scope session)": lambda row: percent(row["output"]["recall"]),
    "right participant": lambda row: percent(row["output"]["attribution"]),
    "over-replaced protected strings": lambda row: f"{row['output']['over_replaced']}/{row['output']['protected']}",
    "exact messages": lambda row: percent(row["output"]["exact_rate"]),
    "audit findings (near misses)": lambda row: (
        f"{len(row['audit'])} ({sum(finding['kind'] == 'near' for finding in row['audit'])})"
    ),
}
"""Each printed table: its title and how a cell is read from a method's results."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--messages")
    parser.add_argument("--participants")
    parser.add_argument("--sessions")
    arguments = parser.parse_args()
    size = [f"--{key}={value}" for key in ("messages", "participants", "sessions")
            if (value := getattr(arguments, key)) is not None]
    results = {seed: measure_seed(arguments.outdir, seed, size) for seed in arguments.seeds}
    methods = [*METHODS, "gold mapping"]
    for title, cell in TABLES.items():
        print(f"\n{title}  (seeds {' / '.join(map(str, arguments.seeds))})")
        for method in methods:
            print(f"  {method:<28} " + " / ".join(str(cell(results[seed][method])) for seed in arguments.seeds))


if __name__ == "__main__":
    main()
