"""The one engine every command runs on: a table cut into partitions, one pure function per partition, a pool.

``run`` owns the processes; ``partitions`` decides which rows go together
(whole scopes for apply, runs of rows in file order for collect and audit).
The commands' own modules say what the function of a partition is.
"""
