"""Tests of where apply leaves names that are also words alone."""

from __future__ import annotations

import pytest

from nicknames.rules.word_names import reads_as_word


@pytest.mark.parametrize(
    ("text", "name", "salutation", "word"),
    [
        ("Will you come?", "Will", False, True),
        ("I asked Will about it.", "Will", False, False),
        ("Thanks. Hope this helps", "Hope", False, True),
        ("May I add one thing?", "May", False, True),
        ("See you on May 3.", "May", False, True),
        ("On 3 May we met.", "May", False, True),
        ("Grace, thanks for this", "Grace", True, False),
        ("Will's point stands.", "Will", False, False),
        ("please mark this", "mark", False, True),
        ("mark", "mark", True, False),
    ],
)
def test_reads_as_word(text: str, name: str, salutation: bool, word: bool) -> None:
    start = text.index(name)
    assert reads_as_word(text, start, start + len(name), salutation) is word
