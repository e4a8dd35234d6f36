"""Greeting and sign-off extraction, one table row per form."""

from __future__ import annotations

import pytest

from nicknames.rules.salutations import (
    DEFAULT_RULES,
    greeting_names,
    in_salutation,
)
from nicknames.rules.signature_blocks import signature_block
from nicknames.rules.signoffs import (
    bare_lower_signature,
    block_full_name,
    signoff_names,
)


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
        ("Thank you. Fixed.", []),  # the greeting's sentence ended: what follows is no name of it
        ("Thanks. Fixed it now.", []),
        ("Hi! Mary, can you look?", ["Mary"]),  # after an exclamation mark a vocative still follows
        ("Thanks Mary. Fixed.", ["Mary"]),
        ("Hi Mary, Rob\nthanks", ["Mary", "Rob"]),
        ("Hi Mary & Rob", ["Mary", "Rob"]),
        ("@Rob good point", ["Rob"]),
        ("Thanks @Rob, it works", ["Rob"]),
        ("ann...@example.org (Ann Lee) writes:", []),  # an address a news archive shortened, not "@example.org"
        ("In article <3f...@news.example.edu>, Ann Lee wrote:", []),
        ("<ann...@example.org> wrote in message", []),
        ("ann.lee-2@example.org wrote:", []),
        ("(@Rob) good point", ["Rob"]),
        ("found them, thanks Rob!", ["Rob"]),  # thanks to one name at the end of the first line
        ("Great point, thank you Anne-Marie!!\nmore", ["Anne-Marie"]),
        ("found them, thanks Rob", []),  # no exclamation: may be a sign-off
        ("thanks Everyone!", []),  # a stop word
        ("Yes! It works. @Rob had it too", []),  # an @name after the first sentence mentions someone
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
        ("Hi Mary Space elevators are near. Bye", ["Mary"]),  # a flattened message's first sentence
        ("Hi Mary Jane thanks for this", ["Mary Jane"]),
        ("Hi Mary Rose thanks for this", ["Mary Rose"]),  # a name that is also a word stays
        ("Hi Mary Space,", ["Mary Space"]),
        ("Drew. That's it", []),  # a full stop ends a name
        ("Dear Mr. Smith,", ["Smith"]),
        ("Hallo Robert,\nok", ["Robert"]),  # greetings in other languages
        ("Bonjour Marie,\nok", ["Marie"]),
        ("Hola Ana!", ["Ana"]),
        ("Hej Sven!", ["Sven"]),
        ("Olá João,\nx", ["João"]),
        ("G'day Bruce", ["Bruce"]),
        ("Ciao a tutti,\nx", []),  # not capitalised: no name
        ("Dear QX-Metadata,\nx", []),  # a mailing list or group greeted by its name
        ("Hi R-devel,\nx", []),
        ("Dear UK-Team,\nx", []),
        ("Hello NLP-ers,\nx", []),
        ("Dear QX'ers\nx", []),
        ("Dear Jean-Luc,\nx", ["Jean-Luc"]),  # a hyphenated given name stays one
        ("Hi JEAN-LUC,\nx", ["JEAN-LUC"]),
        ("Hi Al-Hassan,\nx", ["Al-Hassan"]),
        ("Otto & Co,\nx", ["Otto"]),  # "and company"
        ("Thanks! -jojo", []),  # the sentence ended and a dash signs: no greeting
        ("Thanks! -Jojo", []),
        ("Hi Mary! -- quick question", ["Mary"]),
        ("Hey! Ximena here - I made a doc", []),  # the sender names themselves
        ("Hey, Seun here but everyone says Seun", []),
        ("Hi Mary here is the file", ["Mary"]),  # "here" in a sentence going on
        ("Hi Dr. Q,\nthanks", ["Dr. Q"]),  # a title and an initial: the title stays with the letter
        ("Dear Prof K and class,\nx", ["Prof. K"]),
        ("Hi Dr. Quell and Ms. V,\nx", ["Quell", "Ms. V"]),
        ("Hi Dr. QA,\nx", ["QA"]),  # initials after a title: the title dropped
        ("Dear Harbour Teaching Mailing List,\n\nI would", []),  # a group noun closes a group's name
        ("Hello Stats Group,\nhi", []),
        ("Hi Harbour Team!\nx", []),
        ("Dear Ann and Stats Group,\nx", ["Ann"]),
        ("Hi Mary Quell Lab members,\nx", []),
        ("Hi Mary, team\nx", ["Mary"]),  # a comma parts the name from the group
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
        ("Great.\nthanks Rob!\nMary", ["Mary"]),  # the closer's name is thanked; the line below signs
        ("Great.\nThanks so much Rob!\n- Mary", ["Mary"]),
        ("Great.\nThanks Rob!", ["Rob"]),  # with no line below it signs
        ("Great.\nThanks, Rob!\nRob Grey", ["Rob"]),  # after a comma the closer's name signs
        ("Booked the room.\nT.", ["T."]),  # one initial and its dot signs, though a pack's closer has that shape
        ("Booked the room.\nThanks,\nT.", ["T."]),
        ("See the plan.\nA.", ["A."]),  # an initial that spells a stop word
        ("Kiitos.\nT.\nMatti", ["Matti"]),  # the Finnish closer "T." before a name
        ("Kiitos.\nT. Matti", ["Matti"]),
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
        ("Hi,\nText.\n-- \nWenzel | Teaching assistant", ["Wenzel"]),  # a role after a bar or a dash
        ("Hi,\nText.\nCheers,\nOtto Brandt - Research Scientist", ["Otto Brandt"]),
        ("Hi all,\n\nUsing R in class.\n\nOtto Brandt\nHarbour College\n", ["Otto Brandt"]),  # a workplace's line
        ("Hello,\n\ntext.\n\nOtto Brandt\nDept. of Statistics\n", ["Otto Brandt"]),
        ("Hello,\n\ntext.\n\nOtto Brandt\nUniversidad de Quell\n", ["Otto Brandt"]),
        ("Hi,\nText.\nBest,\nOtto Brandt, PhD", ["Otto Brandt"]),  # a degree is not a second name
        ("Hi,\nText.\nBest,\nOtto Brandt, Ph.D.", ["Otto Brandt"]),
        ("Hi,\nText.\nBest,\nOtto Brandt Esq", ["Otto Brandt"]),
        ("Hi,\nText.\nBest,\nMary-Jane", ["Mary-Jane"]),
        ("Hi,\nText.\nBanjo Strings - $20", []),  # a dash before no role: not a signature and its role
        ("Text\nthanks (again)", []),
        # closers as they are often typed, and formal ones
        ("Can you help?\n\nSincerly\n\nOtto", ["Otto"]),
        ("Text.\nRegrads,\nOtto Brandt", ["Otto Brandt"]),
        ("Text.\nThanx, Otto", ["Otto"]),
        ("Text.\nRespectfully,\nOtto", ["Otto"]),
        ("Text\nThanks, and Tobias agrees.\nOtto", ["Otto"]),  # the closer goes on as a sentence
        ("Text\nCheers, und Tobias auch\nOtto", ["Otto"]),
        ("Text\nThanks, Ann and Rob", ["Ann", "Rob"]),  # "and" between names still separates them
        # a quotation and its author after the signature: the sender signs above it
        ('Hi,\nText.\nOtto\n\n"Doubt is the origin of wisdom."\n   -- René Descartes', ["Otto"]),
        ('Hi,\nText.\nCheers,\nOtto\n“Doubt is the origin\nof wisdom.”\n— Descartes', ["Otto"]),
        ("Hi,\nText.\nThanks,\n-- Otto", ["Otto"]),  # a dash before the name alone: a signature
        ('Hi,\nI propose:\n"\nA definition.\n"\n-Otto', ["Otto"]),  # a quoted block, then the sender's signature
        ('Hi,\nYou asked:\n"Is it ready?"\n-Otto', ["Otto"]),
        ('Hi,\nText.\nOtto\n"Simplicity is the ultimate sophistication."\n   -Leonardo da Vinci', ["Otto"]),
        ("Hi,\nText.\nGood luck in Hull, go Otters!!\n\nOtto", ["Otto"]),  # a stop word goes on as a sentence
        ("Hi,\nText.\nCheers, for now\nOtto", ["Otto"]),
        ("Hi,\nText.\nThanks in advance, Otto", ["Otto"]),  # after the sentence's comma: a capitalised name
        ("Hi,\nText.\nThanks in advance. Otto", ["Otto"]),
        ("Hi,\nText.\nCheers, don", ["don"]),  # a lower-case signature that is no stop word
        ("Hi,\nText.\n\nOtto Brandt\nData Facilitator QXDN", ["Otto Brandt"]),  # the name above a job title
        ("Hi,\nText.\nOtto\nresearch scientist", ["Otto"]),
        ("Hi,\nText.\nDirector", []),
        ("Hi,\nText.\nC Dean", ["C Dean"]),  # a surname, not the title of a dean
        ("Hi,\nText.\n\nOtto Brandt\nMSc Student\nUniversity of Quell\n", ["Otto Brandt"]),  # two lines of them
        ("Hi,\nText.\nthanks in advance\n\nOtto Brandt\nResearch Scientist\nUniversity of Quell", ["Otto Brandt"]),
        ("Hi,\nText.\n\nPostdoctoral Researcher\nMSc Student\nUniversity of Quell\n", []),
        ("Bring:\nApples\nPears\nHarbour University\n", []),  # a list's last item, one line of a workplace
        ("Hi,\nText.\n\nHARBOUR Analytics\nSenior Product Manager\nUniversity of Quell\n", []),  # above two: a
        ("Hi,\nText.\n\nEmeritus\nDepartment of Economics\nUniversity of Quell\n", []),  # full name only
        ("Hi,\nText.\n\nOtto B. Brandt\nMSc Student\nUniversity of Quell\n", ["Otto B. Brandt"]),
        ("Hi,\nText.\n\nOtto\nQuell Core Facility\nUniversity of Harbour\n", []),  # one word above two: none
        ("Hi,\nText.\n\nOtto Brandt\nHarbour Research Centre\n", ["Otto Brandt"]),
        # the employer under a job title is no signature: the name stands above the title
        ("Hi,\nText.\n\n-- \nOtto Brandt\nSr. Director, Product Management\nHARBOUR Analytics\n", []),
        ("Hi\nText.\n\n-- \nOtto Brandt,\n3rd Year Undergraduate student\nIndustrial Engineering,\nHarbour Tech\n", []),
        ("Hi,\nI work as research scientist\n\nOtto\n", ["Otto"]),  # prose above, no title's line
        ("Hi,\na memo from the Office of the\nChairman.\n\nCall me if you have questions.  Thanks.\n\nOtto", ["Otto"]),
        ("Hi,\nYou may change it back with the replace function in\nany other editor.\n\nOtto Brandt", ["Otto Brandt"]),
        # a postscript under the sign-off: the sign-off above it signs
        ("Hi,\nI will nod when you\nmake a recommendation.  OB\n\nPS:  I am ok with the counsel's view.", ["OB"]),
        ("Hi,\nText.\nThanks,\nOtto\n\nP.S. The file is attached.\nAnd the other one too.", ["Otto"]),
        ("Hi,\nThe PS file is broken.\nOtto", ["Otto"]),
        ("Hi,\nii  quell-tools 1.2-0 Tools of the Quell driver\nedd at harbour:~$\n\nOtto\n\n", ["Otto"]),  # a prompt
        ("Hi,\na problem between\nkeyboard and chair...  ;-)\n\nOtto\n", ["Otto"]),
        ("Hi,\nText.\n\nManager, Data Services\nQuell Pipeline\nThe Harbour Institute\nHarbour University\n", []),
        ("Hi,\nText.\n\nBest,\nQuellR author,\nOtto Brandt\n", ["Otto Brandt"]),  # a title under the closer, the
        ("Hi,\nText.\n\nBest,\nResearch Scientist\n", []),  # name under the title
        ("Hi,\nText.\n\n--\nOtto Brandt and Ann Quell\nHarbour Clinic\nDepartment of Health\nDivision of Statistics\n",
         []),  # a third workplace's line above two
        ("Hi,\nText.\n\nOtto\nHarbour Research Group\n", ["Otto"]),
        ("Hi,\nIt moved to Mt. Quell\n\n(in the corner, behind the Harbour group).", []),  # a sentence, no title
        ("Hi,\nText.\n\nOtto Brandt,\nProgram Assistant\nSpecial Education Dept.", ["Otto Brandt"]),  # abbreviated        ("Hello.\nWe work at the\nDepartment of Statistics\nUniversity of Quell\n", []),
        # a nickname signed in quotation marks
        ('Good luck with the move.\n\n"Wrenny"', ["Wrenny"]),
        ("Text.\n\n“Wrenny”", ["Wrenny"]),
        ("Text.\n\n‘Tobi’", ["Tobi"]),
        ('Text.\nCheers,\n"Wrenny"', ["Wrenny"]),
        ('Text.\n\n"Wrenny', []),  # an open quotation, not a signature
        ('Text.\n\n"Wrenny” Quell', []),
        ('Text.\n\n"Keep calm"', []),  # a saying in quotation marks
        ('Text.\n\n"Imagination is everything."', []),
        ("Welcome to week 3!\n\nDr. Q", ["Dr. Q"]),  # a title and an initial
        ("Thanks,\nProfessor Q.", ["Professor Q"]),
        ("Thanks,\nDr Q", ["Dr. Q"]),
        ("Thanks,\nDr. Quell", ["Quell"]),  # a title before a name is dropped
        # a patch sent as a message ends in code: the last lines of its diff sign nothing
        ("Fix it.\n---\ndiff --git a/x.adoc b/x.adoc\n--- a/x.adoc\n+++ b/x.adoc\n@@ -10,7 +10,7 @@ the\n text\n-old.\n"
         "+Read the first block only.\n \n == OPTIONS\n \n", []),
        ("Here is a fix:\n\n@@ -1,2 +1,2 @@\n-a\n+b\n\nThanks,\nGreta", ["Greta"]),  # signed below the diff
        # a program's output or a quoted line signs nothing
        ("R output:\n\n  x <- f(1)\n NULL", []),
        ("R output:\n\n> f(1)\n> NULL", []),
        ("R output:\n\n  x <- f(1)\n Null", ["Null"]),  # not in capitals: maybe a name
    ],
)
def test_signoff_names(text: str, names: list[str]) -> None:
    assert list(signoff_names(text)) == names


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("it's tight tho\n\ngreta", "greta"),
        ("it's tight tho\ngreta", "greta"),
        ("it's tight tho\n  greta!\n\n", "greta"),
        ("see you\nmarie-claire.", "marie-claire"),
        ("friday it is\nok", None),  # two letters: no name this can find
        ("greta", None),  # nothing above it: the whole message, not a signature
        ("it's tight tho greta", None),  # on the line of the text
        ("it's tight tho\nGreta", None),  # capitalised: a sign-off of its own (signoff_names)
        ("it's tight tho\ngreta vollmer", None),  # one word only
        ("thanks\n> greta", None),
    ],
)
def test_bare_lower_signature(text: str, word: str | None) -> None:
    assert bare_lower_signature(text) == word


def test_rules_can_be_extended_and_names_freed_from_the_stop_list() -> None:
    rules = DEFAULT_RULES.extended(greetings=["yo+"], stopwords=["Prof"], not_stopwords=["will"])
    assert greeting_names("Yooo Will!", rules) == ("Will",)
    assert "Will" not in greeting_names("Yooo Will!")


@pytest.mark.parametrize(
    ("line", "rest"),
    [
        ("Thanks in advance!", ""),  # nothing left that could be a name
        ("thank you in advance", ""),
        ("Thanks in advance, Otto", "Otto"),
        ("Thanks again Otto", "Otto"),
        ("Thanks Otto", "Otto"),
    ],
)
def test_what_a_closer_leaves_of_its_line(line: str, rest: str) -> None:
    match = DEFAULT_RULES.match("closer", line)
    assert match is not None and match.group("rest") == rest


def test_closers_can_be_extended() -> None:
    rules = DEFAULT_RULES.extended(closers=["ciao"])
    assert signoff_names("Text\nCiao, Rob", rules) == ("Rob",)


def test_a_closing_read_before_gives_the_same_names_whatever_stands_above_it() -> None:
    texts = ["Hi\nCheers,\nRob\nThanks for the tip!", "Hi\nCheers,\nAnn\nThanks for the tip!", "Hi\nok\nThanks for the tip!"]
    rules = DEFAULT_RULES.extended()
    assert [signoff_names(text, rules) for text in texts + texts] == [("Rob",), ("Ann",), ()] * 2
    assert [greeting_names(text, rules) for text in ["Hi Rob,\nx", "Hi Rob,\ny"]] == [("Rob",), ("Rob",)]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # A message flattened into one line: the last sentence is read as the sign-off.
        ("Hi Nora Nice work. What do you think? Tobias", ["Tobias"]),
        ("Hi Tobias I am lost. Can you say more? Thanks Nora Lee", ["Nora Lee"]),
        ("Hello NL - I see what you mean. Hope that helps! T o b i a s", ["T o b i a s"]),
        ("Looks fine to me.  Cheers, Ines", ["Ines"]),
        ("Text\nSee the notes. Could you check? Thanks Ines", ["Ines"]),  # the last line of several
        ("We read Ursula K. Le Guin", []),  # an initial ends no sentence
        ("Dinner is at eight. Go Falcons!", []),  # a sentence, not a signature
        ("Dinner is at eight. See Room B", []),  # a stop word opens the last sentence
        ("Only one line Tobias", []),
        # Short sign-offs: lower-case initials and one capital, which collect checks against the class list.
        ("Please print.  thanks kd", ["kd"]),
        ("Approved.  kd", ["kd"]),
        ("OK.  KD", ["KD"]),
        ("Text\n--M", ["M"]),
        ("Text\nThanks,\n-J", ["J"]),
        ("Text\nCheers\nM", ["M"]),
        ("Text\n/Tobias", ["Tobias"]),  # a slash before a signed name
        ("Text\n/j", ["j"]),  # one lower-case letter too
        ("Text\nThanks,\nJ.", ["J."]),
        ("Text\ni", []),  # a stop word
        ("Text\nand/or", []),
        ("Text\nA", []),  # a stop word
        # A lower-case name after a dash, on the last line or after its last sentence.
        ("Thanks!\n-jojo", ["jojo"]),
        ("Thanks for the notes.\nChidubem Okafor\nMSc Statistics | He/him", ["Chidubem Okafor"]),  # a degree below
        # A capitalised name after a dash that ends a line of prose.
        ("Happy to co-author :) -- Iggy", ["Iggy"]),
        ("Works for me now! - Iggy", ["Iggy"]),
        ("A question about the notes.\nWorks -- Iggy Bramble", ["Iggy Bramble"]),
        ("see pages 5 -- 10", []),
        ("Nice work -- Thanks Iggy", []),  # a stop word opens it: thanks, not a signature
        ("Hi all -- Quick question", []),
        ("Thanks! -jojo", ["jojo"]),
        ("Thanks Wren! -jojo", ["jojo"]),
        ("Text here.\n-- done", []),  # a stop word
        ("Items:\n- apples\n- pears\n- plums", []),  # a list
        ("Text - and more text", []),  # no sentence ends before the dash
    ],
)
def test_signoff_names_of_flattened_messages_and_short_signoffs(text: str, names: list[str]) -> None:
    assert list(signoff_names(text)) == names


@pytest.mark.parametrize(
    ("text", "word", "expected"),
    [
        ("Please print.  thanks kd", "kd", True),  # after a closer, at the end
        ("Long line of text.\nMore of it here.  kd\n", "kd", True),  # after a sentence end
        ("Text\n--M", "M", True),
        ("Text\nThanks,\nM", "M", True),
        ("Text\nThanks,\nM\nKate Dunn\nSales\n555 0100", "M", True),  # a signature block below
        ("Text\nThanks,\nM\n\n\n\nKate Dunn\n\n\n", "M", True),  # blank lines do not count
        ("kd, please print this.", "kd", True),  # a bare vocative opening the message
        ("Hi M - yes, agreed.", "M", True),  # after a greeting word
        ("Use kd here.\nok", "kd", False),  # running text
        ("Plan B. M\nx\ny\nz\nw", "M", False),  # too far from the end
        ("Text\nI asked M.", "M", False),  # inside a sentence
        ("Text\nThe letter M is nice.", "M", False),
        ("Text\nx = M + 1", "M", False),
        ("Text\nThanks,\nM" + "\n\n_______________________________________________\nresearch-list mailing list\nresearch-list@lists.example.org\nhttps://lists.example.org/mailman/listinfo/research-list\n", "M", True),  # a mailing list's footer under the sign-off
        ("Text\nThanks,\nM\n\n> quoted\n> lines" + "\n\n_______________________________________________\nresearch-list mailing list\nresearch-list@lists.example.org\nhttps://lists.example.org/mailman/listinfo/research-list\n", "M", True),  # and what the message quotes
        # a sign-off above the message it quotes, however long the quote
        ("Text\n\n---kd\n\n\nOn Feb 6, 2012, at 9:42 AM, Ann Lee wrote:\n\n> a\n>\n> b\n> c\n>\n> d\n", "kd", True),
        ("Text\n\nkd\n\n> a\n> b\n> c\n> d\n", "kd", True),
        ("Text.\n\n?kd\n\nPS. more", "kd", True),  # a dash an archive lost ("?" for "—")
        ("Text\n\nkd\n\n> a\n> b\nmore text\nand more\nand more\nand the end", "kd", False),  # text after it
        # an HTML post's lines are its paragraphs and breaks
        ("<p>Thank you Kay!</p><p>-- M</p>", "M", True),
        ("<p>Thank you Kay!</p><p>Cheers,<br>M</p>", "M", True),
        ('<p dir="ltr">Thanks,</p><p dir="ltr">M</p>', "M", True),
        ("<p>kd, please print this.</p>", "kd", True),
        ("<p>Use kd here.</p><p>ok</p>", "kd", False),
        ("<p>Text</p><p>I asked M.</p>", "M", False),
        ("Plan B. M\nx\ny\nz\nw" + "\n\n_______________________________________________\nresearch-list mailing list\nresearch-list@lists.example.org\nhttps://lists.example.org/mailman/listinfo/research-list\n", "M", False),
    ],
)
def test_in_salutation(text: str, word: str, expected: bool) -> None:
    start = text.find(word) if text.startswith(word) else text.rfind(word)
    assert in_salutation(text, start, start + len(word)) is expected


@pytest.mark.parametrize(
    ("text", "greeted", "signed"),
    [
        ("Hi Tobias--see below\nok", ["Tobias"], []),  # a double dash ends the name
        ("Hi Nora-Lee,\nok", ["Nora-Lee"], []),  # a hyphen between letters belongs to it
        ("Addition:\nthe file is attached", [], []),  # a word and a colon is a label, not a vocative
        ("Nora,\nthe file is attached", ["Nora"], []),
        ("Text\nRegards,\nMistype:", [], []),  # nor is it a signature
        ("Build log:\n-- Found Zlib\n-- Installing Foo", [], []),  # a run of dashed lines is a log
        ("Steps:\n- one\n- Tobias", [], []),  # or a list
        ("Text\nCheers\n-- Tobias", [], ["Tobias"]),
        ("Text\n-----Ursprüngliche Nachricht-----", [], []),  # a separator between rules of dashes
        ("Text\nTIA", [], []),  # abbreviations are no one's initials
        ("Text\nTIA,\nTobias", [], ["Tobias"]),  # and TIA closes like "Thanks"
        ("FYI- the docs moved\nok", [], []),
        ("Text\nThanks,\nKD", [], ["KD"]),
        ("My picks:\nOtters\nNorth Bay\nLindqvist", [], []),  # the last item of a list of words
        ("Street 1\nSpringfield\nRuritania", [], []),  # or of an address
        ("My picks:\nOtters\nNB\nNorth Bay. Lindqvist (not Bay)", [], []),  # even with a sentence end in it
        ("Agreed, see below.\nTobias", [], ["Tobias"]),
        ("Agreed.\nOtters\nTobias", [], ["Tobias"]),  # one short line above is no list
    ],
)
def test_notes_logs_and_abbreviations_are_not_salutations(text: str, greeted: list[str], signed: list[str]) -> None:
    assert (list(greeting_names(text)), list(signoff_names(text))) == (greeted, signed)


@pytest.mark.parametrize("kind", ["greetings", "closers"])
def test_a_pattern_that_backtracks_without_end_stops_with_an_error(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from nicknames.model.errors import InputError
    from nicknames.rules import salutation_rules

    monkeypatch.setattr(salutation_rules, "PATTERN_TIMEOUT", 0.05)
    rules = DEFAULT_RULES.extended(**{kind: ["(a|aa)+$"]})
    text = "a" * 60 + "b\nThanks,\n" + "a" * 60 + "b"
    started = time.monotonic()
    with pytest.raises(InputError, match=f"\\[collect\\] {kind} in the config file backtracks"):
        greeting_names(text, rules) if kind == "greetings" else signoff_names(text, rules)
    assert time.monotonic() - started < 5


def test_a_preposition_after_a_closer_goes_on_as_a_sentence_whatever_the_stop_words() -> None:
    """A class list's name words are no stop words; "for" after "Thanks" still goes on as a sentence."""
    rules = DEFAULT_RULES.extended(not_stopwords=["for"])
    text = "Hi all,\nI will post details soon.\n\nThanks for listening. Otto/Archon of Quell\n"
    assert "for listening" not in signoff_names(text, rules)
    assert signoff_names("Hi,\nText.\n\nThanks for listening, Otto\n", rules) == ("Otto",)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Text.\n-- \nJohn W. Quell (Jay)\nAssociate Professor\n", "John W. Quell"),
        ("Text.\n-- \n\nDr. Tobias K. Quell, PhD\nHarbour Lab\n", "Tobias K. Quell"),
        ("Text.\n-- \nTobias Quell | Harbour University\n", "Tobias Quell"),
        ("Text.\n-- \nhttps://example.org | @quell\n", None),
        ("Text.\n-- \nAnn Quell and Tobias Wren\n", None),
        ("Text.\n-- \nHarbour University\n", None),
        ("Text.\n-- \nEmeritus\n", None),
    ],
)
def test_the_full_name_that_opens_a_signature_block(text: str, name: str | None) -> None:
    block = signature_block(text)
    assert block is not None and block_full_name(text, block) == name
