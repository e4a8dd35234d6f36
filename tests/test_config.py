"""The project config file."""

from __future__ import annotations

from pathlib import Path

import pytest

from nicknames.io.config import Config, load_config
from nicknames.model.errors import InputError


def test_reads_columns_and_collect_lists(tmp_path: Path) -> None:
    path = tmp_path / "nicknames.toml"
    path.write_text(
        '[columns]\ntext = "postBody"\n[collect]\ngreetings = ["yo+"]\nstopwords = ["prof"]\n'
        '[input]\nencoding = "cp1252"\n'
    )
    assert load_config(path) == Config(
        columns={"text": "postBody"}, greetings=("yo+",), stopwords=("prof",), encoding="cp1252"
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[columns\n", "is not valid TOML"),
        ("[colums]\n", "unknown section [colums]"),
        ('[columns]\ncolour = "x"\n', "[columns] colour must be one of"),
        ("[collect]\ngreetings = 3\n", "[collect] greetings must be a list of strings"),
        ("[collect]\ngreeting = []\n", "unknown key 'greeting' in [collect]"),
    ],
)
def test_bad_config_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "nicknames.toml"
    path.write_text(content)
    with pytest.raises(InputError) as raised:
        load_config(path)
    assert message in str(raised.value)
