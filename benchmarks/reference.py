"""The paper's method as a baseline: one regular-expression substitution pass per name over all messages.

    python benchmarks/reference.py messages.csv mapping.txt [--names N]

Every name of the mapping, longest first, is substituted with ``regex.sub``
over every message, whole words by the same look-arounds as nicknames. With
``--names N`` only N names spread over the list are run and the time is
extrapolated to all names (the cost is the same for every name: one pass over
all the text), so large corpora finish in minutes. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import pandas as pd
import regex

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nicknames.io.mapping_file import read_mapping  # noqa: E402
from nicknames.rules.patterns import longest_first, name_pattern  # noqa: E402


def main() -> None:
    """Run the per-name loop and print its (extrapolated) time."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("messages", type=Path)
    parser.add_argument("mapping", type=Path)
    parser.add_argument("--names", type=int, default=0, help="Run only this many names and extrapolate.")
    parser.add_argument("--text-column", default="text")
    args = parser.parse_args()
    mapping = read_mapping(args.mapping)
    owner = {name: pid for pid in reversed(mapping.participants) for name in mapping.names_in_use(pid)}
    names = longest_first(owner)
    sample = names if not args.names or args.names >= len(names) else names[:: max(1, len(names) // args.names)]
    frame = pd.read_csv(args.messages, dtype=str, keep_default_na=False, usecols=[args.text_column])
    texts = frame[args.text_column].tolist()
    start = time.perf_counter()
    for name in sample:
        pattern = regex.compile(name_pattern(name), regex.VERSION1)
        replacement = f"[{owner[name]}]"
        texts = [pattern.sub(replacement, text) for text in texts]
    elapsed = time.perf_counter() - start
    print(json.dumps({"names": len(names), "names_run": len(sample), "seconds_run": elapsed,
                      "seconds_all_names": elapsed * len(names) / len(sample)}))


if __name__ == "__main__":
    main()
