"""Identifiers written without a pattern of their own: addresses spelt out to fool harvesters, and accounts in signatures.

Each is found from a rare, cheap anchor rather than by a pattern run over the
whole text (a pattern that starts with a word character is slow to scan long
texts with):

| written as | found from |
|---|---|
| ``mary.poe at example.org``, ``ed at lab.example.org``, ``ann dot berg at example dot org``, ``ab AT example.org`` | each `` at `` (or `` AT ``) |
| ``mary [at] example [dot] org``, ``mary(at)example.org`` | a bracketed ``at`` |
| ``skype: annberg``, ``Skype ID: ab12``, ``twitter: @annberg`` | each colon after a messenger's name |
| ``u/annberg``, ``/u/ann_b`` (a forum's user, as Reddit writes one) | each ``u/`` |
| ``uunet!harbour!annb``, ``example.org!annb`` (a UUCP bang path) | each ``!`` between word characters |

An address written out counts only when its local part starts a word (after a
space, a line start, an opening bracket or a colon: ``mailto:``, ``[SMTP:``); a plain local part
without a dot only before a lower-case host with a dot (or `` dot ``) and a
top-level domain of letters, and not when it is a common word ("look at
example.org").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import regex

from nicknames.rules.stopwords import STOPWORDS

_BRACKETED_EMAIL = regex.compile(
    r"(?<![\w.+\-])[\w.+\-]+[ ]*(?:\[at\]|\(at\))[ ]*[\w\-]+(?:(?:\.|[ ]*(?:\[dot\]|\(dot\))[ ]*)[\w\-]+)*(?!\w)"
)
"""An address written to fool harvesters: ``mary [at] example [dot] org``."""
_LOCAL_PART = regex.compile(r"(?<![\w.+\-])[\w+\-]+(?:[._][\w+\-]+)+\Z")
_DOMAIN = regex.compile(r"[\w\-]+(?:\.[\w\-]+)*(?!\w)")
"""``mary.poe at example.org``: a dotted local part, " at ", a domain. Found from each " at ", because a
pattern that starts with a word character is slow to scan long texts with."""
_PLAIN_LOCAL_PART = regex.compile(r"(?<![\w.+\-])[a-z0-9][a-z0-9+\-]*\Z")
_SPELT_DOTS = regex.compile(r"(?<![\w.+\-])(?:[a-z0-9][a-z0-9+\-]*[ ]dot[ ])+\Z")
"""The words of a local part spelt with " dot " before its last word: ``ann dot berg at example dot org``."""
_HOST = regex.compile(r"(?:[a-z0-9][a-z0-9\-]*(?:\.|[ ]dot[ ]))+[a-z]{2,6}(?![\w.\-]*\w)")
"""``ed at lab.example.org``, ``annberg at example dot org``: a lower-case local part without a dot is an
address only before a lower-case host with a dot (or " dot ") and a top-level domain of letters; and
not a common word ("look at example.org")."""


def obfuscated_addresses(text: str) -> Iterable[tuple[int, int]]:
    """Spans of addresses written as ``a.b at host.org``, ``ab AT host.org``, ``a dot b at host dot org``, ``a [at] host [dot] org``."""
    if "at" not in text and "AT" not in text:
        return
    if ("[" in text and "[at]" in text) or ("(" in text and "(at)" in text):  # a bracket first: a faster test
        yield from (match.span() for match in _BRACKETED_EMAIL.finditer(text))
    for word in (" at ", " AT ") if "AT" in text else (" at ",):
        at = text.find(word)
        while at >= 0:
            span = (_dotted_address(text, at) or _plain_address(text, at)) if _may_start_host(text, at) else None
            if span is not None:
                yield span
            at = text.find(word, at + 1)


MESSENGERS = frozenset({
    "skype", "msn", "icq", "aim", "gtalk", "jabber", "xmpp", "irc", "twitter", "github", "gitlab", "telegram",
    "signal", "wechat", "whatsapp", "discord", "slack", "mastodon", "bluesky", "instagram", "threema", "matrix",
})
"""Services whose account a signature gives after a colon (``skype: annberg``): a handle."""
_LABEL_WORDS = frozenset({"id", "name", "handle", "user", "username", "account"})
_ACCOUNT = regex.compile(r"[ \t]*(@?[A-Za-z][\w.\-]*\w)")


def labelled_handles(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the accounts given after a messenger's name and a colon: ``skype: annberg``, ``Skype ID: ab12``."""
    colon = text.find(":")
    while colon >= 0:
        words = text[max(0, colon - 24) : colon].split()
        last = words[-1].lower() if words else ""  # the label: the last word or two before the colon
        if last in MESSENGERS or (len(words) > 1 and last in _LABEL_WORDS and words[-2].lower() in MESSENGERS):
            account = _ACCOUNT.match(text, colon + 1)
            if account is not None and "://" not in text[colon : colon + 3]:
                yield account.start(1), account.end(1)
        colon = text.find(":", colon + 1)


def _dotted_address(text: str, at: int) -> tuple[int, int] | None:
    """``mary.poe at example.org``: a local part with a dot or underscore before the " at " at ``at``."""
    if not _may_end_local_part(text, max(0, at - 64), at):
        return None
    local = _LOCAL_PART.search(text, max(0, at - 64), at)
    domain = _DOMAIN.match(text, at + len(" at "))
    if local and domain and "." in domain.group() and domain.group().rsplit(".", 1)[1].isalpha() and _starts_word(
            text, local.start()):  # a top-level domain of letters: not Outlook's "[cid:image001.png at 01CD.18D6]"
        return local.start(), domain.end()
    return None


def _plain_address(text: str, at: int) -> tuple[int, int] | None:
    """``ed at lab.example.org``: a plain lower-case local part before a host (``_HOST``)."""
    host = _HOST.match(text, at + len(" at "))
    if host is None:
        return None
    local = _PLAIN_LOCAL_PART.search(text, max(0, at - 64), at)
    if local is None or local.group() in STOPWORDS:
        return None
    start = local.start()
    spelt = _SPELT_DOTS.search(text, max(0, start - 64), start)  # "ann dot berg at ..."
    if spelt is not None and _starts_word(text, spelt.start()):
        start = spelt.start()
    return (start, host.end()) if _starts_word(text, start) else None


def _may_end_local_part(text: str, start: int, end: int) -> bool:
    """False when no dotted local part can end at ``end``: the word before holds no ``.`` or ``_``.

    A local part has no white space, so its last ``.`` or ``_`` is the last one
    before ``end``, with no space, tab or line break after it (other white space
    only lets more through); "agree at the end" is the common case, and the
    pattern is slow to search.
    """
    dot = max(text.rfind(".", start, end), text.rfind("_", start, end))
    return dot >= 0 and text.find(" ", dot, end) < 0 and text.find("\n", dot, end) < 0 and text.find("\t", dot, end) < 0


def _may_start_host(text: str, at: int) -> bool:
    """False when no domain (``_DOMAIN`` with a dot) nor host (``_HOST``) can follow the " at " at ``at``: the first
    word after it holds no ``.`` and the second is not "dot". Most " at " are no address ("agree at the end"), and
    the patterns are slow to try at each."""
    after = text[at + 4 : at + 4 + _HOST_SEEN]
    words = after.split(None, 2)
    if len(words) < 2:  # one word: the text ends in it, or it runs past what is looked at
        return bool(words) and ("." in words[0] or len(after) == _HOST_SEEN)
    if "." in words[0] or words[1] == "dot":
        return True
    return len(words) == 2 and len(after) == _HOST_SEEN and "dot".startswith(words[1])  # "dot" cut by the window


_HOST_SEEN = 128
"""Characters after " at " that ``_may_start_host`` reads: a first word longer than that may hold a dot further on."""


def _starts_word(text: str, offset: int) -> bool:
    """True when nothing but a space, line start, opening bracket or a colon (``mailto:``, Outlook's ``[SMTP:``)
    stands before the offset."""
    return offset == 0 or text[offset - 1] in " \t\n<([\"':"


_FORUM_USER = regex.compile(r"(?:^|(?<=[\s(\[\"'])/?)u/([A-Za-z0-9][\w\-]{2,19})(?![\w\-/])")
"""``u/annberg``, ``/u/ann_b`` after a blank, a bracket or a quote: a user name of 3 to 20 characters."""


def forum_users(text: str) -> list[tuple[int, int]]:
    """Spans of the user names written after ``u/`` (``u/annberg``, ``/u/ann_b``), as Reddit and its exports write a
    user: the name, not the ``u/``."""
    return [match.span(1) for match in _FORUM_USER.finditer(text)] if "u/" in text else []


_BANG_PATH = regex.compile(r"(?:\.\.\.!)?([A-Za-z0-9][\w.\-]*(?:![\w.\-%]+)+)", regex.ASCII)
"""A UUCP bang path from its first host (``...!`` before it, as old signatures write "some route"), to be read
by ``bang_paths``."""
_PATH_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
_USER_END = ".-"
"""Characters a path's user does not end in: a sentence's full stop after it ("mail uunet!harbour!annb.")."""


def bang_paths(text: str) -> list[tuple[int, int]]:
    """Spans of the UUCP bang paths of a text (``uunet!harbour!annb``, ``...!uunet!harbour!annb``): mail routes of
    hosts, each host's name then ``!``, and the user last, as mail before the Internet's addresses gave them. Two
    ``!`` or more, or one after a host with a dot (``example.org!annb``) or after "...!"; the user of two characters
    or more with a letter, and one host of two or more: "Wow!great" and "E!O!F" are none. Found from each ``!`` with
    a word character on both sides: most ``!`` end a sentence."""
    spans: list[tuple[int, int]] = []
    bang, last = text.find("!"), 0
    while bang >= 0:
        if bang > 0 and bang >= last and bang + 1 < len(text) and text[bang - 1] in _PATH_CHARACTERS and (
                text[bang + 1] in _PATH_CHARACTERS or text[bang + 1] == "%"):
            start = bang - 1
            while start > 0 and text[start - 1] in _PATH_CHARACTERS:
                start -= 1
            if start >= 4 and text.startswith("...!", start - 4):
                start -= 4
            span = _bang_path(text, start)
            if span is not None:
                spans.append(span)
                last = span[1]
        bang = text.find("!", bang + 1)
    return spans


def _bang_path(text: str, start: int) -> tuple[int, int] | None:
    """The span of the bang path that starts at ``start`` (``bang_paths``), or None."""
    match = _BANG_PATH.match(text, start)
    if match is None or (start > 0 and text[start - 1] in "!@%") or text.startswith("@", match.end()):
        return None  # "harbour!annb@example.org": an address whose local part holds a route
    path = match.group(1).rstrip(_USER_END)
    hops = path.split("!")
    user, hosts = hops[-1], hops[:-1]
    if (len(user) < 2 or not any(char.isalpha() for char in user) or not all(hosts)
            or not any(len(host) > 1 for host in hosts)
            or (len(hosts) == 1 and "." not in hosts[0].strip(".") and match.start(1) == match.start())):
        return None
    return match.start(), match.start(1) + len(path)
