"""Discovery: the names greetings and sign-offs miss (nicknames, misspellings, case and accent
variants, stylised forms, initials, glued words), found from one index built in collect's pass.

Every discovery is a ``Suggestion`` with its evidence tags and a count; collect writes them as
suggestions (``?Name [count; tags]``) for the reviewer to accept or reject.
"""

from __future__ import annotations

from nicknames.collect.discover.lexicon import Lexicon, common_words
from nicknames.collect.discover.suggest import Suggestion, discover
from nicknames.collect.discover.token_index import TokenIndex

__all__ = ["Lexicon", "Suggestion", "TokenIndex", "common_words", "discover"]
