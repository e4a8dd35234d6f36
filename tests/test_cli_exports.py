"""A researcher's own export: Excel-style CSV, spreadsheets, ids as pandas writes them, a command line that fits.

Each test reproduces a problem a new user met with their own file (issue 23)
and checks the way it now works. Names are invented.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from nicknames.cli import app

runner = CliRunner()

ROWS = [
    ("1", "U1", "", "Hi all, who has the notes?\nThanks, Ann"),
    ("2", "U2", "1", "Hi Ann, I have them.\nBo"),
    ("3", "U1", "2", "Thanks Bo!\nAnn"),
    ("4", "U3", "1", "Hello Ann, me too.\nCheers, Cleo"),
]
HEADER = ("message_id", "user_id", "parent_id", "text")


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def write_csv(path: Path, delimiter: str = ",", bom: bool = False, ending: str = "\n") -> Path:
    frame = pd.DataFrame(ROWS, columns=list(HEADER))
    text = frame.to_csv(index=False, sep=delimiter, lineterminator=ending)
    path.write_bytes(("\ufeff" if bom else "").encode() + text.encode("utf-8"))
    return path


# ---------------------------------------------------------------- 1. Excel-style CSV


@pytest.mark.parametrize(
    ("delimiter", "bom", "ending"),
    [(",", False, "\n"), (";", True, "\r\n"), (";", False, "\n"), ("\t", False, "\r\n"), ("\t", True, "\n")],
)
def test_the_delimiter_is_sniffed_and_kept(tmp_path: Path, delimiter: str, bom: bool, ending: str) -> None:
    write_csv(tmp_path / "posts.csv", delimiter, bom, ending)
    code, out, err = run("collect", "posts.csv", "-o", "mapping.txt", "-q")
    assert (code, out) == (0, ""), err
    assert "U1 | Ann" in (tmp_path / "mapping.txt").read_text(encoding="utf-8")
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--scope", "all", "-o", "out.csv", "-q")
    assert (code, out) == (0, ""), err
    raw = (tmp_path / "out.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") == bom
    header = raw.decode("utf-8-sig").split(ending, 1)[0]
    assert header == delimiter.join(HEADER)
    assert "Ann" not in raw.decode("utf-8-sig")


def test_a_semicolon_file_with_delimiter_given(tmp_path: Path) -> None:
    write_csv(tmp_path / "posts.csv", ";")
    code, _, err = run("collect", "posts.csv", "--delimiter", ";", "-q")
    assert code == 0, err
    code, out, err = run("collect", "posts.csv", "--delimiter", "tab", "-q")
    assert (code, out) == (1, "")
    assert "no column for the message id" in err


@pytest.mark.parametrize(
    ("delimiter", "message"),
    [("ab", "--delimiter 'ab' is not a single separating character"),
     ("§", "--delimiter '§' is not an ASCII character")],  # the parser splits bytes
)
@pytest.mark.parametrize("command", ["collect", "apply"])
def test_a_bad_delimiter_is_a_one_line_error(tmp_path: Path, delimiter: str, message: str, command: str) -> None:
    write_csv(tmp_path / "posts.csv", ";")
    (tmp_path / "mapping.txt").write_text("U1 | Ann\n")
    args = ["posts.csv", "mapping.txt"] if command == "apply" else ["posts.csv"]
    code, out, err = run(command, *args, "--delimiter", delimiter)
    assert (code, out) == (1, "")
    assert message in err
    assert err.count("\n") == 1


# ---------------------------------------------------------------- 2. spreadsheets in, CSV for Excel out


def write_xlsx(path: Path, sheets: dict[str, list[tuple[object, ...]]]) -> Path:
    openpyxl = pytest.importorskip("openpyxl")
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for name, rows in sheets.items():
        sheet = workbook.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
    workbook.save(path)
    return path


def numbered_rows() -> list[tuple[object, ...]]:
    """The rows as Excel stores them: ids as numbers, an empty parent as an empty cell."""
    return [HEADER, *((int(m), u, int(p) if p else None, t) for m, u, p, t in ROWS)]


def test_xlsx_in_csv_out(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "posts.xlsx", {"Posts": numbered_rows()})
    code, out, err = run("collect", "posts.xlsx", "-o", "mapping.txt", "-q")
    assert (code, out) == (0, ""), err
    mapping = (tmp_path / "mapping.txt").read_text(encoding="utf-8")
    assert "U1 | Ann" in mapping
    assert "U2 | Bo" in mapping  # a greeting found its parent: ids 2 and 2.0 are one message
    code, out, err = run("apply", "posts.xlsx", "mapping.txt", "--scope", "all", "-o", "out.csv",
                         "--output-encoding", "utf-8-sig", "-q")
    assert (code, out) == (0, ""), err
    raw = (tmp_path / "out.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    frame = pd.read_csv(tmp_path / "out.csv", dtype=str, keep_default_na=False, encoding="utf-8-sig")
    assert list(frame["message_id"]) == ["1", "2", "3", "4"]
    assert "Ann" not in " ".join(frame["text"])


def test_a_sheet_by_name_and_an_unknown_sheet(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "posts.xlsx", {"Notes": [("a",), ("b",)], "Posts": numbered_rows()})
    code, _, err = run("collect", "posts.xlsx", "-q")
    assert code == 1 and "no column for the message id" in err
    code, _, err = run("collect", "posts.xlsx", "--sheet", "Posts", "-q")
    assert code == 0, err
    code, out, err = run("collect", "posts.xlsx", "--sheet", "Forum")
    assert (code, out) == (1, "")
    assert "has no sheet 'Forum'; its sheets are 'Notes', 'Posts'" in err


def test_a_spreadsheet_is_not_written_as_one(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "posts.xlsx", {"Posts": numbered_rows()})
    run("collect", "posts.xlsx", "-q")
    code, out, err = run("apply", "posts.xlsx", "mapping.txt", "--scope", "all", "-o", "out.xlsx")
    assert (code, out) == (1, "")
    assert "name a .csv file" in err
    assert not (tmp_path / "out.xlsx").exists()


def test_a_damaged_spreadsheet_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "posts.xlsx").write_bytes(b"PK\x03\x04 not really a workbook")
    code, out, err = run("collect", "posts.xlsx")
    assert (code, out) == (1, "")
    assert "is not a readable spreadsheet" in err
    assert "UTF-8" not in err


def test_an_ods_file_is_read(tmp_path: Path) -> None:
    write_ods(tmp_path / "posts.ods", numbered_rows())
    code, out, err = run("collect", "posts.ods", "-o", "mapping.txt", "-q")
    assert (code, out) == (0, ""), err
    assert "U1 | Ann" in (tmp_path / "mapping.txt").read_text(encoding="utf-8")


def write_ods(path: Path, rows: list[tuple[object, ...]]) -> None:
    """A minimal OpenDocument spreadsheet, written by hand (no writer is a dependency)."""
    import zipfile
    from xml.sax.saxutils import escape

    def cell(value: object) -> str:
        if value is None:
            return "<table:table-cell/>"
        if isinstance(value, int):
            return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>'
        lines = "".join(f"<text:p>{escape(line)}</text:p>" for line in str(value).split("\n"))
        return f'<table:table-cell office:value-type="string">{lines}</table:table-cell>'

    body = "".join("<table:table-row>" + "".join(map(cell, row)) + "</table:table-row>" for row in rows)
    content = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        f'<office:body><office:spreadsheet><table:table table:name="Posts">{body}</table:table>'
        "</office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>'
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet", zipfile.ZIP_STORED)
        archive.writestr("content.xml", content)
        archive.writestr("META-INF/manifest.xml", manifest)


def test_output_encoding_for_excel_and_a_bad_one(tmp_path: Path) -> None:
    write_csv(tmp_path / "posts.csv")
    run("collect", "posts.csv", "-q")
    code, out, _ = run("apply", "posts.csv", "mapping.txt", "--scope", "all", "--output-encoding", "utf-8-sig", "-q")
    assert code == 0 and out.startswith("\ufeffmessage_id,")
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--output-encoding", "klingon", "-o", "out.csv")
    assert (code, out) == (1, "")
    assert "Unknown --output-encoding 'klingon'" in err


# ---------------------------------------------------------------- 5. ids as pandas writes them


@pytest.mark.parametrize("fmt", ["jsonl", "parquet"])
def test_whole_number_float_parent_ids_match(tmp_path: Path, fmt: str) -> None:
    frame = pd.DataFrame({
        "message_id": [1, 2, 3, 4], "user_id": ["U1", "U2", "U1", "U3"],
        "parent_id": [None, 1.0, 2.0, 1.0], "text": [row[3] for row in ROWS],
    })
    path = tmp_path / f"posts.{fmt}"
    if fmt == "jsonl":
        path.write_text("".join(json.dumps(record) + "\n" for record in frame.to_dict("records")))
    else:
        frame.to_parquet(path)
    code, out, err = run("collect", str(path), "-o", "mapping.txt")
    assert (code, out) == (0, ""), err
    assert "parent id that is not in the file" not in err
    assert "U2 | Bo" in (tmp_path / "mapping.txt").read_text(encoding="utf-8")


def test_float_ids_in_a_csv_match_too(tmp_path: Path) -> None:
    rows = "".join(f'{m},{u},{p + ".0" if p else ""},"{t}"\n' for m, u, p, t in ROWS)
    (tmp_path / "posts.csv").write_text(",".join(HEADER) + "\n" + rows)
    code, _, err = run("collect", "posts.csv", "-o", "mapping.txt")
    assert code == 0, err
    assert "parent id that is not in the file" not in err
    assert "U2 | Bo" in (tmp_path / "mapping.txt").read_text(encoding="utf-8")


# ---------------------------------------------------------------- 6. no session column


def test_without_a_session_column_collect_apply_and_edit_agree(tmp_path: Path) -> None:
    write_csv(tmp_path / "posts.csv")
    code, _, err = run("collect", "posts.csv", "-q")
    assert code == 0, err
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--scope", "session", "-o", "out.csv")
    assert (code, out) == (0, ""), err
    assert "no session column, so the whole export is one session" in err
    assert "--session-id-column" in err and "--scope thread" in err
    code, _, err = run("apply", "posts.csv", "mapping.txt", "--scope", "all", "-o", "all.csv")
    assert code == 0
    assert (tmp_path / "out.csv").read_text() == (tmp_path / "all.csv").read_text()
    assert "no session column" not in err
    from nicknames.io.mapping_file import read_mapping
    from nicknames.pipeline.sources import read_messages
    from nicknames.tui.app import EditorApp

    app_ = EditorApp(read_mapping(tmp_path / "mapping.txt"), read_messages(tmp_path / "posts.csv"))
    assert app_.scope == "session"


# ---------------------------------------------------------------- 3. sender columns that hold names or addresses


NAMED = (
    "message_id,author_name,parent_id,recipients,text\n"
    '1,Ann Smith,,"Bo Lee; cleo@example.org","Hi all, who has the notes?\nThanks, Ann"\n'
    '2,Bo Lee,1,Ann Smith,"Hi Ann, I have them.\nBo"\n'
    '3,cleo@example.org,2,"Bo Lee","Thanks Bo! Ann Smith says hi too.\nCleo"\n'
)


def test_sender_names_get_opaque_ids_and_never_reach_the_output(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(NAMED)
    code, out, err = run("collect", "posts.csv", "--sender-column", "author_name", "-o", "mapping.txt")
    assert (code, out) == (0, ""), err
    assert "holds names, user names or addresses, so participants get opaque ids" in err
    mapping = (tmp_path / "mapping.txt").read_text()
    assert "\nP1 | Ann" in mapping and "\nP2 | Bo" in mapping
    key = tmp_path / "mapping.addresses.csv"
    assert (key.stat().st_mode & 0o777) == 0o600
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--sender-column", "author_name", "--scope", "all")
    assert code == 0, err
    frame = pd.read_csv(__import__("io").StringIO(out), dtype=str, keep_default_na=False)
    assert list(frame["author_name"]) == ["P1", "P2", "P3"]
    assert list(frame["recipients"]) == ["P2 P3", "P1", "P2"]
    for real in ("Ann", "Smith", "Bo Lee", "cleo@example.org"):
        assert real not in out
    assert "Hi [P1]" in out


def test_opaque_senders_on_request_and_the_key_is_needed_by_apply(tmp_path: Path) -> None:
    write_csv(tmp_path / "posts.csv")
    code, _, err = run("collect", "posts.csv", "--opaque-senders", "-q")
    assert code == 0, err
    assert "\nP1 | Ann" in (tmp_path / "mapping.txt").read_text()
    (tmp_path / "mapping.addresses.csv").unlink()
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--opaque-senders")
    assert (code, out) == (1, "")
    assert "does not exist; run 'nicknames collect' first" in err


@pytest.mark.parametrize(
    ("value", "expected"),
    [("Ann Smith", True), ("ann@example.org", True), ("Ann", True), ("Zoë", True), ("O'Neil", True),
     ("U07", False), ("user42", False), ("a", False), ("p-17", False), ("ANON1", False), ("@ann", False)],
)
def test_which_senders_look_like_names_or_addresses(value: str, expected: bool) -> None:
    from nicknames.io.sender_ids import looks_like_name_or_address

    assert looks_like_name_or_address(value) is expected


# ---------------------------------------------------------------- 12. files with real names in a git work tree


needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git_init(folder: Path) -> None:
    import subprocess

    subprocess.run(["git", "init", "-q", str(folder)], check=True)


@needs_git
def test_collect_warns_about_unignored_files_in_a_git_work_tree(tmp_path: Path) -> None:
    git_init(tmp_path)
    (tmp_path / "posts.csv").write_text(NAMED)
    code, out, err = run("collect", "posts.csv", "--sender-column", "author_name", "-q")
    assert (code, out) == (0, "")
    assert "mapping.txt, mapping.addresses.csv hold real names and are inside the git work tree" in err
    assert "Add them to .gitignore" in err


@needs_git
def test_no_warning_when_git_ignores_them_or_outside_git(tmp_path: Path) -> None:
    write_csv(tmp_path / "posts.csv")
    code, _, err = run("collect", "posts.csv", "-q")
    assert code == 0 and "git work tree" not in err
    git_init(tmp_path)
    (tmp_path / ".gitignore").write_text("mapping*.txt\n*.bak\n*.addresses.csv\n")
    code, _, err = run("collect", "posts.csv", "-q")
    assert code == 0 and "git work tree" not in err


@needs_git
def test_exposed_files_groups_by_work_tree(tmp_path: Path) -> None:
    from nicknames.io.git_exposure import exposed_files

    git_init(tmp_path / "repo")
    (tmp_path / "repo" / ".gitignore").write_text("private/\n")
    (tmp_path / "repo" / "private").mkdir()
    files = [tmp_path / "repo" / "mapping.txt", tmp_path / "repo" / "private" / "mapping.txt", tmp_path / "out.txt"]
    for path in files:
        path.write_text("x")
    [exposed] = exposed_files([*files, None])
    assert exposed.root == (tmp_path / "repo").resolve()
    assert exposed.files == (files[0],)


# ---------------------------------------------------------------- 4. the same input options everywhere


@pytest.mark.parametrize("command", ["collect", "apply", "audit", "evaluate", "edit", "reverse"])
def test_every_command_that_reads_messages_takes_the_same_input_options(command: str) -> None:
    code, out, _ = run(command, "--help")
    assert code == 0
    for option in ("--config", "--encoding", "--delimiter", "--sheet", "--opaque-senders", "--message-id-column",
                   "--sender-column", "--text-column", "--parent-id-column", "--thread-id-column",
                   "--session-id-column", "--timestamp-column", "--recipients-column"):
        assert option in out, option


def test_audit_takes_column_options(tmp_path: Path) -> None:
    (tmp_path / "out.csv").write_text("post;author;body\n1;U1;Hi [U2]\n2;U2;Hello [U1]\n")
    (tmp_path / "mapping.txt").write_text("U1 | Ann\nU2 | Bo\n")
    code, out, err = run("audit", "out.csv", "--mapping", "mapping.txt", "--message-id-column", "post",
                         "--sender-column", "author", "--text-column", "body")
    assert code == 0, err
    assert "Clean" in err


# ---------------------------------------------------------------- 7. the command line


def test_version() -> None:
    from nicknames.cli.common import version_text

    code, out, _ = run("--version")
    assert (code, out.strip()) == (0, version_text())
    assert out.startswith("nicknames ")


def test_boolean_flags_show_as_flags_and_metavars_agree() -> None:
    _, out, _ = run("apply", "--help")
    assert "--strict <bool>" not in out and "--strict " in out
    assert "<bool>" not in out
    for command in ("apply", "edit"):
        assert "--scope <thread|session|all>" in run(command, "--help")[1]
    assert "mbox" in run("edit", "--help")[1].split("--messages", 1)[1].split("--", 1)[0]


def test_completion_is_offered() -> None:
    assert "--install-completion" in run("--help")[1]


def test_review_file_is_named_not_asked_for(tmp_path: Path) -> None:
    from rich.console import Console

    from nicknames.cli.render import pseudonym_summary

    class Result:
        def identifier_kinds(self) -> dict[str, int]:
            return {}

        def shared_rules(self) -> dict[str, int]:
            return {}

        def review_count(self) -> int:
            return 2

    console = Console(record=True, width=200)
    pseudonym_summary(console, Result(), "id", None)  # type: ignore[arg-type]
    pseudonym_summary(console, Result(), "id", None, tmp_path / "review.csv")  # type: ignore[arg-type]
    text = console.export_text()
    assert text.count("list them with --review FILE") == 1
    assert "listed first in" in text


def test_reverse_on_mail_is_a_one_line_error(tmp_path: Path) -> None:
    from tests.mail_samples import write_mbox

    write_mbox(tmp_path / "out.mbox")
    (tmp_path / "key.json").write_text("{}")
    code, out, err = run("reverse", "out.mbox", "--key-file", "key.json", "-o", "restored.mbox")
    assert (code, out) == (1, "")
    assert "is a mail archive; reverse restores tables only" in err
    assert err.count("\n") == 1
    assert not (tmp_path / "restored.mbox").exists()


@pytest.mark.parametrize(
    ("senders", "expected"),
    [(["U1", "U2", "Admin"], False), (["Ann", "Bo", "U3"], True), (["U1", "Ann Smith"], True),
     (["u1", "ann@example.org"], True), (["U1", "U2"], False),
     (["stonebridge_k", "quillfeather", "U3"], True), (["U1", "U2", "stonebridge_k"], False),
     (["user42", "user43"], False), (["student_0042", "anon_17"], False)],
)
def test_one_capitalised_id_among_ids_is_not_a_name_column(senders: list[str], expected: bool) -> None:
    from nicknames.io.sender_ids import needs_opaque_ids

    assert needs_opaque_ids(pd.Series(senders)) is expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [("stonebridge_k", True), ("quillfeather", True), ("jsmith42", True), ("k.moreau", True), ("Kasimir_S", True),
     ("U0012", False), ("user42", False), ("student_0042", False), ("S028", False), ("abc", False),
     ("3f9a2c1b7e", False), ("0b9d6a3e-55c1-4f0e", False), ("ann smith", False), ("t1_a", False),
     ("PFACE12", False), ("PDEADBE", False), ("PBEAD1F0", False)],  # keyed pseudonyms: a reversed output's senders
)
def test_which_one_word_senders_are_user_names(value: str, expected: bool) -> None:
    from nicknames.io.row_shapes import is_username

    assert is_username(value) is expected


USER_NAMES = (
    '{"id": "a", "parent_id": "", "author": "quillfeather", "body": "Hi all, first post.\\n\\n- Marta"}\n'
    '{"id": "b", "parent_id": "a", "author": "stonebridge_k", "body": "Welcome Marta!\\n\\nKasimir"}\n'
    '{"id": "c", "parent_id": "b", "author": "quillfeather", "body": "Thanks! u/stonebridge_k is great"}\n'
)


def test_user_names_as_senders_get_opaque_ids_and_are_replaced_in_the_texts(tmp_path: Path) -> None:
    (tmp_path / "posts.jsonl").write_text(USER_NAMES)
    code, out, err = run("collect", "posts.jsonl", "-o", "mapping.txt")
    assert (code, out) == (0, ""), err
    assert "holds names, user names or addresses, so participants get opaque ids" in err
    code, out, err = run("apply", "posts.jsonl", "mapping.txt", "-o", "out.jsonl", "-q")
    assert (code, out) == (0, ""), err
    written = (tmp_path / "out.jsonl").read_text()
    assert "quillfeather" not in written and "stonebridge_k" not in written
    assert '"author": "P1"' in written and "u/[P2] is great" in written


WORD_USER_NAMES = (
    "message_id,parent_id,user_id,session_id,text\n"
    "1,,river,s1,Has anyone read chapter 3? The river flows through the valley.\n"
    "2,1,stone,s1,\"river, yes I did. The stone bridge part was confusing.\"\n"
    "3,2,river,s1,thanks stone! I will ask brook about the stone age bit.\n"
    "4,3,brook,s1,The river and the brook in the picture are the same thing.\n"
    "5,4,stone,s1,\"ask river about it, they wrote the summary\"\n"
    "6,5,brook,s1,Good point river.\n"
)


def test_user_names_that_are_words_stay_words_after_an_article_in_one_line_posts(tmp_path: Path) -> None:
    """A one-line post is all greeting line, where a lower-case name counts; after "the" or "a" it is the noun."""
    (tmp_path / "posts.csv").write_text(WORD_USER_NAMES)
    code, _, err = run("collect", "posts.csv", "-o", "mapping.txt", "-q")
    assert code == 0, err
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--scope", "session", "-o", "out.csv", "-q")
    assert (code, out) == (0, ""), err
    texts = pd.read_csv(tmp_path / "out.csv", dtype=str)["text"].tolist()
    assert texts == [
        "Has anyone read chapter 3? The river flows through the valley.",
        "[P1], yes I did. The stone bridge part was confusing.",
        "thanks [P2]! I will ask [P3] about the stone age bit.",
        "The river and the brook in the picture are the same thing.",
        "ask [P1] about it, they wrote the summary",
        "Good point [P1].",
    ]
    code, out, err = run("audit", "out.csv", "--mapping", "mapping.txt")
    assert code == 0, out + err
    assert "none found" in out + err


REDDIT = (
    '{"id": "k1", "parent_id": "t3_p1", "link_id": "t3_p1", "author": "quillfeather", "body": "Any tips? Marta here.", '
    '"subreddit": "stats", "created_utc": 1600000000}\n'
    '{"id": "k2", "parent_id": "t1_k1", "link_id": "t3_p1", "author": "stonebridge_k", "body": "Hi Martu, use a '
    'prior.", "subreddit": "stats", "created_utc": 1600000100}\n'
    '{"id": "k3", "parent_id": "t1_k2", "link_id": "t3_p1", "author": "quillfeather", "body": "Hi Kasimir, thanks!", '
    '"subreddit": "stats", "created_utc": 1600000200}\n'
)


def test_reddit_comments_reply_to_their_parents_through_the_type_prefix(tmp_path: Path) -> None:
    """``t1_k1`` names the comment ``k1``: a greeting names the parent comment's author (a misspelt one too), and
    only the top-level comment's parent (the post, not in the file) is missing."""
    (tmp_path / "comments.jsonl").write_text(REDDIT)
    code, out, err = run("collect", "comments.jsonl", "-o", "mapping.txt")
    assert (code, out) == (0, ""), err
    assert "Warning: 1 message" in err and "parent id that is not in the file" in err
    mapping = (tmp_path / "mapping.txt").read_text()
    assert "P1 | Marta [1; intro] | Martu [1; greeting, fuzzy]\nP2 | Kasimir [1; greeting]\n" in mapping


REFERENCES = (
    "message_id,parent_id,user_id,text\n"
    "1,,U1,\"<p>A question.</p><p>Thanks,<br>Siobhan O&#39;Neill</p>\"\n"
    "2,1,U2,\"<p>Hi Siobhan,</p><p>use a flat prior.</p><p>Kasimir&nbsp;Vey</p>\"\n"
    "3,2,U1,<p>Thanks Kasimir! I told Ms O&#39;Neill&#39;s group too.</p>\n"
    "4,3,U2,\"Plain text: thanks O&#x27;Neill, and Kasimir&nbsp;Vey agrees.\"\n"
)


def test_names_written_with_html_character_references_are_found_replaced_and_audited(tmp_path: Path) -> None:
    """"O&#39;Neill" is O'Neill and "Kasimir&nbsp;Vey" is Kasimir Vey, in collect, apply and audit alike."""
    (tmp_path / "posts.csv").write_text(REFERENCES)
    (tmp_path / "class_list.csv").write_text("user_id,name\nU1,Siobhan O'Neill\nU2,Kasimir Vey\n")
    code, _, err = run("collect", "posts.csv", "--class-list", "class_list.csv", "-o", "mapping.txt", "-q")
    assert code == 0, err
    mapping = (tmp_path / "mapping.txt").read_text()
    assert "U1 | O'Neill [2; classlist]" in mapping and "Kasimir Vey [1; signoff, classlist]" in mapping
    assert "@others" not in mapping.split("# Names collect proposed")[0]  # no "Neill" of somebody else
    code, out, err = run("apply", "posts.csv", "mapping.txt", "-q")
    assert code == 0, err
    assert "Thanks,<br>[U1]</p>" in out and "Ms [U1]&#39;s group" in out and "thanks [U1], and [U2] agrees" in out
    assert "Neill" not in out and "Vey" not in out
    (tmp_path / "partial.txt").write_text("U1 | Siobhan\nU2 | Kasimir | Kasimir Vey\n")
    code, out, err = run("apply", "posts.csv", "partial.txt", "-o", "out.csv", "-q")
    assert code == 0, err
    code, out, err = run("audit", "out.csv", "--mapping", "partial.txt", "--class-list", "class_list.csv")
    assert code == 1
    assert [line.split()[:3] for line in out.splitlines() if line.split()[1:2] == ["name"]] == [
        ["1:37", "name", "O&#39;Neill"], ["3:26", "name", "O&#39;Neill"], ["4:19", "name", "O&#x27;Neill"]]


def test_user_names_with_a_class_list_are_their_owners_ids_in_the_texts(tmp_path: Path) -> None:
    """With a class list keyed by the user names, the user names are no names of the mapping: they are replaced as
    the participants' ids, handles and mentions alike, by their owners' pseudonyms."""
    posts = ('{"id": "a", "parent_id": "", "author": "quill_feather", "body": "Hi all.\\n\\n- Marta"}\n'
             '{"id": "b", "parent_id": "a", "author": "stone.bridge", "body": "Welcome @quill_feather!\\nKasimir"}\n'
             '{"id": "c", "parent_id": "b", "author": "quill_feather", "body": "Thanks! u/stone.bridge is great."}\n')
    (tmp_path / "posts.jsonl").write_text(posts)
    (tmp_path / "class_list.csv").write_text("user,name\nquill_feather,Marta Quell\nstone.bridge,Kasimir Vey\n")
    code, _, err = run("collect", "posts.jsonl", "--class-list", "class_list.csv", "-o", "mapping.txt", "-q")
    assert code == 0, err
    code, out, err = run("apply", "posts.jsonl", "mapping.txt", "-q")
    assert code == 0, err
    assert "quill_feather" not in out and "stone.bridge" not in out
    assert "Welcome [P1]!" in out and "u/[P2] is great." in out


def test_a_class_list_keyed_by_sender_names_follows_the_opaque_ids(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(NAMED)
    (tmp_path / "class_list.csv").write_text("participant_id,name\nAnn Smith,Annabel Smith\nBo Lee,Bo Lee\n")
    code, _, err = run("collect", "posts.csv", "--sender-column", "author_name", "--class-list", "class_list.csv",
                       "-q")
    assert code == 0, err
    mapping = (tmp_path / "mapping.txt").read_text()
    assert "Ann Smith |" not in mapping and "\nP1 | " in mapping


def test_reverse_writes_the_delimiter_it_read(tmp_path: Path) -> None:
    write_csv(tmp_path / "posts.csv", ";", bom=True)
    run("collect", "posts.csv", "-q")
    home = tmp_path / "private"
    home.mkdir(mode=0o700)
    (tmp_path / "share").mkdir()
    code, _, err = run("apply", "posts.csv", "mapping.txt", "--scope", "all", "--key-file", home / "key.json",
                       "-o", "share/out.csv", "-q")
    assert code == 0, err
    code, _, err = run("reverse", "share/out.csv", "--key-file", home / "key.json", "-o", home / "restored.csv", "-q")
    assert code == 0, err
    assert (home / "restored.csv").read_bytes() == (tmp_path / "posts.csv").read_bytes()


def test_reverse_says_which_columns_beside_the_text_keep_their_pseudonyms(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(
        "message_id,parent_id,user_id,author_name,title,text\n"
        "m1,,U1,Anika Berg,Question for Tobias,\"Hi Tobias,\nis it Friday?\nAnika\"\n"
        "m2,m1,U2,Tobias Quell,Re: Question for Tobias,\"Hi Anika,\nyes.\nTobias\"\n")
    run("collect", "posts.csv", "-q")
    home = tmp_path / "private"
    home.mkdir(mode=0o700)
    (tmp_path / "share").mkdir()
    code, _, err = run("apply", "posts.csv", "mapping.txt", "--key-file", home / "key.json", "-o", "share/out.csv",
                       "-q")
    assert code == 0, err
    code, out, err = run("reverse", "share/out.csv", "--key-file", home / "key.json", "-o", home / "restored.csv")
    assert (code, out) == (0, ""), err
    assert "the columns 'title', 'author_name' keep the pseudonyms apply wrote" in " ".join(err.split())
    restored = pd.read_csv(home / "restored.csv", dtype=str)
    assert restored["text"].tolist() == ["Hi Tobias,\nis it Friday?\nAnika", "Hi Anika,\nyes.\nTobias"]
    assert restored["title"].tolist() == ["Question for [U2]", "Re: Question for [U2]"]
    code, out, err = run("reverse", "share/out.csv", "--key-file", home / "key.json", "-o", home / "again.csv", "-q")
    assert (code, out, err) == (0, "", "")


def test_apply_class_list_keyed_by_sender_names_follows_the_opaque_ids(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(NAMED)
    (tmp_path / "class_list.csv").write_text("participant_id,name,gender\nAnn Smith,Ann Smith,f\nBo Lee,Bo Lee,m\n")
    run("collect", "posts.csv", "--sender-column", "author_name", "--class-list", "class_list.csv", "-q")
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--sender-column", "author_name", "--class-list",
                         "class_list.csv", "--scope", "all", "--strict", "-q")
    assert code == 0, err
    assert "Smith" not in out and "Ann" not in out


@pytest.fixture(params=[False, True], ids=["read-whole", "kept-on-disk"])
def kept_on_disk(request: pytest.FixtureRequest) -> bool:
    """The test run twice: the table read whole, then kept on disk and read in small runs (``small_runs``)."""
    if request.param:
        request.getfixturevalue("small_runs")
    return bool(request.param)


TITLED = (
    "message_id,parent_id,user_id,title,text\n"
    "m1,,U1,Question for Tobias,\"Hi Tobias,\nis it Friday?\nAnika\"\n"
    "m2,m1,U2,Re: Question for Tobias,\"Hi Anika,\nyes.\nTobias\"\n"
)


@pytest.mark.usefixtures("kept_on_disk")
def test_names_in_a_title_column_are_replaced_as_in_the_text(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(TITLED)
    (tmp_path / "mapping.txt").write_text("U1 | Anika\nU2 | Tobias\n")
    code, out, err = run("apply", "posts.csv", "mapping.txt", "-o", "out.csv", "--report", "report.csv")
    assert (code, out) == (0, ""), err
    assert ("Note: names in the column 'title' are replaced as in the text" in " ".join(err.split())
            and "nicknames audit out.csv -m mapping.txt --text-column title" in " ".join(err.split()))
    written = pd.read_csv(tmp_path / "out.csv", dtype=str, keep_default_na=False)
    assert written["title"].tolist() == ["Question for [U2]", "Re: Question for [U2]"]
    assert written["text"].tolist() == ["Hi [U2],\nis it Friday?\n[U1]", "Hi [U1],\nyes.\n[U2]"]
    assert "4 names replaced" in err  # the text's: the report and the counts are of the text column
    code, _, err = run("audit", "out.csv", "-m", "mapping.txt", "--text-column", "title", "-q")
    assert code == 0, err


def test_strict_audits_the_titles_too(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(TITLED.replace("Re: Question for Tobias", "Ines said so"))
    (tmp_path / "mapping.txt").write_text("U1 | Anika\nU2 | Tobias\nU3 | Ines\n")  # Ines posts nothing
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--names-of", "active", "--strict", "-o", "out.csv")
    assert (code, out) == (1, "")
    assert "in 1 messages (ids m2)" in " ".join(err.split()) and not (tmp_path / "out.csv").exists()


@pytest.mark.usefixtures("kept_on_disk")
@pytest.mark.parametrize("output", ["out.csv", "out.jsonl"])
def test_audit_reads_each_title_after_its_messages_text(tmp_path: Path, output: str) -> None:
    (tmp_path / "posts.csv").write_text(TITLED.replace("Re: Question for Tobias", "Ines said so"))
    posts = "posts.csv" if output.endswith(".csv") else "posts.jsonl"
    pd.read_csv(tmp_path / "posts.csv", dtype=str, keep_default_na=False).to_json(
        tmp_path / "posts.jsonl", orient="records", lines=True)
    (tmp_path / "mapping.txt").write_text("U1 | Anika\nU2 | Tobias\nU3 | Ines\n")  # Ines posts nothing
    assert run("apply", posts, "mapping.txt", "--names-of", "active", "-o", output, "-q")[0] == 0
    code, out, err = run("audit", output, "-m", "mapping.txt", "--json", "-q")
    assert code == 1, err
    found = json.loads(out)
    assert found["messages"] == 2  # a title is part of its message, not a message of its own
    assert [(finding["message_id"], finding["text"]) for finding in found["findings"]] == [("m2", "Ines")]
    assert found["findings"][0]["start"] == len("Hi [U1],\nyes.\n[U2]\n\n")  # after the text and a blank line


def test_a_title_left_empty_or_null_stays_so(tmp_path: Path) -> None:
    rows = [{"message_id": "m1", "parent_id": "", "user_id": "U1", "title": None, "text": "Hi Tobias"},
            {"message_id": "m2", "parent_id": "m1", "user_id": "U2", "title": "", "text": "Hi Anika"},
            {"message_id": "m3", "parent_id": "", "user_id": "U2", "title": "Tobias asks", "text": "Anyone?"}]
    pd.DataFrame(rows).to_json(tmp_path / "posts.jsonl", orient="records", lines=True)
    (tmp_path / "mapping.txt").write_text("U1 | Anika\nU2 | Tobias\n")
    assert run("apply", "posts.jsonl", "mapping.txt", "-o", "out.jsonl", "-q") == (0, "", "")
    written = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [row["title"] for row in written] == [None, "", "[U2] asks"]


@pytest.mark.usefixtures("kept_on_disk")
def test_a_parquet_title_changed_anywhere_is_text_in_every_row_read_whole_or_kept_on_disk(tmp_path: Path) -> None:
    # runs of 37 rows: the only changed title is in the last run (kept on disk)
    titles = [None] * 79 + ["For Tobias"]
    pd.DataFrame({"message_id": [f"m{n}" for n in range(80)], "parent_id": [""] * 80, "user_id": ["U1", "U2"] * 40,
                  "title": titles, "text": ["Hi Tobias"] * 80}).to_parquet(tmp_path / "posts.parquet", index=False)
    (tmp_path / "mapping.txt").write_text("U1 | Anika\nU2 | Tobias\n")
    assert run("apply", "posts.parquet", "mapping.txt", "-o", "out.parquet", "-q") == (0, "", "")
    written = pd.read_parquet(tmp_path / "out.parquet")
    assert written["title"].tolist() == [""] * 79 + ["For [U2]"]  # as the text column: a changed column is text
    assert written["text"].tolist() == ["Hi [U2]"] * 80


@pytest.mark.usefixtures("kept_on_disk")
def test_columns_named_with_keep_column_are_left_as_written(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(IDENTITIES.replace("to,text", "subject,text").replace(
        "tq@uni.example.org,\"Hi Tobias", "Tobias Quell,\"Hi Tobias"))
    (tmp_path / "mapping.txt").write_text("U1 | Anika | Anika Vey\nU2 | Tobias | Tobias Quell\n")
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--keep-column", "author_email", "--keep-column",
                         "subject", "-o", "out.csv")
    assert (code, out) == (0, ""), err
    assert "'author_email'" not in err and "'subject'" not in err and "'author_name'" in err  # the notes name the rest
    written = pd.read_csv(tmp_path / "out.csv", dtype=str, keep_default_na=False)
    assert written["author_email"].tolist() == ["anika@uni.example.org", "tq@uni.example.org"]
    assert written["subject"].tolist()[0] == "Tobias Quell" and written["author_name"].tolist() == ["[U1]", "[U2]"]


def test_an_unknown_keep_column_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(TITLED)
    (tmp_path / "mapping.txt").write_text("U1 | Anika\nU2 | Tobias\n")
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--keep-column", "titel", "-o", "out.csv")
    assert (code, out) == (1, "")
    assert err.startswith("Error: posts.csv: there is no column 'titel' to keep; the columns are 'message_id'")
    assert not (tmp_path / "out.csv").exists()


def test_the_library_replaces_names_in_the_columns_it_is_given(tmp_path: Path) -> None:
    import nicknames

    (tmp_path / "posts.csv").write_text(TITLED.replace("title", "summary"))
    mapping = nicknames.Mapping({"U1": ["Anika"], "U2": ["Tobias"]})
    with nicknames.open_source(tmp_path / "posts.csv") as source:
        found = nicknames.pseudonymise(source, mapping).frame
        kept = nicknames.pseudonymise(source, mapping, other_texts=()).frame
        assert nicknames.pseudonymise(source, mapping, keep_columns=["summary"]).frame["summary"].equals(kept["summary"])
    assert found["summary"].tolist() == ["Question for [U2]", "Re: Question for [U2]"]
    assert kept["summary"].tolist() == ["Question for Tobias", "Re: Question for Tobias"]
    assert found["text"].tolist() == kept["text"].tolist()
    with nicknames.open_source(tmp_path / "posts.csv") as source, pytest.raises(nicknames.NicknamesError) as error:
        nicknames.pseudonymise(source, mapping, other_texts=["title"])
    assert "there is no column 'title' of other prose; the columns are" in str(error.value)


def test_no_warning_without_other_text_columns(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(TITLED.replace("title", "topic_id"))
    (tmp_path / "mapping.txt").write_text("U1 | Anika\nU2 | Tobias\n")
    code, _, err = run("apply", "posts.csv", "mapping.txt", "-o", "out.csv", "-q")
    assert code == 0 and err == ""


IDENTITIES = (
    "message_id,parent_id,user_id,author_name,author_email,to,text\n"
    "m1,,U1,Anika Vey,anika@uni.example.org,tq@uni.example.org,\"Hi Tobias,\nis it Friday?\nAnika\"\n"
    "m2,m1,U2,Tobias Quell,tq@uni.example.org,\"anika@uni.example.org; ines@else.example.org\",\"Hi Anika,\nyes.\"\n"
)


@pytest.mark.usefixtures("kept_on_disk")
def test_columns_of_names_and_addresses_are_written_as_pseudonyms(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(IDENTITIES)
    (tmp_path / "mapping.txt").write_text("U1 | Anika | Anika Vey\nU2 | Tobias | Tobias Quell\n")
    (tmp_path / "class_list.csv").write_text("participant_id,name,email\nU1,Anika Vey,anika@uni.example.org\n"
                                             "U2,Tobias Quell,tq@uni.example.org\n")
    code, out, err = run("apply", "posts.csv", "mapping.txt", "--class-list", "class_list.csv", "-o", "out.csv")
    assert (code, out) == (0, ""), err
    assert "Note: the columns 'author_name', 'author_email', 'to' hold people's names" in " ".join(err.split())
    written = pd.read_csv(tmp_path / "out.csv", dtype=str, keep_default_na=False)
    assert written["author_name"].tolist() == ["[U1]", "[U2]"]
    assert written["author_email"].tolist() == ["u1@pseudonymised.invalid", "u2@pseudonymised.invalid"]
    assert written["to"].tolist() == ["u2@pseudonymised.invalid", "u1@pseudonymised.invalid; [EMAIL]"]
    assert written["text"].tolist() == ["Hi [U2],\nis it Friday?\n[U1]", "Hi [U1],\nyes."]
    assert "Anika" not in (tmp_path / "out.csv").read_text() and "uni.example" not in (tmp_path / "out.csv").read_text()


def test_columns_of_names_in_json_lines_are_written_as_pseudonyms_and_quiet_says_nothing(tmp_path: Path) -> None:
    rows = pd.read_csv(io.StringIO(IDENTITIES), dtype=str, keep_default_na=False)
    rows.to_json(tmp_path / "posts.jsonl", orient="records", lines=True)
    (tmp_path / "mapping.txt").write_text("U1 | Anika | Anika Vey\nU2 | Tobias | Tobias Quell\n")
    code, out, err = run("apply", "posts.jsonl", "mapping.txt", "-o", "out.jsonl", "-q")
    assert (code, out, err) == (0, "", "")
    written = pd.read_json(tmp_path / "out.jsonl", lines=True, dtype=False)
    assert written["author_name"].tolist() == ["[U1]", "[U2]"]  # no class list: the mapping's names
    assert written["author_email"].tolist() == ["u1@pseudonymised.invalid", "u2@pseudonymised.invalid"]  # the author's
    assert written["to"].tolist() == ["[EMAIL]", "[EMAIL]; [EMAIL]"]  # addresses of nobody known


def test_the_sender_column_of_names_is_no_column_left_as_written(tmp_path: Path) -> None:
    (tmp_path / "posts.jsonl").write_text(USER_NAMES)
    assert run("collect", "posts.jsonl", "-o", "mapping.txt", "-q")[0] == 0
    code, _, err = run("apply", "posts.jsonl", "mapping.txt", "-o", "out.jsonl", "-q")
    assert code == 0 and "left as written" not in err  # "author" held the user names: they are opaque ids now


NAMED_BESIDE_IDS = (
    "message_id,parent_id,user_id,{column},text\n"
    "m1,,U1,{first},\"Hi all,\nQuell told me the room changed.\nAnika\"\n"
    "m2,m1,U2,{second},\"Yes, room 4.\nTobias\"\n"
)


@pytest.mark.parametrize(
    ("column", "first", "second", "read"),
    [
        ("author_name", "Anika Vey", "Tobias Quell", True),    # the senders' full names beside their ids
        ("Full_Name", "Anika Vey", "Tobias Quell", True),      # any case
        ("user_name", "Anika Vey", "Tobias Quell", True),      # Canvas's display names
        ("userfullname", "Anika Vey", "Tobias Quell", True),   # Moodle's
        ("name", "Statistics 101", "Statistics 101", False),   # one value for every sender: a course's, no person's
    ],
)
def test_a_column_of_names_beside_the_ids_is_the_exports_own_class_list(
        tmp_path: Path, column: str, first: str, second: str, read: bool) -> None:
    (tmp_path / "posts.csv").write_text(NAMED_BESIDE_IDS.format(column=column, first=first, second=second))
    code, _, err = run("collect", "posts.csv", "-o", "mapping.txt")
    assert code == 0, err
    mapping = (tmp_path / "mapping.txt").read_text()
    assert ("Quell [1; classlist]" in mapping) is read  # a surname only the column gives
    assert (f"Note: the column '{column}' was read as the senders' registered names" in " ".join(err.split())) is read
    assert "Statistics" not in mapping


def test_a_column_named_for_the_person_replied_to_privately_is_written_as_pseudonyms(tmp_path: Path) -> None:
    (tmp_path / "forum.csv").write_text(  # Moodle's forum export: the private reply's recipient by name
        "id,parent,userid,userfullname,message,privatereplyto,privatereplytofullname\n"
        "1,0,31,Anika Vey,\"<p>Hi all, any news?</p><p>Anika</p>\",0,\n"
        "2,1,32,Tobias Quell,\"<p>Hi Anika, yes.</p><p>Tobias</p>\",31,Anika Vey\n"
        "3,1,33,Ines Marlow,<p>ok</p>,44,Bo Lindqvist\n"
    )
    code, _, err = run("collect", "forum.csv", "-o", "mapping.txt", "-q")
    assert code == 0, err
    code, out, err = run("apply", "forum.csv", "mapping.txt")
    assert code == 0, err
    assert "Note: the columns 'userfullname', 'privatereplytofullname' hold people's names" in " ".join(err.split())
    written = pd.read_csv(io.StringIO(out), dtype=str, keep_default_na=False)
    assert written["privatereplytofullname"].tolist() == ["", "[31]", "[PERSON]"]  # nobody known: not the sender
    assert "Anika" not in out and "Bo Lindqvist" not in out


def test_apply_knows_the_exports_own_registered_names_inside_identifiers(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(
        "message_id,parent_id,user_id,author_name,text\n"
        "m1,,U1,Anika Vey,\"Notes: anika_vey_week3.pdf\nAnika\"\n"
        "m2,m1,U2,Tobias Quell,\"Thanks!\nTobias\"\n"
    )
    (tmp_path / "mapping.txt").write_text("U1 | Anika\nU2 | Tobias\n")  # the surname never occurs as a word
    code, out, err = run("apply", "posts.csv", "mapping.txt", "-q")
    assert code == 0, err
    assert "Notes: [U1]_week3.pdf" in out  # the column's full name tells the file name's person


def test_names_in_a_column_of_attached_files_are_replaced(tmp_path: Path) -> None:
    (tmp_path / "posts.csv").write_text(
        "message_id,parent_id,user_id,text,attachments\n"
        "m1,,U1,\"Draft attached.\nAnika\",https://files.example.org/77/Anika_Essay_v2.docx\n"
        "m2,m1,U2,\"Thanks Anika!\nTobias\",\n"
    )
    (tmp_path / "mapping.txt").write_text("U1 | Anika\nU2 | Tobias\n")
    code, out, err = run("apply", "posts.csv", "mapping.txt", "-o", "out.csv")
    assert (code, out) == (0, ""), err
    assert "Note: names in the column 'attachments' are replaced as in the text" in " ".join(err.split())
    written = pd.read_csv(tmp_path / "out.csv", dtype=str, keep_default_na=False)
    assert written["attachments"].tolist() == ["https://files.example.org/77/[U1]_Essay_v2.docx", ""]


CHAT_WITH_NICKS = (
    "message_id,user_id,text\n"
    "c1,u1,anyone know why the wifi drops after suspend?\n"
    "c2,u2,\"quillfeather: which card? ada^ knows these\"\n"
    "c3,u3,\"ada^ is right, thanks bramble\"\n"
    "c4,u1,\"kay-m, tobias: fixed it, thanks both\"\n"
    "c5,u5,np\n"
)


def collected_and_applied(tmp_path: Path, messages: str, class_list: str) -> tuple[str, list[str]]:
    """Collect with a class list, then apply the mapping: the mapping file's text and the texts pseudonymised."""
    (tmp_path / "messages.csv").write_text(messages)
    (tmp_path / "class.csv").write_text(class_list)
    code, _, err = run("collect", "messages.csv", "--class-list", "class.csv", "-o", "mapping.txt", "-q")
    assert code == 0, err
    code, out, err = run("apply", "messages.csv", "mapping.txt", "-q")
    assert code == 0, err
    return (tmp_path / "mapping.txt").read_text(), pd.read_csv(io.StringIO(out), dtype=str)["text"].tolist()


def test_chat_nicks_on_the_class_list_are_names_with_and_without_their_decoration(tmp_path: Path) -> None:
    _, texts = collected_and_applied(
        tmp_path, CHAT_WITH_NICKS, "user_id,full_name\nu1,quillfeather\nu2,bramble_\nu3,ada^\nu4,kay-m\nu5,tobias|away\n"
    )
    assert texts[1:4] == [
        "[u1]: which card? [u3] knows these",
        "[u3] is right, thanks [u2]",  # "bramble": the nick "bramble_" without its underscore
        "[u4], [u5]: fixed it, thanks both",  # "tobias" of "tobias|away"
    ]


@pytest.mark.parametrize(("nick", "replaced"), [
    ("tobyq", True),  # a nick no list has: written in lower case because that is how it is written
    ("kmarsden", True),
    ("river", False),  # a word: replaced only where it reads as a name ("hi river")
    ("зяв", True),  # three letters in another script than the word lists'
    ("tob", False),  # three Latin letters: too short to tell from a word
])
def test_a_lower_case_nick_on_the_class_list_is_no_word_for_being_written_in_lower_case(
        tmp_path: Path, nick: str, replaced: bool) -> None:
    mapping, texts = collected_and_applied(
        tmp_path,
        "message_id,user_id,text\n"
        f"c1,u1,\"greta_v: did the build pass?\"\n"
        f"c2,u2,\"{nick}: yes, all green\"\n"
        f"c3,u3,\"hi {nick}, ingrid here\"\n"
        f"c4,u3,\"{nick}: can you tag it?\"\n"
        f"c5,u2,\"ok. so {nick} says the build is green\"\n",
        f"user_id,full_name\nu1,{nick}\nu2,greta_v\nu3,ingrid_s\n",
    )
    tags = mapping.split(f"u1 | {nick} [")[1].split("]")[0]
    assert ("word" in tags.split("; ")[1].split(", ")) is not replaced
    assert texts[2] == "hi [u1], [u3] here"
    assert texts[4] == ("ok. so [u1] says the build is green" if replaced else f"ok. so {nick} says the build is green")


def test_a_word_a_lower_case_row_writes_is_no_word_for_being_written_so(tmp_path: Path) -> None:
    """Mail quotes a display name as the person wrote it ("greta vollmer"): those uses in lower case do not make
    "Vollmer" an ordinary word, which apply would then leave beside another form of the name."""
    mapping, texts = collected_and_applied(
        tmp_path,
        "message_id,parent_id,user_id,text\n"
        "m1,,u1,\"Is the build green?\n\nThanks,\nGigi\"\n"
        "m2,m1,u2,\"On Mon, greta vollmer wrote:\n> Is the build green?\n\nYes. Cc: Gigi Vollmer\"\n"
        "m3,m2,u1,\"ingrid_s wrote:\n> ok\n\nThanks,\nGigi\"\n"
        "m4,m3,u2,\"On Tue, greta vollmer wrote:\n> Thanks\n\nSure, Gigi Vollmer.\"\n"
        "m5,m4,u2,\"> On Jun 26, at 7:51 AM, Gigi vollmer <gv@example.org> wrote:\n> Thanks\n\nSure.\"\n",
        "user_id,full_name\nu1,greta vollmer\nu2,ingrid_s\n",
    )
    assert "| Vollmer [2; classlist] |" in mapping  # not tagged "word"
    assert texts[4].startswith("> On Jun 26, at 7:51 AM, [u1] <")


def test_the_names_a_user_name_is_made_of_are_its_owners(tmp_path: Path) -> None:
    mapping, texts = collected_and_applied(
        tmp_path,
        "message_id,parent_id,user_id,text\n"
        "m1,,u1,Has anyone tried the new firmware?\n"
        "m2,m1,u2,\"Originally Posted by quillfeather\nHas anyone tried it?\n\nYes, roll back to 1.4.\"\n"
        "m3,m2,u1,\"Same here, cheers Greta and Kay.\"\n",
        "user_id,full_name\nu1,quillfeather\nu2,GretaV\nu3,KayMarsden\n",
    )
    assert "u2 | " in mapping and "Greta [1; classlist]" in mapping
    assert texts[1].startswith("Originally Posted by [u1]\n")
    assert texts[2] == "Same here, cheers [u2] and [u3]."  # Kay of KayMarsden, who posts nothing


def test_a_full_name_written_surname_first_in_quoted_headers_is_one_name(tmp_path: Path) -> None:
    mapping, texts = collected_and_applied(
        tmp_path,
        "message_id,parent_id,user_id,text\n"
        "m1,,u1,\"Please review the schedule.\nGreta\"\n"
        "m2,m1,u2,\"Fine by me.\nTobias\n\n-----Original Message-----\nFrom: Vollmer, Greta\n"
        "To: Wrenfield, Tobias; Marsden, Kay\nSubject: schedule\"\n",
        "user_id,full_name\nu1,Greta Vollmer\nu2,Tobias Wrenfield\nu3,Kay Marsden\n",
    )
    assert "Vollmer, Greta [1; classlist]" in mapping
    assert "From: [u1]\nTo: [u2]; [u3]\n" in texts[1]  # one pseudonym a person, not "[u1], [u1]"


def test_a_public_name_is_suggested_for_the_keep_list_and_kept_whole(tmp_path: Path) -> None:
    messages = ("message_id,parent_id,user_id,text\n"
                "m1,,u2,\"Did you read Lena Harcourt (2001)?\n\nDan\"\n"
                "m2,m1,u1,\"Yes, Lena Harcourt (2001) is good. Thanks Dan.\n\nTobias\"\n"
                "m3,,u3,\"Hello all.\n\nLena\"\n")
    mapping, texts = collected_and_applied(
        tmp_path, messages, "user_id,full_name\nu1,Tobias Quell\nu2,Dan Marsden\nu3,Lena Wrenfield\n")
    assert "@keep | Lena Harcourt [2; public]" in mapping.splitlines()
    assert texts[:2] == ["Did you read Lena Harcourt (2001)?\n\n[u2]",  # not "[u3] Harcourt": a cited author's name
                         "Yes, Lena Harcourt (2001) is good. Thanks [u2].\n\n[u1]"]
    # taken off the keep list by the reviewer, a public name is not suggested again
    edited = mapping.replace("@keep | Lena Harcourt [2; public]\n", "")
    (tmp_path / "mapping.txt").write_text(edited)
    code, _, err = run("collect", "messages.csv", "--class-list", "class.csv", "-o", "mapping.txt", "-q")
    assert code == 0, err
    assert not [line for line in (tmp_path / "mapping.txt").read_text().splitlines() if line.startswith("@keep")]
