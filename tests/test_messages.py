"""Reading exports: encodings, reply context, threads and scopes."""

from __future__ import annotations

from pathlib import Path

import pytest

from nicknames.model.errors import InputError
from nicknames.model.scope import Scope
from nicknames.pipeline.sources import read_messages
from tests.conftest import write_csv


def test_parent_sender_and_threads_are_derived(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "m.csv", ["id", "author", "body", "parent"], [
        ["1", "a", "first", "0"], ["2", "b", "reply", "1"], ["3", "c", "reply to reply", "2"],
        ["4", "a", "new", ""], ["5", "b", "orphan", "99"],
    ])
    table = read_messages(path)
    assert [m.parent_sender for m in table.messages()] == [None, "a", "b", None, None]
    assert table.scope_keys("thread") == ["1", "1", "1", "4", "5"]
    assert table.scope_keys("all") == [""] * 5


def test_parent_cycle_does_not_loop(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "m.csv", ["id", "author", "body", "parent"], [
        ["1", "a", "x", "2"], ["2", "b", "y", "1"],
    ])
    assert len(set(read_messages(path).scope_keys("thread"))) == 1


def test_bom_crlf_and_quoted_newlines(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes('\ufeffid,user_id,text\r\n1,a,"Hi Rob,\r\nthanks"\r\n'.encode())
    [message] = read_messages(path).messages()
    assert message.id == "1" and message.text.startswith("Hi Rob,") and message.text.endswith("thanks")


def test_cp1252_needs_and_accepts_an_encoding(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes("id,user_id,text\n1,a,Hi José\n".encode("cp1252"))
    with pytest.raises(InputError, match="line 2, column 11: byte 0xe9 is not valid UTF-8.*--encoding cp1252"):
        read_messages(path)
    [message] = read_messages(path, encoding="cp1252").messages()
    assert message.text == "Hi José"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "is empty"),
        (b"id,user_id,text\n", "has a header but no rows"),
        (b"id,user_id,text\n1,a,x\n1,b,y\n", "row 3, column 'id': this message id was already used in row 2"),
    ],
)
def test_bad_files(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(content)
    with pytest.raises(InputError, match=message):
        read_messages(path)


def test_unknown_encoding_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="Unknown encoding 'klingon'"):
        read_messages(tmp_path / "m.csv", encoding="klingon")
    with pytest.raises(InputError, match="does not exist"):
        read_messages(tmp_path / "m.csv")


def test_without_a_session_column_the_export_is_one_session(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "m.csv", ["id", "user_id", "text"], [["1", "a", "x"], ["2", "b", "y"]])
    table = read_messages(path)
    assert table.scope_keys("session") == table.scope_keys("all")
    assert "--session-id-column" in (table.one_session_note("session") or "")
    assert table.one_session_note("thread") is None


@pytest.mark.parametrize(("name", "expected"), [("thread", Scope.thread), ("session", Scope.session), ("all", Scope.all)])
def test_a_scope_is_named_by_its_value(name: str, expected: Scope) -> None:
    assert Scope.of(name) is expected and str(expected) == name


def test_an_unknown_scope_names_the_choices() -> None:
    with pytest.raises(InputError, match="Unknown scope 'week'; choose one of thread, session, all"):
        Scope.of("week")
