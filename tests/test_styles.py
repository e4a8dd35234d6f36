"""Setting up a run's pseudonym style from the options and the key file."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from nicknames.apply.key_file import KeyFileError, write_key_file
from nicknames.apply.pseudonyms import IdTemplate, KeyedIds
from nicknames.apply.reverse import restore_id_columns
from nicknames.apply.surrogates import SurrogateNames
from nicknames.io.roster import Roster
from nicknames.model.mapping import Mapping
from nicknames.model.messages import table_from_frame
from nicknames.pipeline.styles import (
    UNKEYED_SECRET,
    build_style,
    keyed_id_columns,
    load_key,
    new_key,
)

MAPPING = Mapping({"U1": ["Quella", "Quella Kell"], "U2": ["Vorn"]})


@pytest.mark.parametrize(
    ("style", "template", "expected_style", "expected_template"),
    [(None, None, "id", "[{id}]"), ("surrogate", None, "surrogate", "[{id}]"), ("id", "<{id}>", "id", "<{id}>")],
)
def test_without_key_file(style: str | None, template: str | None, expected_style: str, expected_template: str) -> None:
    key = load_key(None, style, template)
    assert (key.style, key.template, key.secret) == (expected_style, expected_template, UNKEYED_SECRET)


def test_keyed_needs_a_key_file() -> None:
    with pytest.raises(KeyFileError, match="needs --key-file"):
        load_key(None, "keyed", None)


def test_new_key_file_gets_a_fresh_secret(tmp_path: Path) -> None:
    first, second = load_key(tmp_path / "a.json", "keyed", None), load_key(tmp_path / "b.json", "keyed", None)
    assert first.secret != second.secret and len(bytes.fromhex(first.secret)) == 32


@pytest.mark.parametrize(
    ("style", "template", "message"),
    [("keyed", None, "was made with --style surrogate"), (None, "<{id}>", "was made with --format")],
)
def test_key_file_options_must_agree(tmp_path: Path, style: str | None, template: str | None, message: str) -> None:
    path = tmp_path / "key.json"
    write_key_file(path, new_key("surrogate", None))
    assert load_key(path, None, None).style == "surrogate"
    with pytest.raises(KeyFileError, match=message):
        load_key(path, style, template)


def test_build_style_fills_the_key() -> None:
    key = new_key("keyed", None)
    style = build_style(key, MAPPING, ["U1", "U2", "U3"], [])
    assert isinstance(style, KeyedIds) and set(key.codes) == {"U1", "U2", "U3"}
    assert key.pseudonyms[style("U3")] == "U3"
    key = new_key("id", None)
    assert isinstance(build_style(key, MAPPING, ["U1"], []), IdTemplate) and key.pseudonyms["[U1]"] == "U1"


def test_surrogates_avoid_corpus_words_and_use_the_class_list() -> None:
    key = new_key("surrogate", None)
    roster = Roster({"U1": "Quella Kell", "U9": "Zed Quux"}, {}, {"U1": "F"})
    style = build_style(key, MAPPING, ["U1", "U2"], ["Anna and Lena and Omar"], roster)
    assert isinstance(style, SurrogateNames) and set(key.surrogates) == {"U1", "U2", "U9"}
    assert key.surrogates["U1"].gender == "F"
    assert not {s.given for s in key.surrogates.values()} & {"Anna", "Lena", "Omar"}
    assert style.mention("U1", "Kell", "name") == key.surrogates["U1"].surname


def test_keyed_id_columns_and_back() -> None:
    frame = pd.DataFrame({"message_id": ["1", "2"], "user_id": ["U1", "U2"], "text": ["a", "b"],
                          "recipients": ["U2", "U1; U3"]}, dtype=object)
    table = table_from_frame(frame, {"recipients": "recipients"})
    key = new_key("keyed", None)
    keyed = build_style(key, MAPPING, ["U1", "U2", "U3"], [])
    assert isinstance(keyed, KeyedIds)
    coded = keyed_id_columns(table, frame, keyed)
    assert list(coded["user_id"]) == [keyed.code("U1"), keyed.code("U2")]
    assert coded["recipients"][1] == f"{keyed.code('U1')}; {keyed.code('U3')}"
    restored = restore_id_columns(table, coded, key)
    assert restored.to_dict("list") == frame.to_dict("list")
