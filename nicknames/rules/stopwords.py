"""Words that greetings and sign-offs capture but that are not names ("Hi all", "Cheers")."""

from __future__ import annotations

import functools
from importlib import resources

from nicknames.rules.languages import languages
from nicknames.rules.patterns import name_key

STOPWORDS = frozenset(
    ["a", "about", "above", "after", "again", "against", "all", "also", "always", "am", "an", "and", "another", "any", "anybody", "anyone", "anything", "apologies", "appreciate", "are", "around", "as", "at", "attached", "back", "be", "because", "been", "before", "being", "below", "best", "both", "but", "by", "can", "cannot", "cheers", "class", "classmates", "colleagues", "could", "dear", "did", "do", "does", "doing", "done", "dont", "down", "during", "each", "else", "esp", "especially", "etc", "even", "ever", "every", "everybody", "everyone", "everything", "evening", "few", "fine", "first", "folks", "for", "friend", "friends", "from", "further", "get", "gets", "getting", "glad", "good", "got", "great", "greetings", "group", "guys", "had", "has", "have", "having", "he", "hello", "help", "her", "here", "hers", "hey", "hi", "him", "his", "hiya", "how", "however", "i", "if", "in", "indeed", "instead", "interesting", "into", "is", "it", "its", "just", "kind", "kindly", "last", "late", "later", "let", "lol", "look", "looking", "lot", "love", "many", "maybe", "me", "men", "might", "mine", "more", "morning", "most", "much", "must", "my", "myself", "need", "neither", "never", "new", "next", "nice", "night", "no", "none", "nor", "not", "nothing", "now", "of", "off", "oh", "ok", "okay", "on", "once", "one", "only", "or", "other", "others", "our", "ours", "out", "over", "own", "people", "perhaps", "please", "pls", "point", "post", "posted", "posting", "professor", "prof", "question", "quick", "re", "really", "regards", "reply", "rgds", "same", "see", "seems", "she", "should", "since", "so", "some", "someone", "something", "sorry", "still", "such", "sure", "take", "team", "tell", "thank", "thanks", "thanx", "thx", "than", "that", "the", "their", "theirs", "them", "then", "there", "these", "they", "thing", "things", "think", "this", "those", "though", "through", "thus", "to", "today", "together", "tomorrow", "too", "totally", "true", "tutor", "under", "until", "up", "upon", "us", "very", "via", "was", "we", "welcome", "well", "were", "what", "when", "where", "whether", "which", "while", "who", "whom", "whose", "why", "will", "wish", "with", "within", "without", "wonderful", "would", "wow", "yes", "yet", "yo", "you", "your", "yours", "yourself", "yourselves", "afternoon", "morning", "evening", "day", "week", "weekend", "everyone's", "all's", "i'm", "i'll", "i've", "i'd", "i’m", "i’ll", "i’ve", "i’d", "we're", "we'll", "you're", "it's", "that's", "there's", "here's", "let's", "html", "http", "https", "www", "com", "org", "net", "edu", "pdf", "doc", "docx", "ppt", "link", "url", "email", "mail", "sent", "subject", "cc", "bcc", "fwd", "forwarded", "forward", "message", "original", "begin", "end", "pgp", "signature", "signed", "scanned", "unsubscribe", "disclaimer", "confidential", "attachment", "attachments", "list", "lists", "board", "committee", "members", "member", "gents", "ladies", "gentlemen", "bonjour", "hallo", "hola", "ciao", "salut", "hej", "hei", "moin", "servus", "coucou", "buongiorno", "ola", "olá", "namaste", "dears", "colleague", "sirs", "madam", "sirs", "cf", "co", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december"]
)
ABBREVIATIONS = frozenset(
    ["afaik", "aka", "asap", "btw", "eod", "eta", "fwiw", "fyi", "hth", "iirc", "imho", "imo", "nb", "np", "ps", "rsvp",
     "tia"]
)
"""Abbreviations that open or close a message ("FYI -", "TIA"): never a name, not even as capitals."""
VOCATIVES = frozenset(["bro", "bros", "champ", "dude", "dudes", "fellas", "fellows", "gang", "kids", "kidz", "lads", "mate",
                       "mates", "peeps"])
"""Words that greet someone without naming them ("Hey dude,", "Thanks mate!", "Cheers lads"); the packs add their
own ("Lieber Freund,", "Hola amigo,"). Not those that are names too ("Buddy", "Pal", "Boss"): a familiar form of a
registered Bud, a misspelt Paul."""
INTERJECTIONS = frozenset("""
    huh hmm hmmm sigh sheesh psst pssst ugh oops whew phew yikes ooh aha argh meh duh yay hooray gosh geez jeez alas
    ahem haha hehe heh grr bah whoa yup yep nope gudday g'day
""".split())
"""Words that end or open a message as a sigh or a shrug ("Sheesh.", "Huh?", "Gudday,"): never a name, though
one letter off one ("Huh" of Hugh)."""
STOPWORDS = STOPWORDS | ABBREVIATIONS | VOCATIVES | INTERJECTIONS
DEGREES = frozenset("""
    phd dphil md mphil msc ma mba bsc ba ms bs jd llm mfa edd dds dvm rn cpa esq pharmd frs drph mph
""".split())
"""Degrees and post-nominal letters written after a name ("Greta Vollmer, PhD"), without their full stops: not name
parts."""
WEEKDAYS = frozenset(
    "mon tue tues wed thu thur thurs fri sat sun monday tuesday wednesday thursday friday saturday sunday".split())
MONTHS = frozenset(
    """jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july august september
    october november december""".split())
"""English weekdays and months, in full and shortened, case-folded: a date's words ("Tue Dec 14 09:12:05 2021")."""
PLACES_FIRST = frozenset("rio río puerto porto costa monte villa vila ciudad cabo isla lago bahia bahía sierra".split())
"""Words that open place names ("Rio de Quell", "Puerto Ambler", "Costa Verde", "Monte Carlo") where they open a
run of capitalised words; inside one they are surnames ("Ana Costa", "Maren Sierra")."""
PLACE_NAME_OPENERS = frozenset("monte san santa santo sao são fort port puerto ciudad isla lago bahia bahía cabo".split())
"""Words before which a name of one word is a place's ("Monte Carlo", "San Carlos", "Fort Collins", "Santa Ana"); not
those that are surnames or given names too, which stand before a second surname or a surname ("Ana Costa Silva",
"Rio Quell")."""
GROUP_NOUNS = frozenset(
    """
    list lists group groups team teams members community forum forums users listers subscribers committee board
    """.split()
)
"""Nouns that make the capitalised words before them a group's name, not a person's: "Dear Harbour Teaching Mailing
List,", "Hello Stats Group", "Hi Harbour Team"."""
"""Lower-case words that are never taken as names by collect (extend them in nicknames.toml)."""

NATIONALITIES = frozenset(
    """
    african american arabic asian australian brazilian british canadian chinese danish dutch english european
    finnish french german greek indian irish italian japanese korean latin mexican norwegian polish portuguese
    russian scottish spanish swedish welsh
    afghan albanian algerian arab argentine argentinian armenian austrian bangladeshi basque belgian bengali
    bolivian bosnian bulgarian burmese byzantine cambodian cantonese catalan chilean colombian croatian cuban czech
    egyptian estonian ethiopian filipino flemish hebrew hindi hungarian icelandic indonesian iranian iraqi israeli
    jamaican kenyan kurdish latvian lebanese libyan lithuanian malaysian maltese mandarin mongolian moroccan
    nepalese nigerian ottoman pakistani palestinian persian peruvian punjabi roman romanian saudi serbian slovak
    slovenian somali sudanese swahili swiss syrian taiwanese tamil thai tibetan tunisian turkish ukrainian urdu
    uruguayan venezuelan vietnamese yemeni
    """.split()
)
"""Nationalities and languages, always capitalised (so no corpus writes them in lower case), yet no names: no part
of a name that they open ("American English", "Italian Romano"), unless the word is a given name too ("German
Quell"), and no inflected form of a name ("Indian" is not "India" with a Finnish ending)."""
SALUTATION_WORDS = frozenset({"thanks", "thank", "thx", "regards", "cheers", "hi", "hello", "hey", "dear"})
"""Greeting and closing words a class-list row cannot turn into names (rows like "Thanks Susan" exist)."""

CLOSERS = (
    r"thanks(?:\s+(?:again|so\s+much|a\s+lot|all|everyone|in\s+advance))?",
    r"many\s+thanks",
    r"thank\s+you(?:\s+(?:again|all|so\s+much|in\s+advance))?",
    r"thx",
    r"tia",
    r"hth",
    r"ta",
    r"cheers",
    r"best(?:\s+(?:wishes|regards))?",
    r"all\s+the\s+best",
    r"(?:kind|warm|warmest|best|kindest)\s+regards",
    r"regards",
    r"rgds",
    r"take\s+care",
    r"see\s+you(?:\s+(?:soon|later|all))?",
    r"talk\s+soon",
    r"sincere?ly(?:\s+yours)?",  # "Sincerly", as often typed
    r"regrads|regads|reagrds|regrds",
    r"thnaks|thansk|thanx|thnx",
    r"cordially|respectfully(?:\s+yours)?",
    r"yours(?:\s+(?:sincerely|truly))?",
    r"love",
    r"peace",
    r"good\s+luck",
    r"hope\s+this\s+helps",
    r"[-–—~]+",
)
"""Sign-off closers (regular expressions, matched without case) after which a name follows."""

GREETINGS = (
    r"hi+",
    r"hiya",
    r"hello+",
    r"hey+",
    r"heya",
    r"dear",
    r"greetings",
    r"howdy",
    r"good\s+(?:morning|afternoon|evening|day)",
    r"morning",
    r"evening",
    r"afternoon",
    r"thanks",
    r"thank\s+you",
    r"well\s+done",
    r"congrats",
    r"congratulations",
    r"welcome",
    r"yo",
    r"hallo",
    r"hej",
    r"hei",
    r"moin",
    r"servus",
    r"bonjour",
    r"salut",
    r"coucou",
    r"hola",
    r"buenos\s+d[ií]as",
    r"buongiorno",
    r"ciao",
    r"ol[aá]",
    r"namaste",
    r"kia\s+ora",
    r"g['’]day",
)
"""Greeting words (regular expressions, matched without case) before the addressee's name."""

COMMON_WORDS = "common_words.txt"
NAME_WORDS = "name_words.txt"
SURNAMES = "surnames.txt"
PLACES = "places.txt"
PUBLIC_FIGURES = "public_figures.txt"


@functools.cache
def common_words() -> frozenset[str]:
    """The built-in list of common English words, lower case (names that are words included)."""
    return _read_words(COMMON_WORDS) | name_words()


def _read_words(file_name: str) -> frozenset[str]:
    """The words of one of the package's word lists, lower case (``#`` starts a comment line)."""
    return frozenset(_ranked_words(file_name))


def _ranked_words(file_name: str) -> tuple[str, ...]:
    """The words of one of the package's word lists in the list's order, lower case."""
    return tuple(word.lower() for line in _data_lines(file_name) for word in line.split())


def _data_lines(file_name: str) -> list[str]:
    """The lines of one of the package's data files but its comments (``#`` opens a comment line)."""
    text = resources.files("nicknames").joinpath("data", file_name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if not line.lstrip().startswith("#")]


@functools.cache
def places() -> frozenset[str]:
    """Countries, continents and lands of one word (``data/places.txt``), lower case."""
    return _read_words(PLACES)


@functools.cache
def public_figures() -> frozenset[str]:
    """Full names of public figures (``data/public_figures.txt``, from Pantheon 1.0), in their normal form
    (``patterns.name_key``), case-folded."""
    return frozenset(name_key(line.strip()).casefold() for line in _data_lines(PUBLIC_FIGURES) if line.strip())


@functools.cache
def ranked_surnames() -> tuple[str, ...]:
    """The 10,000 most frequent surnames of the 1990 US census (public domain), lower case, most frequent first."""
    return _ranked_words(SURNAMES)


@functools.cache
def surnames() -> frozenset[str]:
    """The surnames of ``ranked_surnames``."""
    return frozenset(ranked_surnames())


@functools.cache
def name_words() -> frozenset[str]:
    """Given names that are also ordinary words (Will, Mark, Grace, May; Hans, Ernst, Rosa in the language packs),
    lower case."""
    return _read_words(NAME_WORDS) | languages().name_words
