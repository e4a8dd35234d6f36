"""The problems the editor marks on a participant."""

from __future__ import annotations

import pytest

from nicknames.editing.review import participant_problems
from nicknames.model.mapping import Mapping, Name, Status


@pytest.mark.parametrize(
    ("names", "duplicated", "expected"),
    [
        ([Name("Rob")], (), ()),
        ([], (), ("empty",)),
        ([Name("Rob", status=Status.REJECTED)], (), ("empty",)),
        ([Name("Will", tags=("word",))], (), ("word",)),
        ([Name("Will", tags=("word",), status=Status.REJECTED), Name("Bill")], (), ()),
        ([Name("Rob", status=Status.SUGGESTED)], ("p1",), ("duplicate", "suggested")),
    ],
)
def test_participant_problems(names: list[Name], duplicated: tuple[str, ...], expected: tuple[str, ...]) -> None:
    mapping = Mapping()
    mapping.add_participant("p1")
    for name in names:
        mapping.set_name("p1", name)
    assert participant_problems(mapping, "p1", duplicated) == expected
