"""Participant ids for mail addresses, kept in an address key file beside the mapping.

Every address of an archive gets an opaque id (``P1``, ``P2``, ...): senders
first, in archive order, then the other addresses of the headers, then the
addresses written in the bodies. The key file (``mapping.addresses.csv`` beside
``mapping.txt``) records address → id, so later runs on the same or a grown
archive give every address the same id. It holds real addresses: it is written
owner-only, like the mapping. Two addresses of one person can be given the same
id by editing the file. In output, an id's address is ``p1@pseudonymised.invalid``
(``.invalid`` is reserved: it can never reach anyone).
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import regex

from nicknames.io.address_names import MAILBOX_WORDS, normalise_address
from nicknames.io.class_list import is_person
from nicknames.io.input_files import read_input_text
from nicknames.io.output import write_text_atomically
from nicknames.model.errors import InputError
from nicknames.model.paths import StrPath
from nicknames.rules.patterns import name_key
from nicknames.rules.spellings import without_marks

ID_PREFIX = "P"
PSEUDONYMOUS_DOMAIN = "pseudonymised.invalid"
KEY_SUFFIX = ".addresses.csv"
KEY_COLUMNS = ("participant", "address")
NO_ADDRESS = "(no address)"
"""The key of senders whose From header has no address at all."""

ADDRESS = regex.compile(r"(?<![\w.+\-])[\w.+\-']+@[\w\-]+(?:\.[\w\-]+)+(?![\w\-])")
"""An e-mail address inside text."""
_NUMBERED = regex.compile(rf"^{ID_PREFIX}(\d+)$")
_COMMENT = regex.compile(r"\([^()]*\)")


@dataclass
class AddressKey:
    """Address (lower case) → participant id; new addresses get the next free number."""

    ids: dict[str, str] = field(default_factory=dict)
    added: int = 0
    """Addresses given an id since the key was read."""
    joined: int = 0
    """New addresses given the id of an earlier address written with the same person's name (``id_for_mailbox``)."""
    last_number: int | None = field(default=None, repr=False)
    people: dict[str, str] = field(default_factory=dict, repr=False)
    """A person's display name (``person_key``) → the id of the first mailbox written with it."""

    def id_for(self, address: str) -> str:
        """The participant id of an address, assigned when it is new."""
        key = normalise_address(address) or NO_ADDRESS
        if key not in self.ids:
            self.ids[key] = f"{ID_PREFIX}{self._next_number()}"
            self.added += 1
        return self.ids[key]

    def id_for_mailbox(self, display: str, address: str) -> str:
        """The participant id of a header's mailbox (display name and address).

        A list that rewrites its senders ("Ann Lee via Team-discuss <team-discuss@...>") sends everyone's mail
        from its own address: the id is the person's, found by their name, not the list's. A new address
        written with a person's full name that an earlier address of the archive was written with gets that
        address's id: one person writing from work and from home stays one participant. Addresses the key
        already holds keep their ids.
        """
        person = person_key(display)
        if _VIA.search(display) and (sender := person or _one_word_key(display)):
            return self._person_id(sender)
        key = normalise_address(address)
        if not key or not person:
            return self.id_for(address or display)
        if key not in self.ids and (earlier := self.people.get(person) or self.ids.get(person)):
            self.ids[key] = earlier
            self.added += 1
            self.joined += 1
        participant = self.id_for(address)
        self.people.setdefault(person, participant)
        return participant

    def _person_id(self, person: str) -> str:
        if person not in self.people:
            self.people[person] = self.ids.get(person) or self.id_for(person)
        return self.people[person]

    def _next_number(self) -> int:
        if self.last_number is None:
            numbers = [int(match.group(1)) for pid in self.ids.values() if (match := _NUMBERED.match(pid))]
            self.last_number = max(numbers, default=0)
        self.last_number += 1
        return self.last_number

    def addresses_of(self) -> dict[str, list[str]]:
        """Participant id → its addresses."""
        result: dict[str, list[str]] = {}
        for address, pid in self.ids.items():
            result.setdefault(pid, []).append(address)
        return result


_VIA = regex.compile(r"[^\S\n]+via[^\S\n]+\S[^@]*$")
"""The end of a display name that a list rewriting its senders adds: "Ann Lee via Team-discuss"."""


def _one_word_key(display: str) -> str | None:
    """The key of a display name of one word that a list rewriting its senders wrote before "via" ("Max via
    Team", "gv42 via Team"): the only thing that tells its sender from the others the list's address sends for. It
    holds no "@", so it is no address of the key."""
    cleaned = clean_display_name(display)
    return cleaned.casefold() if cleaned and " " not in cleaned else None


def person_key(display: str) -> str | None:
    """A display name as the same person's other mailboxes write it: its words without case, accents or punctuation,
    "Becker, Tom" as "tom becker"; None unless it is a person's full name of two words or more."""
    cleaned = clean_display_name(display)
    if cleaned is None or ":" in cleaned or not is_person(cleaned):
        return None  # a colon: a header's text taken for a name ("Cc: Android Kernel")
    last, comma, first = cleaned.partition(",")
    words = _NAME_WORD.findall(name_key(f"{first} {last}" if comma else cleaned).casefold())
    if len(words) < 2 or any(word in MAILBOX_WORDS for word in words):
        return None
    return without_marks(" ".join(words))


_NAME_WORD = regex.compile(r"\p{L}+")


def pseudonymous_address(participant: str, shown: str | None = None) -> str:
    """The address written in place of every address of a participant.

    Its local part is the participant's pseudonym as shown in the output
    (``[P7]`` → ``p7``, a surrogate "Jane Doe" → ``jane.doe``), in ASCII; the
    participant id when the pseudonym has no letters or digits.
    """
    ascii_text = unicodedata.normalize("NFKD", shown or "").encode("ascii", "ignore").decode("ascii")
    local = regex.sub(r"[^a-z0-9]+", ".", ascii_text.lower()).strip(".") or participant.lower()
    return f"{local}@{PSEUDONYMOUS_DOMAIN}"


def key_path(mapping_path: Path) -> Path:
    """Where the address key of a mapping file lives: ``mapping.addresses.csv`` beside ``mapping.txt``."""
    return mapping_path.with_name(mapping_path.stem + KEY_SUFFIX)


def names_of_ids(key: AddressKey, written: dict[str, Counter[str]]) -> dict[str, str]:
    """Participant id → the name most often written with its addresses (``written``: ``written_mailboxes``)."""
    counts: dict[str, Counter[str]] = {}
    for address, names in written.items():
        if participant := key.ids.get(address):
            counts.setdefault(participant, Counter()).update(names)
    return {participant: names.most_common(1)[0][0] for participant, names in counts.items()}


def written_mailboxes(texts: Iterable[str]) -> dict[str, Counter[str]]:
    """Address (normalised) → the full names written with it in the texts: before it ("Signed-off-by: Ann Lee
    <ann@example.org>", "On Mon, Ann Lee <ann@example.org> wrote:", "Ann Lee (ann@example.org) wrote:"), or after it
    in parentheses as old mail wrote a sender ("ann@example.org (Ann Lee) writes:"); not the end of an
    organisation's name ("League for Open Harbours <…>")."""
    counts: dict[str, Counter[str]] = {}
    for text in texts:
        if "@" not in text:
            continue
        for found in _WRITTEN_MAILBOX.finditer(text):
            if _ORGANISATION_HEAD.search(text, max(0, found.start() - 60), found.start()) is not None:
                continue  # "League for Open Harbours <harbours@…>": an organisation's name
            if person_key(found[1]) is not None:
                counts.setdefault(normalise_address(found[2] or found[3]), Counter())[found[1]] += 1
        if "(" in text:
            for found in _NAMED_AFTER.finditer(text):
                if person_key(found[2]) is not None:
                    counts.setdefault(normalise_address(found[1]), Counter())[found[2]] += 1
    return counts


_WRITTEN_MAILBOX = regex.compile(
    r"(?<![\p{L}\p{M}'’.\-])(\p{Lu}[\p{L}\p{M}'’.\-]*(?:[^\S\n]+\p{Lu}[\p{L}\p{M}'’.\-]*){1,3})[^\S\n]*"
    r"(?:\n[>| \t]*)?(?:<([^<>\s@]+@[^<>\s]+)>|\(([^<>()\s@]+@[^<>()\s]+)\))"
)
"""Two to four capitalised words and the address in angle brackets or parentheses after them ("Ann Lee
<ann@example.org>", as old mail quoted an author: "Ann Lee (ann@example.org) wrote:"), maybe on the next line (quoted
there too: "written by Ann Lee\n> <ann@example.org>")."""
_NAMED_AFTER = regex.compile(
    r"(?<![^\s<\[])<?([\w.+\-!%]+@[\w\-]+(?:\.[\w\-]+)+)>?[^\S\n]+"
    r"\((\p{Lu}[\p{L}\p{M}'’.\-]*(?:[^\S\n]+\p{Lu}[\p{L}\p{M}'’.\-]*){1,3})\)"
)
"""An address and two to four capitalised words in parentheses after it, as old mail wrote a sender ("ann@example.org
(Ann Lee) writes:", "From: ann@example.org (Ann Lee)" in a forwarded message)."""
_ORGANISATION_HEAD = regex.compile(r"\p{Lu}[\p{L}\p{M}'’.\-]*[^\S\n]+(?:for|of)[^\S\n]+\Z")
"""A capitalised word and "for" or "of" before the words of ``_WRITTEN_MAILBOX``: they end an organisation's name
("Engineers for Quiet Streets <…>", "University of Harbour <…>"), not a person's."""


def list_addresses(senders: list[list[str]], recipients: list[list[str]]) -> frozenset[str]:
    """The addresses of the lists an archive's messages went to: an address among the recipients of more than half
    of the messages, from ``LIST_SENDERS`` different senders or more, that sends at most one message in
    ``LIST_SENDS`` of those it receives (a list sends only its notices; a person whose mailbox the archive is
    answers). Its display names name the list ("Team" <team@…>), not a person. ``senders`` and ``recipients``: the
    normalised addresses of each message's From and of its To, Cc and Bcc."""
    received: Counter[str] = Counter()
    writers: dict[str, set[str]] = {}
    for message, (frm, to) in enumerate(zip(senders, recipients)):
        for address in set(to):
            received[address] += 1
            writers.setdefault(address, set()).update(frm or [f"#{message}"])
    sent = Counter(address for frm in senders for address in set(frm))
    return frozenset(address for address, count in received.items()
                     if address and count * 2 > len(senders) and len(writers[address]) >= LIST_SENDERS
                     and sent[address] * LIST_SENDS <= count)


LIST_SENDERS = 10
"""Different senders whose messages a list's address receives, at the least."""
LIST_SENDS = 20
"""A list's address sends at most one message in this many of those it receives."""


def names_its_person(display: str, address: str) -> bool:
    """Whether a header's display name is the name of its mailbox's person: with the address of a list, an office
    or a service (a word of its local part is one of ``MAILBOX_WORDS``) only a person's full name (``person_key``:
    "Ann Lee" <contact@...>, "Ann Lee via Team-discuss" <team-discuss@...>), not the list's short name
    (``"team" <team-discuss@...>``)."""
    local = normalise_address(address).partition("@")[0]
    return not any(word in MAILBOX_WORDS for word in _LOCAL_WORD.findall(local)) or person_key(display) is not None


_LOCAL_WORD = regex.compile(r"[^\W\d_]+")


def clean_display_name(name: str) -> str | None:
    """A display name as a registered name: quotes and comments removed; None when it is an address, or a host's
    name (an address a mail program wrote without its "@": "team-discusslists.example.org")."""
    text = " ".join(_VIA.sub("", _COMMENT.sub(" ", name)).replace('"', " ").split()).strip("'").strip()
    if not text or "@" in text or not regex.search(r"\p{L}", text) or _HOST_NAME.fullmatch(text) is not None:
        return None
    return text


_HOST_NAME = regex.compile(r"[\w\-]+(?:\.[\w\-]+)*\.(?:com|org|net|edu|gov|mil|int|info|biz|io|[a-z]{2})")
"""A host's name: labels joined by dots, the last a top-level domain in lower case ("lists.example.org"; not
"A.B.Smith", nor "ann.lee", a name as some mail programs show it)."""


def read_key(path: StrPath) -> AddressKey:
    """Load an address key file; a broken row is an error naming its line."""
    path = Path(path)
    try:
        text = read_input_text(path, "utf-8-sig", "address key")
    except FileNotFoundError:
        raise InputError(
            f"Address key {path} does not exist; run 'nicknames collect' on the archive first "
            "(it writes the key beside the mapping) or name the key with --address-key."
        ) from None
    except UnicodeDecodeError:
        raise InputError(f"Address key {path} is not UTF-8; save it as UTF-8.") from None
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(cell.strip() for cell in rows[0]) != KEY_COLUMNS:
        raise InputError(f"{path}, line 1: an address key starts with the header 'participant,address'.")
    key = AddressKey()
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != 2 or not row[0].strip() or not row[1].strip():
            raise InputError(f"{path}, line {number}: expected 'participant,address', found {','.join(row)!r}.")
        key.ids[normalise_address(row[1])] = row[0].strip()
    return key


def write_key(key: AddressKey, path: StrPath) -> None:
    """Write the address key atomically, readable by its owner only (it holds real addresses)."""
    path = Path(path)
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(KEY_COLUMNS)
    writer.writerows((pid, address) for address, pid in key.ids.items())
    write_text_atomically(path, stream.getvalue(), private=True)
