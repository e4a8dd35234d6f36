"""The posts of each thread, grouped from the threads of the messages a step at a time (``nicknames.scan``)."""

from __future__ import annotations

import numpy as np
import pytest

from nicknames import disk_arrays, scan
from nicknames.discover.thread_counts import NumberedThreads, ThreadCodes
from nicknames.messages import Message
from nicknames.scan import Posts, grouped, in_order


@pytest.mark.parametrize("small", [disk_arrays.SMALL, 1])
@pytest.mark.parametrize("step", [1, 3, 16, 2**16])
@pytest.mark.parametrize(("threads", "count"), [(1, 0), (1, 5), (4, 40), (30, 200), (200, 50)])
def test_positions_grouped_by_thread_in_file_order(step: int, threads: int, count: int, small: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scan, "STEP", step)
    monkeypatch.setattr(disk_arrays, "SMALL", small)  # 1: the positions written to a file however few
    thread = np.random.default_rng(threads * count).integers(0, threads, count).astype(np.int32)
    order, ends = grouped(thread, threads)
    assert order.dtype == np.int32
    assert isinstance(order, np.memmap) == (small == 1 and count > 0)
    assert order.tolist() == np.argsort(thread, kind="stable").tolist()
    assert ends.tolist() == np.cumsum(np.bincount(thread, minlength=threads)).tolist()


@pytest.mark.parametrize("small", [disk_arrays.SMALL, 1])
@pytest.mark.parametrize("step", [1, 3, 2**16])
def test_values_in_an_order_made_a_step_at_a_time(step: int, small: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scan, "STEP", step)
    monkeypatch.setattr(disk_arrays, "SMALL", small)
    values = np.arange(10, 17, dtype=np.int32)
    order = np.array([3, 0, 6, 1, 5, 2, 4], dtype=np.int32)
    found = in_order(values, order)
    assert found.dtype == np.int32 and found.tolist() == values[order].tolist() == [13, 10, 16, 11, 15, 12, 14]


def test_posts_let_the_pages_of_their_arrays_go_as_threads_are_looked_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scan, "FORGET_AFTER", 2)
    forgotten: list[int] = []
    monkeypatch.setattr(scan, "forget_pages", lambda *arrays: forgotten.append(len(arrays)))
    posts = Posts(np.array([1, 0, 1, 2], dtype=np.int32), NumberedThreads(3), np.array([0, 1, 0, 1]), ["U0", "U1"])
    forgotten.clear()  # grouping the positions let go of the pages it read and wrote
    assert [posts.of_code(code) for code in (0, 1, 2)] == [[(1, "U1")], [(0, "U0"), (2, "U0")], [(3, "U1")]]
    assert forgotten == [3]  # after the second look-up: the order, the ends and the senders
    assert posts.looked_up == 1


def test_posts_of_a_thread_by_label_or_code() -> None:
    messages = [Message(str(n), f"U{n % 3}", "", None, f"t{n % 2}", "") for n in range(5)]
    codes = ThreadCodes()
    posts = Posts.of_messages(messages, codes)
    assert posts["t1"] == posts.of_code(codes.code("t1", "")) == [(1, "U1"), (3, "U0")]
    assert list(posts) == ["t0", "t1"] and len(posts) == 2 and posts.get("t9") is None
    numbered = Posts(np.array([1, 0, 1], dtype=np.int32), NumberedThreads(2), np.array([0, 1, 0]), ["U0", "U1"])
    assert numbered["1"] == [(0, "U0"), (2, "U0")] and numbered.get("01") is None
