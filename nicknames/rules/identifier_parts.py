"""The personal part of an identifier: the piece of an address, URL or path that stands for a person.

An address, URL or path often holds research data next to a person: the
organisation's host of ``ann.berg@uni.example.org``, the project of
``https://github.com/annberg/tidewatch``, the site of ``www.example-consult.org``.
Replacing the whole identifier loses that data (and the organisation and product
names in it), so by default only the personal part is replaced:

| identifier | personal part |
|---|---|
| an address's local part | always, unless a role's or a list's (``support@``, ``tidewatch-users@``) naming nobody |
| a host made of one person's names | ``annberg.example.org``, ``ann.berg.example.org`` |
| a home directory | ``/home/aberg/``, ``C:\\Users\\aberg``, ``~aberg/`` |
| a profile on a social site | ``twitter.com/annberg``, ``linkedin.com/in/ann-berg``, unless named elsewhere in the text |
| an owner on a code-hosting site | ``github.com/annberg/tool``, unless named elsewhere (``Tidewatch``) |
| any other piece made of one person's names | ``/people/ann.berg/``, ``Ann_Berg_notes.docx`` |
| a capitalised name between underscores | ``Ann_Essay.docx`` (not ``ann_essay``, nor ``Ann_Jones``) |

A piece is made of a person's names when its words (split at ``.``, ``_``,
``-``, digits and lower-to-upper case changes) are two or more names of one
person (an initial counts as a word when a name of that person starts with
it), or when it is one such name glued together (``annberg``, ``aberg``,
``bergann``), or the whole piece is one name of one person. Words are compared
without case (``rules.personal_names``). A part whose person is known is that person's; otherwise it
belongs to nobody and becomes a placeholder.
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from nicknames.rules.personal_names import (
    CONTAINED,
    PIECE_WORDS,
    PersonalNames,
    common_word,
    one_person,
    tag_words,
    uncommon_people,
    underscored_names,
)
from nicknames.rules.salutation_rules import TITLES
from nicknames.rules.stopwords import places, surnames

ROLE_WORDS = frozenset({
    "abuse", "account", "accounts", "admin", "administrator", "announce", "billing", "bounce", "bounces",
    "careers", "contact", "enquiries", "feedback", "help", "helpdesk", "hello", "hostmaster", "info", "inquiries",
    "jobs", "list", "lists", "listserv", "mail", "mailer", "mailman", "majordomo", "marketing", "media", "news",
    "newsletter", "no", "noreply", "notifications", "office", "owner", "postmaster", "press", "privacy", "reply",
    "request", "root", "sales", "security", "service", "services", "staff", "subscribe", "support", "sysadmin",
    "team", "unsubscribe", "users", "webmaster", "www",
    "bot", "builds", "ci", "commits", "dev", "git", "gitbox", "issues", "jira",
    "employment", "recruiting", "recruitment", "hiring", "hr", "talent", "applications", "admissions", "registrar",
})
"""Words of a role's or a list's local part (``support``, ``no-reply``, ``tidewatch-users``): kept, as research data."""

SOCIAL_HOSTS = frozenset({
    "twitter.com", "x.com", "facebook.com", "fb.com", "instagram.com", "tiktok.com", "threads.net",
    "linkedin.com", "medium.com", "youtube.com", "reddit.com", "mastodon.social", "bsky.app", "about.me",
})
"""Sites whose first path piece is a person's profile name (after ``in/``, ``user/``, ``u/`` or ``@``)."""

CODE_HOSTS = frozenset({
    "github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sourceforge.net", "gist.github.com",
    "huggingface.co", "pypi.org", "npmjs.com",
})
"""Code-hosting sites whose first path piece is an owner: a person's account or a project's organisation."""

PERSONAL_SITE_HOSTS = (
    ".blogspot.com", ".wordpress.com", ".tumblr.com", ".substack.com", ".livejournal.com", ".weebly.com",
    ".wixsite.com", ".neocities.org",
)
"""Blog platforms that give each user a host of their own: the label before them is the user's
(``zedquill.blogspot.com``), a person's handle or their blog's name, as an address's local part is. Not a code
host's pages (``project.github.io``): an organisation's or a project's as often as a person's."""

HOME_SEGMENTS = frozenset({
    "home", "users", "people", "staff", "user", "u", "documents and settings", "author", "username", "login",
})
"""Path pieces after which a user's name follows (``/home/aberg``, ``/people/ann.berg``, ``?author=aberg``)."""

DEFAULT_ACCOUNTS = frozenset({
    "user", "username", "yourname", "your_name", "yourusername", "your_username", "me", "name", "admin",
    "administrator", "root", "guest", "default", "public", "shared", "all users", "ubuntu", "pi", "vagrant",
})
"""Accounts after a ``HOME_SEGMENTS`` piece that are nobody's: a system's or an example's (``/home/user/src``,
``C:\\Users\\Public``, ``/home/pi``). The piece after them is a folder, no user's name."""

SYSTEM_USERS = frozenset({"usenet", "news", "uucp", "root", "daemon", "mailer-daemon", "postmaster", "not-for-mail"})
"""The accounts a mail or news system sends from, the last hop of a route (``Path: news.example.org!usenet``)."""

SITE_PAGES = frozenset({
    "watch", "playlist", "results", "embed", "shorts", "live", "feed", "hashtag", "search", "explore", "i", "intent",
    "share", "sharer", "sharer.php", "groups", "events", "pages", "p", "r", "posts", "status", "home", "login",
    "signup", "about", "help", "settings", "jobs", "company", "school", "pulse", "reel", "reels", "tv", "stories",
    "topics", "notifications", "messages", "policies", "legal", "privacy", "terms", "trending", "premium", "tag",
    "tags", "lists", "communities", "discover", "watch.php", "story.php", "photo.php", "permalink.php",
})
"""A social site's own pages, where a profile name would stand (``youtube.com/watch?v=…``, ``reddit.com/r/…``,
``linkedin.com/company/…``, ``facebook.com/groups/…``): no one's name, nor the piece after them."""

PROFILE_PREFIXES = frozenset({"in", "pub", "user", "u", "c", "channel"})
"""Pieces that stand before the profile name on a social site (``linkedin.com/in/NAME``)."""


_NO_PROFILE = PROFILE_PREFIXES | SITE_PAGES
"""First pieces of a social site's path that are no profile name."""
_WORD_TOKEN = regex.compile(r"\w+")
_SEGMENT = regex.compile(r"[^/\\?#&=;:]+")
"""A piece of a URL's path, or of a file path."""


def login_parts(word: str, start: int, names: PersonalNames, prose: str = "") -> list[Part]:
    """A word glued from names: all of it when it is made of one person's names (``mjones``, ``Mary2``), else the
    runs, else the capitalised names between its underscores (``underscored_names``: ``Mary_notes``)."""
    whole = names.people(word)
    if whole:
        return [(start, start + len(word), one_person(whole))]
    runs = [(start + first, start + last, one_person(people)) for first, last, people in names.runs(word)]
    if runs or "_" not in word:
        return runs
    return [(start + first, start + last, person) for first, last, person in underscored_names(word, names)]


Part = tuple[int, int, str | None]
"""A personal part of an identifier: start and end in the text, and its person if known."""


def email_parts(text: str, start: int, names: PersonalNames, prose: str = "") -> list[Part]:
    """The personal parts of an address at ``start``: the local part (unless a role's) and a host of names; of a
    UUCP bang path, its user (``bang_user``)."""
    if "!" in text and "@" not in text:
        return bang_user(text, start, names)
    at = _address_separator(text)
    if at is None:
        return [(start, start + len(text), None)]
    local_end, domain_start = at
    local = text[:local_end]
    parts: list[Part] = []
    hosts = host_parts(text[domain_start:], start + domain_start, names) or _family_domain(
        text[domain_start:], start + domain_start, names)
    if not _is_role(local, names) and not _named_as_list(local, prose):
        display = _display_name(prose, start) or _display_name(prose, prose.find(text, 0, start))
        owner = _owner_of(display, names) if display else None
        people = frozenset({owner}) if owner else names.people(local) or _contained(local, names)
        if len(people) > 1:  # "ann@lodd.example": the Ann whose family's domain it is
            people = people & {owner for _, _, owner in hosts} or people
        if len(people) == 1 and _names_another(display, next(iter(people)), names):
            people = frozenset()  # "Tobias Young <tobias@example.org>": another Tobias's address
        parts.append((start, start + local_end, one_person(people)))
    parts.extend(hosts)
    return parts


def bang_user(path: str, start: int, names: PersonalNames) -> list[Part]:
    """The user of a UUCP bang path at ``start`` (``uunet!harbour!annb``: "annb", after the last ``!``), replaced as
    an address's local part is, unless a role's or a list's (``uunet!harbour!info-list``) or a system's (a news
    server's ``Path: news.example.org!usenet``); its hosts are machines."""
    bang = path.rfind("!") + 1
    user = path[bang:]
    if _is_role(user, names) or user.lower() in SYSTEM_USERS:
        return []
    return [(start + bang, start + len(path), one_person(names.people(user) or _contained(user, names)))]


def _contained(local: str, names: PersonalNames) -> frozenset[str]:
    """The people with a name inside a local part (``PersonalNames.contained``), unless it is one person's, only
    one word of it names them, and another word, set apart by a dot, hyphen, underscore or digit, is a census surname
    or another participant's name word: "tobias.gottlieb" is another Tobias's mailbox, not a Tobias Quell's
    ("tobias.work", "tobias.quell.lab", "tobias_xq7" are his)."""
    people = names.contained(local)
    if len(people) != 1:
        return people
    person = next(iter(people))
    words = [word.lower() for word in _LOCAL_WORDS.findall(local)]
    own = [word for word in words if person in names.words.get(word, frozenset()) or person in names.contained(word)]
    if len(own) > 1:
        return people
    for word in words:
        if word not in own and len(word) >= CONTAINED and not common_word(word) and word not in names.kept and (
                word in surnames() or word in names.words):
            return frozenset()
    return people


_LOCAL_WORDS = regex.compile(r"\p{L}+")
"""Words of a local part, set apart by anything but a letter ("tobias", "gottlieb" of "tobias.gottlieb2")."""


def _display_name(prose: str, start: int) -> str:
    """The display name written before the address at ``prose[start:]`` ("Tobias Young <…>", '"Tobias M Young"
    <…>', "Tobias Young [mailto:…]"), or "" (also for ``start`` -1). Its person (``_owner_of``) owns the address,
    whatever names its local part glues ("lunaquell" of a Tobias Young is his, not a Quell's), and so does the same
    address written again after it ("<…><mailto:…>")."""
    before = _DISPLAY_NAME.search(prose, max(0, start - 80), start) if prose and start > 0 else None
    return before["name"] if before is not None else ""


def _owner_of(display: str, names: PersonalNames) -> str | None:
    """The one person a display name's words name, or its first and last words when a middle name is none the
    mapping knows ("Tobias Elin Quell"); a word of the keep list's names counts for nobody ("John" beside a cited
    John)."""
    words = [word for word in PIECE_WORDS.findall(display) if _telling(word.lower(), names)]
    if not words:
        return None
    return names.owner(" ".join(words)) or (names.owner(f"{words[0]} {words[-1]}") if len(words) > 2 else None)


def _names_another(display: str, person: str, names: PersonalNames) -> bool:
    """Whether the first or last word of two letters or more of a display name is none of ``person``'s names (and no
    word of the keep list's): the mailbox of somebody else who shares a name with them."""
    words = [word.lower() for word in PIECE_WORDS.findall(display) if len(word) > 1]  # as ``words`` has them
    words = [word for word in words if _telling(word, names)]
    return any(person not in names.words.get(word, frozenset()) for word in words[:1] + words[-1:])


def _telling(word: str, names: PersonalNames) -> bool:
    """Whether a lower-cased word of a name tells whose it is: not a title ("Dr"), nor a word of the keep list's
    names ("john" beside a cited John), which ``PersonalNames.words`` leaves out."""
    return word not in TITLES and word not in names.kept


_DISPLAY_NAME = regex.compile(
    r"(?P<name>\p{Lu}\p{Ll}[\p{L}'’\-]*(?:[^\S\n]+(?:\p{Lu}\p{Ll}[\p{L}'’\-]*|\p{Lu}\.?|"
    r"(?:de|del|della|der|den|di|du|da|dos|das|la|le|van|von|ter|ten)(?=[^\S\n]+\p{Lu})))+)[\"”]?[^\S\n]*"
    r"(?:<[^\S\n]*(?:\n[> \t]*)?|\[(?:mailto|SMTP):)\Z")
"""A display name of several capitalised words (an initial among them, a surname's particles: "Ana Ruiz de la
Cruz"), maybe quoted, then the "<" that opens its address (the address may go on the next line, quoted there too),
or Outlook's "[mailto:" or "[SMTP:": not a time's "AM" before it ("… at 8:57 AM Ann Lee <…> wrote:")."""


def host_parts(host: str, start: int, names: PersonalNames) -> list[Part]:
    """Runs of a host's labels made of one person's names (``annberg.net``, ``ann.berg.example.org``)."""
    body = _host_body(host)
    return [(start + first, start + last, one_person(people)) for first, last, people in names.runs(body)]


def _family_domain(host: str, start: int, names: PersonalNames) -> list[Part]:
    """The domain's own label of an address, when it is one person's surname (``PersonalNames.surnames``) of
    ``CONTAINED`` letters or more that is no ordinary word: a family's domain (``gv@berglund.id.au``,
    ``quell-us.net``). Not a web site's (a company's, ``www.quellmark.example``, may be a service's row's last word)."""
    own = _domain_label(_host_body(host))
    if own is None:
        return []
    first, label = own
    people = names.surnames.get(label.lower(), frozenset())
    if len(people) != 1 or len(label) < CONTAINED or _ordinary_label(label, names):
        return []
    return [(start + first, start + first + len(label), one_person(people))]


def _host_body(host: str) -> str:
    """A host without its last label (``annberg`` of ``annberg.net``)."""
    return host.rsplit(".", 1)[0] if "." in host else host


def _domain_label(body: str) -> tuple[int, str] | None:
    """(Offset, text) of the name of a host's domain in its body (the host without its last label), skipping a
    second-level label of the registry ("co" of ``.co.uk``, "id" of ``.id.au``) and a country's code after a hyphen
    (``quell-us``)."""
    labels = body.split(".")
    if len(labels) > 1 and labels[-1].lower() in _REGISTRY_LABELS:
        labels = labels[:-1]
    label = _COUNTRY_AFTER.sub("", labels[-1])
    offset = sum(len(part) + 1 for part in labels[:-1])
    return (offset, label) if label.isalpha() else None


_REGISTRY_LABELS = frozenset("co com org net ac edu gov id or ne me ltd plc".split())
"""Second-level labels of country registries (``example.co.uk``, ``example.id.au``)."""
_COUNTRY_AFTER = regex.compile(r"-[a-z]{2}$")


def _ordinary_label(label: str, names: PersonalNames) -> bool:
    """A domain's label that is an ordinary word, or a name that the corpus uses as a word."""
    key = label.lower()
    return common_word(label) or key in names.word_names or key in places()


def url_parts(url: str, start: int, names: PersonalNames, prose: str = "") -> list[Part]:
    """The personal parts of a URL: its host, a profile or owner, a home directory, pieces of names.

    ``prose`` is the message's text: a profile on a social site, or an owner on a
    code-hosting site, that holds no name is an organisation's or project's when
    the text names it elsewhere (``_named_elsewhere``), and a person's otherwise.
    """
    after_scheme = url.find("://")
    host_start = after_scheme + 3 if after_scheme >= 0 else 0
    host_end = _first_of(url, "/?#", host_start)
    host = url[host_start:host_end]
    bare = host.lower().split("@")[-1].split(":")[0]
    bare = bare[4:] if bare.startswith("www.") else bare
    parts = host_parts(host, start + host_start, names) or _personal_site(bare, host, start + host_start, prose, url)
    segments = [(m.start(), m.group()) for m in _SEGMENT.finditer(url, host_end)]
    parts.extend(_path_parts(segments, bare, start, names, prose))
    return _with_same_names(url, start, parts, names)


def _personal_site(bare: str, host: str, start: int, prose: str, url: str) -> list[Part]:
    """The user's label of a host on a platform of personal sites (``PERSONAL_SITE_HOSTS``), as somebody unknown:
    one whose names it spells is found by ``host_parts`` first; one the text names elsewhere than in this URL is a
    project's or a company's (``_named_elsewhere``)."""
    if not bare.endswith(PERSONAL_SITE_HOSTS):
        return []
    label = bare.split(".", 1)[0]
    if _named_elsewhere(label, prose.replace(url, " ")):
        return []
    first = host.lower().rfind(bare)  # the host's own labels, after any user and before any port
    return [(start + first, start + first + len(label), None)]


def path_parts(path: str, start: int, names: PersonalNames, prose: str = "") -> list[Part]:
    """The personal parts of a file path: the user of a home directory, pieces made of names."""
    segments = [(m.start(), m.group()) for m in _SEGMENT.finditer(path)]
    return _with_same_names(path, start, list(_path_parts(segments, "", start, names, prose)), names)


def _with_same_names(value: str, start: int, parts: list[Part], names: PersonalNames) -> list[Part]:
    """The parts, and every other word of a name of their people in the identifier (``Rew/talk_Rew.pdf``)."""
    people = {owner for _, _, owner in parts if owner is not None}
    if not people:
        return parts
    more: list[Part] = []
    for word in PIECE_WORDS.finditer(value):
        if len(word.group()) < 2 or any(first <= start + word.start() < last for first, last, _ in parts):
            continue
        owners = people & names.words.get(word.group().lower(), frozenset())
        if owners:
            more.append((start + word.start(), start + word.end(), min(owners)))
    return sorted(parts + more, key=lambda part: part[0])


def tag_parts(tag: str, start: int, names: PersonalNames, prose: str = "") -> list[Part]:
    """The names in a hashtag (``#AnnBerg``, ``#ann_berg_2024``, ``#Ann``), and a capitalised word of it that is one
    person's name and no common word (``#TeamTomas``): the rest of the tag stays."""
    body = tag[1:]
    whole = names.people(body)
    if whole:
        return [(start + 1, start + len(tag), one_person(whole))]
    runs = [(start + 1 + first, start + 1 + last, one_person(people)) for first, last, people in names.runs(body)]
    if runs:
        return runs
    return [(start + 1 + first, start + 1 + last, owner) for first, last, owner in tag_words(body, names)]


def _path_parts(
    segments: list[tuple[int, str]], host: str, start: int, names: PersonalNames, prose: str
) -> Iterator[Part]:
    """Personal pieces of a path: by position (profile, owner, home directory), else pieces of names."""
    previous = ""
    for index, (offset, segment) in enumerate(segments):
        personal = _personal_by_position(segment, previous, index, host, names, prose)
        previous = "" if previous in HOME_SEGMENTS and segment.lower() in DEFAULT_ACCOUNTS else segment.lower()
        if personal is not None:
            skip = len(segment) - len(segment.lstrip("~@"))
            yield start + offset + skip, start + offset + len(segment), personal or None
            continue
        stem = segment.rsplit(".", 1)[0] if "." in segment[1:] and not names.people(segment) else segment
        whole = names.people(stem) if PIECE_WORDS.search(stem) and not common_word(stem) else frozenset()
        if whole:
            yield start + offset, start + offset + len(stem), one_person(whole)
            continue
        runs = [(first, last, one_person(people)) for first, last, people in names.runs(segment)]
        runs.extend(
            (first, last, owner) for first, last, owner in _lone_names(segment, names)
            if not any(a < last and first < b for a, b, _ in runs)
        )
        for first, last, owner in sorted(runs):
            yield start + offset + first, start + offset + last, owner


def _lone_names(segment: str, names: PersonalNames) -> Iterator[Part]:
    """Words of a path piece (between ``.``, ``-`` and the like) that are an uncommon name of one person.

    The rule the names follow in prose: ``/talks/Rew-2010.pdf`` names Rew. A word
    glued with ``_`` names a person only capitalised (``underscored_names``).
    """
    for word in _WORD_TOKEN.finditer(segment):
        if "_" in word.group():
            yield from ((word.start() + first, word.start() + last, person)
                        for first, last, person in underscored_names(word.group(), names))
        elif people := uncommon_people(word.group(), names):
            yield word.start(), word.end(), one_person(people)


def _personal_by_position(
    segment: str, previous: str, index: int, host: str, names: PersonalNames, prose: str
) -> str | None:
    """The person ("" for somebody unknown) of a piece personal by where it stands, else None."""
    home = segment.startswith("~") or previous in HOME_SEGMENTS and segment.lower() not in DEFAULT_ACCOUNTS
    profile = host in SOCIAL_HOSTS and (
        index == 0 and segment.lower() not in _NO_PROFILE or previous in PROFILE_PREFIXES
    )
    owner = host in CODE_HOSTS and index == 0
    if not (home or profile or owner) or not regex.search(r"\p{L}", segment):
        return None
    core = segment.lstrip("~@")
    people = names.people(core) or names.contained(core)
    if not people and (_PAGE.search(core) or _organisation_handle(core)):
        return None  # "user/view.php?id=42": a site's page that shows a profile, not a user's name
    if home or people or not _named_elsewhere(core, prose):
        return one_person(people) or ""
    return None


ORGANISATION_HANDLE_WORDS = (
    "research", "labs", "lab", "foundation", "project", "projects", "software", "systems", "technologies", "networks",
    "solutions", "consulting", "university", "institute", "community", "official", "inc", "corp", "hq", "org",
)
"""Words that end an organisation's account name on a code host or a social site ("TidewatchResearch",
"tidewatch-project", "harbourlabs", "QuillmontHQ"); a person's is made of names."""


def _organisation_handle(handle: str) -> bool:
    """Whether an account name ends in an organisation's word (``ORGANISATION_HANDLE_WORDS``): as a word of its
    own ("TidewatchResearch", "tidewatch_org"), or glued in lower case when the word has five letters or more
    ("tidewatchresearch"; not "kestrelab")."""
    words = PIECE_WORDS.findall(handle)
    if len(words) > 1 and words[-1].lower() in ORGANISATION_HANDLE_WORDS:
        return True
    lowered = handle.lower()
    return any(lowered.endswith(word) and len(word) >= 5 and len(lowered) > len(word)
               for word in ORGANISATION_HANDLE_WORDS)


_PAGE = regex.compile(r"\.(?:php\d?|s?html?|aspx?|jspx?|cgi|do|action)$", regex.IGNORECASE)
"""A path piece that is a site's script or page (``view.php``, ``profile.html``)."""


def _named_elsewhere(word: str, prose: str) -> bool:
    """True when the text has the word (without case) as a word or a host's label, not as a handle or path piece.

    An organisation or project that owns an account is named so (``Tidewatch``,
    ``www.tidewatch.org``); a person's account name is rarely written but in links.
    """
    pattern = regex.compile(r"(?<![\w/@\-])" + regex.escape(word) + r"(?![\w/@\-])", regex.I)
    return pattern.search(prose) is not None


def _named_as_list(local: str, prose: str) -> bool:
    """True when the message names the local part as a mailing list's, in a list manager's address of its pages
    (".../mailman/listinfo/harbour-sig", ".../pipermail/harbour-sig/"): the list's address, as its footer gives it."""
    return ("listinfo/" in prose or "pipermail/" in prose) and regex.search(
        rf"/(?:listinfo|pipermail)/{regex.escape(local)}(?![\w\-])", prose, regex.IGNORECASE) is not None


def _is_role(local: str, names: PersonalNames) -> bool:
    """True for a role's or a list's local part (``support``, ``tidewatch-users``): a role word, and no name in it."""
    words = [word.lower() for word in PIECE_WORDS.findall(local)]
    return any(word in ROLE_WORDS for word in words) and not names.people(local) and not names.contained(local)


def local_part(address: str) -> str:
    """An address's local part, before ``@``, `` at ``, ``[at]`` or ``(at)`` (all of it when none)."""
    at = _address_separator(address)
    return address if at is None else address[: at[0]]


def _address_separator(address: str) -> tuple[int, int] | None:
    """Where an address's local part ends and its domain starts: at ``@``, `` at ``, ``[at]`` or ``(at)``."""
    match = regex.search(r"\s*(?:@|\[at\]|\(at\)|\sat\s)\s*", address, regex.I)
    return (match.start(), match.end()) if match else None


def _first_of(text: str, characters: str, start: int) -> int:
    found = [index for index in (text.find(c, start) for c in characters) if index >= 0]
    return min(found) if found else len(text)


