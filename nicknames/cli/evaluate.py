"""``nicknames evaluate``: score a mapping (and optionally a pseudonymised output) against the gold standard."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from nicknames.apply.pseudonyms import DEFAULT_TEMPLATE
from nicknames.cli.common import InputOptions, app, input_options, user_errors
from nicknames.model.errors import InputError

if TYPE_CHECKING:
    from nicknames.check.mentions import MentionReport

out = Console(soft_wrap=True, highlight=False)
"""The report is the data the command was asked for, so it goes to stdout."""


@app.command("evaluate")
@user_errors
@input_options
def evaluate_command(
    gold_path: Annotated[Path, typer.Argument(metavar="GOLD_MAPPING", help="Gold mapping file.", dir_okay=False)],
    mapping_path: Annotated[Path, typer.Argument(metavar="MAPPING", help="Mapping file to score.", dir_okay=False)],
    gold_spans: Annotated[Path | None, typer.Option("--gold-spans", help="Gold spans CSV (from nicknames sample): "
                                                    "also score a pseudonymised output.", dir_okay=False)] = None,
    pseudonymised: Annotated[Path | None, typer.Option("--pseudonymised", "-p", help="Pseudonymised messages CSV "
                                                       "to score (needs --gold-spans).", dir_okay=False)] = None,
    messages: Annotated[Path | None, typer.Option("--messages", help="Original messages CSV (default: "
                                                  "messages.csv beside the gold spans).", dir_okay=False)] = None,
    expected: Annotated[Path | None, typer.Option("--expected", help="Expected output CSV for the exact-message "
                                                  "rate (default: expected.csv beside the gold spans, if there).",
                                                  dir_okay=False)] = None,
    pseudonym_format: Annotated[str, typer.Option("--format", metavar="<template>", help="Pseudonym template the output was written "
                                                  "with.")] = DEFAULT_TEMPLATE,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List missed and spurious names per "
                                          "participant and names left in the output (real names).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    *,
    inputs: InputOptions,
) -> None:
    """Score a mapping against a gold mapping with the paper's metrics, and optionally a pseudonymised output.

    Coverage (participants all of whose names were found), missed connections
    ("28/163"), recall, precision and F1 of the (participant, name) connections
    in use, on whole names and on single words, and per category. With
    --gold-spans and --pseudonymised: names left in the output, replacements
    given to the wrong participant, protected strings replaced, changes outside
    any gold span, and the share of messages exactly as expected.
    See docs/evaluation.md.
    """
    from nicknames.check.evaluate import categories_from_spans, evaluate_mapping
    from nicknames.check.gold import read_spans_csv
    from nicknames.check.mentions import evaluate_mentions, pseudonym_pattern
    from nicknames.cli.render_measures import (  # these load pandas: see cli/common.py
        mapping_report,
        mention_report,
    )
    from nicknames.io.mapping_file import read_mapping
    from nicknames.pipeline.message_texts import iter_texts

    if (gold_spans is None) != (pseudonymised is None):
        raise InputError("--gold-spans and --pseudonymised go together: give both to score an output, or neither.")
    pattern = pseudonym_pattern(pseudonym_format)
    gold, mapping = read_mapping(gold_path), read_mapping(mapping_path)
    spans = read_spans_csv(gold_spans) if gold_spans else None
    report = evaluate_mapping(gold, mapping, categories_from_spans(spans) if spans else None)
    mentions: MentionReport | None = None
    if spans is not None and gold_spans is not None and pseudonymised is not None:
        settings = inputs.settings()

        def texts(path: Path) -> dict[str, str]:
            return dict(iter_texts(path, inputs.chosen(settings), inputs.encoding or settings.encoding,
                                   delimiter=inputs.delimiter or settings.delimiter,
                                   sheet=inputs.sheet or settings.sheet))

        originals = messages or _beside(gold_spans, "messages.csv")
        if originals is None:
            raise InputError(f"No messages.csv beside {gold_spans}; give the original messages with --messages.")
        expected_path = expected or _beside(gold_spans, "expected.csv")
        mentions = evaluate_mentions(texts(originals), texts(pseudonymised), spans, pattern,
                                     texts(expected_path) if expected_path else None)
    if as_json:
        result: dict[str, object] = {"mapping": report.as_dict(details=verbose)}
        if mentions is not None:
            result["output"] = mentions.as_dict(details=verbose)
        json.dump(result, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
        return
    mapping_report(out, report, verbose)
    if mentions is not None:
        mention_report(out, mentions, verbose)


def _beside(spans: Path, name: str) -> Path | None:
    path = spans.parent / name
    return path if path.is_file() else None
