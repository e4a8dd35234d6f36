"""The ``nicknames`` command line: thin commands over the core, errors as one-line messages."""

from __future__ import annotations

import importlib
import pkgutil

from nicknames.cli.common import app

__all__ = ["app", "main"]

# Each command lives in its own module of this package and registers itself on
# ``app`` when imported; importing them all here means adding a command never
# touches this file.
for _module in sorted(info.name for info in pkgutil.iter_modules(__path__)):
    if _module != "common" and not _module.startswith("_"):
        importlib.import_module(f"{__name__}.{_module}")


def main() -> None:
    """Entry point of the ``nicknames`` console script."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
