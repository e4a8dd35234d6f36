"""Synthetic participants for the sample corpus: invented people with very common names.

Every name here is a very common given name or surname, so no real person is
described; public figures and cited authors appear only as themselves. The pools
cover what the paper saw in real forums: nicknames, two-word given names,
diacritics, apostrophes and hyphens, names in non-Latin scripts, and given
names that are also ordinary words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

GIVEN: dict[str, tuple[str, ...]] = {
    "Robert": ("Rob", "Bob", "Robbie"), "Elizabeth": ("Liz", "Beth", "Lizzie"), "William": ("Will", "Bill"),
    "Katherine": ("Kate", "Katie"), "Margaret": ("Maggie", "Meg"), "Jennifer": ("Jen", "Jenny"),
    "Michael": ("Mike", "Mick"), "Christopher": ("Chris",), "Christine": ("Chris", "Chrissy"),
    "Alexander": ("Alex",), "Alexandra": ("Alex", "Lexi"), "Samuel": ("Sam", "Sammy"), "Samantha": ("Sam",),
    "Daniel": ("Dan", "Danny"), "Matthew": ("Matt",), "Jonathan": ("Jon", "Jonny"), "Benjamin": ("Ben",),
    "Nicholas": ("Nick", "Nicky"), "Nicola": ("Nicky", "Nic"), "Joseph": ("Joe", "Joey"), "Thomas": ("Tom", "Tommy"),
    "James": ("Jim", "Jamie"), "Patricia": ("Pat", "Trish"), "Patrick": ("Pat", "Paddy"), "Susan": ("Sue", "Susie"),
    "Deborah": ("Deb", "Debbie"), "Rebecca": ("Becky", "Bec"), "Victoria": ("Vicky", "Tori"), "Anthony": ("Tony",),
    "Andrew": ("Andy", "Drew"), "Stephen": ("Steve",), "Richard": ("Rich", "Rick"), "Edward": ("Ed", "Ted"),
    "Timothy": ("Tim",), "Peter": ("Pete",), "David": ("Dave",), "Jessica": ("Jess",), "Abigail": ("Abby",),
    "Natalie": ("Nat",), "Gregory": ("Greg",), "Josephine": ("Jo", "Josie"), "Joanna": ("Jo",),
    "Catherine": ("Cathy", "Cat"), "Anna": (), "Sarah": (), "Laura": (), "Emma": (), "Paul": (), "Mark": (),
    "Grace": (), "Hope": (), "Rose": (), "Marie": (), "John": ("Johnny",), "Helen": (), "Claire": (),
    "Lucy": (), "Ian": (), "Simon": (), "Fiona": (), "Ruth": (), "Karen": (), "Neil": (), "Amy": (),
    "Priya": (), "Aisha": (), "Omar": (), "Hannah": (), "Kevin": ("Kev",), "Frank": ("Frankie",),
}
"""Given names and the familiar forms people use for them."""

SPECIAL_GIVEN: dict[str, tuple[str, ...]] = {
    "Mary Jane": ("MJ",), "Anne Marie": (), "Jean-Luc": (), "José": ("Pepe",), "Zoë": (), "Chloé": (),
    "Søren": (), "Siobhán": (), "Björn": (), "François": (), "Renée": (), "Anne-Sophie": (),
}
"""Given names with two words, hyphens or diacritics."""

SURNAMES = (
    "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Robinson", "Wright",
    "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke", "Patel",
    "Nguyen", "Garcia", "Murphy", "Kelly", "Ryan", "Byrne", "Hughes", "Edwards", "Lewis", "Harris", "Martin",
    "Cooper", "King", "Lee", "Scott", "Baker", "Adams", "Campbell", "Anderson", "Mitchell", "Turner", "Parker",
    "Morris", "Reid", "Ross", "Hart", "Fox", "Singh", "Khan", "Chen", "Kim", "Novak", "Kowalski", "Okafor",
    "Mensah", "Tanaka", "Silva", "Rossi", "Müller", "O'Brien", "O'Neill", "D'Souza", "Smith-Jones",
    "García-López", "Nowak-Lee",
)
"""Very common surnames, some with apostrophes, hyphens and diacritics."""

SCRIPT_PEOPLE = (("Wei", "Zhang", "张伟"), ("Dmitri", "Ivanov", "Дмитрий"), ("Yuki", "Sato", "佐藤"))
"""People registered in Latin script who sign in their own script: (given, surname, signature)."""

WORD_NAMES = frozenset({"Will", "Mark", "Grace", "Hope", "Rose", "Frank", "Bill", "Pat", "Sue", "Jo", "Ed"})
"""Names that are also ordinary English words ("I will", "mark the essay")."""

PUBLIC_FIGURES = (
    "Marie Curie", "Ada Lovelace", "Isaac Newton", "Albert Einstein", "Charles Darwin", "Florence Nightingale",
    "Grace Hopper", "Alan Turing", "Arthur C. Clarke", "Rosalind Franklin",
)
"""Public figures named as such in the text (some share a first name with a participant)."""

CITED_AUTHORS = (
    ("John Dewey", "Dewey", "1938"), ("Lev Vygotsky", "Vygotsky", "1978"), ("Albert Bandura", "Bandura", "1977"),
    ("Etienne Wenger", "Wenger", "1998"), ("Paulo Freire", "Freire", "1970"), ("David Kolb", "Kolb", "1984"),
    ("Howard Gardner", "Gardner", "1983"), ("Carol Dweck", "Dweck", "2006"), ("George Siemens", "Siemens", "2005"),
    ("Donald Schön", "Schön", "1983"), ("Jean Lave", "Lave", "1991"), ("Benjamin Bloom", "Bloom", "1956"),
)
"""Authors cited in the readings: (full name, surname, year)."""


SHOWCASE: tuple[tuple[str, str | None, tuple[str, ...], str | None], ...] = (
    ("Mary Jane", None, ("MJ",), None),
    ("Samuel", None, ("Sam",), None),
    ("Samantha", None, ("Sam",), None),
    ("Wei", "Zhang", (), "张伟"),
    ("Marie", None, (), None),
    ("William", None, ("Will", "Bill"), None),
    ("Zoë", "O'Brien", (), None),
    ("Jean-Luc", "García-López", (), None),
    ("Hope", None, (), None),
)
"""People every corpus of 27 or more participants has among its first twelve (so in its first session):
a two-word given name, two people who share a nickname, a signature in another script, a public
figure's first name, names that are ordinary words, diacritics, an apostrophe and hyphens.
(given, surname or None for a random one, nicknames, signature in another script)"""


MAX_DRAWS = 10
"""Draws of a name already taken before trying double-barrelled surnames (large corpora run out of pairs)."""


@dataclass(frozen=True)
class Person:
    """One synthetic participant: id, registered name and the forms of it they and others use."""

    participant: str
    given: str
    surname: str
    nicknames: tuple[str, ...]
    script: str | None = None
    """The name as the person writes it in their own script, if not Latin."""

    @property
    def full_name(self) -> str:
        """The registered name, as on the class list."""
        return f"{self.given} {self.surname}"

    @property
    def initials(self) -> str:
        """Initials of the given name words and the surname: "Mary Jane Wilson" → "MJW"."""
        words = self.given.replace("-", " ").split() + [self.surname.replace("'", "")[:1]]
        return "".join(word[0] for word in words).upper()


def make_people(rng: random.Random, count: int, width: int) -> list[Person]:
    """``count`` distinct people with ids ``U01``… (zero-padded to ``width`` digits)."""
    people: list[Person] = []
    used: set[str] = set()
    showcase = dict(zip(rng.sample(range(12), len(SHOWCASE)), SHOWCASE)) if count >= 3 * len(SHOWCASE) else {}
    for index in range(1, count + 1):
        participant = f"U{index:0{width}d}"
        if index - 1 in showcase:
            given, surname, nicknames, script = showcase[index - 1]
            person = Person(participant, given, surname or rng.choice(SURNAMES), nicknames, script)
        else:
            person = _draw(rng, participant)
        attempts = 0
        while person.full_name in used:
            attempts += 1
            person = _draw(rng, participant, double_barrelled=attempts > MAX_DRAWS)
        used.add(person.full_name)
        people.append(person)
    return people


def _draw(rng: random.Random, participant: str, double_barrelled: bool = False) -> Person:
    if double_barrelled:
        person = _draw(rng, participant)
        first, second = rng.sample(SURNAMES, 2)
        return Person(participant, person.given, f"{first}-{second}", person.nicknames, person.script)
    roll = rng.random()
    if roll < 0.04:
        given, surname, script = rng.choice(SCRIPT_PEOPLE)
        return Person(participant, given, rng.choice((surname, rng.choice(SURNAMES))), (), script)
    pool = SPECIAL_GIVEN if roll < 0.16 else GIVEN
    given = rng.choice(sorted(pool))
    return Person(participant, given, rng.choice(SURNAMES), pool[given])


def misspell(rng: random.Random, name: str) -> str:
    """A one-off misspelling: two inner letters swapped, one doubled or one dropped."""
    letters = list(name)
    inner = [i for i in range(1, len(letters) - 1) if letters[i].isalpha() and letters[i + 1].isalpha()]
    if not inner:
        return name + name[-1]
    i = rng.choice(inner)
    kind = rng.randrange(3)
    if kind == 0 and letters[i] != letters[i + 1]:
        letters[i], letters[i + 1] = letters[i + 1], letters[i]
    elif kind == 1:
        letters.insert(i, letters[i])
    else:
        del letters[i]
    return "".join(letters)


def spaced(name: str) -> str:
    """A stylised signature with spaced letters: "Robert" → "R o b e r t"."""
    return " ".join(name.replace(" ", ""))
