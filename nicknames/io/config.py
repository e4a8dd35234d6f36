"""The project config file (``nicknames.toml``) that collect and apply both read."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nicknames.io.input_files import read_input_text
from nicknames.model.columns import FIELDS
from nicknames.model.errors import InputError
from nicknames.rules.languages import parse_languages

CONFIG_NAME = "nicknames.toml"

_COLLECT_KEYS = ("greetings", "closers", "stopwords", "not_stopwords", "languages")
_PATTERN_KEYS = ("greetings", "closers")
"""The [collect] keys whose strings are regular expressions, checked when the file is read."""


@dataclass(frozen=True)
class Config:
    """Settings shared by the commands; every value may also come from an option."""

    columns: dict[str, str] = field(default_factory=dict)
    """Field name → column name, e.g. ``{"text": "postBody"}``."""
    greetings: tuple[str, ...] = ()
    """Extra greeting words or phrases (regular expressions) for collect."""
    closers: tuple[str, ...] = ()
    """Extra sign-off closers (regular expressions) for collect."""
    stopwords: tuple[str, ...] = ()
    """Extra words that are never names."""
    not_stopwords: tuple[str, ...] = ()
    """Built-in stop words that are names in this data set."""
    languages: tuple[str, ...] = ()
    """The language packs collect uses (``rules.languages``); empty: all of them."""
    encoding: str | None = None
    """Encoding of the input files when they are not UTF-8."""
    delimiter: str | None = None
    """A CSV export's delimiter when it is not to be sniffed."""
    sheet: str | None = None
    """The sheet of a spreadsheet export to read, when not the first."""
    engine: str | None = None
    """The engine collect, apply and audit run on (``local``, ``dask`` or ``spark``), when not local."""
    cluster: str | None = None
    """The engine's cluster: a Dask scheduler's address or a Spark master URL."""


def load_config(path: Path) -> Config:
    """Read a config file; unknown sections or keys are errors naming the file."""
    try:
        data = tomllib.loads(read_input_text(path, "utf-8-sig", "config file"))
    except FileNotFoundError:
        raise InputError(f"Config file {path} does not exist; create it or leave out --config.") from None
    except UnicodeDecodeError:
        raise InputError(f"Config file {path} is not UTF-8; save it as UTF-8.") from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"Config file {path} is not valid TOML: {error}. Fix it and try again.") from None
    return _build(data, path)


def _build(data: dict[str, Any], path: Path) -> Config:
    unknown = set(data) - {"columns", "collect", "input", "engine"}
    if unknown:
        raise InputError(f"{path}: unknown section [{sorted(unknown)[0]}]; sections are [columns], [collect], [input], "
                         "[engine].")
    columns = _table(data, "columns", path)
    for key, value in columns.items():
        if key not in FIELDS or not isinstance(value, str):
            raise InputError(
                f"{path}: [columns] {key} must be one of {', '.join(FIELDS)} set to a column name in quotes."
            )
    collect = _table(data, "collect", path)
    lists = {key: _strings(collect, key, path) for key in _COLLECT_KEYS}
    extra = set(collect) - set(_COLLECT_KEYS)
    if extra:
        raise InputError(f"{path}: unknown key {sorted(extra)[0]!r} in [collect]; keys are {', '.join(_COLLECT_KEYS)}.")
    reading = _input(_table(data, "input", path), path)
    running = _engine(_table(data, "engine", path), path)
    return Config(
        columns=dict(columns), encoding=reading["encoding"], delimiter=reading["delimiter"], sheet=reading["sheet"],
        greetings=lists["greetings"], closers=lists["closers"], stopwords=lists["stopwords"],
        not_stopwords=lists["not_stopwords"], languages=_languages(lists["languages"], path),
        engine=running["name"], cluster=running["cluster"],
    )


def _languages(codes: tuple[str, ...], path: Path) -> tuple[str, ...]:
    """The [collect] languages, checked: each a code of a language pack."""
    if not codes:
        return ()
    try:
        return parse_languages(codes)
    except InputError as error:
        raise InputError(f"{path}: [collect] languages: {error}") from None


_INPUT_KEYS = {"encoding": 'a name in quotes, such as "cp1252"', "delimiter": 'one character in quotes, such as ";"',
               "sheet": 'a sheet name in quotes, such as "Posts"'}


def _input(table: dict[str, Any], path: Path) -> dict[str, str | None]:
    """The [input] section: encoding, delimiter and sheet, each a string."""
    return _string_values(table, path, "input", _INPUT_KEYS)


def _string_values(table: dict[str, Any], path: Path, section: str, keys: dict[str, str]) -> dict[str, str | None]:
    """A section of string values: each of ``keys`` (key → what it must be, for the error) or None."""
    extra = set(table) - set(keys)
    if extra:
        raise InputError(f"{path}: unknown key {sorted(extra)[0]!r} in [{section}]; keys are {', '.join(keys)}.")
    for key, example in keys.items():
        if key in table and not isinstance(table[key], str):
            raise InputError(f"{path}: [{section}] {key} must be {example}.")
    return {key: table.get(key) for key in keys}


_ENGINE_KEYS = {"name": 'one of "local", "dask" or "spark"',
                "cluster": 'an address in quotes, such as "tcp://scheduler:8786" or "local[2]"'}


def _engine(table: dict[str, Any], path: Path) -> dict[str, str | None]:
    """The [engine] section: its name and cluster, each a string."""
    values = _string_values(table, path, "engine", _ENGINE_KEYS)
    if (values["name"] or "local") not in ("local", "dask", "spark"):
        raise InputError(f"{path}: [engine] name must be {_ENGINE_KEYS['name']}.")
    return values


def _table(data: dict[str, Any], name: str, path: Path) -> dict[str, Any]:
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise InputError(f"{path}: {name} must be a section, written [{name}].")
    return table


def _strings(table: dict[str, Any], key: str, path: Path) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise InputError(f"{path}: [collect] {key} must be a list of strings, like {key} = [\"...\"].")
    if key in _PATTERN_KEYS:
        from nicknames.rules.salutations import (
            pattern_error,  # the rules load only where a config has patterns
        )

        for number, pattern in enumerate(value, start=1):
            if (problem := pattern_error(pattern)) is not None:
                raise InputError(
                    f"{path}: [collect] {key}, pattern {number}, character {problem[1]}: not a valid regular "
                    f"expression ({problem[0]}); fix it, or escape the character with a backslash to match it as it is."
                )
    return tuple(value)
