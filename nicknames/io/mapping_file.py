"""Read and write the mapping file: one participant a line, names separated by ``|``.

The paper's format (``U01 | Robbie [12] | Jones``) is read as it is. On top of it:

- ``# ...`` lines are comments, kept with the entry that follows them;
- ``?Name`` is a suggestion awaiting review (apply uses it), ``!Name`` a name the
  reviewer rejected (apply skips it and collect never proposes it again);
- ``Name [12; greeting, signoff]`` gives the count and the tags (see ``TAGS``);
- ``@keep | Arthur C. Clarke | ...`` lists names never to replace;
- ``@others | Henrik Olsen [2; title] | ?Sofia [1]`` lists people who are not participants
  (colleagues, family, vendors): apply replaces them by ``[PERSON n]``;
- ``@seen U01 | ...`` records what collect proposed, so names deleted by hand
  stay deleted on the next run.

Backslash escapes ``\\|``, ``\\[``, ``\\]``, ``\\\\`` and a leading ``\\?``, ``\\!``.
Writing is deterministic: a file written here reads back and writes out to the
same bytes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import regex

from nicknames.io.encodings import (
    first_bad_byte,
    guess_encoding,
    mixed_error,
    mixed_lines,
)
from nicknames.io.input_files import read_input_bytes
from nicknames.io.output import write_text_atomically
from nicknames.model.errors import MappingFileError, NicknamesError, where
from nicknames.model.mapping import (
    KEEP,
    OTHERS,
    Entry,
    Mapping,
    Name,
    Status,
    check_participant_id,
)
from nicknames.model.paths import StrPath

SEEN = "@seen"
HEADER = [
    "# nicknames mapping file. It holds real names: keep it private and apart from the data.",
    "# One participant a line: ID | name [count; tags] | ...   ?name = suggestion, !name = rejected.",
    "# @keep | names never replaced (public figures, cited authors). See docs/mapping-format.md.",
]
SEEN_HEADER = "# Names collect proposed before (so that names deleted by hand are not proposed again):"

_ANNOTATION = regex.compile(r"\[\s*(?P<count>\d+)?\s*(?:;?\s*(?P<tags>[a-z]+(?:\s*,\s*[a-z]+)*))?\s*\]$")
_ESCAPE = regex.compile(r"\\(.)")
_SIGILS = {"?": Status.SUGGESTED, "!": Status.REJECTED}
_SIGIL_OF = {status: sigil for sigil, status in _SIGILS.items()}


class Field(NamedTuple):
    """One ``|``-separated field of a line, with its 1-based column (a tuple: made thousands of times)."""

    text: str
    column: int


def read_mapping(path: StrPath) -> Mapping:
    """Load a mapping file; a broken line is an error naming file, line and column."""
    path = Path(path)
    try:
        raw = read_input_bytes(path, "mapping file")
    except FileNotFoundError:
        raise MappingFileError(f"Mapping file {path} does not exist; run 'nicknames collect' to create one.") from None
    except OSError as error:
        raise MappingFileError(f"Cannot read mapping file {path}: {error.strerror}.") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _not_utf8(path, raw) from None
    return parse_mapping(text, path)


def _not_utf8(path: Path, raw: bytes) -> NicknamesError:
    if (mixed := mixed_lines(raw)) is not None:
        return mixed_error(path, mixed)
    bad = first_bad_byte(raw, "utf-8-sig")
    place = where(path, bad.line, bad.column) if bad else str(path)
    guess = guess_encoding(raw)
    hint = f" (it looks like {guess})" if guess else ""
    return MappingFileError(
        f"{place}: the mapping file is not UTF-8{hint}; open it in a text editor and save it as UTF-8, then try again."
    )


def parse_mapping(text: str, path: Path | str = "<mapping>") -> Mapping:
    """Parse the text of a mapping file."""
    mapping = Mapping()
    pending: list[str] = []
    for number, line in enumerate(_lines(text), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            pending.append(line)
            continue
        if _is_seen(line):
            # Comments above @seen lines are kept after the last entry (the
            # generated SEEN_HEADER is written again by format_mapping).
            mapping.footer.extend(comment for comment in pending if comment != SEEN_HEADER)
            pending = []
        try:
            _parse_line(mapping, line, pending, path, number)
        except MappingFileError:
            raise
        except NicknamesError as error:
            raise MappingFileError(
                f"{where(path, number)}: {_lower_first(str(error))} Fix the line and try again.", detail=error.detail
            ) from None
        pending = []
    mapping.footer.extend(pending)
    return mapping


def _lines(text: str) -> list[str]:
    """Lines split at ``\\n`` (and ``\\r\\n``) only, as editors count them; other breaks stay in the line."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def format_mapping(mapping: Mapping) -> str:
    """The text of a mapping file, in the canonical form ``parse_mapping`` reads back."""
    lines: list[str] = []
    for entry in sorted(_header_first(mapping), key=lambda entry: entry.key == OTHERS):  # the others' section comes last
        lines.extend(entry.comments)
        lines.append(_format_entry(entry.key, entry.names))
    lines.extend(mapping.footer)
    seen = list(_seen_lines(mapping))
    if seen and SEEN_HEADER not in mapping.footer:
        lines.append(SEEN_HEADER)
    lines.extend(seen)
    return "".join(line + "\n" for line in lines)


def _header_first(mapping: Mapping) -> list[Entry]:
    """The entries to write; a keep list put in front of a new file's header gets the header above it.

    ``Mapping.keep_name`` puts the keep list first, before the entry that carries
    the file's header comment, which would push ``@keep`` above the header.
    """
    entries = list(mapping)
    if len(entries) > 1 and entries[0].key == KEEP and not entries[0].comments \
            and entries[1].comments[: len(HEADER)] == HEADER:
        keep, first = entries[0], entries[1]
        return [Entry(KEEP, keep.names, list(HEADER)),
                Entry(first.key, first.names, first.comments[len(HEADER):]), *entries[2:]]
    return entries


def write_mapping(mapping: Mapping, path: StrPath) -> None:
    """Write a mapping file atomically, readable by its owner only (it holds real names)."""
    path = Path(path)
    write_text_atomically(path, format_mapping(mapping), private=True)


def with_header(mapping: Mapping) -> Mapping:
    """Give a new mapping the explanatory header comment, unless it has comments already."""
    first = next(iter(mapping), None)
    if first is not None and not first.comments:
        first.comments = list(HEADER)
    return mapping


def format_name(name: Name) -> str:
    """One name as written in the file: sigil, escaped text, ``[count; tags]``."""
    text = name.text.replace("\\", "\\\\").replace("|", "\\|").replace("[", "\\[").replace("]", "\\]")
    if text[0] in _SIGILS:
        text = "\\" + text
    annotation = _format_annotation(name)
    return _SIGIL_OF.get(name.status, "") + text + (f" [{annotation}]" if annotation else "")


# ---------------------------------------------------------------------- parsing


def _parse_line(mapping: Mapping, line: str, comments: list[str], path: Path | str, number: int) -> None:
    head, *items = _split_fields(line, path, number)
    key = head.text
    if _is_seen(key):
        participant = key[len(SEEN):].strip()
        try:
            if participant not in (OTHERS, KEEP):
                check_participant_id(participant)
        except NicknamesError:
            raise MappingFileError(
                f"{where(path, number, head.column)}: '{SEEN}' needs a participant id after it, "
                f"as in '{SEEN} U01 | name'; add it or delete the line."
            ) from None
        names = {_parse_name(item, path, number).text for item in items}
        if names:
            mapping.seen.setdefault(participant, set()).update(names)
        return
    if key in mapping.entries:
        raise MappingFileError(
            f"{where(path, number)}: {_describe(key)} appears on two lines; merge them into one line."
        )
    if key.startswith("@") and key not in (KEEP, OTHERS):
        raise MappingFileError(
            f"{where(path, number, head.column)}: unknown directive {key!r}; "
            f"lines start with a participant id, '{KEEP}', '{OTHERS}' or '{SEEN}'."
        )
    entry = mapping.entries[key] = Entry(key) if key in (KEEP, OTHERS) else mapping.add_participant(key)
    entry.comments = list(comments)
    texts: set[str] = set()  # the entry is new: its names are those of this line
    for item in items:
        name = _parse_name(item, path, number)
        if key == KEEP and name.status is not Status.ACTIVE:
            raise MappingFileError(f"{where(path, number, item.column)}: keep-list names take no '?' or '!'.")
        if name.text in texts:
            raise MappingFileError(
                f"{where(path, number, item.column)}: this name is listed twice for {_describe(key)}; "
                "remove one of them.",
                detail=f"the name is {name.text!r}",
            )
        entry.names.append(name)
        texts.add(name.text)


def _is_seen(text: str) -> bool:
    """True for a ``@seen U01 | ...`` line (``@seen`` then white space or the end)."""
    head = text.lstrip()
    return head.startswith(SEEN) and (len(head) == len(SEEN) or head[len(SEEN)] in " \t|")


def _describe(key: str) -> str:
    return {KEEP: "the keep list", OTHERS: "the others' section"}.get(key, f"participant {key!r}")


def _split_fields(line: str, path: Path | str, number: int) -> list[Field]:
    """Split on unescaped ``|``; empty trailing fields (``U01 |``) are dropped, empty inner ones refused."""
    fields = _escaped_fields(line, path, number) if "\\" in line else _plain_fields(line)
    head, *rest = fields
    if not head.text:
        raise MappingFileError(
            f"{where(path, number, 1)}: the line has no participant id before its first '|'; "
            "start it with the participant id, or delete the line."
        )
    while rest and not rest[-1].text:
        rest.pop()
    for field in rest:
        if not field.text:
            raise MappingFileError(
                f"{where(path, number, field.column)}: an empty name between two '|'; delete one of the '|'."
            )
    return [head, *rest]


def _plain_fields(line: str) -> list[Field]:
    """The fields of a line without backslashes: every ``|`` separates two."""
    fields: list[Field] = []
    start = 0
    for raw in line.split("|"):
        fields.append(_field(raw, start))
        start += len(raw) + 1
    return fields


def _escaped_fields(line: str, path: Path | str, number: int) -> list[Field]:
    """The fields of a line with backslashes, read a character at a time: ``\\|`` does not separate."""
    fields: list[Field] = []
    start = 0
    index = 0
    while index <= len(line):
        if index == len(line) or line[index] == "|":
            fields.append(_field(line[start:index], start))
            start = index + 1
        elif line[index] == "\\":
            following = line[index + 1 :]
            if not following or (following[0].isspace() and not following.split("|", 1)[0].strip()):
                raise MappingFileError(
                    f"{where(path, number, index + 1)}: the field ends in a backslash, which escapes nothing; "
                    "remove it or write '\\\\' for a backslash."
                )
            index += 1
        index += 1
    return fields


def _field(raw: str, start: int) -> Field:
    """The field ``raw`` that starts at offset ``start`` of its line, stripped, with its column."""
    stripped = raw.lstrip()
    return Field(stripped.rstrip(), start + 1 + len(raw) - len(stripped))


def _parse_name(item: Field, path: Path | str, number: int) -> Name:
    text = item.text
    status = Status.ACTIVE
    if text[0] in _SIGILS:
        status, text = _SIGILS[text[0]], text[1:].lstrip()
    count: int | None = None
    tags: tuple[str, ...] = ()
    match = _ANNOTATION.search(text) if text.endswith("]") else None
    if match and not _escaped(text, match.start()):
        text = text[: match.start()].rstrip()
        count = int(match["count"]) if match["count"] else None
        tags = tuple(tag.strip() for tag in match["tags"].split(",")) if match["tags"] else ()
    bracket = _unescaped_bracket(text)
    if bracket is not None:
        raise MappingFileError(
            f"{where(path, number, item.column + len(item.text) - len(text) + bracket)}: a bracket that is not "
            "a count and tags like [12; greeting]; close the count with ']', or put a backslash before a bracket "
            "that is part of the name."
        )
    try:
        return Name(_unescape(text), count, tags, status)
    except NicknamesError as error:
        raise MappingFileError(
            f"{where(path, number, item.column)}: {_lower_first(str(error))} Fix the name and try again.",
            detail=error.detail,
        ) from None


def _unescaped_bracket(text: str) -> int | None:
    """Where the first ``[`` or ``]`` that no backslash escapes stands in ``text``, if any."""
    if "[" not in text and "]" not in text:
        return None
    return next((index for index, char in enumerate(text) if char in "[]" and not _escaped(text, index)), None)


def _lower_first(message: str) -> str:
    return message[:1].lower() + message[1:]


def _escaped(text: str, position: int) -> bool:
    backslashes = len(text[:position]) - len(text[:position].rstrip("\\"))
    return backslashes % 2 == 1


def _unescape(text: str) -> str:
    return _ESCAPE.sub(r"\1", text) if "\\" in text else text


# ---------------------------------------------------------------------- writing


def _format_entry(key: str, names: list[Name]) -> str:
    return " | ".join([key, *(format_name(name) for name in names)])


def _format_annotation(name: Name) -> str:
    count = "" if name.count is None else str(name.count)
    tags = ", ".join(name.tags)
    return f"{count}; {tags}" if count and tags else count or tags


def _seen_lines(mapping: Mapping) -> Iterator[str]:
    order = {key: index for index, key in enumerate(mapping.entries)}
    for participant in sorted(mapping.seen, key=lambda key: (order.get(key, len(order)), key)):
        texts = sorted(mapping.seen[participant])
        if texts:
            yield " | ".join([f"{SEEN} {participant}", *(format_name(Name(text)) for text in texts)])
