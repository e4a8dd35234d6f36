"""The three messages of the paper's Figure 1 (ids 12, 14, 15), rewritten for the tests.

Message 10, the parent of message 12, is not part of the figure, so the
"Hi Mary" that opens message 12 has no known addressee for collect.
"""

from __future__ import annotations

HEADER = ["session_id", "thread_id", "message_id", "parent_id", "user_id", "timestamp", "text"]

MESSAGE_12 = (
    "Hi Mary,\n"
    "I agree that a space elevator is closer than it looks. Arthur C. Clarke described one in "
    "The Fountains of Paradise, and all of his engineering still holds. Again, thanks for the html link.\n"
    "Cheers,\n"
    "Arthur"
)
MESSAGE_14 = (
    "Hi Arhtur,\n"
    "Thanks for the book tip! I have never read any Clarke, so I will borrow it this week.\n"
    "MJ"
)
MESSAGE_15 = (
    "Hello Mary Jane -\n"
    "Great discussion, both of you. Mary's point about cost is the one I keep coming back to.\n"
    "Cheers\n"
    "R o b e r t"
)

ROWS = [
    ["S1", "T1", "12", "10", "U12", "2021-03-01 10:00", MESSAGE_12],
    ["S1", "T1", "14", "12", "U43", "2021-03-01 11:00", MESSAGE_14],
    ["S1", "T1", "15", "14", "U01", "2021-03-01 12:00", MESSAGE_15],
]

FLAT_12 = (
    "Hi Mary Interesting presentation. I wonder whether a space elevator is closer than it looks. "
    "What do you think? Arthur"
)
FLAT_14 = "Hi Arhtur I am not sure I follow the cost argument. Can you explain a bit more? Thanks Mary Jane"
FLAT_15 = (
    "Hello MJ - I think I understand what our friend Arthr was trying to say. [. . . ] "
    "Hope that helps! R o b e r t"
)
FLAT_ROWS = [
    ["S1", "T1", "12", "10", "U12", "2021-03-01 10:00", FLAT_12],
    ["S1", "T1", "14", "12", "U43", "2021-03-01 11:00", FLAT_14],
    ["S1", "T1", "15", "14", "U01", "2021-03-01 12:00", FLAT_15],
]
"""Figure 1 as the paper prints it: each post flattened into one line, as many forum exports give HTML posts."""

AFTER = {
    "12": MESSAGE_12.replace("Hi Mary,", "Hi [U43],").replace("Cheers,\nArthur", "Cheers,\n[U12]"),
    "14": MESSAGE_14.replace("Hi Arhtur,", "Hi [U12],").replace("\nMJ", "\n[U43]"),
    "15": MESSAGE_15.replace("Hello Mary Jane -", "Hello [U43] -")
    .replace("Mary's point", "[U43]'s point")
    .replace("R o b e r t", "[U01]"),
}
"""The "after" text of Figure 1: every participant name replaced, the cited author kept."""
