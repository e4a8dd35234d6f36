"""Given names and their familiar forms (Robert → Rob, Bob, Robbie), usable in both directions.

The built-in table ``nicknames/data/nicknames.csv`` was compiled for this
project; the language packs add the familiar forms of their languages (Kalle for
Karl, Pepe for José; see ``nicknames.rules.languages``). Its format is one given name a row, ``name,forms``, the forms
separated by ``;``; lines starting with ``#`` are comments and a ``name,forms``
header is optional. Users extend or replace it with ``--nicknames-file``.
"""

from __future__ import annotations

import csv
import functools
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources

from nicknames.model.errors import InputError
from nicknames.rules.languages import LANGUAGES, languages

BUILTIN = "nicknames.csv"
"""File name of the built-in table inside the package's ``data`` folder."""


@dataclass(frozen=True)
class NicknameTable:
    """Familiar forms of given names, looked up without regard to case."""

    forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Lower-case given name → its familiar forms as written in the table."""
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Lower-case familiar form → the given names that list it."""

    def familiar_forms(self, name: str) -> tuple[str, ...]:
        """The familiar forms of a given name ("Robert" → Rob, Bob, ...); () when unknown."""
        return self.forms.get(name.casefold(), ())

    def given_names(self, form: str) -> tuple[str, ...]:
        """The given names a familiar form stands for ("Liz" → Elizabeth, Elisabeth)."""
        return self.names.get(form.casefold(), ())

    def knows(self, name: str) -> bool:
        """Whether a name in lower case is a given name or a familiar form of the table ("mark", "bill"; not "red")."""
        return name in self.forms or bool(self.given_names(name))

    def related(self, name: str) -> tuple[str, ...]:
        """Every name one step away in either direction: forms of the name, and names the form stands for."""
        return tuple(dict.fromkeys(self.familiar_forms(name) + self.given_names(name)))

    def __len__(self) -> int:
        return len(self.forms)

    def merged(self, other: NicknameTable) -> NicknameTable:
        """This table extended with another's rows."""
        rows = [(n, f) for n, fs in self.forms.items() for f in fs]
        rows += [(n, f) for n, fs in other.forms.items() for f in fs]
        return build_table(rows)


def build_table(pairs: Iterable[tuple[str, str]]) -> NicknameTable:
    """A table from (given name, familiar form) pairs; names are keyed lower-case."""
    forms: dict[str, dict[str, None]] = {}
    names: dict[str, dict[str, None]] = {}
    for name, form in pairs:
        if form.casefold() == name.casefold():
            continue
        forms.setdefault(name.casefold(), {})[form] = None
        names.setdefault(form.casefold(), {})[_title(name)] = None
    return NicknameTable(
        {key: tuple(value) for key, value in forms.items()},
        {key: tuple(value) for key, value in names.items()},
    )


def parse_table(text: str, source: str = "<nicknames>") -> NicknameTable:
    """Parse the CSV text of a nickname table; a malformed row is an error naming file and line."""
    pairs: list[tuple[str, str]] = []
    for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        if not row or not "".join(row).strip() or row[0].lstrip().startswith("#"):
            continue
        if len(row) != 2:
            raise InputError(
                f"{source}, line {number}: expected two fields 'name,forms' (forms separated by ';'), "
                f"found {len(row)}; fix the row."
            )
        name, forms = row[0].strip(), row[1]
        if (name.casefold(), forms.strip().casefold()) == ("name", "forms"):
            continue
        if not name:
            raise InputError(f"{source}, line {number}: the name field is empty; fill it in or delete the row.")
        pairs.extend((name, form.strip()) for form in forms.split(";") if form.strip())
    return build_table(pairs)


@functools.cache
def builtin_table(codes: tuple[str, ...] = LANGUAGES) -> NicknameTable:
    """The table shipped with the package and the familiar forms of the chosen language packs (read from package
    data, never from the network; read once per choice of packs, the table is frozen)."""
    text = resources.files("nicknames").joinpath("data", BUILTIN).read_text(encoding="utf-8")
    return parse_table(text, BUILTIN).merged(build_table(languages(codes).familiar))


def _title(name: str) -> str:
    return name if any(c.isupper() for c in name) else name.title()
