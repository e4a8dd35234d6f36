"""Which column of an export holds which field: guessed from common spellings or set by the user."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import regex

from nicknames.model.errors import InputError

FIELDS = ("message_id", "sender", "text", "parent_id", "thread_id", "session_id", "timestamp", "recipients")
REQUIRED = ("message_id", "sender", "text")

SPELLINGS: dict[str, tuple[str, ...]] = {
    "message_id": ("message_id", "messageid", "msg_id", "comment_id", "reply_id", "post_id", "postid", "entry_id",
                   "id", "mid", "ts"),
    "sender": ("user_id", "userid", "sender", "sender_id", "author_id", "authorid", "author",
               "participant", "participant_id", "from", "user", "poster", "poster_id", "student_id",
               "owner_user_id", "username", "user_name", "screen_name"),
    "text": ("text", "body", "post_body", "postbody", "message_text", "content", "message_body",
             "post_text", "message", "post", "comment", "msg", "comment_body", "comment_text", "selftext", "raw",
             "cooked", "body_html", "html_body", "content_html", "message_html"),
    "parent_id": ("parent_id", "parentid", "parent", "reply_to", "in_reply_to", "replyto",
                  "parent_post_id", "parent_message_id", "parent_comment_id", "in_reply_to_id", "reply_to_id"),
    "thread_id": ("thread_id", "threadid", "thread", "topic_id", "topicid", "topic",
                  "discussion_id", "discussion", "conversation_id", "link_id", "submission_id", "root_id", "thread_ts",
                  "issue_number", "issue_id"),
    "session_id": ("session_id", "sessionid", "session", "course_id", "course", "offering",
                   "section", "cohort", "forum_id", "forum", "subreddit", "channel_id", "channel", "board",
                   "community"),
    "timestamp": ("timestamp", "time", "date", "datetime", "created", "created_at", "posted",
                  "post_time", "sent", "sent_at", "created_utc", "creation_date", "date_created"),
    "recipients": ("recipients", "recipient_ids", "recipient_id", "addressees"),
}
"""Column names that are taken to mean each field, most specific first (compared without case, ``_`` or ``-``):
those of course forums, mail tables, and the exports of Reddit (``link_id``, ``subreddit``, ``created_utc``),
Discourse (``raw``, its HTML ``cooked``, ``username``), Stack Exchange (``OwnerUserId``, ``CreationDate``), issue trackers
(``issue_number``) and chat tools (``channel``; Slack's ``ts`` and ``thread_ts``)."""

_SEPARATORS = regex.compile(r"[\s_\-.]+")


@dataclass(frozen=True)
class Columns:
    """The column name of each field in one table; optional fields may be absent."""

    message_id: str
    sender: str
    text: str
    parent_id: str | None = None
    thread_id: str | None = None
    session_id: str | None = None
    timestamp: str | None = None
    recipients: str | None = None
    """Participant ids the message was sent to, separated by spaces, commas or semicolons (mail)."""
    other_texts: tuple[str, ...] = ()
    """Columns of other prose of each message (a forum's "title"), pseudonymised with its text by apply."""

    def get(self, field: str) -> str | None:
        """The column of a field by its name, or None."""
        value: str | None = getattr(self, field)
        return value

    def used(self) -> list[str]:
        """The columns in use, in field order, then ``other_texts``."""
        return [*(column for field in FIELDS if (column := self.get(field)) is not None), *self.other_texts]

    def of(self, *fields: str) -> list[str]:
        """The columns of these fields that are in use, in the order given, each once."""
        return list(dict.fromkeys(column for field in fields if (column := self.get(field)) is not None))


def resolve_columns(header: Sequence[str], chosen: Mapping[str, str], source: str) -> Columns:
    """Find each field's column: the user's choice first, then a guess from common spellings."""
    for field in chosen:
        if field not in FIELDS:
            raise InputError(f"Unknown field {field!r} in the column settings; fields are {', '.join(FIELDS)}.")
    found = {field: _choose(field, header, chosen.get(field), source) for field in FIELDS}
    _check_distinct(found, source)
    return Columns(**found)  # type: ignore[arg-type]


def _choose(field: str, header: Sequence[str], choice: str | None, source: str) -> str | None:
    if choice is not None:
        if choice not in header:
            shown, detail = header_listing(header)
            raise InputError(
                f"{source}: there is no column {choice!r} for the {field.replace('_', ' ')}; "
                f"the columns are {shown}.", detail=detail
            )
        return choice
    guesses = _guesses(field, header) or _prefixed_guesses(field, header)
    if not guesses:
        if field in REQUIRED:
            shown, detail = header_listing(header)
            raise InputError(
                f"{source}: no column for the {field.replace('_', ' ')} was found among {shown}; "
                f"name it with --{field.replace('_', '-')}-column or in nicknames.toml [columns]"
                f"{_NO_IDS if field == 'message_id' else ''}.", detail=detail
            )
        return None
    if len(guesses) > 1:
        raise InputError(
            f"{source}: columns {_listing(guesses)} could each be the {field.replace('_', ' ')}; "
            f"choose one with --{field.replace('_', '-')}-column."
        )
    return guesses[0]


_NO_IDS = (" (an export without message ids, such as a chat log, needs a column of unique ids added first: "
           "the row numbers)")


def _guesses(field: str, header: Sequence[str]) -> list[str]:
    """Columns matching the field's best-ranked spelling, so ``user_id`` beats ``user``."""
    normalised = {column: _normalise(column) for column in header}
    for spelling in SPELLINGS[field]:
        hits = [column for column, name in normalised.items() if name == _normalise(spelling)]
        if hits:
            return hits
    return []


def _prefixed_guesses(field: str, header: Sequence[str]) -> list[str]:
    """Columns whose name ends with one of the field's spellings of two words or more after words of its own
    (edX's ``comment_thread_id``, Canvas's ``discussion_topic_id``, ``course_user_id``), where no column is named
    as a spelling: the best-ranked such spelling's columns, or none for an optional field that two columns end with
    (a file that named no such field before is not refused now)."""
    words = {column: _words(column) for column in header}
    for spelling in SPELLINGS[field]:
        tail = _words(spelling)
        if len(tail) < 2:
            continue
        hits = [column for column, own in words.items() if len(own) > len(tail) and own[-len(tail):] == tail]
        if hits:
            return hits if len(hits) == 1 or field in REQUIRED else []
    return []


def _words(name: str) -> list[str]:
    """The words of a column name: split at spaces, ``_``, ``-``, ``.`` and where lower case turns to upper."""
    return [word for word in _SEPARATORS.split(_CASE_CHANGE.sub(" ", name.strip()).lower()) if word]


_CASE_CHANGE = regex.compile(r"(?<=\p{Ll})(?=\p{Lu})")


def _check_distinct(found: dict[str, str | None], source: str) -> None:
    seen: dict[str, str] = {}
    for field, column in found.items():
        if column is None:
            continue
        if column in seen:
            raise InputError(
                f"{source}: column {column!r} was taken for both the {seen[column].replace('_', ' ')} "
                f"and the {field.replace('_', ' ')}; name the right columns with --{field.replace('_', '-')}-column."
            )
        seen[column] = field


def _normalise(name: str) -> str:
    return _SEPARATORS.sub("", name.strip().lower())


def _listing(header: Sequence[str]) -> str:
    return ", ".join(repr(column) for column in header) if header else "(none)"


def header_listing(header: Sequence[str]) -> tuple[str, str]:
    """The header's columns as an error may show them, and the same for ``--verbose`` only.

    A file without a header row has its first message as header: listing it
    would print message text and names in the error. When a cell looks like
    data rather than a column name (a number, a sentence, more than 40
    characters), the error says so and the cells are kept for ``--verbose``.
    """
    if any(looks_like_data(cell) for cell in header):
        return ("the cells of the first row, which looks like data rather than a header (add a header row with "
                "the column names)"), _listing(header)
    return _listing(header), ""


_NUMBER = regex.compile(r"[-+]?\d+(?:[.,]\d+)*")
_SENTENCE = regex.compile(r"[,;!?]|\S+(?:\s+\S+){3,}")


def looks_like_data(cell: str) -> bool:
    """True for a header cell that is more likely a value than a column name: a number, a sentence, long text."""
    text = cell.strip()
    return len(text) > 40 or _NUMBER.fullmatch(text) is not None or _SENTENCE.search(text) is not None
