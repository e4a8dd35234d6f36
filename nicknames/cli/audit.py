"""``nicknames audit``: look for names left in a pseudonymised output; exit 1 when any is found."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from nicknames.cli.common import (
    InputOptions,
    JobsOption,
    QuietOption,
    app,
    err,
    input_options,
    load_source,
    readable,
    user_errors,
)
from nicknames.mapping_file import read_mapping
from nicknames.parallel import default_jobs
from nicknames.render import ProgressBar

out = Console(soft_wrap=True, highlight=False)
"""Findings are the data the command was asked for, so they go to stdout."""


@app.command("audit")
@user_errors
@input_options
def audit_command(
    ctx: typer.Context,
    output: Annotated[Path, typer.Argument(metavar="OUTPUT", help="Pseudonymised output to check: CSV, JSON "
                                           "Lines, Parquet, an mbox file or a folder of .eml files.")],
    mapping_path: Annotated[Path, typer.Option("--mapping", "-m", help="The mapping file used (its names and "
                                               "keep list).", dir_okay=False)],
    class_list: Annotated[Path | None, typer.Option("--class-list", help="CSV of participant id and registered "
                                                    "full name: look for every part of every name.",
                                                    dir_okay=False)] = None,
    near: Annotated[bool, typer.Option("--near/--no-near", help="Also report near misses (likely "
                                       "misspellings of a name).")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
    jobs: JobsOption = 0,
    quiet: QuietOption = False,
    *,
    inputs: InputOptions,
) -> None:
    """Check a pseudonymised output for anything that still looks like a participant's name.

    Looks for every name in use in the mapping and, with --class-list, every part
    of every registered name (and its initials in capitals), in any case, as whole
    words, and for near misses (capitalised words one or two edits from a name);
    keep-list names are skipped. Each finding is printed with its message id and
    context. Exit status 1 when anything is found, 0 when the output is clean,
    so the command can gate a release. The findings show real names: keep them private.
    """
    from nicknames.audit import build_index  # these load pandas: see cli/common.py
    from nicknames.audit_chunks import audit_in_chunks
    from nicknames.class_list import read_class_list
    from nicknames.cli.render_measures import audit_findings, audit_summary
    from nicknames.formats import detect_format
    from nicknames.message_texts import iter_texts

    settings = inputs.settings()
    encoding = inputs.encoding or settings.encoding
    mapping = read_mapping(mapping_path)
    roster = read_class_list(class_list, encoding) if class_list else None
    source_path = readable(ctx, output)  # a pipe is read more than once
    if detect_format(source_path) == "csv":  # read in chunks: any size in bounded memory
        texts: Iterable[tuple[str, str]] = iter_texts(source_path, inputs.chosen(settings), encoding,
                                                      delimiter=inputs.delimiter or settings.delimiter)
    else:  # mail: headers, subject and whole body of each message
        texts = load_source(source_path, inputs).texts().items()
    index = build_index(mapping, roster)
    with ProgressBar(err, "audit", enabled=not quiet) as progress:
        progress.step("checking")
        result = audit_in_chunks(texts, index, near, jobs or default_jobs(_size(source_path)), progress)
    if as_json:
        findings = [{**asdict(finding), "participants": list(finding.participants)} for finding in result.findings]
        json.dump({"messages": result.messages, "names": result.names, "findings": findings}, sys.stdout,
                  indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    elif result.findings:
        audit_findings(out, result)
    if not quiet:
        audit_summary(err, result, output)
    if result.findings:
        raise typer.Exit(1)


def _size(path: Path) -> int:
    """Bytes of a file (0 for a folder of mail): large inputs get one worker per core."""
    return path.stat().st_size if path.is_file() else 0
