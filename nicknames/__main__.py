"""Allow ``python -m nicknames``."""

from nicknames.cli import main

main()
