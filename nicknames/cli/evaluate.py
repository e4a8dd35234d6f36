"""``nicknames evaluate``: score a mapping (and optionally a pseudonymised output) against the gold standard."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from nicknames.cli.common import app, user_errors
from nicknames.cli.render_measures import mapping_report
from nicknames.evaluate import evaluate_mapping
from nicknames.mapping_file import read_mapping

out = Console(soft_wrap=True, highlight=False)
"""The report is the data the command was asked for, so it goes to stdout."""


@app.command("evaluate")
@user_errors
def evaluate_command(
    gold_path: Annotated[Path, typer.Argument(metavar="GOLD_MAPPING", help="Gold mapping file.", dir_okay=False)],
    mapping_path: Annotated[Path, typer.Argument(metavar="MAPPING", help="Mapping file to score.", dir_okay=False)],
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List missed and spurious names per "
                                          "participant (real names).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Score a mapping against a gold mapping with the paper's metrics.

    Coverage (participants all of whose names were found), missed connections
    ("28/163"), recall, precision and F1 of the (participant, name) connections
    in use, on whole names and on single words, and per category when the gold
    names carry category tags. See docs/evaluation.md.
    """
    gold = read_mapping(gold_path)
    mapping = read_mapping(mapping_path)
    report = evaluate_mapping(gold, mapping)
    if as_json:
        json.dump({"mapping": report.as_dict(details=verbose)}, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        mapping_report(out, report, verbose)
