"""Message text for the sample corpus: course-forum sentences, greetings and sign-offs as templates.

Templates are plain strings with slots: ``{topic}`` and ``{concept}`` are filled
with course vocabulary, ``{P}`` with a mention of another participant,
``{A}`` / ``{a}`` with a cited author (full name / surname with year) and ``{F}``
with a public figure. ``{G}`` in greetings is the addressee, ``{S}`` in sign-offs
the signature. Mentions are kept as ``Mention`` pieces so that their offsets in
the final text are known exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TOPICS = (
    "the week 3 readings", "learning analytics dashboards", "peer assessment", "the discussion rubric",
    "assignment 2", "the case study on dropout prediction", "self-regulated learning", "feedback literacy",
    "the group project", "online collaboration", "the ethics module", "formative assessment",
    "the research methods quiz", "our final essay", "the data privacy lecture", "the optional readings",
    "the second live session", "the reflective journal", "the interview task", "the survey design exercise",
)
CONCEPTS = (
    "scaffolding", "the zone of proximal development", "social presence", "metacognition",
    "constructive alignment", "retrieval practice", "a growth mindset", "situated learning",
    "experiential learning", "cognitive load", "learner agency", "inter-rater reliability", "informed consent",
    "triangulation", "thematic coding", "communities of practice", "deliberate practice", "transfer of learning",
)

STARTERS = (
    "I wanted to start a thread about {topic}, because I am still not sure how it fits with {concept}.",
    "I have a question about {topic} that I could not answer from the slides.",
    "After reading about {concept} this week I started wondering how it applies to {topic}.",
    "This is my post for {topic}, so please tell me if I have misunderstood the task.",
    "Has anyone else had trouble getting started on {topic}?",
    "I thought it would help to collect our questions about {topic} in one place.",
)
"""First sentences of a thread."""

SENTENCES = (
    "I found {topic} really useful, especially the part about {concept}.",
    "My own experience with {concept} has been mixed, to be honest.",
    "In my school we tried something similar last year and the results were hard to interpret.",
    "I think {P} raised a really good point about {concept} in the last thread.",
    "As {P} said, it depends a lot on the context and on who is asking the question.",
    "I agree with {P}'s point that {concept} is easy to describe and hard to do well.",
    "{a} argued that learning is first of all a social process, and I think that still holds.",
    "This reminds me of {A} and the idea of {concept}.",
    "{F} is often held up as an example here, but I am not sure the comparison works for {topic}.",
    "Does anyone know whether we need to cite the lecture slides in the essay?",
    "I will try to post my draft by Friday so that we have time for feedback.",
    "Hope everyone is keeping well with the workload this week.",
    "The tutor said she would mark the first draft only for structure.",
    "Will we get feedback on the quiz before the deadline?",
    "I hope we can come back to {concept} in the live session.",
    "It might be worth asking {P} about this, since they work in a similar setting.",
    "Thanks to {P} for sharing the link to the report, it saved me a lot of time.",
    "The main problem for me is that {concept} takes time that students do not always have.",
    "I am not convinced that {topic} measures what it claims to measure.",
    "Maybe we could compare notes before the next live session?",
    "In the video the lecturer linked {concept} to {topic}, which I had not thought of before.",
    "For what it is worth, I read the optional chapter and it explains {concept} much better.",
    "We used a rubric like this in my department and the students liked knowing what to expect.",
    "I would be careful about drawing conclusions from such a small sample.",
    "Our group decided to focus on {concept}, so any pointers are welcome.",
    "{P} and I discussed this on Tuesday and we still disagree about the details.",
    "I tried the activity with my own class and it took twice as long as planned.",
    "According to {a}, the context matters as much as the content.",
    "I keep coming back to {A} when I think about {topic}.",
    "The reading on {concept} was dense but worth the effort.",
    "It is a frank question, but is anyone actually using {topic} in practice?",
    "I have to say the examples in the second half were much clearer than the first.",
    "Perhaps {P} can say more, as I remember they mentioned a pilot study.",
    "There is a nice summary of {concept} in the course handbook, section four.",
    "I may be wrong, but the marking criteria seem to reward length more than depth.",
    "Like {P}, I struggled with the statistics part of {topic}.",
    "It was good to see {F} mentioned in the lecture, even if only briefly.",
    "Does the word limit include the references?",
    "I spent most of the weekend on the reading and still have questions.",
    "The example in the slides about {topic} made much more sense the second time.",
    "One thing I noticed is that the students who struggled most were the quietest online.",
    "I am a primary teacher, so some of this feels a long way from my classroom.",
    "We should probably agree on a shared document for the group work.",
    "The deadline clashes with two other courses for me, so I may be a bit late.",
    "I like the idea in principle, but the workload for teachers worries me.",
    "It would help to see a worked example of {concept} before the assignment.",
    "My takeaway is that {concept} only works when the task is clear.",
    "I am still not sure how to code the interview data consistently.",
    "The discussion last week changed my mind about {topic}, at least partly.",
    "Our library has the book on {concept} if anyone needs it.",
    "I found the second reading more practical than the first one.",
    "Sorry for the late reply, it has been a busy week at work.",
    "I wonder whether the same results would hold for adult learners.",
    "It seems to me that the dashboard shows activity rather than learning.",
)
"""Body sentences of any message."""

QUESTIONS = (
    "What do others think?", "Does that make sense?", "Has anyone else found the same?",
    "Any thoughts would be welcome.", "I would love to hear how others approached it.",
)

GREETINGS = ("Hi {G},", "Hello {G},", "Hey {G} -", "{G},", "Dear {G},", "Thanks {G}!", "@{G}", "Hi {G} and all,",
             "Good morning {G},", "Thank you {G},")
"""Greeting lines that address the parent message's sender."""
GLUED_GREETINGS = ("Hi{G},", "Hey{G}!")
GROUP_GREETINGS = ("Hi all,", "Hello everyone,", "Hi everyone!", "Dear all,", "Hi team,", "Morning all,")

SIGNOFFS = ("Thanks,\n{S}", "Cheers, {S}", "Best,\n{S}", "Regards,\n{S}", "{S}", "- {S}", "Thanks again,\n{S}",
            "Cheers\n{S}", "Hope this helps,\n{S}", "Many thanks,\n{S}")
"""Sign-offs with the sender's signature."""
GLUED_SIGNOFFS = ("Thanks{S}", "Cheers{S}")
UNSIGNED = ("Thanks!", "Looking forward to your thoughts.", "Cheers!", "Thanks for reading.")


@dataclass(frozen=True)
class Mention:
    """A piece of text that is a name (with its participant) or a protected string (participant "")."""

    text: str
    participant: str
    category: str


Piece = str | Mention
"""A message is built as a list of pieces: plain text and mentions."""


def fill(template: str, slots: dict[str, list[Piece]]) -> list[Piece]:
    """Split a template at its ``{slot}`` markers and put the slot values in their place."""
    pieces: list[Piece] = []
    rest = template
    while "{" in rest:
        before, _, after = rest.partition("{")
        slot, _, rest = after.partition("}")
        if before:
            pieces.append(before)
        pieces.extend(slots[slot])
    if rest:
        pieces.append(rest)
    return pieces


def slots_of(template: str) -> set[str]:
    """The slot names a template uses."""
    return {part.partition("}")[0] for part in template.split("{")[1:]}


def word_count(pieces: list[Piece]) -> int:
    """Whitespace-separated words in the pieces."""
    return len("".join(piece if isinstance(piece, str) else piece.text for piece in pieces).split())


def vocabulary() -> frozenset[str]:
    """Every lower-case word of the templates, so that generated misspellings never spell one ("Peer")."""
    texts = [*TOPICS, *CONCEPTS, *STARTERS, *SENTENCES, *QUESTIONS, *GREETINGS, *GROUP_GREETINGS, *SIGNOFFS,
             *UNSIGNED]
    return frozenset(word.lower() for text in texts for word in re.findall(r"[^\W\d_]+", text))
