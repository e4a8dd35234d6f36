"""How apply writes people who are not participants: ``[PERSON 1]``, ``[PERSON 2]``, one number per person.

Kept apart from ``nicknames.collect.others`` (which finds them) so that substitution loads no discovery code.
"""

from __future__ import annotations

import regex

from nicknames.apply.replacement import Replacement
from nicknames.io.given_names import given_names
from nicknames.io.person_names import ORGANISATION_WORDS
from nicknames.model.mapping import OTHERS, Mapping
from nicknames.rules.patterns import name_key
from nicknames.rules.word_names import WORD_NAMES, reads_as_word

PLACEHOLDER = "[PERSON {number}]"
"""How a person who is not a participant is written in the output."""
OTHER_OWNERS = (OTHERS,)
"""The owners ``substitute`` gives a name of a person who is not a participant."""
EVIDENCE = "a person who is not a participant (the mapping's @others): [PERSON n]"

_NEXT_WORDS = regex.compile(r"[^\S\n]+(\p{Lu}[\p{L}\p{M}'’\-]*)(?:[^\S\n]+(\p{Lu}[\p{L}\p{M}'’\-]*))?")


def without_others(mapping: Mapping) -> Mapping:
    """A copy of the mapping whose people who are not participants are left as written (``--others keep``)."""
    copy = mapping.copy()
    copy.entries.pop(OTHERS, None)
    return copy


def person_labels(mapping: Mapping) -> dict[str, str]:
    """Name (as ``name_key``) → its person's placeholder, one number per person for the whole file.

    A one-word name is the person of a full name that begins or ends with it ("Henrik" →
    "Henrik Olsen"); full names with the same first and last words are one person. People are
    numbered in the order of the ``@others`` section.
    """
    keys = [name_key(text) for text in mapping.others]
    person: dict[str, int] = {}
    ends: dict[tuple[str, str], int] = {}
    for key in sorted(keys, key=lambda key: " " not in key):  # full names first, in file order
        words = key.split()
        number = ends.get((words[0], words[-1]))
        if number is None and len(words) == 1:
            number = next((n for (first, last), n in ends.items() if words[0] in (first, last)), None)
        if number is None:
            number = ends[(words[0], words[-1])] = len(ends) + 1
        person[key] = number
    order: dict[int, int] = {}
    for key in keys:
        order.setdefault(person[key], len(order) + 1)
    return {key: PLACEHOLDER.format(number=order[person[key]]) for key in keys}


def other_labels(mapping: Mapping) -> dict[str, str]:
    """The placeholders of a scope's people who are not participants (the same in every scope of a file)."""
    return person_labels(mapping) if OTHERS in mapping.entries else {}


def add_other_owners(mapping: Mapping, owners: dict[str, list[str]], words: set[str]) -> None:
    """Give each name of ``@others`` the owner ``@others`` in a scope, unless a participant or the keep list has it
    (names that are also words are tagged so that their word uses stay)."""
    for text in mapping.others:
        key = name_key(text)
        if key not in owners:
            owners[key] = [OTHERS]
            if " " not in key and text.casefold() in WORD_NAMES:
                words.add(key)


def other_mention(
    message_id: str, text: str, start: int, end: int, key: str, labels: dict[str, str], word: bool
) -> Replacement | None:
    """The replacement of a name of ``@others`` at ``text[start:end]``; None where it names a place or reads as
    an ordinary word, or where a name of one word found capitalised, and no given name of three letters or more, is
    written in lower case ("windows" of a "Windows" found after a title: collect finds only capitalised names of
    people who are not participants; "henrik" of a Henrik is his name still, in a text written in lower case; "sa" of a
    Sa is more often a slip of the keys)."""
    if in_organisation(text, end) or (word and reads_as_word(text, start, end, False)) or (
            " " not in key and not key.islower() and text[start:end].islower()
            and (len(key) < 3 or key.casefold() not in given_names())):
        return None
    return Replacement(message_id, start, end, text[start:end], key, OTHERS, labels[key], "others", (), "name", 1.0,
                       EVIDENCE)


def in_organisation(text: str, end: int) -> bool:
    """True when the name ending at ``end`` opens a place or company ("Berg Street", "Olsen Consulting")."""
    following = _NEXT_WORDS.match(text, end)
    return following is not None and any(
        word is not None and word.casefold() in ORGANISATION_WORDS for word in following.groups()
    )


