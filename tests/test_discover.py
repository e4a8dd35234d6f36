"""Tests of the discovery modules: lexicon, index, variants, stylised forms, glued words, attribution."""

from __future__ import annotations

import pickle

import pytest

from nicknames.collect.discover.attribution import (
    Attribution,
    Greeting,
    Greetings,
    attribute,
    tally,
)
from nicknames.collect.discover.glued import glued_name, pieces
from nicknames.collect.discover.lexicon import Lexicon, common_words
from nicknames.collect.discover.stylised import (
    initials_of,
    is_initials,
    is_stylised,
    letters,
    listed_initials,
)
from nicknames.collect.discover.suggest import Known, discover, signature_tags
from nicknames.collect.discover.token_index import TokenIndex
from nicknames.collect.discover.variants import Vocabulary, allowed_edits
from nicknames.model.messages import Message
from nicknames.rules.nickname_table import parse_table


def index_of(*texts: str, watched: frozenset[str] = frozenset()) -> TokenIndex:
    index = TokenIndex(watched=watched)
    for number, text in enumerate(texts):
        index.add(Message(str(number), f"U{number % 2}", text, f"U{(number + 1) % 2}", "t1", ""))
    return index


# ---------------------------------------------------------------- lexicon


def test_common_words_has_names_that_are_words() -> None:
    assert {"will", "mark", "grace", "hope", "bill", "may", "january"} <= common_words()


def test_corpus_makes_a_word_of_what_it_writes_in_lower_case() -> None:
    lexicon = Lexicon(words=frozenset())
    for _ in range(3):
        lexicon.observe("scanned", False)
    lexicon.observe("Scanned", False)
    lexicon.observe("Arthur", False)
    lexicon.observe("arthur", False)
    assert lexicon.is_word("Scanned")
    assert not lexicon.is_word("Arthur")


# ---------------------------------------------------------------- index


def test_index_counts_messages_per_thread_and_members() -> None:
    index = index_of("Hi Arhtur, thanksMary.", "Arhtur wrote: Arhtur again", "mary and will")
    assert index.count_for("Arhtur", "U0") == 2
    assert index.count_for("thanksMary", "U1") == 1
    assert "mary" not in index.threads
    assert index.members["t1"] == {"U0", "U1"}


def test_index_watches_lower_case_known_names_and_lost_accents() -> None:
    index = index_of("ask mary or G?nther", watched=frozenset({"mary"}))
    assert index.count_for("mary", "U0") == 1
    assert index.count_for("G?nther", "U0") == 1


def test_index_skips_sentence_initial_common_words_and_addresses() -> None:
    index = index_of("Will you come? Ask Will. Mail mary.smith@example.org", watched=frozenset({"mary"}))
    assert index.threads["Will"]["t1"] == 1
    assert index.lexicon.capitalised["will"] == 1
    assert "mary" not in index.threads


# ---------------------------------------------------------------- variants


@pytest.mark.parametrize(
    ("text", "initials"),
    [
        ("Present: GV, KM, TQ", ["GV", "KM", "TQ"]),
        ("PRESENT : GV; KM", ["GV", "KM"]),
        ("  In attendance: GV (chair), KM & TQ.", ["GV", "KM", "TQ"]),  # a remark in brackets
        ("Apologies for absence: Ingrid Solberg, OL, BA", ["OL", "BA"]),  # among names
        ("attendees: GV KM", ["GV", "KM"]),  # separated by spaces
        ("> Present: GV, KM", ["GV", "KM"]),  # quoted
        ("Present: GV", []),  # one alone
        ("Present: GV, KM and the team", []),  # not a list of people
        ("Present: Greta, Kay", []),  # no initials
        ("Re: GV, KM", []),  # no label of minutes
        ("He was present: GV, KM", []),  # not opening its line
        ("Present:\nGV, KM", []),  # the list on the next line
    ],
)
def test_listed_initials(text: str, initials: list[str]) -> None:
    assert listed_initials(text) == initials


@pytest.mark.parametrize(("name", "edits"), [("Rob", 0), ("Mary", 1), ("Arthur", 1), ("Margaret", 2)])
def test_allowed_edits_grow_with_length(name: str, edits: int) -> None:
    assert allowed_edits(name) == edits


def vocabulary(tokens: list[str], known: frozenset[str] = frozenset(), lower: tuple[str, ...] = ()) -> Vocabulary:
    lexicon = Lexicon()
    for word in lower:
        for _ in range(3):
            lexicon.observe(word, False)
    return Vocabulary(tokens, lexicon, known)


@pytest.mark.parametrize(
    ("name", "token", "found"),
    [
        ("Arthur", "Arhtur", True),      # transposition is one edit
        ("Arthur", "Arthr", True),
        ("Margaret", "Margret", True),
        ("Elizabeth", "Elisabeth", True),
        ("Cristina", "Chritina", True),  # two edits allowed from eight letters
        ("Mary", "Mark", False),         # an ordinary word
        ("Mary", "Gary", False),         # a different first letter
        ("Rob", "Bob", False),           # too short for misspellings
        ("Robert", "Roberta", False),    # a known name of someone else
        ("David", "Davids", False),      # a possessive without apostrophe
        ("Martin", "Marine", False),     # two edits for a six-letter name
        ("Kenyan", "Kenya", False),      # a country, no misspelling of a name
        ("Persian", "Persia", False),    # a land of history books (of a user registered as "Persian Quill")
        ("Tamila", "Tamil", False),      # a people's word
    ],
)
def test_misspellings(name: str, token: str, found: bool) -> None:
    vocab = vocabulary([token], known=frozenset({"roberta"}))
    assert (token in vocab.misspellings(name)) is found


@pytest.mark.parametrize(
    ("name", "token", "found"),
    [
        ("Kay", "Kaaaay", True),          # a letter drawn out, as chat writes names
        ("Kay", "KAYYYY", True),          # in capitals
        ("Kay", "kaaay", True),           # in lower case: the name is no word
        ("Anna", "Annnnaaa", True),       # a double letter drawn out
        ("Tobias", "Tobiasss", True),
        ("Kay", "Kaay", False),           # a letter twice: a misspelling's or another name's
        ("Kay", "Kaaaty", False),         # another name drawn out
        ("Mark", "Marrrk", True),         # capitalised: the name's
        ("Mark", "marrrk", False),        # in lower case: the word "mark" drawn out
        ("Al", "Aaaal", False),           # a name too short
        ("Kay", "Kay", False),            # the name itself
    ],
)
def test_drawn_out_forms(name: str, token: str, found: bool) -> None:
    vocab = vocabulary([token], lower=("mark",))
    assert (token in vocab.drawn_out_forms(name)) is found


@pytest.mark.parametrize(
    ("name", "token", "found"),
    [
        ("Tobiah", "Tobi", True),         # the first letters of a given name
        ("Marguerite", "Margue", True),
        ("Ignatius", "Igna", True),
        ("Tobiah", "Tob", False),         # three letters: too often another word or name
        ("Tobiah", "Tobia", False),       # one letter short: a misspelling, not a clipped name
        ("Tobiah", "Tobi", True),
        ("Tobiah", "Tabi", False),        # not the name's first letters
        ("Tobiah", "tobi", False),        # lower case
        ("Tobiah", "TOBI", False),        # all capitals: a code or a heading
        ("Annemarie", "Anne", False),     # a known name
        ("Pearlina", "Pearl", False),     # an ordinary word in this corpus
        ("Ambrose", "Ambie", True),       # three letters or more and a pet ending
        ("Wenceslas", "Wenz", True),
        ("Tobiah", "Tobs", True),  # "s"
        ("Ambrose", "Amie", False),       # not the name's first three letters
        ("Ambrose", "Ambrosey", False),   # the stem leaves out fewer than two letters
        ("Ambrose", "Ambrel", False),     # no pet ending
        ("Ambrose", "Amy", False),        # two letters and an ending
        ("Ottilie", "Ottie", True),
        ("Otto", "Ott", False),           # a name too short to clip
    ],
)
def test_clippings(name: str, token: str, found: bool) -> None:
    vocab = vocabulary([token], known=frozenset({"anne"}), lower=("pearl",))
    assert (token in vocab.clippings(name)) is found


@pytest.mark.parametrize(
    ("name", "token", "found"),
    [("Robert", "RObert", True), ("Mary", "MARY", True), ("Mary", "mary", True), ("Will", "will", False),
     ("Ed", "ED", False)],
)
def test_case_variants(name: str, token: str, found: bool) -> None:
    assert (token in vocabulary([token], lower=("will",)).case_variants(name)) is found


@pytest.mark.parametrize(
    ("name", "token"),
    [("José", "Jose"), ("G\ufffdnther", "G?nther"), ("G\ufffdnther", "Guenther"), ("G\ufffdnther", "Gunther"),
     ("\ufffdystein", "Oystein"), ("Müller", "Mueller"), ("Müller", "Muller"), ("Mueller", "Müller"),
     ("Søren", "Soren"), ("Søren", "Soeren"), ("Soeren", "Søren"), ("Łukasz", "Lukasz"), ("Åsa", "Aasa"),
     ("François", "FRANCOIS")],
)
def test_accent_variants(name: str, token: str) -> None:
    assert token in vocabulary([token, "Other"]).accent_variants(name)


@pytest.mark.parametrize(("name", "token"), [("Müller", "Mueler"), ("Muller", "Mueller"), ("Soren", "Soeren")])
def test_no_accent_variant_without_an_accent(name: str, token: str) -> None:
    """Spelt-out umlauts come from a name that has them: "Muller" and "Mueller" are two names."""
    assert token not in vocabulary([token, "Other"]).accent_variants(name)


# ---------------------------------------------------------------- stylised forms and initials


@pytest.mark.parametrize(
    ("text", "stylised", "initials"),
    [("R o b e r t", True, False), ("-RG-", True, True), ("R.G.", True, True), ("R-J", True, True),
     ("MJ", False, True), ("Robert", False, False), ("ROBERT", False, False)],
)
def test_stylised_and_initials(text: str, stylised: bool, initials: bool) -> None:
    assert is_stylised(text) is stylised
    assert is_initials(text) is initials


@pytest.mark.parametrize(
    ("registered", "initials"),
    [
        ("Mary Jane Poe", {"MJP", "MJ", "MP"}),  # all words, the given names, first and last
        ("Robert Grey", {"RG"}),
        ("Anne Smith-Jones", {"ASJ", "AS"}),  # a hyphenated surname's parts
        ("Mei-Ling Tsao", {"MLT", "ML", "MT"}),  # a hyphenated given name's parts: "ML" signs as "MJ" does
        ("Jean-Pierre Dupont", {"JPD", "JP", "JD"}),
        ("Cher", set()),
    ],
)
def test_initials_of_registered_names(registered: str, initials: set[str]) -> None:
    assert initials_of(registered) == initials


def test_letters_of_a_stylised_form() -> None:
    assert letters("-R.G.-") == "RG"


@pytest.mark.parametrize(
    ("text", "registered", "tags", "doubtful"),
    [("MJ", "Mary Jane Poe", ("initials",), False), ("-MJ-", "Mary Jane Poe", ("stylised", "initials"), False),
     ("CA", "John Grey", (), True), ("R o b", None, ("stylised",), False), ("Rob", "Robert Grey", (), False)],
)
def test_signature_tags(text: str, registered: str | None, tags: tuple[str, ...], doubtful: bool) -> None:
    assert signature_tags(text, registered) == (tags, doubtful)


# ---------------------------------------------------------------- glued words


@pytest.mark.parametrize(
    ("token", "name"),
    [("thanksMary", "Mary"), ("HiRob", "Rob"), ("MaryThanks", "Mary"), ("McDonald", None),
     ("PowerPoint", None), ("Rosemary", None)],
)
def test_glued_name(token: str, name: str | None) -> None:
    names = {"Mary", "Rob", "Donald"}
    words = {"thanks", "hi", "power", "point"}
    assert glued_name(token, names.__contains__, lambda piece: piece.lower() in words) == name


def test_pieces() -> None:
    assert pieces("thanksMaryJane") == ["thanks", "Mary", "Jane"]


# ---------------------------------------------------------------- attribution


POSTS = {"t": [(0, "A"), (1, "B"), (2, "C")]}


@pytest.mark.parametrize(
    ("parent", "owners", "expected", "familiar"),
    [
        ("B", {}, [Attribution("B", "Mary", False)], None),                 # nobody known: the parent
        ("B", {"Mary": {"B", "A"}}, [Attribution("B", "Mary", False)], None),  # the parent has it
        ("B", {"Mary": {"A"}}, [Attribution("A", "Mary", True)], None),      # another poster of the thread has it
        ("B", {"Mary": {"Z"}}, [Attribution("Z", "Mary", True)], None),      # one participant outside the thread has it
        ("B", {"Mary": {"Y", "Z"}}, [], None),                               # several outside: theirs, nobody's here
        (None, {"Mary": {"A"}}, [Attribution("A", "Mary", True)], None),     # no parent: the thread decides
        (None, {}, [], None),                                               # no parent, nobody: nothing
        # a familiar form of the parent's registered name is theirs, though somebody else is registered with it
        ("B", {"Mary": {"Y", "Z"}}, [Attribution("B", "Mary", True)], {"Mary": {"B"}}),
        ("B", {"Mary": {"A"}}, [Attribution("B", "Mary", True)], {"Mary": {"B"}}),
        ("B", {"Mary": {"Y", "Z"}}, [], {"Mary": {"Y"}}),              # a form of somebody else's: no parent's
        # a reply to one's own message (the sender is C) greets somebody else: the last other poster before it
        ("C", {}, [Attribution("B", "Mary", True)], None),
        ("C", {"Mary": {"A"}}, [Attribution("A", "Mary", True)], None),      # a poster of the thread who has it
        ("C", {"Mary": {"C"}}, [Attribution("C", "Mary", False)], None),     # the sender's own name stays theirs
    ],
)
def test_attribution(parent: str | None, owners: dict[str, set[str]], expected: list[Attribution],
                     familiar: dict[str, set[str]] | None) -> None:
    greeting = Greeting(3, "t", "C", parent, ("Mary",))
    assert list(attribute(greeting, owners, POSTS, familiar)) == expected


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (("Bob", "Ann"), [Attribution("B", "Bob", False), Attribution("B", "Ann", True)]),  # Ann, nobody's, beside
        (("Ann", "Bob"), [Attribution("B", "Ann", True), Attribution("B", "Bob", False)]),  # the parent's: doubtful
        (("Ann",), [Attribution("B", "Ann", False)]),  # alone: the parent's
        (("Ann", "Mary"), [Attribution("B", "Ann", False), Attribution("A", "Mary", True)]),  # beside someone else's
    ],
)
def test_a_name_nobody_has_beside_the_parents_is_doubtful(names: tuple[str, ...],
                                                                expected: list[Attribution]) -> None:
    greeting = Greeting(3, "t", "C", "B", names)
    assert list(attribute(greeting, {"Bob": {"B"}, "Mary": {"A"}}, POSTS)) == expected


def test_tally_counts_what_attribute_gives_in_the_order_first_made() -> None:
    owners = {"Mary": {"A"}, "Bob": {"B", "C"}, "Cy": {"C"}, "Di": {"Y", "Z"}}
    people = ["A", "B", "C", None]
    greetings = Greetings()
    added = [
        Greeting(position, "t", sender, parent, names, recipients)
        for position, (sender, parent, names, recipients) in enumerate(
            (sender, parent, names, recipients)
            for sender in people[:3] for parent in people
            for names in [("Mary",), ("Bob", "Cy"), ("Di", "Ann"), ("Cy", "Cy"), ("Bob", "Ann"), ("Ann", "Mary")]
            for recipients in [(), ("B",), ("A", "C")]
        )
    ]
    for greeting in added:
        greetings.append(greeting)
    posts = {"t": [(greeting.position, greeting.sender) for greeting in added]}
    expected: dict[Attribution, int] = {}
    for greeting in added:
        for attribution in attribute(greeting, owners, posts):
            expected[attribution] = expected.get(attribution, 0) + 1
    counted = tally(greetings, owners, posts)
    assert list(counted.items()) == list(expected.items())


# ---------------------------------------------------------------- suggestions


def test_discover_suggests_variants_where_the_participant_is_active() -> None:
    index = TokenIndex(watched=frozenset({"robert", "bob"}))
    texts = ["Thanks Bob, and RObert said so.", "Hi all, thanksMargret", "Margaret agrees.", "HiBob"]
    for number, text in enumerate(texts):
        index.add(Message(str(number), "U2", text, "U1", "t1" if number < 3 else "t2", ""))
    table = parse_table("Robert,Bob;Rob\n")
    known = Known({"U1": {"Robert"}, "U3": {"Margaret"}}, {"U1": ["Robert"], "U3": ["Margaret"]})
    found = {(s.participant, s.text): (s.count, s.tags) for s in discover(known, index, table)}
    assert found[("U1", "Bob")] == (1, ("nickname",))
    assert found[("U1", "RObert")] == (1, ("case",))
    assert ("U3", "Margret") not in found  # U3 is not active in the thread


def suggested_where_u1_is(texts: list[str], known: Known, index: TokenIndex) -> dict[tuple[str, str], tuple[str, ...]]:
    """Discovery's suggestions (tags) when the first two texts are in U1's thread and the others each in a thread of
    its own that U1 is not in."""
    for number, text in enumerate(texts):
        index.add(Message(str(number), "U2", text, "U1" if number < 2 else "U3", "t1" if number < 2 else f"t{number}",
                          ""))
    return {(s.participant, s.text): s.tags for s in discover(known, index, parse_table(""))}


def test_a_misspelt_full_name_is_no_product_however_often_written_elsewhere() -> None:
    texts = ["Greta, the build is done.", "Thanks Greta Volmer."] + ["As Greta Volmer said."] * 6
    index = TokenIndex(watched=frozenset({"greta"}), sequence_words=frozenset({"greta", "vollmer"}))
    known = Known({"U1": {"Greta Vollmer", "Greta"}}, {"U1": ["Greta Vollmer", "Greta", "Vollmer"]})
    assert suggested_where_u1_is(texts, known, index).get(("U1", "Greta Volmer")) == ("fuzzy",)


@pytest.mark.parametrize(
    ("texts", "found"),
    [
        (["Greta, the build is done.", "Thanks Grete."], True),  # a misspelling where its owner is
        (["Greta, the build is done.", "Thanks Grete."] + ["Grete runs on it."] * 3, True),  # too few uses to tell
        # one letter from her name, and a product everyone names everywhere
        (["Greta, the build is done.", "Thanks Grete."] + ["Grete runs on it."] * 20, False),
    ],
)
def test_discover_suggests_a_misspelling_no_file_uses_mostly_elsewhere(texts: list[str], found: bool) -> None:
    known = Known({"U1": {"Greta"}}, {"U1": ["Greta Vollmer"]})
    suggested = suggested_where_u1_is(texts, known, TokenIndex(watched=frozenset({"greta"})))
    assert (suggested.get(("U1", "Grete")) == ("fuzzy",)) is found


@pytest.mark.parametrize(
    ("texts", "found"),
    [
        (["Tobi, can you book the room?", "Thanks Tobiah."], True),  # where the participant is
        (["Sure, Tobi and I will.", "Tobi Harbour is closed."] + ["Tobi Harbour again."] * 20, False),  # a place
        # next to an ordinary word, but used mostly away from its owner's threads
        (["Sure, Tobi and I will.", "Thanks Tobiah."] + ["The Tobi point is dry."] * 20, False),
    ],
)
def test_discover_suggests_a_clipped_given_name_where_its_owner_is(texts: list[str], found: bool) -> None:
    known = Known({"U1": {"Tobiah"}}, {"U1": ["Tobiah Quell"]})
    suggested = suggested_where_u1_is(texts, known, TokenIndex(watched=frozenset({"tobiah"})))
    assert (suggested.get(("U1", "Tobi")) == ("nickname",)) is found


# ---------------------------------------------------------------- greetings in columns


def test_greetings_in_columns_give_back_what_was_added() -> None:
    added = [Greeting(3, "t1", "U1", None, ("Mary",)), Greeting(9, "t2", "U2", "U1", ("Mary",), ("U1",))]
    greetings = Greetings()
    for greeting in added:
        greetings.append(greeting)
    later = pickle.loads(pickle.dumps(greetings))
    greetings.extend(later)
    assert list(greetings) == added + added
    assert len(greetings) == 4
    assert greetings.greeted.labels == [("Mary",)] and greetings.addressed.labels == [(), ("U1",)]  # each once
    assert greetings.greeted_names() == {"Mary"}
