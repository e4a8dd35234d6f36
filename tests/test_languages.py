"""Language packs: greetings, sign-offs, titles, inflected names and familiar forms per language (invented names)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nicknames.apply.inflection import inflected_names
from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.scope_names import scope_names
from nicknames.apply.substitute import substitute_message
from nicknames.cli import app
from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.variants import Vocabulary
from nicknames.io.config import load_config
from nicknames.io.mapping_file import parse_mapping
from nicknames.model.errors import InputError
from nicknames.model.mapping import Mapping
from nicknames.model.messages import Message
from nicknames.rules.languages import (
    LANGUAGES,
    inflected_forms,
    language_pack,
    language_words,
    languages,
    parse_languages,
)
from nicknames.rules.nickname_table import builtin_table
from nicknames.rules.salutations import Rules, greeting_names
from nicknames.rules.signoffs import signoff_names
from nicknames.rules.stopwords import common_words, name_words

GREETINGS = [
    ("sv", "Hej Anna,", ("Anna",)),
    ("sv", "Tack Anna!", ("Anna",)),
    ("sv", "Hej Lisa, Maja och Nils", ("Lisa", "Maja", "Nils")),
    ("sv", "Hej alla,", ()),
    ("sv", "Kära Sigrid,", ("Sigrid",)),
    ("de", "Hallo Peter,", ("Peter",)),
    ("de", "Danke Lena", ("Lena",)),
    ("de", "Hallo Herr Vogel,", ("Vogel",)),
    ("de", "Hallo Frau Dr. Weber,", ("Weber",)),
    ("de", "Hallo zusammen,", ()),
    ("de", "Liebe Greta und Jonas,", ("Greta", "Jonas")),
    ("es", "Hola María,", ("María",)),
    ("es", "Gracias José,", ("José",)),
    ("es", "Querida Lucía", ("Lucía",)),
    ("es", "Querida profesora Ortega,", ("Ortega",)),
    ("es", "Hola a todos,", ()),
    ("es", "Hola Inés y Tomás,", ("Inés", "Tomás")),
    ("fr", "Bonjour Monsieur,", ()),
    ("fr", "Bonjour Madame Dupont,", ("Dupont",)),
    ("fr", "Salut Margaux,", ("Margaux",)),
    ("fr", "Bonjour à tous,", ()),
    ("nl", "Hoi Sanne,", ("Sanne",)),
    ("nl", "Beste Joost,", ("Joost",)),
    ("nl", "Hoi allemaal,", ()),
    ("nl", "Dag,", ("Dag",)),
    ("it", "Ciao Giulia,", ("Giulia",)),
    ("it", "Ciao a tutti,", ()),
    ("it", "Cara Chiara e Matteo,", ("Chiara", "Matteo")),
    ("pt", "Olá Joana,", ("Joana",)),
    ("pt", "Obrigado Tiago,", ("Tiago",)),
    ("pt", "Oi pessoal,", ()),
    ("pt", "Valeu Tiago e Joana!", ("Tiago", "Joana")),  # Brazilian thanks
    ("pt", "E aí Tiago,", ("Tiago",)),
    ("fi", "Hei Mikko,", ("Mikko",)),
    ("fi", "Moi kaikki!", ()),
    ("fi", "Hyvä Aino ja Eero,", ("Aino", "Eero")),
    ("da", "Kære Mette,", ("Mette",)),
    ("da", "Hej allesammen,", ()),
    ("no", "Hei Ingrid,", ("Ingrid",)),
    ("no", "Kjære Sindre og Oda,", ("Sindre", "Oda")),
    ("en", "Hi Mary and Rob,", ("Mary", "Rob")),
    ("en", "Cara,", ("Cara",)),
    ("en", "Congrats,", ()),
    # a word that greets without naming anyone ("Dear friend"), in each language
    ("de", "Lieber Freund,", ()),
    ("de", "Hallo Freunde,", ()),
    ("es", "Hola amigo,", ()),
    ("es", "Querida compañera,", ()),
    ("it", "Ciao amico,", ()),
    ("pt", "Olá amiga,", ()),
    ("nl", "Hoi vriend,", ()),
    ("sv", "Hej vän,", ()),
    ("no", "Hei venn,", ()),
    ("da", "Kære ven,", ()),
    ("fi", "Hei ystävä,", ()),
    ("en", "Hey dude,", ()),
    ("en", "Hey Buddy,", ("Buddy",)),  # a name too: the familiar form of a Bud
    ("en", "Thanks mate!", ()),
    ("en", "Hi Bro,", ()),
    ("en", "Cheers lads,", ()),
    ("en", "Hi Mateo,", ("Mateo",)),
    ("de", "Hallo Peter und Freunde,", ("Peter",)),
    ("en", "Gudday,", ()),  # a greeting word, no name
    ("en", "Hi kidz,", ()),
    ("en", "Pssst,", ()),
]


@pytest.mark.parametrize(("language", "line", "expected"), GREETINGS)
def test_greetings_per_language(language: str, line: str, expected: tuple[str, ...]) -> None:
    assert greeting_names(line + "\n\nEn fråga om kursen.") == expected


SIGNOFFS = [
    ("sv", "Mvh Erik", ("Erik",)),
    ("sv", "Med vänliga hälsningar\nErik", ("Erik",)),
    ("sv", "/Erik", ("Erik",)),
    ("sv", "Kram,\nSigrid", ("Sigrid",)),
    ("de", "LG, Lena", ("Lena",)),
    ("de", "Gruß Jonas", ("Jonas",)),
    ("de", "Viele Grüße,\nJonas", ("Jonas",)),
    ("de", "VG\nAnke", ("Anke",)),
    ("es", "Saludos,\nLucía", ("Lucía",)),
    ("es", "Un abrazo, Mateo", ("Mateo",)),
    ("fr", "Bises, Claire", ("Claire",)),
    ("fr", "Cordialement,\nAmélie", ("Amélie",)),
    ("nl", "Groetjes, Jan", ("Jan",)),
    ("nl", "Met vriendelijke groet,\nDaan", ("Daan",)),
    ("it", "Un saluto, Beppe", ("Beppe",)),
    ("pt", "Abraços,\nJoana", ("Joana",)),
    ("pt", "Att.,\nJoana", ("Joana",)),
    ("pt", "Abs,\nJoana", ("Joana",)),
    ("pt", "Valeu, Joana", ("Joana",)),
    ("fi", "Terveisin Mikko", ("Mikko",)),
    ("fi", "T. Mikko", ("Mikko",)),
    ("da", "Venlig hilsen\nMette", ("Mette",)),
    ("no", "Hilsen Ingrid", ("Ingrid",)),
    ("de", "Lg\nLena", ("Lena",)),
    ("en", "Thanks,\nGR", ("GR",)),
    ("en", "MFG", ("MFG",)),  # capitals alone are someone's initials, not "mit freundlichen Grüßen"
    ("en", "Thanks,\nLG", ("LG",)),
    ("en", "HTH Ann", ("Ann",)),  # "hope this helps" closes
    ("en", "HTH,\nAnn", ("Ann",)),
    ("en", "Sheesh.", ()),  # a sigh, no name
    ("en", "Thanks,\nSigh...", ()),
    ("en", "Huh?", ()),
]


@pytest.mark.parametrize(("language", "closing", "expected"), SIGNOFFS)
def test_signoffs_per_language(language: str, closing: str, expected: tuple[str, ...]) -> None:
    assert signoff_names("Hej,\n\nEn fråga om kursen.\n\n" + closing) == expected


INFLECTED = [
    ("sv", "Anna", "Annas bok är bra.", "[U2]s bok är bra."),
    ("sv", "Erik", "Jag läste Eriks text.", "Jag läste [U2]s text."),
    ("de", "Jonas", "Jonas' Idee war gut.", "[U2]' Idee war gut."),
    ("de", "Lena", "Lenas Frage", "[U2]s Frage"),
    ("nl", "Sanne", "Sannes vraag en Sanne's antwoord", "[U2]s vraag en [U2]'s antwoord"),
    ("fi", "Mikko", "Puhuin Mikon kanssa ja Mikolle eilen.", "Puhuin [U2]n kanssa ja [U2]lle eilen."),
    ("fi", "Aino", "Ainon kysymys Ainolle", "[U2]n kysymys [U2]lle"),
    ("fi", "Mäki", "Mäkistä ja Mäkille", "[U2]stä ja [U2]lle"),
    ("da", "Mette", "Mettes spørgsmål", "[U2]s spørgsmål"),
    ("en", "Mary", "Mary's idea, not Marys", "[U2]'s idea, not [U2]s"),
    ("en", "Eve", "Evening, Even, Eve", "Evening, Even, [U2]"),
    ("en", "Ann", "Anna met Ann", "Anna met [U2]"),
]


@pytest.mark.parametrize(("language", "name", "text", "expected"), INFLECTED)
def test_inflected_names_keep_their_ending(language: str, name: str, text: str, expected: str) -> None:
    mapping = Mapping({"U2": [name]})
    new, records = substitute_message(Message("m1", "U1", text, None, "t", "s"), scope_names(mapping, {"U2"}),
                                      IdTemplate())
    assert new == expected
    assert all(record.original.startswith(name[:3]) for record in records)


def test_a_name_that_is_a_word_has_no_inflected_forms() -> None:
    mapping = parse_mapping("U2 | Persian [3; classlist, word] | Greta [2; classlist]\n")
    text = "The Persians and Gretas of this world."
    new, _ = substitute_message(Message("m1", "U1", text, None, "t", "s"), scope_names(mapping, {"U2"}), IdTemplate())
    assert new == "The Persians and [U2]s of this world."  # the plural of the word stays


@pytest.mark.parametrize(
    ("name", "form", "ending"),
    [("Anna", "Annas", 1), ("Mikko", "Mikon", 1), ("Mikko", "Mikolle", 3), ("Pekka", "Pekan", 1),
     ("Antti", "Antilla", 3), ("Mikko", "Mikkoa", 1), ("Aino", "Ainoa", 1)],
)
def test_inflected_forms_follow_the_packs(name: str, form: str, ending: int) -> None:
    assert inflected_forms(name)[form] == ending


@pytest.mark.parametrize(("name", "word"), [("India", "Indian"), ("Korea", "Korean"), ("Asia", "Asian")])
def test_a_nationality_is_no_inflected_form(name: str, word: str) -> None:
    forms = inflected_names({name: ["u2"]}, set())
    assert word not in forms and f"{name}s" in forms  # "Indian" is no Finnish "India" + "n"; "Indias" still is


@pytest.mark.parametrize("name", ["Li", "MARY", "mary", "Rob3", "O'Neil"])
def test_no_forms_for_what_is_not_a_capitalised_name_of_letters(name: str) -> None:
    assert inflected_forms(name) == {}


def test_no_ending_that_doubles_the_last_letter() -> None:
    assert "Jonass" not in inflected_forms("Jonas")
    assert "Annaa" not in inflected_forms("Anna")


def test_inflected_forms_only_for_the_chosen_packs() -> None:
    assert inflected_forms("Mikko", ("en",)) == {}
    assert set(inflected_forms("Anna", ("sv",))) == {"Annas"}


@pytest.mark.parametrize(
    ("given", "form"),
    [("Karl", "Kalle"), ("José", "Pepe"), ("Francisco", "Paco"), ("Giuseppe", "Beppe"), ("Hans", "Hansi"),
     ("Jan", "Janne"), ("Lars", "Lasse"), ("Dolores", "Lola"), ("Cornelis", "Kees"), ("Nicolas", "Nico"),
     ("Johannes", "Jussi"), ("Margrethe", "Mette"), ("Francisco", "Chico"), ("Robert", "Bob")],
)
def test_familiar_forms_per_language(given: str, form: str) -> None:
    table = builtin_table()
    assert form in table.familiar_forms(given)
    assert given in table.given_names(form)


def test_familiar_forms_of_a_pack_left_out_come_from_the_others_only() -> None:
    assert "Kalle" not in builtin_table(("en",)).familiar_forms("Karl")
    assert "Kalle" in builtin_table(("sv",)).familiar_forms("Karl")


@pytest.mark.parametrize("name", ["hans", "ernst", "rosa", "roos", "fortunata", "toivo", "will", "mark", "dag"])
def test_names_that_are_words(name: str) -> None:
    assert name in name_words()
    assert name in common_words()


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_pack_says_where_its_lists_come_from(code: str) -> None:
    pack = language_pack(code)
    assert pack.code == code and pack.name
    assert len(pack.sources) > 80 and "for this project" in pack.sources
    if code != "en":
        assert pack.greetings and pack.closers and pack.group_words and pack.titles and pack.conjunctions
        assert pack.familiar and pack.name_words and pack.sample.greetings and pack.sample.given_names


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_no_familiar_form_or_sample_name_is_an_ordinary_word(code: str) -> None:
    words = language_words()
    pack = language_pack(code)
    assert not {form for _, form in pack.familiar if form.casefold() in words}
    assert not {name for name in pack.sample.given_names + pack.sample.surnames if name.casefold() in words}


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_greeting_words_are_not_names(code: str) -> None:
    """A pack's single-word greetings and closers are stop words, unless the pack says the word is also a name."""
    pack = language_pack(code)
    plain = {word for word in pack.greetings + pack.closers if word.isalpha()}
    assert plain <= Rules().stopwords | pack.names_too | common_words(), plain - Rules().stopwords


@pytest.mark.parametrize(
    ("token", "lower", "candidate"),
    [("Han", 1, False), ("Hon", 2, False), ("Sulla", 1, False), ("Degli", 1, False), ("Annna", 1, True),
     ("Han", 0, True), ("Hoe", 0, True)],
)
def test_a_word_of_a_pack_the_corpus_uses_is_no_misspelling(token: str, lower: int, candidate: bool) -> None:
    """"Han" in Swedish threads (where "han" is written too) is the pronoun; alone in English threads it may be a
    misspelling."""
    lexicon = Lexicon()
    lexicon.lower[token.casefold()] = lower
    vocabulary = Vocabulary([token], lexicon, frozenset())
    assert (token in [t for tokens in vocabulary.by_shape.values() for t in tokens]) is candidate


@pytest.mark.parametrize(
    ("text", "expected"),
    [("sv,en", ("sv", "en")), (" fi ", ("fi",)), ("all", LANGUAGES), ("", LANGUAGES), ("SV,sv", ("sv",))],
)
def test_parse_languages(text: str, expected: tuple[str, ...]) -> None:
    assert parse_languages(text) == expected


def test_an_unknown_language_is_an_error() -> None:
    with pytest.raises(InputError, match="Unknown language 'xx'; choose from en, sv"):
        parse_languages("sv,xx")


def test_rules_for_some_languages_leave_the_others_out() -> None:
    english = Rules.for_languages(("en",))
    assert greeting_names("Tack Anna,", english) == ("Tack Anna",)
    assert greeting_names("Tack Anna,", Rules.for_languages(("sv",))) == ("Anna",)
    assert languages(("sv",)).conjunctions == ("och",)


def test_config_file_chooses_languages(tmp_path: Path) -> None:
    path = tmp_path / "nicknames.toml"
    path.write_text('[collect]\nlanguages = ["sv", "en"]\n')
    assert load_config(path).languages == ("sv", "en")
    path.write_text('[collect]\nlanguages = ["sv", "klingon"]\n')
    with pytest.raises(InputError, match=r"nicknames.toml: \[collect\] languages: Unknown language 'klingon'"):
        load_config(path)


def write(tmp_path: Path) -> tuple[Path, Path]:
    messages = tmp_path / "m.csv"
    messages.write_text(
        "message_id,parent_id,user_id,text\n"
        '1,,U1,"Hej alla,\n\nEn fråga.\n\nMvh Anna"\n'
        '2,1,U2,"Tack Anna,\n\nAnnas fråga är bra.\n\nLG, Lena"\n',
        encoding="utf-8",
    )
    class_list = tmp_path / "c.csv"
    class_list.write_text("user_id,full_name\nU1,Anna Berg\nU2,Lena Vogel\n", encoding="utf-8")
    return messages, class_list


def test_collect_and_apply_keep_greeting_words(tmp_path: Path) -> None:
    messages, class_list = write(tmp_path)
    runner = CliRunner()
    result = runner.invoke(app, ["collect", str(messages), "--class-list", str(class_list), "-o",
                                 str(tmp_path / "map.txt"), "--languages", "sv,de", "-q"], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    mapping = (tmp_path / "map.txt").read_text(encoding="utf-8")
    assert "Tack" not in mapping and "LG" not in mapping
    result = runner.invoke(app, ["apply", str(messages), str(tmp_path / "map.txt"), "-o", str(tmp_path / "out.csv"),
                                 "-q"], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    out = (tmp_path / "out.csv").read_text(encoding="utf-8")
    assert "Tack [U1]," in out and "[U1]s fråga" in out and "LG, [U2]" in out and "Mvh [U1]" in out


def test_an_unknown_language_on_the_command_line_is_one_line(tmp_path: Path) -> None:
    messages, _ = write(tmp_path)
    result = CliRunner().invoke(app, ["collect", str(messages), "-o", str(tmp_path / "map.txt"), "--languages", "xx"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("Error: Unknown language 'xx'") and result.stderr.count("\n") == 1
    assert not (tmp_path / "map.txt").exists()


@pytest.mark.parametrize("code", ["sv", "fi", "de"])
def test_sample_in_a_language_is_found_by_collect_and_apply(tmp_path: Path, code: str) -> None:
    corpus = tmp_path / "corpus"
    runner = CliRunner()
    result = runner.invoke(app, ["sample", str(corpus), "--language", code, "-n", "150", "--participants", "12",
                                 "--sessions", "1", "-q"], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    texts = (corpus / "messages.csv").read_text(encoding="utf-8")
    assert any(template.split("{")[0] in texts for template in language_pack(code).sample.greetings)
    args = [str(corpus / "messages.csv"), "--class-list", str(corpus / "class_list.csv"), "-o", str(tmp_path / "m.txt")]
    assert runner.invoke(app, ["collect", *args, "-q"], catch_exceptions=False).exit_code == 0
    out = tmp_path / "out.csv"
    runner.invoke(app, ["apply", str(corpus / "messages.csv"), str(tmp_path / "m.txt"), "-o", str(out), "-q"],
                  catch_exceptions=False)
    result = runner.invoke(app, ["evaluate", str(corpus / "gold_mapping.txt"), str(tmp_path / "m.txt"),
                                 "--gold-spans", str(corpus / "gold_spans.csv"), "-p", str(out), "--json"])
    report = json.loads(result.stdout)
    assert report["mapping"]["names"]["recall"] > 0.8
    assert report["output"]["replaced"] >= 0.97 * report["output"]["mentions"]


def test_sample_in_an_unknown_language_is_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["sample", str(tmp_path / "c"), "--language", "xx"])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith("Error: Unknown language 'xx'") and result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Hej,\n\nEn fråga.\n\nT. Aapo Lindgren", "Aapo Lindgren"),  # the Finnish closer is no initial
        ("Cara Claudio,\n\nUna domanda su Vera Rossi.", "Vera Rossi"),  # a greeting word that is a name
        ("Hej,\n\nSom Pekka Nieminen skrev igår.", "Pekka Nieminen"),  # "Som" opens the sentence
        ("Hi,\n\nI met J. Aapo Lindgren there.", "J. Aapo Lindgren"),
    ],
)
def test_people_who_are_not_participants_keep_pack_words_out(text: str, found: str) -> None:
    from nicknames.collect.discover.other_names import Known
    from nicknames.collect.discover.others import find_others

    names = find_others([text], Known(frozenset(), frozenset()), Lexicon())
    assert found in str(names) and "Cara" not in str(names) and "Som " not in str(names) and "T. " not in str(names)


@pytest.mark.parametrize(
    "text",
    ["Hej,\n\n> Som Barbro Ek skrev igår.", "Jag läste Amin Olofssons text."],
)
def test_a_participant_in_a_quote_or_inflected_is_not_someone_else(text: str) -> None:
    from nicknames.collect.discover.other_names import Known
    from nicknames.collect.discover.others import find_others

    known = Known(frozenset({"barbro ek", "amin olofsson"}), frozenset())
    assert not find_others([text], known, Lexicon()).counts
