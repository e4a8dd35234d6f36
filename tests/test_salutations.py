"""Greeting and sign-off extraction, one table row per form."""

from __future__ import annotations

import pytest

from nicknames.rules.salutations import DEFAULT_RULES, greeting_names, signoff_names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Hi Mary, great post", ["Mary"]),
        ("Hello MJ -\nagreed", ["MJ"]),
        ("Hey Mary Jane,\nyes", ["Mary Jane"]),
        ("Dear Prof. Smith,\nI", ["Smith"]),  # titles are dropped
        ("Good morning Rob!", ["Rob"]),
        ("Greetings Anne-Marie", ["Anne-Marie"]),
        ("Morning Siobhán, how", ["Siobhán"]),
        ("Hi Mary and Rob!", ["Mary", "Rob"]),  # several names
        ("Hi Mary, Rob\nthanks", ["Mary", "Rob"]),
        ("Hi Mary & Rob", ["Mary", "Rob"]),
        ("@Rob good point", ["Rob"]),
        ("Mary,\nI think so", ["Mary"]),  # a bare vocative line
        ("Hi all,\nhere", []),  # stop words
        ("Hello everyone!", []),
        ("Hi guys", []),
        ("Hi there", []),
        ("Hi, I'm new here", []),  # contractions are not names
        ("Hello, I’ll be late", []),
        ("Hi R2D2", []),  # digits
        ("hi mary", ["mary"]),  # a lone lower-case word is a candidate; collect drops ordinary words
        ("hi mary and all", []),
        ("Thanks Robert for the link", ["Robert"]),
        ("I think Mary is right", []),  # not a greeting
        ("", []),
        ("\n\nHi Zoë,", ["Zoë"]),  # first non-empty line
        ("Hi O'Brien", ["O'Brien"]),
        ("Hi Mary Thanks for this", ["Mary"]),  # cut at a stop word
        ("Drew. That's it", []),  # a full stop ends a name
        ("Dear Mr. Smith,", ["Smith"]),
        ("Hallo Robert,\nok", ["Robert"]),  # greetings in other languages
        ("Bonjour Marie,\nok", ["Marie"]),
        ("Hola Ana!", ["Ana"]),
        ("Hej Sven!", ["Sven"]),
        ("Olá João,\nx", ["João"]),
        ("G'day Bruce", ["Bruce"]),
        ("Ciao a tutti,\nx", []),  # not capitalised: no name
    ],
)
def test_greeting_names(text: str, names: list[str]) -> None:
    assert list(greeting_names(text)) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Text\nThanks, Rob", ["Rob"]),
        ("Text\nCheers\nR o b e r t", ["R o b e r t"]),  # stylised signature
        ("Great\n-RG-", ["-RG-"]),  # dashed initials keep their dashes
        ("Point made.\nMary", ["Mary"]),  # a bare name line
        ("Text.\nThanks again!\nMJ", ["MJ"]),
        ("Text\nBest regards,\nRob G.\nDept of Physics", ["Rob G."]),  # WORD CHAR.
        ("Text\nKind regards\nMary-Jane", ["Mary-Jane"]),  # hyphenated
        ("Text\n- rob", ["rob"]),  # lower case after a dash
        ("Text\nCheers, Anne & Rob", ["Anne", "Rob"]),
        ("Thanks for the tip!\nMJ", ["MJ"]),  # a sentence that starts like a closer
        ("Text\nThat is all.", []),
        ("Text\nCheers", []),
        ("Only one line Rob", []),
        ("Text\nThanks, Team", []),
        ("Text\nRegards,\nRob2", []),
        ("Text\nTake care\nSiobhán", ["Siobhán"]),
        ("Text\nGracias. DF", ["DF"]),  # the last sentence of the last line
        ("Text\nDennis.  Thanks. DF", ["DF"]),
        ("Text\nRegards, J. R. Smith", ["J. R. Smith"]),
        ("Text\nThanks\nSam (TA)", ["Sam"]),  # a role after the name
        ("Text\nCheers,\nMary [moderator]", ["Mary"]),
        ("Text\nthanks (again)", []),
    ],
)
def test_signoff_names(text: str, names: list[str]) -> None:
    assert list(signoff_names(text)) == names


def test_rules_can_be_extended_and_names_freed_from_the_stop_list() -> None:
    rules = DEFAULT_RULES.extended(greetings=["yo+"], stopwords=["Prof"], not_stopwords=["will"])
    assert greeting_names("Yooo Will!", rules) == ("Will",)
    assert "Will" not in greeting_names("Yooo Will!")


def test_closers_can_be_extended() -> None:
    rules = DEFAULT_RULES.extended(closers=["ciao"])
    assert signoff_names("Text\nCiao, Rob", rules) == ("Rob",)


def test_a_closing_read_before_gives_the_same_names_whatever_stands_above_it() -> None:
    texts = ["Hi\nCheers,\nRob\nThanks for the tip!", "Hi\nCheers,\nAnn\nThanks for the tip!", "Hi\nok\nThanks for the tip!"]
    rules = DEFAULT_RULES.extended()
    assert [signoff_names(text, rules) for text in texts + texts] == [("Rob",), ("Ann",), ()] * 2
    assert [greeting_names(text, rules) for text in ["Hi Rob,\nx", "Hi Rob,\ny"]] == [("Rob",), ("Rob",)]


@pytest.mark.parametrize("kind", ["greetings", "closers"])
def test_a_pattern_that_backtracks_without_end_stops_with_an_error(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from nicknames.rules import salutations
    from nicknames.model.errors import InputError

    monkeypatch.setattr(salutations, "PATTERN_TIMEOUT", 0.05)
    rules = DEFAULT_RULES.extended(**{kind: ["(a|aa)+$"]})
    text = "a" * 60 + "b\nThanks,\n" + "a" * 60 + "b"
    started = time.monotonic()
    with pytest.raises(InputError, match=f"\\[collect\\] {kind} in the config file backtracks"):
        greeting_names(text, rules) if kind == "greetings" else signoff_names(text, rules)
    assert time.monotonic() - started < 5
