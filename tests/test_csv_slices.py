"""Rows cut into byte ranges and read range by range are the rows of the whole file, whatever the bytes."""

from __future__ import annotations

import io
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nicknames import csv_slices
from nicknames.csv_slices import Unsliceable, parse_rows, row_slices, sliceable

HEADER = b"a,b,c\n"
PIECES = ["x", "Rob", " ", "\t", ",", '"', '""', "\n", "\r", "\r\n", "\u00e9", "\ufeff", "\x00"]


def whole(data: bytes, encoding: str) -> pd.DataFrame | None:
    """The rows as reading the whole file gives them, or None when that fails."""
    try:
        frame = pd.read_csv(io.BytesIO(data), dtype=str, keep_default_na=False, na_filter=False,
                            encoding=encoding, engine="c")
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeError):
        return None
    return frame if isinstance(frame.index, pd.RangeIndex) else None


def sliced(path: Path, encoding: str, rows: int) -> pd.DataFrame | None:
    """The rows read range by range, or None when the file is unsliceable."""
    try:
        pieces = list(row_slices(path, encoding, rows))
    except Unsliceable:
        return None
    data = path.read_bytes()
    frames = [parse_rows(data[piece.start : piece.end], encoding, ["a", "b", "c"]) for piece in pieces]
    for piece, frame in zip(pieces, frames):
        assert len(frame) == piece.rows
    assert [piece.first for piece in pieces] == [sum(p.rows for p in pieces[:i]) for i in range(len(pieces))]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=["a", "b", "c"])


@settings(max_examples=400, report_multiple_bugs=False, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(body=st.lists(st.sampled_from(PIECES), max_size=60), rows=st.integers(1, 4), block=st.integers(1, 9),
       bom=st.booleans(), encoding=st.sampled_from(["utf-8-sig", "cp1252"]))
def test_ranges_read_alone_give_the_rows_of_the_whole_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: list[str], rows: int, block: int, bom: bool,
    encoding: str,
) -> None:
    monkeypatch.setattr(csv_slices, "BLOCK", block)
    text = "".join(body)
    try:
        data = (b"\xef\xbb\xbf" if bom and encoding == "utf-8-sig" else b"") + HEADER + text.encode(encoding)
    except UnicodeError:
        return
    path = tmp_path / "m.csv"
    path.write_bytes(data)
    expected = whole(data, encoding)
    if expected is None:
        return  # reading the whole file fails: the outline says why, reading it whole
    got = sliced(path, encoding, rows)
    if got is not None:
        assert got.values.tolist() == expected.values.tolist()


def test_a_quote_inside_an_unquoted_cell_is_unsliceable(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(HEADER + b'1,U1,5" tall\n2,U2,"ok"\n')
    with pytest.raises(Unsliceable):
        list(row_slices(path, "utf-8-sig", 1))


def test_quoted_line_breaks_stay_in_their_row(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(HEADER + b'1,U1,"Hi,\r\nRob ""R"""\r\n\r\n  \n2,U2,x')
    pieces = list(row_slices(path, "utf-8-sig", 1))
    assert [(p.first, p.rows) for p in pieces] == [(0, 1), (1, 1)]
    assert path.read_bytes()[pieces[1].start : pieces[1].end].strip() == b"2,U2,x"


@pytest.mark.parametrize(("encoding", "expected"), [("utf-8", True), ("cp1252", True), ("latin-1", True),
                                                    ("utf-16", False), ("shift_jis", False)])
def test_only_encodings_whose_punctuation_bytes_stand_alone_are_cut(encoding: str, expected: bool) -> None:
    assert sliceable(encoding) is expected


@pytest.mark.parametrize(("body", "expected"), [(b"\n", []), (b"1\n\n", [(0, 1)]), (b"1", [(0, 1)])])
def test_a_short_end_of_file_ends_the_ranges(tmp_path: Path, body: bytes, expected: list[tuple[int, int]]) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(HEADER + body)
    assert [(piece.first, piece.rows) for piece in row_slices(path, "utf-8-sig", 1)] == expected
