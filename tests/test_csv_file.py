"""Reading CSV exports: every way a file can be bad gives an InputError saying where and what to do."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from nicknames.io.csv_file import check_encoding, read_csv_table
from nicknames.model.errors import InputError

HEADER = b"message_id,user_id,text\n"


def write(tmp_path: Path, data: bytes, name: str = "messages.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("data", "fragments"),
    [
        (b"", ["is empty"]),
        (b"\n\n  \n", ["is empty"]),
        (HEADER, ["has a header but no rows"]),
        (b"message_id,message_id,text\n1,2,x\n", ["line 1, column 2", "'message_id' twice", "rename one"]),
        (b"message_id,,text\n1,2,x\n", ["line 1, column 2", "has no name"]),
        (HEADER + b"1,U1,hi,extra\n", ["row 2", "4 fields but the header has 3"]),
        (HEADER + b"1,U1,hi\n2,U2,a,b\n", ["row 3", "4 fields but the header has 3", "quote"]),
        (HEADER + b'1,U1,"never closed\n2,U2,x\n', ["row 2", "never closed"]),
        (HEADER + b'1,U1,"two\nlines"\n2,U2,"open\n', ["row 3", "never closed"]),
        (HEADER + "1,U1,Hi Ren\u00e9e\n".encode("cp1252"), ["line 2, column 12", "0xe9", "--encoding cp1252"]),
        ("message_id,user_id,text\n1,U1,Hi Ren\u00e9e\n".encode("utf-16"), ["--encoding utf-16"]),
        (b"\x00\x01\x02\xff\xfe\xfd" * 50, ["does not look like text", "NUL"]),
    ],
)
def test_bad_files_say_what_and_where(tmp_path: Path, data: bytes, fragments: list[str]) -> None:
    path = write(tmp_path, data)
    with pytest.raises(InputError) as caught:
        read_csv_table(path)
    message = str(caught.value)
    assert str(path) in message
    for fragment in fragments:
        assert fragment in message
    assert "\n" not in message


def test_encoding_errors_never_guess_silently(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER + "1,U1,\"Gr\u00fc\u00dfe, J\u00fcrgen\"\n".encode("latin-1"))
    with pytest.raises(InputError, match="--encoding cp1252"):
        read_csv_table(path)
    assert read_csv_table(path, "cp1252")["text"].tolist() == ["Gr\u00fc\u00dfe, J\u00fcrgen"]


def test_the_error_does_not_echo_the_text(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER + "1,U1,Hi Ren\u00e9e Secretname\n".encode("cp1252"))
    with pytest.raises(InputError) as caught:
        read_csv_table(path)
    assert "Secretname" not in str(caught.value) and "Ren" not in str(caught.value)


@pytest.mark.parametrize(
    "data",
    [
        b"\xef\xbb\xbf" + HEADER + b"1,U1,hi\n",
        HEADER.replace(b"\n", b"\r\n") + b"1,U1,hi\r\n",
        HEADER + b"1,U1,hi\r\n",
    ],
    ids=["bom", "crlf", "mixed"],
)
def test_bom_and_line_endings_read_the_same(tmp_path: Path, data: bytes) -> None:
    frame = read_csv_table(write(tmp_path, data))
    assert list(frame.columns) == ["message_id", "user_id", "text"]
    assert frame.values.tolist() == [["1", "U1", "hi"]]


def test_quoted_newlines_nan_and_empty_cells_stay_text(tmp_path: Path) -> None:
    data = HEADER + b'1,U1,"Hi Mary,\r\nsee you\nRob"\n2,U2,NaN\n3,U3,\n4,U4,NULL\n'
    frame = read_csv_table(write(tmp_path, data))
    assert frame["text"].tolist() == ["Hi Mary,\r\nsee you\nRob", "NaN", "", "NULL"]


def test_fields_beyond_the_csv_module_limit(tmp_path: Path) -> None:
    long_text = "Mary " + "x" * 400_000
    frame = read_csv_table(write(tmp_path, HEADER + f'1,U1,"{long_text}"\n'.encode()))
    assert frame["text"][0] == long_text


@pytest.mark.parametrize(
    ("kind", "fragment"),
    [("missing", "does not exist"), ("folder", "is a folder")],
)
def test_missing_file_and_folder(tmp_path: Path, kind: str, fragment: str) -> None:
    path = tmp_path / "x.csv"
    if kind == "folder":
        path.mkdir()
    with pytest.raises(InputError, match=fragment):
        read_csv_table(path)


def test_unknown_encoding_name() -> None:
    with pytest.raises(InputError, match="Unknown encoding 'klingon'"):
        check_encoding("klingon")


def test_utf8_is_read_with_or_without_bom() -> None:
    assert check_encoding(None) == check_encoding("UTF8") == "utf-8-sig"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_read_once(tmp_path: Path) -> None:
    """``nicknames apply <(zcat export.csv.gz) ...`` works: the header is not read in a separate pass."""
    pipe = tmp_path / "pipe.csv"
    os.mkfifo(pipe)
    writer = threading.Thread(target=lambda: pipe.write_bytes(HEADER + b"1,U1,hi\n2,U2,ho\n"))
    writer.start()
    frame = read_csv_table(pipe)
    writer.join()
    assert frame.values.tolist() == [["1", "U1", "hi"], ["2", "U2", "ho"]]


def test_interrupts_are_noticed_and_still_raised() -> None:
    import signal

    from nicknames.io.csv_file import noticing_interrupts

    runner = signal.signal(signal.SIGINT, signal.default_int_handler)  # as Python sets it, unless started ignoring it
    try:
        with pytest.raises(KeyboardInterrupt):
            with noticing_interrupts() as noticed:
                signal.raise_signal(signal.SIGINT)
        assert noticed == [signal.SIGINT]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, runner)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("message_id,user_id,text\n", ","),
        ("message_id;user_id;parent_id;text\r\n", ";"),
        ("message_id\tuser_id\ttext\n", "\t"),
        ('"id";"name, given";"text"\n', ";"),
        ('"a;b",c,d\n', ","),
        ("text\n", ","),
    ],
)
def test_the_header_decides_the_delimiter(header: str, expected: str) -> None:
    from nicknames.io.csv_file import header_delimiter

    assert header_delimiter(header) == expected


def test_sniffing_finds_bom_line_ending_and_delimiter(tmp_path: Path) -> None:
    from nicknames.io.csv_file import CsvDialect, sniff_dialect

    path = write(tmp_path, b"\xef\xbb\xbfmessage_id;user_id;text\r\n1;U1;Hi, all\r\n")
    assert sniff_dialect(path) == CsvDialect(";", True, "\r\n")
    assert read_csv_table(path)["text"].tolist() == ["Hi, all"]
    assert sniff_dialect(path, delimiter="tab").delimiter == "\t"


@pytest.mark.parametrize("given", ["ab", "", "x", '"'])
def test_a_delimiter_must_be_one_separating_character(given: str) -> None:
    from nicknames.io.csv_file import check_delimiter

    with pytest.raises(InputError, match="not a single separating character"):
        check_delimiter(given)
