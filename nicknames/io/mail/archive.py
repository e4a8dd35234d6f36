"""Read an mbox file, an ``.eml`` file or a folder of them into messages with participants and threads."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import policy
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.utils import getaddresses
from pathlib import Path

from nicknames.io.address_names import name_of_address, normalise_address
from nicknames.io.mail.body import Body, body_of
from nicknames.io.mail.mbox import split_mbox
from nicknames.io.mail.participants import (
    ADDRESS,
    AddressKey,
    clean_display_name,
    list_addresses,
    names_its_person,
    names_of_ids,
    person_key,
    written_mailboxes,
)
from nicknames.io.mail.threads import Link, ThreadHeaders, link_messages, message_ids
from nicknames.model.errors import InputError, where
from nicknames.rules.quotes import Segment, split_quotes

RECIPIENT_HEADERS = ("To", "Cc", "Bcc")
OTHER_ADDRESS_HEADERS = ("Reply-To", "Sender", "Resent-From", "Resent-To", "Resent-Cc")
READ_HEADERS = frozenset(
    name.lower() for name in ("From", *RECIPIENT_HEADERS, *OTHER_ADDRESS_HEADERS, "Subject", "Date", "Message-ID",
                              "In-Reply-To", "References")
)
_FOLD = re.compile(r"\r?\n(?=[ \t])")


@dataclass(frozen=True, eq=False)
class MailMessage:
    """One message of an archive as the pipeline sees it."""

    message: EmailMessage
    headers: Headers
    session: str
    """The mbox file (or folder of ``.eml`` files) it came from."""
    message_id: str
    """Its Message-ID, made unique within the archive (a repeated id gets ``#2``, ``#3``)."""
    sender: str
    recipients: tuple[str, ...]
    subject: str
    date: str
    body: Body
    segments: tuple[Segment, ...]
    link: Link


@dataclass
class MailArchive:
    """The messages of an archive, their participants' ids and display names."""

    path: Path
    format: str
    messages: list[MailMessage]
    key: AddressKey
    display_names: dict[str, str] = field(default_factory=dict)
    """Participant id → the display name most often written with their address (a built-in class list); for an
    address that only texts give, the full name most often written with it (``participants.written_mailboxes``)."""
    headerless: list[str] = field(default_factory=list)
    """Where each message without any of the headers read starts (``file, line N``): text that is not mail."""
    other_names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Participant id → the other full names written with their addresses ("Toby Q" beside "Tobias Quell"):
    one person's several mailboxes share an id (``AddressKey.id_for_mailbox``), and each may show another name."""
    lists: frozenset[str] = frozenset()
    """The ids of the lists' own addresses (``list_addresses``): nobody's mailbox."""

    def sender_of(self) -> dict[str, str]:
        """Message id → sender id."""
        return {message.message_id: message.sender for message in self.messages}


def read_archive(path: Path, key: AddressKey | None = None) -> MailArchive:
    """Read every message of an mbox file, an ``.eml`` file, or a folder of ``.eml`` and mbox files."""
    loaded = list(_load(path))
    if not loaded:
        raise InputError(f"{path} holds no mail messages; give an mbox file or a folder of .eml files.")
    key = key if key is not None else AddressKey()
    headers = [decoded_headers(found.message) for found in loaded]
    headerless = [found.place for found, read in zip(loaded, headers) if not read]
    lists = _lists_of(headers)
    names, others = _assign_ids(key, headers, lists)
    bodies = [body_of(found.message) for found in loaded]
    names = {**_key_body_addresses(key, [body.text for body in bodies], lists), **names}
    ids = _unique_ids(headers)
    links = link_messages([_thread_headers(mid, found) for mid, found in zip(ids, headers)])
    messages = [
        _mail_message(item.message, found, item.session, mid, body, link, key)
        for item, found, mid, body, link in zip(loaded, headers, ids, bodies, links)
    ]
    fmt = "mbox" if path.is_file() and path.suffix.lower() != ".eml" else "eml"
    return MailArchive(path, fmt, messages, key, names, headerless, others,
                       frozenset(key.ids[address] for address in lists if address in key.ids))


Headers = dict[str, list[str]]
"""Lower-case header name → its values as text, for the headers the pipeline reads."""


def decoded_headers(message: EmailMessage) -> Headers:
    """The headers threading, participants and output need, unfolded and with encoded words decoded.

    Raw values are decoded here rather than by ``policy.default``'s header
    classes, which parse every header fully and made reading ten times slower.
    """
    headers: Headers = {}
    for name, value in message.raw_items():
        if name.lower() in READ_HEADERS:
            headers.setdefault(name.lower(), []).append(_decode(str(value)))
    return headers


def _decode(raw: str) -> str:
    unfolded = _FOLD.sub("", raw).strip()
    if any("\udc80" <= character <= "\udcff" for character in unfolded):  # 8-bit bytes in a header
        unfolded = unfolded.encode("ascii", "surrogateescape").decode("utf-8", "replace")
    try:
        return str(make_header(decode_header(unfolded)))
    except (HeaderParseError, LookupError, UnicodeError, ValueError):
        return unfolded


def header_values(headers: Headers, name: str) -> list[str]:
    """A header's values as text."""
    return headers.get(name.lower(), [])


def addresses(headers: Headers, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """(display name, address) pairs of the given headers."""
    values = [value for name in names for value in header_values(headers, name)]
    return [(display, address) for display, address in getaddresses(values) if display or address]


@dataclass(frozen=True)
class Loaded:
    """A message as read from its file: the session it belongs to, and where it starts (for warnings)."""

    session: str
    message: EmailMessage
    place: str


MAX_NESTING = 50
"""Parts within parts a message may hold; mail programs write a handful, the ``email`` parser recurses on each."""


def _load(path: Path) -> Iterator[Loaded]:
    if not path.exists():
        raise InputError(f"{path} does not exist; check the path.")
    if path.is_file():
        yield from (_read_eml(path, path.parent.name or ".") if path.suffix.lower() == ".eml" else _read_mbox(path))
        return
    for file in sorted(item for item in path.rglob("*") if item.is_file() and not item.name.startswith(".")):
        session = str(file.parent.relative_to(path)) if file.parent != path else path.name
        if file.suffix.lower() == ".eml":
            yield from _read_eml(file, session)
        elif file.suffix.lower() in (".mbox", ".mbx") or _starts_like_mbox(file):
            yield from _read_mbox(file, str(file.relative_to(path)))


def _read_eml(path: Path, session: str) -> Iterator[Loaded]:
    yield Loaded(session, _parse(_bytes_of(path), str(path)), str(path))


def _read_mbox(path: Path, session: str | None = None) -> Iterator[Loaded]:
    for found in split_mbox(_bytes_of(path)):
        place = where(path, found.line)
        yield Loaded(session or path.name, _parse(found.data, place), place)


def _bytes_of(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise InputError(f"Cannot read {path}: {error.strerror or error}.") from None


def _parse(raw: bytes, place: str) -> EmailMessage:
    """One message, refused with an error when its parts nest deeper than ``MAX_NESTING``."""
    try:
        message = BytesParser(policy=policy.default).parsebytes(raw)
    except RecursionError:
        message = None
    if message is None or _nesting(message) > MAX_NESTING:
        raise InputError(
            f"{place}: this message nests its parts more than {MAX_NESTING} deep, which no mail program writes; "
            "remove it from the archive (or re-export it) and run again."
        )
    assert isinstance(message, EmailMessage)
    return message


def _nesting(message: Message) -> int:
    """How deep the parts of a message nest (1 for a message of one part), without recursion."""
    deepest, waiting = 0, [(message, 1)]
    while waiting:
        part, depth = waiting.pop()
        deepest = max(deepest, depth)
        payload = part.get_payload() if depth <= MAX_NESTING else None
        if isinstance(payload, list):
            waiting.extend((child, depth + 1) for child in payload if isinstance(child, Message))
    return deepest


def _starts_like_mbox(path: Path) -> bool:
    with path.open("rb") as stream:
        return stream.read(5) == b"From "


def _lists_of(messages: list[Headers]) -> frozenset[str]:
    """The addresses of the lists the messages went to (``list_addresses``), normalised."""
    def normalised(message: Headers, names: tuple[str, ...]) -> list[str]:
        return [normalise_address(address) for _, address in addresses(message, names)]

    return list_addresses([normalised(message, ("From",)) for message in messages],
                          [normalised(message, RECIPIENT_HEADERS) for message in messages])


def _key_body_addresses(key: AddressKey, texts: list[str], lists: frozenset[str]) -> dict[str, str]:
    """Give ids to the addresses written in bodies, and return the names the texts write with them (id → name): an
    address written with a person's full name joins that person's id ("Ann Lee (ann@home.org)"); a list's address
    names nobody, however a text writes it ("Team Discuss <team-discuss@…>")."""
    written = {address: counts for address, counts in written_mailboxes(texts).items() if address not in lists}
    for text in texts:
        for address in ADDRESS.findall(text):
            named = written.get(normalise_address(address))
            if named:
                key.id_for_mailbox(named.most_common(1)[0][0], address)
            else:
                key.id_for(address)
    return names_of_ids(key, written)


def _assign_ids(key: AddressKey, messages: list[Headers], lists: frozenset[str] = frozenset(),
                ) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """Give ids to senders first, then the other header addresses; the most used display name per id, else the name
    an address spells out (``name_of_address``), and the id's other names (``_display_names``); the display names of
    a list's address (``lists``: ``list_addresses``) name nobody, but a person's in its From header (a list that
    rewrites its senders)."""
    names: dict[tuple[str, str], Counter[str]] = {}
    spelt: dict[str, str] = {}
    passes = (("From",), RECIPIENT_HEADERS + OTHER_ADDRESS_HEADERS)
    for headers in passes:
        for message in messages:
            pairs = addresses(message, headers)
            if headers == ("From",) and not pairs:
                pairs = [("", "")]
            for display, address in pairs:
                participant = key.id_for_mailbox(display, address)
                cleaned = clean_display_name(display)
                listed = normalise_address(address) in lists
                if listed and (headers != ("From",) or person_key(display) is None):
                    continue  # the list's own address: its names are the list's
                if cleaned and names_its_person(display, address):
                    names.setdefault((participant, normalise_address(address)), Counter())[cleaned] += 1
                elif address and (from_address := name_of_address(address)) is not None:
                    spelt.setdefault(participant, from_address)
    shown, others = _display_names(names)
    return {**{pid: name for pid, name in spelt.items() if pid not in shown}, **shown}, others


def _display_names(
    names: dict[tuple[str, str], Counter[str]],
) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """A participant's name: the display name most used with all their mailboxes; their other names: the one most
    used with each other mailbox, when it differs (the names each address would have given alone)."""
    totals: dict[str, Counter[str]] = {}
    for (participant, _), counts in names.items():
        totals.setdefault(participant, Counter()).update(counts)
    shown = {participant: counts.most_common(1)[0][0] for participant, counts in totals.items()}
    others: dict[str, tuple[str, ...]] = {}
    for (participant, _), counts in names.items():
        top = counts.most_common(1)[0][0]
        if top != shown[participant] and top not in others.get(participant, ()):
            others[participant] = (*others.get(participant, ()), top)
    return shown, others


def _unique_ids(messages: list[Headers]) -> list[str]:
    seen: Counter[str] = Counter()
    result: list[str] = []
    for number, message in enumerate(messages, start=1):
        found = message_ids(" ".join(header_values(message, "Message-ID")))
        base = found[0] if found else f"<message-{number}@no-message-id.invalid>"
        seen[base] += 1
        result.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return result


def _thread_headers(message_id: str, message: Headers) -> ThreadHeaders:
    return ThreadHeaders(
        message_id,
        message_ids(" ".join(header_values(message, "In-Reply-To"))),
        message_ids(" ".join(header_values(message, "References"))),
        " ".join(header_values(message, "Subject")),
    )


def _mail_message(
    message: EmailMessage, headers: Headers, session: str, message_id: str, body: Body, link: Link, key: AddressKey
) -> MailMessage:
    senders = addresses(headers, ("From",))
    sender = key.id_for_mailbox(*senders[0]) if senders else key.id_for("")
    recipients = tuple(dict.fromkeys(
        key.id_for_mailbox(display, address) for display, address in addresses(headers, RECIPIENT_HEADERS)
    ))
    return MailMessage(
        message, headers, session, message_id, sender, tuple(pid for pid in recipients if pid != sender),
        " ".join(" ".join(header_values(headers, "Subject")).split()),
        " ".join(header_values(headers, "Date")), body, tuple(split_quotes(body.text)), link,
    )
