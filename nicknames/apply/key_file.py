"""The key file: everything needed to reproduce or reverse a pseudonymisation, kept apart from the output.

One JSON file, written owner-only (0600), holding the pseudonym style and its
template, the secret key (keyed ids; it also seeds the surrogate draw), the
keyed codes and surrogate names given to each participant, the pseudonym →
participant index, the mapping file as applied, and the replacements of the
last run made with it (message id, offsets, original text), so that

- a later ``apply --key-file`` with the same file gives every participant the
  same pseudonym, in the same style, even in another export;
- ``nicknames reverse`` can restore the original text of those runs, or the
  participant ids in any output made with the file.

It holds real names and the secret: whoever has it can undo the
pseudonymisation. It is the "additional information" GDPR asks to keep
separately, so it is never written into the output's folder by default.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from nicknames.apply.replacement import Replacement
from nicknames.apply.surrogates import Surrogate
from nicknames.io.input_files import read_input_text
from nicknames.io.output import atomic_output
from nicknames.model.errors import NicknamesError
from nicknames.model.paths import StrPath

FORMAT = "nicknames-key-file"
VERSION = 1
RECORD_FIELDS = ("message_id", "start", "end", "original", "pseudonym", "participant", "kind", "rule")
"""The columns of each replacement stored in the key file (offsets are in the original text)."""


class KeyFileError(NicknamesError):
    """A key file that cannot be read, does not fit the run, or would be stored where it leaks."""


@dataclass
class KeyFile:
    """The contents of a key file (see the module docstring)."""

    style: str
    secret: str
    template: str = "[{id}]"
    codes: dict[str, str] = field(default_factory=dict)
    surrogates: dict[str, Surrogate] = field(default_factory=dict)
    pseudonyms: dict[str, str] = field(default_factory=dict)
    """Pseudonym text → participant, for every form written (ids, surrogate full and given names)."""
    mapping: str = ""
    source: str = ""
    replacements: Iterable[list[Any]] = field(default_factory=list)
    """Rows of ``RECORD_FIELDS``: as read, a list; as recorded by a run, made from its records as they are written."""
    earlier: dict[str, Iterable[list[Any]]] = field(default_factory=dict)
    """Replacements of the last run on each other source (another export of the same course)."""
    options: dict[str, Any] = field(default_factory=dict)
    """How apply ran: scope, unresolved policy, identifier kinds (for the record)."""

    def record(self, records: Iterable[Replacement], source: str = "") -> None:
        """Keep a run's replacements (only those that changed the text); another source's move to ``earlier``."""
        if self.source and self.source != source and self.replacements:
            self.earlier[self.source] = self.replacements
        self.earlier.pop(source, None)
        self.source = source
        self.replacements = RecordRows(records)

    def to_json(self) -> str:
        """The file's text: stable key order, one replacement per line."""
        return "".join(self.json_pieces())

    def json_pieces(self) -> Iterator[str]:
        """The file's text in pieces, a replacement a line: a large run's records are never one string."""
        data = {name.name: getattr(self, name.name) for name in fields(self)}
        data["surrogates"] = {p: asdict(s) for p, s in self.surrogates.items()}
        data["earlier"] = {source: list(rows) for source, rows in self.earlier.items()}
        records = data.pop("replacements")
        head = json.dumps({"format": FORMAT, "version": VERSION, **data}, ensure_ascii=False, indent=1)
        yield head[:-2] + ',\n "replacements": [\n'
        separator = ""
        for row in records:
            yield separator + "  " + json.dumps(row, ensure_ascii=False)
            separator = ",\n"
        yield ("\n" if separator else "") + " ]\n}\n"


@dataclass(frozen=True, eq=False)
class RecordRows:
    """A run's records as the key file's rows (those that changed the text), made one at a time when read: a
    million messages' records as lists would take gigabytes. Equal to the list of the same rows."""

    records: Iterable[Replacement]

    def __iter__(self) -> Iterator[list[Any]]:
        return ([getattr(r, name) for name in RECORD_FIELDS] for r in self.records if r.pseudonym != r.original)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, RecordRows)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


def read_key_file(path: StrPath) -> KeyFile:
    """Read a key file, with an error that says what is wrong and what to do."""
    path = Path(path)
    try:
        data = json.loads(read_input_text(path, "utf-8", "key file"))
    except FileNotFoundError:
        raise KeyFileError(f"Key file {path} does not exist; give the key file written by apply.") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise KeyFileError(f"{path} is not a readable key file ({error}); give the key file written by apply.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise KeyFileError(f"{path} is not a nicknames key file (no \"format\": \"{FORMAT}\"); check the path.")
    if data.get("version") != VERSION:
        raise KeyFileError(f"{path} has key file version {data.get('version')!r}; this nicknames reads version {VERSION}.")
    _check_field_types(data, path)
    try:
        surrogates = {p: Surrogate(**s) for p, s in data.get("surrogates", {}).items()}
        return KeyFile(
            data["style"], data["secret"], data.get("template", "[{id}]"), dict(data.get("codes", {})),
            surrogates, dict(data.get("pseudonyms", {})), data.get("mapping", ""), data.get("source", ""),
            list(data.get("replacements", [])), dict(data.get("earlier", {})), dict(data.get("options", {})),
        )
    except (KeyError, TypeError) as error:
        raise KeyFileError(f"{path} is a damaged key file (field {error} is missing or wrong); restore it from a backup.") from None


_TEXT_FIELDS = ("style", "secret", "template", "mapping", "source")
_TEXT_TABLES = ("codes", "pseudonyms")
_JSON_TYPES = {str: "text", int: "a number", float: "a number", bool: "true or false", list: "a list", dict: "an object"}


def _check_field_types(data: dict[str, Any], path: Path) -> None:
    """Refuse a key file whose fields have the wrong JSON types (a number as secret), before they are used."""
    for name in _TEXT_FIELDS:
        if name in data and not isinstance(data[name], str):
            raise KeyFileError(f"{path}: field \"{name}\" must be text, found {_type_name(data[name])}; "
                               "the key file is damaged: restore it from a backup.")
    for name in _TEXT_TABLES:
        table = data.get(name, {})
        if not isinstance(table, dict) or not all(isinstance(value, str) for value in table.values()):
            raise KeyFileError(f"{path}: field \"{name}\" must map text to text; "
                               "the key file is damaged: restore it from a backup.")


def _type_name(value: Any) -> str:
    return "null" if value is None else _JSON_TYPES.get(type(value), type(value).__name__)


def write_key_file(path: StrPath, key: KeyFile) -> None:
    """Write the key file atomically with owner-only permissions."""
    path = Path(path)
    with atomic_output(path, private=True, newline="") as stream:
        for piece in key.json_pieces():
            stream.write(piece)


def check_key_location(key_path: Path, output: Path | None, allow: bool = False) -> None:
    """Refuse a key file inside the output's folder, where it would travel with the data."""
    if output is None or allow:
        return
    folder = output.resolve().parent
    if key_path.resolve().parent.is_relative_to(folder):
        raise KeyFileError(
            f"Key file {key_path} is inside the output's folder {folder}: whoever receives that folder "
            "could reverse the pseudonymisation. Keep the key file elsewhere, or pass "
            "--key-beside-output if that folder is itself private."
        )


def readable_by_others(path: Path) -> bool:
    """True when group or others may read the file (a key file should be owner-only)."""
    try:
        return bool(os.stat(path).st_mode & (stat.S_IRWXG | stat.S_IRWXO))
    except OSError:
        return False
