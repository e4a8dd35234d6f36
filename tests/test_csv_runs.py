"""A large CSV read by pyarrow (``csv_runs``) gives exactly the runs, cells and errors of pandas' reader
(``csv_chunks``): pyarrow where the two agree, pandas wherever they could differ or pyarrow refuses the file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nicknames.io import csv_runs as runs_module
from nicknames.io.csv_runs import csv_runs
from nicknames.io.table_chunks import csv_chunks
from nicknames.model.errors import InputError

Outcome = tuple[str, Any]


def _pandas(path: Path, rows: int, encoding: str | None = None) -> Outcome:
    """What today's reader gives: each run's header and rows, or the error's message."""
    try:
        return "runs", [(list(chunk.columns), chunk.astype(object).values.tolist())
                        for chunk in csv_chunks(path, encoding, rows=rows)]
    except InputError as error:
        return "error", str(error)


def _runs(path: Path, rows: int, encoding: str | None = None) -> Outcome:
    try:
        return "runs", [(table.column_names, [list(row.values()) for row in table.to_pylist()])
                        for table in csv_runs(path, encoding, rows=rows)]
    except InputError as error:
        return "error", str(error)


@pytest.fixture
def readers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The readers each ``csv_runs`` call started: ``pyarrow``, ``pyarrow in long blocks`` (read again where a row
    was too long for the first blocks), then ``pandas`` from the first row where pyarrow gave none, or ``pandas
    after rows`` where it had given some."""
    used: list[str] = []
    arrow_runs, pandas_runs = runs_module._arrow_runs, runs_module._pandas_runs

    def spied_arrow(*args: Any, skip: int) -> Iterator[Any]:
        block = args[4]
        used.append("pyarrow" if block == runs_module.BLOCK_BYTES else
                    "pyarrow in long blocks after rows" if skip else "pyarrow in long blocks")
        return arrow_runs(*args, skip=skip)

    def spied_pandas(*args: Any, skip: int) -> Iterator[Any]:
        used.append("pandas after rows" if skip else "pandas")
        return pandas_runs(*args, skip=skip)

    monkeypatch.setattr(runs_module, "_arrow_runs", spied_arrow)
    monkeypatch.setattr(runs_module, "_pandas_runs", spied_pandas)
    return used


def _compare(path: Path, rows: int, readers: list[str], encoding: str | None = None) -> str:
    """The reader that gave ``csv_runs``' rows (``pyarrow``, ``pandas`` or ``both``), once they and its errors are
    shown to be ``csv_chunks``'."""
    expected = _pandas(path, rows, encoding)
    readers.clear()
    assert _runs(path, rows, encoding) == expected
    if "pandas after rows" in readers:
        return "both"
    return "pandas" if "pandas" in readers else "pyarrow"


AGREE = [  # pyarrow reads these, and gives pandas' cells
    ("plain", b"a,b\n1,2\n3,4\n"),
    ("quoted line breaks", b'a,b\n"x\ny",2\n"p\r\nq",3\n"\r",4\n'),
    ("windows line ends", b"a,b\r\n1,2\r\n3,4\r\n"),
    ("old mac line ends", b"a,b\r1,2\r3,4\r"),
    ("mixed line ends", b"a,b\r\n1,2\n3,4\r5,6"),
    ("blank lines", b"a,b\n\n1,2\n\n\n3,4\n\n"),
    ("blank windows lines", b"a,b\r\n\r\n1,2\r\n\r\n3,4\r\n"),
    ("blank lines before the header", b"\n\na,b\n1,2\n"),
    ("byte order mark", b"\xef\xbb\xbfa,b\n1,2\n"),
    ("byte order mark and quoted header", b'\xef\xbb\xbf"a","b"\n1,2\n'),
    ("quotes inside unquoted cells", b'a,b\nx"y,2\nz",3\n'),
    ("text after a closing quote", b'a,b\n"x"y,2\n"p" ,3\n"a""b",4\n"c"d"e,5\n'),
    ("empty cells", b'a,b,c\n,,\n"",x,""\n'),
    ("spaces before a delimiter", b"a,b\n  ,x\n"),
    ("spaces kept", b"a,b\n  x  , y \n"),
    ("no final line end", b"a,b\n1,2"),
    ("carriage return closing a quoted cell", b'a,b\n1,"x\r"\n'),
    ("quoted cell closed at the end", b'a,b\n1,"x"'),
    ("unquoted quote at the end", b'a,b\n1,x"\n'),
    ("doubled quotes only", b'a,b\n1,""""\n'),
    ("semicolons", b"a;b\n1;2,3\n"),
    ("tabs, a line of a space and a tab", b"a\tb\n1\t2\n \t\n"),
    ("words pandas could take as missing", b"a,b\nNA,null\nnan,None\n#N/A,\n"),
    ("accents and other scripts", "a,b\nJosé,Zoë\n李,Ωμέγα\n".encode()),
    ("lone carriage return in a quoted cell", b'a,b\n"x\ry",2\n'),
    ("form feed in a cell", b"a,b\n\x0cx,\x0b\n"),
    ("carriage return before a delimiter inside a line", b'a,b\n"x\r",2\n"y\r,z",3\n'),
]

REFUSED = [  # pandas reads these: pyarrow refuses them, or could give other cells
    ("trailing delimiter", b"a,b\n1,2,\n"),
    ("trailing delimiter in the header", b"a,b,\n1,2,\n"),
    ("short row", b"a,b,c\n1,2\n3,4,5\n"),
    ("long row", b"a,b\n1,2\n3,4,5\n"),
    ("line of spaces", b"a,b\n1,2\n   \n3,4\n"),
    ("line of spaces and tabs", b"a,b\n1,2\n \t \n3,4\n"),
    ("line of spaces, windows line ends", b"a,b\r\n1,2\r\n  \r\n3,4\r\n"),
    ("one column", b"a\n1\n2\n"),
    ("one column, a line of spaces", b"a\n1\n   \n3\n"),
    ("NUL in a cell", b"a,b\n1,x\x00y\n"),
    ("NUL in the header", b"a,\x00b\n1,2\n"),
    ("header only", b"a,b\n"),
    ("header only, no line end", b"a,b"),
    ("empty file", b""),
    ("repeated column name", b"a,a\n1,2\n"),
    ("column without a name", b"a,,c\n1,2,3\n"),
    ("quote never closed", b'a,b\n1,"xx\n2,3\n'),
    ("quote never closed, windows line ends", b'a,b\r\n1,"x""y\r\n2,3\r\n'),
    ("quote opened at the very end", b'a,b\n1,"'),
    ("bytes that are not UTF-8", b"a,b\n1,\xff\xfe\n"),
    ("a row of one empty quoted cell", b'a,b\n""\n'),
    ("a row of a form feed", b"a,b\n\x0c\n1,2\n"),
    ("blank line ended by a lone carriage return before a delimiter", b"a,b\n\r,y\n"),
    ("the same after a lone carriage return", b"a,b\r\r,y\n"),
    ("the same at the start", b"\r,b\nx,y\n"),
    ("the same after a byte order mark", b"\xef\xbb\xbf\r,b\nx,y\n"),
]


@pytest.mark.parametrize(("name", "data"), AGREE, ids=[name for name, _ in AGREE])
@pytest.mark.parametrize("rows", [2, 3, 20_000])
def test_pyarrow_gives_pandas_cells(tmp_path: Path, readers: list[str], name: str, data: bytes, rows: int) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(data)
    assert _compare(path, rows, readers) == "pyarrow"


@pytest.mark.parametrize(("name", "data"), REFUSED, ids=[name for name, _ in REFUSED])
def test_pandas_reads_what_pyarrow_refuses_or_could_read_otherwise(
    tmp_path: Path, readers: list[str], name: str, data: bytes
) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(data)
    assert _compare(path, 3, readers) == "pandas"  # before pyarrow gave a row


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1"])
def test_a_single_byte_encoding_is_read_by_pyarrow(tmp_path: Path, readers: list[str], encoding: str) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes('id,text\nm1,"Chère Zoë,\r\nmerci"\nm2,Ærø\n'.encode(encoding))
    assert _compare(path, 2, readers, encoding) == "pyarrow"


def test_an_encoding_of_several_bytes_a_character_is_read_by_pandas(tmp_path: Path, readers: list[str]) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes("id,text\nm1,Zoë\n".encode("utf-16"))
    assert _compare(path, 2, readers, "utf-16") == "pandas"


def test_a_delimiter_that_is_not_ascii_is_left_to_pandas(tmp_path: Path, readers: list[str]) -> None:
    path = tmp_path / "m.csv"
    path.write_text("id§text\nm1§Zoë, hi\n", encoding="utf-8")
    with pytest.raises(ValueError) as today:  # pandas' C parser takes no delimiter of several bytes
        list(csv_chunks(path, delimiter="§"))
    readers.clear()
    with pytest.raises(ValueError) as now:
        list(csv_runs(path, delimiter="§"))
    assert str(now.value) == str(today.value) and readers == ["pandas"]


def _messages(count: int, bad: dict[int, str] | None = None) -> str:
    lines = ["message_id,user_id,text", *(f"m{number},u{number % 3},hello {number}" for number in range(count))]
    for row, line in (bad or {}).items():
        lines[row - 1] = line  # row 2 is the first message, as the errors count them
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("line", "message"), [
    ("m60,u0,hello, there", "row 62: this row has 4 fields but the header has 3"),
    ('m60,u0,"hello there', "row 62: a double quote opened in this row is never closed"),
    ("m60,u0,hello\x00there", "row 62, column 'text': holds a NUL character"),
    ("m60,u0", None),  # a short row: pandas gives an empty cell
    ("   ", None),  # a line of spaces: pandas skips it
])
def test_a_later_row_pyarrow_refuses_is_read_by_pandas_as_today(
    tmp_path: Path, readers: list[str], line: str, message: str | None
) -> None:
    path = tmp_path / "m.csv"
    path.write_text(_messages(100, {62: line}), encoding="utf-8")
    outcome = _pandas(path, 25)
    assert _compare(path, 25, readers) in ("pandas", "both")
    assert (outcome[0] == "error") == (message is not None)
    if message is not None:
        assert message in outcome[1]


def test_pandas_goes_on_where_pyarrow_stopped_without_giving_a_row_twice(
    tmp_path: Path, readers: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runs_module, "BLOCK_BYTES", 256)
    path = tmp_path / "m.csv"
    path.write_text(_messages(100, {90: "   "}), encoding="utf-8")
    assert _compare(path, 10, readers) == "both"


def _long(length: int) -> str:
    """A message whose quoted text, with commas, quotes and line ends, is about ``length`` bytes long."""
    return 'm99,u1,"' + ('a long, ""quoted""\r\ntext ' * (length // 25 + 1))[:length] + '"'


LONG_ROWS = [  # (case, the file's lines by row, the readers that read it in turn); blocks of 256 and 4,096 bytes
    ("every row within a block", {5: _long(200), 30: _long(200)}, ["pyarrow"]),
    ("a row over two blocks in the first run", {5: _long(900)}, ["pyarrow", "pyarrow in long blocks"]),
    ("a row over two blocks after runs given", {30: _long(900)},
     ["pyarrow", "pyarrow in long blocks after rows"]),
    ("a row over two blocks, the file's last", {61: _long(900)}, ["pyarrow", "pyarrow in long blocks after rows"]),
    ("two rows over two blocks", {12: _long(900), 40: _long(3_000)},
     ["pyarrow", "pyarrow in long blocks after rows"]),
    ("a row over two long blocks", {30: _long(9_000)},
     ["pyarrow", "pyarrow in long blocks after rows", "pandas after rows"]),
    ("a row over two blocks, then a line of spaces", {12: _long(900), 45: "   "},
     ["pyarrow", "pyarrow in long blocks after rows", "pandas after rows"]),
    ("a line of spaces, then a row over two blocks", {30: "   ", 45: _long(900)}, ["pyarrow", "pandas after rows"]),
    ("a row over two blocks, then a short row", {12: _long(900), 45: "m44,u1"},
     ["pyarrow", "pyarrow in long blocks after rows", "pandas after rows"]),
    ("a row over two blocks, then a quote never closed", {12: _long(900), 60: 'm59,u1,"hello'},
     ["pyarrow", "pyarrow in long blocks after rows", "pandas after rows"]),
]


@pytest.mark.parametrize(("case", "lines", "expected"), LONG_ROWS, ids=[case for case, _, _ in LONG_ROWS])
def test_a_row_too_long_for_the_blocks_is_read_again_in_longer_ones_then_by_pandas(
    tmp_path: Path, readers: list[str], monkeypatch: pytest.MonkeyPatch, case: str, lines: dict[int, str],
    expected: list[str]
) -> None:
    monkeypatch.setattr(runs_module, "BLOCK_BYTES", 256)
    monkeypatch.setattr(runs_module, "LONG_ROW_BLOCK_BYTES", 4_096)
    path = tmp_path / "m.csv"
    path.write_text(_messages(60, lines), encoding="utf-8")
    _compare(path, 7, readers)
    assert readers == expected


def test_rows_across_blocks_are_read_by_pyarrow(
    tmp_path: Path, readers: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runs_module, "BLOCK_BYTES", 256)
    path = tmp_path / "m.csv"
    path.write_text("id,text\n" + "".join(f'm{number},"{"said ""hi""," * number}\n"\n' for number in range(12)),
                    encoding="utf-8")
    assert _compare(path, 5, readers) == "pyarrow"


def test_a_pipe_is_read_by_pandas(tmp_path: Path, readers: list[str]) -> None:
    import os
    import threading

    path = tmp_path / "pipe.csv"
    os.mkfifo(path)

    def feed() -> None:
        with path.open("wb") as stream:
            stream.write(b"a,b\n1,2\n")

    writer = threading.Thread(target=feed)
    writer.start()
    tables = list(csv_runs(path, delimiter=","))
    writer.join()
    assert [table.to_pylist() for table in tables] == [[{"a": "1", "b": "2"}]]
    assert readers == ["pandas"]


_CELL = st.lists(st.sampled_from(["a", "é", " ", "\t", ",", ";", '"', "\n", "\r", "\r\n", "\x0c", "x"]),
                 max_size=6).map("".join)
_ENDS = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def _tables(draw: st.DrawFn) -> bytes:
    """A CSV file as exports write them (each cell quoted when it must be, or at random), with blank lines, a byte
    order mark or a last line end left out at random; now and then a row that is short, long or spaces only."""
    width = draw(st.sampled_from([1, 2, 2, 3, 3]))
    end = draw(_ENDS)
    lines = []
    for row in range(draw(st.integers(1, 6)) + 1):
        cells = [f"h{column}" for column in range(width)] if row == 0 else [
            draw(_CELL) for _ in range(draw(st.sampled_from([width] * 30 + [width - 1, width + 1])))]
        quoted = ['"' + cell.replace('"', '""') + '"' if draw(st.booleans()) or any(
            mark in cell for mark in ',;"\n\r') else cell for cell in cells]
        lines.append(",".join(quoted))
        if draw(st.integers(0, 9)) == 0:
            lines.append(draw(st.sampled_from(["", "", "", " ", "\t"])))
    text = end.join(lines) + (end if draw(st.booleans()) else "")
    return ("\ufeff" if draw(st.booleans()) else "").encode() + text.encode()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=_tables(), rows=st.integers(1, 4))
def test_any_export_reads_as_pandas_reads_it(tmp_path: Path, data: bytes, rows: int) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(data)
    assert _runs(path, rows) == _pandas(path, rows)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.lists(st.sampled_from(["h", ",", '"', '""', "\n", "\r", "\r\n", " ", "\t", "é", "\x0c"]),
                     max_size=30).map("".join), rows=st.integers(1, 4))
def test_any_bytes_read_as_pandas_reads_them(tmp_path: Path, data: str, rows: int) -> None:
    path = tmp_path / "m.csv"
    path.write_bytes(("h1,h2\n" + data).encode())
    assert _runs(path, rows) == _pandas(path, rows)


def _run(*args: str | Path) -> tuple[int, str, str]:
    from typer.testing import CliRunner

    from nicknames.cli import app

    result = CliRunner().invoke(app, [str(arg) for arg in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("command", ["apply", "collect", "audit"])
@pytest.mark.parametrize(("line", "message"), [
    ("m60,u1,hello, there", "row 62: this row has 4 fields but the header has 3"),
    ('m60,u1,"hello there', "row 62: a double quote opened in this row is never closed"),
    ("m60,u1,hello\x00there", "row 62, column 'text': holds a NUL character"),
])
def test_a_command_on_a_bad_export_kept_on_disk_fails_with_the_error_of_the_whole_read(
    small_runs: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, command: str, line: str, message: str
) -> None:
    from nicknames.pipeline import spilled_source

    path = tmp_path / "m.csv"
    path.write_text(_messages(100, {62: line}), encoding="utf-8")
    mapping = tmp_path / "mapping.txt"
    mapping.write_text("u1: Ann\n", encoding="utf-8")
    given = {"apply": [mapping, "-o", tmp_path / "out.csv"], "collect": ["-o", tmp_path / "map.txt"],
             "audit": ["--mapping", mapping]}[command]
    errors = []
    for threshold in (2**62, 0):
        monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", threshold)
        code, stdout, stderr = _run(command, path, *given)
        assert (code, stdout) == (1, "")
        errors.append(stderr)
    assert errors[0] == errors[1]
    assert message in errors[1].strip().splitlines()[-1]
    assert not (tmp_path / "out.csv").exists() and list(small_runs.iterdir()) == []


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"id,text\nm1,hi\n", False),
        (b"id,text\nm1,h\x00i\n", True),  # a NUL: pandas' error names its row and column
        (b"id,text\r\n\r,m1,hi\n", True),  # a blank line ended by a lone CR before a row starting with a comma
        (b"\r,id,text\n", True),  # at the very start
        (b"\xef\xbb\xbf\r,id,text\n", True),  # right after a byte order mark
        (b"id,text\nm1,a\r,b\n", False),  # a CR inside a row before a comma: read alike
        (b"id,text\r\nm1,hi\r\n", False),
    ],
)
@pytest.mark.parametrize("block", [1, 2, 3, 5, 1 << 24])
def test_the_bytes_left_to_pandas_are_found_in_blocks_of_any_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, expected: bool, block: int) -> None:
    from nicknames.io import csv_runs

    monkeypatch.setattr(csv_runs, "SCAN_BLOCK", block)
    path = tmp_path / "m.csv"
    path.write_bytes(data)
    assert csv_runs._pandas_bytes(path, ",") is expected
