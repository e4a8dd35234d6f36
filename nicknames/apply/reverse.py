"""Undo a pseudonymisation with its key file, for those authorised to hold the key.

Two levels, per message:

- ``names``: where the key file recorded this message's replacements (the last
  run made with it on each source file) and the text still has each pseudonym
  at its recorded place, the original text comes back exactly, names and identifiers alike;
- ``ids`` (and the fallback for any other message): every pseudonym the key
  file knows is replaced by the participant id in brackets, ``[U43]``.

With the keyed style, the sender and recipients columns (which apply wrote
as keyed codes) get their participant ids back too.

Limits: a message edited after apply, or pseudonymised by an earlier run on
the same source file, gets participant ids, not names. Placeholders of
identifiers that belonged to nobody (``[EMAIL]``) stay unless recorded. Initials
and surnames of surrogates are not in the index (they are not unique), so in
the fallback only surrogate full and given names are turned back into ids.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pandas as pd
import regex

from nicknames.apply.key_file import KeyFile
from nicknames.model.messages import MessageTable

MODES = ("names", "ids")


@dataclass(frozen=True)
class ReverseResult:
    """The restored texts and how each message was restored."""

    texts: list[str]
    exact: int
    """Messages restored exactly from the recorded replacements."""
    by_index: int
    """Messages whose pseudonyms were turned into participant ids."""


def reverse_texts(messages: Iterable[tuple[str, str]], key: KeyFile, mode: str = "names") -> ReverseResult:
    """Restore (message id, text) pairs: exactly where recorded (``names``), else participant ids."""
    records = _records_by_message(key) if mode == "names" else {}
    index = _index_pattern(key)
    texts: list[str] = []
    exact = by_index = 0
    for message_id, text in messages:
        restored = _exact_any(text, records.get(message_id, []))
        if restored is not None:
            texts.append(restored)
            exact += 1
            continue
        new = _by_index(text, key, index)
        by_index += new != text
        texts.append(new)
    return ReverseResult(texts, exact, by_index)


def _records_by_message(key: KeyFile) -> dict[str, list[list[list[object]]]]:
    """Message id → the recorded rows of each run that touched it, the last run first."""
    grouped: dict[str, list[list[list[object]]]] = {}
    for run in (key.replacements, *key.earlier.values()):
        rows_of: dict[str, list[list[object]]] = {}
        for row in run:
            rows_of.setdefault(str(row[0]), []).append(row)
        for message_id, rows in rows_of.items():
            grouped.setdefault(message_id, []).append(rows)
    return grouped


def _exact_any(text: str, runs: list[list[list[object]]]) -> str | None:
    """The original text from the first run whose recorded pseudonyms all fit this text."""
    for rows in runs:
        restored = _exact(text, rows)
        if restored is not None:
            return restored
    return None


def _exact(text: str, rows: list[list[object]]) -> str | None:
    """The original text when every recorded pseudonym is still in its place; else None."""
    if not rows:
        return None
    pieces: list[str] = []
    shift = position = 0
    for _, start, end, original, pseudonym, *_ in sorted(rows, key=lambda row: int(str(row[1]))):
        out_start = int(str(start)) + shift
        if text[out_start : out_start + len(str(pseudonym))] != pseudonym or out_start < position:
            return None
        pieces.append(text[position:out_start])
        pieces.append(str(original))
        position = out_start + len(str(pseudonym))
        shift += len(str(pseudonym)) - (int(str(end)) - int(str(start)))
    pieces.append(text[position:])
    return "".join(pieces)


def _index_pattern(key: KeyFile) -> regex.Pattern[str] | None:
    forms = sorted(key.pseudonyms, key=lambda form: (-len(form), form))
    if not forms:
        return None
    alternatives = "|".join(
        (r"(?<!\w)" if regex.match(r"\w", f) else "") + regex.escape(f) + (r"(?!\w)" if regex.search(r"\w$", f) else "")
        for f in forms
    )
    return regex.compile(alternatives)


def _by_index(text: str, key: KeyFile, pattern: regex.Pattern[str] | None) -> str:
    if pattern is None:
        return text
    return str(pattern.sub(lambda m: f"[{key.pseudonyms[m.group()]}]", text))


def restore_id_columns(table: MessageTable, frame: pd.DataFrame, key: KeyFile) -> pd.DataFrame:
    """Keyed codes in the sender and recipients columns back to participant ids (keyed style only)."""
    if key.style != "keyed" or not key.codes:
        return frame
    participant_of = {code: participant for participant, code in key.codes.items()}
    frame = frame.copy()
    columns = table.columns
    frame[columns.sender] = [participant_of.get(value, value) for value in frame[columns.sender]]
    if columns.recipients is not None:
        frame[columns.recipients] = [
            regex.sub(r"[^\s,;]+", lambda m: participant_of.get(m.group(), m.group()), cell)
            for cell in frame[columns.recipients]
        ]
    return frame
