"""Which engine runs the partitions (local processes, Dask or Spark), where its cluster is, and what to install."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass

from nicknames.model.errors import NicknamesError

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
    ``yarn``; none is ``local[N]`` for N workers, or the master ``spark-submit`` set). The local engine takes no
    cluster.
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
