"""Workers that run another copy of nicknames than the driver, as the Dask and Spark tests make them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nicknames.distributed import same_package


@pytest.fixture()
def another_version_here(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The driver's copy says it is another version than the workers' (which import the package unchanged)."""
    same_package.package_stamp.cache_clear()
    monkeypatch.setattr(same_package, "installed_version", lambda: "0.0.1")
    yield
    monkeypatch.undo()
    same_package.package_stamp.cache_clear()


def code_only_here(monkeypatch: pytest.MonkeyPatch, folder: Path) -> object:
    """A function in a module only the driver can import (the workers' copy lacks it), as the stamp's."""
    (folder / "only_on_the_driver.py").write_text("def stamp(*args: object) -> str:\n    return 'here'\n",
                                                  encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    import only_on_the_driver  # type: ignore[import-not-found]

    return only_on_the_driver.stamp


def one_line_version_error(result: tuple[int, str, str], kind: str) -> None:
    """The command stopped with one line that says the workers' version differs, and what to do."""
    code, stdout, stderr = result
    assert (code, stdout) == (1, "")
    assert stderr.startswith("Error: The ") and kind in stderr and "install the same version on every worker" in stderr
    assert len(stderr.strip().splitlines()) == 1
