"""The synthetic corpus generator with its gold standard."""
