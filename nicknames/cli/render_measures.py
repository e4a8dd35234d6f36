"""Rich tables for the measuring commands: sample summary, evaluation report, audit findings."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.text import Text

if TYPE_CHECKING:  # the command modules import this one at start-up; these core modules load pandas
    from rich.table import Table

    from nicknames.check.evaluate import MappingReport, Scores
    from nicknames.check.findings import AuditResult, Finding
    from nicknames.check.mentions import MentionReport
    from nicknames.collect.others import PersonLike
    from nicknames.sample.generate import SampleResult


SHOWN_CONTEXT = 20
"""Characters of context shown on each side of an audit finding."""
MAX_CELL = 40
"""Widest column of the audit findings before the context (longer cells are cut with "…")."""


def percent(value: float) -> str:
    """A ratio as the paper prints it: "82.8%"."""
    return f"{100 * value:.1f}%"


def sample_summary(console: Console, result: SampleResult) -> None:
    """What ``sample`` wrote."""
    from nicknames.sample.generate import FILES

    console.print(
        f"Wrote {', '.join(FILES)} into [bold]{escape(str(result.outdir))}[/]: {result.messages} messages in "
        f"{result.threads} threads, {result.sessions} sessions, {result.participants} participants; "
        f"{result.mentions} name mentions, {result.protected} protected strings, "
        f"{result.connections} participant–name connections. All names are synthetic."
    )


def mapping_report(console: Console, report: MappingReport, verbose: bool) -> None:
    """The paper's Table 2 and 3 metrics, Table 4 categories, and with ``verbose`` the names per participant."""
    from rich.table import Table

    table = Table("level", "coverage", "missed connections", "recall", "precision", "F1",
                  title="connections (participant, name)", title_justify="left")
    _scores_row(table, "whole names", report.names, percent(report.coverage))
    _scores_row(table, "single words", report.words, "")
    console.print(table)
    console.print(f"coverage: {report.covered}/{report.participants} participants with all their names found; "
                  f"recall weighted by messages: {percent(report.weighted_recall)}")
    categories = Table("category", "connections", "found", "uses", "uses found", "share",
                       title="by category (uses: messages that use the name)", title_justify="left")
    total = sum(row.substitutions for row in report.categories) or 1
    for row in report.categories:
        categories.add_row(row.category, str(row.connections), str(row.found), str(row.substitutions),
                           str(row.substitutions_found), percent(row.substitutions / total))
    console.print(categories)
    if verbose:
        _names(console, "missed (in the gold mapping, not in yours)", report.missed)
        _names(console, "spurious (in yours, not in the gold mapping)", report.spurious)


def _scores_row(table: Table, label: str, scores: Scores, coverage: str) -> None:
    table.add_row(label, coverage, scores.missed_label, percent(scores.recall), percent(scores.precision),
                  percent(scores.f1))


def _names(console: Console, title: str, names: dict[str, list[str]]) -> None:
    from rich.table import Table

    table = Table("participant", "names", title=title, title_justify="left")
    for participant, texts in names.items():
        table.add_row(escape(participant), escape(" | ".join(texts)))
    console.print(table)


def mention_report(console: Console, report: MentionReport, verbose: bool) -> None:
    """What happened to every gold mention and protected string in the output."""
    from rich.table import Table

    table = Table("measure", "count", "rate", title="pseudonymised output (gold spans)", title_justify="left")
    table.add_row("name mentions replaced (mention recall)", f"{report.replaced}/{report.mentions}",
                  percent(report.recall))
    table.add_row("  … left wholly or partly in the output", str(report.mentions - report.replaced), "")
    table.add_row("  … of them partly replaced", str(report.partly_replaced), "")
    table.add_row("replaced with the right participant", f"{report.right_participant}/{report.replaced}",
                  percent(report.attribution))
    table.add_row("replaced with a wrong participant", str(report.wrong_participant), "")
    table.add_row("protected strings replaced (over-replacement)", f"{report.over_replaced}/{report.protected}",
                  percent(report.over_replacement))
    table.add_row("changes outside every gold span", str(report.spurious_changes), "")
    if report.exact_messages is not None and report.exact_rate is not None:
        table.add_row("messages exactly as expected", f"{report.exact_messages}/{report.messages}",
                      percent(report.exact_rate))
    console.print(table)
    categories = Table("category", "in the gold", "replaced", title="mentions by category", title_justify="left")
    for category, (count, replaced) in report.categories.items():
        categories.add_row(category, str(count), str(replaced))
    console.print(categories)
    if verbose and report.left:
        left = Table("message", "offset", "text", "participant", "category", title="names left in the output",
                     title_justify="left")
        for span in report.left:
            left.add_row(escape(span.message_id), str(span.start), escape(span.text), escape(span.participant),
                         span.category)
        console.print(left)


def audit_findings(console: Console, result: AuditResult) -> None:
    """One line per finding, in aligned columns: where it is, what it is, whose name it may be, and its context.

    Lines rather than a table: thousands of findings print in a moment, and each stays one line to grep.
    """
    rows = [_finding_cells(finding) for finding in result.findings]
    header = ("message", "kind", "found", "participants")
    widths = [min(MAX_CELL, max(len(cell) for cell in column)) for column in zip(header, *(row[0] for row in rows))]
    console.print(Text(_aligned(header, widths) + "context", style="bold"))
    lines = (Text.assemble(_aligned(cells, widths) + "…" + before, (found, "bold"), after + "…")
             for cells, (before, found, after) in rows)
    console.print(Text("\n").join(lines))


def _finding_cells(finding: Finding) -> tuple[tuple[str, ...], tuple[str, str, str]]:
    from nicknames.check.findings import CONTEXT

    found = _visible(finding.text) + ("" if finding.kind in ("name", "other-name") else f" ≈ {finding.name}")
    cells = (f"{finding.message_id}:{finding.start}", finding.kind, found, ", ".join(finding.participants) or "-")
    lead = min(finding.start, CONTEXT)
    before = finding.context[:lead][-SHOWN_CONTEXT:]
    after = finding.context[lead + len(finding.text):][:SHOWN_CONTEXT]
    return cells, (_one_space(before), _visible(finding.text), _one_space(after))


def _visible(text: str) -> str:
    """The text with line breaks, tabs and invisible characters written as escapes ("Ma\\u200bry"), so a
    finding stays on its line and shows why apply did not see it as the name."""
    return "".join(_escaped(char) if char.isspace() and char != " " or unicodedata.category(char) in ("Cf", "Cc")
                   else char for char in text)


def _escaped(char: str) -> str:
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or f"\\u{ord(char):04x}"


def _one_space(text: str) -> str:
    """Runs of spaces (line breaks are spaces in the context already) as one, the ends kept."""
    inner = " ".join(text.split())
    return (" " if text[:1].isspace() else "") + inner + (" " if text[-1:].isspace() and inner else "")


def _aligned(cells: tuple[str, ...], widths: list[int]) -> str:
    """Cells padded to their column's width (a longer one is cut with "…"), two spaces apart."""
    return "".join((cell if len(cell) <= width else cell[:width - 1] + "…").ljust(width) + "  "
                   for cell, width in zip(cells, widths))


def audit_summary(console: Console, result: AuditResult, output: Path, people: Sequence[PersonLike] = ()) -> None:
    """The verdict, on stderr: what was checked, and what was found."""
    checked = (f"{result.messages} messages of {escape(str(output))} checked for {result.names} names of the mapping "
               "and class list, near misses of them, and person-like names outside the mapping")
    if not result.findings and not people:
        console.print(f"[green]Clean:[/] {checked}: none found.")
        return
    near = sum(finding.kind == "near" for finding in result.findings)
    messages = len({f.message_id for f in result.findings} | {p.message_id for p in people})
    confusable = sum(finding.kind == "confusable" for finding in result.findings)
    confusables = f"{confusable} written with look-alike letters, " if confusable else ""
    other = sum(finding.kind == "other-name" for finding in result.findings)
    others = (f"{plural(other, 'given name')} opening another person's or an organisation's name (other-name), "
              if other else "")
    found, names = len(result.findings) + len(people), len(result.findings) - near - confusable - other
    console.print(
        f"[red]Found {plural(found, 'possible name')}[/] "
        f"({plural(names, 'name')}, {others}{confusables}{plural(near, 'near miss', 'near misses')}, "
        f"{plural(len(people), 'person-like name')} outside the mapping) in {messages} of {checked}. "
        "Fix the mapping (add people who are not participants to @others, public figures to the keep list) "
        "and apply again."
    )


def plural(count: int, noun: str, plural: str | None = None) -> str:
    """``1 name``, ``2 names``."""
    return f"{count} {noun}" if count == 1 else f"{count} {plural or noun + 's'}"


def people_findings(console: Console, people: Sequence[PersonLike]) -> None:
    """Person-like names outside the mapping, one a line, on stdout (they are real names: keep them private)."""
    for person in people:
        console.print(f"{escape(person.message_id)}\tperson ({person.cue})\t{escape(person.text)}")
