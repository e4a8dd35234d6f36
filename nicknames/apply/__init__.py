"""apply: replace names by pseudonyms scope by scope, decide shared names, styles and keys."""
