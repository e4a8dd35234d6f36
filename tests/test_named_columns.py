"""Columns beside the text that hold participants' full names though their names do not say so: apply warns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nicknames.model.mapping import Mapping
from nicknames.pipeline import spilled_source
from nicknames.pipeline.named_columns import NameFinder, full_names
from tests.test_cli_exports import run


@pytest.mark.parametrize(
    ("text", "holds"),
    [
        ('{"real_name":"Greta Vollmer","display_name":"greta"}', True),
        ("GRETA VOLLMER", True),  # any case
        ("edited by greta vollmer, 3 May", True),
        ("Greta Vollmers", False),  # a letter touches it: another word
        ("xGreta Vollmer", False),
        ("Greta and Vollmer", False),
        ("", False),
    ],
)
def test_a_name_finder_finds_whole_names_in_any_case(text: str, holds: bool) -> None:
    assert NameFinder(["Greta Vollmer", "Tobias Quell"]).holds(text) is holds


def test_full_names_are_the_mappings_and_the_class_lists_of_several_words() -> None:
    mapping = Mapping({"u1": ["Greta", "Greta Vollmer"], "u2": ["Toby"]})
    registered = {"u2": "Tobias Quell (he/him)", "u3": "Kay Marsden", "u4": "Office of the Dean"}
    assert full_names(mapping, registered) == ["Greta Vollmer", "Kay Marsden", "Tobias Quell"]


def _chat_export(tmp_path: Path) -> None:
    rows = [
        {"ts": "1", "user": "U1", "text": "anyone done lab 3?",
         "user_profile": {"real_name": "Greta Vollmer", "display_name": "greta"}, "reactions": [{"users": ["U2"]}]},
        {"ts": "2", "user": "U2", "text": "greta: not yet", "user_profile": {"real_name": "Tobias Quell"},
         "reactions": []},
        {"ts": "3", "user": "U1", "text": "ok", "edited_by": "Tobias Quell", "reactions": []},
    ]
    (tmp_path / "chat.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows))
    (tmp_path / "mapping.txt").write_text("U1 | greta\nU2 | Tobias\n")
    (tmp_path / "users.csv").write_text("user_id,full_name\nU1,Greta Vollmer\nU2,Tobias Quell\n")


@pytest.mark.parametrize("spill_from", [2**62, 0])  # read whole; kept on disk, where the first run is read
def test_apply_warns_of_columns_that_hold_participants_full_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spill_from: int) -> None:
    monkeypatch.setattr(spilled_source, "SPILL_MIN_BYTES", spill_from)
    _chat_export(tmp_path)
    code, out, err = run("apply", tmp_path / "chat.jsonl", tmp_path / "mapping.txt", "--class-list",
                         tmp_path / "users.csv", "-o", tmp_path / "out.jsonl", "-q")
    assert (code, out) == (0, "")
    warning = " ".join(err.split())
    assert ("Warning: the columns 'user_profile', 'edited_by' hold participants' full names (a chat's user profile, "
            "an editor's name) and are written as read: remove them from the export") in warning
    assert "'reactions'" not in warning  # ids only


def test_a_column_kept_on_purpose_is_no_warning(tmp_path: Path) -> None:
    _chat_export(tmp_path)
    code, _, err = run("apply", tmp_path / "chat.jsonl", tmp_path / "mapping.txt", "--class-list",
                       tmp_path / "users.csv", "-o", tmp_path / "out.jsonl", "-q",
                       "--keep-column", "user_profile", "--keep-column", "edited_by")
    assert code == 0 and "Warning" not in err
