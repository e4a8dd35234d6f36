"""The message table's checks: ids, senders, missing cells and reply links, each with its row."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from nicknames.model.errors import InputError
from nicknames.model.messages import table_from_frame
from nicknames.model.replies import ReplyCheck
from nicknames.pipeline.sources import read_messages


def frame(rows: list[tuple[str, ...]], columns: tuple[str, ...] = ("message_id", "user_id", "text")) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=list(columns))


@pytest.mark.parametrize(
    ("rows", "fragments"),
    [
        ([("1", "U1", "a"), ("1", "U2", "b")], ["row 3, column 'message_id'", "already used in row 2", "1 repeated"]),
        ([("1", "U1", "a"), ("2", "U1", "b"), ("2", "U2", "c"), ("1", "U3", "d")],
         ["row 4", "already used in row 3", "2 repeated"]),
        ([("1", "U1", "a"), ("2", "", "b")], ["row 3, column 'user_id'", "the sender is empty"]),
        ([("1", "U1 ", "a")], ["row 2", "spaces around it"]),
        ([("1", "@U1", "a")], ["row 2", "starts with '#' or '@'"]),
        ([("1", "U1", "a"), (" ", "U2", "b")], ["row 3, column 'message_id'", "the message id is empty"]),
    ],
)
def test_bad_cells_name_their_row_and_column(rows: list[tuple[str, ...]], fragments: list[str]) -> None:
    with pytest.raises(InputError) as caught:
        table_from_frame(frame(rows), source="m.csv")
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_error_rows_do_not_depend_on_the_frame_index() -> None:
    data = frame([("1", "U1", "a"), ("1", "U2", "b")])
    data.index = ["x", "y"]
    with pytest.raises(InputError, match="row 3"):
        table_from_frame(data)


def test_missing_values_in_a_frame_are_empty_text() -> None:
    data = pd.DataFrame({"message_id": [1, 2], "user_id": ["U1", "U2"], "text": ["Hi", math.nan]})
    table = table_from_frame(data)
    assert [(m.id, m.text) for m in table.messages()] == [("1", "Hi"), ("2", "")]
    assert data["text"].isna().sum() == 1  # the caller's frame is untouched


def test_parents_that_point_nowhere_or_loop_are_counted(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_text("message_id,parent_id,user_id,text\n1,9,U1,Hi\n2,3,U2,Hi\n3,2,U1,Hi\n4,,U3,Hi\n")
    table = read_messages(path)
    assert table.replies == ReplyCheck(missing_parents=1, in_cycles=2)
    assert [m.parent_sender for m in table.messages()] == [None, "U1", "U2", None]
    assert table.threads[1] == table.threads[2]


def test_rows_are_counted_as_a_spreadsheet_counts_them(tmp_path: Path) -> None:
    """Line breaks inside earlier messages do not shift the row a duplicate id is reported at."""
    path = tmp_path / "m.csv"
    path.write_text('message_id,user_id,text\n1,U1,"three\nline\nmessage"\n2,U2,x\n1,U3,y\n')
    with pytest.raises(InputError, match="row 4, column 'message_id': this message id was already used in row 2"):
        read_messages(path)
