"""Random bytes into the CSV reader and the mapping parser: our error type or a result, never a crash."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nicknames.io.mapping_file import parse_mapping, read_mapping
from nicknames.model.errors import NicknamesError
from nicknames.pipeline.sources import read_messages

FUZZ_SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HEADER = b"message_id,parent_id,user_id,session_id,text\n"
CSV_PIECES = [b",", b'"', b"\n", b"\r\n", b"\r", b"U1", b"1", b"Hi Mary", b"\xef\xbb\xbf", b"\x00", b"\xe9", b"\xff",
              b'""', b"#", b"@", b"|", b" ", b"NaN", b"0"]
MAPPING_PIECES = ["U1", " | ", "|", "[3; greeting]", "[", "]", "\\", "?", "!", "#", "@keep", "@seen", "\n", "\r\n",
                  "Mary", "...", " ", "\u2028", "\x00", ";", ","]

@st.composite
def messy_rows(draw: st.DrawFn) -> bytes:
    """Mostly well-formed exports whose text, ids and parents are random."""
    rows = []
    for index in range(draw(st.integers(1, 5))):
        text = draw(st.text(max_size=30)).replace('"', '""')
        parent = draw(st.sampled_from(["", "0", str(index - 1), str(index), "99", "x"]))
        message_id = draw(st.sampled_from([str(index), str(index), "1", " "]))
        sender = draw(st.sampled_from(["U1", "U2", "U3", "", "@U", "U 1"]))
        rows.append(f'{message_id},{parent},{sender},S{index % 2},"{text}"\n')
    return HEADER + "".join(rows).encode("utf-8", "surrogatepass")


csv_bytes = st.one_of(
    messy_rows(),
    st.binary(max_size=300),
    st.lists(st.sampled_from(CSV_PIECES), max_size=40).map(b"".join),
    st.lists(st.sampled_from(CSV_PIECES), max_size=40).map(lambda pieces: HEADER + b"".join(pieces)),
)
mapping_text = st.one_of(st.text(max_size=200), st.lists(st.sampled_from(MAPPING_PIECES), max_size=40).map("".join))


def through_a_file(data: bytes, name: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="nicknames-fuzz-"))
    path = folder / name
    path.write_bytes(data)
    return path


@FUZZ_SETTINGS
@given(csv_bytes)
def test_csv_reader_never_crashes(data: bytes) -> None:
    path = through_a_file(data, "messages.csv")
    try:
        table = read_messages(path)
    except NicknamesError as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert len(list(table.messages())) == len(table)
    finally:
        path.unlink()
        path.parent.rmdir()


@FUZZ_SETTINGS
@given(st.one_of(st.binary(max_size=200), mapping_text.map(lambda text: text.encode("utf-8", "surrogatepass"))))
def test_mapping_reader_never_crashes(data: bytes) -> None:
    path = through_a_file(data, "mapping.txt")
    try:
        read_mapping(path)
    except NicknamesError as error:
        assert str(error).startswith(str(path)) and "\n" not in str(error)
    finally:
        path.unlink()
        path.parent.rmdir()


@FUZZ_SETTINGS
@given(mapping_text)
def test_mapping_parser_never_crashes(text: str) -> None:
    try:
        parse_mapping(text, "m.txt")
    except NicknamesError as error:
        assert str(error).startswith("m.txt, line ")
