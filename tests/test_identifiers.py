"""E-mail addresses, URLs, handles, phone numbers and participant ids in text."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.scope_names import scope_names
from nicknames.apply.substitute import substitute_message
from nicknames.model.mapping import Mapping
from nicknames.model.messages import Message
from nicknames.rules import identifier_patterns, identifiers
from nicknames.rules.identifiers import Identifier, identifier_rules, without_overlaps

RULES = identifier_rules()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("write to mary.poe@example.org.", [("email", "mary.poe@example.org")]),
        ("<a+b@mail.example.co.uk>", [("email", "a+b@mail.example.co.uk")]),
        ("mary.poe at example.org", [("email", "mary.poe at example.org")]),
        ("mary [at] example [dot] org", [("email", "mary [at] example [dot] org")]),
        # an address an archive hid, after Outlook's "[SMTP:" or in brackets
        ("From: Mary Poe[SMTP:mary at example.org]", [("email", "mary at example.org")]),
        ("Mary Poe\n[mary at example.org]", [("email", "mary at example.org")]),
        ("[cid:image001.png at 01CD9826.1826D630]", [("path", "image001.png")]),  # no address: no top-level domain
        ("look at this", []),
        ("see https://example.org/a?b=1.", [("url", "https://example.org/a?b=1")]),
        ("(www.example.org/x)", [("url", "www.example.org/x")]),
        ("https://en.wikipedia.org/wiki/Foo_(bar) ok", [("url", "https://en.wikipedia.org/wiki/Foo_(bar)")]),
        ("thanks @jo_bloggs!", [("handle", "@jo_bloggs")]),
        ("Phone: none\nskype: jo.bloggs42\nSkype ID: jb_1", [("handle", "jo.bloggs42"), ("handle", "jb_1")]),
        ("Note: skype is down; twitter: @jobloggs", [("handle", "@jobloggs")]),
        ("see https://github.com/x and github: 10 stars", [("url", "https://github.com/x")]),
        ("me@example.org", [("email", "me@example.org")]),  # not a handle inside an address
        # an address a news archive shortened still holds the start of its local part
        ("mary...@example.org writes:", [("email", "mary...@example.org")]),
        ("<mary.po....@example.org>", [("email", "mary.po....@example.org")]),
        ("mary…@example.org", [("email", "mary…@example.org")]),
        ("room @3, @01 or @enron.com", []),  # a handle starts with a letter and is not a domain
        ("=@SUM(A1:A3) and @IF(x)", []),  # a spreadsheet function, not a handle
        ("ask @jo_bloggs (she knows)", [("handle", "@jo_bloggs")]),
        ("call (713) 853-1234 now", [("phone", "(713) 853-1234")]),
        ("call 713-853-1234 x12", [("phone", "713-853-1234 x12")]),
        ("+44 20 7946 0958", [("phone", "+44 20 7946 0958")]),
        ("ext 853-1234", [("phone", "853-1234")]),
        ("on 1999-04-01 at 10:30", []),  # dates and times are not phones
        ("offset +0000", []),  # too few digits
        ("version 3.14.159", []),
        ("price 1,234.56", []),
        # a UUCP bang path: hosts, then the user; two bangs, or one after a host with a dot
        ("uucp: uunet!harbour!annb, or ...!uunet!quellnet!annb.", [("email", "uunet!harbour!annb"),
                                                               ("email", "...!uunet!quellnet!annb")]),
        ("mail example.org!annb now", [("email", "example.org!annb")]),
        ("Wow!great, E!O!F, so!!! and x!y!z", []),  # a sentence's "!", letters, a one-letter user
        ("uunet!harbour!annb@example.org", [("email", "annb@example.org")]),  # an address, not a route
    ],
)
def test_kinds_are_found(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(found.kind, found.text) for found in RULES.find(text)] == expected


def test_kinds_can_be_switched_off() -> None:
    rules = identifier_rules(["phone"])
    assert [f.kind for f in rules.find("a@b.org 713-853-1234 @jo https://x.org")] == ["phone"]


def test_owned_identifiers_know_their_participant() -> None:
    rules = identifier_rules(participants=["U0012"], addresses={"U0012": ["Mary.Poe@Example.org", "@marypoe"]})
    found = rules.find("mail mary.poe@example.org or @marypoe or @mary.poe, id U0012, not U00123")
    assert [(f.kind, f.owner) for f in found] == [
        ("email", "U0012"), ("handle", "U0012"), ("handle", "U0012"), ("id", "U0012"),
    ]


@pytest.mark.parametrize(("participant", "found"), [("U0012", True), ("js42", True), ("12", False), ("Mary", False)])
def test_only_id_like_participant_ids_are_searched(participant: str, found: bool) -> None:
    rules = identifier_rules(participants=[participant])
    assert bool(rules.find(f"see {participant} here")) is found


USERS = {"P1": ["quill_feather"], "P2": ["marsh.wren"], "P3": ["wren"], "P4": ["Ann Berg"], "P5": ["ann42"]}


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("ask u/quill_feather or /u/marsh.wren", [("quill_feather", "P1"), ("marsh.wren", "P2")]),  # forum mentions
        ("thanks quill_feather.", [("quill_feather", "P1")]),       # the sentence's full stop is no part of it
        ("QUILL_FEATHER said so", [("QUILL_FEATHER", "P1")]),        # any case
        ("@quill_feather hi", [("@quill_feather", "P1")]),           # a handle of theirs
        ("see ann42 there", [("ann42", "P5")]),                      # a digit makes it an id anyway
        ("quill_feathers and xquill_feather", []),                  # whole words only
        ("the wren sang; Ann Berg agreed", []),                     # a user name that is a word, a display name
        ("files in marsh.wren.org", []),                             # a host that holds it
    ],
)
def test_user_names_of_senders_are_their_ids(text: str, found: list[tuple[str, str]]) -> None:
    rules = identifier_rules(participants=list(USERS), addresses=USERS)
    assert [(f.text, f.owner) for f in rules.find(text) if f.kind in ("id", "handle")] == found


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("as u/kmarsden says", "P2"),  # a name of one word of one person, as a user name
        ("as u/KMarsden says", "P2"),
        ("ask @kmarsden", "P2"),
        ("as u/kmarsdens says", None),  # no name of theirs
        ("as u/greta says", None),  # a name of two people
        ("as u/gretavollmer says", "P1"),  # names glued
    ],
)
def test_a_handle_of_one_persons_name_is_theirs(text: str, owner: str | None) -> None:
    rules = identifier_rules(names={"P1": ["Greta Vollmer", "Greta"], "P2": ["kmarsden"], "P3": ["Greta"]})
    assert [found.owner for found in rules.find(text) if found.kind == "handle"] == [owner]


def test_overlaps_first_then_longest() -> None:
    spans = [Identifier("url", 0, 10, "x" * 10), Identifier("email", 2, 5, "abc"), Identifier("phone", 10, 12, "12")]
    assert [s.kind for s in without_overlaps(spans)] == ["url", "phone"]


def _apply(text: str, mapping: Mapping, **addresses: list[str]) -> tuple[str, list[str]]:
    names = scope_names(mapping, set(mapping.participants))
    rules = identifier_rules(participants=mapping.participants, addresses=addresses, names=mapping.names)
    out, records = substitute_message(Message("m1", "U0001", text, None, "t", "s"), names, IdTemplate(),
                                      identifiers=rules)
    return out, [record.kind for record in records]


@pytest.mark.parametrize(
    ("text", "expected", "kinds"),
    [
        # identifiers first: a name inside an address or URL is part of its personal part
        ("mail Mary.Poe@example.org", "mail [U0002]@example.org", ["email"]),
        ("mail zed@example.org", "mail [USER]@example.org", ["email"]),
        ("mary...@example.org writes:", "[U0002]@example.org writes:", ["email"]),
        ("zed...@example.org writes:", "[USER]@example.org writes:", ["email"]),
        ("see https://example.org/Mary", "see https://example.org/[U0002]", ["url"]),
        ("see https://example.org/Mary_Jones", "see https://example.org/Mary_Jones", []),  # Jones: nobody's
        ("see https://example.org/news", "see https://example.org/news", []),
        # a host a platform gives each user: its user's label is personal, as an address's local part is
        ("see https://zedquill.blogspot.com/2019/x", "see https://[USER].blogspot.com/2019/x", ["url"]),
        ("my blog Zed-Quill.WordPress.com/ is up", "my blog [USER].WordPress.com/ is up", ["url"]),
        ("see https://annlee.tumblr.com/notes", "see https://[U0002].tumblr.com/notes", ["url"]),  # theirs: found first
        ("see https://quellmark.github.io/docs", "see https://quellmark.github.io/docs", []),  # a project's as often
        ("Quellmark blogs on quellmark.wordpress.com/", "Quellmark blogs on quellmark.wordpress.com/", []),  # named
        ("see https://www.blogspot.com/ and https://example.org/", "see https://www.blogspot.com/ and https://example.org/",
         []),
        ("ring Mary on 713-853-1234", "ring [U0002] on [PHONE]", ["name", "phone"]),
        # a handle whose body is a mapped name is left to the names
        ("@Mary said", "@[U0002] said", ["name"]),
        ("@zed said", "[HANDLE] said", ["handle"]),
        # ... or opens a mapped name of several words
        ("@Ann Lee said", "@[U0002] said", ["name"]),
        ("@Ann  Lee, hi", "@[U0002], hi", ["name"]),
        ("@Ann Leeds said", "[HANDLE] Leeds said", ["handle"]),  # whole words only
        ("@Ann said", "[HANDLE] said", ["handle"]),  # Ann alone is not a name in use
        # a handle made of one person's names: its body is theirs, a mention of them
        ("@AnnLee said", "@[U0002] said", ["handle"]),
        ("@ann_lee, @a.lee and @alee said", "@[U0002], @[U0002] and @[U0002] said", ["handle"] * 3),
        # a participant's own id and address become their pseudonym
        ("ask U0002 or mp@example.org", "ask [U0002] or [U0002]", ["id", "email"]),
        # a bang path's user is its local part: theirs by their names, or a placeholder; the address of a route
        ("see uunet!harbour!marypoe and ...!quellnet!zq7", "see uunet!harbour![U0002] and ...!quellnet![USER]",
         ["email", "email"]),
        ("reach example.org!mp", "reach [U0002]", ["email"]),  # the user at its last host: their address
        ("write uunet!harbour!info-list", "write uunet!harbour!info-list", []),  # a list's
        ("Path: news.example.org!usenet", "Path: news.example.org!usenet", []),  # a news server's account
        # a login made of a name's words lies inside a longer name: the names replace the whole name
        ("Regards,\nAnn LeeBerg\n", "Regards,\n[U0002]\n", ["name"]),
    ],
)
def test_identifiers_in_substitution(text: str, expected: str, kinds: list[str]) -> None:
    mapping = Mapping({"U0001": [], "U0002": ["Mary", "Poe", "Ann Lee", "Ann LeeBerg", "leeBerg"]})
    out, found = _apply(text, mapping, U0002=["mp@example.org"])
    assert (out, found) == (expected, kinds)


def test_every_identifier_change_is_recorded() -> None:
    names = scope_names(Mapping({"U0001": []}), {"U0001"})
    message = Message("m1", "U0001", "a@b.org", None, "t", "s")
    _, records = substitute_message(message, names, IdTemplate(), identifiers=RULES)
    [record] = records
    assert (record.kind, record.original, record.pseudonym, record.rule, record.participant) == (
        "email", "a", "[USER]", "identifier", "",
    )
    _, records = substitute_message(message, names, IdTemplate(), identifiers=identifier_rules(whole=True))
    [record] = records
    assert (record.kind, record.original, record.pseudonym) == ("email", "a@b.org", "[EMAIL]")


_IDENTIFIER_PIECES = st.lists(st.sampled_from([
    "annberg", "Annberg", "ann_berg2", "12345", "abcd", " ", "\t", "\n", ".", ".org", ".docx", ".Pdf", "-", "_", "~",
    "%", "e.g.", "x", "U0012", "u0012", "js42", "é",
]), max_size=20)


@settings(max_examples=300, deadline=None)
@given(_IDENTIFIER_PIECES)
def test_quick_test_for_paths_agrees_with_the_patterns(pieces: list[str]) -> None:
    text = "".join(pieces)
    by_patterns = ("~" in text or ":\\" in text or "/home/" in text or "/Users/" in text or "/users/" in text
                   or identifier_patterns.FILE_NAME_END.search(text) is not None
                   or identifier_patterns.BARE_HOST.search(text) is not None)
    assert identifier_patterns.may_hold_path(text) is by_patterns


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "/", ":", "\\", "://", "www.", "WWW.", "/home/", "/Users/", "/users/", "C:\\",
                                 "~", "x", " ", "9"]), max_size=8))
def test_quick_tests_for_urls_and_home_folders_agree_with_substrings(pieces: list[str]) -> None:
    text = "".join(pieces)
    url = "://" in text or "www." in text or "WWW." in text
    path = "~" in text or ":\\" in text or "/home/" in text or "/Users/" in text or "/users/" in text
    assert (identifier_patterns.may_hold("url", text), identifier_patterns.may_hold("path", text)) == (url, path)


@settings(max_examples=300, deadline=None)
@given(_IDENTIFIER_PIECES)
def test_anchored_spans_are_those_of_every_anchor(pieces: list[str]) -> None:
    text = "".join(pieces)
    for anchor, pattern in identifier_patterns.ANCHORED.values():
        assert anchor.pattern.startswith(r"\.(?i:")  # a dot and a letter: what lets ASCII text without one go
        found = list(identifier_patterns.anchored(text, anchor, pattern))
        assert found == [] or any(char == "." and following.isalpha() for char, following in zip(text, text[1:]))
        assert found == list(identifier_patterns.anchored(text + " é", anchor, pattern))  # not ASCII: searched


@settings(max_examples=300, deadline=None)
@given(_IDENTIFIER_PIECES)
def test_ids_found_on_lines_with_digits_are_those_of_the_whole_text(pieces: list[str]) -> None:
    text = "".join(pieces)
    for ids, plain in ((["U0012", "js42", "U0012-b"], True), (["U0012", "js42", "e.g.1"], False)):
        rules = identifier_rules(["id"], ids)
        assert rules.ids is not None and (rules.plain_ids is not None) is plain  # plain ids: looked up, not searched
        by_pattern = [(m.start(), m.end()) for m in rules.ids.finditer(text)]
        assert [(found.start, found.end) for found in rules.find(text)] == by_pattern


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["annberg", "bergann", "aberg", "Annberg", "annbergs", "xannberg", "ann_berg", "ann",
                                 "berg", "annberg2", "AnnBerg", "ABerg", "BergAnn", "AnnB", "ANNBERG", "ann.berg", "a.berg", "Ann.Berg", " ", "\n", ".",
                                 "_", "-", "é"]), max_size=12))
def test_glued_words_found_by_the_automaton_are_those_of_the_word_list(pieces: list[str]) -> None:
    text = "".join(pieces).encode("ascii", "ignore").decode()
    rules = identifier_rules(["login"], names={"U1": ["Ann Berg"], "U2": ["Ann_Berg2"]})
    by_words = {word for word in rules.names.glued.keys() & identifiers._ascii_lower_words(text)
                if len(word) >= 5 and word.islower()}
    written = rules.names.written.intersection(re.findall(r"\w+", text)) | {
        word for word in rules.names.written if "." in word and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)}
    assert set(rules._glued_words(text)) == by_words | written


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("ab Z_09 .-\n"), max_size=40))
def test_mixed_ascii_words_are_the_words_with_a_digit_or_underscore_after_a_letter(text: str) -> None:
    # The possessive letters find what the pattern that gives letters back finds: whole words only.
    backtracking = r"(?<![A-Za-z0-9_])[A-Za-z][A-Za-z]*[0-9_][A-Za-z0-9_]*"
    words = [word for word in identifiers._WORD.findall(text) if word[0].isalpha() and not word.isalpha()]
    assert identifiers._ASCII_MIXED.findall(text) == re.findall(backtracking, text) == words
