"""The participant → names mapping that collect proposes, the reviewer edits and apply uses."""

from __future__ import annotations

import copy
import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

import regex

from nicknames.model.errors import NicknamesError

KEEP = "@keep"
"""Key of the keep list among the mapping's entries (ids never start with ``@``)."""
OTHERS = "@others"
"""Key of the names of people who are not participants (colleagues, family, vendors; see ``nicknames.collect.others``)."""

TAGS: dict[str, str] = {
    "greeting": "found in a greeting that addresses the parent message's sender",
    "signoff": "found in a sign-off at the end of the participant's own message",
    "intro": "given by the participant for themselves in their own message ('My name is ...', 'call me ...')",
    "quoted": "given to the participant by the attribution line of a reply's quote ('On Mon, Ann Lee <...> wrote:')",
    "classlist": "the registered name, or a part of it, from the class list",
    "nickname": "a familiar form of a registered or found given name",
    "fuzzy": "a near spelling (misspelling) of one of the participant's names",
    "case": "a case variant of one of the participant's names",
    "lost": "a registered name with letters an archive lost or garbled (St?phane, StÃ©phane for Stéphane), in the "
            "text or the class list",
    "stylised": "a stylised form such as spaced letters or dashed initials",
    "initials": "initials derived from the registered name",
    "short": "a one-letter or lower-case sign-off: replaced only where it stands as a greeting or sign-off",
    "glued": "a known name glued to a neighbouring word",
    "word": "also an ordinary word: replaced only where written as a name",
    "frequent": "greeted or signed once or twice, but used mostly away from its owner (a company, a place): "
                "replaced only where it stands as a greeting or sign-off",
    "uncertain": "attribution by thread context rather than by direct reply",
    "session": "found only outside the participant's threads, in a session where nobody else has it",
    "file": "a full name misspelt in one word, the other as registered, found only away from the participant's "
            "sessions",
    "absent": "the participant is registered but posts nothing in the file; the name occurs in others' messages",
    "surname": "a short form of the registered surname ('Kirb', 'Kirby' for Kirbride) near another form of the person",
    "namesake": "a name several registered people share, nothing in the file telling them apart: the first one's",
    "manual": "added by the reviewer",
    "title": "follows a title such as Mr, Mrs, Dr or Prof (a person who is not a participant)",
    "relation": "follows a relation such as 'my colleague' or 'my daughter' (a person who is not a participant)",
    "fullname": "a known given name followed by a capitalised word that is no ordinary word (a full name)",
    "listed": "one of several given names listed together ('Ann, Ben and Cleo') with a known name",
    "part": "a part of a full name found elsewhere in the file (the same person, most likely)",
    "addressed": "a known given name asked or thanked by name ('Oskar, please …', 'thanks to Oskar', 'cc Oskar')",
    "author": "the display name of an address written after it ('Ann Lee <ann@example.org>') or the author an "
              "attribution line names ('On Mon, Ann Lee wrote:'): a private person's, however many write it",
    "public": "also written as a cited author's or a public figure's name (a work of theirs, a citation, a calling, a "
              "quotation signed, a link to an encyclopaedia): proposed only when a title or relation names them too",
}
"""Tags a name may carry: where it came from, and flags for review and apply."""

_HAS_WORD_CHARACTER = regex.compile(r"\w")


class Status(enum.Enum):
    """Whether a name is in use, awaiting review, or rejected by the reviewer."""

    ACTIVE = "active"
    SUGGESTED = "suggested"
    REJECTED = "rejected"


@dataclass(frozen=True)
class Name:
    """One name of a participant, with how often and where collect found it."""

    text: str
    count: int | None = None
    tags: tuple[str, ...] = ()
    status: Status = Status.ACTIVE

    def __post_init__(self) -> None:
        check_name_text(self.text)
        if self.count is not None and self.count < 0:
            raise NicknamesError(f"A name has a negative count ({self.count}).", detail=_which(self.text))
        unknown = [tag for tag in self.tags if tag not in TAGS]
        if unknown:
            raise NicknamesError(
                f"A name has unknown tag {unknown[0]!r}; known tags are {', '.join(TAGS)}.",
                detail=_which(self.text),
            )

    @property
    def in_use(self) -> bool:
        """True when apply replaces this name (active or suggested, not rejected)."""
        return self.status is not Status.REJECTED


def check_name_text(text: str) -> None:
    """Refuse names that are empty, padded, multi-line or only punctuation."""
    if not text or text != text.strip():
        raise NicknamesError("A name is empty or has spaces around it.", detail=_which(text))
    if "\n" in text or "\r" in text:
        raise NicknamesError("A name spans several lines; a name is one line.", detail=_which(text))
    if not _HAS_WORD_CHARACTER.search(text):
        raise NicknamesError("A name has no letter or digit; it cannot be a name.", detail=_which(text))


def _which(text: str) -> str:
    """The detail that names the offending name (shown only with ``--verbose``)."""
    return f"the name is {text!r}"


def check_participant_id(participant: str) -> None:
    """Refuse participant ids the mapping file could not hold."""
    if not participant or participant != participant.strip():
        raise NicknamesError(f"Participant id {participant!r} is empty or has spaces around it.")
    if participant[0] in "#@" or "|" in participant or "\n" in participant:
        raise NicknamesError(
            f"Participant id {participant!r} starts with '#' or '@' or contains '|' or a newline; "
            "rename it in the messages file."
        )


@dataclass
class Entry:
    """One line of the mapping file: a participant (or the keep list) and its names."""

    key: str
    names: list[Name] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    """Comment and blank lines that stand before this entry in the file."""

    def find(self, text: str) -> Name | None:
        """The name with exactly this text, if the entry has it."""
        return next((name for name in self.names if name.text == text), None)


class Mapping:
    """Participants and their names, the keep list, and what collect has proposed before.

    All edits of the review are methods here, so the editor, the command line
    and scripts share them and the tests can call them directly.
    """

    def __init__(
        self,
        names: dict[str, list[str]] | None = None,
        keep: Iterable[str] = (),
    ) -> None:
        self.entries: dict[str, Entry] = {}
        self.seen: dict[str, set[str]] = {}
        """Every name collect proposed per participant, so a removed one is not proposed again."""
        self.footer: list[str] = []
        """Comment and blank lines after the last entry."""
        for text in keep:
            self.keep_name(text)
        for participant, texts in (names or {}).items():
            self.add_participant(participant)
            for text in texts:
                self.add_name(participant, text)

    # ------------------------------------------------------------------ reading

    @property
    def participants(self) -> list[str]:
        """Participant ids in file order (the keep list and the others' section are not participants)."""
        return [key for key in self.entries if key not in (KEEP, OTHERS)]

    @property
    def names(self) -> dict[str, list[str]]:
        """Each participant's names in use (active and suggested), in file order."""
        return {pid: self.names_in_use(pid) for pid in self.participants}

    @property
    def keep(self) -> list[str]:
        """Names never to replace (public figures, cited authors)."""
        entry = self.entries.get(KEEP)
        return [name.text for name in entry.names] if entry else []

    @property
    def others(self) -> list[str]:
        """Names in use of people who are not participants (replaced by ``[PERSON n]``; see ``nicknames.collect.others``)."""
        entry = self.entries.get(OTHERS)
        return [name.text for name in entry.names if name.in_use] if entry else []

    def entry(self, participant: str) -> Entry:
        """The entry of a participant; an error naming the id when it is unknown."""
        try:
            return self.entries[participant]
        except KeyError:
            raise NicknamesError(f"Participant {participant!r} is not in the mapping.") from None

    def names_in_use(self, participant: str) -> list[str]:
        """The names apply replaces for this participant."""
        return [name.text for name in self.entry(participant).names if name.in_use]

    def word_names(self) -> set[str]:
        """The participants' names in use that collect tagged ``word`` (also ordinary words of the corpus)."""
        return {name.text for pid in self.participants for name in self.entry(pid).names
                if name.in_use and "word" in name.tags}

    def connections(self) -> set[tuple[str, str]]:
        """Every (participant, name) pair in use: the unit the paper's metrics count."""
        return {(pid, text) for pid in self.participants for text in self.names_in_use(pid)}

    def owners(self) -> dict[str, list[str]]:
        """Each name in use mapped to the participants that use it, in file order."""
        result: dict[str, list[str]] = {}
        for pid in self.participants:
            for text in self.names_in_use(pid):
                result.setdefault(text, []).append(pid)
        return result

    def shared_names(self) -> dict[str, list[str]]:
        """Names in use by more than one participant (candidates for duplicate warnings)."""
        return {text: pids for text, pids in self.owners().items() if len(pids) > 1}

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return (self.entries, self.seen, self.footer) == (other.entries, other.seen, other.footer)

    def copy(self) -> Mapping:
        """A deep copy, for undo and for merging without touching the original."""
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ editing

    def add_participant(self, participant: str) -> Entry:
        """The participant's entry, created at the end when it is new."""
        check_participant_id(participant)
        return self.entries.setdefault(participant, Entry(participant))

    def add_name(self, participant: str, text: str, tags: Iterable[str] = ("manual",)) -> Name:
        """Add a name in use to a participant (or ``@others``), or make an existing one active."""
        entry = self._entry_for(participant)
        existing = entry.find(text)
        if existing is not None:
            return self._set(entry, existing, status=Status.ACTIVE)
        name = Name(text, tags=tuple(tags), status=Status.ACTIVE)
        entry.names.append(name)
        return name

    def set_name(self, participant: str, name: Name) -> None:
        """Put a whole name record on a participant (or ``@others``), replacing one with the same text."""
        entry = self._entry_for(participant)
        existing = entry.find(name.text)
        if existing is None:
            entry.names.append(name)
        else:
            entry.names[entry.names.index(existing)] = name

    def accept(self, participant: str, text: str) -> Name:
        """Mark a name as reviewed and in use."""
        return self._set_status(participant, text, Status.ACTIVE)

    def reject(self, participant: str, text: str) -> Name:
        """Mark a name as not this participant's: apply skips it and collect never proposes it again."""
        return self._set_status(participant, text, Status.REJECTED)

    def suggest(self, participant: str, text: str) -> Name:
        """Mark a name as a suggestion awaiting review."""
        return self._set_status(participant, text, Status.SUGGESTED)

    def remove_name(self, participant: str, text: str) -> Name:
        """Delete a name from a participant; collect will not propose it again."""
        entry = self.entry(participant)
        name = self._require(entry, text)
        entry.names.remove(name)
        self.seen.setdefault(participant, set()).add(text)
        return name

    def rename_name(self, participant: str, old: str, new: str) -> Name:
        """Correct the text of a name, keeping its place, count and tags."""
        entry = self.entry(participant)
        name = self._require(entry, old)
        if new != old and entry.find(new) is not None:
            raise NicknamesError(f"Participant {participant!r} already has the name {new!r}.")
        return self._set(entry, name, text=new)

    def move_name(self, participant: str, text: str, target: str) -> Name:
        """Move a name from one participant to another (a mistaken connection)."""
        name = self._require(self.entry(participant), text)
        if target == participant:
            return name
        self.entry(participant).names.remove(name)
        self.seen.setdefault(participant, set()).add(text)
        existing = self._entry_for(target).find(text)
        merged = self.merge_name(target, name)
        if existing is not None and existing.count is not None and name.count is not None:
            # Both counts may count the same messages (a suggestion counts every message the name
            # occurs in where its participant is active): the larger, not the sum, is the target's count.
            self._set(self.entry(target), merged, count=max(existing.count, name.count))
        return name

    def merge_participants(self, source: str, target: str) -> None:
        """Give all names of ``source`` to ``target`` and drop ``source``'s entry."""
        if source == target:
            raise NicknamesError(f"Cannot merge participant {source!r} with itself.")
        entry = self.entry(source)
        self.entry(target)
        for name in entry.names:
            self.merge_name(target, name)
        del self.entries[source]

    def merge_name(self, participant: str, name: Name) -> Name:
        """Add a name record, combining counts and tags with one of the same text."""
        return self._merged(self._entry_for(participant), name)

    def _merged(self, entry: Entry, name: Name) -> Name:
        """A name record added to an entry, its count and tags combined with one of the same text (whose status
        stays unless it is a suggestion)."""
        existing = entry.find(name.text)
        if existing is None:
            entry.names.append(name)
            return name
        counts = [c for c in (existing.count, name.count) if c is not None]
        tags = tuple(dict.fromkeys(existing.tags + name.tags))
        status = existing.status if existing.status is not Status.SUGGESTED else name.status
        return self._set(entry, existing, count=sum(counts) if counts else None, tags=tags, status=status)

    def _keep_entry(self) -> Entry:
        """The keep list's entry, made first of the file when there is none."""
        if KEEP not in self.entries:
            self.entries = {KEEP: Entry(KEEP), **self.entries}
        return self.entries[KEEP]

    def keep_name(self, text: str) -> Name:
        """Put a name on the keep list, which protects it and the names inside it."""
        entry = self._keep_entry()
        existing = entry.find(text)
        if existing is not None:
            return existing
        name = Name(text)
        entry.names.append(name)
        return name

    def suggest_keep(self, name: Name) -> Name:
        """Put a name on the keep list as collect proposes it (a public name found; merged with one of the same
        text). A keep list made so comes after the participants, so that a reviewed file still opens as it did."""
        return self._merged(self.entries.setdefault(KEEP, Entry(KEEP)), name)

    def keep_instead(self, participant: str, text: str) -> Name:
        """Take a name off a participant and put it on the keep list (a cited author, not a participant).

        The participant's collect proposals remember it, so a later collect does not propose it again.
        """
        name = self._require(self.entry(participant), text)
        self.entry(participant).names.remove(name)
        self.seen.setdefault(participant, set()).add(text)
        return self.keep_name(text)

    def most_used_name(self, participant: str) -> str | None:
        """The name to show for the participant, or None: of the names in use, a confirmed one before a suggestion,
        then the highest count, then a name before initials ("Greta" before "GV"); the first on a tie."""
        in_use = [name for name in self.entry(participant).names if name.in_use]
        return max(in_use, key=_shown_first).text if in_use else None

    def unkeep_name(self, text: str) -> None:
        """Take a name off the keep list."""
        entry = self.entries.get(KEEP)
        if entry is None or entry.find(text) is None:
            raise NicknamesError(f"{text!r} is not on the keep list.")
        entry.names = [name for name in entry.names if name.text != text]

    def add_other(self, name: Name) -> Name:
        """Put a name of a person who is not a participant in the ``@others`` section (merged with one of the
        same text)."""
        return self.merge_name(OTHERS, name)

    def sort_names(self, participant: str) -> None:
        """Order a participant's names most frequent first (ties keep their order)."""
        entry = self.entry(participant)
        entry.names.sort(key=lambda name: -(name.count or 0))

    # ------------------------------------------------------------------ internal

    def _entry_for(self, key: str) -> Entry:
        """The entry names are merged into: a participant's (created when new) or the others' section."""
        if key == OTHERS:
            return self.entries.setdefault(OTHERS, Entry(OTHERS))
        return self.add_participant(key)

    def _require(self, entry: Entry, text: str) -> Name:
        name = entry.find(text)
        if name is None:
            raise NicknamesError(f"Participant {entry.key!r} has no name {text!r}.")
        return name

    def _set_status(self, participant: str, text: str, status: Status) -> Name:
        entry = self.entry(participant)
        return self._set(entry, self._require(entry, text), status=status)

    @staticmethod
    def _set(entry: Entry, name: Name, **changes: object) -> Name:
        updated = replace(name, **changes)  # type: ignore[arg-type]
        entry.names[entry.names.index(name)] = updated
        return updated


def _shown_first(name: Name) -> tuple[bool, int, bool]:
    """How fit a name is to show for its participant (``Mapping.most_used_name``): the larger, the fitter."""
    return name.status is Status.ACTIVE, name.count or 0, not name.text.isupper()
