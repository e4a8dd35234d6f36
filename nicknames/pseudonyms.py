"""Turn a participant id into the pseudonym written in place of their names."""

from __future__ import annotations

import string
from dataclasses import dataclass

from nicknames.errors import NicknamesError

DEFAULT_TEMPLATE = "[{id}]"
FIELDS = ("id",)


@dataclass(frozen=True)
class IdTemplate:
    """Pseudonyms from a template such as ``[{id}]`` or ``<person {id}>``."""

    template: str = DEFAULT_TEMPLATE

    def __post_init__(self) -> None:
        try:
            fields = [name for _, name, _, _ in string.Formatter().parse(self.template) if name is not None]
        except ValueError as error:
            raise NicknamesError(f"Pseudonym format {self.template!r} is not valid: {error}; use e.g. '[{{id}}]'.") from None
        unknown = [name for name in fields if name not in FIELDS]
        if unknown or not fields:
            raise NicknamesError(
                f"Pseudonym format {self.template!r} must use {{id}} and no other field; e.g. '[{{id}}]'."
            )

    def __call__(self, participant: str) -> str:
        return self.template.format(id=participant)
