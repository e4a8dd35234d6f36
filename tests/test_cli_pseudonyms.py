"""apply --style/--key-file/--identifiers/--unresolved/--review and reverse, through CliRunner."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.cli import app
from tests.conftest import write_csv

runner = CliRunner()
HEADER = ("message_id", "parent_id", "thread_id", "session_id", "user_id", "text")
ROWS = [
    ("1", "", "t1", "s1", "U01", "Hello all,\nmy address is qa.kell@example.org, phone 713-853-1234.\nQuella"),
    ("2", "1", "t1", "s1", "U02", "Hi Quella,\nsee https://example.org/Quella for notes.\nVorn Dask"),
    ("3", "2", "t1", "s1", "U03", "Thanks Vorn, and Quella's point stands.\nQ.K."),
    ("4", "", "t2", "s1", "U02", "Ask Quella about it.\nV"),
]
MAPPING = "U01 | Quella | Quella Kell\nU02 | Vorn | Vorn Dask | V\nU03 | Quella | Q.K.\n"
CLASS_LIST = [("U01", "Quella Kell", "qa.kell@example.org", "female"), ("U02", "Vorn Dask", "", "male"),
              ("U03", "Quella Kirr", "", "")]
REAL_WORDS = ("Quella", "Vorn", "Dask", "Kell", "qa.kell")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "out").mkdir()
    (tmp_path / "keys").mkdir()
    mapping = tmp_path / "mapping.txt"
    mapping.write_text(MAPPING)
    return {
        "messages": write_csv(tmp_path / "messages.csv", HEADER, ROWS),
        "mapping": mapping,
        "class_list": write_csv(tmp_path / "class.csv", ("user_id", "full_name", "email", "gender"), CLASS_LIST),
        "out": tmp_path / "out" / "pseudonymised.csv",
        "key": tmp_path / "keys" / "key.json",
        "tmp": tmp_path,
    }


def invoke(*args: str | Path, catch: bool = True):
    return runner.invoke(app, [str(arg) for arg in args], catch_exceptions=catch)


def texts(path: Path) -> list[str]:
    with path.open(newline="", encoding="utf-8") as stream:
        return [row["text"] for row in csv.DictReader(stream)]


def apply(files: dict[str, Path], *options: str | Path):
    return invoke("apply", files["messages"], files["mapping"], "-o", files["out"], "--key-file", files["key"],
                  "--class-list", files["class_list"], *options, catch=False)


def test_id_style_with_identifiers(files: dict[str, Path]) -> None:
    result = apply(files)
    assert result.exit_code == 0, result.stderr
    out = texts(files["out"])
    assert out[0] == "Hello all,\nmy address is [U01], phone [PHONE].\n[U01]"
    assert out[1] == "Hi [U01],\nsee https://example.org/[USER] for notes.\n[U02]"  # a shared name: nobody's
    assert out[2] == "Thanks [U02], and [U01]'s point stands.\n[U03]"
    assert os.stat(files["key"]).st_mode & 0o777 == 0o600
    assert "Identifiers replaced: email 1, phone 1, url 1." in result.stderr


def test_surrogate_style_is_reproduced_from_the_key_file(files: dict[str, Path]) -> None:
    assert apply(files, "--style", "surrogate").exit_code == 0
    first = texts(files["out"])
    joined = "\n".join(first)
    assert not any(word in joined for word in REAL_WORDS)
    assert "@example.org" in joined and "https://example.org/[USER]" in joined
    files["out"].unlink()
    assert apply(files).exit_code == 0  # no --style: the key file's
    assert texts(files["out"]) == first


def senders(path: Path) -> list[str]:
    with path.open(newline="", encoding="utf-8") as stream:
        return [row["user_id"] for row in csv.DictReader(stream)]


def test_keyed_style_same_ids_with_the_same_key(files: dict[str, Path], tmp_path: Path) -> None:
    assert apply(files, "--style", "keyed").exit_code == 0
    first = texts(files["out"])
    assert first[3].startswith("Ask [P") and "U0" not in "\n".join(first)
    codes = senders(files["out"])  # the sender column is keyed too, or it would link U02 to [P...]
    assert all(code.startswith("P") for code in codes) and f"[{codes[1]}]" in first[1]
    other = tmp_path / "keys" / "other.json"
    result = invoke("apply", files["messages"], files["mapping"], "--key-file", other, "--style", "keyed", "-q")
    assert result.exit_code == 0
    assert result.stdout.count("[P") > 0 and first[3] not in result.stdout


@pytest.mark.parametrize("style", ["id", "keyed", "surrogate"])
def test_reverse_restores_the_original(files: dict[str, Path], style: str) -> None:
    assert apply(files, "--style", style).exit_code == 0
    restored = files["tmp"] / "restored.csv"
    result = invoke("reverse", files["out"], "--key-file", files["key"], "-o", restored, catch=False)
    assert result.exit_code == 0, result.stderr
    assert texts(restored) == [row[-1] for row in ROWS]
    assert senders(restored) == [row[4] for row in ROWS]
    assert "4 restored exactly" in result.stderr
    assert os.stat(restored).st_mode & 0o777 == 0o600


def test_reverse_to_ids(files: dict[str, Path]) -> None:
    assert apply(files, "--style", "surrogate").exit_code == 0
    result = invoke("reverse", files["out"], "--key-file", files["key"], "--restore", "ids", catch=False)
    assert result.exit_code == 0
    assert "Ask [U01] about it." in result.stdout or "Ask [U03] about it." in result.stdout


@pytest.mark.parametrize(
    ("kinds", "kept", "gone"),
    [
        ("none", ["qa.kell@example.org", "713-853-1234", "https://example.org/"], []),
        ("email", ["713-853-1234", "https://example.org/"], ["qa.kell@example.org"]),
        ("phone,url", ["qa.kell@"], ["713-853-1234", "https://example.org/Q"]),
        ("url,whole", ["qa.kell@", "713-853-1234"], ["https://example.org/"]),
        ("whole", ["[URL]", "[PHONE]"], ["https://example.org/", "713-853-1234", "qa.kell@"]),
    ],
)
def test_identifier_kinds_switch(files: dict[str, Path], kinds: str, kept: list[str], gone: list[str]) -> None:
    assert apply(files, "--identifiers", kinds).exit_code == 0
    joined = "\n".join(texts(files["out"]))
    assert all(text in joined for text in kept) and not any(text in joined for text in gone)


def test_unresolved_mark_and_review_file(files: dict[str, Path]) -> None:
    review = files["tmp"] / "keys" / "review.csv"
    result = apply(files, "--unresolved", "mark", "--review", review)
    assert result.exit_code == 0
    assert texts(files["out"])[3] == "Ask [U01|U03] about it.\n[U02]"
    assert os.stat(review).st_mode & 0o777 == 0o600
    rows = list(csv.DictReader(review.open()))
    assert rows[0]["review"] == "yes" and rows[0]["rule"] == "mark" and rows[0]["message_id"] == "4"
    assert {row["rule"] for row in rows[1:]} <= {"signoff", "greeting", "parent", "recipient", "addressed", "other", "thread", "recent"}
    assert "1 mentions of shared names had no deciding context" in result.stderr


@pytest.mark.parametrize(
    ("line", "guessed"),
    [
        ("A1 | ?Tobin [1; classlist, absent, namesake]\n", ["yes"]),  # a guess among namesakes: listed for review
        ("A1 | ?Tobin [1; classlist, absent]\n", []),  # the one registered person with the name: not listed
    ],
)
def test_review_file_lists_the_mentions_of_namesake_guesses(files: dict[str, Path], line: str,
                                                             guessed: list[str]) -> None:
    files["mapping"].write_text(MAPPING + line)
    write_csv(files["messages"], HEADER, [*ROWS, ("5", "", "t3", "s1", "U01", "Has Tobin replied?\nQuella")])
    review = files["tmp"] / "keys" / "review.csv"
    result = apply(files, "--review", review)
    assert result.exit_code == 0, result.stderr
    assert texts(files["out"])[4] == "Has [A1] replied?\n[U01]"
    rows = [row for row in csv.DictReader(review.open()) if row["participant"] == "A1"]
    assert [row["review"] for row in rows] == guessed
    assert all(row["name"] == "Tobin" and row["message_id"] == "5" and "tagged namesake" in row["evidence"] for row in rows)
    assert ("1 mentions of names guessed among registered namesakes" in result.stderr) == bool(guessed)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--style", "keyed", "--key-file", None), "needs --key-file"),
        (("--key-file", "out/key.json", "-o", "out/p.csv"), "inside the output's folder"),
        (("--style", "keyed", "--key-file", "keys/made-with-id.json"), "was made with --style id"),
        (("--key-file", "keys/bad.json"), "not a readable key file"),
        (("--style", "surrogate", "--format", "<{id}>", "--key-file", "keys/made-with-id.json"), "was made with --style id"),
    ],
)
def test_apply_key_errors(files: dict[str, Path], args: tuple[str | None, ...], message: str) -> None:
    os.chdir(files["tmp"])
    assert apply(files).exit_code == 0  # keys/key.json, made with the id style
    (files["tmp"] / "keys" / "made-with-id.json").write_bytes(files["key"].read_bytes())
    (files["tmp"] / "keys" / "bad.json").write_text("{")
    argv = [arg for arg in args if arg is not None]
    if args[-1] is None:
        argv = [arg for arg in argv if arg != "--key-file"]
    result = invoke("apply", files["messages"], files["mapping"], *argv)
    assert result.exit_code == 1, result.stderr
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert result.stdout == ""


def test_bad_identifier_kind_is_a_usage_error(files: dict[str, Path]) -> None:
    result = invoke("apply", files["messages"], files["mapping"], "--identifiers", "fax")
    assert result.exit_code == 2
    assert result.stdout == ""


@pytest.mark.parametrize(("key", "message"), [("missing.json", "does not exist"), ("mapping.txt", "not a readable")])
def test_reverse_errors(files: dict[str, Path], key: str, message: str) -> None:
    result = invoke("reverse", files["messages"], "--key-file", files["tmp"] / key)
    assert result.exit_code == 1
    assert message in result.stderr and result.stdout == ""


def test_existing_key_file_readable_by_others_is_warned_and_tightened(files: dict[str, Path]) -> None:
    assert apply(files).exit_code == 0
    os.chmod(files["key"], 0o644)
    result = apply(files)
    assert result.exit_code == 0 and "readable by others" in result.stderr
    assert os.stat(files["key"]).st_mode & 0o777 == 0o600


def test_surrogates_without_key_file_are_deterministic(files: dict[str, Path]) -> None:
    args = ("apply", files["messages"], files["mapping"], "--style", "surrogate", "--class-list", files["class_list"])
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0 and first.stdout == second.stdout
    assert "cannot be reversed" in first.stderr
