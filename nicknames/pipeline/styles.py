"""Set up the pseudonym style of a run from the options and the key file, so later runs reproduce it."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import regex

from nicknames.apply.key_file import (
    KeyFile,
    KeyFileError,
    read_key_file,
    write_key_file,
)
from nicknames.apply.pseudonyms import (
    DEFAULT_TEMPLATE,
    STYLES,
    IdTemplate,
    KeyedIds,
    Pseudonym,
    new_secret,
)
from nicknames.apply.replacement import Replacement
from nicknames.apply.surrogates import (
    SurrogateNames,
    assign_surrogates,
    guess_gender,
    load_name_genders,
    words_of,
)
from nicknames.collect.found import natural_key
from nicknames.io.mapping_file import format_mapping
from nicknames.io.roster import Roster
from nicknames.model.mapping import Mapping
from nicknames.model.messages import MessageTable

UNKEYED_SECRET = "00" * 32
"""The secret of a run without a key file: surrogates are then drawn the same way every time."""


def load_key(path: Path | None, style: str | None, template: str | None) -> KeyFile:
    """The key material of a run: read from ``path`` when it exists, else new."""
    if path is None:
        if style == "keyed":
            raise KeyFileError(
                "--style keyed needs --key-file PATH: the secret key is kept there (a new one is made "
                "when PATH does not exist); keep that file private and apart from the output."
            )
        return KeyFile(style or "id", UNKEYED_SECRET, template or DEFAULT_TEMPLATE)
    if path.exists():
        return reconcile(read_key_file(path), style, template, str(path))
    return new_key(style, template)


def save_key(
    path: Path, key: KeyFile, mapping: Mapping, replacements: Iterable[Replacement], source: str,
    options: dict[str, Any],
) -> None:
    """Store the mapping, this run's replacements and options in the key file (owner-only)."""
    key.mapping = format_mapping(mapping)
    key.options = options
    key.record(replacements, source)
    write_key_file(path, key)


def keyed_id_columns(table: MessageTable, frame: pd.DataFrame, keyed: KeyedIds) -> pd.DataFrame:
    """The sender and recipients columns with keyed codes instead of participant ids.

    Without this the output would pair ``U43`` in the sender column with
    ``[P7F3A2]`` in its sign-off, and anyone could link the two.
    """
    frame = frame.copy()
    columns = table.columns
    frame[columns.sender] = [keyed.code(value) if value else value for value in frame[columns.sender]]
    if columns.recipients is not None:
        frame[columns.recipients] = [
            regex.sub(r"[^\s,;]+", lambda m: keyed.code(m.group()), cell) for cell in frame[columns.recipients]
        ]
    return frame


def new_key(style: str | None, template: str | None) -> KeyFile:
    """Key material for a first run: the style, the template and a fresh secret."""
    return KeyFile(style or "id", new_secret(), template or DEFAULT_TEMPLATE)


def reconcile(key: KeyFile, style: str | None, template: str | None, path: str) -> KeyFile:
    """The key file's style and template; an error when the options ask for different ones."""
    if style is not None and style != key.style:
        raise KeyFileError(
            f"Key file {path} was made with --style {key.style}; drop --style {style} to reproduce it, "
            "or give a new key file path to start over."
        )
    if template is not None and template != key.template:
        raise KeyFileError(
            f"Key file {path} was made with --format {key.template!r}; drop --format or give a new key file path."
        )
    return key


def build_style(
    key: KeyFile, mapping: Mapping, senders: Iterable[str], texts: Iterable[str], roster: Roster | None = None
) -> Pseudonym:
    """The pseudonym function of the key's style; fills the key's codes, surrogates and pseudonym index."""
    if key.style not in STYLES:
        raise KeyFileError(f"Unknown pseudonym style {key.style!r}; choose one of {', '.join(STYLES)}.")
    roster = roster or Roster()
    known = [*mapping.participants, *senders, *roster.names, *roster.addresses]
    participants = sorted(dict.fromkeys(known), key=natural_key)
    if key.style == "keyed":
        keyed = KeyedIds(key.secret, key.template, key.codes).with_participants(participants)
        key.codes = keyed.codes
        key.pseudonyms = {keyed(p): p for p in participants}
        return keyed
    if key.style == "surrogate":
        surrogates = _surrogates(key, mapping, participants, texts, roster)
        key.surrogates = surrogates.surrogates
        key.pseudonyms = {form: p for p, s in surrogates.surrogates.items() for form in (s.full, s.given)}
        return surrogates
    template = IdTemplate(key.template)
    key.pseudonyms = {template(p): p for p in participants}
    return template


def _surrogates(
    key: KeyFile, mapping: Mapping, participants: Sequence[str], texts: Iterable[str], roster: Roster
) -> SurrogateNames:
    """Surrogates for every participant: kept from the key file, new ones drawn for the rest."""
    real = [name.text for entry in mapping for name in entry.names]
    real += [text for seen in mapping.seen.values() for text in seen]
    forbidden = words_of(itertools.chain(real, roster.names.values(), texts))  # texts may be read run by run
    statistics = load_name_genders()
    genders = {
        p: roster.genders.get(p) or guess_gender(_known_names(p, mapping, roster), statistics) for p in participants
    }
    seed = int(key.secret[:16], 16)
    chosen = assign_surrogates(participants, genders, forbidden, seed, key.surrogates)
    references = {p: tuple(w.lower() for w in _reference(p, mapping, roster).split()) for p in participants}
    return SurrogateNames(chosen, references)


def _known_names(participant: str, mapping: Mapping, roster: Roster) -> list[str]:
    names = [roster.names[participant]] if participant in roster.names else []
    if participant in mapping.entries:
        names += mapping.names_in_use(participant)
    return names


def _reference(participant: str, mapping: Mapping, roster: Roster) -> str:
    """The registered name, else the participant's longest name in the mapping."""
    if participant in roster.names:
        return roster.names[participant]
    names = mapping.names_in_use(participant) if participant in mapping.entries else []
    return max(names, key=lambda n: (len(n.split()), len(n)), default="")
