"""The posts of each thread, grouped from the threads of the messages a step at a time (``nicknames.scan``)."""

from __future__ import annotations

import numpy as np
import pytest

from nicknames import scan
from nicknames.discover.thread_counts import NumberedThreads, ThreadCodes
from nicknames.messages import Message
from nicknames.scan import Posts, grouped


@pytest.mark.parametrize("step", [1, 3, 16, 2**16])
@pytest.mark.parametrize(("threads", "count"), [(1, 0), (1, 5), (4, 40), (30, 200), (200, 50)])
def test_positions_grouped_by_thread_in_file_order(step: int, threads: int, count: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scan, "STEP", step)
    thread = np.random.default_rng(threads * count).integers(0, threads, count).astype(np.int32)
    order, ends = grouped(thread, threads)
    assert order.dtype == np.int32
    assert order.tolist() == np.argsort(thread, kind="stable").tolist()
    assert ends.tolist() == np.cumsum(np.bincount(thread, minlength=threads)).tolist()


def test_posts_of_a_thread_by_label_or_code() -> None:
    messages = [Message(str(n), f"U{n % 3}", "", None, f"t{n % 2}", "") for n in range(5)]
    codes = ThreadCodes()
    posts = Posts.of_messages(messages, codes)
    assert posts["t1"] == posts.of_code(codes.code("t1", "")) == [(1, "U1"), (3, "U0")]
    assert list(posts) == ["t0", "t1"] and len(posts) == 2 and posts.get("t9") is None
    numbered = Posts(np.array([1, 0, 1], dtype=np.int32), NumberedThreads(2), np.array([0, 1, 0]), ["U0", "U1"])
    assert numbered["1"] == [(0, "U0"), (2, "U0")] and numbered.get("01") is None
