"""The data the tool works on: the mapping, messages and their columns, and the one error type a user can fix."""
