"""The kinds of identifiers apply replaces, apart from their patterns: the command line's help names them at start-up."""

KINDS = ("email", "url", "handle", "phone", "id", "path", "tag", "login")
"""Every kind of identifier; ``id`` is a participant's own id written in the text (always owned)."""
