"""The public API: ``nicknames.__all__`` lists every public name, sorted."""

from __future__ import annotations

import types

import nicknames


def test_all_is_sorted() -> None:
    assert nicknames.__all__ == sorted(nicknames.__all__)


def test_all_is_complete() -> None:
    public = {
        name for name, value in vars(nicknames).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType) and name != "annotations"
    }
    assert public == set(nicknames.__all__)


def test_every_exported_name_has_a_docstring() -> None:
    for name in nicknames.__all__:
        assert getattr(nicknames, name).__doc__, name
