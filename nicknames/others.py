"""People who are not participants: the mapping's ``@others`` section, proposed, merged, numbered and audited.

Mail and forum posts name people who never post and are on no class list: a colleague, a child,
a vendor, the board in a legal footer. ``collect`` proposes their names (see
``discover.others``) as suggestions in a section of their own::

    @others | ?Henrik Olsen [2; fullname] | ?Henrik [1; part] | !Grand Canyon [1; fullname]

The reviewer accepts, rejects (``!``), moves a name to a participant or to the keep list like any
name. ``apply`` replaces the names in use by placeholders that keep people apart, ``[PERSON 1]``,
``[PERSON 2]``, numbered once for the whole file (``--others keep`` leaves them, as the paper did);
``audit`` reports person-like names of the output that are neither mapped nor kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import regex

from nicknames.class_list import is_person, registered_parts
from nicknames.discover.lexicon import name_words
from nicknames.discover.others import Known, OtherNames, corpus_lexicon, find_others
from nicknames.discover.person_names import ORGANISATION_WORDS
from nicknames.mapping import OTHERS, Mapping, Name, Status
from nicknames.patterns import name_key
from nicknames.word_names import reads_as_word

if TYPE_CHECKING:
    from nicknames.substitute import Mention

PLACEHOLDER = "[PERSON {number}]"
"""How a person who is not a participant is written in the output."""
OTHERS_COMMENT = "# People who are not participants (colleagues, family, vendors): replaced by [PERSON n] unless kept."

OTHER_OWNERS = (OTHERS,)
"""The owners ``substitute`` gives a name of a person who is not a participant."""
EVIDENCE = "a person who is not a participant (the mapping's @others): [PERSON n]"

_NEXT_WORDS = regex.compile(r"[^\S\n]+(\p{Lu}[\p{L}\p{M}'’\-]*)(?:[^\S\n]+(\p{Lu}[\p{L}\p{M}'’\-]*))?")


@dataclass(frozen=True)
class PersonLike:
    """A person-like name in an output that the mapping neither maps nor keeps (an audit finding)."""

    message_id: str
    text: str
    cue: str
    """Why it looks like a person's name: ``title``, ``relation``, ``fullname``, ``listed`` or ``part``."""


def known_names(mapping: Mapping, class_list: dict[str, str] | None = None) -> Known:
    """What the finder leaves alone (participants' names in use, the keep list) and the class list's people."""
    names = {text.casefold() for texts in mapping.names.values() for text in texts}
    people = set(names)
    for full_name in (class_list or {}).values():
        if is_person(full_name):
            people.update(part.casefold() for part in registered_parts(full_name))
    keep = {text.casefold() for text in mapping.keep}
    keep.update(word for text in list(keep) for word in text.split() if len(word) > 1)
    return Known(frozenset(names), frozenset(keep), frozenset(people))


def propose_others(mapping: Mapping, texts: Iterable[str], class_list: dict[str, str] | None = None,
                   threads: Sequence[str] | None = None) -> OtherNames:
    """Add the names of people who are not participants to the mapping's ``@others`` section, as suggestions
    (``threads``: the thread of each text, see ``find_others``)."""
    texts = list(texts)
    found = find_others(texts, known_names(mapping, class_list), corpus_lexicon(texts), threads)
    for text, count in sorted(found.counts.items(), key=lambda item: (-item[1], item[0])):
        mapping.add_other(Name(text, count, tuple(found.tags[text]), Status.SUGGESTED))
    if OTHERS in mapping.entries and not mapping.entries[OTHERS].comments:
        mapping.entries[OTHERS].comments = [OTHERS_COMMENT]
    return found


def merge_others(merged: Mapping, proposed: Mapping) -> None:
    """Merge a new proposal's ``@others`` into an edited mapping: edits stay, deleted names stay deleted."""
    if OTHERS not in proposed.entries:
        return
    claimed = {text for texts in merged.names.values() for text in texts} | set(merged.keep)
    seen = merged.seen.setdefault(OTHERS, set())
    for name in proposed.entry(OTHERS).names:
        current = merged.entries[OTHERS].find(name.text) if OTHERS in merged.entries else None
        if current is not None:
            tags = tuple(dict.fromkeys(name.tags + current.tags))
            merged.set_name(OTHERS, Name(current.text, name.count, tags, current.status))
        elif name.text not in seen and name.text not in claimed:
            merged.add_other(name)
        seen.add(name.text)
    if OTHERS in merged.entries:
        merged.sort_names(OTHERS)
        if not merged.entries[OTHERS].comments:
            merged.entries[OTHERS].comments = [OTHERS_COMMENT]


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
            if " " not in key and text.casefold() in name_words():
                words.add(key)


def other_mention(text: str, start: int, end: int, key: str, labels: dict[str, str], word: bool) -> Mention | None:
    """The replacement of a name of ``@others`` at ``text[start:end]``; None where it names a place or reads as
    an ordinary word."""
    if in_organisation(text, end) or (word and reads_as_word(text, start, end, False)):
        return None
    return (start, end, text[start:end], key, OTHERS, labels[key], "others", (), "name", 1.0, EVIDENCE)


def in_organisation(text: str, end: int) -> bool:
    """True when the name ending at ``end`` opens a place or company ("Berg Street", "Olsen Consulting")."""
    following = _NEXT_WORDS.match(text, end)
    return following is not None and any(
        word is not None and word.casefold() in ORGANISATION_WORDS for word in following.groups()
    )


def unmapped_people(texts: Iterable[tuple[str, str]], mapping: Mapping,
                    class_list: dict[str, str] | None = None) -> list[PersonLike]:
    """Person-like names in an output that are neither a name of the mapping nor on its keep list."""
    pairs = list(texts)
    lexicon = corpus_lexicon(text for _, text in pairs)
    known = known_names(mapping, class_list)
    others = {text.casefold() for text in mapping.others}
    findings: list[PersonLike] = []
    for message_id, text in pairs:
        found = find_others([text], known, lexicon)
        findings.extend(PersonLike(message_id, name, found.tags[name][0]) for name in found.counts
                        if name.casefold() not in others)
    return findings
