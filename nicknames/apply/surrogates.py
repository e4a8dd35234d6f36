"""Surrogate names: a made-up name per participant, written in the shape of what it replaces.

Each participant gets one surrogate (given name, middle name, surname) drawn
from the built-in lists in ``nicknames/data`` (common given names with a gender
F/M/N, and surnames, compiled for this project). The surrogate

- matches the participant's gender when it is known (a class-list ``gender``
  column, else the given names of the built-in list and of Faker's 86 locales
  used as name statistics, see ``load_name_genders``), neutral otherwise;
- never equals a word of any real name in the mapping or class list, nor any
  word of the corpus (so a surrogate in the output is always a surrogate);
- has a given name no other participant has (and a distinct surname while the
  list lasts); when the given names run out (a big corpus that mentions most
  common names), further ones are composed from syllables with a gendered
  ending ("Ravine", "Kalo"), still distinct and never a word of the corpus;
- keeps the shape of the text it replaces (``shape``): a first name by the
  given name, a surname by the surname, a full name by a full name, initials
  by the surrogate's initials with the same dots and dashes, spaced letters by
  spaced letters, and upper or lower case as written. Possessive endings are
  outside the match and stay as they are.
"""

from __future__ import annotations

import csv
import random
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources

import regex

from nicknames.model.errors import NicknamesError

GENDERS = ("F", "M", "N")
EMAIL_DOMAIN = "example.org"
"""Domain of surrogate e-mail addresses (reserved for examples: it can reach nobody)."""

_WORD = regex.compile(r"\p{L}[\p{L}\p{M}'’]*")
_SPACED = regex.compile(r"^\p{L}(?:\s+\p{L}){2,}$")
_DECORATED = regex.compile(r"^(?P<before>[^\p{L}]*)(?P<core>.*?\p{L}[.]?)(?P<after>[^\p{L}]*)$", regex.S)
_INITIALS = regex.compile(r"^(?:\p{Lu}\.?[^\S\n]?){1,4}$")


@dataclass(frozen=True)
class Surrogate:
    """The made-up name of one participant."""

    given: str
    middle: str
    surname: str
    gender: str = "N"

    @property
    def full(self) -> str:
        """Given name and surname."""
        return f"{self.given} {self.surname}"


def load_given_names() -> dict[str, str]:
    """The built-in given names with their gender (F, M or N for neutral)."""
    with resources.files("nicknames").joinpath("data/surrogate_given_names.csv").open(encoding="utf-8") as stream:
        return {row["name"]: row["gender"] for row in csv.DictReader(stream)}


def load_name_genders() -> dict[str, str]:
    """Given name → F, M or N, for guessing a participant's gender: the built-in list, widened with Faker's.

    Faker (MIT licensed, kept up to date, offline) ships the given names of its
    86 locales as female and male lists (``first_names_female``,
    ``first_names_male``). A name only one kind of list holds gets that gender;
    one in both gets the gender of at least twice as many locales, else N. The
    built-in list wins where it has the name.
    """
    female, male = _faker_given_names()
    genders: dict[str, str] = {}
    for name in female.keys() | male.keys():
        f, m = female.get(name, 0), male.get(name, 0)
        genders[name] = "F" if f >= 2 * m and f else "M" if m >= 2 * f and m else "N"
    return {**genders, **load_given_names()}


def _faker_given_names() -> tuple[dict[str, int], dict[str, int]]:
    """Given name → in how many of Faker's locales it is female, and male."""
    # Imported here: only the surrogate style needs it, and its 86 locale modules take a fifth of a second.
    import importlib
    import pkgutil

    import faker.providers.person as people

    female: dict[str, int] = {}
    male: dict[str, int] = {}
    for locale in pkgutil.iter_modules(people.__path__):
        provider = importlib.import_module(f"{people.__name__}.{locale.name}").Provider
        for attribute, counts in (("first_names_female", female), ("first_names_male", male)):
            for name in dict.fromkeys(getattr(provider, attribute, ())):
                counts[name] = counts.get(name, 0) + 1
    return female, male


def load_surnames() -> list[str]:
    """The built-in surnames."""
    with resources.files("nicknames").joinpath("data/surrogate_surnames.csv").open(encoding="utf-8") as stream:
        return list(dict.fromkeys(row["name"] for row in csv.DictReader(stream)))


def words_of(texts: Iterable[str]) -> set[str]:
    """Every word in the texts, lower-cased: the names a surrogate must never equal."""
    return {word.lower() for text in texts for word in _WORD.findall(text)}


def guess_gender(names: Iterable[str], statistics: Mapping[str, str]) -> str:
    """F or M from the first of the names whose first word the statistics know, else N."""
    for name in names:
        token = next(iter(name.split()), "")  # "Jean-Luc" before "Jean"
        word = next(iter(_WORD.findall(name)), "")
        hyphenated = "-".join(part.capitalize() for part in token.split("-"))
        for first in dict.fromkeys(part for part in (hyphenated, word.capitalize(), _ascii(word).capitalize()) if part):
            gender = statistics.get(first, "N")
            if gender in ("F", "M"):
                return gender
    return "N"


@dataclass
class SurrogateNames:
    """The surrogate style: participant → surrogate, shaped per mention."""

    surrogates: dict[str, Surrogate]
    references: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each participant's reference name (registered, else longest known) as lower-cased words."""

    def __call__(self, participant: str) -> str:
        return self._of(participant).full

    def mention(self, participant: str, original: str, kind: str) -> str:
        """The surrogate shaped like ``original``; identifiers become surrogate addresses and handles."""
        surrogate = self._of(participant)
        if kind == "email":
            return f"{_ascii(surrogate.given)}.{_ascii(surrogate.surname)}@{EMAIL_DOMAIN}"
        if kind == "handle":
            return f"@{_ascii(surrogate.given)}{_ascii(surrogate.surname)}"
        if kind != "name":
            return surrogate.full
        return shape(original, surrogate, self.references.get(participant, ()))

    def ambiguous(self, participants: Sequence[str], original: str) -> str:
        """Every candidate's surrogate in brackets: ``[Anna|Lena]``."""
        return "[" + "|".join(self.mention(p, original, "name") for p in participants) + "]"

    def _of(self, participant: str) -> Surrogate:
        try:
            return self.surrogates[participant]
        except KeyError:
            raise NicknamesError(
                f"Participant {participant!r} has no surrogate name; run apply with the key file "
                "that matches this mapping, or a new key file."
            ) from None


def assign_surrogates(
    participants: Sequence[str],
    genders: Mapping[str, str],
    forbidden: set[str],
    seed: int = 0,
    kept: Mapping[str, Surrogate] | None = None,
) -> dict[str, Surrogate]:
    """A distinct surrogate per participant, keeping earlier assignments (``kept``) as they are."""
    statistics, surnames = load_given_names(), load_surnames()
    rng = random.Random(seed)
    result = dict(kept or {})
    used = {s.given.lower() for s in result.values()} | {s.surname.lower() for s in result.values()}
    pools = {g: [n for n in statistics if statistics[n] == g and n.lower() not in forbidden] for g in GENDERS}
    family = [n for n in surnames if n.lower() not in forbidden]
    for pool in (*pools.values(), family):
        rng.shuffle(pool)
    for participant in participants:
        if participant in result:
            continue
        gender = genders.get(participant, "N")
        if not any(name.lower() not in used for name in _preference(gender, pools)[0]):
            pools[gender if gender in GENDERS else "N"].extend(_composed(gender, forbidden | used, rng))
        given = _draw(_preference(gender, pools), used, participant)
        middle = rng.choice([n for n in _preference(gender, pools)[0] if n != given] or [given])
        surname = _draw([family], used, participant, unique=False, rng=rng)
        result[participant] = Surrogate(given, middle, surname, gender if gender in GENDERS else "N")
    return result


SYLLABLES = ("ba", "da", "fe", "ga", "ki", "la", "lo", "ma", "mi", "na", "no", "pe", "ra", "ri", "ro", "sa",
             "se", "ta", "te", "va", "ve", "za", "bre", "dri", "kal", "mer", "nor", "sel", "tor", "vin")
ENDINGS = {"F": ("a", "ine", "elle", "ia", "etta"), "M": ("o", "an", "us", "ert", "ik"), "N": ("i", "en", "y", "el")}
"""Composed surrogates, used only when the built-in list runs out: two syllables and a gendered ending."""
COMPOSED_BATCH = 200


def _composed(gender: str, taken: set[str], rng: random.Random) -> list[str]:
    """A batch of made-up given names (Ravine, Kalo, Merien) that are no word of the corpus and not taken."""
    endings = ENDINGS.get(gender, ENDINGS["N"])
    names: dict[str, None] = {}
    for _ in range(COMPOSED_BATCH * 20):
        name = (rng.choice(SYLLABLES) + rng.choice(SYLLABLES) + rng.choice(endings)).capitalize()
        if name.lower() not in taken:
            names[name] = None
        if len(names) >= COMPOSED_BATCH:
            break
    return list(names)


def _preference(gender: str, pools: Mapping[str, list[str]]) -> list[list[str]]:
    """The pools to draw from: the gender's own, then neutral, then the others."""
    order = [gender, "N", "F", "M"] if gender in ("F", "M") else ["N", "F", "M"]
    return [pools[g] for g in dict.fromkeys(order)]


def _draw(
    pools: list[list[str]], used: set[str], participant: str, unique: bool = True,
    rng: random.Random | None = None,
) -> str:
    """The next unused name of the first pool that has one; when none is left and reuse is allowed, any."""
    for pool in pools:
        for name in pool:
            if name.lower() not in used:
                used.add(name.lower())
                return name
    if not unique and rng is not None and any(pools):
        return rng.choice([name for pool in pools for name in pool])
    raise NicknamesError(
        f"The built-in surrogate names ran out at participant {participant!r} (every remaining name is "
        "taken or occurs in the corpus); use --style id or --style keyed for this data set."
    )


# ---------------------------------------------------------------------------- shapes


def shape(original: str, surrogate: Surrogate, reference: Sequence[str] = ()) -> str:
    """The surrogate written in the shape of ``original`` (see the module docstring)."""
    parts = _DECORATED.match(original)
    if parts is None:
        return surrogate.given
    before, core, after = parts["before"], parts["core"], parts["after"]
    if _SPACED.match(core):
        letters = "".join(core.split())
        return before + " ".join(_shape_core(letters, surrogate, reference)) + after
    return before + _shape_core(core, surrogate, reference) + after


def _shape_core(core: str, surrogate: Surrogate, reference: Sequence[str]) -> str:
    if _is_initials(core, reference):
        return _initials(core, surrogate)
    tokens = core.split()
    roles = [_role(token, index, len(tokens), reference) for index, token in enumerate(tokens)]
    pieces = regex.split(r"(\s+)", core)
    out, words = [], iter(zip(tokens, roles))
    for piece in pieces:
        if piece.strip():
            token, role = next(words)
            out.append(_word(token, role, surrogate))
        else:
            out.append(piece)
    return "".join(out)


def _is_initials(core: str, reference: Sequence[str]) -> bool:
    letters = [c for c in core if c.isalpha()]
    if not _INITIALS.match(core) or not letters:
        return False
    dotted = "." in core or " " in core
    return dotted or len(letters) <= 3 and core.lower() not in reference


def _initials(core: str, surrogate: Surrogate) -> str:
    count = sum(1 for c in core if c.isalpha())
    if count == 1:
        letters = [surrogate.given[0]]
    else:
        letters = [surrogate.given[0], *[surrogate.middle[0]] * (count - 2), surrogate.surname[0]]
    source = iter(letters)
    return "".join(next(source).upper() if c.isalpha() else c for c in core)


def _role(token: str, index: int, count: int, reference: Sequence[str]) -> str:
    """``given``, ``middle`` or ``surname``: by the reference name when the token is in it, else by position."""
    word = token.lower().strip(".,")
    if reference and word in reference:
        position = list(reference).index(word)
        if position == 0:
            return "given"
        return "surname" if position == len(reference) - 1 else "middle"
    if index == 0:
        return "given"
    return "surname" if index == count - 1 else "middle"


def _word(token: str, role: str, surrogate: Surrogate) -> str:
    value = {"given": surrogate.given, "middle": surrogate.middle, "surname": surrogate.surname}[role]
    if role == "given" and regex.search(r"\p{L}-\p{L}", token):
        value = f"{surrogate.given}-{surrogate.middle}"
    letters = [c for c in token if c.isalpha()]
    if len(letters) == 1:
        value = value[0]
    value += token[len(token.rstrip(".,")):]
    if len(letters) > 1 and token.isupper():
        return value.upper()
    return value.lower() if token.islower() else value


def _ascii(text: str) -> str:
    """Lower-case ASCII letters of a name, for addresses and handles."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if c.isascii() and c.isalnum()).lower()
