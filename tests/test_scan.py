"""The posts of each thread, grouped from the threads of the messages (``nicknames.collect.scan``)."""

from __future__ import annotations

from nicknames.collect.discover.thread_counts import ThreadCodes
from nicknames.collect.scan import Posts
from nicknames.model.messages import Message


def test_posts_of_a_thread_by_label_or_code() -> None:
    messages = [Message(str(n), f"U{n % 3}", "", None, f"t{n % 2}", "") for n in range(5)]
    codes = ThreadCodes()
    posts = Posts.of_messages(messages, codes)
    assert posts["t1"] == posts.of_code(codes.code("t1", "")) == [(1, "U1"), (3, "U0")]
    assert list(posts) == ["t0", "t1"] and len(posts) == 2 and posts.get("t9") is None
