"""Only the personal part of an address, URL, path or hashtag is replaced; one naming nobody stays."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from nicknames.apply.pseudonyms import IdTemplate
from nicknames.apply.scope_names import scope_names
from nicknames.apply.substitute import substitute_message
from nicknames.cli import app
from nicknames.io.mapping_file import parse_mapping
from nicknames.model.mapping import Mapping
from nicknames.model.messages import Message
from nicknames.rules.identifiers import _WORD, _words, identifier_rules
from nicknames.rules.personal_names import personal_names
from tests.conftest import write_csv

MAPPING = Mapping({
    "U1": ["Ann Berg", "Ann", "Berg"],
    "U2": ["Tomas Quell", "Tomas"],
    "U3": ["Ida Rew", "Rew"],
    "U4": ["Ann Lodd", "Will"],  # Ann is shared with U1
})


def _apply(text: str, whole: bool = False) -> str:
    names = scope_names(MAPPING, set(MAPPING.participants))
    rules = identifier_rules(participants=MAPPING.participants, names=MAPPING.names, whole=whole)
    out, _ = substitute_message(Message("m1", "U2", text, None, "t", "s"), names, IdTemplate(), identifiers=rules)
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # addresses: the local part goes, the organisation's domain stays
        ("mail ann.berg@uni.example.org", "mail [U1]@uni.example.org"),
        ("mail aberg@uni.example.org", "mail [U1]@uni.example.org"),  # initial and surname glued
        ("mail tquell7@example.org", "mail [U2]@example.org"),  # a name inside the local part
        ("mail tomas.gottlieb@example.org", "mail [USER]@example.org"),  # ... beside a name of somebody else's
        ("mail tomas.work@example.org", "mail [U2]@example.org"),  # ... beside a word
        ("mail xk42@example.org", "mail [USER]@example.org"),  # nobody known: still personal
        ("mail support@example.org or no-reply@example.org", "mail support@example.org or no-reply@example.org"),
        ("GitBox <git@example.org> wrote:", "GitBox <git@example.org> wrote:"),  # a program's
        ("see dev@foo.example.org and issues@foo.example.org", "see dev@foo.example.org and issues@foo.example.org"),
        ("post to tidewatch-users@example.org", "post to tidewatch-users@example.org"),  # a list's address
        ("apply to employment at example.org", "apply to employment at example.org"),  # an office's
        # ... or one the message names as a list's, in its list manager's page (a footer's)
        ("harbour-sig at example.org\nhttps://lists.example.org/mailman/listinfo/harbour-sig",
         "harbour-sig at example.org\nhttps://lists.example.org/mailman/listinfo/harbour-sig"),
        ("xk42@example.org\nhttps://lists.example.org/mailman/listinfo/harbour-sig",
         "[USER]@example.org\nhttps://lists.example.org/mailman/listinfo/harbour-sig"),
        ("mail berg-office@example.org", "mail [U1]@example.org"),  # a role word, but a name in it
        ("mail ann.berg at uni.example.org", "mail [U1] at uni.example.org"),
        ("<mailto:ann.berg at uni.example.org>", "<mailto:[U1] at uni.example.org>"),
        ("write to tq at lab.example.org.", "write to [USER] at lab.example.org."),  # a plain local part
        ("annberg at example dot org", "[U1] at example dot org"),
        ("ann dot berg at example dot org", "[U1] at example dot org"),
        ("write ann.berg AT uni.example.org", "write [U1] AT uni.example.org"),
        ("see https://example.org/list?author=aberg&page=2", "see https://example.org/list?author=[U1]&page=2"),
        # hosts made of a person's names; an organisation's host stays
        ("see annberg.net", "see [U1].net"),
        ("see https://ann.berg.example.org/cv", "see https://[U1].example.org/cv"),
        ("see www.berg-consult.example.org", "see www.berg-consult.example.org"),
        # a family's own domain: its name is one person's name, no word
        ("mail gv@berg.id.au", "mail [USER]@[U1].id.au"),
        ("mail tq@quell-us.net or tq@mail.quell.example", "mail [USER]@[U2]-us.net or [USER]@mail.[U2].example"),
        ("mail ann@lodd.co.uk", "mail [U4]@[U4].co.uk"),
        ("mail xk@rew.org, xk@will.org, xk@ann.org", "mail [USER]@rew.org, [USER]@will.org, [USER]@ann.org"),
        ("see https://www.lodd.co.uk/", "see https://www.lodd.co.uk/"),  # a web site: a company's as often
        # a display name says whose mailbox it is: another Tomas's, or this one's
        ("Cc: Tomas Young <tomas@example.org>", "Cc: [U2] Young <[USER]@example.org>"),
        ("Cc: Tomas Quell <tomas@example.org>", "Cc: [U2] <[U2]@example.org>"),
        ("Cc: A. Berg <ann.b@example.org>", "Cc: [U1] <[U1]@example.org>"),  # an initial aside
        # ... whatever names the local part glues; quoted, or before Outlook's "[mailto:"
        ('Von: "Tomas Quell" <lunaberg@example.org>', 'Von: "[U2]" <[U2]@example.org>'),
        ("Tomas Quell <tq.berg@example.org<mailto:tq.berg@example.org>>",
         "[U2] <[U2]@example.org<mailto:[U2]@example.org>>"),
        ("From: Tomas Quell [mailto:xk42@example.org]", "From: [U2] [mailto:[U2]@example.org]"),
        ("From:\tTomas Quell[SMTP:xk42 at example.org]", "From:\t[U2][SMTP:[U2] at example.org]"),
        ('"Tomas Q." <xk42@example.org> wrote:', '"[U2]" <[U2]@example.org> wrote:'),  # an initial for the surname
        ("> On Mon, Tomas Quell <\n> xk42@example.org> wrote:", "> On Mon, [U2] <\n> [U2]@example.org> wrote:"),
        ('Von: "Tomas B Quell" <lunaberg@example.org>', 'Von: "[U2] B Quell" <[U2]@example.org>'),  # a middle name
        ("On Mon, at 8:57 AM Tomas Quell <tomas@example.org> wrote:", "On Mon, at 8:57 AM [U2] <[U2]@example.org> wrote:"),
        ("mail xk@tomas.org", "mail [USER]@tomas.org"),  # a given name, no family's
        ("see https://example.org/docs/index.html", "see https://example.org/docs/index.html"),
        # home directories and paths
        ("in /home/aberg/data", "in /home/[U1]/data"),
        ("in C:\\Users\\aberg\\Desktop", "in C:\\Users\\[U1]\\Desktop"),
        ("in ~aberg/notes", "in ~[U1]/notes"),
        ("in /home/xk42/data", "in /home/[USER]/data"),
        # a system's or an example's account is nobody's, nor is the folder in it
        ("in /home/user/offline/src", "in /home/user/offline/src"),
        ("in C:\\Users\\Public\\Desktop and /home/pi/lab", "in C:\\Users\\Public\\Desktop and /home/pi/lab"),
        ("in /home/user/aberg/src", "in /home/user/[U1]/src"),  # a folder made of names still is
        # a site's page after such a piece is no user's name; a user's page is
        ("see https://moodle.example.org/user/view.php?id=42", "see https://moodle.example.org/user/view.php?id=42"),
        ("see https://forum.example.org/users/profile.html", "see https://forum.example.org/users/profile.html"),
        ("see https://example.org/people/aberg.html", "see https://example.org/people/[U1]"),
        ("see https://example.org/~tquell/", "see https://example.org/~[U2]/"),
        ("see https://example.org/people/ann.berg/", "see https://example.org/people/[U1]/"),
        # profiles and code-hosting owners
        ("see twitter.com/annberg", "see twitter.com/[U1]"),
        ("see https://twitter.com/xk42", "see https://twitter.com/[USER]"),
        # a social site's own pages name nobody, nor what follows them
        ("see https://www.youtube.com/watch?v=j-EfyPVpaJ8", "see https://www.youtube.com/watch?v=j-EfyPVpaJ8"),
        ("see https://www.reddit.com/r/statistics/comments/x1", "see https://www.reddit.com/r/statistics/comments/x1"),
        ("see https://www.linkedin.com/company/tidewatch", "see https://www.linkedin.com/company/tidewatch"),
        ("see https://www.facebook.com/groups/12345/", "see https://www.facebook.com/groups/12345/"),
        ("see https://www.reddit.com/user/xk42", "see https://www.reddit.com/user/[USER]"),
        ("see https://www.linkedin.com/in/ann-berg", "see https://www.linkedin.com/in/[U1]"),
        ("see https://github.com/tquell/tool", "see https://github.com/[U2]/tool"),
        ("see https://github.com/xk_/tool", "see https://github.com/[USER]/tool"),
        # an organisation's account, named so, is nobody's; one of a person's names is theirs
        ("see https://github.com/TidewatchResearch/core", "see https://github.com/TidewatchResearch/core"),
        ("see https://launchpad.net/~tidewatchresearch/+archive", "see https://launchpad.net/~tidewatchresearch/+archive"),
        ("see https://twitter.com/tidewatch_project", "see https://twitter.com/tidewatch_project"),
        ("see https://github.com/AnnBergLab/core", "see https://github.com/[U1]/core"),
        ("Tidewatch code: https://github.com/tidewatch/core", "Tidewatch code: https://github.com/tidewatch/core"),
        ("see https://github.com/tidewatch/core or tidewatch.org", "see https://github.com/tidewatch/core or tidewatch.org"),
        # file names and path pieces made of names, and the same person's other words
        ("open Ann_Berg_notes.docx", "open [U1]_notes.docx"),
        ("see example.org/talks/Rew/slides_Rew.pdf", "see example.org/talks/[U3]/slides_[U3].pdf"),
        ("see example.org/talks/Ida-Rew-2010.pdf", "see example.org/talks/[U3].pdf"),
        ("see example.org/wiki/Ann_Lodd", "see example.org/wiki/[U4]"),
        ("see example.org/wiki/Ann", "see example.org/wiki/[USER]"),  # Ann is shared: nobody's
        # a handle made of one person's names is theirs; one of nobody's, or of several people's, is a handle
        ("cc @AnnBerg, @aberg and @ida_rew; @xk42 and @ann_lodd_berg", "cc @[U1], @[U1] and @[U3]; [HANDLE] and [HANDLE]"),
        # code is nobody's handle: a parameter documented in a comment, an array of Perl; a list's bullet is no comment
        ("+ * @outer: the outer id\n * @fd: the file", "+ * @outer: the outer id\n * @fd: the file"),
        ("my @fixes = ();\n@list = (1, 2);", "my @fixes = ();\n@list = (1, 2);"),
        ("* @xk42: please look, @xk43 too", "* [HANDLE]: please look, [HANDLE] too"),
        # a body in capitals is a product's or a group's
        ("Excel add-ins (@RISK) and ping @ALL", "Excel add-ins (@RISK) and ping @ALL"),
        ("  * @aberg: see above", "  * @[U1]: see above"),  # a person's handle wherever it stands
        # accounts a signature gives after a messenger's name: a handle, replaced whole
        ("Ann Berg\nskype: annberg", "[U1]\nskype: [HANDLE]"),
        # forum users after "u/", as Reddit writes them: a handle, a participant's when made of their names
        ("thanks u/xk_42 and /u/TomasQuell (u/ida_rew)", "thanks u/[HANDLE] and /u/[U2] (u/[U3])"),
        ("see menu/items, r/science, you/u/xk and u/ab", "see menu/items, r/science, you/u/xk and u/ab"),
        # words glued from a person's names: logins, user and file names
        ("User ID: annberg, see Ida2 and ida_rew", "User ID: [U1], see [U3] and [U3]"),
        ("Tomas QuellRew wrote", "[U2] QuellRew wrote"),  # two people's names glued by a case change: no login
        # names glued as user names write them, each word capitalised
        ("ask AnnBerg, ABerg or BergAnn, cc TomasQuell", "ask [U1], [U1] or [U1], cc [U2]"),
        ("IdaRew and IRew agreed", "[U3] and IRew agreed"),  # four letters: too short, as "irew"
        ("from ann.berg, i.rew and ann.lodd", "from [U1], [U3] and [U4]"),  # joined by a dot, in lower case
        ("Grüße an AnnBerg, TQuell und ida.rew", "Grüße an [U1], [U2] und [U3]"),  # a text that is not ASCII
        ("the ann.bergs draft", "the ann.bergs draft"),  # no whole word of the forms
        ("the AnnBergs, IdaRewe and XAnnBerg", "the AnnBergs, IdaRewe and XAnnBerg"),  # no whole word of the forms
        ("the DeLuca and McKay papers, AnnLodd", "the DeLuca and McKay papers, [U4]"),
        ("the Tomas_Quell_notes draft", "the [U2]_notes draft"),
        # a capitalised name between underscores, as file names write names in title case; not in lower case, nor
        # after a piece in lower case (a unit, a program's name), nor a common word, nor a shared name, nor a name
        # before somebody else's surname ("Tomas_Jones": another Tomas)
        ("see Tomas_Essay.docx and Essay_Rew2.pdf", "see [U2]_Essay.docx and Essay_[U3]2.pdf"),
        ("see essay_Rew2.pdf in degree_Tomas", "see essay_Rew2.pdf in degree_Tomas"),
        ("see example.org/files/Tomas_Final_Essay.pdf", "see example.org/files/[U2]_Final_Essay.pdf"),
        ("see Tomas_Jones.pdf, Tomas_Berg.pdf", "see Tomas_Jones.pdf, Tomas_[U1].pdf"),  # as "Tomas Berg" in prose
        ("see tomas_essay.pdf, Will_Essay.pdf, Ann_Essay.pdf", "see tomas_essay.pdf, Will_Essay.pdf, Ann_Essay.pdf"),
        ("see Tomas_Quell_Essay.pdf and Tomasz_Essay.pdf", "see [U2]_Essay.pdf and Tomasz_Essay.pdf"),
        ("ask Tomas_X or Rew_42", "ask [U2]_X or [U3]"),  # a user name with the name in it; one of it and digits
        ("see programs and MP3 and Berga", "see programs and MP3 and Berga"),  # words, short pieces, no glued name
        # hashtags
        ("#AnnBerg rocks, #climate too", "#[U1] rocks, #climate too"),
        ("#TeamTomas and #ThanksRew!", "#Team[U2] and #Thanks[U3]!"),  # one person's name glued to a word
        ("#TeamAnn, #TeamWill and #Teamtomas", "#TeamAnn, #TeamWill and #Teamtomas"),  # shared, a word, no capital
        ("#DeRew and #VanRew", "#DeRew and #VanRew"),  # a surname's particle before it: another surname
    ],
)
def test_personal_parts_are_replaced(text: str, expected: str) -> None:
    assert _apply(text) == expected


def test_a_name_that_is_also_a_word_of_the_corpus_is_no_name_between_underscores() -> None:
    mapping = parse_mapping("U1 | Digest [1; classlist, word] | Tomas\n")  # a newsletter's row, and a person
    rules = identifier_rules(participants=mapping.participants, names=mapping.names, word_names=mapping.word_names())
    message = Message("m1", "U1", "see Weekly_Digest_Notes.doc and Tomas_Notes.doc", None, "t", "s")
    out, _ = substitute_message(message, scope_names(mapping, {"U1"}), IdTemplate(), identifiers=rules)
    assert out == "see Weekly_Digest_Notes.doc and [U1]_Notes.doc"


@pytest.mark.parametrize(
    ("text", "logins"),
    [
        ("ask EwanMcKay or EMcKay", ["EwanMcKay"]),  # the name's own capitals; "emckay" is no glued name
        ("ask McKay, HiEwan and DeLuca", []),  # names glued by a case change give no forms; names stay names
        ("ask EwanMcdougall", []),
    ],
)
def test_forms_of_names_glued_as_user_names_write_them(text: str, logins: list[str]) -> None:
    rules = identifier_rules(["login"], names={"U1": ["Ewan McKay", "McKay", "HiEwan"], "U2": ["DeLuca"]})
    assert [found.text for found in rules.find(text)] == logins


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mail ann.berg@uni.example.org", "mail [EMAIL]"),
        ("see https://example.org/docs/", "see [URL]"),
        ("in /home/aberg/data", "in [PATH]"),
    ],
)
def test_whole_replaces_every_identifier_whole(text: str, expected: str) -> None:
    assert _apply(text, whole=True) == expected


@pytest.mark.parametrize(
    "text",
    [
        "look at notes dot example",  # a common word before " at " is no local part
        "meet at 10.30 at home.",
        "see e.g. this.That and file.py",
        "about ~5 km away, ~ten minutes",
        "version 2.0.1 at noon",
        "the room #3 and C# code",
    ],
)
def test_no_identifier_where_there_is_none(text: str) -> None:
    assert identifier_rules().find(text) == []


@pytest.mark.parametrize(("text", "owner"), [
    ("Reviewed-by: Vera Quell-Marsden <vera@example.org>", "U1"),  # a surname of two words joined by a hyphen
    ("Cc: Vera Young <vera@example.org>", None),  # another Vera's mailbox
    ("Cc: Vera Elin Quell-Marsden <vera@example.org>", "U1"),  # a middle name the mapping does not know
    ("Cc: Vera Elin Young <vera@example.org>", None),
    ("Cc: Vera de Quell-Marsden <vdqm@example.org>", "U1"),  # a surname's particle
])
def test_the_display_name_before_an_address_reads_as_the_names_do(text: str, owner: str | None) -> None:
    rules = identifier_rules(participants=["U1"], names={"U1": ["Vera Quell-Marsden", "Vera"]})
    assert [rules.parts(found, text) for found in rules.find(text)] == [[(text.index("<") + 1, text.index("@"), owner)]]


@pytest.mark.parametrize(("text", "owner"), [
    ("mail clem.johnson@example.org", None),  # a census surname: another Clem
    ("mail clem.quell@example.org", None),  # ... or another participant's name
    ("mail tomas.gottlieb@example.org", None),
    ("mail clem.rossmoor@example.org", "U1"),  # a word that may be theirs, or no name
    ("mail tomas.telecom@example.org", "U2"),
    ("mail tomas.quell.johnson@example.org", "U2"),  # two of theirs: a third word is no other person's
])
def test_a_local_part_with_a_name_inside_and_another_name_word(text: str, owner: str | None) -> None:
    rules = identifier_rules(participants=["U1", "U2"], names={"U1": ["Clem"], "U2": ["Tomas Quell", "Tomas"]})
    start = text.index(" ") + 1
    assert [rules.parts(found, text) for found in rules.find(text)] == [[(start, text.index("@"), owner)]]


@pytest.mark.parametrize(("text", "owner"), [
    ('From: "Richard Foxley" <rfox at example.org>', "U8"),  # "Richard" of a cited Richard Tukey counts for nobody
    ("Cc: Richard Young <rfox@example.org>", None),  # ... and a surname of nobody's still says: another Richard
    ("mail richard.foxley@example.org", "U8"),  # ... nor is it another person's name beside his surname
    ("Cc: Dr Richard Foxley <rfox@example.org>", "U8"),  # a title tells nothing either
])
def test_a_word_of_the_keep_list_tells_nothing_in_a_display_name(text: str, owner: str | None) -> None:
    rules = identifier_rules(participants=["U8", "U9"], keep=["Richard Tukey"],
                             names={"U8": ["Richard Foxley", "Foxley"], "U9": ["Richard Quell"]})
    assert [[owner for _, _, owner in rules.parts(found, text)] for found in rules.find(text)] == [[owner]]


def test_a_common_word_is_no_local_part() -> None:
    assert identifier_rules(["email"]).find("look at notes.example.org") == []
    assert [f.text for f in identifier_rules(["email"]).find("ask tq at notes.example.org")] == ["tq at notes.example.org"]


@pytest.mark.parametrize(
    ("piece", "people"),
    [
        ("annberg", {"U1"}),
        ("aberg", {"U1"}),
        ("bergann", {"U1"}),
        ("Ann.Berg", {"U1"}),
        ("a.berg", {"U1"}),
        ("AnnBerg", {"U1"}),
        ("ann", {"U1", "U4"}),
        ("ann.x", set()),
        ("a.b", set()),  # initials alone name nobody
    ],
)
def test_pieces_made_of_names(piece: str, people: set[str]) -> None:
    names = personal_names({"U1": ["Ann Berg"], "U4": ["Ann Lodd"]})
    assert names.people(piece) == people


ONE_WORD_NAMES = Mapping({
    "U5": ["Kay", "Marsden", "MArsden"],  # no full name: collect found the names apart, one a case form
    "U6": ["Harold Penbrook", "Harold", "Hal"],
    "U7": ["Ingrid"],
    "U8": ["Ingrid Solberg"],
    "U9": ["Lee Quellmann"],
    "U10": ["Ann Quellmann"],
})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a person the mapping knows by names of one word only: any two of them glued, in either order
        ("see https://example.org/share/kmarsden/notes", "see https://example.org/share/[U5]/notes"),
        ("skype kmarsden, or mail kay.marsden@example.org", "skype [U5], or mail [U5]@example.org"),
        ("ask KMarsden or MarsdenKay", "ask [U5] or [U5]"),
        ("ask ingridmarsden", "ask ingridmarsden"),  # two people's names glued: nobody's
        # a name of one word several people use, in a URL's piece beside another name: nobody's, still personal
        ("see example.org/list?proposer=Ingrid+Hal", "see example.org/list?proposer=[USER]+[U6]"),
        # a word of several people's full names only is no name there
        ("see example.org/book?hotel=Quellmann+House", "see example.org/book?hotel=Quellmann+House"),
    ],
)
def test_names_apart_and_shared_names_in_identifiers(text: str, expected: str) -> None:
    rules = identifier_rules(participants=ONE_WORD_NAMES.participants, names=ONE_WORD_NAMES.names)
    names = scope_names(ONE_WORD_NAMES, {"U9"})
    out, _ = substitute_message(Message("m1", "U9", text, None, "t", "s"), names, IdTemplate(), identifiers=rules)
    assert out == expected


@pytest.mark.parametrize(
    ("piece", "people"),
    [
        ("tomas_q", {"U2"}),  # the initial of the mapping's "Tomas Q."
        ("tomas.q", {"U2"}),
        ("TomasQ", {"U2"}),
        ("q_tomas", {"U2"}),
        ("tomas_x", set()),  # an initial that is not the person's
        ("tomasq", set()),  # glued in lower case: no form ("carla" would be Carl A.'s)
    ],
)
def test_an_initial_of_a_mapped_name_counts_in_pieces(piece: str, people: set[str]) -> None:
    names = personal_names({"U2": ["Tomas Q.", "Tomas"], "U5": ["Xu"]})
    assert names.people(piece) == people


def test_apply_knows_the_class_list_names_inside_identifiers(tmp_path: Path) -> None:
    messages = write_csv(tmp_path / "m.csv", ("message_id", "parent_id", "user_id", "text"), [
        ("1", "", "U1", "Hi,\ndraft in /home/nvell/x and Nadia_Vell_draft.docx\nNadia"),
    ])
    class_list = write_csv(tmp_path / "c.csv", ("user_id", "full_name"), [("U1", "Nadia Vell")])
    mapping = tmp_path / "map.txt"
    mapping.write_text("U1 | Nadia\n")  # the surname never occurs as a word: not in the mapping
    runner = CliRunner()
    without = runner.invoke(app, ["apply", str(messages), str(mapping), "-s", "all", "-q"])
    with_list = runner.invoke(app, ["apply", str(messages), str(mapping), "-s", "all", "-q",
                                    "--class-list", str(class_list)])
    assert "/home/[USER]/x and [U1]_Vell_draft.docx" in without.stdout  # the given name: "Vell" is no known surname
    assert "/home/[U1]/x and [U1]_draft.docx" in with_list.stdout


def test_a_class_list_rows_remark_gives_no_name_to_identifiers(tmp_path: Path) -> None:
    """"Nadia Vell (Quillmont)": Quillmont is where she works, so the organisation's domain and the rest of the
    row's remark stay."""
    messages = write_csv(tmp_path / "m.csv", ("message_id", "parent_id", "user_id", "text"), [
        ("1", "", "U1", "Hi,\nwrite to nvell@quillmont.org or see quillmont.org/staff\nNadia"),
    ])
    class_list = write_csv(tmp_path / "c.csv", ("user_id", "full_name"), [("U1", "Nadia Vell (Quillmont)")])
    mapping = tmp_path / "map.txt"
    mapping.write_text("U1 | Nadia\n")
    result = CliRunner().invoke(app, ["apply", str(messages), str(mapping), "-s", "all", "-q",
                                      "--class-list", str(class_list)])
    assert "write to [U1]@quillmont.org or see quillmont.org/staff" in result.stdout


PIECES = st.sampled_from([
    "ann", "Ann", "berg", "Berg", "aberg", "annberg", "Rew", "Ida", ".", "_", "-", "/", "~", "@", " at ", " dot ",
    "https://", "www.", "github.com/", "twitter.com/", "example.org", ".net", ".docx", "/home/", "C:\\Users\\",
    "#", "2", " ", "\n", "people/", "?author=", "skype: ", "support", "mailto:",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=25).map("".join))
def test_personal_parts_lie_inside_their_identifier_in_order(text: str) -> None:
    rules = identifier_rules(participants=MAPPING.participants, names=MAPPING.names)
    for found in rules.find(text):
        parts = rules.parts(found, text)
        assert all(found.start <= start < end <= found.end for start, end, _ in parts)
        assert all(end <= start for (_, end, _), (start, _, _) in zip(parts, parts[1:]))
    assert isinstance(_apply(text), str)


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=25).map("".join))
def test_logins_in_ascii_text_are_those_of_the_pattern(text: str) -> None:
    rules = identifier_rules(["login"], names=MAPPING.names)
    fast = [(found.start, found.end) for found in rules.find(text)]
    by_pattern = [(found.start - 2, found.end - 2) for found in rules.find("é " + text)]  # not ASCII: the pattern
    assert fast == by_pattern


@pytest.mark.parametrize(
    "text",
    [
        "annberg, xannberg annbergx Annberg ANNBERG annberg2 ann_berg _annberg aberg.",
        "berg" * 3 + " aberg_aberg 12345 a1b2c annberg",
        "filler words " * 6000 + "see annberg and aberg",  # longer than what is listed at once
    ],
)
def test_logins_in_ascii_text_are_those_of_the_pattern_at_word_edges(text: str) -> None:
    rules = identifier_rules(["login"], names=MAPPING.names)
    fast = [(found.start, found.end) for found in rules.find(text)]
    by_pattern = [(found.start - 2, found.end - 2) for found in rules.find("é " + text)]
    assert fast == by_pattern
    assert fast


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(
    ["a", "B", "é", "e\u0301", "_", "2", "٣", " ", "\n", "\u00a0", "-", ".", "名", "ß", "\u200b", "😀", "İ", "'"]),
    max_size=40).map("".join))
def test_the_words_of_a_text_are_those_the_word_pattern_finds(text: str) -> None:
    """``_words`` splits the text with its other characters as spaces: the same words as ``_WORD`` finds, whatever
    the characters (marks, digits of other scripts, characters beyond the plane, white space that is no space)."""
    assert _words(text) == set(_WORD.findall(text))
