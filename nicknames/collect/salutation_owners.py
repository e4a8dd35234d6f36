"""Whose names a greeting or a sign-off gives, beyond the names participants are known by.

A sign-off of two names ("Ann and Ben") gives the sender only a form of their own registered name
(``own_form``); a greeted name nobody has that misspells one registered given name by a letter
belongs to that participant (``misspelt_owners``); a doubtful greeted name another participant has on other
evidence is not the greeted one's (``drop_doubtful_greetings``).
"""

from __future__ import annotations

from rapidfuzz.distance import OSA

from nicknames.collect.discover.stylised import initials_of, letters
from nicknames.collect.found import Found
from nicknames.io.class_list import registered_parts
from nicknames.rules.nickname_table import NicknameTable


def own_form(name: str, full_name: str, table: NicknameTable) -> bool:
    """Whether a signed name is a form of this registered name: a part, a familiar or formal form of one, or its
    initials."""
    parts = registered_parts(full_name)
    forms = {part.casefold() for part in parts}
    for part in parts:
        forms.update(form.casefold() for form in (*table.familiar_forms(part), *table.given_names(part)))
    return name.casefold() in forms or letters(name).upper() in initials_of(full_name)


MISSPELT_GREETING = 6
"""The shortest greeted name taken as a misspelling of a registered given name (shorter ones are other names)."""


def misspelt_owners(owners: dict[str, set[str]], names: set[str], registered: dict[str, list[str]]) -> None:
    """Let a greeted name nobody has belong to the one participant whose registered given name it misspells by one
    letter ("Hi Tobais" for a registered Tobias): a greeting names a person, most often one of the thread's."""
    given: dict[str, set[str]] = {}
    for participant, parts in registered.items():
        if parts and " " in parts[0]:
            given.setdefault(parts[0].split()[0], set()).add(participant)
    for name in names - owners.keys():
        if len(name) < MISSPELT_GREETING or not name[0].isupper() or " " in name:
            continue
        close = [pid for known, pids in given.items()
                 if known[0] == name[0] and OSA.distance(known, name, score_cutoff=1) <= 1 for pid in pids]
        if len(close) == 1:
            owners[name] = set(close)


def drop_doubtful_greetings(found: Found, roster: dict[str, str], table: NicknameTable) -> None:
    """Forget a doubtful greeted name (``uncertain``: greeted beside the parent's sender's name, "Thanks Ann and
    Soeren") that another participant has on other evidence (their registered name, a spelling of it, their
    sign-off), unless it is a form of the greeted one's registered name (``own_form``: "Dear Ken" to a registered
    Kenneth): the greeting names that other participant, not the parent's sender."""
    doubtful = {"greeting", "uncertain"}
    holders: dict[str, list[str]] = {}
    for participant, name in found.counts:
        holders.setdefault(name, []).append(participant)
    for name, participants in holders.items():
        if len(participants) < 2:
            continue
        sure = [participant for participant in participants if not set(found.tags[(participant, name)]) <= doubtful]
        for participant in participants:
            tags = found.tags[(participant, name)]
            if ("uncertain" in tags and "greeting" in tags and (participant, name) not in found.confirmed
                    and any(other != participant for other in sure)
                    and not own_form(name, roster.get(participant, ""), table)):
                found.drop(participant, name)
