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

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nicknames.collect.discover.corpus_words import corpus_lexicon
from nicknames.collect.discover.other_names import Known, OtherNames, folded_name
from nicknames.collect.discover.others import (
    PUBLIC_SENDERS,
    drop_common_parts,
    find_others,
)
from nicknames.io.class_list import RegisteredFullNames, registered_parts
from nicknames.io.person_names import person_rows
from nicknames.model.mapping import KEEP, OTHERS, Mapping, Name, Status
from nicknames.rules.nickname_table import NicknameTable

OTHERS_COMMENT = "# People who are not participants (colleagues, family, vendors): replaced by [PERSON n] unless kept."


@dataclass(frozen=True)
class PersonLike:
    """A person-like name in an output that the mapping neither maps nor keeps (an audit finding)."""

    message_id: str
    text: str
    cue: str
    """Why it looks like a person's name: ``title``, ``relation``, ``fullname``, ``listed`` or ``part``."""


def known_names(mapping: Mapping, class_list: dict[str, str] | None = None,
                nicknames: NicknameTable | None = None) -> Known:
    """What the finder leaves alone (participants' names in use, the keep list) and the class list's people (with
    the familiar forms of their given names from ``nicknames``, by default the built-in table)."""
    names = {folded_name(text) for texts in mapping.names.values() for text in texts}
    people = set(names)
    persons = person_rows(class_list or {})
    for full_name in persons.values():
        people.update(part.casefold() for part in registered_parts(full_name))
    keep = {text.casefold() for text in mapping.keep}
    keep.update(word for text in list(keep) for word in text.split() if len(word) > 1)
    registered = RegisteredFullNames.of(persons, nicknames)
    return Known(frozenset(names), frozenset(keep), frozenset(people), registered)


def propose_others(mapping: Mapping, texts: Iterable[str], class_list: dict[str, str] | None = None,
                   threads: Sequence[str] | None = None, senders: Sequence[str] | None = None,
                   jobs: int = 1, nicknames: NicknameTable | None = None) -> OtherNames:
    """Add the names of people who are not participants to the mapping's ``@others`` section, as suggestions
    (``threads`` and ``senders``: the thread and sender of each text, see ``find_others``; ``jobs``: worker
    processes that read the texts).

    A full name found that is a registered person's given name and surname with middle initials or names between
    ("Ada K. Quill", "Ada Lin Quill"), a generation after ("Ada Quill, Jr."), or another form of the given name
    (the formal name of a registered familiar one: "Edmund Quill" for a registered Ned Quill), or a registered part
    of several words or a surname written without the accents ("Jose Maria", "Mr Mueller" for a registered José
    María Müller) names that person, not somebody else: it goes to their line (tags ``classlist``, and ``absent`` for
    one who posts nothing); so does one letter off in one of its words ("Naved Oduya" for a registered Naveed Oduya;
    tag ``fuzzy`` too)."""
    texts = list(texts)
    lexicon = corpus_lexicon(texts, jobs)
    known = known_names(mapping, class_list, nicknames)
    found = find_others(texts, known, lexicon, threads, senders, jobs)
    drop_common_parts(found, lexicon)
    add_others(mapping, found, known.registered, senders or (), class_list)
    return found


def add_others(mapping: Mapping, found: OtherNames, registered: RegisteredFullNames,
               senders: Iterable[str] = (), class_list: dict[str, str] | None = None) -> None:
    """Add names found of people who are not participants to the mapping as ``propose_others`` does (``registered``:
    the class list's full names, ``Known.registered``; ``senders``: the participants who post). A registered
    person's full name goes to their line: of two registered people it may name, to the one who posts; of several
    who post under one registered full name (one person with several addresses, ``class_list``), to the one who posts
    most. The public names found (``OtherNames.public``: none a registered person's, ``gather_others``) are suggested
    for the keep list."""
    posts = Counter(senders)
    posting = set(posts)
    for text, count in _most_used_first(found.counts):
        if " " in text:
            people = registered.people(text)
        else:  # a surname alone after a title ("Mr Mueller")
            people = registered.with_surname(text) if "title" in found.tags[text] else set()
        misspelt: tuple[str, ...] = ()
        lost: tuple[str, ...] = ()
        if not people and " " in text:  # "Naved Oduya" for a registered Naveed Oduya
            people = registered.misspelt(text)
            misspelt = ("fuzzy",) if people else ()
            if not people:  # "Jens Quellm?nn" for a registered Jens Quellmann
                people = registered.lost(text)
                lost = ("lost",)
        if len(people) > 1:  # a person registered twice (two addresses), or namesakes: the one of them who posts
            people &= posting
        if lost and len(people) > 1:
            continue  # their names with the letter lost are on their lines: no [PERSON] over them
        if len(people) > 1 and _one_registered_name(people, class_list or {}):
            people = {max(sorted(people), key=posts.__getitem__)}  # "Ann Q. Lee" of an Ann Lee who posts from two
            # addresses: the id she posts from most (on two lines, her addresses would name two people)
        owner = people.pop() if len(people) == 1 else None
        if owner is not None:  # a registered person's full name, written with initials or another given name
            mapping.add_participant(owner)
            tags = misspelt + lost + (("classlist",) if owner in posting else ("classlist", "absent"))
            mapping.set_name(owner, Name(text, count, tags, Status.SUGGESTED))
            continue
        mapping.add_other(Name(text, count, tuple(found.tags[text]), Status.SUGGESTED))
    if OTHERS in mapping.entries and not mapping.entries[OTHERS].comments:
        mapping.entries[OTHERS].comments = [OTHERS_COMMENT]
    full_names = _full_names(mapping)
    for text, count in _most_used_first(found.public):
        owner = _holder(text, full_names)
        if owner is not None:  # a participant's own name cited ("Salt Roads, by H. Tobias Quell" from Tobias Quell)
            mapping.set_name(owner, Name(text, count, ("public",), Status.SUGGESTED))
            continue
        # a public figure's or cited author's full name: kept whole, so that no participant's given name inside it
        # is replaced ("Lena Harcourt" cited where a Lena posts)
        mapping.suggest_keep(Name(text, count, ("public",)))


def _one_registered_name(people: set[str], class_list: dict[str, str]) -> bool:
    """Whether the class list registers these people under one full name (case and spaces aside): one person with
    several ids, as an archive gives one to each address."""
    return len({" ".join(class_list.get(person, person).casefold().split()) for person in people}) == 1


def _full_names(mapping: Mapping) -> dict[tuple[str, ...], set[str]]:
    """The words of each participant's names of several words (any case) → the participants who have them."""
    full: dict[tuple[str, ...], set[str]] = {}
    for participant, names in mapping.names.items():
        for name in names:
            words = tuple(name.casefold().split())
            if len(words) > 1:
                full.setdefault(words, set()).add(participant)
    return full


def _holder(text: str, full_names: dict[tuple[str, ...], set[str]]) -> str | None:
    """The one participant a public name ends in a name of several words of, as whole words ("H. Tobias Quell" ends in
    "Tobias Quell"): their own name, not a public figure's ("Tobias Q. Rockwell" is not a Tobias Q.'s)."""
    words = tuple(text.casefold().split())
    people = {participant for size in range(2, len(words) + 1) for participant in full_names.get(words[-size:], ())}
    return people.pop() if len(people) == 1 else None


def _most_used_first(counts: Counter[str]) -> list[tuple[str, int]]:
    """Names and their counts, the most used first, then in the order of their text."""
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def merge_keep(merged: Mapping, proposed: Mapping) -> None:
    """Merge the public names a new proposal suggests for the keep list into an edited mapping: a name the keep
    list has, or had and the reviewer took off (``@seen @keep``), is not added again."""
    if KEEP not in proposed.entries:
        return
    kept = set(merged.keep)
    seen = merged.seen.setdefault(KEEP, set())
    for name in proposed.entries[KEEP].names:
        if name.text not in kept and name.text not in seen:
            merged.suggest_keep(name)
        seen.add(name.text)


def merge_others(merged: Mapping, proposed: Mapping) -> None:
    """Merge a new proposal's ``@others`` into an edited mapping: edits stay, deleted names stay deleted. A name
    ``@others`` has only as a suggestion, that the new proposal gives a participant instead (a class list given
    since: the person is one), leaves ``@others``."""
    claimed = {text for texts in merged.names.values() for text in texts} | set(merged.keep)
    _drop_claimed(merged, proposed, claimed)
    if OTHERS not in proposed.entries:
        return
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


def _drop_claimed(merged: Mapping, proposed: Mapping, claimed: set[str]) -> None:
    """Remove the names ``@others`` has as suggestions that a participant of ``proposed`` has and ``proposed``'s
    ``@others`` has not."""
    entry = merged.entries.get(OTHERS)
    if entry is None:
        return
    again = {name.text for name in proposed.entries[OTHERS].names} if OTHERS in proposed.entries else set()
    given = {text for texts in proposed.names.values() for text in texts} & claimed
    moved = [name.text for name in entry.names
             if name.status is Status.SUGGESTED and name.text in given and name.text not in again]
    for text in moved:
        merged.remove_name(OTHERS, text)
    if moved and not entry.names:
        del merged.entries[OTHERS]  # its comment goes with it; the names stay seen


def unmapped_people(texts: Iterable[tuple[str, str]], mapping: Mapping,
                    class_list: dict[str, str] | None = None) -> list[PersonLike]:
    """Person-like names in an output that are neither a name of the mapping nor on its keep list.

    Names of ``@others`` in any status, and names the reviewer deleted from it, count as known. A
    name found without a title or relation in ``PUBLIC_SENDERS`` or more messages is taken as a
    public name, as collect takes one that many people write (the output has no senders to count).
    """
    pairs = list(texts)
    lexicon = corpus_lexicon([text for _, text in pairs])
    known = known_names(mapping, class_list)
    entry = mapping.entries.get(OTHERS)
    reviewed = {name.text.casefold() for name in entry.names} if entry else set()
    reviewed |= {text.casefold() for text in mapping.seen.get(OTHERS, ())}
    findings: list[PersonLike] = []
    for message_id, text in pairs:
        found = find_others([text], known, lexicon)
        findings.extend(PersonLike(message_id, name, found.tags[name][0]) for name in found.counts
                        if name.casefold() not in reviewed)
    messages = Counter(finding.text for finding in findings)
    return [finding for finding in findings
            if messages[finding.text] < PUBLIC_SENDERS or finding.cue in ("title", "relation")]
