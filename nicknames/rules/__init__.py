"""Matching rules: name patterns, the multi-name matcher, greetings and sign-offs, identifiers, word lists."""
