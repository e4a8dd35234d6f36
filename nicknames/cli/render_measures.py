"""Rich tables for the measuring commands: sample summary, evaluation report, audit findings."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from nicknames.evaluate import MappingReport, Scores
from nicknames.sample import FILES, SampleResult


def percent(value: float) -> str:
    """A ratio as the paper prints it: "82.8%"."""
    return f"{100 * value:.1f}%"


def sample_summary(console: Console, result: SampleResult) -> None:
    """What ``sample`` wrote."""
    console.print(
        f"Wrote {', '.join(FILES)} into [bold]{escape(str(result.outdir))}[/]: {result.messages} messages in "
        f"{result.threads} threads, {result.sessions} sessions, {result.participants} participants; "
        f"{result.mentions} name mentions, {result.protected} protected strings, "
        f"{result.connections} participant–name connections. All names are synthetic."
    )


def mapping_report(console: Console, report: MappingReport, verbose: bool) -> None:
    """The paper's Table 2 and 3 metrics, Table 4 categories, and with ``verbose`` the names per participant."""
    table = Table("level", "coverage", "missed connections", "recall", "precision", "F1",
                  title="connections (participant, name)", title_justify="left")
    _scores_row(table, "whole names", report.names, percent(report.coverage))
    _scores_row(table, "single words", report.words, "")
    console.print(table)
    console.print(f"coverage: {report.covered}/{report.participants} participants with all their names found; "
                  f"recall weighted by messages: {percent(report.weighted_recall)}")
    categories = Table("category", "gold connections", "found", "gold uses", "found uses", "share of uses",
                       title="by category", title_justify="left")
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
    table = Table("participant", "names", title=title, title_justify="left")
    for participant, texts in names.items():
        table.add_row(escape(participant), escape(" | ".join(texts)))
    console.print(table)
