"""The result of apply on a source kept on disk, as a caller of the library sees it.

Apply from disk (``nicknames.apply.spilled``) leaves the pseudonymised texts
in the source's spill folder and returns an empty ``frame``; the output is
written run by run from there (``write_output``). A caller who asks for
``result.frame`` gets the whole table, read from the folder on first use, and
not an empty one; a caller who closed the source first gets an error that
says so. The result keeps its source, and with it the spill folder, alive.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import TYPE_CHECKING

import pandas as pd

from nicknames.apply.spilled import SpilledApplyResult
from nicknames.model.errors import NicknamesError

if TYPE_CHECKING:
    import pyarrow as pa


class DiskApplyResult(SpilledApplyResult):
    """``SpilledApplyResult`` whose ``frame`` is the pseudonymised table, read from the spill folder when first used
    (the whole table in memory: ``runs()`` and ``write_output`` keep to a run at a time)."""

    owner: object = None
    """What owns the spill folder (the source): kept alive as long as this result."""
    _whole: pd.DataFrame | None = None

    @property
    def frame(self) -> pd.DataFrame:
        """The pseudonymised table (read from the spill folder on first use)."""
        if self._whole is None:
            self._whole = pd.concat(list(self.runs()), ignore_index=True) if self.messages else self._empty
        return self._whole

    @frame.setter
    def frame(self, value: pd.DataFrame) -> None:
        self._empty = value
        self._whole = None if value.empty else value

    def __repr__(self) -> str:  # the dataclass's would read the whole table for its frame
        root = self.spilled.root if self.spilled is not None else ""
        return (f"{type(self).__name__}(messages={self.messages}, replacements={len(self.replacements)}, "
                f"duplicates={len(self.duplicates)}, scopes={self.scopes}, kept in {root!r})")

    def runs(self) -> Iterator[pd.DataFrame]:
        """The pseudonymised table in runs of rows, in file order; an error once the source is closed."""
        self._check_kept()
        return super().runs()

    def csv_runs(self) -> Iterator[pd.DataFrame | pa.Table]:
        """``runs`` for the CSV writer; an error once the source is closed."""
        self._check_kept()
        return super().csv_runs()

    def _check_kept(self) -> None:
        if self.spilled is not None and not self.spilled.exists():
            raise NicknamesError("The source of this result was closed, and its pseudonymised texts kept on disk with "
                                 "it; write the output (write_output) before closing the source (inside its with "
                                 "block).")


def kept_on_disk(result: SpilledApplyResult, owner: object) -> DiskApplyResult:
    """``result`` as a ``DiskApplyResult`` that keeps ``owner`` (the source that holds its spill folder) alive."""
    kept = DiskApplyResult(**{item.name: getattr(result, item.name) for item in fields(result) if item.init})
    kept.owner = owner
    return kept
