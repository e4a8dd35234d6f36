"""Run a pure partition function on Spark: the shared context broadcast once, one Spark partition per partition."""

from __future__ import annotations

import functools
import os
import uuid
import warnings
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from nicknames.distributed.engines import EngineError
from nicknames.distributed.same_package import check_spark_executors
from nicknames.distributed.sealed import result_of, run_sealed, seal

T = TypeVar("T")
R = TypeVar("R")
C = TypeVar("C")

APP_NAME = "nicknames"
"""The application's name in Spark's UI and logs: it names no data."""


def spark_map(function: Callable[[T, C], R], items: Iterable[T], context: C, master: str | None,
              workers: int = 0) -> Iterator[R]:
    """``function(item, context)`` for each item on the Spark master ``master`` (when None, ``spark-submit``'s or
    ``local[workers]``).

    The context is a broadcast variable, sent once to each executor; each item
    is a Spark partition of its own, so ``collect`` gives the results in order.
    An active session (a notebook's, a test's) is used as it is.
    """
    session = spark_session(master, f"local[{workers}]" if workers else "local[*]")
    partitions = [seal(item) for item in items]
    if not partitions:
        return iter(())
    context_of_run = session.sparkContext.broadcast(seal(context))
    try:
        rdd = session.sparkContext.parallelize(partitions, numSlices=len(partitions))
        results = rdd.map(functools.partial(_call, function, uuid.uuid4().hex, context_of_run)).collect()
    finally:
        context_of_run.destroy()  # the executors and the driver drop the real names now
    return (result_of(result) for result in results)


def _call(function: Callable[[T, C], R], run: str, shared: Any, item: bytes) -> bytes:
    return run_sealed(function, item, run, shared.value)


def spark_session(master: str | None, default: str = "local[*]") -> Any:
    """The active Spark session, or a new one on ``master``: without one, the master ``spark-submit`` set, else
    ``default``.

    Python workers of a local master import this very copy of the package
    (``spark.executorEnv.PYTHONPATH``); a cluster's workers need it installed.
    """
    with warnings.catch_warnings():  # pyspark warns about the pandas version on import, which this code never uses
        warnings.simplefilter("ignore", FutureWarning)
        from pyspark.sql import SparkSession

    active = SparkSession.getActiveSession()
    if active is not None:
        check_spark_executors(active, master or "the active session")
        return active
    builder = SparkSession.builder.appName(APP_NAME).config("spark.ui.showConsoleProgress", "false")
    if master is None and "PYSPARK_GATEWAY_PORT" in os.environ:  # spark-submit started this process with its master
        master = "submitted"
    else:
        master = master or default
        builder = builder.master(master)
    if master.startswith("local"):
        builder = builder.config("spark.executorEnv.PYTHONPATH", _package_root())
    try:
        session = builder.getOrCreate()
    except Exception as error:  # Java missing, a master that does not answer: Spark raises its own types
        raise EngineError(f"Spark could not start on {master} ({type(error).__name__}); check --cluster, and that "
                          "Java 17 or later is installed.") from None
    session.sparkContext.setLogLevel("ERROR")
    check_spark_executors(session, master)
    return session


def _package_root() -> str:
    """The folder this copy of the package is in, joined to PYTHONPATH."""
    root = str(Path(__file__).resolve().parents[2])
    return os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH", "")]))
