"""What the mapping editor works with, without the terminal: concordance, duplicates, undo, review."""
