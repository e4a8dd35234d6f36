"""Arrays and labels kept in temporary files read back exactly as they were written."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from nicknames import disk_arrays
from nicknames.disk_arrays import ArrayFile, DiskLabels, LabelsWriter, forget_pages, on_disk
from nicknames.errors import OutputError


@pytest.fixture
def tiny_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every array but an empty one goes to a file."""
    monkeypatch.setattr(disk_arrays, "SMALL", 1)


@pytest.mark.parametrize(("pieces", "small", "mapped"), [
    ([], 1 << 20, False),
    ([[1, 2, 3]], 1 << 20, False),
    ([[1, 2, 3], [], [4]], 1 << 20, False),
    ([[1, 2, 3]], 8, True),  # 12 bytes: over the threshold in the first piece
    ([[1], [2], [3, 4, 5]], 8, True),  # the first pieces held, then written with the rest
    ([[], []], 1, False),  # nothing written: an empty file cannot be mapped
])
def test_array_file_reads_back_its_pieces_in_order(monkeypatch: pytest.MonkeyPatch, pieces: list[list[int]],
                                                   small: int, mapped: bool) -> None:
    monkeypatch.setattr(disk_arrays, "SMALL", small)
    spilled = ArrayFile(np.int32)
    for piece in pieces:
        spilled.append(np.array(piece, dtype=np.int64))  # converted to the file's type
    array = spilled.mapped()
    assert array.dtype == np.int32
    assert array.tolist() == [value for piece in pieces for value in piece]
    assert isinstance(array, np.memmap) is mapped
    assert spilled.appended == len(pieces)


@pytest.mark.parametrize("small", [1, 8, 1000])
def test_array_file_reads_any_range_between_appends(monkeypatch: pytest.MonkeyPatch, small: int) -> None:
    monkeypatch.setattr(disk_arrays, "SMALL", small)
    spilled, written = ArrayFile(np.uint32), []
    for piece in ([1, 2], [3], [], [4, 5, 6]):
        spilled.append(np.array(piece))
        written += piece
        for start in range(len(written) + 1):
            for count in range(len(written) - start + 1):
                assert spilled.read(start, count).tolist() == written[start : start + count]
    assert spilled.mapped().tolist() == written  # appends after reads went to the end


def test_on_disk_keeps_small_arrays_in_memory_and_maps_the_others(tiny_threshold: None) -> None:
    assert not isinstance(on_disk(np.zeros(0, dtype=np.int64)), np.memmap)
    matrix = np.arange(12, dtype=np.int64).reshape(3, 4)
    spilled = on_disk(matrix)
    assert isinstance(spilled, np.memmap)
    assert spilled.shape == (3, 4) and spilled.tolist() == matrix.tolist()
    assert on_disk(spilled) is spilled
    with pytest.raises(ValueError, match="read-only"):
        spilled[0, 0] = 1


def test_forgotten_pages_read_the_same_again(tiny_threshold: None) -> None:
    values = np.arange(1 << 16, dtype=np.int64)
    spilled = on_disk(values)
    view = spilled[100:200]
    assert int(view.sum()) == sum(range(100, 200))
    forget_pages(view, spilled, values, None)  # views, arrays in memory and None are all taken
    assert np.array_equal(spilled, values)
    assert view.tolist() == list(range(100, 200))


def written(labels: list[str]) -> DiskLabels:
    writer = LabelsWriter()
    writer.extend(labels)
    return writer.finish()


LABELS = ["m1", "", "Zoë's thread", "日本語", "a,b\n\"c\"", "\udcff escaped byte", "x" * 3000]


@pytest.mark.parametrize("small", [1, 1 << 20], ids=["on disk", "in memory"])
def test_disk_labels_give_back_each_label(monkeypatch: pytest.MonkeyPatch, small: int) -> None:
    monkeypatch.setattr(disk_arrays, "SMALL", small)
    labels = written(LABELS)
    assert len(labels) == len(LABELS)
    assert list(labels) == LABELS
    assert [labels[index] for index in range(len(LABELS))] == LABELS
    assert labels[-1] == LABELS[-1]
    assert labels[1:4] == LABELS[1:4]
    assert labels[::-2] == LABELS[::-2]
    assert labels.take(np.array([3, 0, 3, 6], dtype=np.int32)) == [LABELS[3], LABELS[0], LABELS[3], LABELS[6]]
    assert labels.take(np.zeros(0, dtype=np.int64)) == []
    for wrong in (len(LABELS), -len(LABELS) - 1):
        with pytest.raises(IndexError):
            labels[wrong]


def test_no_labels(tiny_threshold: None) -> None:
    labels = written([])
    assert len(labels) == 0 and list(labels) == [] and labels[:] == []


@pytest.mark.parametrize("small", [1, 1 << 20], ids=["on disk", "in memory"])
def test_labels_written_a_few_at_a_time_are_all_there(monkeypatch: pytest.MonkeyPatch, small: int) -> None:
    monkeypatch.setattr(disk_arrays, "SMALL", small)
    writer = LabelsWriter()
    for start in range(0, len(LABELS), 3):
        writer.extend(LABELS[start : start + 3])
        writer.extend([])
    assert list(writer.finish()) == LABELS


def test_a_temporary_folder_that_cannot_be_written_is_the_users_to_fix(
        tmp_path: Path, tiny_threshold: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    (tmp_path / "a file").write_text("")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "a file"))
    with pytest.raises(OutputError, match=r"Cannot write temporary files in .*a file: .*set TMPDIR"):
        ArrayFile(np.int32).append(np.arange(10))
