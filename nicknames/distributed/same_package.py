"""The same copy of nicknames on the driver and on every worker, checked once when a cluster engine starts.

Workers import this package's functions by name. A worker with an older or
otherwise different copy fails in ways that do not say why (a module or an
attribute missing, an object that cannot be unpickled), or gives other
results. So before any work is sent, the driver asks every Dask worker (or
Spark's executors, in a tiny job) for its copy's stamp, the installed version
and a digest of the package's modules, and stops with one line that says to
install the same version everywhere when one differs or cannot import the
package at all.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from nicknames.distributed.engines import DISTRIBUTION, EngineError

_CODE_ERRORS = ("ModuleNotFoundError", "ImportError", "AttributeError", "UnpicklingError")
"""How a worker whose copy lacks a module or function the driver sends fails (Dask and Spark give only their names
in the error they raise on the driver)."""

_SPARK_CHECKED: dict[str, frozenset[str]] = {}
"""Spark application id → the stamps its executors gave (an application's executors are asked once)."""


class WorkerVersionError(EngineError):
    """A cluster's worker runs another copy of nicknames than the driver, or none."""


def installed_version() -> str:
    """The version this package was installed as (``unknown`` when it runs from a folder that was not installed)."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"


@functools.cache
def package_stamp() -> str:
    """This copy of the package: its installed version and a digest of its modules' paths and source."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return f"{installed_version()}+{digest.hexdigest()[:12]}"


def check_dask_workers(client: Any, address: str) -> None:
    """Raise ``WorkerVersionError`` unless every worker of the Dask cluster at ``address`` runs this copy."""
    try:
        stamps: dict[str, str] = client.run(package_stamp)
    except Exception as error:
        if not is_code_error(error):
            raise
        raise _missing("Dask workers", address) from None
    check_stamps("Dask workers", address, set(stamps.values()))


def check_spark_executors(session: Any, master: str) -> None:
    """Raise ``WorkerVersionError`` unless Spark's executors run this copy (asked once per application)."""
    context = session.sparkContext
    application = str(context.applicationId)
    if application not in _SPARK_CHECKED:
        slots = max(1, int(context.defaultParallelism))
        try:
            found = context.parallelize(range(slots), slots).map(_stamp_of).distinct().collect()
        except Exception as error:
            if not is_code_error(error):
                raise
            raise _missing("Spark executors", master) from None
        _SPARK_CHECKED[application] = frozenset(found)
    check_stamps("Spark executors", master, set(_SPARK_CHECKED[application]))


def check_stamps(workers: str, where: str, stamps: set[str]) -> None:
    """Raise ``WorkerVersionError`` when a stamp the workers gave is not this copy's."""
    ours = package_stamp()
    others = sorted(stamps - {ours})
    if others:
        raise WorkerVersionError(
            f"The {workers} at {where} run another version of nicknames ({', '.join(others)}) than this machine "
            f"({ours}); install the same version on every worker ({_install()}) and restart them."
        )


def is_code_error(error: BaseException) -> bool:
    """Whether an error raised from a task is a worker missing a module or function the driver sent."""
    if isinstance(error, (ImportError, AttributeError, pickle.UnpicklingError)):
        return True
    text = str(error)
    return any(name in text for name in _CODE_ERRORS)


def _missing(workers: str, where: str) -> WorkerVersionError:
    return WorkerVersionError(
        f"The {workers} at {where} cannot import this version of nicknames ({package_stamp()}): their version "
        f"differs or is missing; install the same version on every worker ({_install()}) and restart them."
    )


def _install() -> str:
    known = installed_version()
    return f"pip install '{DISTRIBUTION}=={known}'" if known != "unknown" else f"pip install '{DISTRIBUTION}'"


def _stamp_of(slot: int) -> str:
    """On an executor: its copy's stamp."""
    return package_stamp()
