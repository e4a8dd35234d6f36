"""Rows cut into byte ranges and read range by range are the rows of the whole file, whatever the bytes."""

from __future__ import annotations

import io
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nicknames import csv_slices
from nicknames.csv_slices import Unsliceable, parse_rows, read_slice, read_slice_batches, row_slices, sliceable

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


@pytest.mark.parametrize("body", [b"1,2\n", b"1,2,3,4\n", b'1,2,"3"\n4,5,6,\n', b"1,2,3\n4,5,\xff\n"])
def test_a_row_with_other_fields_than_the_header_or_a_byte_that_does_not_decode_is_unsliceable(
    tmp_path: Path, body: bytes
) -> None:
    """Reading a range for some of its columns would not see either: the whole file is read instead."""
    path = tmp_path / "m.csv"
    path.write_bytes(HEADER + body)
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


@pytest.mark.parametrize(("body", "expected"), [(b"\n", []), (b"1,2,3\n\n", [(0, 1)]), (b"1,2,3", [(0, 1)])])
def test_a_short_end_of_file_ends_the_ranges(tmp_path: Path, body: bytes, expected: list[tuple[int, int]]) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(HEADER + body)
    assert [(piece.first, piece.rows) for piece in row_slices(path, "utf-8-sig", 1)] == expected


CELL = st.lists(st.sampled_from(["x", "Rob", " ", "\u00e9", ",", '""', "\n"]), max_size=4).map(
    lambda pieces: '"' + "".join(pieces) + '"' if any(p in pieces for p in (",", '""', "\n")) else "".join(pieces))
"""A cell as a CSV writer writes it: quoted when it holds a comma, a quote or a line break."""


@settings(max_examples=400, report_multiple_bugs=False, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.lists(CELL, min_size=3, max_size=3), min_size=1, max_size=8), per_range=st.integers(1, 4),
       encoding=st.sampled_from(["utf-8-sig", "cp1252"]), end=st.sampled_from(["\n", "\r\n", "\r"]),
       raw=st.sampled_from([b"", b"\xff", b"\x81"]), at=st.integers(0, 200),
       odd=st.integers(0, 9), cells=st.sampled_from([1, 2, 4, 5]))
def test_ranges_read_for_some_columns_fail_where_the_whole_file_fails(
    tmp_path: Path, rows: list[list[str]], per_range: int, encoding: str, end: str, raw: bytes, at: int,
    odd: int, cells: int,
) -> None:
    """Reading only columns a and b of each range still rejects what reading every column of the file rejects:
    a row with more fields than the header, a byte that does not decode (in UTF-8; 0x81 in cp1252)."""
    if odd < len(rows):  # one row with fewer or more cells than the header
        rows[odd] = (rows[odd] + ["", "y"])[:cells]
    try:
        text = "".join(",".join(row) + end for row in rows).encode(encoding.removesuffix("-sig"))
    except UnicodeError:
        return
    at %= len(text) + 1
    data = HEADER + text[:at] + raw + text[at:]
    path = tmp_path / "m.csv"
    path.write_bytes(data)
    expected = whole(data, encoding)
    try:
        frames = [read_slice(path, encoding, ["a", "b", "c"], piece, ["a", "b"])
                  for piece in row_slices(path, encoding, per_range)]
    except (Unsliceable, pd.errors.ParserError, UnicodeError):
        return  # the caller reads the file whole, which says what is wrong
    assert expected is not None
    got = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=["a", "b"])
    assert got.values.tolist() == expected[["a", "b"]].values.tolist()


@settings(max_examples=300, report_multiple_bugs=False, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.lists(CELL, min_size=3, max_size=3), min_size=1, max_size=12), per_range=st.integers(1, 9),
       batch=st.integers(1, 4), encoding=st.sampled_from(["utf-8", "cp1252"]),
       end=st.sampled_from(["\n", "\r\n"]), columns=st.sampled_from([None, ["a", "c"]]))
def test_a_range_read_a_batch_at_a_time_gives_its_rows(
    tmp_path: Path, rows: list[list[str]], per_range: int, batch: int, encoding: str, end: str,
    columns: list[str] | None,
) -> None:
    try:
        text = "".join(",".join(row) + end for row in rows).encode(encoding)
    except UnicodeError:
        return
    path = tmp_path / "m.csv"
    path.write_bytes(HEADER + text)
    for piece in row_slices(path, encoding, per_range):
        frames = list(read_slice_batches(path, encoding, ["a", "b", "c"], piece, batch, columns))
        assert [len(frame) for frame in frames] == [min(batch, piece.rows - start) for start in range(0, piece.rows, batch)]
        joined = pd.concat(frames, ignore_index=True)
        assert joined.values.tolist() == read_slice(path, encoding, ["a", "b", "c"], piece, columns).values.tolist()
