"""Checks of an output: the leak audit, evaluation against a gold standard."""
