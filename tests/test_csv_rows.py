"""CSV rows written as pandas writes them, and single rows written again."""

from __future__ import annotations

import io

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.csv_rows import copy_rows, csv_lines, rows_csv

COLUMNS = {
    "id": ["1", "2", "3", "4"],
    "text": ['Hi "Mary",\nthanks', "a, b", "", "  spaced  "],
    "empty": ["", "", "", ""],
}


def pandas_csv(columns: dict[str, list[str]]) -> str:
    stream = io.StringIO()
    pd.DataFrame(columns).to_csv(stream, index=False, header=False, lineterminator="\n")
    return stream.getvalue()


@pytest.mark.parametrize("names", [["id", "text", "empty"], ["text"], ["empty"]])
def test_rows_are_written_as_pandas_writes_them(names: list[str]) -> None:
    columns = {name: COLUMNS[name] for name in names}
    text, ends = rows_csv(list(columns.values()))
    assert text == pandas_csv(columns)
    assert ends[-1] == len(text) and len(ends) == 4


@pytest.mark.parametrize("piece", [1, 2, 7, 2**20])
@pytest.mark.parametrize(("rows", "texts"), [
    ({}, COLUMNS["text"]),
    ({0: ["1", "[U1]"], 2: ["3", "x\ny"]}, ["[U1]", COLUMNS["text"][1], "x\ny", COLUMNS["text"][3]]),
    ({3: ["4", ""]}, [*COLUMNS["text"][:3], ""]),
    ({1: ["2", "a"], 2: ["3", "b"]}, [COLUMNS["text"][0], "a", "b", COLUMNS["text"][3]]),
])
def test_copying_rows_writes_only_the_given_rows_again(piece: int, rows: dict[int, list[str]],
                                                       texts: list[str]) -> None:
    text, ends = rows_csv([COLUMNS["id"], COLUMNS["text"]])
    written: list[str] = []
    copy_rows(io.StringIO(text, newline=""), written.append, ends, rows, piece)
    assert "".join(written) == pandas_csv({"id": COLUMNS["id"], "text": texts})
    assert max(map(len, written)) <= max([piece, *(len(csv_lines([row])) for row in rows.values())])


cells = st.text(st.sampled_from(['a', ' ', ',', '"', '\n', '\r', '\t', 'é', '\x00', "'"]), max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 4).flatmap(lambda width: st.lists(st.lists(cells, min_size=width, max_size=width), max_size=5)))
def test_rows_are_written_as_the_csv_writer_writes_them(rows: list[list[str]]) -> None:
    columns = [list(column) for column in zip(*rows)]
    text, ends = rows_csv(columns)
    assert text == csv_lines(rows)
    assert [text[start:end] for start, end in zip([0, *ends], ends)] == [csv_lines([row]) for row in rows]
