"""Every bad input to collect and apply: exit 1, one line on stderr, nothing on stdout, no file touched."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.cli import app

GOOD = (
    "message_id,parent_id,user_id,session_id,text\n"
    '1,,U1,S1,"Hi all,\nThanks, Mary"\n'
    '2,1,U2,S1,"Hi Mary,\nCheers, Rob"\n'
    '3,2,U1,S1,"Thanks Rob!\nMary"\n'
)
MAPPING = "U1 | Mary [2; signoff]\nU2 | Rob [2; signoff]\n"

BAD_MESSAGES: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "is empty"),
    "header-only": (b"message_id,user_id,text\n", "has a header but no rows"),
    "renamed column": (b"message_id,user_id,body_text\n1,U1,hi\n", "no column for the text"),
    "duplicate ids": (b"message_id,user_id,text\n1,U1,a\n1,U2,b\n", "row 3, column 'message_id'"),
    "duplicate column": (b"id,id,user_id,text\n1,2,U1,a\n", "line 1, column 2"),
    "empty sender": (b"message_id,user_id,text\n1,U1,a\n2,,b\n", "row 3, column 'user_id': the sender is empty"),
    "cp1252": ("message_id,user_id,text\n1,U1,Hi Ren\u00e9e\n".encode("cp1252"), "--encoding cp1252"),
    "binary": (bytes(range(256)) * 20, "does not look like text"),
    "open quote": (b'message_id,user_id,text\n1,U1,"Hi\n2,U2,x\n', "row 2: a double quote"),
    "extra field": (b"message_id,user_id,text\n1,U1,a\n2,U2,b,c\n", "row 3: this row has 4 fields"),
}

BAD_MAPPINGS: dict[str, tuple[str, str]] = {
    "no id": ("U1 | Mary\n | Rob\n", "line 2, column 1"),
    "two lines": ("U1 | Mary\nU1 | Rob\n", "line 2: participant 'U1' appears on two lines"),
    "punctuation": ("U1 | ...\n", "line 1, column 6"),
    "empty name": ("U1 | Mary | | Rob\n", "line 1, column 13"),
}


def snapshot(folder: Path) -> dict[str, tuple[bytes, int, int]]:
    return {
        path.name: (path.read_bytes(), path.stat().st_mtime_ns, path.stat().st_mode)
        for path in sorted(folder.iterdir())
    }


def run(args: list[str | Path]) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.stderr


def assert_clean_failure(folder: Path, args: list[str | Path], fragment: str) -> str:
    before = snapshot(folder)
    code, stdout, stderr = run(args)
    assert code == 1, stderr
    assert stdout == ""
    assert stderr.startswith("Error: ") and stderr.count("\n") == 1, stderr
    assert fragment in stderr
    assert snapshot(folder) == before
    return stderr


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "good.csv").write_text(GOOD)
    (tmp_path / "mapping.txt").write_text(MAPPING)
    (tmp_path / "old-output.csv").write_text("kept\n")
    os.chmod(tmp_path / "mapping.txt", 0o600)
    return tmp_path


@pytest.mark.parametrize("case", BAD_MESSAGES)
def test_collect_bad_messages(folder: Path, case: str) -> None:
    data, fragment = BAD_MESSAGES[case]
    (folder / "bad.csv").write_bytes(data)
    assert_clean_failure(folder, ["collect", folder / "bad.csv", "-o", folder / "mapping.txt"], fragment)


@pytest.mark.parametrize("case", BAD_MESSAGES)
def test_apply_bad_messages(folder: Path, case: str) -> None:
    data, fragment = BAD_MESSAGES[case]
    (folder / "bad.csv").write_bytes(data)
    args = ["apply", folder / "bad.csv", folder / "mapping.txt", "-o", folder / "old-output.csv"]
    assert_clean_failure(folder, args, fragment)


@pytest.mark.parametrize("command", ["collect", "apply"])
def test_a_json_array_is_refused_with_the_conversion_to_json_lines(folder: Path, command: str) -> None:
    (folder / "export.json").write_text('[\n  {"message_id": "1", "user_id": "U1", "text": "Hi Mary"}\n]\n')
    args = ([command, folder / "export.json", "-o", folder / "mapping.txt"] if command == "collect" else
            [command, folder / "export.json", folder / "mapping.txt", "-o", folder / "old-output.csv"])
    assert_clean_failure(folder, args, "holds a JSON array; nicknames reads JSON Lines")


@pytest.mark.parametrize("case", BAD_MAPPINGS)
def test_apply_bad_mapping(folder: Path, case: str) -> None:
    text, fragment = BAD_MAPPINGS[case]
    (folder / "bad.txt").write_text(text)
    stderr = assert_clean_failure(folder, ["apply", folder / "good.csv", folder / "bad.txt"], fragment)
    assert "Mary" not in stderr and "Rob" not in stderr


@pytest.mark.parametrize("case", BAD_MAPPINGS)
def test_collect_refuses_to_merge_into_a_bad_mapping(folder: Path, case: str) -> None:
    text, fragment = BAD_MAPPINGS[case]
    (folder / "bad.txt").write_text(text)
    assert_clean_failure(folder, ["collect", folder / "good.csv", "-o", folder / "bad.txt"], fragment)


def test_verbose_shows_the_name(folder: Path) -> None:
    (folder / "bad.txt").write_text("U1 | Mary | Mary\n")
    code, stdout, stderr = run(["apply", folder / "good.csv", folder / "bad.txt", "--verbose"])
    assert (code, stdout) == (1, "")
    assert "(the name is 'Mary')" in stderr
    code, _, stderr = run(["apply", folder / "good.csv", folder / "bad.txt"])
    assert "Mary" not in stderr and "--verbose" in stderr


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["collect", "{good}", "-o", "{good}"], "--output {good} is the same file as input"),
        (["collect", "{good}", "-o", "{roster}", "--class-list", "{roster}"], "same file as input"),
        (["collect", "{good}", "-o", "{config}", "--config", "{config}"], "same file as input"),
        (["collect", "{good}", "-o", "{folder}/missing/m.txt"], "does not exist; create it first"),
        (["apply", "{good}", "{mapping}", "-o", "{good}"], "--output {good} is the same file as input"),
        (["apply", "{good}", "{mapping}", "-o", "{mapping}"], "same file as input"),
        (["apply", "{good}", "{mapping}", "--report", "{mapping}"], "--report {mapping} is the same file"),
        (["apply", "{good}", "{mapping}", "--report", "{good}"], "--report {good} is the same file"),
        (["apply", "{good}", "{mapping}", "-o", "{config}", "--config", "{config}"], "same file as input"),
        (["apply", "{good}", "{mapping}", "-o", "{folder}/new.csv", "--report", "{folder}/./new.csv"],
         "--output and --report name the same file"),
        (["apply", "{good}", "{mapping}", "--report", "{folder}/missing/r.csv"], "does not exist"),
        (["apply", "{good}", "{mapping}", "--format", "{{name}}"], "must use {{id}}"),
        (["apply", "{good}", "{mapping}", "--encoding", "klingon"], "Unknown encoding"),
        (["apply", "{good}", "{mapping}", "--text-column", "body"], "there is no column 'body'"),
        (["apply", "{good}", "{folder}/none.txt"], "does not exist; run 'nicknames collect'"),
        (["collect", "{folder}/none.csv"], "does not exist; check the path"),
    ],
)
def test_outputs_never_overwrite_inputs(folder: Path, args: list[str], fragment: str) -> None:
    (folder / "roster.csv").write_text("user_id,full_name\nU1,Mary Major\n")
    (folder / "nicknames.toml").write_text("[columns]\n")
    names = {"good": folder / "good.csv", "mapping": folder / "mapping.txt", "roster": folder / "roster.csv",
             "config": folder / "nicknames.toml", "folder": folder}
    filled = [arg.format(**names) for arg in args]
    assert_clean_failure(folder, filled, fragment.format(**names))


@pytest.mark.parametrize(
    ("config", "fragment"),
    [
        ("[columns\n", "is not valid TOML"),
        ("[colums]\n", "unknown section [colums]"),
        ("[columns]\nsender = 3\n", "[columns] sender must be"),
        ("[collect]\ngreetings = \"Hi\"\n", "must be a list of strings"),
        ("[input]\nencoding = 1252\n", "encoding must be a name in quotes"),
    ],
)
def test_bad_config_file(folder: Path, config: str, fragment: str) -> None:
    (folder / "bad.toml").write_text(config)
    assert_clean_failure(folder, ["collect", folder / "good.csv", "--config", folder / "bad.toml",
                                  "-o", folder / "mapping.txt"], fragment)


@pytest.mark.parametrize(
    ("roster", "fragment"),
    [
        ("user_id,full_name\nU1,Mary Major\nU1,Mary Minor\n", "row 3, column 'user_id': a participant appears twice with different names (rows 2 and 3)"),
        ("user_id,name_of_person\nU1,Mary\n", "no full name column"),
        ("user_id,full_name\n", "has a header but no rows"),
        ("user_id,full_name\nU1,Ren\u00e9e\n", "--encoding cp1252"),
    ],
)
def test_bad_class_list(folder: Path, roster: str, fragment: str) -> None:
    (folder / "roster.csv").write_bytes(roster.encode("cp1252"))
    stderr = assert_clean_failure(folder, ["collect", folder / "good.csv", "--class-list", folder / "roster.csv",
                                           "-o", folder / "new.txt"], fragment)
    assert "Mary" not in stderr


def test_warnings_for_missing_parents_loops_and_absent_participants(folder: Path) -> None:
    (folder / "loops.csv").write_text(
        "message_id,parent_id,user_id,text\n1,9,U1,Hi Mary\n2,3,U2,Hi Rob\n3,2,U1,Thanks\n"
    )
    (folder / "extra.txt").write_text(MAPPING + "U7 | Zed\n")
    code, stdout, stderr = run(["apply", folder / "loops.csv", folder / "extra.txt", "-s", "thread", "-q"])
    assert code == 0 and stdout.startswith("message_id")
    assert "1 message replies to a parent id that is not in the file" in stderr
    assert "2 messages are on loops of parent links" in stderr
    assert "1 participants of the mapping sent no message in this file (U7)" in stderr
    code, _, stderr = run(["collect", folder / "loops.csv", "-o", folder / "extra.txt", "-q"])
    assert code == 0 and "(U7)" in stderr


def test_strict_and_audit_tell_namesakes_apart(folder: Path) -> None:
    """A participant's given name opening somebody else's full name is left by apply; --strict still refuses it and
    says what it is, and audit lists it as a finding of its own kind."""
    (folder / "cited.csv").write_text("message_id,user_id,text\nm1,U1,As Mary Wrenfield wrote\nm2,U2,Thanks Mary\n")
    (folder / "full.txt").write_text("U1 | Mary Quell | Mary\nU2 | Rob\n")
    before = snapshot(folder)
    code, stdout, stderr = run(["apply", folder / "cited.csv", folder / "full.txt", "--strict", "-o", folder / "o.csv"])
    assert (code, stdout) == (1, "") and snapshot(folder) == before
    assert "found 1 mentions of names" in stderr and "(1 of them a given name opening somebody else's full name" in stderr
    code, stdout, _ = run(["apply", folder / "cited.csv", folder / "full.txt"])
    assert code == 0 and "As Mary Wrenfield wrote" in stdout and "Thanks [U1]" in stdout
    (folder / "out.csv").write_text(stdout)
    code, stdout, stderr = run(["audit", folder / "out.csv", "-m", folder / "full.txt"])
    assert code == 1
    assert [line.split()[:3] for line in stdout.splitlines()[1:]] == [["m1:3", "other-name", "Mary"],
                                                                     ["m1", "person", "(fullname)"]]
    assert "(0 names, 1 given name opening another person's or an organisation's name (other-name), 0 near misses" in stderr


def test_strict_refuses_leftovers_and_writes_nothing(folder: Path) -> None:
    (folder / "two.csv").write_text(
        "message_id,user_id,session_id,text\nm1,U1,S1,Thanks Rob\nm2,U2,S2,Hi all\nm3,U1,S1,I asked MARY\n"
    )
    before = snapshot(folder)
    code, stdout, stderr = run(["apply", folder / "two.csv", folder / "mapping.txt", "--strict", "--names-of", "active",
                                "-o", folder / "out.csv", "--report", folder / "report.csv"])
    assert (code, stdout) == (1, "")
    assert "--strict: the audit found 2 mentions" in stderr and "in 2 messages (ids m1, m3)" in stderr
    assert "Rob" not in stderr and "MARY" not in stderr
    assert snapshot(folder) == before
    code, _, stderr = run(["apply", folder / "two.csv", folder / "mapping.txt", "--strict", "-v", "--names-of", "active"])
    assert "names: 'MARY', 'Rob'" in stderr
    code, stdout, _ = run(["apply", folder / "two.csv", folder / "mapping.txt"])
    assert code == 0 and "Thanks [U2]" in stdout  # the name of a participant of another session (--names-of everyone)
    (folder / "fixed.txt").write_text(MAPPING + "@keep | MARY\n")
    args = ["apply", folder / "two.csv", folder / "fixed.txt", "--strict", "--scope", "all"]
    code, stdout, _ = run(args)
    assert code == 0 and "Thanks [U2]" in stdout


def test_key_material_is_owner_only_and_its_place_is_said(folder: Path) -> None:
    code, _, stderr = run(["collect", folder / "good.csv", "-o", folder / "new.txt", "-q"])
    assert code == 0 and f"{folder / 'new.txt'}" in stderr and "owner-only" in stderr
    assert (folder / "new.txt").stat().st_mode & 0o777 == 0o600
    code, _, stderr = run(["apply", folder / "good.csv", folder / "new.txt", "-o", folder / "out.csv",
                           "--report", folder / "report.csv"])
    assert code == 0 and f"the report {folder / 'report.csv'}" in stderr
    assert (folder / "report.csv").stat().st_mode & 0o777 == 0o600


def test_a_wrong_id_column_does_not_echo_message_text(folder: Path) -> None:
    (folder / "same.csv").write_text("subject,user_id,text\nDear Mary Secret,U1,a\nDear Mary Secret,U2,b\n")
    stderr = assert_clean_failure(folder, ["apply", folder / "same.csv", folder / "mapping.txt",
                                           "--message-id-column", "subject"], "row 3, column 'subject'")
    assert "Secret" not in stderr and "Mary" not in stderr
    args = ["apply", folder / "same.csv", folder / "mapping.txt", "--message-id-column", "subject", "-v"]
    code, _, stderr = run(args)
    assert code == 1 and "(the id is 'Dear Mary Secret')" in stderr


def test_long_fields_in_messages_class_list_and_report(folder: Path) -> None:
    long_text = "Hi Mary, " + "lorem ipsum " * 30_000 + "\nThanks, Rob"
    (folder / "long.csv").write_text(
        "message_id,parent_id,user_id,text\n" + f'1,,U1,"{long_text}"\n' + '2,1,U2,"Hi Mary"\n'
    )
    (folder / "roster.csv").write_text("user_id,full_name,notes\n" + f'U1,Mary Major,"{"x" * 200_000}"\n')
    code, _, stderr = run(["collect", folder / "long.csv", "--class-list", folder / "roster.csv",
                           "-o", folder / "long.txt", "-q"])
    assert code == 0, stderr
    code, stdout, stderr = run(["apply", folder / "long.csv", folder / "long.txt", "-s", "all",
                                "-o", folder / "out.csv", "--report", folder / "report.csv", "-q"])
    assert code == 0, stderr
    assert "lorem ipsum" in (folder / "out.csv").read_text()
    assert (folder / "report.csv").read_text().startswith("participant,name,replacements\n")
