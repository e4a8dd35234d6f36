"""Compose one sample message: greeting, optional quote, body sentences and sign-off, as pieces.

Each participant has habits drawn once (how others address them, how they sign),
and each mention may deviate from them the way real forum posts do: a surname,
the full name, a one-off misspelling, the wrong case, a name glued to a word.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import regex

from nicknames.rules.languages import inflected_forms, language_words
from nicknames.sample.names import (
    CITED_AUTHORS,
    PUBLIC_FIGURES,
    Person,
    misspell,
    spaced,
)
from nicknames.sample.phrases import ENGLISH, Phrases
from nicknames.sample.text import (
    CONCEPTS,
    QUESTIONS,
    STARTERS,
    TOPICS,
    Mention,
    Piece,
    fill,
    slots_of,
    vocabulary,
    word_count,
)

DRAWN = 20
"""Distinct sentence templates drawn per message (enough for 150 words; drawing all would be slower)."""
MENTION_RATE = 0.3
"""Chance that a body sentence naming another participant is used when drawn."""
REFERENCE_RATE = 0.25
"""Chance that a sentence citing an author or naming a public figure is used when drawn."""


@dataclass(frozen=True)
class Habits:
    """How a participant is addressed by others and how they sign their own messages."""

    address: Mention
    signature: Mention | None
    glued_signature: bool = False


@dataclass
class Post:
    """A message already written in the thread: what replies greet and quote."""

    message_id: str
    sender: Person
    sentences: list[list[Piece]]


def habits_for(rng: random.Random, person: Person) -> Habits:
    """Draw a participant's address form and signature once, so they are consistent over the corpus."""
    pid = person.participant
    if person.nicknames and rng.random() < 0.4:
        address = Mention(rng.choice(person.nicknames), pid, "nickname")
    else:
        address = Mention(person.given, pid, "registered_subset")
    styles: list[tuple[str, float]] = [
        ("given", 0.34), ("nickname", 0.18 if person.nicknames else 0.0), ("full", 0.12), ("initials", 0.05),
        ("spaced", 0.05), ("dashed", 0.04), ("glued", 0.03), ("none", 0.19), ("script", 2.0 if person.script else 0),
    ]
    style = rng.choices([name for name, _ in styles], [weight for _, weight in styles])[0]
    return Habits(address, _signature(person, style, address), style == "glued")


def _signature(person: Person, style: str, address: Mention) -> Mention | None:
    pid = person.participant
    forms = {
        "given": (person.given, "registered_subset"),
        "nickname": (address.text if address.category == "nickname" else person.nicknames[0], "nickname")
        if person.nicknames else (person.given, "registered_subset"),
        "full": (person.full_name, "registered_full"),
        "initials": (person.initials, "initials"),
        "spaced": (spaced(person.given.split()[0]), "stylised"),
        "dashed": (f"-{person.initials}-", "stylised"),
        "glued": (person.given.split()[0], "glued"),
        "script": (person.script or person.given, "stylised"),
    }
    if style not in forms:
        return None
    text, category = forms[style]
    return Mention(text, pid, category)


class Composer:
    """Writes messages for one corpus, with its participants' habits and one random generator."""

    def __init__(self, rng: random.Random, habits: dict[str, Habits], phrases: Phrases = ENGLISH) -> None:
        self.rng = rng
        self.habits = habits
        self.phrases = phrases
        """The greetings, sign-offs and sentences of the corpus's language."""
        self.words = vocabulary() | (language_words((phrases.language,)) if phrases is not ENGLISH else frozenset())
        """Ordinary words of the templates, which a misspelling must not spell."""
        self.topic = TOPICS[0]
        """The topic of the thread being written; replies mostly stay on it."""

    def start_thread(self) -> None:
        """Choose the topic of a new thread."""
        self.topic = self.rng.choice(TOPICS)

    def message(self, sender: Person, addressee: Person | None, parent: Post | None,
                others: list[Person]) -> tuple[list[Piece], list[list[Piece]]]:
        """The pieces of one message and its body sentences (for later quotes)."""
        rng = self.rng
        pieces: list[Piece] = []
        pieces += self.greeting(addressee, starter=parent is None)
        if parent is not None and parent.sentences and rng.random() < 0.1:
            pieces += ["> ", *rng.choice(parent.sentences), "\n\n"]
        signoff = self.signoff(sender)
        target = rng.randint(80, 150) - word_count(pieces) - word_count(signoff)
        sentences = self.body(sender, others, starter=parent is None, words=target)
        for index, sentence in enumerate(sentences):
            if index:
                pieces.append("\n\n" if index == len(sentences) // 2 else " ")
            pieces += sentence
        return pieces + signoff, sentences

    def greeting(self, addressee: Person | None, starter: bool) -> list[Piece]:
        """A first line that greets the parent's sender, the group, or nobody."""
        rng = self.rng
        roll = rng.random()
        if addressee is None or starter or roll > 0.74:
            if roll < (0.5 if starter else 0.86):
                return [rng.choice(self.phrases.group_greetings), "\n\n"]
            return []
        if rng.random() < 0.03:
            form = self.habits[addressee.participant].address.text.split()[0]
            glued = rng.choice(self.phrases.glued_greetings).replace("{G}", form)
            return [Mention(glued.rstrip(",!"), addressee.participant, "glued"), glued[-1], "\n\n"]
        return [*fill(rng.choice(self.phrases.greetings), {"G": [self.mention(addressee, body=False)]}), "\n\n"]

    def signoff(self, sender: Person) -> list[Piece]:
        """The closing lines: the sender's habitual signature most of the time."""
        rng = self.rng
        habits = self.habits[sender.participant]
        roll = rng.random()
        signature = habits.signature
        if roll < 0.1:
            signature = Mention(sender.given, sender.participant, "registered_subset")
        elif roll < 0.2:
            signature = None
        if signature is None:
            return ["\n\n", rng.choice(self.phrases.unsigned)] if rng.random() < 0.5 else []
        if habits.glued_signature and signature.category == "glued":
            glued = rng.choice(self.phrases.glued_signoffs).replace("{S}", signature.text)
            return ["\n\n", Mention(glued, sender.participant, "glued")]
        return ["\n\n", *fill(rng.choice(self.phrases.signoffs), {"S": [signature]})]

    def body(self, sender: Person, others: list[Person], starter: bool, words: int) -> list[list[Piece]]:
        """Different sentences until the message has about the wanted number of words."""
        rng = self.rng
        sentences: list[list[Piece]] = []
        if starter:
            sentences.append(self.sentence(rng.choice(STARTERS), others))
        written = sum(map(word_count, sentences))
        sentences_pool = self.phrases.sentences
        for template in rng.sample(sentences_pool, min(DRAWN, len(sentences_pool))):
            if written >= words - 6:
                break
            slots = slots_of(template)
            if "P" in slots and (not others or rng.random() > MENTION_RATE):
                continue
            if slots & {"A", "a", "F"} and rng.random() > REFERENCE_RATE:
                continue
            sentence = self.sentence(template, others)
            length = word_count(sentence)
            if written + length <= words + 8:
                sentences.append(sentence)
                written += length
        if rng.random() < 0.3:
            sentences.append([rng.choice(QUESTIONS)])
        return sentences

    def sentence(self, template: str, others: list[Person]) -> list[Piece]:
        """Fill one template's slots."""
        rng = self.rng
        topic = self.topic if rng.random() < 0.7 else rng.choice(TOPICS)
        slots: dict[str, list[Piece]] = {"topic": [topic], "concept": [rng.choice(CONCEPTS)]}
        used = slots_of(template)
        if "P" in used:
            slots["P"] = [self.mention(rng.choice(others), body=True)]
        if "A" in used:
            slots["A"] = [Mention(rng.choice(CITED_AUTHORS)[0], "", "cited_author")]
        if "a" in used:
            _, surname, year = rng.choice(CITED_AUTHORS)
            slots["a"] = [Mention(surname, "", "cited_author"), f" ({year})"]
        if "F" in used:
            slots["F"] = [Mention(rng.choice(PUBLIC_FIGURES), "", "public_figure")]
        filled = fill(template, slots)
        return filled if self.phrases is ENGLISH else _inflected(filled, self.phrases.language)

    def mention(self, person: Person, body: bool) -> Mention:
        """How someone else names this person here: usually the habitual form, sometimes not."""
        rng = self.rng
        pid = person.participant
        usual = self.habits[pid].address
        roll = rng.random()
        if roll < 0.03 and len(usual.text) >= 4:
            misspelled = misspell(rng, usual.text)
            if misspelled.lower() not in self.words:
                return Mention(misspelled, pid, "misspelling")
        if roll < 0.037:
            return Mention(usual.text.lower(), pid, "wrong_case")
        if body and roll < 0.05:
            return Mention(person.surname, pid, "registered_subset")
        if body and roll < 0.09:
            return Mention(person.full_name, pid, "registered_full")
        if roll < 0.14 and person.nicknames and usual.category != "nickname":
            return Mention(rng.choice(person.nicknames), pid, "nickname")
        return usual


def _inflected(pieces: list[Piece], language: str) -> list[Piece]:
    """Mentions followed by an ending ("{P}s", "{P}lta") written as the pack inflects the name ("Annas", "Ainolta",
    "Päiviltä"); where the pack gives the name no such form as it is written (a weak grade, "Andreas" + "s"), the
    ending is dropped."""
    fixed = list(pieces)
    for index in range(len(fixed) - 1):
        mention, after = fixed[index], fixed[index + 1]
        if not (isinstance(mention, Mention) and isinstance(after, str) and after[:1].isalpha()):
            continue
        ending = _ENDING.match(after)
        assert ending is not None
        forms = inflected_forms(mention.text, (language,))
        chosen = next((e for e in (ending.group(), ending.group().translate(_FRONT)) if mention.text + e in forms), "")
        fixed[index + 1] = chosen + after[ending.end() :]
    return fixed


_ENDING = regex.compile(r"\p{L}+")
_FRONT = str.maketrans("aou", "äöy")
"""A Finnish ending with back vowels written with front ones ("lta" → "ltä"), for names of front vowels."""
