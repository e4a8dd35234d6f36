"""``apply --strict``: audit the pseudonymised texts before anything is written, and refuse when names are left.

The check is ``nicknames.check.audit`` without near misses: every name in use in the
mapping (and every part of a class-list name), in any case, as a whole word,
outside keep-list names. Apply replaces a participant's names only where that
participant is active and only in the case written in the mapping, so a
mention of someone in a session they never wrote in, or a name in capitals,
is a finding here: what a cautious release wants to hear about before it
happens. Near misses are left to ``nicknames audit``, which shows them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from nicknames.check.audit import audit_messages
from nicknames.check.findings import AuditResult
from nicknames.check.name_index import build_index
from nicknames.model.errors import NicknamesError
from nicknames.model.mapping import Mapping

SHOWN_MESSAGES = 10
"""Message ids listed in the ``--strict`` error before "..."."""


def strict_audit(
    messages: Iterable[tuple[str, str]], mapping: Mapping, class_list: dict[str, str] | None = None
) -> AuditResult:
    """Names of the mapping (and class list) still present in (message id, pseudonymised text) pairs."""
    return audit_messages(messages, build_index(mapping, class_list), near=False)


def refuse_leftovers(result: AuditResult, mapping_path: Path | str) -> None:
    """Stop ``apply --strict`` when the audit found names: message ids in the message, the names only in the detail."""
    if not result.findings:
        return
    ids = list(dict.fromkeys(finding.message_id for finding in result.findings))
    shown = ", ".join(_short(message_id) for message_id in ids[:SHOWN_MESSAGES])
    names = sorted({finding.text for finding in result.findings})
    others = sum(finding.kind == "other-name" for finding in result.findings)
    among = (f" ({others} of them a given name opening somebody else's full name, which apply leaves: put that "
             "full name on the keep list or in @others)") if others else ""
    raise NicknamesError(
        f"--strict: the audit found {len(result.findings)} mentions of names of {mapping_path} still in the "
        f"output{among}, in {len(ids)} messages (ids {shown}{' ...' if len(ids) > SHOWN_MESSAGES else ''}); "
        "nothing was written. Look at them with 'nicknames audit', then add the missing forms to the mapping, "
        "put public names on the keep list, or try a wider --scope.",
        detail="names: " + ", ".join(repr(name) for name in names[:SHOWN_MESSAGES]),
    )


def _short(message_id: str, limit: int = 20) -> str:
    return message_id if len(message_id) <= limit else message_id[:limit] + "..."
