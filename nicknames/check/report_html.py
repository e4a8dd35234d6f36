"""A report an ethics board can read: one self-contained HTML file (inline CSS and SVG, nothing fetched).

It says how the data were pseudonymised (settings, tool version, date), how many names were
replaced per scope and per kind, what discovery proposed and what the review changed, what the
audit found, and the limits of the method in plain words. The public report names nobody:
participants appear only as counts and pseudonyms. ``private=True`` adds the findings with their
context and before/after snippets, for the researcher's own check (that file holds real names).
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import regex

from nicknames.check.findings import AuditResult
from nicknames.collect.others import PersonLike, unmapped_people
from nicknames.io.output import write_text_atomically
from nicknames.model.mapping import KEEP, OTHERS, Mapping, Status
from nicknames.rules.identifier_patterns import PLACEHOLDERS

PERSON = regex.compile(r"\[PERSON \d+\]")
PSEUDONYM = regex.compile(r"\[(?!PERSON \d)[A-Za-z][\w|]{0,40}\]")
"""A participant's pseudonym in the id or keyed style ("[U43]", "[P7F3A2]", "[U12|U43]")."""
SNIPPETS = 20
"""Before/after snippets shown in a private report."""
CONTEXT = 60

LIMITS = (
    "Names are found by rules and word lists, not by understanding the text. A name written in a way no "
    "rule foresees (an unusual spelling, a name split over two lines, a name that is also an ordinary "
    "word) can stay in the output; an ordinary word or a place can be replaced by mistake.",
    "People who are not participants are found from a list of given names of many languages, a list of "
    "frequent (US) surnames and cues such as titles (Mr, Dr) and relations (my colleague). A person named "
    "by a single uncommon word, with no cue, is not found; public figures named in full may be replaced.",
    "Pseudonyms hide names, not people: the content of a message (a job, a place, an event) can still "
    "identify its writer to someone who knows them. E-mail addresses, URLs, handles and phone numbers are "
    "replaced only for the kinds chosen.",
    "Without a review of the mapping, the figures here are those of the automatic proposal. The mapping file "
    "and the key file hold the real names: they are kept apart from the shared data.",
)


@dataclass(frozen=True)
class ReportSettings:
    """How the output was made, as the report states it."""

    scope: str
    style: str
    identifiers: str
    version: str
    date: str
    output: str


@dataclass(frozen=True)
class ReportInput:
    """Everything the report shows: the output's texts, the mapping, the audit and its people."""

    texts: Sequence[tuple[str, str]]
    """(message id, pseudonymised text)."""
    scopes: Sequence[str]
    """The scope (session, thread or file) of each message, in the order of ``texts``."""
    mapping: Mapping
    audit: AuditResult
    people: Sequence[PersonLike]
    settings: ReportSettings
    originals: dict[str, str] = field(default_factory=dict)
    """Message id → text before pseudonymisation (private reports only)."""


def render_report(data: ReportInput, private: bool = False) -> str:
    """The whole HTML document."""
    sections = [
        _settings(data.settings, private),
        _chart_section("Replacements per scope", _per_scope(data), in_order=True),
        _chart_section("Replacements per kind", _per_kind(data.texts)),
        _chart_section("Names the mapping holds, by where they were found", _by_source(data.mapping)),
        _review(data.mapping),
        _audit(data, private),
        _limits(),
    ]
    if private:
        sections.append(_snippets(data))
    title = "Pseudonymisation report" + (" (private: holds real names)" if private else "")
    return _document(title, "\n".join(sections))


def _document(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<title>{_e(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{_e(title)}</h1>\n{body}\n</main>\n</body>\n</html>\n"
    )


def _settings(settings: ReportSettings, private: bool) -> str:
    rows = [
        ("Scope", settings.scope), ("Pseudonym style", settings.style), ("Identifiers replaced", settings.identifiers),
        ("Tool", f"nicknames {settings.version}"), ("Report made", settings.date), ("Output checked", settings.output),
        ("Real names in this report", "yes: keep it private" if private else "none"),
    ]
    return _section("Settings", _table(("Setting", "Value"), rows), "settings")


def _per_scope(data: ReportInput) -> Counter[str]:
    """Replacements per scope, the scopes numbered in order of appearance (a thread's key may hold a name)."""
    numbers: dict[str, int] = {}
    counts: Counter[str] = Counter()
    for (_, text), scope in zip(data.texts, data.scopes):
        number = numbers.setdefault(scope, len(numbers) + 1)
        counts[f"{data.settings.scope} {number}"] += len(PSEUDONYM.findall(text)) + len(PERSON.findall(text))
    return counts


def _per_kind(texts: Iterable[tuple[str, str]]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for _, text in texts:
        counts["participants' names"] += len(PSEUDONYM.findall(text))
        counts["people who are not participants"] += len(PERSON.findall(text))
        for kind, placeholder in PLACEHOLDERS.items():
            counts[f"{kind} (identifier)"] += text.count(placeholder)
    return counts


def _by_source(mapping: Mapping) -> Counter[str]:
    counts: Counter[str] = Counter()
    for entry in mapping:
        if entry.key == KEEP:
            continue
        for name in entry.names:
            source = "people who are not participants" if entry.key == OTHERS else (name.tags[0] if name.tags else "untagged")
            counts[source] += 1
    return counts


def _review(mapping: Mapping) -> str:
    status: Counter[str] = Counter()
    for entry in mapping:
        if entry.key == KEEP:
            continue
        section = "people who are not participants" if entry.key == OTHERS else "participants"
        for name in entry.names:
            label = {Status.ACTIVE: "accepted", Status.SUGGESTED: "proposed, not reviewed",
                     Status.REJECTED: "rejected"}[name.status]
            status[f"{section}: {label}"] += 1
            if "manual" in name.tags:
                status[f"{section}: added by hand"] += 1
    status["names on the keep list"] = len(mapping.keep)
    status["proposals deleted by hand"] = sum(
        len(seen - {n.text for n in mapping.entries[key].names}) if key in mapping.entries else len(seen)
        for key, seen in mapping.seen.items()
    )
    rows = [(label, str(count)) for label, count in sorted(status.items())]
    intro = ("<p>What collect proposed and what the review did with it. \"Proposed, not reviewed\" names "
             "were used as proposed.</p>")
    return _section("Discovery and review", intro + _table(("Names", "Count"), rows), "review")


def _audit(data: ReportInput, private: bool) -> str:
    findings = data.audit.findings
    near = sum(finding.kind == "near" for finding in findings)
    others = sum(finding.kind == "other-name" for finding in findings)
    rows = [
        ("Messages checked", str(data.audit.messages)),
        ("Names of the mapping and class list looked for", str(data.audit.names)),
        ("Names still in the output", str(len(findings) - near)),
        ("... of them a given name opening another person's or an organisation's name", str(others)),
        ("Near misses (possible misspellings of a name)", str(near)),
        ("Person-like names outside the mapping", str(len(data.people))),
        ("Messages with a finding", str(len({f.message_id for f in findings} | {p.message_id for p in data.people}))),
    ]
    cues = Counter(person.cue for person in data.people)
    body = _table(("Check", "Result"), rows)
    if cues:
        body += "<p>Person-like names by cue: " + _e(", ".join(f"{cue} {n}" for cue, n in sorted(cues.items()))) + "</p>"
    if private:
        detail = [(f.message_id, f.kind, f.text, f.context) for f in findings[:200]]
        detail += [(p.message_id, f"person ({p.cue})", p.text, "") for p in data.people[:200]]
        body += _table(("Message", "Kind", "Text", "Context"), detail) if detail else "<p>No finding.</p>"
    return _section("Audit of the output", body, "audit")


def _limits() -> str:
    return _section("Limits of the method", "".join(f"<p>{_e(text)}</p>" for text in LIMITS), "limits")


def _snippets(data: ReportInput) -> str:
    rows: list[tuple[str, ...]] = []
    for message_id, after in data.texts:
        before = data.originals.get(message_id)
        if before is None or before == after:
            continue
        start = max(0, next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), 0) - CONTEXT)
        longer = max(0, len(after) - len(before))
        rows.append((message_id, before[start : start + 2 * CONTEXT], after[start : start + 2 * CONTEXT + longer]))
        if len(rows) >= SNIPPETS:
            break
    body = _table(("Message", "Before", "After"), rows) if rows else "<p>No original messages were given.</p>"
    return _section("Before and after (private)", body, "snippets")


def _chart_section(title: str, counts: Counter[str], in_order: bool = False) -> str:
    """A chart and its table, largest first (or in the order counted, with ``in_order``)."""
    items = [(label, count) for label, count in (counts.items() if in_order else counts.most_common()) if count]
    rows = [(label, str(count)) for label, count in items]
    return _section(title, bar_chart(items) + _table(("", "Count"), rows),
                    regex.sub(r"\W+", "-", title.lower()).strip("-"))


def bar_chart(counts: Sequence[tuple[str, int]], width: int = 640, bar: int = 22) -> str:
    """A horizontal bar chart as inline SVG of (label, count) rows, at most 30 (no script, no external resource)."""
    items = [(label, count) for label, count in counts if count][:30]
    if not items:
        return "<p>Nothing to show.</p>"
    top = max(count for _, count in items)
    label_width, height = 260, bar * len(items) + 4
    parts = [f'<svg class="chart" role="img" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">']
    for row, (label, count) in enumerate(items):
        y = row * bar + 2
        length = max(1, round((width - label_width - 60) * count / top))
        parts.append(f'<text x="{label_width - 6}" y="{y + bar * 0.7:.0f}" text-anchor="end">{_e(label[:40])}</text>')
        parts.append(f'<rect x="{label_width}" y="{y + 3}" width="{length}" height="{bar - 6}"></rect>')
        parts.append(f'<text x="{label_width + length + 4}" y="{y + bar * 0.7:.0f}">{count}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _section(title: str, body: str, anchor: str) -> str:
    return f'<section id="{anchor}">\n<h2>{_e(title)}</h2>\n{body}\n</section>'


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    head = "".join(f"<th>{_e(cell)}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{_e(cell)}</td>" for cell in row) + "</tr>\n" for row in rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n</table>"


def _e(text: str) -> str:
    return html.escape(text, quote=True)


_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;background:#fff;margin:0}
main{max-width:56rem;margin:0 auto;padding:1rem 1.5rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;border-bottom:1px solid #ccc;padding-bottom:.2rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;
vertical-align:top;white-space:pre-wrap}th{background:#f3f3f3}
svg.chart text{font-size:12px;fill:#222}svg.chart rect{fill:#4a7ab5}
"""


def write_html_report(path: Path, data: ReportInput, private: bool = False) -> None:
    """Write the report atomically; a private one (real names) readable by its owner only."""
    write_text_atomically(path, render_report(data, private), private=private)


def html_report(
    texts: Iterable[tuple[str, str]],
    mapping: Mapping,
    audit: AuditResult,
    *,
    settings: ReportSettings,
    scopes: Sequence[str] | None = None,
    class_list: dict[str, str] | None = None,
    originals: dict[str, str] | None = None,
    private: bool = False,
) -> str:
    """The report of ``nicknames audit --html`` from the Python API: the output's (message id, text) pairs, the
    mapping used and an audit of them; ``scopes`` is the scope of each message (one scope when omitted)."""
    pairs = list(texts)
    people = unmapped_people(pairs, mapping, class_list)
    data = ReportInput(pairs, list(scopes) if scopes is not None else [""] * len(pairs), mapping, audit, people,
                       settings, originals or {})
    return render_report(data, private)
