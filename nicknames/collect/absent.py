"""Names of registered people who post nothing in the file: they receive the mail, or are spoken of.

A class list names more people than post in one export (a mail folder's
recipients, a course's quiet students). Their names still occur in the
messages others write, and they are participants all the same: collect gives
each of them a line with the names of theirs that occur, tagged ``absent``, and
apply replaces those names wherever no active participant has them (``apply
--names-of everyone``, see ``nicknames.apply.resolution.NamesOf``).

Nobody's sign-off or greeting vouches for these names, so a form is taken
only when the text shows it is this person's:

- a form that belongs to this person alone (registered full name, a name part
  or a familiar form nobody else on the class list or in the mapping has),
  wherever it occurs: "Tobias Quell", "Quell", "Toby" for a registered Tobias;
  a registered name or a name found for a poster outweighs a familiar form, so
  "Ned" is a registered Ned's alone, whatever Edmunds the list has;
- a form several people share ("Tobias" with two Tobiases registered), in the
  threads where this person is spoken of and no other owner of the shared form
  posts or is spoken of that way; and everywhere when this person is the one of
  them spoken of or posting in the whole file. A person is spoken of in a
  thread by a form of theirs alone, or by two forms that only they have
  together ("Tobias" and "Quell" with a Tobias Brandt and a Lena Quell
  registered too);
- a form several people share of whom none posts, none is found in the
  mapping and none is spoken of anywhere in the file ("Tobias" with two
  Tobiases who are never named otherwise): nothing tells them apart, yet the
  name is a participant's, so it goes to the first of them on the class list
  as a suggestion tagged ``namesake`` (replaced without review like any
  suggestion, for the reviewer to check);
- never a form of one word that is an ordinary word ("Brown", "Will", "May"),
  nor a familiar form of one word that is also someone's registered name,
  nor one word where it is part of something longer ("San Remo", "Lake
  Tobias", see ``word_names.in_longer_name``), nor at all one word that the
  corpus writes as a place ("in Tobias", see ``word_names.reads_as_place``) or
  more often inside longer names than alone;
- nothing for a class-list row of one plain word: too little to tell a person
  by (a user name or chat nick with a digit, ``_`` or IRC's characters tells
  one: "stonebridge_k", "ada^");
- one person registered under several ids (the same full name twice) is one
  owner of their forms: the id that posts, else the first, gets them.

A registered name of several words is also looked for in capitals ("TOBIAS
QUELL"), and the given name with the initial of a later word ("Tobias Q").
Familiar forms come from the nickname table: the forms of the registered given
name, alone and before the surname ("Bart" and "Bart Okafor" for a registered
Bartholomew Okafor), and the given names a registered familiar form stands for,
before the surname ("David Neubauer" for a registered Dave Neubauer).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import regex

from nicknames.collect.discover.surname_forms import surname_forms
from nicknames.collect.form_uses import FormUses
from nicknames.io.class_list import (
    borrowed_middle_names,
    capital_forms,
    registered_forms,
    registered_parts,
    without_borrowed,
)
from nicknames.io.person_names import person_rows
from nicknames.model.messages import Message
from nicknames.rules.nickname_table import NicknameTable
from nicknames.rules.patterns import name_key
from nicknames.rules.word_names import WORD_NAMES


@dataclass(frozen=True)
class AbsentName:
    """A name of a registered person who posts nothing, with the messages that use it."""

    participant: str
    text: str
    count: int
    tag: str
    """``classlist`` for a registered name or part, ``case`` for one in capitals, ``nickname`` for a familiar form,
    ``surname`` for a short form of the surname."""
    namesake: bool = False
    """A form several registered people share whom nothing in the file tells apart: a guess, for review."""


def absent_names(
    messages: Iterable[Message],
    class_list: Mapping[str, str],
    posters: Iterable[str],
    found: Mapping[str, Iterable[str]],
    table: NicknameTable,
    is_word: Callable[[str], bool],
    tokens: Iterable[str] = (),
) -> list[AbsentName]:
    """The names of the registered people who post none of ``messages`` that occur in them, by the rules above.

    ``found``: the names collect already gave each participant (they make a form shared); ``is_word``: whether a
    one-word form is an ordinary word in this corpus; ``tokens``: the capitalised words of the corpus, among which
    short forms of surnames are looked for (see ``_short_forms``).
    """
    batch = list(messages)
    return absent_names_of(lambda keys: FormUses.of(batch, keys), posted_threads(
        (message.sender for message in batch), (message.thread for message in batch)),
        class_list, posters, found, table, is_word, tokens)


def absent_names_of(
    uses_of: Callable[[frozenset[str]], FormUses],
    posted: Mapping[str, set[str]],
    class_list: Mapping[str, str],
    posters: Iterable[str],
    found: Mapping[str, Iterable[str]],
    table: NicknameTable,
    is_word: Callable[[str], bool],
    tokens: Iterable[str] = (),
) -> list[AbsentName]:
    """``absent_names`` where the texts are read by ``uses_of`` (the uses of some forms in every message, wherever
    the messages are: ``FormUses.of`` run by run, absorbed in file order) and ``posted`` gives each participant's
    threads."""
    posting = set(posters)
    registered = _one_row_per_person(class_list, posting)
    persons = person_rows(class_list)
    listed = {pid: name for pid, name in registered.items() if pid in persons}
    people = {pid: name for pid, name in listed.items() if pid not in posting}
    borrowed = borrowed_middle_names(persons)
    forms = {pid: own for pid, name in people.items() if _full(own := _forms(name, table, borrowed.get(pid)))}
    owners, everyone = _owners(forms, listed, found, table, borrowed)
    wanted = {key for own in forms.values() for key in own if _usable(key, is_word)}
    short = _short_forms(tokens, listed, forms, owners, table, is_word)
    uses = uses_of(frozenset(wanted | short.keys())).kept()
    rivalry = Rivalry.of(posted, uses, forms)
    spoken = {pid: _spoken_in(pid, own, owners, everyone, uses) for pid, own in forms.items()}
    shortened = {token: _with_other_forms(uses.get(token, Counter()), forms[pid], uses) for token, pid in short.items()}
    for token, pid in short.items():
        spoken[pid].update(shortened[token])
    order = {pid: position for position, pid in enumerate(registered)}
    names: list[AbsentName] = []
    for pid, own in forms.items():
        for key, tag in own.items():
            if key not in wanted:
                continue
            counted = uses.get(key, Counter())
            if owners[key] == {pid}:
                count = counted.total()
            else:
                rivals = everyone[key] - {pid}
                count = rivalry.shared_count(counted, spoken[pid], rivals, own)
                if not count and _first_namesake(pid, owners[key], everyone[key], spoken, forms, order):
                    names.append(AbsentName(pid, key, counted.total(), tag, namesake=True))
                    continue
            if count:
                names.append(AbsentName(pid, key, count, tag))
    names.extend(AbsentName(pid, token, shortened[token].total(), "surname") for token, pid in short.items())
    return [name for name in names if name.count]


def _with_other_forms(counted: Counter[str], own: Mapping[str, str], uses: Mapping[str, Counter[str]]) -> Counter[str]:
    """The uses of a short form of a surname in the threads where another form of the same person occurs."""
    threads = {thread for key in own for thread in uses.get(key, ())}
    return Counter({thread: count for thread, count in counted.items() if thread in threads})


def _short_forms(
    tokens: Iterable[str],
    listed: Mapping[str, str],
    forms: Mapping[str, Mapping[str, str]],
    owners: Mapping[str, set[str]],
    table: NicknameTable,
    is_word: Callable[[str], bool],
) -> dict[str, str]:
    """Short forms of the surnames of the people who post nothing ("Kirb" for Kirbride, see ``surname_forms``),
    among the corpus's capitalised words that are no ordinary word and nobody's name or familiar form. Each counts
    only in the threads where another form of the person occurs (their given name, their full name): a short form
    alone is too easily a word of the trade. ``listed``: the class list's people, one row each."""
    surnames = {pid: words[-1] for pid, name in listed.items()
                if len(words := [part for part in registered_parts(name) if " " not in part]) > 1}

    def known(token: str) -> bool:
        return (not _usable(token, is_word) or token in owners or bool(table.given_names(token))
                or bool(table.familiar_forms(token)))

    return {token: pid for token, pid in surname_forms(tokens, surnames, known).items() if pid in forms}


def _spoken_in(
    pid: str,
    own: Mapping[str, str],
    owners: Mapping[str, set[str]],
    everyone: Mapping[str, set[str]],
    uses: Mapping[str, Counter[str]],
) -> set[str]:
    """The threads where this person is spoken of: by a form of theirs alone ("Tobias Quell"), or by two forms of
    one word that nobody else has together ("Tobias" ... "Quell", with a Tobias Brandt and a Lena Quell registered:
    a thread speaks of one person by given name and surname in turn)."""
    threads = {thread for key in own if owners.get(key) == {pid} for thread in uses.get(key, ())}
    single = [key for key in own if " " not in key and key in uses]
    for position, first in enumerate(single):
        for second in single[position + 1 :]:
            if everyone[first] & everyone[second] == {pid}:
                threads.update(uses[first].keys() & uses[second].keys())
    return threads


def _first_namesake(
    pid: str,
    claimants: set[str],
    meant: set[str],
    spoken: Mapping[str, set[str]],
    forms: Mapping[str, object],
    order: Mapping[str, int],
) -> bool:
    """Whether this person is the first on the class list of a form's claimants when none of them posts or is in the
    mapping with it, and nobody it may stand for (``meant``: familiar forms too) is spoken of anywhere (see
    ``AbsentName.namesake``)."""
    if any(claimant not in forms for claimant in claimants) or any(spoken.get(person) for person in meant):
        return False
    return pid == min(claimants, key=lambda claimant: order.get(claimant, len(order)))


def _one_row_per_person(class_list: Mapping[str, str], posting: set[str]) -> dict[str, str]:
    """The class list with one row for each full name listed under several ids (one person registered twice, dots
    after initials aside): the row of the id that posts, else the first."""
    chosen: dict[str, str] = {}
    for pid, name in class_list.items():
        key = " ".join(word.strip(".") for word in name.split()).casefold()
        if key not in chosen or (pid in posting and chosen[key] not in posting):
            chosen[key] = pid
    return {pid: class_list[pid] for pid in chosen.values()}


def _forms(full_name: str, table: NicknameTable, borrowed: frozenset[str] | None = None) -> dict[str, str]:
    """A registered person's forms → ``classlist``, ``case`` or ``nickname``: registered parts (less ``borrowed``
    middle names, see ``class_list.borrowed_middle_names``) and those of several words in capitals ("ADA QUILL"),
    then familiar forms."""
    parts = without_borrowed(registered_parts(full_name), borrowed or frozenset())
    forms = {name_key(part): "classlist" for part in registered_forms(full_name, parts)}
    forms.update({name_key(part): "case" for part in capital_forms(parts)})
    words = [part for part in parts if " " not in part]
    if not words:
        return forms
    given, surname = words[0], words[-1] if len(words) > 1 else None
    for form in table.familiar_forms(given):
        forms.setdefault(name_key(form), "nickname")
    for form in (*table.familiar_forms(given), *table.given_names(given)):
        if surname is not None and form.casefold() != given.casefold():
            forms.setdefault(name_key(f"{form} {surname}"), "nickname")
    return forms


def _full(forms: Mapping[str, str]) -> bool:
    """Whether the registered name tells a person: two words or more, or a user name or chat nick with what no word
    holds ("stonebridge_k", "ada^", "kay-m", "j.quell"). A row of one plain word is too little to tell a person by."""
    return any(" " in key or _DISTINCT.search(key) for key, tag in forms.items() if tag == "classlist")


_DISTINCT = regex.compile(r"[\d_^`|\[\]{}\\]|\p{L}\.\p{L}|-\p{L}$")
"""What a user name or nick holds and no word does: a digit, ``_`` or IRC's characters, a dot inside, a hyphen before
a last letter."""


def _owners(
    forms: Mapping[str, Mapping[str, str]],
    listed: Mapping[str, str],
    found: Mapping[str, Iterable[str]],
    table: NicknameTable,
    borrowed: Mapping[str, frozenset[str]],
) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Form → the people it stands for: those registered with it or found using it (the absent people, every other
    registered person, each mapping line); a familiar form nobody is registered with or found using stands for
    everyone whose given name it is a form of ("Ned" is a registered Ned's, not every Edmund's; ``borrowed``: the
    middle names that are no form of their owner). And form →
    everyone it may stand for, familiar forms included (who else may be meant where it is used). ``listed``: the
    class list's people, one row each."""
    everyone = dict(forms)
    everyone.update((pid, _forms(name, table, borrowed.get(pid))) for pid, name in listed.items() if pid not in forms)
    named: dict[str, set[str]] = {}
    familiar: dict[str, set[str]] = {}
    for pid, own in everyone.items():
        for key, tag in own.items():
            (named if tag == "classlist" else familiar).setdefault(key, set()).add(pid)
    for pid, names in found.items():
        for name in names:
            named.setdefault(name_key(name), set()).add(pid)
    claims = {**familiar, **named}
    return claims, {key: named.get(key, set()) | familiar.get(key, set()) for key in claims}


def _usable(key: str, is_word: Callable[[str], bool]) -> bool:
    """A form worth looking for: several words, or one word that is not an ordinary word."""
    return " " in key or not (is_word(key) or key.casefold() in WORD_NAMES)


def posted_threads(senders: Iterable[str], threads: Iterable[str]) -> dict[str, set[str]]:
    """Participant → the threads they post in (the sender and thread of each message)."""
    posted: dict[str, set[str]] = {}
    for sender, thread in zip(senders, threads):
        posted.setdefault(sender, set()).add(thread)
    return posted


@dataclass(frozen=True)
class Rivalry:
    """Where the other owners of a shared form post or are spoken of, looked up thread by thread.

    ``shared_count`` asks, for a form and a person, which of the threads using the form a rival takes; asking
    it of each thread the form is used in (a few) rather than gathering every thread of every rival (a common
    given name has hundreds of owners, each spoken of in many threads) gives the same count.
    """

    posted: Mapping[str, set[str]]
    """Participant → the threads they post in."""
    posters: Mapping[str, set[str]]
    """Thread → the participants who post in it."""
    keys_in: Mapping[str, list[str]]
    """Thread → the forms used in it."""
    holders: Mapping[str, set[str]]
    """Form → the people who post nothing whose form it is."""
    used: Mapping[str, list[str]]
    """Person who posts nothing → their forms that are used somewhere."""

    @classmethod
    def of(cls, posted: Mapping[str, set[str]], uses: Mapping[str, Counter[str]],
           forms: Mapping[str, Mapping[str, str]]) -> Rivalry:
        """The lookups for the threads people post in, the forms' uses and the forms of the people who post
        nothing."""
        posters: dict[str, set[str]] = {}
        for pid, threads in posted.items():
            for thread in threads:
                posters.setdefault(thread, set()).add(pid)
        keys_in: dict[str, list[str]] = {}
        for key, counted in uses.items():
            for thread in counted:
                keys_in.setdefault(thread, []).append(key)
        holders: dict[str, set[str]] = {}
        for pid, own in forms.items():
            for key in own:
                holders.setdefault(key, set()).add(pid)
        used = {pid: [key for key in own if key in uses] for pid, own in forms.items()}
        return cls(posted, posters, keys_in, holders, used)

    def shared_count(self, counted: Counter[str], present: set[str], rivals: set[str],
                     own: Mapping[str, str]) -> int:
        """Messages that use a shared form in the threads where this person is spoken of by a form of theirs
        alone (``present``), and none of the form's other owners (``rivals``) posts or is spoken of by a form of
        theirs (``own``: this person's forms, which speak of them); all of them when no rival posts or is spoken
        of anywhere."""
        if present and not self._anywhere(rivals, own):  # the one owner of the form in the whole file
            return counted.total()
        return sum(count for thread, count in counted.items()
                   if thread in present and not self._taken(thread, rivals, own))

    def _anywhere(self, rivals: set[str], own: Mapping[str, str]) -> bool:
        """Whether any rival posts, or is spoken of by a form that is not this person's, in any thread."""
        posted, used = self.posted, self.used
        return any(posted.get(rival) for rival in rivals) or any(
            key not in own for rival in rivals for key in used.get(rival, ()))

    def _taken(self, thread: str, rivals: set[str], own: Mapping[str, str]) -> bool:
        """Whether a rival posts in the thread, or is spoken of there by a form that is not this person's."""
        if not rivals.isdisjoint(self.posters.get(thread, ())):
            return True
        holders = self.holders
        return any(key not in own and not rivals.isdisjoint(holders.get(key, ()))
                   for key in self.keys_in.get(thread, ()))
