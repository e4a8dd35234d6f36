"""The id template and keyed pseudonyms."""

from __future__ import annotations

import pytest

from nicknames.apply.pseudonyms import IdTemplate, KeyedIds, keyed_code, new_secret
from nicknames.model.errors import NicknamesError

SECRET = "0f" * 32


@pytest.mark.parametrize(
    ("template", "participant", "expected"),
    [("[{id}]", "U43", "[U43]"), ("<person {id}>", "U1", "<person U1>"), ("{id}", "p", "p")],
)
def test_id_template(template: str, participant: str, expected: str) -> None:
    assert IdTemplate(template)(participant) == expected
    assert IdTemplate(template).mention(participant, "Mary", "name") == expected


def test_styles_keep_each_participants_pseudonym_for_substitution_to_look_up() -> None:
    template, keyed = IdTemplate("<{id}>"), KeyedIds(SECRET).with_participants(["U1", "U2"])
    assert (template.texts["U1"], keyed.texts["U1"]) == ("<U1>", keyed("U1"))
    assert dict(template.texts) == {"U1": "<U1>"}
    assert template == IdTemplate("<{id}>") and hash(template) == hash(IdTemplate("<{id}>"))


@pytest.mark.parametrize("template", ["[]", "[{name}]", "[{id]"])
def test_bad_templates_are_refused(template: str) -> None:
    with pytest.raises(NicknamesError, match="Pseudonym format"):
        IdTemplate(template)


def test_id_template_marks_ambiguous_mentions() -> None:
    assert IdTemplate().ambiguous(["U12", "U43"], "Mary") == "[U12|U43]"


def test_keyed_code_is_hmac_sha256_prefix() -> None:
    # HMAC-SHA256(key=0x0f*32, "U43"), first six hex digits, computed independently with hashlib.
    import hashlib
    import hmac

    digest = hmac.new(bytes.fromhex(SECRET), b"U43", hashlib.sha256).hexdigest()
    assert keyed_code(SECRET, "U43") == "P" + digest[:6].upper()


def test_keyed_ids_are_stable_and_depend_on_the_secret() -> None:
    first = KeyedIds(SECRET)("U43")
    assert first == KeyedIds(SECRET)("U43")
    assert first != KeyedIds(new_secret())("U43")
    assert first.startswith("[P") and len(first) == 9


def test_keyed_ids_never_collide() -> None:
    participants = [f"U{i}" for i in range(3000)]
    ids = KeyedIds(SECRET).with_participants(participants)
    codes = [ids.code(p) for p in participants]
    assert len(set(codes)) == len(codes)


def test_colliding_codes_are_lengthened(monkeypatch: pytest.MonkeyPatch) -> None:
    import nicknames.apply.pseudonyms as pseudonyms

    monkeypatch.setattr(pseudonyms, "keyed_code", lambda secret, p, length=6: "P" + "A" * (length - 1) + p[-1])
    ids = KeyedIds(SECRET).with_participants(["U1", "U2", "U3"])
    assert len(set(ids.codes.values())) == 3


def test_keyed_keeps_recorded_codes() -> None:
    ids = KeyedIds(SECRET, codes={"U1": "PXXXXXX"}).with_participants(["U1", "U2"])
    assert ids("U1") == "[PXXXXXX]"
    assert ids.ambiguous(["U1", "U2"], "Mary") == f"[PXXXXXX|{ids.code('U2')}]"


@pytest.mark.parametrize("secret", ["zz", "00"])
def test_unusable_secrets_are_refused(secret: str) -> None:
    with pytest.raises(NicknamesError, match="secret key"):
        KeyedIds(secret)
