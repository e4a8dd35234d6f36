"""The outline pass derives what reading the whole table derives, and fails the same way."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from nicknames.errors import InputError
from nicknames.messages import read_messages
from nicknames.outline import Codes, HashedCodes, read_outline


def write(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    return path


def random_rows(seed: int, count: int) -> list[list[str]]:
    rng = random.Random(seed)
    rows = []
    for number in range(1, count + 1):
        parent = rng.choice(["", "none", f"m{rng.randint(1, count)}", "x9", f"m{number}"])
        rows.append([f"m{number}", parent, f"u{rng.randint(1, 6)}", f"s{rng.randint(1, 3)}", "text"])
    return rows


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("chunk", [1, 4, 1000])
@pytest.mark.parametrize("thread_column", [False, True])
def test_outline_agrees_with_the_table(tmp_path: Path, seed: int, chunk: int, thread_column: bool,
                                       arrays_on_disk: bool) -> None:
    header, rows = ["message_id", "parent_id", "user_id", "session_id", "text"], random_rows(seed, 40)
    if thread_column:
        rng = random.Random(seed)
        header, rows = [*header, "thread_id"], [[*row, rng.choice(["t1", "t2", "t3", "Thema ü", ""])] for row in rows]
    path = write(tmp_path / "m.csv", header, rows)
    table = read_messages(path)
    outline = read_outline(path, rows=chunk)
    assert isinstance(outline.sender, np.memmap) is arrays_on_disk
    assert isinstance(outline.thread, np.memmap) is arrays_on_disk
    parents = [outline.senders[code] if code >= 0 else None for code in outline.parent_sender.tolist()]
    assert parents == table.parent_senders
    assert [outline.thread_labels[code] for code in outline.thread.tolist()] == table.threads
    assert outline.replies == table.replies
    for scope in ("thread", "session", "all"):
        codes, labels = outline.scope(scope)
        assert [labels[code] for code in codes.tolist()] == table.scope_keys(scope)


def test_threads_that_start_without_a_parent_are_named_in_one_pass(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import nicknames.outline as outline_module

    def another_pass(*args: object) -> list[str]:
        raise AssertionError("the ids were read again")

    rows = [["m1", "", "u1", "s1", "a"], ["m2", "m1", "u2", "s1", "b"], ["m3", "none", "u1", "s2", "c"],
            ["m4", "m3", "u3", "s2", "d"], ["m5", "m2", "u3", "s1", "e"]]
    path = write(tmp_path / "m.csv", ["message_id", "parent_id", "user_id", "session_id", "text"], rows)
    monkeypatch.setattr(outline_module, "_ids_at", another_pass)
    outline = read_outline(path, rows=2)
    assert [outline.thread_labels[code] for code in outline.thread.tolist()] == read_messages(path).threads


@pytest.mark.parametrize(
    "rows",
    [
        [["m1", "u1", "a"], ["m1", "u2", "b"]],  # a repeated id
        [["m1", "u1", "a"], ["", "u2", "b"], [" ", "u3", "c"]],  # empty ids
        [["m1", "u1", "a"], ["m2", "@u2", "b"]],  # a sender the mapping cannot hold
        [["", "u1", "a"], ["m2", " u2", "b"]],  # the sender error comes first
    ],
)
def test_outline_fails_as_the_table_does(tmp_path: Path, rows: list[list[str]]) -> None:
    path = write(tmp_path / "m.csv", ["message_id", "user_id", "text"], rows)
    with pytest.raises(InputError) as expected:
        read_messages(path)
    with pytest.raises(InputError) as found:
        read_outline(path, rows=1)
    assert str(found.value) == str(expected.value)


@pytest.mark.parametrize(
    "body",
    [
        b'm1,u1,a\nm2,u2,b,extra\n',  # a row with a field more than the header
        b'm1,u1,a\nm2,u2,"b, c",\n',  # ... even an empty one
        b'm1,u1,"a,\nb"\r\nm2,u2,b,\r\n',  # ... after a quoted line break
        b'm1,u1,a\rm2,u2,b,c\r',  # rows ending in a bare carriage return
        b'm1,u1,caf\xe9\nm2,u2,b\n',  # a text that is not UTF-8
    ],
)
def test_outline_checks_the_text_it_does_not_keep(tmp_path: Path, body: bytes) -> None:
    """The outline makes strings of its own columns only; the rest of each row is still checked."""
    path = tmp_path / "m.csv"
    path.write_bytes(b"message_id,user_id,text\n" + body)
    with pytest.raises(InputError) as expected:
        read_messages(path)
    with pytest.raises(InputError) as found:
        read_outline(path, rows=1)
    assert str(found.value) == str(expected.value)


@pytest.mark.parametrize(("body", "sliced"), [
    (b'm1,u1,"a, b"\nm2,u2,\n\n', True),
    (b'm1,u1,"x\n""y"",z"\r\n', True),
    (b'm1,u1\nm2,u2,b\n', False),  # a short row: the file is read in order, as a whole, which pads it
])
def test_outline_of_rows_short_or_quoted_agrees_with_the_table(tmp_path: Path, body: bytes, sliced: bool) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(b"message_id,user_id,text\n" + body)
    outline = read_outline(path, rows=1)
    table = read_messages(path)
    assert [outline.senders[code] for code in outline.sender.tolist()] == [m.sender for m in table.messages()]
    assert (outline.slices is not None) is sliced


@pytest.mark.parametrize("chunks", [
    [],
    [[]],
    [["t1", "t2", "t1"]],
    [["t2", "t1"], ["t1", "t3", "t2", "t3"], [], ["t4", "t1"]],
    [["", "Zoë", "日本"], ["日本", "", "zoë"]],
    [[f"t{number % 7}" for number in range(start, start + 5)] for start in range(0, 40, 5)],
])
def test_hashed_codes_number_labels_as_codes_do(chunks: list[list[str]], arrays_on_disk: bool) -> None:
    hashed, codes = HashedCodes(), Codes()
    for chunk in chunks:
        values = pd.Series(chunk, dtype=object)
        assert hashed.encode(values).tolist() == codes.encode(values).tolist()
    assert list(hashed.labels()) == codes.labels
    assert hashed.count == len(codes.labels)
