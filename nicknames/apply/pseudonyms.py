"""Turn a participant id into the pseudonym written in place of their names.

Three styles (``STYLES``):

- ``id``: a template around the participant id, ``[{id}]`` → ``[U43]`` (the default);
- ``keyed``: a short id derived from the participant id with HMAC-SHA256 and a
  secret key, ``[P7F3A2]``: the same person gets the same id in every export
  made with the same key, and nobody without the key can link it to ``U43``;
- ``surrogate``: a made-up name per participant, shaped like what it replaces
  (see ``nicknames.apply.surrogates``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import string
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeGuard, runtime_checkable

from nicknames.model.errors import NicknamesError

DEFAULT_TEMPLATE = "[{id}]"
FIELDS = ("id",)
STYLES = {
    "id": "the participant id in a template: [U43]",
    "keyed": "a short id from HMAC-SHA256 of the participant id with a secret key: [P7F3A2]",
    "surrogate": "a consistent made-up name shaped like the original: Mary → Anna, M.J. → A.L.",
}
"""The pseudonym styles ``apply --style`` offers."""

KEY_BYTES = 32
"""Length of a new secret key for keyed pseudonyms (256 bits, as long as the HMAC-SHA256 output)."""
KEYED_PREFIX = "P"
KEYED_LENGTH = 6
"""Hex digits of a keyed id; lengthened only for ids that would otherwise collide."""


class ParticipantTexts(dict[str, str]):
    """Participant → pseudonym of a style that writes the same whatever it replaces, each made on first use.

    Apply replaces millions of mentions of a few thousand participants: a lookup
    here costs much less than formatting the template again for each.
    """

    def __init__(self, style: Callable[[str], str]) -> None:
        super().__init__()
        self.style = style

    def __missing__(self, participant: str) -> str:
        text = self[participant] = self.style(participant)
        return text


@dataclass(frozen=True)
class IdTemplate:
    """Pseudonyms from a template such as ``[{id}]`` or ``<person {id}>``."""

    template: str = DEFAULT_TEMPLATE
    texts: ParticipantTexts = field(init=False, repr=False, compare=False)
    """The pseudonym of each participant met so far."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "texts", ParticipantTexts(self))
        try:
            fields = [name for _, name, _, _ in string.Formatter().parse(self.template) if name is not None]
        except ValueError as error:
            raise NicknamesError(f"Pseudonym format {self.template!r} is not valid: {error}; use e.g. '[{{id}}]'.") from None
        unknown = [name for name in fields if name not in FIELDS]
        if unknown or not fields:
            raise NicknamesError(
                f"Pseudonym format {self.template!r} must use {{id}} and no other field; e.g. '[{{id}}]'."
            )

    def __call__(self, participant: str) -> str:
        return self.template.format(id=participant)

    def mention(self, participant: str, original: str, kind: str) -> str:
        """The same pseudonym whatever it replaces."""
        return self.texts[participant]

    def ambiguous(self, participants: Sequence[str], original: str) -> str:
        """All candidates in one template: ``[U12|U43]``."""
        return self.template.format(id="|".join(participants))


def new_secret() -> str:
    """A fresh random secret key for keyed pseudonyms, as hex."""
    return secrets.token_hex(KEY_BYTES)


def keyed_code(secret: str, participant: str, length: int = KEYED_LENGTH) -> str:
    """``P`` and the first ``length`` hex digits of HMAC-SHA256(secret, participant id)."""
    digest = hmac.new(bytes.fromhex(secret), participant.encode("utf-8"), hashlib.sha256).hexdigest()
    return KEYED_PREFIX + digest[:length].upper()


@dataclass(frozen=True)
class KeyedIds:
    """Pseudonyms from HMAC-SHA256 of the participant id with a secret key: ``[P7F3A2]``.

    The codes of ``participants`` are computed up front so that two of them
    never share a code: the rare pair whose first six digits agree gets longer
    codes (recorded in the key file, so later runs give the same).
    """

    secret: str
    template: str = DEFAULT_TEMPLATE
    codes: dict[str, str] = field(default_factory=dict)
    texts: ParticipantTexts = field(init=False, repr=False, compare=False)
    """The pseudonym of each participant met so far."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "texts", ParticipantTexts(self))
        IdTemplate(self.template)
        try:
            if len(bytes.fromhex(self.secret)) < 16:
                raise ValueError("shorter than 128 bits")
        except ValueError as error:
            raise NicknamesError(f"The secret key is not usable ({error}); make a new key file.") from None

    def with_participants(self, participants: Iterable[str]) -> KeyedIds:
        """These ids with a distinct code fixed for every participant given (kept codes stay)."""
        codes = dict(self.codes)
        taken = {code: pid for pid, code in codes.items()}
        for participant in participants:
            if participant in codes:
                continue
            length = KEYED_LENGTH
            while (code := keyed_code(self.secret, participant, length)) in taken:
                length += 2
            codes[participant] = taken[code] = code
        return KeyedIds(self.secret, self.template, codes)

    def code(self, participant: str) -> str:
        """The keyed id of a participant (without the template)."""
        return self.codes.get(participant) or keyed_code(self.secret, participant)

    def __call__(self, participant: str) -> str:
        return self.template.format(id=self.code(participant))

    def mention(self, participant: str, original: str, kind: str) -> str:
        """The same pseudonym whatever it replaces."""
        return self.texts[participant]

    def ambiguous(self, participants: Sequence[str], original: str) -> str:
        """All candidates' codes in one template: ``[P7F3A2|P0B91C]``."""
        return self.template.format(id="|".join(self.code(p) for p in participants))


@runtime_checkable
class ShapedPseudonym(Protocol):
    """A pseudonym style that shapes each replacement after what it replaces (surrogate names).

    Plain ``Callable[[str], str]`` styles give one pseudonym per participant;
    a style with ``mention`` also sees the text it replaces and its kind
    (``name``, ``email``, ...), and ``ambiguous`` renders a mention marked for
    several candidates. A style whose ``mention`` is the same whatever it
    replaces may also have ``texts``, a mapping participant → pseudonym that
    substitution reads instead of calling ``mention`` for each name.
    """

    def __call__(self, participant: str) -> str: ...

    def mention(self, participant: str, original: str, kind: str) -> str:
        """The pseudonym of this participant shaped like ``original``."""

    def ambiguous(self, participants: Sequence[str], original: str) -> str:
        """The text written for a mention of ``original`` that may be any of these participants."""


Pseudonym = Callable[[str], str]
"""Participant id → pseudonym; may also be a ``ShapedPseudonym``."""


_SHAPED: dict[type, bool] = {}
"""Whether each pseudonym type is a ``ShapedPseudonym`` (a protocol check is slow to repeat per mention)."""


def is_shaped(pseudonym: Pseudonym) -> TypeGuard[ShapedPseudonym]:
    """Whether a style shapes each replacement (``ShapedPseudonym``), asked once per type."""
    kind = type(pseudonym)
    if kind not in _SHAPED:
        _SHAPED[kind] = isinstance(pseudonym, ShapedPseudonym)
    return _SHAPED[kind]


def shaped_mention(pseudonym: Pseudonym, participant: str, original: str, kind: str) -> str:
    """The participant's pseudonym for ``original`` (of this kind), shaped like it where the style shapes."""
    if is_shaped(pseudonym):
        return pseudonym.mention(participant, original, kind)
    return pseudonym(participant)


def ambiguous_mention(pseudonym: Pseudonym, candidates: Sequence[str], original: str) -> str:
    """The text written for a mention that may be any of these participants."""
    if is_shaped(pseudonym):
        return pseudonym.ambiguous(candidates, original)
    return "|".join(pseudonym(participant) for participant in candidates)
