"""The shapes of a class-list row beside a plain full name: user names and chat nicks, rows in lower case,
remarks around the name ("(on leave)", "[TA]", "- Tidal Institute", "via the list"), a preferred name ("Greta (Gigi)
Vollmer") and degrees after it ("PhD")."""

from __future__ import annotations

import regex

from nicknames.io.given_names import known_given
from nicknames.rules.nickname_table import NicknameTable, builtin_table
from nicknames.rules.stopwords import DEGREES, STOPWORDS, common_words

_USERNAME = regex.compile(r"^[\p{L}\p{N}][\p{L}\p{N}_.\-]{2,}$")
_LETTER_RUN = regex.compile(r"\p{L}{4,}")
_HEX = regex.compile(r"^[0-9a-fA-F\-]{8,}$")
_CODE = regex.compile(r"^\p{Lu}[0-9A-F]{5,}$")
"""A capital and upper-case hexadecimal digits: a generated code, such as a keyed pseudonym ("PFACE12")."""
ID_WORDS = frozenset("""
    user users student participant member learner anon anonymous guest person author subject respondent account
    poster sender pupil test
""".split())
"""Words of generated ids ("user42", "student_0042"): such an id is no one's user name."""


def is_username(value: str) -> bool:
    """Whether a one-word sender or registered name is a user name ("stonebridge_k", "quillfeather", "jsmith42"):
    letters, digits, ``_``, ``.`` and ``-`` with a run of four letters that is no word of generated ids; not a code
    such as "U0012", "user42", a hexadecimal hash or a keyed pseudonym ("PFACE12")."""
    return _named(value, _USERNAME, _LETTER_RUN)


_NICK = regex.compile(r"^[\p{L}\p{N}_.\-\[\]\\^{}|`]+$")
"""A chat nick (IRC's characters): letters, digits, ``_ . -`` and ``[ ] \\ ^ { } | ` ``."""
_NICK_RUN = regex.compile(r"\p{L}{3,}")
_NICK_CORE = regex.compile(r"^[_\[{\\^`]*(\p{L}+)(?:[_\]}\\^`]+|[|\[{]\S*)$")
"""A nick's name and its decoration: "bramble_", "ada^", "tobias|away", "[greta]", "kay[afk]"."""


def is_nick(value: str) -> bool:
    """Whether a one-word registered name is a chat nick ("ada^", "kay-m", "[greta]", "tobias|away"): IRC's characters,
    with a run of three letters that is no word of generated ids; not a code or a hexadecimal hash."""
    return _named(value, _NICK, _NICK_RUN)


def _named(value: str, shape: regex.Pattern[str], letters: regex.Pattern[str]) -> bool:
    """Whether a value of this ``shape`` holds a run of ``letters`` that is no word of generated ids, and is no code
    or hexadecimal hash (``is_username``, ``is_nick``)."""
    if not shape.match(value) or _HEX.match(value) or _CODE.match(value):
        return False
    return any(run.lower() not in ID_WORDS for run in letters.findall(value))


def nick_parts(value: str) -> tuple[str, ...]:
    """A user name or nick registered as a name, the name inside its decoration ("bramble_" and "bramble"), as
    chats write it when they address the person without their client's completion."""
    core = _NICK_CORE.match(value)
    inside = (core.group(1),) if core is not None and len(core.group(1)) >= 3 else ()
    return (value, *inside)


def user_name_names(value: str) -> tuple[str, ...]:
    """The names a user name is made of, written as a text writes them: a given name that opens it, before a case
    change, ``_``, ``.``, ``-`` or a digit ("GretaV", "greta.vollmer", "Tobias_W", "kay-m"), and a surname after it
    when the user name is those two ("KayMarsden": "Kay", "Marsden", "Kay Marsden"; a surname that is an ordinary
    word only after the given name). A first piece that is no known given name (``known_given``), or an ordinary
    word, gives nothing ("stonebridge_k", "mark_t", "QuoVista"). A user name in lower case of one piece gives the
    given name it opens with before an initial (``_initialled_given``: "tobyq", "gretav")."""
    pieces = _USER_NAME_PIECE.findall(_AWAY.split(value, 1)[0])  # "tobias|away", "kay[afk]": the nick alone
    if len(pieces) == 1 and pieces[0] == value:
        return _initialled_given(value)
    if len(pieces) < 2 or len(pieces[0]) < 3 or not known_given(pieces[0], builtin_table(), _LISTED_FROM):
        return ()
    given = _capital(pieces[0])
    if len(pieces) > 2 or len(pieces[1]) < 3:
        return (given,)
    surname = _capital(pieces[1])
    alone = () if surname.casefold() in common_words() else (surname,)  # "AnnBrown": no surname Brown alone
    return given, *alone, f"{given} {surname}"


def _initialled_given(value: str) -> tuple[str, ...]:
    """The given name of a lower-case user name glued from it and an initial ("tobyq": "Toby"): one the nickname
    table knows, of three letters or more, that is no ordinary word, where the whole is no given name itself
    ("marko", "kayla") and ends in no "s" (a surname: "adams", "peters")."""
    table = builtin_table()
    given = value[:-1]
    if (len(given) < 3 or not value.isalpha() or value != value.lower() or value.endswith("s")
            or known_given(value, table, _LISTED_FROM)):
        return ()
    return (_capital(given),) if known_given(given, table, _TABLE_ONLY) else ()


_TABLE_ONLY = 1_000
"""A ``listed_from`` that no name reaches: given names of the nickname table only."""


_AWAY = regex.compile(r"(?<=.)[|\[{]")
"""Where a nick's remark begins ("tobias|away", "kay[afk]")."""
_USER_NAME_PIECE = regex.compile(r"\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})")
"""A piece of a user name: a capital and lower-case letters, or capitals that no lower-case letter follows."""


def _capital(word: str) -> str:
    return word[0].upper() + word[1:].lower()


def in_lower_case(full_name: str) -> bool:
    """A row of two words or more all in lower case, as people register themselves on some platforms ("greta
    vollmer"); one word is a user name ("quillfeather")."""
    return " " in full_name and full_name == full_name.lower() and any(char.isalpha() for char in full_name)


def capitalised(full_name: str) -> str:
    """A row in lower case as a text capitalises it: each piece of a word opens with a capital ("tobias
    wrenfield-quell" → "Tobias Wrenfield-Quell", "o'dell" → "O'Dell"); particles and small words stay ("ana de la
    cruz" → "Ana de la Cruz")."""
    return " ".join(word if word in LOWER_PARTICLES or word in STOPWORDS
                    else _PIECE.sub(lambda piece: piece.group()[0].upper() + piece.group()[1:], word)
                    for word in full_name.split())


LOWER_PARTICLES = frozenset({"al", "bin", "binti", "da", "das", "de", "del", "della", "der", "des", "di", "do", "dos",
                             "du", "e", "el", "la", "le", "ten", "ter", "van", "von", "y"})
"""Words inside a name that stay in lower case ("van", "de la", "dos"; "y" and "e" join Spanish and Portuguese
surnames)."""


_PIECE = regex.compile(r"\p{L}+")
_ASIDE = regex.compile(r"(?<round>\((?:[^()]++|(?&round))*\))|\[[^\[\]]*\]|[(\[][^()\[\]]*$")
"""A remark in parentheses or brackets ("Carla Osei (on leave)", "Carla [IT] Osei"): not the name. Parentheses may
hold parentheses and touch the name ("Osei, CARLA(R&D LAB (CN))", as a company's directory writes a department), and
a display name cut short leaves one open at its end ("Carla Osei (Tidal Inst")."""
_PREFERRED_INSIDE = regex.compile(
    r"""(?<=\S\s+)(?:\(\s*(\p{Lu}\p{Ll}+)\s*\)|["“'‘](\p{Lu}\p{Ll}+)["”'’])(?=\s+\S)"""
)
"""A preferred name between the words of a name, in parentheses or quotes ("Greta (Gigi) Vollmer", 'Greta "Gigi"
Vollmer')."""
_PREFERRED_AFTER = regex.compile(r"""\s+(?:\(\s*(\p{Lu}\p{Ll}+)\s*\)|["“](\p{Lu}\p{Ll}+)["”])\s*$""")
"""One word in parentheses or quotes after a name ("Xiaoming Wang (Tom)"): a preferred name when it is a given name,
else a remark ("Heike Marsden (Lisbon)")."""
_SEPARATOR = regex.compile(r"\s+(?:[|–—\-@]|via)\s+|\s+@(?=\p{L})")
"""What parts a name from a remark in mail headers and registers: "Greta Vollmer - Tidal Institute", "Greta Vollmer |
TA", "Greta Vollmer via Tidal-list", and the provider or company a mail program writes after an at sign ("Greta
Vollmer @Harbournet")."""


def outside_asides(full_name: str) -> str:
    """The row without its remarks in parentheses or brackets (``_ASIDE``), spaces collapsed."""
    return " ".join(_ASIDE.sub(" ", full_name).split())


def without_asides(full_name: str, table: NicknameTable) -> tuple[str, tuple[str, ...]]:
    """The name of a row without its remarks, and the preferred names among them.

    Remarks in parentheses or brackets go ("(on leave)", "[IT]"), and so do the
    role or list after a separator ("- Tidal Institute", "| TA", "via Tidal-list")
    when a name of two words stands before it (else the first part that has two
    words is the name: "Tidal - Greta Vollmer"), and degrees at the end
    (", PhD"). A capitalised word in parentheses or quotes, between the
    name's words or after them, is a preferred name when it is a known given
    name and no ordinary word ("Greta (Gigi) Vollmer", "Xiaoming Wang (Tom)";
    not "(Law)", "(Lisbon)"); one in quotes between them always is, as a
    nickname is written ('Ilsa "Rook" Vollmer', "Robert 'Bob' Quell"). Emoji and other pictographs go ("🌸 Greta V 🌸",
    as chat platforms' display names decorate a name). A row of one word is a
    user name or nick, kept whole.
    """
    if _PICTOGRAPHS.search(full_name) is not None and _PICTOGRAPHS.sub("", full_name).strip():
        full_name = " ".join(_PICTOGRAPHS.sub(" ", full_name).split())
    if " " not in full_name.strip():
        return full_name.strip(), ()  # a user name or nick: its brackets are its own ("[greta]")
    inside = list(_PREFERRED_INSIDE.finditer(full_name))
    quoted = [found.group(2) for found in inside if found.group(2) and found.group(2).casefold() not in STOPWORDS]
    asides = [found.group(1) for found in inside if found.group(1)]
    if (after := _PREFERRED_AFTER.search(full_name)) is not None:
        asides.append(after.group(1) or after.group(2))
    preferred = [*quoted, *(word for word in asides if known_given(word, table, _LISTED_FROM))]
    name = " ".join(_ASIDE.sub(" ", _PREFERRED_INSIDE.sub(" ", full_name)).split())
    return _without_degrees(name_segment(name)), tuple(preferred)


def name_segment(name: str) -> str:
    """The part of a row that names the person when separators part it from remarks (``_SEPARATOR``): the first part
    of two words or more ("Greta Vollmer" of "Greta Vollmer - Tidal Institute" and of "Tidal - Greta Vollmer",
    "Vollmer, Greta" of "Vollmer, Greta - Marketing"); the row as it is when no part has two."""
    segments = _SEPARATOR.split(name)
    if len(segments) == 1:
        return name
    return next((segment for segment in segments if len(segment.split()) > 1), name)


_PICTOGRAPHS = regex.compile(r"(?:(?![\x00-\u218f\N{REPLACEMENT CHARACTER}])[\p{Extended_Pictographic}\p{So}]"
                             r"[\N{VARIATION SELECTOR-16}\N{ZERO WIDTH JOINER}\N{COMBINING ENCLOSING KEYCAP}"
                             r"\p{Emoji_Modifier}]*)+")
"""Emoji (with their selectors, joiners and skin tones) and other pictographs: a display name's decoration. Not the
symbols of Latin-1 and the punctuation blocks ("©", "™"), which text decoded in the wrong encoding holds ("HÃ©lÃ¨ne",
"Oâ€™Brien") and a repair reads as letters, nor the replacement character, which stands for a letter an archive
lost ("Bj\ufffdrn")."""


_LISTED_FROM = 4
"""Letters from which a word of the given-name list counts as one in a row's remarks and user names ("Quo" of
"QuoVista" is none, "Gigi" is; the nickname table's names count at any length: "Tom")."""


def other_script_names(full_name: str) -> tuple[str, ...]:
    """The names in parentheses written in another script than the row's name, at most four words and no digits
    ("Xiaoming Wang (王小明)", "Aleksandr Petrov (Александр Петров)", "王小明 (Xiaoming Wang)"): the same person's
    name as texts in that script write it, not a remark."""
    asides = _PARENTHESES.findall(full_name)
    if not asides:
        return ()
    latin = _LATIN.search(_ASIDE.sub(" ", full_name)) is not None
    return tuple(" ".join(aside.split()) for aside in asides if _in_other_script(aside, latin))


def _in_other_script(aside: str, latin_name: bool) -> bool:
    """Whether a remark of at most four words and no digits is written in letters of another script than the name:
    any other than Latin beside a name in Latin letters; Latin letters only, two capitalised words or more, beside a
    name in another script ("王小明 (Xiaoming Wang)"; not a remark such as "(IT)")."""
    words = aside.split()
    if not words or len(words) > 4 or _DIGITS.search(aside):
        return False
    if latin_name:
        return _NON_LATIN_LETTER.search(aside) is not None and _LATIN.search(aside) is None
    return (_NON_LATIN_LETTER.search(aside) is None and len(words) > 1
            and all(_CAPITALISED.fullmatch(word) for word in words))


_PARENTHESES = regex.compile(r"\(([^()]*)\)")
_LATIN = regex.compile(r"\p{Script=Latin}")
_NON_LATIN_LETTER = regex.compile(r"(?!\p{Script=Latin})\p{L}")
_DIGITS = regex.compile(r"\d")
_CAPITALISED = regex.compile(r"\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?")


def _without_degrees(name: str) -> str:
    """The name without degrees at its end ("Greta Vollmer, PhD", "Greta Vollmer Ph.D."), two words kept at least."""
    words = name.split()
    while len(words) > 2 and words[-1].strip(",.").replace(".", "").casefold() in DEGREES:
        words.pop()
    return " ".join(words).rstrip(",")


def with_preferred(parts: tuple[str, ...], preferred: tuple[str, ...]) -> tuple[str, ...]:
    """The parts of a name and each preferred name, alone and before the surname ("Gigi", "Gigi Vollmer")."""
    full = parts[0].split() if parts else []
    surname = full[-1] if len(full) > 1 else None
    extra = [form for name in preferred for form in (name, f"{name} {surname}" if surname else name)]
    return tuple(dict.fromkeys((*parts, *extra)))
