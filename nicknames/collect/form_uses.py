"""Where the forms of the people who post nothing are used, counted run by run of the messages wherever they are read.

What ``nicknames.collect.absent`` needs from the texts: for each form, the threads and messages that use it as a
name, and how its uses read (a place, part of a longer name, or a name). Made for a run of messages where they are
(a worker's partition, a run read from disk) and added up in file order on the driver.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from nicknames.model.messages import Message
from nicknames.rules.matcher import NameMatcher, compile_names
from nicknames.rules.word_names import in_longer_name, in_word_list, reads_as_place


@dataclass
class FormUses:
    """Where some forms are used: form → thread → messages that use it as a name, and form → how each use reads.

    Made run by run of the messages (``of``) wherever they are read, and added up in file order (``absorb``): the
    same keys, counts and orders as one pass over all of them.
    """

    uses: dict[str, Counter[str]] = field(default_factory=dict)
    readings: dict[str, Counter[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, messages: Iterable[Message], keys: Collection[str]) -> FormUses:
        """The uses of these forms in these messages: a form of one word where it stands alone (see
        ``in_longer_name``)."""
        return cls.found_by(messages, compile_names(keys))

    @classmethod
    def found_by(cls, messages: Iterable[Message], matcher: NameMatcher | None) -> FormUses:
        """``of`` with the forms compiled (once for every run a worker reads)."""
        found = cls()
        if matcher is None:
            return found
        uses, readings = found.uses, found.readings
        for message in messages:
            text = message.text
            used = set()
            for start, end, key in matcher.spans(text):
                reading = "name" if " " in key else _reading(text, start, end)
                readings.setdefault(key, Counter())[reading] += 1
                if reading == "name":
                    used.add(key)
            for key in used:
                uses.setdefault(key, Counter())[message.thread] += 1
        return found

    def absorb(self, later: FormUses) -> None:
        """Add the uses found in the messages that follow."""
        for record, other in ((self.uses, later.uses), (self.readings, later.readings)):
            for key, counted in other.items():
                record.setdefault(key, Counter()).update(counted)

    def kept(self) -> dict[str, Counter[str]]:
        """Form → thread → messages that use it, without the forms this corpus writes as a place or a part of longer
        names (see ``_place_like``)."""
        return {key: threads for key, threads in self.uses.items() if not _place_like(self.readings[key])}


def _reading(text: str, start: int, end: int) -> str:
    """How a form of one word reads there: ``place`` (after "in", "at"), ``longer`` (part of a longer name or an
    item of a list of single words), or ``name``."""
    if reads_as_place(text, start):
        return "place"
    return "longer" if in_longer_name(text, start, end) or in_word_list(text, start, end) else "name"


def _place_like(readings: Counter[str]) -> bool:
    """A one-word form this corpus writes as a place ("in Tobias") or more often inside longer names ("Tobias
    Bay", "North Tobias") than alone: the name of a place or a firm here, not of the person."""
    return readings["place"] > 0 or readings["longer"] > readings["name"]


