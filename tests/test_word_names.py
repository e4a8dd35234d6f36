"""Tests of where apply leaves names that are also words alone."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from nicknames.rules import word_names
from nicknames.rules.word_names import (
    after_place_opener,
    in_date,
    in_institution_name,
    in_longer_name,
    in_name_position,
    in_word_list,
    inside_sentence,
    possessive_name,
    reads_as_place,
    reads_as_word,
    used_as_person,
)


@pytest.mark.parametrize(
    ("text", "name", "salutation", "word"),
    [
        ("Will you come?", "Will", False, True),
        ("I asked Will about it.", "Will", False, False),
        ("Thanks. Hope this helps", "Hope", False, True),
        ("May I add one thing?", "May", False, True),
        ("See you on May 3.", "May", False, True),
        ("On 3 May we met.", "May", False, True),
        ("Grace, thanks for this", "Grace", True, False),
        ("Will's point stands.", "Will", False, False),
        ("please mark this", "mark", False, True),
        ("mark", "mark", True, False),
        ("Hi all,\n> Hope everyone is well.", "Hope", False, True),  # quoted text reads as unquoted
        ("> > Will you come?", "Will", False, True),
        ("| May I add one thing?", "May", False, True),
        ("> I asked Will about it.", "Will", False, False),
        ("Kit, Will you be there?", "Will", False, True),  # after the vocative that opens a line
        ("Christabel, May I ask?", "May", False, True),
        ("The plan, Will said, works.", "Will", False, False),  # a comma inside a sentence
        ("Ask Kit, Will and Hope.", "Will", False, False),
        ("> Grace and I agree.", "Grace", False, False),  # "and" after it: a name
        ("Grace and I agree.", "Grace", False, False),
        # before a verb that reports what a person did: the name
        ("Good thread. Grace made a good point.", "Grace", False, False),
        ("Hope said the same.", "Hope", False, False),
        ("Will wrote a summary.", "Will", False, False),
        ("Summer is nearly over.", "Summer", False, True),  # not "is", "was", "has"
        ("Mark notes in the margin.", "Mark", False, True),  # not forms that are nouns too
        ("Hope saidso", "Hope", False, True),  # a whole word only
        # after an article: the word, wherever it stands
        ("Put the Mark on it.", "Mark", False, True),
        ("exchanging turbines. The La\nPlata Station", "La", False, True),
        ("We drafted a Will for them.", "Will", False, True),
        ("Ask Will about the draft.", "Will", False, False),
        ("Thea Will said so.", "Will", False, False),  # a word that ends in an article's letters is none
        # a mail header's field at a line's start, in a quoted or forwarded message
        ("ok\n> From: Ann\n> To: the list", "To", False, True),
        ("ok\n| > *To:* the list", "To", False, True),
        ("ok\nI talked To Linh about it.", "To", False, False),
        ("ok\nTo said: fine", "To", False, False),
    ],
)
def test_reads_as_word(text: str, name: str, salutation: bool, word: bool) -> None:
    start = text.index(name)
    assert reads_as_word(text, start, start + len(name), salutation) is word


@pytest.mark.parametrize(
    ("text", "word", "after"),
    [
        ("The river flows", "river", True),
        ("see the\n  river below", "river", True),  # wrapped after the article
        ("A stone bridge", "stone", True),
        ("an ember", "ember", True),
        ("in this brook", "brook", True),
        ("every river", "river", True),
        ("ask river about it", "river", False),
        ("that river said so", "river", False),  # "that", "what", "no", "her" also stand before names
        ("what river said", "river", False),
        ("no river, I disagree", "river", False),
        ("tell her river is here", "river", False),
        ("bathe river", "river", False),  # the end of a longer word
        ("Kathe river", "river", False),
        ("the\n\nriver", "river", False),  # not across a blank line
        ("river", "river", False),
    ],
)
def test_after_determiner(text: str, word: str, after: bool) -> None:
    assert word_names.after_determiner(text, text.index(word)) is after


@pytest.mark.parametrize(
    ("text", "before"),
    [("Don't", True), ("Don’t go", True), ("Won't.", True), ("Don's", False), ("Don'tell", False), ("Don", False),
     ("Don 't", False), ("Don?t", True), ("Don\ufffdt", True), ("Don?tell", False), ("Don?", False)],
)
def test_before_contraction(text: str, before: bool) -> None:
    assert word_names.before_contraction(text, 3) is before


def _span(text: str, name: str) -> tuple[str, int, int]:
    start = text.index(name)
    return text, start, start + len(name)


@pytest.mark.parametrize(
    ("text", "name", "longer"),
    [
        ("I asked Tobias", "Tobias", False),
        ("Tobias Quell said", "Tobias", True),
        ("Marta Tobias said", "Tobias", True),
        ("Arthur C. Tobias said", "Tobias", True),
        ("New Tobias is a town", "Tobias", True),
        ("Thanks Tobias", "Tobias", False),
        ("Ask Tobias.", "Tobias", False),
        ("Dr. Tobias", "Tobias", False),
        ("Lind-Tobias", "Tobias", True),
        ("the latest Tobias-gram", "Tobias", False),  # the name and a word in lower case
        ("a Tobias-style plan", "Tobias", False),
        ("Tobias-Lind", "Tobias", True),
        ("Don't", "Don", True),
        ("Jan 12", "Jan", True),
        ("Tobias,\nQuell", "Tobias", False),  # the next line is another matter
        ("Marta\nTobias said", "Tobias", True),  # a name wrapped at the end of a line
        ("We met Marta\n  Tobias said", "Tobias", True),
        ("Thanks\nTobias", "Tobias", False),
        ("Can you help?\n\nSincerely\n\nTobias", "Tobias", False),  # a closer, however far above
        ("Cordially\nTobias", "Tobias", False),
        ("I flew to Lisbon.  Tobias said", "Tobias", False),  # a sentence ended before it
        ("Lisbon.\nTobias said", "Tobias", False),
        ("St. Tobias is a town", "Tobias", True),  # an abbreviation with a full stop
        ("Arthur C.\nTobias", "Tobias", True),
        ("[U12] Tobias said", "Tobias", True),  # a placeholder stands for the name it replaced
        ("[PERSON 2] Tobias said", "Tobias", False),  # not a placeholder of one word
        ("as shown in [1] Tobias said", "Tobias", False),  # a reference, not a placeholder
        ("[U12], Tobias said", "Tobias", False),
        ("Trading\tTobias\t\tQuell", "Tobias", False),  # the columns of a table
        ("\tBerg\t\tTobias\n", "Tobias", False),
        ("Marta \tTobias", "Tobias", False),
    ],
)
def test_in_longer_name(text: str, name: str, longer: bool) -> None:
    assert in_longer_name(*_span(text, name)) is longer


@pytest.mark.parametrize(
    ("text", "name", "place"),
    [("We met in Tobias", "Tobias", True), ("Near Tobias", "Tobias", True), ("Tell Tobias", "Tobias", False),
     ("Tobias in Lisbon", "Tobias", False), ("We have been to Tobias twice", "Tobias", True),
     ("made it up to Tobias at last", "Tobias", True), ("We went to  Tobias", "Tobias", True),
     ("Talk to Tobias", "Tobias", False), ("It is up to Tobias to decide", "Tobias", False),
     ("I sent it to Tobias", "Tobias", False),
     # "get back to" someone answers them; "went back to" a place goes there
     ("before we get back to Tobias with", "Tobias", False), ("I got back to Tobias", "Tobias", False),
     ("we went back to Tobias", "Tobias", True), ("we are back to Tobias", "Tobias", True)],
)
def test_reads_as_place(text: str, name: str, place: bool) -> None:
    assert reads_as_place(text, text.index(name)) is place


@pytest.mark.parametrize(
    ("text", "name", "position"),
    [
        ("thanks tobias", "tobias", True),
        ("I'll ask you and tobias", "tobias", True),  # joined to a person
        ("tobias and I will call", "tobias", True),
        ("ask Marta and tobias", "tobias", True),
        ("ask marta or tobias", "tobias", False),  # a lower-case word the nickname table does not know
        ("ask toby or tobias", "tobias", True),  # a familiar form it knows
        ("tobias and toby agree", "tobias", True),
        ("ask rich or tobias", "tobias", False),  # a familiar form that is also a word
        ("salt and tobias", "tobias", False),
        ("your notes and tobias", "tobias", False),
        ("Hi tobias,\nhow are you", "tobias", True),
        ("Dear TOBIAS:", "TOBIAS", True),
        ("Thanks, will do", "will", False),
        ("regards\n\ntobias\n\nDear Tobias", "tobias", True),
        ("Best regards,\n  -- mark", "mark", True),
        ("some text\nmark", "mark", True),  # alone on the last line
        ("some text\nmark\nmore text", "mark", False),
        ("I saw mark today", "mark", False),
        ("thanks to mark", "mark", False),
        ("See you at noon, mark.", "mark", True),
        ("See you at noon, mark and then", "mark", False),
        ("I agree with mark.", "mark", False),
        # a greeting or thanks that is a sentence of its own at the end of the line
        ("It worked for me too. Thanks bramble!", "bramble", True),
        ("Fixed it!  cheers mark", "mark", True),
        ("It worked. Thanks bramble and the rest", "bramble", False),  # more follows on the line
        ("It worked thanks bramble!", "bramble", False),  # no sentence end before it
        ("It worked. Then thanks bramble!", "bramble", False),  # the sentence does not open with the thanks
        # the author alone on a quote's attribution line
        ("> bramble wrote:\n> yes\nok", "bramble", True),
        ("> > bramble writes:\n", "bramble", True),
        ("bramble wrote:\n> yes", "bramble", True),
        ("I think bramble wrote: yes", "bramble", False),
        ("the bramble wrote a song", "bramble", False),
        # the author before an address on an attribution line
        ("ok\nOn Sun, Feb 2, 2014 at 10:20 AM, bramble <br at example.org> wrote:\n> x", "bramble", True),
        ("ok\n> On Mon, bramble <br@example.org>\n> wrote:\n> x", "bramble", True),
        ("ok\nbramble <br@example.org> wrote:\n> x", "bramble", True),
        ("bramble <br@example.org> wrote:\n> x", "bramble", True),  # on the text's first line
        ("I told bramble <br@example.org> wrote: yes", "bramble", False),  # inside a sentence
        ("we saw the bramble <near the hedge> wrote: x", "bramble", False),
    ],
)
def test_in_name_position(text: str, name: str, position: bool) -> None:
    assert in_name_position(*_span(text, name)) is position


@pytest.mark.parametrize(
    ("text", "name", "person"),
    [
        ("same. tobias did u get q4?", "tobias", True),  # before a verb whose subject is a person
        ("yeah, marisol had a trick for it", "marisol", True),
        ("nope. ask greta she finished early", "greta", True),  # after a word that addresses one
        ("Ty tobias!", "tobias", True),
        ("the tobias file", "tobias", False),
        ("@tobias did it", "tobias", False),  # a handle
        ("asked tobias.example.org", "tobias", False),  # a host
        ("tell tobias-w", "tobias", False),  # part of a longer word
        ("ask\ntobias", "tobias", False),  # not across a line
        ("tobias\ndid it", "tobias", False),
        ("i think sydney is fine", "sydney", False),  # a place as often as a person
        ("greta: use remapcon", "greta", True),  # a chat line addressed to her
        ("ok\ntobias, did you try it?", "tobias", True),
        ("see greta: it works", "greta", False),  # not opening the line
        ("greta:remapcon", "greta", False),  # no blank after the colon
    ],
)
def test_used_as_person(text: str, name: str, person: bool) -> None:
    assert used_as_person(*_span(text, name)) is person


def _in_name_position_by_rules(text: str, start: int, end: int) -> bool:
    """``in_name_position`` as its rules say, every pattern tried (no shortcut for words inside a sentence)."""
    w = word_names
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if w._VOCATIVE_BEFORE.search(text, line_start, start) and w._VOCATIVE_AFTER.match(text, end):
        return True
    if w._PERSON_BEFORE.search(text, max(0, start - 40), start) or w._PERSON_AFTER.match(text, end):
        return True
    joined = w._LOWER_BEFORE.search(text, max(0, start - 40), start) or w._LOWER_AFTER.match(text, end)
    if joined is not None and w.plain_given_name(joined.group("word")):
        return True
    if w._NAME_END.fullmatch(text, end, line_end) is None:
        return False
    if w._OPENER.fullmatch(text, line_start, start) is not None:
        return True
    if w._DECORATION.fullmatch(text, line_start, start) is None:
        return False
    previous = text[:line_start].rstrip().rpartition("\n")[2]
    return not text[line_end:].strip() or (bool(previous) and w._CLOSING_LINE.fullmatch(previous) is not None)


_PIECES = ["mark", "toby", "and", "or", "&", "I", "you", "Marta", "thanks", "regards", "Hi", " ", "  ", "\n", ",",
           ".", "!", "-", "\t", "\xa0", "\x1c", "a", "o", "d", "r", "x", "agree", "band", "orange", "for", "an"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14), st.lists(st.sampled_from(_PIECES), max_size=14))
def test_in_name_position_agrees_with_its_rules(before: list[str], after: list[str]) -> None:
    text = "".join(before) + "mark" + "".join(after)
    start = len("".join(before))
    assert in_name_position(text, start, start + 4) is _in_name_position_by_rules(text, start, start + 4)


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        ("Line-up\n\nOkafor\nQuell\nBrandt", True),
        ("Quell\nBrandt", True),
        ("Thanks\nQuell", False),  # a closing word is no list item
        ("Regards,\nQuell\nAcme Ltd", False),
        ("some text\nQuell\n", False),
        ("Okafor\nQuell said so", False),  # not alone on its line
    ],
)
def test_in_word_list(text: str, listed: bool) -> None:
    assert in_word_list(*_span(text, "Quell")) is listed


@pytest.mark.parametrize(
    ("text", "name", "glance"),
    [
        ("we see them time agree on it", "time", True),  # "agree" is no "and"
        ("in the band time will tell", "time", False),  # "band" ends in "and": the full rules decide
        ("you or time will tell", "time", False),
        ("the time andante was", "time", False),
        ("the time order was", "time", False),
        ("the time. Then", "time", False),  # punctuation follows
        ("so  time will", "time", False),  # two spaces before
        ("time will", "time", False),  # the text's start
    ],
)
def test_inside_sentence_at_a_glance(text: str, name: str, glance: bool) -> None:
    start, end = text.index(name), text.index(name) + len(name)
    assert inside_sentence(text, start, end) is glance
    if glance:
        assert not in_name_position(text, start, end)


_PIECES = ["a", "b", "A", "B", " ", ",", "&", "\n", "\t", ".", "!", "?", ">", "|", '"', "'", "(", "*", "-", "_", "1",
           "3", "and", "or", "in ", "went to ", "made it up to ", "1st ", "of ", "Mary", "Mr.", "St.", "[U12]", "é", "É",
           "\u00a0", "\x1c", "’", "\r", "\u2028", "you", "I", "Drew, "]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join))
def test_patterns_searched_backwards_find_what_they_find_forwards(text: str) -> None:
    # What each caller reads of a match (whether there is one, the word it captures) at every offset of the text.
    w = word_names

    def forwards(pattern: regex.Pattern[str]) -> regex.Pattern[str]:
        return regex.compile(pattern.pattern, pattern.flags & ~regex.REVERSE)

    for start in range(len(text) + 1):
        before = text[max(0, start - 12) : start]
        assert bool(w._SENTENCE_START.search(before)) == bool(forwards(w._SENTENCE_START).search(before))
        for pattern, reach in ((w._PLACE_BEFORE, 30), (w._PERSON_BEFORE, 40)):
            assert bool(pattern.search(text, max(0, start - reach), start)) == bool(
                forwards(pattern).search(text, max(0, start - reach), start))
        for pattern in (w._BEFORE_ONE_WORD, w._LOWER_BEFORE):
            found = pattern.search(text, max(0, start - 40), start)
            expected = forwards(pattern).search(text, max(0, start - 40), start)
            assert (found and found.group("word")) == (expected and expected.group("word"))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([*_PIECES, ", ", ",\t", ",\u00a0", "x,"]), max_size=14).map("".join))
def test_no_vocative_is_missed_by_the_quick_test(text: str) -> None:
    for start in range(len(text) + 1):
        line_start = text.rfind("\n", 0, start) + 1
        if word_names._VOCATIVE_BEFORE.search(text, line_start, start) is not None:
            assert word_names._may_follow_comma(text, line_start, start)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([*_PIECES, "~", ":", ";", ")", "\u2014", "\x0b", "\u3000"]), max_size=14).map("".join))
def test_no_name_end_is_missed_by_the_quick_test(text: str) -> None:
    for end in range(len(text) + 1):
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end
        if word_names._NAME_END.fullmatch(text, end, line_end) is not None:
            assert word_names._may_end_name(text, end, line_end)


@pytest.mark.parametrize(
    ("text", "name", "institution"),
    [
        ("at Tolland Marsh National Laboratory", "Tolland", True),
        ("she studied at Smith College", "Smith", True),
        ("Grey Holdings Ltd", "Grey", True),
        ("Rob Grey International", "Rob", True),  # the company bears the name
        ("Thanks Ann Hall!", "Ann", False),  # a surname that is also a place's word
        ("Ann Park called", "Ann", False),
        ("Ann Lee, National Centre", "Ann", False),  # a comma ends the name
        ("Ann\nNational Centre", "Ann", False),  # so does the line
        ("Ann Nationalist", "Ann", False),  # a whole word only
        ("Ann said the University agreed", "Ann", False),  # a lower-case word between
        ("Ann Lee Bo Ty Mo University", "Ann", False),  # more than three words between
        ("Ann", "Ann", False),
    ],
)
def test_in_institution_name(text: str, name: str, institution: bool) -> None:
    assert in_institution_name(text, text.index(name) + len(name)) is institution


@pytest.mark.parametrize(
    ("text", "name", "possessive"),
    [
        ("borrow Bill's notes", "Bill", True),
        ("ask Hope’s team", "Hope", True),  # a typographic apostrophe
        ("May's figures are in", "May", False),  # a sentence's start
        ("It arrived.  Today's menu", "Today", False),
        ("the Red Kite's line", "Kite", False),  # inside a longer name
        ("on 3 May's list", "May", False),  # next to a number
        ("ask Bill about it", "Bill", False),
        ("ask Bills team", "Bill", False),
    ],
)
def test_possessive_name(text: str, name: str, possessive: bool) -> None:
    start = text.index(name)
    assert possessive_name(text, start, start + len(name)) is possessive


@pytest.mark.parametrize(
    ("text", "name", "possessive"),
    [
        ("see mark's point", "mark", True),
        ("will’s patch works", "will", True),  # a familiar form, a typographic apostrophe
        ('the profile "mark\'sTidalProfile"', "mark", True),  # a name made of it
        ("see mark's", "mark", True),
        ("the marks", "mark", False),
        ("see mark'stidal", "mark", False),  # a longer lower-case word
        ("today's menu", "today", False),  # no given name
        ("see Mark's point", "Mark", False),  # capitalised: ``possessive_name`` reads those
        ("mark it", "mark", False),
    ],
)
def test_possessive_given_name(text: str, name: str, possessive: bool) -> None:
    start = text.index(name)
    assert word_names.possessive_given_name(text, start, start + len(name)) is possessive


@pytest.mark.parametrize(
    ("text", "name", "date"),
    [
        ("> Date: Sun, 4 Mar 2012 10:20:00 +0100", "Sun", True),
        ("Started at Tue Dec 14 09:12:05 2021", "Tue", True),
        ("Started at Tue Dec 14 09:12:05 2021", "Dec", True),
        ("Deadline: May 2021", "May", True),
        ("on 3 June we meet", "June", True),
        ("Sun said so.", "Sun", False),  # a participant named Sun keeps every other use
        ("Thanks Sun!", "Sun", False),
        ("May agrees with June.", "May", False),
        ("Quell, 9 of them", "Quell", False),  # only a weekday's or a month's name
    ],
)
def test_in_date(text: str, name: str, date: bool) -> None:
    assert in_date(*_span(text, name)) is date


@pytest.mark.parametrize(
    ("text", "name", "place"),
    [
        ("Markov chain Monte Carlo", "Carlo", True),
        ("They moved to San Carlos.", "Carlos", True),
        ("based in Fort Collins", "Collins", True),
        ("near Santa Ana", "Ana", True),
        ("Ana Costa Silva wrote", "Silva", False),  # a surname before a second surname
        ("Rio Quell wrote", "Quell", False),  # a given name that names places too
        ("Ann Santa said", "Santa", False),
        ("thanks, Monte\nCarlo", "Carlo", False),  # on another line
    ],
)
def test_after_place_opener(text: str, name: str, place: bool) -> None:
    assert after_place_opener(text, text.index(name)) is place
