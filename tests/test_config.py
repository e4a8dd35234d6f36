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
        ('[collect]\ngreetings = ["hey", "("]\n', "[collect] greetings, pattern 2, character 2: not a valid regular"),
        ('[collect]\nclosers = ["[a-"]\n', "[collect] closers, pattern 1, character"),
        ('[collect]\nclosers = ["a)|(b"]\n', "[collect] closers, pattern 1, character 2"),
    ],
)
def test_bad_config_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "nicknames.toml"
    path.write_text(content)
    with pytest.raises(InputError) as raised:
        load_config(path)
    assert message in str(raised.value)


def test_stopwords_are_words_not_patterns(tmp_path: Path) -> None:
    path = tmp_path / "nicknames.toml"
    path.write_text('[collect]\nstopwords = ["("]\n')
    assert load_config(path).stopwords == ("(",)


def test_an_invalid_pattern_on_the_command_line_is_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from nicknames.cli import app

    config = tmp_path / "nicknames.toml"
    config.write_text('[collect]\ngreetings = ["("]\n')
    messages = tmp_path / "messages.csv"
    messages.write_text("message_id,user_id,text\n1,U1,Hi\n")
    result = CliRunner().invoke(app, ["collect", str(messages), "--config", str(config), "-o", str(tmp_path / "m.txt")])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "greetings, pattern 1, character 2" in result.stderr
    assert not (tmp_path / "m.txt").exists()
