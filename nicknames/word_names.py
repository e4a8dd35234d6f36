"""Names that are also ordinary English words ("I will", "mark the essay", "a white paper").

Audit uses this list to tell a leaked name from a word: such a name written in
lower case, or opening a sentence before a lower-case word ("Will we ...",
"Hope this helps"), is taken as the word. A mapping marks more of them with
the ``word`` tag.
"""

from __future__ import annotations

WORD_NAMES = frozenset(
    """
    will bill mark grace hope rose frank may june april joy faith rich art max guy ray drew dawn summer
    sandy holly ivy iris lily heather olive pearl ruby amber crystal penny dean chase cliff lance wade
    earnest patience prudence honor mercy hunter mason page bell
    white green brown black gray grey hall king fox hart baker cooper turner young little long hill
    moss rice stone wells lane ford banks wood cook wright reed rush bush field fields gates price
    rivers waters street bishop carter porter sharp strong swift
    """.split()
)
"""Lower-case forms of given names and surnames that are common English words."""
