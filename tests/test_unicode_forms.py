"""Unicode forms of a mapped name: apply replaces each, and audit (so ``apply --strict``) finds any left.

One row per form: NFD, invisible characters inside, a line break or a hyphen
where the name has a space, scripts written without spaces, Arabic and Hebrew
prefixes. A name written with look-alike letters of another script is left by
apply and reported by audit. The property test writes random names in random
forms and checks that none survives apply and that audit finds every one.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.scopes import apply_mapping
from nicknames.check.audit import audit_messages
from nicknames.check.name_index import build_index
from nicknames.cli import app
from nicknames.model.mapping import Mapping
from nicknames.model.messages import table_from_frame
from nicknames.pipeline.strict import strict_audit
from nicknames.rules.matcher import compile_names

PSEUDONYM = IdTemplate("[{id}]")
MAPPING = Mapping({
    "U1": ["Renée"], "U2": ["Mary", "Mary Jane"], "U3": ["张伟"], "U4": ["田中"], "U5": ["محمد"], "U6": ["דוד"],
    "U7": ["Anna-Lena"],
})


def pseudonymise(mapping: Mapping, texts: list[str]) -> list[str]:
    """The texts pseudonymised in one scope where every participant of the mapping writes (so all are active)."""
    rows = [(f"m{index}", "U0", text) for index, text in enumerate(texts)]
    rows += [(f"p{index}", participant, "hi") for index, participant in enumerate(mapping.participants)]
    frame = pd.DataFrame(rows, columns=["message_id", "user_id", "text"])
    return list(apply_mapping(table_from_frame(frame), mapping, "all", PSEUDONYM).frame["text"])[:len(texts)]


@pytest.mark.parametrize(
    ("text", "expected", "found"),
    [
        ("Thanks Rene\u0301e!", "Thanks [U1]!", "Rene\u0301e"),  # NFD
        ("Ma\u200bry said", "[U2] said", "Ma\u200bry"),  # a zero-width space inside
        ("Ma\xadry said", "[U2] said", "Ma\xadry"),  # a soft hyphen inside
        ("\ufeffMary", "\ufeff[U2]", "Mary"),  # a byte-order mark before
        ("Ask Mary\nJane", "Ask [U2]", "Mary\nJane"),  # a line break where the name has a space
        ("Ask Mary \r\n  Jane", "Ask [U2]", "Mary \r\n  Jane"),
        ("Ask Mary-Jane", "Ask [U2]", "Mary-Jane"),  # a hyphen
        ("Ask Mary\u2011Jane", "Ask [U2]", "Mary\u2011Jane"),  # a non-breaking hyphen
        ("Ask Anna Lena", "Ask [U7]", "Anna Lena"),  # a space where the name has a hyphen
        ("谢谢张伟的帮助", "谢谢[U3]的帮助", "张伟"),  # Chinese without spaces
        ("田中さん、ありがとう", "[U4]さん、ありがとう", "田中"),  # Japanese
        ("شكرا ومحمد", "شكرا و[U5]", "محمد"),  # an Arabic prefix stays
        ("תודה לדוד", "תודה ל[U6]", "דוד"),  # a Hebrew prefix stays
    ],
)
def test_apply_replaces_every_form_and_audit_finds_it(text: str, expected: str, found: str) -> None:
    assert pseudonymise(MAPPING, [text]) == [expected]
    assert [f.text for f in strict_audit([("m1", text)], MAPPING).findings] == [found]
    assert strict_audit([("m1", expected)], MAPPING).findings == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ask Mary\n\nJane", "Ask [U2]\n\nJane"),  # a blank line parts two words: "Jane" alone is no name
        ("Ask Mary - Jane", "Ask [U2] - Jane"),  # so does a dash between blanks
        ("Maryland and Rosemary", "Maryland and Rosemary"),  # still whole words
        ("Marys and Rosemary", "[U2]s and Rosemary"),  # but a genitive of the language packs (docs/languages.md)
        ("ابومحمد", "ابومحمد"),  # only prefix letters may come before an Arabic name
        ("דודה", "דודה"),  # and nothing after it
    ],
)
def test_forms_that_are_not_the_name(text: str, expected: str) -> None:
    assert pseudonymise(MAPPING, [text]) == [expected]


def test_a_name_made_of_prefix_letters_is_found_whole() -> None:
    """Hebrew ב is a prefix letter and a letter of names: a second word is not read as a prefixed first word."""
    mapping = Mapping({"U1": ["בבב בבבב"]})
    texts = ["בבב בבבב", "ובבב בבבב"]
    assert pseudonymise(mapping, texts) == ["[U1]", "ו[U1]"]
    assert [f.text for f in strict_audit([(str(i), t) for i, t in enumerate(texts)], mapping).findings] == ["בבב בבבב", "בבב בבבב"]


def test_confusable_letters_are_left_by_apply_and_reported_by_audit() -> None:
    text = "and M\u0430ry too, \uff2d\uff41\uff52\uff59"  # a Cyrillic a; fullwidth letters
    assert pseudonymise(MAPPING, [text]) == [text]
    findings = audit_messages([("m1", text)], build_index(MAPPING)).findings
    assert [(f.text, f.kind, f.name, f.participants) for f in findings] == [
        ("M\u0430ry", "confusable", "Mary", ("U2",)), ("\uff2d\uff41\uff52\uff59", "confusable", "Mary", ("U2",)),
    ]
    assert len(strict_audit([("m1", text)], MAPPING).findings) == 2


def run(args: list[str | Path]) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_apply_strict_and_audit(tmp_path: Path) -> None:
    forms = ["Thanks Rene\u0301e", "Ma\u200bry said", "Ask Mary\nJane", "Mary\u2011Jane", "谢谢张伟的帮助", "ومحمد"]
    senders = ["U1", "U2", "U3", "U5", "U1", "U2"]
    frame = pd.DataFrame({"message_id": [f"m{i}" for i in range(len(forms))], "user_id": senders, "text": forms})
    frame.to_csv(tmp_path / "in.csv", index=False)
    (tmp_path / "mapping.txt").write_text("U1 | Renée\nU2 | Mary | Mary Jane\nU3 | 张伟\nU5 | محمد\n")
    code, stdout, _ = run(["audit", tmp_path / "in.csv", "-m", tmp_path / "mapping.txt"])
    assert code == 1 and "Ma\\u200bry" in stdout and "Mary\\nJane" in stdout  # invisible characters shown
    code, _, _ = run(["apply", tmp_path / "in.csv", tmp_path / "mapping.txt", "--strict", "--scope", "all",
                      "-o", tmp_path / "out.csv"])
    assert code == 0
    assert list(pd.read_csv(tmp_path / "out.csv")["text"]) == [
        "Thanks [U1]", "[U2] said", "Ask [U2]", "[U2]", "谢谢[U3]的帮助", "و[U5]",
    ]
    code, _, stderr = run(["audit", tmp_path / "out.csv", "-m", tmp_path / "mapping.txt"])
    assert code == 0 and "Clean" in stderr
    frame.loc[len(frame)] = ["m9", "U1", "M\u0430ry"]
    frame.to_csv(tmp_path / "in.csv", index=False)
    code, stdout, stderr = run(["apply", tmp_path / "in.csv", tmp_path / "mapping.txt", "--strict", "--scope", "all", "-o",
                                tmp_path / "again.csv"])
    assert (code, stdout) == (1, "") and "ids m9" in stderr and not (tmp_path / "again.csv").exists()


# The property: names of letters of several scripts, each written in a random Unicode form. Latin names are
# capitalised, as audit reports a name that is also an ordinary word ("Dean") only where written as a name.
CAPITALS, LOWER = "ABCDEGHLMNORSTUYZÉ", "abcdeghilmnorstuyzéüß"
PARTS = {"latin": st.builds(str.__add__, st.sampled_from(CAPITALS), st.text(LOWER, min_size=1, max_size=5)),
         "han": st.text("张伟王芳李娜田中", min_size=2, max_size=3),
         "arabic": st.text("محدعليسر", min_size=3, max_size=5),
         "hebrew": st.text("דויעקבשרה", min_size=3, max_size=5)}
INVISIBLES = ["\u200b", "\xad", "\u200c", "\u200d", "\u2060", "\ufeff"]
SEPARATORS = [" ", "  ", "\t", "\n", " \n ", "\r\n", "-", "\u2010", "\u2011", "\xa0"]
BEFORE = {"latin": ["", " ", "\n", ", ", "(", "谢谢"], "han": ["", "谢谢", "的", "さん", " "],
          "arabic": ["", " ", "و", "ول", "ب"], "hebrew": ["", " ", "ל", "וה", "ש"]}
AFTER = {"latin": ["", " ", "\n", ", ", ")", "'s ", "的"], "han": ["", "谢谢", "的", "さん", " "],
         "arabic": ["", " ", "، "], "hebrew": ["", " ", ", "]}


@st.composite
def names(draw: st.DrawFn) -> tuple[str, str]:
    script = draw(st.sampled_from(sorted(PARTS)))
    parts = draw(st.lists(PARTS[script], min_size=1, max_size=1 if script == "han" else 3))
    return script, " ".join(parts)


@st.composite
def written(draw: st.DrawFn, name: str) -> str:
    """The name in a random form: NFD or NFC, invisible characters inside, any separator between its parts."""
    form = unicodedata.normalize(draw(st.sampled_from(["NFC", "NFD"])), name)
    chars: list[str] = []
    for char in form:
        if char == " ":
            chars.append(draw(st.sampled_from(SEPARATORS)))
            continue
        chars.append(char)
        if draw(st.integers(0, 4)) == 0:
            chars.append(draw(st.sampled_from(INVISIBLES)))
    return "".join(chars)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Mapping, list[str]]:
    chosen = draw(st.lists(names(), min_size=1, max_size=4, unique_by=lambda pair: pair[1]))
    mapping = Mapping({f"U{index}": [name] for index, (_, name) in enumerate(chosen)})
    texts = []
    for script, name in draw(st.lists(st.sampled_from(chosen), min_size=1, max_size=4)):
        before = draw(st.sampled_from(BEFORE[script]))
        after = draw(st.sampled_from(AFTER[script]))
        texts.append(before + draw(written(name)) + after)
    return mapping, texts


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_no_mapped_name_survives_in_any_form_and_audit_finds_each(case: tuple[Mapping, list[str]]) -> None:
    mapping, texts = case
    matcher = compile_names([name for names in mapping.names.values() for name in names])
    assert matcher is not None
    for text in texts:
        assert matcher.spans(text), f"the name in {text!r} is not matched"
        assert strict_audit([("m", text)], mapping).findings, f"audit misses the name in {text!r}"
    for text in pseudonymise(mapping, texts):
        assert matcher.spans(text) == [], f"a name survives in {text!r}"
        assert strict_audit([("m", text)], mapping).findings == [], f"audit finds a name in {text!r}"
