"""Find names of people who are not participants: colleagues, family, vendors, the board in a legal footer.

Offline and by rule, from a given-name lexicon (``person_names``) and the words around a name:

- ``title``: a capitalised word or two after a title ("Mrs Lund", "Prof. Dr. Ada M. Berg");
- ``relation``: one or two after "my colleague", "our daughter" and the like;
- ``fullname``: a known given name followed by capitalised words that are no ordinary words
  ("Henrik Olsen", "Ada M. Berg"), at most four words; or two such words, the second a
  frequent surname;
- ``listed``: given names listed together ("Ann, Ben and Cleo") where one of them is a known
  person's name, or three or more are given names;
- ``part``: the given name of a full name found in the same file, used alone ("Henrik");
- ``addressed``: a known given name alone that a sentence opens and asks something of ("Oskar, please
  pull it", "Ingrid, could you ..."), or that is thanked or copied in ("thanks also to Oskar", "cc Bertram").

A run of capitalised words that holds an organisation or place word ("Berg Consulting", "Olsen
Street") is no person. Ordinary words (the built-in list, or words this corpus mostly writes in
lower case) are never taken as names, nor are all-capital words. What the mapping already knows
(participants' names, the class list, the keep list) is left to it.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

import regex

from nicknames.collect.discover.capital_words import (
    PLACE_OPENERS,
    WORD,
    Word,
    capital_words,
    is_title,
    may_be_name,
    may_hold_list,
    name_lists,
)
from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.other_names import Known, OtherNames
from nicknames.collect.discover.others_screen import ASKING_WORDS, may_name_others
from nicknames.collect.discover.places import holds_land, in_postal_address, is_land
from nicknames.collect.discover.public_names import AUTHOR_AFTER, THANKS, cue_around
from nicknames.engine.partitions import row_runs
from nicknames.engine.run import ordered_map
from nicknames.io.class_list import RegisteredFullNames
from nicknames.io.given_names import given_names
from nicknames.io.person_names import (
    JOINING_PARTICLES,
    ORGANISATION_WORDS,
    POSSESSIVES,
    RELATIONS,
)
from nicknames.rules.languages import LANGUAGES, language_pack, language_words
from nicknames.rules.nickname_table import builtin_table
from nicknames.rules.salutation_rules import ROLE_WORDS
from nicknames.rules.salutations import DEFAULT_RULES
from nicknames.rules.stopwords import (
    MONTHS,
    NATIONALITIES,
    PLACES_FIRST,
    WEEKDAYS,
    common_words,
    surnames,
)
from nicknames.rules.text_forms import read_references

MAX_WORDS = 4
"""Longest full name taken ("Karl Ada M. Berg"); longer runs of capitals are headings or lists."""
PUBLIC_SENDERS = 3
"""People who write a name, without a title or relation, that make it a public name rather than a private one."""
MIN_LISTED = 3
"""Given names listed together that are taken as people even when none of them is a known name."""

_POSSESSIVE = regex.compile(r"['’][sS]?(?!\w)")
_JOINER = regex.compile(r"\.?[^\S\n]{1,2}|\.-|\.")
"""What may stand between two words of one run of capitals: a space or two, a title's full stop."""
_PARTICLE_NAMES = "|".join(JOINING_PARTICLES)
_PARTICLES_JOINER = regex.compile(r"[^\S\n](?:(?:%s)[^\S\n]){1,3}" % _PARTICLE_NAMES)
"""Up to three particles of a name between two of its words, each after one space ("Henrik de Quell", "Ana de la
Cruz", ``JOINING_PARTICLES``)."""
_PARTICLES_LONGEST = 1 + 3 * (max(map(len, JOINING_PARTICLES)) + 1)
_RELATION = regex.compile(
    r"(?i)(?<!\w)(?:%s)[^\S\n]+(?:%s)[^\S\n]*,?[^\S\n]*$" % ("|".join(sorted(POSSESSIVES)), "|".join(sorted(RELATIONS)))
)
LONGEST_RUN = 64
"""Longest run of capitalised words read (a line of more is a heading, a roster or noise, and names nobody): what a
text's run holds stays bounded however long the text."""
_TEXT_HELD = 1 << 16
"""Longest text whose capitalised words are held at once (longer ones are read twice, a word at a time)."""
_LINE_BREAK = regex.compile(r"[^\S\n]*\n[^\S\n]*")
WRAPPED_LINE = 50
"""The shortest line whose break may fall inside a name (a line of wrapped prose, not one of a signature)."""
_JOINER_LONGEST = 3
"""The longest text ``_JOINER`` matches: a longer gap between two words never joins them."""
_APOSTROPHES = ("'", "’")
"""What ``_POSSESSIVE`` starts with."""


def _names_of_run(run: range, context: tuple[Sequence[str], Known, Lexicon]) -> list[list[tuple[str, str]]]:
    """The (name, tag) pairs of each text of a run, each name once per text: the engine's partition function."""
    texts, known, lexicon = context
    return names_in_texts(texts[run.start : run.stop], known, lexicon)


def names_in_texts(batch: Sequence[str], known: Known, lexicon: Lexicon) -> list[list[tuple[str, str]]]:
    """The (name, tag) pairs of each of these texts, each name once per text: what ``find_others`` reads in a run
    of texts, wherever the texts are.

    Only the texts that may name somebody (``others_screen``) are read word by word, their character references
    read ("O&#39;Neill" is "O'Neill", as apply matches it)."""
    batch = [read_references(text) for text in batch]
    return [_one_tag_each(_in_text(text, known, lexicon)) if may else []
            for text, may in zip(batch, may_name_others(batch).tolist())]


def _one_tag_each(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each name of a text once, with the tag of its last finding; a title, a relation or an address written with
    it (``_WRITTEN_PRIVATE``) is kept over a later finding without one (a Cc line's "Ann Lee <ann@…>" above a plain
    "Ann Lee" further down)."""
    tags: dict[str, str] = {}
    for name, tag in pairs:
        if tags.get(name) not in _WRITTEN_PRIVATE or tag in _WRITTEN_PRIVATE:
            tags[name] = tag
    return list(tags.items())


_WRITTEN_PRIVATE = frozenset({"title", "relation", "author"})


def find_others(texts: Iterable[str], known: Known, lexicon: Lexicon, threads: Sequence[str] | None = None,
                senders: Sequence[str] | None = None, jobs: int = 1) -> OtherNames:
    """Every name of a person who is not a participant in these texts, counted per message.

    ``threads`` (the thread of each text) limits a full name's given name used alone to the
    threads where the full name stands: elsewhere "Henrik" may be someone else, or a place.
    ``senders`` (who wrote each text): a name found without a title or relation that
    ``PUBLIC_SENDERS`` or more people write is taken as a public name (a cited author, a
    public figure), not a private person's.
    """
    texts = list(texts)
    thread_of = list(threads) if threads is not None else [""] * len(texts)
    sender_of = list(senders) if senders is not None else [""] * len(texts)
    runs = row_runs(len(texts))
    found = gather_others(ordered_map(_names_of_run, runs, jobs, (texts, known, lexicon)), thread_of, sender_of,
                          known.registered)
    firsts = alone_firsts(found, known, lexicon)
    add_parts(found, firsts, count_alone(texts, thread_of, firsts))
    return found


def others_of_each(texts: Sequence[str], known: Known, lexicon: Lexicon) -> Iterator[OtherNames | None]:
    """``find_others([text], known, lexicon)`` of each text on its own (None where it finds nobody), the texts
    screened as one batch (``names_in_texts``): the audit reads each message alone, and a text at a time the
    screen and the engine's run cost more than the search."""
    for text, pairs in zip(texts, names_in_texts(texts, known, lexicon), strict=True):
        if not pairs:
            yield None
            continue
        found = gather_others([[pairs]], [""], [""])
        firsts = alone_firsts(found, known, lexicon)
        add_parts(found, firsts, count_alone([text], [""], firsts))
        yield found


def gather_others(names: Iterable[list[list[tuple[str, str]]]], threads: Sequence[str],
                  senders: Sequence[str], registered: RegisteredFullNames | None = None) -> OtherNames:
    """The names found in runs of texts (``names_in_texts`` of each run, in file order) with the thread and sender
    of each text, without the public names: a name that ``PUBLIC_SENDERS`` or more people write, or that is written
    as a public name (``public_names``), unless it is a ``registered`` person's full name (colleagues write a
    colleague's full name as often as a public figure's); nor the end of a public name written alone or after a
    title, unless a relation or an author's place names it; nor a name read anywhere as a town (``PLACE``)."""
    found = OtherNames()
    position = 0
    for run in names:
        for pairs in run:
            for name, tag in pairs:
                found.add(name, tag, threads[position], senders[position])
            position += 1
    public = [name for name, who in found.senders.items() if _public(found.tags[name], who)
              and (registered is None or not registered.people(name))]
    written_public = [name for name in public if "public" in found.tags[name]]  # not one many only write
    tails = {" ".join(name.split()[start:]) for name in written_public for start in range(1, len(name.split()))}
    found.public.update({name: found.counts[name] for name in written_public if " " in name})
    for name in public + [name for name, tags in found.tags.items() if PLACE in tags or (
            name in tails and _PRIVATE_TAGS.isdisjoint(set(tags) - {"title"}))]:
        # with the end of a public name ("Prof. Berg", "Ada Berg" of a cited Lena Ada Berg), and a town
        found.drop(name)
    return found


PLACE = "place"
"""The tag of a name read as a town of a postal address: never proposed, nor anywhere else in the file."""


def _public(tags: list[str], senders: set[str]) -> bool:
    """True for a name many people write, or one written as a public name (``public_names``), with no title or
    relation anywhere: a cited author or a public figure."""
    return (len(senders) >= PUBLIC_SENDERS or "public" in tags) and not _PRIVATE_TAGS & set(tags)


_PRIVATE_TAGS = frozenset({"title", "relation", "addressed", "author"})
"""How a name found is written that makes it a private person's, however many write it or whatever else is said."""


def _in_text(text: str, known: Known, lexicon: Lexicon) -> Iterable[tuple[str, str]]:
    """(name, tag) of each person-like name in one text: those of runs of capitals, then those of lists.

    The capitalised words of a long text are read twice, one at a time, rather than held (a text of a million
    capitalised words would take some 200 bytes a word)."""
    words: Iterable[Word] = capital_words(text)
    if len(text) <= _TEXT_HELD:
        words = list(words)
    for run in _runs(text, words):
        found = _person_in_run(text, run, lexicon)
        if found is not None and not known.claims(found[0]) and not _inflected_claim(found[0], known):
            yield found[0], cue_around(text, found, run[0].start, run[-1].end)
    if len(text) > _TEXT_HELD:
        words = capital_words(text)
    elif not may_hold_list(text, words):
        return
    for name in _listed(text, words, known, lexicon):
        yield name, "listed"


def _inflected_claim(name: str, known: Known) -> bool:
    """True when the name is a participant's name with an ending of the packs ("Amin Olofssons", "Mikon")."""
    return any(name.endswith(ending) and known.claims(name[: -len(ending)]) for ending in _ENDINGS)


_ENDINGS = tuple({ending for code in LANGUAGES for ending in language_pack(code).endings})
"""The endings a name takes in the packs' languages ("s", Finnish "n", "lle", ...)."""


def _runs(text: str, words: Iterable[Word]) -> Iterable[list[Word]]:
    """Maximal runs of capitalised words and titles joined by spaces (or a title's full stop); a run of more than
    ``LONGEST_RUN`` words is left out (and only its last word held)."""
    run: list[Word] = []
    overlong = False
    for word in words:
        joined = bool(run) and (word.start - run[-1].end <= _JOINER_LONGEST and (
            _joins(text[run[-1].end : word.start]) or _wrapped(text, run[-1].end, word.start))
            or _joined_by_particles(text, run[-1].end, word.start))
        if run and not (joined and _may_join(text, run[-1])):
            yield from () if overlong else (run,)
            run, overlong = [], False
        if _opens_with_closer(text, word):
            continue  # "T. Aapo Lindgren": a closer of the packs signs a name, it is no initial of it
        if (whole := _past_lost_letters(text, word.end)) is not None:  # "Quellm" of "Quellm?nn": read on
            word = Word(word.start, whole, text[word.start : whole], word.capitalised)
        folded = word.text.casefold()
        if not run and folded in NATIONALITIES and folded not in given_names():
            continue  # "American English", "the Canadian Ambassador Ada Quill": no part of a name
        if (run and folded in ROLE_WORDS) or folded in PLACE_OPENERS or (not run and folded in PLACES_FIRST):
            # "Ada Quill MSc", "Ada Quill  Senior Analyst": the name ends. What the role joins on is left out as
            # before ("General Counsel Ed Quill": the title of someone in the news more often than not), and so is
            # what a place's first word opens ("San Teodoro Basin", "Fort Ambler")
            yield from () if overlong or not run else (run,)
            run, overlong = [word], True
            continue
        if not run and not _is_title(word) and _opens_sentence_as_word(text, word):
            continue  # "Som Pekka skrev": an ordinary word of a pack's language opens the sentence
        if _is_title(word) or _is_initial(text, word) or (word.capitalised and may_be_name(word.text)):
            run.append(word)
            if len(run) > LONGEST_RUN:
                run, overlong = [word], True
        elif run:
            yield from () if overlong else (run,)
            run, overlong = [], False
        if run and text[word.end : word.end + 1] in _APOSTROPHES and _POSSESSIVE.match(text, word.end):
            # "Ada Berg's Weekly Report": the name ends here
            yield from () if overlong else (run,)
            run, overlong = [], False
    if run and not overlong:
        yield run


def _past_lost_letters(text: str, end: int) -> int | None:
    """Where a word ending at ``end`` really ends when it goes on after a letter an archive lost or garbled
    ("Quellm" of "Quellm?nn", "Quellm\ufffdnn", "QuellmÃ" of "QuellmÃ¤nn"), or None (no such letter, or a lost
    apostrophe before a possessive's or a contraction's ending)."""
    after = text[end : end + 1]
    if not ((after in _LOST or (text[end - 1 : end] in _GARBLED and "\x80" <= after <= "\xbf")) and text[
            end + 1 : end + 2].isalpha()):
        return None
    rest = _LOST_LETTERS.match(text, end)
    if rest is None or (after in _LOST and rest.group()[1:] in _ENDINGS_AFTER_APOSTROPHE):
        return None
    return rest.end()


_LOST = frozenset("?\ufffd")
"""What an archive writes for a letter it lost."""
_ENDINGS_AFTER_APOSTROPHE = frozenset({"s", "t", "d", "m", "ll", "re", "ve"})
"""What follows an apostrophe an archive lost ("Quell?s email", "don?t"): a possessive or a contraction, no letter
of the word."""
_GARBLED = frozenset("ÃÂ")
"""The first of the two characters an accented letter's UTF-8 bytes become when read as Latin-1 ("Ã¤" for "ä"), which
ends a word: the second is no letter."""
_LOST_LETTERS = regex.compile(r"(?:[?\ufffd\x80-\xbf]\p{L}+)+")
"""The rest of a word after a letter an archive lost or garbled, and any more ("?nn", "?ll?r", "¤gel")."""


def _joined_by_particles(text: str, end: int, start: int) -> bool:
    """Whether the particles of a name join two words ("Henrik de Quell"): what ``_PARTICLES_JOINER`` matches."""
    return start - end <= _PARTICLES_LONGEST and _PARTICLES_JOINER.fullmatch(text, end, start) is not None


@functools.lru_cache(maxsize=256)
def _joins(gap: str) -> bool:
    """Whether what stands between two words may join them in a run (``_JOINER``)."""
    return _JOINER.fullmatch(gap) is not None


def _wrapped(text: str, end: int, start: int) -> bool:
    """Whether a line break between two words wraps a line of prose ("... to Henrik\nOlsen today"): the line it ends
    is ``WRAPPED_LINE`` characters or longer (mail wraps near 72), and the word after it ends the name, the next line
    going on with no capitalised word or colon right after it; a signature's short lines, a footer's "Management:"
    and an address's "Accademia Quellmann" stay apart."""
    if text[end:start].strip(" \t\r") != "\n":
        return False
    line_start = text.rfind("\n", 0, end) + 1
    return end - line_start >= WRAPPED_LINE and _ENDS_NAME.match(text, start) is not None


_ENDS_NAME = regex.compile(r"\p{L}[\p{L}\p{M}'’\-]*+(?![^\S\n]*:)(?![^\S\n]{1,2}\p{Lu})")
"""A word that no colon or capitalised word follows on its line."""


def _may_join(text: str, previous: Word) -> bool:
    """A full stop ends the run unless it closes a title or an initial ("Dr. Berg", "Ada M. Berg")."""
    return not text.startswith(".", previous.end) or _is_title(previous) or len(previous.text) == 1


def _opens_sentence_as_word(text: str, word: Word) -> bool:
    """True for an ordinary word of a pack's language that opens a sentence ("Som", "Come", "Wie"); inside a run it
    may be a surname, so only a run's first word is read so."""
    if word.text.casefold() not in language_words():
        return False
    return _opens_sentence(text, word)


_SENTENCE_OPENING = regex.compile(r"(?:^[>\s]*|[.!?:]\s+|\n[>\s]*)\Z")
"""Where a sentence opens: the text's or a line's start (after quote marks "> "), or after a sentence's end."""


def _opens_with_closer(text: str, word: Word) -> bool:
    """True for an initial that opens its line and is a closer there ("T." in "T. Aapo Lindgren")."""
    if not _is_initial(text, word) or text[text.rfind("\n", 0, word.start) + 1 : word.start].strip():
        return False
    line_end = text.find("\n", word.end)
    match = DEFAULT_RULES.match("closer", text[word.start : len(text) if line_end < 0 else line_end])
    return match is not None and match.start("rest") > word.end - word.start


def _is_initial(text: str, word: Word) -> bool:
    return len(word.text) == 1 and word.text.isupper() and text.startswith(".", word.end)


GLUED_ORGANISATION_ENDS = ("networks", "systems", "technologies", "solutions", "sciences", "therapeutics",
                           "analytics", "genomics", "software", "industries", "pharmaceuticals", "informatics")
"""Words that end a company's name written as one word ("Bionetworks", "Teksystems", "Geosciences"): no surname."""


def _glued_organisation(word: str) -> bool:
    """Whether a capitalised word is a company's name glued from words (``GLUED_ORGANISATION_ENDS``)."""
    folded = word.casefold()
    return folded.endswith(GLUED_ORGANISATION_ENDS) and folded not in GLUED_ORGANISATION_ENDS


def _is_title(word: Word) -> bool:
    return is_title(word.text)


def _person_in_run(text: str, run: list[Word], lexicon: Lexicon) -> tuple[str, str] | None:
    """The person a run of capitals names, with the cue that says so; None for a place, a company or words."""
    if len(run) == 1 and not _is_title(run[0]) and not _RELATION.search(text[max(0, run[0].start - 40) : run[0].start]):
        # one word (most runs) names someone only after a relation (what follows would say None), or addressed
        return (run[0].text, "addressed") if _addressed(text, run[0], lexicon) else None
    if any(word.text.casefold() in ORGANISATION_WORDS or is_land(word.text) or _glued_organisation(word.text)
           for word in run) or _organisation_follows(text, run[-1]) or holds_land([word.text for word in run]):
        return None
    if in_postal_address(text, run[0].start, run[-1].end):  # a town: where else the file writes it, it is that town
        names = _without_leading_words(run, lexicon)
        return _LINE_BREAK.sub(" ", text[names[0].start : names[-1].end]), PLACE
    if len(run) > 1 and run[0].text.casefold() in WEEKDAYS and run[1].text.casefold() in MONTHS:
        return None  # a date: "Sun Nov 2", "Tue Dec 14 09:12:05 2021"
    titles = [index for index, word in enumerate(run) if _is_title(word)]
    if titles:
        after = run[titles[-1] + 1 :]
        if after and "-" in text[run[titles[-1]].end : after[0].start]:
            return None  # a word joined to a title by a hyphen is a degree's: "Dipl.-Tech. Math.", "Dr.-Ing."
        return _name_of(text, after[:MAX_WORDS], lexicon, need_given=False, tag="title")
    if _RELATION.search(text[max(0, run[0].start - 40) : run[0].start]):
        return _name_of(text, run[:2], lexicon, need_given=False, tag="relation")
    names = _without_leading_words(run, lexicon)
    if 2 <= len(names) <= MAX_WORDS:
        if AUTHOR_AFTER.match(text, run[-1].end) is not None:
            # a display name before an address ("Tobias Young <tobias@example.org>"), or the author an attribution
            # line names ("On Mon, Tobias Young wrote:"), is a person's, words and all
            return _name_of(text, names, lexicon, need_given=True, tag="author", words_too=True)
        return _name_of(text, names, lexicon, need_given=True, tag="fullname") or _surnamed(text, names, lexicon)
    return None


def _addressed(text: str, word: Word, lexicon: Lexicon) -> bool:
    """Whether one capitalised word is a known given name, no ordinary word, that a sentence opens and asks something
    of ("Oskar, please pull it") or that is thanked or copied in ("thanks also to Oskar", "cc Bertram")."""
    if not _GIVEN_SHAPE.fullmatch(word.text) or word.text.casefold() not in given_names() or lexicon.is_word(word.text):
        return False
    before = text[max(0, word.start - 40) : word.start]
    if _THANKED_TO.search(before) or _COPIED.search(before):
        return True
    opens = word.start == 0 or text[word.start - 1] == "\n" or _SENTENCE_END.search(before) is not None
    return opens and _ASKED.match(text, word.end) is not None


_GIVEN_SHAPE = regex.compile(r"\p{Lu}\p{Ll}+")
_SENTENCE_END = regex.compile(r"[.!?][^\S\n]+\Z")
_ASKED = regex.compile(r",[^\S\n]+(?:%s)\b" % "|".join(ASKING_WORDS))
_THANKED_TO = regex.compile(rf"(?i:{THANKS}[^\S\n]+to)[^\S\n]+\Z")
_COPIED = regex.compile(r"(?i:\bcc:?)[^\S\n]+\Z")


def _without_leading_words(run: list[Word], lexicon: Lexicon) -> list[Word]:
    """The run without the ordinary words that open it ("Ask Henrik Olsen" → "Henrik Olsen")."""
    start = 0
    while start < len(run) - 1 and run[start].capitalised and lexicon.is_word(run[start].text) and (
            run[start].text.casefold() not in given_names()):
        start += 1
    return run[start:]


def _surnamed(text: str, names: list[Word], lexicon: Lexicon) -> tuple[str, str] | None:
    """Two capitalised words, the second a frequent surname, neither an ordinary word ("Loes Harmon"); the first
    (no known given name) no common word that is no given name, nor joined to one or to a letter ("K-Nearest
    Neighbors"; "QXR-Mark Harmon" is a person)."""
    parts = names[0].text.split("-")
    if len(names) != 2 or names[1].text.casefold() not in surnames() or any(
            (len(part) < 2 and len(parts) > 1) or (part.casefold() in common_words() and part.casefold() not in
                                                   given_names()) for part in parts):
        return None
    return _name_of(text, names, lexicon, need_given=False, tag="fullname")


def _name_of(text: str, names: list[Word], lexicon: Lexicon, *, need_given: bool, tag: str,
             words_too: bool = False) -> tuple[str, str] | None:
    """The name these words make, if they can be one: no ordinary word, ending in a capitalised word. A given name
    that is also an English word may open a full name after a title or a relation ("my colleague Mark Wrenfield");
    one the nickname table knows also inside a sentence ("proposals by Bill Wrenfield"; not "Red Hat", nor where a
    sentence opens: "Mark Wrenfield's mail as read"). ``words_too``: ordinary words after the given name may be
    part of the name (an author's, as an address or an attribution line gives it)."""
    if not names or not names[-1].capitalised or len(names[-1].text) < 2:
        return None
    opening = names[0].text.casefold()
    cued = len(names) > 1 and opening in given_names() and opening in common_words() and (
        tag in ("title", "relation") or (builtin_table().knows(opening) and not _opens_sentence(text, names[0])))
    if not words_too and any(word.capitalised and lexicon.is_word(word.text) for word in (names[1:] if cued else names)):
        return None
    first = names[1] if len(names) > 2 and not names[0].capitalised else names[0]  # "R. Ada Berg"
    if need_given and (not first.capitalised or first.text.casefold() not in given_names()):
        return None
    name = text[names[0].start : names[-1].end]
    return (_LINE_BREAK.sub(" ", name) if "\n" in name else name), tag  # wrapped: "Henrik\nOlsen" is "Henrik Olsen"


def _opens_sentence(text: str, word: Word) -> bool:
    """Whether the word opens a sentence: the text's or a line's start, or after a sentence's end."""
    return _SENTENCE_OPENING.search(text, max(0, word.start - 8), word.start) is not None


def _organisation_follows(text: str, last: Word) -> bool:
    """True when the word after a run is an organisation word in lower case ("Berg and Sons", "Ada Berg lab")."""
    following = WORD.match(text, last.end + 1) if text[last.end : last.end + 1] in (" ", "-") else None
    return following is not None and following.group().casefold() in ORGANISATION_WORDS


def _listed(text: str, words: Iterable[Word], known: Known, lexicon: Lexicon) -> Iterable[str]:
    """Given names of a list ("Ann, Ben and Cleo") with a known person's name in it, or of three or more (each name
    of a list once)."""
    for names, size in name_lists(text, words, lexicon):
        known_names = [name for name in names if name.casefold() in known.people]
        if known_names or size >= MIN_LISTED:
            yield from (name for name in names if not known.claims(name))


def alone_firsts(found: OtherNames, known: Known, lexicon: Lexicon) -> dict[str, set[str]]:
    """The given name of each full name found → the threads of the full name, where it is looked for alone
    (``count_alone``): given names that are not found already, claimed or ordinary words."""
    firsts: dict[str, set[str]] = {}
    for name in list(found.counts):
        first = name.split()[0]
        if " " in name and first.casefold() in given_names() and len(first) > 1:
            firsts.setdefault(first, set()).update(found.threads[name])
    return {first: threads for first, threads in firsts.items()
            if not (first in found.counts or known.claims(first) or lexicon.is_word(first))}


ELSEWHERE_USES = 20
"""Uses of a name across the file from which ``used_mostly_elsewhere`` can tell where it is mostly used."""
ELSEWHERE_SHARE = 0.2
"""The share of those uses below which a name is used mostly elsewhere than where it was found as a person's."""


def used_mostly_elsewhere(own: int, uses: int) -> bool:
    """Whether a name used ``uses`` times in the file, ``own`` of them where it was found as someone's (alone in
    their full name's threads, or in their own threads), is mostly used elsewhere: a place or another person."""
    return uses >= ELSEWHERE_USES and own < ELSEWHERE_SHARE * uses


def drop_common_parts(found: OtherNames, lexicon: Lexicon) -> None:
    """Forget the given names found alone (``part``) that the file uses mostly elsewhere ("Jordan" of "Jordan Vell",
    where the file means the country): collect proposes the names of ``@others``, which apply replaces everywhere,
    and there they are a place or another person."""
    for name in [name for name, tags in found.tags.items() if tags == ["part"]]:
        if used_mostly_elsewhere(found.counts[name], lexicon.capitalised.get(name.casefold(), 0)):
            found.drop(name)


def count_alone(texts: Sequence[str], threads: Sequence[str], firsts: dict[str, set[str]]) -> Counter[str]:
    """Given name → the texts (each with its thread) that use it alone in the threads of its full names: counted run
    by run of the texts wherever they are, and added up."""
    in_thread: dict[str, list[str]] = {}
    for text, thread in zip(texts, threads):
        in_thread.setdefault(thread, []).append(text)
    counts: Counter[str] = Counter()
    for first, where in firsts.items():
        alone = regex.compile(r"(?<![\w'’\-.])%s(?![\w\-]|[^\S\n]+\p{Lu}|[^\S\n]+(?:%s)[^\S\n])" % (
            regex.escape(first), _PARTICLE_NAMES))
        counts[first] = sum(1 for thread in where for text in in_thread.get(thread, ()) if alone.search(text))
    return counts


def add_parts(found: OtherNames, firsts: dict[str, set[str]], counts: Counter[str]) -> None:
    """The given names used alone (``count_alone``) added to the names found, tagged ``part``."""
    for first, threads in firsts.items():
        count = counts[first]
        if count:
            found.counts[first] += count
            found.tags[first] = ["part"]
            found.threads[first] = threads


