"""``nicknames collect`` and ``apply`` on JSON Lines, Parquet, mbox and .eml folders, and their error paths."""

from __future__ import annotations

import json
import mailbox
import os
import stat
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from tests.mail_samples import ADDRESSES, LIST_ARCHIVE, write_eml_folder, write_mbox

runner = CliRunner()


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_mbox_collect_then_apply(tmp_path: Path) -> None:
    write_mbox(tmp_path / "archive.mbox")
    code, out, err = run("collect", "archive.mbox", "-o", "mapping.txt")
    assert (code, out) == (0, "")
    assert "messages read" in err
    key = tmp_path / "mapping.addresses.csv"
    assert key.read_text(encoding="utf-8").splitlines()[:2] == ["participant,address", "P1,ann.lee@example.org"]
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    code, out, err = run("apply", "archive.mbox", "mapping.txt", "--scope", "thread", "-o", "out.mbox")
    assert (code, out) == (0, "")
    assert "5 messages" in err
    box = mailbox.mbox(tmp_path / "out.mbox")
    text = "".join(message.as_string() for message in box)
    box.close()
    assert not [address for address in ADDRESSES if address in text]


def test_mbox_of_a_list_that_rewrites_senders(tmp_path: Path) -> None:
    write_mbox(tmp_path / "list.mbox", LIST_ARCHIVE)
    code, out, err = run("collect", "list.mbox", "-o", "mapping.txt")
    assert (code, out) == (0, "")
    assert "2 new addresses share the id of an earlier address written with the same full name" in " ".join(err.split())
    mapping = (tmp_path / "mapping.txt").read_text(encoding="utf-8")
    assert "Team" not in mapping  # the list's name is nobody's
    code, out, err = run("apply", "list.mbox", "mapping.txt", "-o", "out.mbox")
    assert (code, out) == (0, "")
    box = mailbox.mbox(tmp_path / "out.mbox")
    senders = [message["From"] for message in box]
    box.close()
    # one pseudonym per person, whichever mailbox or list sent the mail
    assert senders == ['"[P1]" <p1@pseudonymised.invalid>'] * 2 + ['"[P2]" <p2@pseudonymised.invalid>',
                                                                 '"[P3]" <p3@pseudonymised.invalid>',
                                                                 '"[P2]" <p2@pseudonymised.invalid>']


def test_mbox_names_an_address_spells_that_are_words_are_tagged_so(tmp_path: Path) -> None:
    # two senders known by addresses of ordinary words ("secret_otter"), each posting once; others write the
    # words of their name in lower case more often than they use it, and "Secret" in a name of something else
    messages = [f"From x Mon Jan  1 00:00:00 2001\nFrom: {sender}\nTo: ann@example.org\nSubject: s{number}\n"
                f"Message-ID: <{number}@example.org>\n\n{body}\n" for number, (sender, body) in enumerate([
                    ("secret_otter@example.net", "Hello. https://example.org/otter/1 https://example.org/"
                                                    "otter/2 https://example.org/otter/3"),  # no uses of words
                    ("secret_otter@example.com", "Hello again."),
                    ("Ann Lee <ann@example.org>", "A secret, a secret, a secret: the Secret Service knows."),
                    ("Ann Lee <ann@example.org>",
                     "Hi all,\n\nPossible Secret Service involvement, said Otter.\n\nAnn"),
                ])]
    (tmp_path / "archive.mbox").write_text("\n".join(messages), encoding="utf-8")
    code, out, _ = run("collect", "archive.mbox", "-o", "mapping.txt")
    assert (code, out) == (0, "")
    lines = [line for line in (tmp_path / "mapping.txt").read_text(encoding="utf-8").splitlines()
             if line.startswith(("P1 |", "P2 |"))]
    assert len(lines) == 2 and all("Secret [2; classlist, word]" in line for line in lines)
    assert all(line.endswith("| Otter [1; classlist]") for line in lines)  # no word
    code, out, _ = run("apply", "archive.mbox", "mapping.txt", "-o", "out.mbox")
    box = mailbox.mbox(tmp_path / "out.mbox")
    bodies = [str(message.get_payload()) for message in box]
    box.close()
    assert "the Secret Service knows" in bodies[2] and "Possible Secret Service involvement, said [P" in bodies[3]


def test_mbox_a_lists_own_address_gets_no_names(tmp_path: Path) -> None:
    # a list's notice, answered with a greeting of its members: the greeting names nobody
    def mail(number: int, sender: str, body: str, reply: str = "") -> str:
        return (f"From x Mon Jan  1 00:00:00 2001\nFrom: {sender}\nTo: Harbour Folk <folk@lists.example.org>\n"
                f"Subject: s{number}\nMessage-ID: <{number}@example.org>\n"
                + (f"In-Reply-To: <{reply}@example.org>\n" if reply else "") + f"\n{body}\n")
    messages = [mail(n, f"Person{chr(65 + n)} Quill <p{n}@example.net>", "Hello all.") for n in range(24)]
    messages += [mail(24, "folk@lists.example.org", "Welcome to the list."),
                 mail(25, "Ada Berg <ada@example.net>", "Hi Harbourfolk,\n\nthanks.\n\nAda", reply="24")]
    (tmp_path / "list.mbox").write_text("\n".join(messages), encoding="utf-8")
    code, out, _ = run("collect", "list.mbox", "-o", "mapping.txt")
    assert (code, out) == (0, "")
    text = (tmp_path / "mapping.txt").read_text(encoding="utf-8")
    assert "Harbour" not in text and "Folk" not in text
    assert "Ada [1; signoff" in text


def test_mbox_collect_writes_the_same_mapping_whatever_the_hash_seed(tmp_path: Path) -> None:
    # participants known only by the names a text writes with their addresses: their lines in a fixed order
    people = ["Ada Quill", "Ben Harbour", "Cai Vollmer", "Dag Olsen", "Eva Marsden", "Fay Lindqvist", "Gus Wren"]
    quoted = "\n".join(f"{name.split()[0].lower()}@example.net ({name}) wrote:\n> {name.split()[0]} agrees."
                       for name in people)
    text = ("From x Mon Jan  1 00:00:00 2001\nFrom: Ann Lee <ann@example.org>\nTo: bo@example.org\n"
            f"Subject: s\nMessage-ID: <1@example.org>\n\n{quoted}\n")
    (tmp_path / "archive.mbox").write_text(text, encoding="utf-8")
    mappings = []
    for seed in ("1", "2", "3"):
        out = tmp_path / f"m{seed}.txt"
        subprocess.run([sys.executable, "-m", "nicknames", "collect", "archive.mbox", "-o", str(out), "-q"],
                       cwd=tmp_path, env={**os.environ, "PYTHONHASHSEED": seed}, check=True, capture_output=True)
        mappings.append(out.read_text(encoding="utf-8"))
    assert mappings[0] == mappings[1] == mappings[2]
    assert all(name in mappings[0] for name in people)


def test_mbox_to_stdout_and_default_session_scope(tmp_path: Path) -> None:
    write_mbox(tmp_path / "archive.mbox")
    run("collect", "archive.mbox", "-q")
    code, out, _ = run("apply", "archive.mbox", "mapping.txt", "-q")
    assert code == 0
    assert out.startswith("From p1@pseudonymised.invalid ")
    assert out.count("\nFrom p") == 4


def test_a_second_collect_keeps_the_ids(tmp_path: Path) -> None:
    write_mbox(tmp_path / "archive.mbox")
    run("collect", "archive.mbox", "-q")
    key = tmp_path / "mapping.addresses.csv"
    key.write_text(key.read_text(encoding="utf-8").replace("P1,", "P9,"), encoding="utf-8")
    run("collect", "archive.mbox", "-q")
    assert "P9,ann.lee@example.org" in key.read_text(encoding="utf-8")
    assert "P9 |" in (tmp_path / "mapping.txt").read_text(encoding="utf-8")


def test_eml_folder_to_folder(tmp_path: Path) -> None:
    write_eml_folder(tmp_path / "mail")
    assert run("collect", "mail", "-q")[0] == 0
    code, out, _ = run("apply", "mail", "mapping.txt", "-o", "out", "-q")
    assert (code, out) == (0, "")
    assert len(list((tmp_path / "out").glob("*.eml"))) == 5


def test_jsonl_in_jsonl_out(tmp_path: Path) -> None:
    rows = [{"id": 1, "user_id": "U1", "text": "Hi all\nThanks, Mary"}, {"id": 2, "user_id": "U2", "parent_id": 1,
                                                                          "text": "Hi Mary,\nok"}]
    (tmp_path / "m.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    assert run("collect", "m.jsonl", "-q")[0] == 0
    code, out, _ = run("apply", "m.jsonl", "mapping.txt", "--scope", "all", "-q")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert records[1] == {"id": 2, "user_id": "U2", "parent_id": 1, "text": "Hi [U1],\nok"}


def test_parquet_in_csv_out(tmp_path: Path) -> None:
    pd.DataFrame({"id": [1, 2], "user_id": ["U1", "U2"], "parent_id": [0, 1],
                  "text": ["Hi all\nThanks, Mary", "Hi Mary,\nok"]}).to_parquet(tmp_path / "m.parquet")
    assert run("collect", "m.parquet", "-q")[0] == 0
    code, out, _ = run("apply", "m.parquet", "mapping.txt", "--scope", "all", "--output-format", "csv", "-q")
    assert code == 0
    assert out == 'id,user_id,parent_id,text\n1,U1,0,"Hi all\nThanks, [U1]"\n2,U2,1,"Hi [U1],\nok"\n'


def error_of(*args: str | Path) -> str:
    code, out, err = run(*args)
    assert (code, out) == (1, "")
    assert err.count("\n") == 1
    return err


def test_apply_on_mail_needs_the_address_key(tmp_path: Path) -> None:
    write_mbox(tmp_path / "archive.mbox")
    (tmp_path / "mapping.txt").write_text("P1 | Ann\n", encoding="utf-8")
    assert "run 'nicknames collect' on the archive first" in error_of("apply", "archive.mbox", "mapping.txt")


def test_unknown_output_format(tmp_path: Path) -> None:
    (tmp_path / "m.csv").write_text("id,user_id,text\n1,U1,Hi\n", encoding="utf-8")
    (tmp_path / "mapping.txt").write_text("U1 | Ann\n", encoding="utf-8")
    assert "Unknown format 'xlsx'" in error_of("apply", "m.csv", "mapping.txt", "--output-format", "xlsx")


def test_parquet_needs_an_output_path(tmp_path: Path) -> None:
    (tmp_path / "m.csv").write_text("id,user_id,text\n1,U1,Hi\n", encoding="utf-8")
    (tmp_path / "mapping.txt").write_text("U1 | Ann\n", encoding="utf-8")
    assert "name the output with --output" in error_of("apply", "m.csv", "mapping.txt", "--output-format", "parquet")


def test_a_table_cannot_be_written_as_mail(tmp_path: Path) -> None:
    (tmp_path / "m.csv").write_text("id,user_id,text\n1,U1,Hi\n", encoding="utf-8")
    (tmp_path / "mapping.txt").write_text("U1 | Ann\n", encoding="utf-8")
    assert "cannot be written as mbox" in error_of("apply", "m.csv", "mapping.txt", "--output-format", "mbox")


def test_eml_folder_needs_an_output_path(tmp_path: Path) -> None:
    write_eml_folder(tmp_path / "mail")
    run("collect", "mail", "-q")
    assert "--output" in error_of("apply", "mail", "mapping.txt")


def test_broken_jsonl_names_the_line(tmp_path: Path) -> None:
    (tmp_path / "m.jsonl").write_text('{"id": 1, "user_id": "U1", "text": "a"}\n{oops}\n', encoding="utf-8")
    assert "m.jsonl, line 2, column 2: not valid JSON" in error_of("collect", "m.jsonl")


def test_empty_folder_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "mail").mkdir()
    assert "holds no mail messages" in error_of("collect", "mail")


def test_output_key_is_never_an_input(tmp_path: Path) -> None:
    write_mbox(tmp_path / "archive.mbox")
    assert "same file as input" in error_of("collect", "archive.mbox", "--address-key", "archive.mbox")


def test_key_file_is_not_world_readable_even_with_open_umask(tmp_path: Path) -> None:
    write_mbox(tmp_path / "archive.mbox")
    old = os.umask(0)
    try:
        run("collect", "archive.mbox", "-q")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "mapping.addresses.csv").stat().st_mode) == 0o600


def test_audit_reads_mail_headers_quotes_and_all(tmp_path: Path) -> None:
    write_mbox(tmp_path / "archive.mbox")
    run("collect", "archive.mbox", "-q")
    assert run("apply", "archive.mbox", "mapping.txt", "--scope", "thread", "-o", "out.mbox", "-q")[0] == 0
    code, out, err = run("audit", "out.mbox", "-m", "mapping.txt")
    assert (code, out) == (0, "")
    assert "Clean" in err
    code, out, _ = run("audit", "archive.mbox", "-m", "mapping.txt", "--json")
    findings = json.loads(out)["findings"]
    assert code == 1
    assert {"Robbie", "Ann Lee"} <= {finding["text"] for finding in findings}


def test_strict_checks_mail_subjects_too(tmp_path: Path) -> None:
    write_mbox(tmp_path / "archive.mbox")
    run("collect", "archive.mbox", "-q")
    mapping = tmp_path / "mapping.txt"
    mapping.write_text(mapping.read_text(encoding="utf-8") + "P3 | Lunch\n".replace("P3", "P9"), encoding="utf-8")
    code, out, err = run("apply", "archive.mbox", "mapping.txt", "--scope", "thread", "--strict", "-o", "o.mbox")
    assert (code, out) == (1, "")
    assert "still in the output" in err
    assert not (tmp_path / "o.mbox").exists()
