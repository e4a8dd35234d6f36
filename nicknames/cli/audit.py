"""``nicknames audit``: look for names left in a pseudonymised output; exit 1 when any is found."""

from __future__ import annotations

import datetime
import json
import sys
from dataclasses import asdict
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from nicknames.cli.common import (
    ClusterOption,
    EngineOption,
    InputOptions,
    JobsOption,
    QuietOption,
    app,
    chosen_engine,
    config_in_use,
    err,
    input_options,
    load_source,
    readable,
    source_warnings,
    user_errors,
)
from nicknames.cli.render import ProgressBar

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
    html_report: Annotated[Path | None, typer.Option("--html", help="Also write a self-contained HTML report for "
                                                     "an ethics board: settings, replacements per scope and kind, "
                                                     "discovery and review, findings, limits. It names nobody "
                                                     "unless --private.", dir_okay=False)] = None,
    private: Annotated[bool, typer.Option("--private", help="Put the findings with their context and before/after "
                                          "snippets (with --original) in the HTML report: it then holds real names "
                                          "and is written owner-only.")] = False,
    original: Annotated[Path | None, typer.Option("--original", help="The messages before apply, for the before/"
                                                  "after snippets of a --private report.", dir_okay=False)] = None,
    scope: Annotated[str, typer.Option("--scope", help="The scope apply used (thread, session or all), for the "
                                       "report's settings and its replacements per scope.")] = "session",
    style: Annotated[str, typer.Option("--style", help="The pseudonym style apply used, for the report.")] = "id",
    identifiers: Annotated[str, typer.Option("--identifiers", help="The identifiers apply replaced, for the "
                                             "report.")] = "all",
    jobs: JobsOption = 0,
    engine: EngineOption = None,
    cluster: ClusterOption = None,
    quiet: QuietOption = False,
    *,
    inputs: InputOptions,
) -> None:
    """Check a pseudonymised output for anything that still looks like a participant's name.

    Looks for every name in use in the mapping and, with --class-list, every part
    of every registered name (and its initials in capitals), in any case, as whole
    words in any Unicode form (as apply matches them), written with look-alike
    letters of another script (confusables, such as a Cyrillic a), and for near
    misses (capitalised words one or two edits from a name); keep-list names
    are skipped. It also reports person-like names (after a title, "my
    colleague", a given name before a surname) that are neither in the mapping,
    participants' or @others, nor on the keep list. A table's columns of other
    prose (title, subject, topic, summary) and of attached files are read after each message's text.
    Each finding is printed
    with its message id and context. Exit status 1 when anything is found, 0
    when the output is clean, so the command can gate a release. The findings
    show real names: keep them private. --html writes a report for an ethics
    board that names nobody (see docs/report.md).

    With --engine dask or spark the cluster's workers read the output and scan
    it, and only the findings come back (see docs/distributed.md); a CSV, JSON
    Lines or Parquet file of 64 MB or more is scanned in runs kept on disk. --html reads every text on
    this machine.
    """
    from nicknames.check.report_html import (  # these load pandas: see cli/common.py
        ReportInput,
        ReportSettings,
        write_html_report,
    )
    from nicknames.cli.render_measures import (
        audit_findings,
        audit_summary,
        people_findings,
    )
    from nicknames.engine.run import default_jobs
    from nicknames.io.class_list import read_class_list
    from nicknames.io.mapping_file import read_mapping
    from nicknames.io.output import check_outputs
    from nicknames.pipeline.audit_files import audit_opened, open_output

    check_outputs({"--html": html_report}, [output, mapping_path, class_list, original, config_in_use(inputs.config)])
    if original is not None and html_report is None:
        raise typer.BadParameter("needs --html (it gives the report's before/after snippets).", param_hint="--original")
    settings = inputs.settings()
    run_on = chosen_engine(engine, cluster, settings)
    encoding = inputs.encoding or settings.encoding
    mapping = read_mapping(mapping_path)
    roster = read_class_list(class_list, encoding) if class_list else None
    source_path = readable(ctx, output)  # a pipe is read more than once
    with open_output(source_path, inputs.chosen(settings), encoding, delimiter=inputs.delimiter or settings.delimiter,
                     sheet=inputs.sheet or settings.sheet, opaque_senders=inputs.opaque_senders, engine=run_on,
                     jobs=jobs, in_runs=html_report is None) as opened:  # --html shows the texts: read them here
        source_warnings(opened.table, opened.headerless)
        with ProgressBar(err, "audit", enabled=not quiet) as progress:
            outcome = audit_opened(opened, mapping, roster, near=near, jobs=jobs or default_jobs(source_path),
                                   engine=run_on, progress=progress)
    texts, result, people = opened.texts, outcome.result, outcome.people
    if as_json:
        findings = [{**asdict(finding), "participants": list(finding.participants)} for finding in result.findings]
        json.dump({"messages": result.messages, "names": result.names, "findings": findings,
                   "people": [asdict(person) for person in people]}, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        if result.findings:
            audit_findings(out, result)
        people_findings(out, people)
    if html_report is not None:
        originals = load_source(original, inputs).texts(other_texts=True) if original is not None else {}
        frame_scopes = load_source(source_path, inputs).table.scope_keys(scope) if scope != "all" else [""] * len(texts)
        data = ReportInput(texts, frame_scopes, mapping, result, people, ReportSettings(
            scope, style, identifiers, _tool_version(),
            datetime.date.today().isoformat(), output.name), originals)
        write_html_report(html_report, data, private)
    if not quiet:
        audit_summary(err, result, output, people)
        if html_report is not None:
            err.print(f"Wrote the report {escape(str(html_report))}" + (" (private: it holds real names)." if private
                                                                       else " (it names nobody)."))
    if result.findings or people:
        raise typer.Exit(1)


def _tool_version() -> str:
    """The installed version of the tool, for the report."""
    try:
        return version("nicknames-pseudonymiser")
    except PackageNotFoundError:
        return "unknown"
