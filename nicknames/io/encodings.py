"""Say why an input file cannot be decoded, where, and which ``--encoding`` would read it.

The tool never guesses an encoding silently: a wrong guess turns "Renée" into
"RenÃ©e", and a name spelled that way is never found, so it leaks. When a file
is not in the encoding asked for, the error names the first byte that does not
decode (line and column), a likely encoding (from charset-normalizer, with
cp1252 preferred among the single-byte code pages because exports from Western
European Windows machines are by far the most common case) and the option to
give. The user decides.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from pathlib import Path

from nicknames.model.errors import InputError, where

SAMPLE_BYTES = 1_000_000
"""How much of a file the encoding detector looks at (plus the bytes around the first bad one)."""

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_WESTERN = "cp1252"
_OTHER_SCRIPTS = frozenset({
    "Russian", "Ukrainian", "Bulgarian", "Serbian", "Macedonian", "Belarusian", "Kazakh",
    "Greek", "Hebrew", "Arabic", "Persian", "Thai",
})
"""Languages whose single-byte code pages decode as letters in cp1252 too, so they are trusted first."""
_TYPOGRAPHY = "\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u20ac\u00ab\u00bb\u00b7\u00b0\u00a0\u00a3\u00a7\u00b4"


@dataclass(frozen=True)
class BadByte:
    """The first byte of a file that does not decode, with its place in the file."""

    offset: int
    line: int
    column: int
    value: int


def first_bad_byte(raw: bytes, encoding: str) -> BadByte | None:
    """Where ``raw`` first fails to decode in ``encoding`` (line and column count from 1)."""
    try:
        codecs.decode(raw, encoding)
    except UnicodeDecodeError as error:
        start = error.start
        line_start = raw.rfind(b"\n", 0, start) + 1
        return BadByte(start, raw.count(b"\n", 0, start) + 1, start - line_start + 1, raw[start])
    return None


def guess_encoding(raw: bytes) -> str | None:
    """The encoding that most likely wrote ``raw`` and decodes all of it, or None when there is none."""
    for bom, name in _BOMS:
        if raw.startswith(bom):
            return name if _decodes(raw, name) else None
    if b"\x00" in raw[:8192]:
        return None
    # Imported here: only a file that is not UTF-8 needs it, and it costs a tenth of a second to load.
    import charset_normalizer
    from charset_normalizer.utils import is_multi_byte_encoding

    best = charset_normalizer.from_bytes(raw).best()
    single_byte = best is not None and not is_multi_byte_encoding(best.encoding)
    if best is not None and single_byte and best.language in _OTHER_SCRIPTS:
        return _checked(raw, best.encoding)
    if _reads_as_western(raw):
        return _WESTERN
    return None if best is None else _checked(raw, best.encoding)


def _checked(raw: bytes, encoding: str) -> str | None:
    name = codecs.lookup(encoding).name
    return name if _decodes(raw, name) else None


def _reads_as_western(raw: bytes) -> bool:
    """True when cp1252 decodes the bytes into letters and typographic marks, as Western text does.

    Short samples fool statistical detectors (a lone "é" reads as Big5), so
    the common case is checked first: text in another script decoded as
    cp1252 turns into symbols such as ``‚±‚ñ``, not letters.
    """
    try:
        text = raw.decode(_WESTERN)
    except UnicodeDecodeError:
        return False
    foreign = [char for char in text if ord(char) > 127]
    plausible = sum(1 for char in foreign if char.isalpha() or char in _TYPOGRAPHY)
    return bool(foreign) and plausible >= 0.9 * len(foreign)


@dataclass(frozen=True)
class MixedLines:
    """A file whose lines are in two encodings: some UTF-8 with accented letters, some not UTF-8 at all."""

    utf8: int
    """How many lines are UTF-8 with characters beyond ASCII."""
    other: tuple[int, ...]
    """The 1-based numbers of the lines that are not valid UTF-8."""
    other_encoding: str | None
    """The encoding those lines look like, when one can be told."""


def mixed_lines(raw: bytes) -> MixedLines | None:
    """The lines of ``raw`` in another encoding than UTF-8, when the rest holds UTF-8 beyond ASCII; else None.

    No single encoding reads such a file right: UTF-8 stops at the first
    other line, and a single-byte code page turns every UTF-8 letter of the
    rest into two ("Zoë" → "ZoÃ«"), names that apply would then never find.
    """
    if raw.isascii() or any(raw.startswith(bom) for bom, _ in _BOMS) or _decodes(raw, "utf-8"):
        return None
    utf8, other, other_bytes = 0, [], []
    for number, line in enumerate(raw.split(b"\n"), start=1):
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            other.append(number)
            other_bytes.append(line)
            continue
        utf8 += 1
    if not utf8 or not other:
        return None
    return MixedLines(utf8, tuple(other), guess_encoding(b"\n".join(other_bytes)))


def mixed_error(path: Path, mixed: MixedLines, encoding: str | None = None) -> InputError:
    """The error for a file that mixes UTF-8 with another encoding: which lines, and what to do."""
    shown = ", ".join(map(str, mixed.other[:5])) + (f" and {len(mixed.other) - 5} more" if len(mixed.other) > 5 else "")
    one = len(mixed.other) == 1
    lines, pronoun, those = ("line", "it", "that line") if one else ("lines", "they", "those lines")
    looks = f" ({pronoun} look{'s' if one else ''} like {mixed.other_encoding})" if mixed.other_encoding else ""
    given = f"--encoding {encoding} would misread the UTF-8 lines and " if encoding else "no --encoding reads it all right: "
    return InputError(
        f"{path}, {lines} {shown}: not UTF-8{looks}, while {mixed.utf8} other lines are UTF-8 with accented letters; "
        f"the file mixes two encodings, so {given}names in them would not be found. Re-save {those} as "
        "UTF-8 (or export the file again in one encoding), then run again."
    )


def check_one_encoding(path: Path, encoding: str) -> None:
    """Refuse a file read with a single-byte ``encoding`` that is UTF-8 in some lines and not in others."""
    try:
        info = codecs.lookup(encoding)
    except LookupError:
        return
    if info.name.startswith(("utf", "ascii")) or not _single_byte(info.name):
        return
    try:
        raw = path.read_bytes()
    except OSError:
        return
    if (mixed := mixed_lines(raw)) is not None:
        raise mixed_error(path, mixed, encoding)


def _single_byte(name: str) -> bool:
    try:
        return len(bytes(range(256)).decode(name, errors="replace")) == 256
    except LookupError:
        return False


def undecodable_error(path: Path, encoding: str, what: str = "") -> InputError:
    """The error for a file that is not in ``encoding``: where it fails and which option to use."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        return InputError(f"Cannot read {path}: {error.strerror}.")
    if codecs.lookup(encoding).name in ("utf-8", "utf-8-sig") and (mixed := mixed_lines(raw)) is not None:
        return mixed_error(path, mixed)
    label = "UTF-8" if codecs.lookup(encoding).name in ("utf-8", "utf-8-sig") else encoding
    bad = first_bad_byte(raw, encoding)
    place = where(path, bad.line, bad.column) if bad else str(path)
    byte = f"byte 0x{bad.value:02x}" if bad else "a byte"
    sample = _sample(raw, bad.offset if bad else 0)
    guess = guess_encoding(sample)
    if guess is not None and not _decodes(raw, guess):
        guess = None
    problem = f"{place}: {byte} is not valid {label}, so this {what or 'file'} is not in that encoding"
    if guess is not None:
        return InputError(
            f"{problem}; it looks like {guess}: run again with --encoding {guess} "
            "(or set encoding under [input] in nicknames.toml), then check that accented names read right."
        )
    if b"\x00" in raw[:8192]:
        return InputError(
            f"{problem} and does not look like text at all (it holds NUL bytes); "
            "check that it is the CSV export and not a spreadsheet or compressed file."
        )
    return InputError(
        f"{problem}, and its encoding could not be recognised; give it with --encoding "
        "(for example cp1252 or latin-1) or save the file as UTF-8."
    )


def _sample(raw: bytes, offset: int) -> bytes:
    if len(raw) <= SAMPLE_BYTES:
        return raw
    return raw[:SAMPLE_BYTES] + raw[max(SAMPLE_BYTES, offset - 32_768) : offset + 32_768]


def _decodes(raw: bytes, encoding: str) -> bool:
    try:
        codecs.decode(raw, encoding)
    except (UnicodeDecodeError, LookupError):
        return False
    return True
