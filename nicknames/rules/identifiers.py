"""Identifiers other than names in message text: e-mail addresses, URLs, paths, @handles, phone numbers, ids.

Each kind is found by one documented pattern. A handle, phone number or id is
replaced whole, by a placeholder (``PLACEHOLDERS``) or by the owner's pseudonym
when it belongs to a known participant (their address or handle from the class
list, or their own participant id written in the text). An address, URL or
path is replaced whole only when it belongs to a known participant, or with
``whole=True``; otherwise only its personal part is replaced
(``nicknames.rules.identifier_parts``: ``[USER]@example.org``), and one that holds no
personal part is left as it is (an organisation's site, a project's repository).

Identifiers are found first, before names. An identifier span wins over any
name inside it: no name is matched inside ``mary.poe@example.org``; its
personal part ``mary.poe`` is replaced as a whole, never ``mary.[U12]``.
Among identifiers that overlap, the one that starts first wins, then the longest.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

import ahocorasick_rs
import regex

from nicknames.rules.identifier_kinds import KINDS as KINDS
from nicknames.rules.identifier_parts import (
    Part,
    email_parts,
    login_parts,
    path_parts,
    tag_parts,
    url_parts,
)
from nicknames.rules.identifier_patterns import (
    ANCHORED,
    BREAKS,
    COMPILED,
    DOMAIN_END,
    PHONE_DIGITS,
    anchored,
    code_handle,
    has_ascii_digit,
    matches,
    matches_in_words_with_digits,
    may_hold,
    may_hold_any,
    words_with_digits,
)
from nicknames.rules.personal_names import (
    MIN_GLUED_LOWER,
    PersonalNames,
    glued_people,
    one_person,
    personal_names,
    recall,
)
from nicknames.rules.spaced import Spaced
from nicknames.rules.stopwords import STOPWORDS
from nicknames.rules.written_identifiers import (
    bang_paths,
    forum_users,
    labelled_handles,
    obfuscated_addresses,
)

_TRAILING = ".,;:!?"
_CAPITALS = regex.compile(r"\p{Lu}{2,}")
"""A handle's body all in capitals: a product's or a group's name ("@RISK", "@ALL"), no person's account."""
_ID_SHAPE = regex.compile(r"^(?=.*\p{L})(?=.*\d)\S{3,}$")
"""Participant ids found in text: three or more characters with a letter and a digit (U0012, js42)."""


@dataclass(frozen=True)
class Identifier:
    """One identifier found in a text; ``owner`` is the participant it belongs to, if known."""

    kind: str
    start: int
    end: int
    text: str
    owner: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS or not 0 <= self.start < self.end:
            raise ValueError(f"Invalid identifier {self!r}.")


@dataclass(frozen=True)
class IdentifierRules:
    """Which kinds to replace, and which addresses, handles and ids belong to which participant."""

    kinds: frozenset[str] = frozenset(KINDS)
    owners: Mapping[str, str] = field(default_factory=dict)
    """Lower-cased e-mail address, handle (without ``@``) or participant id → participant."""
    ids: regex.Pattern[str] | None = None
    names: PersonalNames = field(default_factory=PersonalNames)
    """Every person's name words, to find the personal part of an address, URL or path."""
    whole: bool = False
    """Replace every address, URL and path whole, as a placeholder, rather than its personal part."""
    plain_ids: frozenset[str] | None = None
    """The ids of ``ids`` lower-cased, when every one is a run of ASCII letters, digits, ``_`` and ``-``."""
    usernames: frozenset[str] = frozenset()
    """Participants' user names (lower case) written with ``_``, ``.``, ``-`` or a digit ("quill_feather"), as a
    forum's senders are: ids wherever the text writes them whole ("u/quill_feather", "thanks quill_feather")."""
    _glued_people: dict[str, frozenset[str]] = field(default_factory=dict, compare=False, repr=False)
    """``personal_names.glued_people`` of the words met, kept for the words met again (``personal_names.recall``): a
    technical list writes the same identifiers in many messages (variable names, version strings)."""

    def parts(self, found: Identifier, text: str = "") -> list[Part]:
        """What to replace of an identifier in ``text``: its personal parts, or all of it (owner None when not known).

        Handles, phones and ids, an identifier of a known participant, and any
        identifier with ``whole`` are replaced whole.
        """
        if self.whole or found.owner is not None or found.kind not in PART_KINDS:
            return [(found.start, found.end, found.owner)]
        return PART_KINDS[found.kind](found.text, found.start, self.names, text)

    def find(self, text: str) -> list[Identifier]:
        """Every identifier of the chosen kinds in the text, without overlaps, in text order."""
        named = self._usernames_in(text) if self.usernames and "id" in self.kinds else []
        if not may_hold_any(text):
            found = self._written_in_words(text)
            return without_overlaps([*found, *named]) if named else found
        kinds = self.kinds
        found = [span for kind in kinds if kind in COMPILED for span in self._spans(kind, text)]
        if "login" in kinds:
            found.extend(self._logins(text))
        if "id" in kinds and self.ids is not None:
            found.extend(
                Identifier("id", start, end, text[start:end], self.owners.get(text[start:end].lower()))
                for start, end in self._id_spans(text)
            )
        return without_overlaps([*found, *named])

    def _usernames_in(self, text: str) -> list[Identifier]:
        """The participants' user names the text writes as whole words (``usernames``)."""
        lowered = text.lower()
        written = self.usernames.intersection(_USERNAME_WORD.findall(lowered))
        return [Identifier("id", match.start(), match.end(), text[match.start():match.end()], self.owners.get(name))
                for name in sorted(written) for match in _whole_word(name).finditer(lowered)]

    def _id_spans(self, text: str) -> Iterator[tuple[int, int]]:
        """The spans of the participant ids written in the text.

        When every id is a run of ASCII letters, digits, ``_`` and ``-`` (``plain_ids``), the pattern finds an id
        only as a whole such run (nothing of them may touch it): in ASCII text, the runs in the words that hold a
        digit are looked up instead, much faster than the pattern of every id is run over them."""
        if self.plain_ids is None or not text.isascii():
            yield from (match.span() for match in self._id_matches(text))
            return
        for start, end in words_with_digits(text):
            for run in _PLAIN_ID.finditer(text, start, end):
                if run.group().lower() in self.plain_ids:
                    yield run.span()

    def _id_matches(self, text: str) -> Iterator[regex.Match[str]]:
        """The participant ids written in the text: searched only in the runs without a space, tab or line break
        that hold a digit, as every id is such a run or part of one (``_ID_SHAPE``), unless an id holds one."""
        assert self.ids is not None
        if self._ids_unbroken:
            return matches_in_words_with_digits(self.ids, text)
        return self.ids.finditer(text)

    @functools.cached_property
    def _ids_unbroken(self) -> bool:
        """Whether no id holds a space, tab or line break (``_ID_SHAPE`` lets a line break end one)."""
        return self.ids is not None and not any(char in self.ids.pattern for char in BREAKS)

    def _written_in_words(self, text: str) -> list[Identifier]:
        """The addresses written in words (``a.b at c.org``): all that a text ``may_hold_any`` refuses can hold.

        The common text: found without the generators and sorting of ``find``.
        """
        found = []
        if "email" in self.kinds:
            found = list(self._addresses_in_words(text))
        if "handle" in self.kinds:
            found.extend(self._labelled(text))
        if "login" in self.kinds:
            found.extend(self._logins(text))
        return without_overlaps(found) if len(found) > 1 else found

    def _logins(self, text: str) -> Iterator[Identifier]:
        """Words glued from a person's names (``mjones``, ``Mary2``, ``mary_jones``, ``MaryJones``, ``MJones``,
        ``mary.jones``): a login, a file or user name.

        A word glued by a case change only in the forms of ``PersonalNames.written``, each of its words a name of
        the person's written apart: ``DeLuca``, ``McKay`` are names the names match whole.
        """
        if not self.names.words:
            return
        ascii_text = text.isascii()
        if ascii_text and len(text) <= _WORDS_AT_ONCE:
            wanted = self._glued_words(text)
        else:
            words = _ascii_lower_words(text) if ascii_text else _words(text)
            wanted = [word for word in self.names.glued.keys() & words
                      if len(word) >= MIN_GLUED_LOWER and word.islower()]
            wanted.extend(self.names.written.intersection(_words(text) if ascii_text else words))
            wanted.extend(word for word in self._glued_words(text, lowered=False) if "." in word)
        if not ascii_text:
            wanted.extend(word for word in words if not word.isalpha() and word[0].isalpha() and not word.isdigit())
        elif "_" in text or has_ascii_digit(text):
            wanted.extend(set(_ASCII_MIXED.findall(text)))
        for word in wanted:
            if not self._people_of(word):
                continue
            for match in regex.finditer(rf"(?<![\w%]){regex.escape(word)}(?!\w)", text):
                yield Identifier("login", match.start(), match.end(), word)

    def _people_of(self, word: str) -> frozenset[str]:
        """``glued_people`` of a word, remembered."""
        return recall(self._glued_people, word, lambda: glued_people(word, self.names, _ordinary))

    def _glued_words(self, text: str, lowered: bool = True) -> list[str]:
        """The names glued in lower case (``names.glued``), and as user names write them (``names.written``), that
        are whole words of an ASCII text, as ``_ascii_lower_words`` and the glued names give them: found by an
        automaton of the lower-case names, which finds few (a word of ``_ASCII_LOWER_WORD`` is one of them only where
        no word character touches it), in the text written in lower case when ``names.written`` has forms and
        ``lowered`` (an ASCII text keeps its offsets in lower case; an automaton of the capitalised forms too took
        longer to build, in every process, than the lower-case copies of the texts take)."""
        automaton, keys = self._glued
        if automaton is None:
            return []
        found: set[str] = set()
        size = len(text)
        written = self.names.written
        haystack = text.lower() if written and lowered else text
        for index, start, end in automaton.find_matches_as_indexes(haystack, overlapping=True):
            if (start == 0 or text[start - 1] not in _ASCII_WORD) and (end == size or text[end] not in _ASCII_WORD):
                word = text[start:end]
                if word == keys[index] or word in written:
                    found.add(word)
        return list(found)

    @functools.cached_property
    def _glued(self) -> tuple[ahocorasick_rs.AhoCorasick | None, list[str]]:
        """An automaton of the glued names that ``_ASCII_LOWER_WORD`` can match whole and of the forms of
        ``names.written`` joined by a dot (``ann.berg``), and those names."""
        keys = sorted({key for key in self.names.glued if key.islower() and all(char in _ASCII_WORD for char in key)}
                      | {key for key in self.names.written if "." in key and all(char in _DOTTED for char in key)})
        keys = [key for key in keys if len(key) >= MIN_GLUED_LOWER and key.isascii()]
        if not keys:
            return None, keys
        # A DFA searches about twice as fast as the library's default, and stays small for such a list.
        small = sum(map(len, keys)) <= _DFA_CHARS
        return ahocorasick_rs.AhoCorasick(keys, implementation=ahocorasick_rs.Implementation.DFA if small else None), keys

    def _labelled(self, text: str) -> Iterator[Identifier]:
        """Accounts after a messenger's name (``skype: annberg``), and forum users after ``u/`` (``u/ann_b``), whose
        body is a participant's when their names make it (``glued_owner``), as an ``@`` handle's is."""
        for start, end in labelled_handles(text):
            yield Identifier("handle", start, end, text[start:end], self.owners.get(text[start:end].lower().lstrip("@")))
        for start, end in forum_users(text):
            value = text[start:end]
            yield Identifier("handle", start, end, value, self.owners.get(value.lower()) or self._handle_owner(value))

    def _addresses_in_words(self, text: str) -> Iterator[Identifier]:
        """Addresses written without a pattern of their own: spelt out (``a.b at c.org``), or as a UUCP bang path
        (``uunet!harbour!annb``)."""
        for start, end in [*obfuscated_addresses(text), *bang_paths(text)]:
            yield Identifier("email", start, end, text[start:end], self._owner("email", text[start:end]))

    def _spans(self, kind: str, text: str) -> Iterable[Identifier]:
        if kind == "email":
            yield from self._addresses_in_words(text)
        if kind == "handle":
            yield from self._labelled(text)
        if kind in ANCHORED:
            anchor, pattern = ANCHORED[kind]
            for start, end in anchored(text, anchor, pattern):
                value = _trim_url(text[start:end])
                yield Identifier(kind, start, start + len(value), value)
        if not may_hold(kind, text):
            return
        for match in matches(kind, text):
            value = match.group()
            if kind in ("url", "path"):
                value = _trim_url(value)
            if kind == "email":
                value = value.lstrip(".")
            if kind == "handle" and DOMAIN_END.search(value):
                continue
            if kind == "phone" and not PHONE_DIGITS[0] <= sum(c.isdigit() for c in value) <= PHONE_DIGITS[1]:
                continue
            start = match.start() + match.group().index(value)
            owner = self._owner(kind, value)
            if kind == "handle" and owner is None and value.startswith("@"):
                owner = self._handle_owner(value[1:])
                if owner is not None:  # its body is theirs: "@[U1]", an @-mention of them as "@Ann" gives
                    start, value = start + 1, value[1:]
                elif code_handle(text, start, start + len(value)) or _CAPITALS.fullmatch(value, 1) is not None:
                    continue  # " * @fd: the file", "my @fixes": code; "@RISK", "@ALL": a product, a group
            yield Identifier(kind, start, start + len(value), value, owner)

    def _handle_owner(self, body: str) -> str | None:
        """The one person whose names a handle's body glues (``glued_owner``), or whose name of one word it is
        ("u/kmarsden" for a participant known as "kmarsden")."""
        owner = self.names.glued_owner(body)
        if owner is None and (key := body.lower()) in self.names.alone:
            owner = one_person(self.names.words.get(key, frozenset()))
        return owner

    def _owner(self, kind: str, value: str) -> str | None:
        key = value.lower()
        if kind == "email":
            key = regex.sub(r"\s*(?:\[at\]|\(at\)|\sat\s)\s*", "@", key)
            key = regex.sub(r"\s*(?:\[dot\]|\(dot\)|\sdot\s)\s*", ".", key)
        if kind == "handle":
            return self.owners.get(key[1:])
        if kind == "email" and "!" in key and "@" not in key:  # a bang path: its user at its last host
            hosts, _, user = key.rpartition("!")
            key = f"{user}@{hosts.rpartition('!')[2]}"
        if kind == "url" and key.startswith("mailto:"):
            key = key[len("mailto:"):]
        return self.owners.get(key) if kind == "email" else None


PART_KINDS = {"email": email_parts, "url": url_parts, "path": path_parts, "tag": tag_parts, "login": login_parts}
"""The kinds replaced by their personal part, and the function that finds it."""


def identifier_owners(addresses: Mapping[str, Iterable[str]], ids: Iterable[str]) -> dict[str, str]:
    """Lower-cased address, handle (without ``@``) or id → its participant: each participant's ``addresses`` (an
    address's local part counting as a handle too), then the participant ``ids`` themselves; the first owner wins."""
    owners: dict[str, str] = {}
    for participant, values in addresses.items():
        for value in values:
            value = value.strip().lower().lstrip("@")
            if value:
                owners.setdefault(value, participant)
                if "@" in value:
                    owners.setdefault(value.split("@", 1)[0], participant)
    for participant in ids:
        owners.setdefault(participant.lower(), participant)
    return owners


def identifier_rules(
    kinds: Iterable[str] = KINDS,
    participants: Iterable[str] = (),
    addresses: Mapping[str, Iterable[str]] | None = None,
    *,
    names: Mapping[str, Iterable[str]] | None = None,
    keep: Iterable[str] = (),
    whole: bool = False,
    word_names: Iterable[str] = (),
) -> IdentifierRules:
    """Rules for the chosen kinds, knowing the participants' ids, addresses or handles, and names.

    ``addresses`` maps a participant to e-mail addresses and handles (from the
    class list). The local part of a participant's e-mail address counts as
    their handle too (``@mary.poe`` for ``mary.poe@example.org``). ``names``
    maps a participant to their names in use (``keep``: names that are not
    personal; ``word_names``: names that are also ordinary words), to tell the personal part of an address, URL or
    path; with ``whole`` every address, URL and path is replaced whole instead.
    """
    ids = [p for p in dict.fromkeys(participants) if _ID_SHAPE.match(p)]
    owners = identifier_owners(addresses or {}, ids)
    plain = frozenset(p.lower() for p in ids) if all(_PLAIN_ID.fullmatch(p) for p in ids) else None
    return IdentifierRules(
        frozenset(kinds), owners, _id_pattern(ids), personal_names(names or {}, keep, word_names), whole, plain,
        usernames_of(addresses or {}),
    )


_WORD = regex.compile(r"\w+")
_PLAIN_ID = re.compile(r"[A-Za-z0-9_\-]+")
"""A run of the characters of a plain id: in ASCII text, what ``_id_pattern`` lets no id touch (``[\\w\\-]``)."""
_ASCII_MIXED = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z][A-Za-z]*+[0-9_][A-Za-z0-9_]*")
"""In ASCII text, the words of ``_WORD`` that start with a letter and hold a digit or an underscore. The letters
are taken possessively: giving one back could not let ``[0-9_]`` match it, and a word without a digit or underscore
is left at once rather than letter by letter (a third faster on texts with digits)."""
_ASCII_LOWER_WORD = re.compile(r"\b[a-z0-9_]{" + str(MIN_GLUED_LOWER) + r",}\b", re.ASCII)
"""In ASCII text, a whole word of ``_WORD`` with no capital letter and ``MIN_GLUED_LOWER`` characters or more."""


def _ascii_lower_words(text: str) -> set[str]:
    """The distinct words of an ASCII text that may be names glued in lower case: whole words of ``_WORD`` made of
    lower-case letters, digits and underscores, ``MIN_GLUED_LOWER`` long or more (``_logins`` wants no other). Only
    these are made into strings, not every word of the text; a long text is read a match at a time, so that no
    list of all its words is made."""
    if len(text) <= _WORDS_AT_ONCE:
        return set(_ASCII_LOWER_WORD.findall(text))
    return {match.group() for match in _ASCII_LOWER_WORD.finditer(text)}


_WORDS_AT_ONCE = 1 << 16
"""Characters of a text up to which its words are listed at once."""
_DFA_CHARS = 500_000
"""Characters of glued names up to which their automaton is a DFA (tens of bytes a character)."""
"""Characters of a text up to which its words are listed at once."""
_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
"""The word characters (``\\w``) of ASCII text."""
_DOTTED = _ASCII_WORD | {"."}
"""The characters of a name's form joined by a dot in ASCII (``ann.berg``)."""


def _words(text: str) -> set[str]:
    """The distinct words (``_WORD``) of a text: for a short text, split where the text has its other characters as
    spaces (``_WORD_CHARACTERS``: no pattern read a character at a time, no match object per word); a match at a
    time for a long one."""
    if len(text) <= _WORDS_AT_ONCE:
        return set(_WORD_CHARACTERS(text).split())
    return {word.group() for word in _WORD.finditer(text)}


_WORD_CHARACTERS = Spaced(regex.compile(r"\w"))
"""The text with every character that ``_WORD`` does not take written as a space: its words are then the runs
``str.split`` gives, as no word character is white space."""


def _ordinary(letters: str) -> bool:
    """A common word or a stop word: the letters of a glued word that is no name ("programs", "mp")."""
    from nicknames.rules.stopwords import common_words

    return letters in STOPWORDS or letters in common_words()


def without_overlaps(spans: Iterable[Identifier]) -> list[Identifier]:
    """Keep the span that starts first, then the longest; drop spans that overlap a kept one."""
    kept: list[Identifier] = []
    for span in sorted(spans, key=lambda s: (s.start, -(s.end - s.start), KINDS.index(s.kind))):
        if not kept or span.start >= kept[-1].end:
            kept.append(span)
    return kept


_USERNAME_WORD = regex.compile(r"\w(?:[\w.\-]*\w)?")
"""The runs a user name may be: word characters, with ``.`` and ``-`` inside ("quill_feather." is "quill_feather")."""
_USERNAME = regex.compile(r"^(?=.*[_.\-\d])[\w][\w.\-]{2,}[\w]$")
"""A user name that is no word: letters and digits with ``_``, ``.``, ``-`` or a digit inside ("quill_feather")."""


@functools.lru_cache(maxsize=1024)
def _whole_word(name: str) -> regex.Pattern[str]:
    """The user name as a whole word: no word character, ``-``, or ``.`` before a word character around it."""
    return regex.compile(rf"(?<![\w\-]|[\w\-]\.){regex.escape(name)}(?![\w\-]|\.\w)")


def usernames_of(addresses: Mapping[str, Iterable[str]]) -> frozenset[str]:
    """The values of participant → addresses and handles that are user names (``_USERNAME``), lower case."""
    bare = (value.strip().lstrip("@") for values in addresses.values() for value in values)
    return frozenset(value.lower() for value in bare if "@" not in value and _USERNAME.match(value))


def _id_pattern(ids: list[str]) -> regex.Pattern[str] | None:
    if not ids:
        return None
    alternatives = "|".join(regex.escape(p) for p in sorted(ids, key=lambda p: (-len(p), p)))
    return regex.compile(rf"(?<![\w\-])(?i:{alternatives})(?![\w\-])")


def _trim_url(url: str) -> str:
    """A URL without the punctuation that ends the sentence around it."""
    while url and url[-1] in _TRAILING:
        url = url[:-1]
    return url
