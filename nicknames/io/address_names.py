"""The name an address's local part spells, and addresses as compared: shared by the mail reader, the senders of a
table and the class list (whose rows may be addresses)."""

from __future__ import annotations

import regex

from nicknames.rules.stopwords import STOPWORDS


def normalise_address(address: str) -> str:
    """An address as compared: trimmed, without angle brackets, lower case."""
    return address.strip().strip("<>").strip().lower()


_LOCAL_NAME = regex.compile(r"(\p{L}{2,})[._\-](\p{L}{2,})(?:[._\-](\p{L}{2,}))?")
MAILBOX_WORDS = frozenset({
    "abuse", "accounts", "admin", "alert", "alerts", "all", "announce", "billing", "bounce", "bounces", "bugs",
    "careers", "class", "commits", "contact", "course", "daemon", "department", "dept", "desk", "devel", "digest",
    "discuss", "discussion", "donotreply", "enquiries", "events", "faculty", "finance", "group", "help",
    "hostmaster", "hr", "info", "inquiries", "jobs", "list", "lists", "mail", "mailer", "marketing", "media",
    "news", "no", "noreply", "not", "notification", "notifications", "office", "owner", "patches", "postmaster",
    "press", "reply", "request", "research", "root", "sales", "security", "server", "service", "services", "staff",
    "stats", "students", "support", "system", "team", "users", "web", "webmaster",
})
"""Words of the local part of a list's, an office's or a service's address (``stats-group@``, ``no-reply@``)."""


def name_of_address(address: str) -> str | None:
    """The name the local part of an address spells out, ``leontyne.abara@`` → "Leontyne Abara" (two or three words
    of letters joined by a dot, underscore or hyphen, with a dot or underscore among them); None for any other, or a
    list's, an office's or a service's mailbox (``stats-group@``, ``no-reply@``, ``kernel-mm@``)."""
    local = normalise_address(address).partition("@")[0]
    match = _LOCAL_NAME.fullmatch(local)
    if match is None:
        return None
    parts = [part for part in match.groups() if part]
    if any(part in MAILBOX_WORDS or part in STOPWORDS for part in parts) or not regex.search(r"[._]", local):
        return None  # words joined by hyphens only: a list's name ("harbour-mm@", "team-ops@") far more often
    return " ".join(part.capitalize() for part in parts)
