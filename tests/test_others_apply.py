"""People who are not participants end to end: apply's [PERSON n], --others keep, audit and its HTML report."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.scopes import apply_mapping
from nicknames.cli import app
from nicknames.io.mapping_file import parse_mapping
from nicknames.pipeline.sources import read_messages
from tests.conftest import write_csv

runner = CliRunner()
HEADER = ["session_id", "thread_id", "message_id", "parent_id", "user_id", "text"]
ROWS = [
    ["S1", "T1", "1", "", "a", "Hi all, Henrik Olsen from Olsen Street sent this.\nSam"],
    ["S1", "T1", "2", "1", "b", "Hi Sam,\nthanks. Henrik and my daughter Sofia agree.\nAl"],
    ["S1", "T2", "3", "", "a", "Mrs Lindqvist called about Henrik Olsen Consulting.\nSam"],
]
CLASS_LIST = [["a", "Sam Poe"], ["b", "Al Reyes"]]
MAPPING = (
    "a | Sam | Sam Poe\nb | Al | Al Reyes\n"
    "@others | Henrik Olsen | Henrik | Sofia | Lindqvist | !Olsen Street\n"
)


def texts_after(tmp_path: Path, mapping: str, **options: str) -> list[str]:
    table = read_messages(write_csv(tmp_path / "m.csv", HEADER, ROWS))
    return list(apply_mapping(table, parse_mapping(mapping), "session", IdTemplate()).frame["text"])


def test_others_become_numbered_placeholders(tmp_path: Path) -> None:
    assert texts_after(tmp_path, MAPPING) == [
        "Hi all, [PERSON 1] from Olsen Street sent this.\n[a]",
        "Hi [a],\nthanks. [PERSON 1] and my daughter [PERSON 2] agree.\n[b]",
        "Mrs [PERSON 3] called about Henrik Olsen Consulting.\n[a]",  # a company keeps its name
    ]


def test_a_participant_and_the_keep_list_win_over_others(tmp_path: Path) -> None:
    mapping = "@keep | Henrik Olsen\na | Sam | Sofia\nb | Al\n@others | Henrik Olsen | Sofia | Lindqvist\n"
    after = texts_after(tmp_path, mapping)
    assert "Henrik Olsen from" in after[0] and "my daughter [a]" in after[1]
    assert "Mrs [PERSON 3]" in after[2]  # numbers are per file: the kept and the participant's names hold 1 and 2


def test_records_name_the_section_and_rule(tmp_path: Path) -> None:
    table = read_messages(write_csv(tmp_path / "m.csv", HEADER, ROWS))
    result = apply_mapping(table, parse_mapping(MAPPING), "session", IdTemplate())
    others = [r for r in result.replacements if r.rule == "others"]
    assert [(r.original, r.pseudonym, r.participant) for r in others][:2] == [
        ("Henrik Olsen", "[PERSON 1]", "@others"), ("Henrik", "[PERSON 1]", "@others")]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    mapping = tmp_path / "map.txt"
    mapping.write_text(MAPPING, encoding="utf-8")
    return {
        "messages": write_csv(tmp_path / "m.csv", HEADER, ROWS),
        "class_list": write_csv(tmp_path / "cl.csv", ["user_id", "full_name"], CLASS_LIST),
        "mapping": mapping,
        "out": tmp_path / "out.csv",
    }


def invoke(*args: str | Path):
    return runner.invoke(app, [str(arg) for arg in args], catch_exceptions=False)


def test_apply_others_keep_leaves_them(files: dict[str, Path]) -> None:
    result = invoke("apply", files["messages"], files["mapping"], "-o", files["out"], "--others", "keep", "-q")
    assert result.exit_code == 0
    text = files["out"].read_text(encoding="utf-8")
    assert "Henrik Olsen" in text and "PERSON" not in text and "[a]" in text


def test_apply_others_refuses_an_unknown_choice(files: dict[str, Path]) -> None:
    result = invoke("apply", files["messages"], files["mapping"], "--others", "drop")
    assert result.exit_code == 2 and result.stdout == "" and "--others" in result.stderr


def test_collect_proposes_others(files: dict[str, Path], tmp_path: Path) -> None:
    mapping = tmp_path / "new.txt"
    assert invoke("collect", files["messages"], "--class-list", files["class_list"], "-o", mapping, "-q").exit_code == 0
    line = next(line for line in mapping.read_text(encoding="utf-8").splitlines() if line.startswith("@others"))
    for name in ("?Henrik Olsen [1; fullname]", "?Henrik [1; part]", "?Lindqvist [1; title]", "?Sofia [1; relation]"):
        assert name in line
    assert "Consulting" not in line and "Street" not in line


def test_audit_is_clean_and_says_what_it_checked(files: dict[str, Path]) -> None:
    invoke("apply", files["messages"], files["mapping"], "-o", files["out"], "-q")
    result = invoke("audit", files["out"], "--mapping", files["mapping"])
    assert result.exit_code == 0, result.stdout
    assert "Clean:" in result.stderr and "person-like names outside the mapping" in result.stderr


def test_audit_reports_people_outside_the_mapping(files: dict[str, Path], tmp_path: Path) -> None:
    mapping = tmp_path / "participants-only.txt"
    mapping.write_text("a | Sam | Sam Poe\nb | Al | Al Reyes\n", encoding="utf-8")
    invoke("apply", files["messages"], mapping, "-o", files["out"], "-q")
    result = invoke("audit", files["out"], "--mapping", mapping)
    assert result.exit_code == 1
    assert re.search(r"^3\s+person \(title\)\s+Lindqvist$", result.stdout, re.MULTILINE)
    assert "person-like names outside the mapping" in result.stderr


class Page(HTMLParser):
    """The tags, attributes and visible text of an HTML document."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attributes: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes.extend(attrs)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def report(files: dict[str, Path], *extra: str) -> tuple[Page, str, Path]:
    invoke("apply", files["messages"], files["mapping"], "-o", files["out"], "-q")
    path = files["out"].with_name("report.html")
    invoke("audit", files["out"], "--mapping", files["mapping"], "--class-list", files["class_list"], "--html", path,
           "-q", *extra)
    document = path.read_text(encoding="utf-8")
    page = Page()
    page.feed(document)
    return page, document, path


def test_html_report_is_self_contained_and_names_nobody(files: dict[str, Path]) -> None:
    page, document, path = report(files)
    assert document.startswith("<!DOCTYPE html>")
    assert {"html", "head", "style", "body", "main", "h1", "h2", "section", "table", "svg", "rect"} <= set(page.tags)
    assert not {"script", "link", "img", "iframe", "object"} & set(page.tags)
    remote = [value for name, value in page.attributes if name in ("src", "href") and value]
    assert remote == [] and "url(" not in document and "@import" not in document
    sections = re.findall(r'<section id="([^"]+)"', document)
    assert sections == ["settings", "replacements-per-scope", "replacements-per-kind",
                        "names-the-mapping-holds-by-where-they-were-found", "review", "audit", "limits"]
    visible = " ".join(page.text)
    for name in ("Sam", "Poe", "Al Reyes", "Reyes", "Henrik", "Olsen", "Sofia", "Lindqvist"):
        assert name not in document, name
    assert "people who are not participants" in visible and "Limits of the method" in visible


def test_private_html_report_has_snippets_and_is_owner_only(files: dict[str, Path]) -> None:
    page, document, path = report(files, "--private", "--original", str(files["messages"]))
    assert "Henrik Olsen from Olsen Street" in document and "[PERSON 1] from Olsen Street" in document
    assert 'id="snippets"' in document
    assert os.stat(path).st_mode & 0o077 == 0


def test_html_report_from_the_python_api(files: dict[str, Path]) -> None:
    from nicknames.check.findings import AuditResult
    from nicknames.check.report_html import ReportInput, ReportSettings, render_report

    data = ReportInput([("1", "Hi [U1], [PERSON 1] says [EMAIL]")], ["S1"], parse_mapping(MAPPING),
                       AuditResult(1, 4), [], ReportSettings("session", "id", "all", "0", "2026-01-01", "out.csv"))
    document = render_report(data)
    assert "<svg" in document and "Henrik" not in document and "email (identifier)" in document


def test_audit_refuses_a_report_over_an_input(files: dict[str, Path]) -> None:
    invoke("apply", files["messages"], files["mapping"], "-o", files["out"], "-q")
    before = files["mapping"].read_text(encoding="utf-8")
    result = invoke("audit", files["out"], "--mapping", files["mapping"], "--html", files["mapping"])
    assert result.exit_code == 1 and result.stdout == "" and "--html" in result.stderr
    assert files["mapping"].read_text(encoding="utf-8") == before


def test_audit_original_needs_html(files: dict[str, Path]) -> None:
    result = invoke("audit", files["messages"], "--mapping", files["mapping"], "--original", files["messages"])
    assert result.exit_code == 2 and result.stdout == "" and "--html" in result.stderr


@pytest.mark.parametrize(
    ("mapping", "text", "expected"),
    [
        # a name of one word found capitalised: its lower-case uses are ordinary words
        ("@others | Windows", "Windows fails; we use windows at work.", "[PERSON 1] fails; we use windows at work."),
        ("@others | Lindqvist", "lindqvist and Lindqvist", "lindqvist and [PERSON 1]"),
        ("@others | lindqvist", "lindqvist and Lindqvist", "[PERSON 1] and Lindqvist"),  # entered in lower case
        ("@others | Henrik", "me, you, henrik and Henrik", "me, you, [PERSON 1] and [PERSON 1]"),  # a given name
        ("@others | Sa", "this brings u sa question, Sa", "this brings u sa question, [PERSON 1]"),  # too short
    ],
)
def test_a_one_word_name_of_others_in_lower_case(tmp_path: Path, mapping: str, text: str, expected: str) -> None:
    table = read_messages(write_csv(tmp_path / "m.csv", HEADER, [["S1", "T1", "1", "", "a", text]]))
    result = apply_mapping(table, parse_mapping("a | Sam\n" + mapping + "\n"), "session", IdTemplate())
    assert list(result.frame["text"]) == [expected]
