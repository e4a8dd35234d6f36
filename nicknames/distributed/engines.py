"""Which engine runs the partitions (local processes, Dask or Spark), where its cluster is, and what to install."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from nicknames.model.errors import NicknamesError

T = TypeVar("T")
R = TypeVar("R")
C = TypeVar("C")

ENGINES = ("local", "dask", "spark")
"""The engines, the default first."""

DISTRIBUTION = "nicknames-pseudonymiser"
"""The name the package is installed by, for the install commands errors give."""

_MODULES = {"dask": ("dask", "distributed"), "spark": ("pyspark",)}
"""The modules each cluster engine imports, all of which its extra installs."""


class EngineError(NicknamesError):
    """An engine that cannot run: unknown, not installed, or its cluster not reachable."""


@dataclass(frozen=True)
class Engine:
    """Where the partitions of a command run: ``local`` processes, a Dask cluster or a Spark cluster.

    ``cluster`` is a Dask scheduler's address (``tcp://host:8786``; none starts a
    local cluster) or a Spark master URL (``local[2]``, ``spark://host:7077``,
    ``yarn``; none is ``local[*]``). The local engine takes no cluster.
    """

    kind: str = "local"
    cluster: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in ENGINES:
            raise EngineError(f"Unknown engine {self.kind!r}; choose one of {', '.join(ENGINES)}.")
        if self.kind == "local" and self.cluster:
            raise EngineError("--cluster is for the dask and spark engines; add --engine dask or --engine spark, "
                              "or leave --cluster out.")

    @property
    def remote(self) -> bool:
        """Whether the partitions run on a cluster (Dask or Spark) rather than in local processes."""
        return self.kind != "local"

    def check_installed(self) -> None:
        """Raise a one-line error naming the install command when this engine's extra is missing."""
        for module in _MODULES.get(self.kind, ()):
            if importlib.util.find_spec(module) is None:
                raise EngineError(
                    f"The {self.kind} engine needs the {self.kind} extra, which is not installed; install it with: "
                    f"pip install '{DISTRIBUTION}[{self.kind}]'"
                )


def engine_of(kind: str | None, cluster: str | None = None) -> Engine:
    """The engine of an option or a config file's value (None is local), checked to be installed."""
    engine = Engine(kind or "local", cluster or None)
    engine.check_installed()
    return engine


def cluster_map(function: Callable[[T, C], R], items: Iterable[T], context: C, engine: Engine,
                workers: int = 0) -> Iterator[R]:
    """``function(item, context)`` for each item on the engine's cluster, results in the order of the items.

    ``context`` (the mapping, the rules: real names) is sent once to each
    worker, never written to shared storage by this code. ``workers`` is the
    size of a local cluster started when the engine names none (0: one per core).
    """
    engine.check_installed()
    if engine.kind == "dask":
        from nicknames.distributed.dask_map import dask_map

        return dask_map(function, items, context, engine.cluster, workers)
    if engine.kind == "spark":
        from nicknames.distributed.spark_map import spark_map

        return spark_map(function, items, context, engine.cluster, workers)
    raise ValueError(f"the {engine.kind} engine runs no cluster")
