"""The stamp of this copy of the package, and how a worker's other copy is told apart (no cluster needed)."""

from __future__ import annotations

import pickle
import re

import pytest

from nicknames.distributed.same_package import (
    WorkerVersionError,
    check_stamps,
    is_code_error,
    package_stamp,
)
from nicknames.model.errors import NicknamesError


def test_the_stamp_is_the_installed_version_and_a_digest_of_the_modules() -> None:
    assert re.fullmatch(r"[\w.+-]+\+[0-9a-f]{12}", package_stamp())


def test_workers_of_this_copy_pass() -> None:
    check_stamps("Dask workers", "tcp://host:8786", {package_stamp()})


def test_a_worker_of_another_copy_is_a_users_error_that_names_both_versions() -> None:
    with pytest.raises(WorkerVersionError) as raised:
        check_stamps("Dask workers", "tcp://host:8786", {package_stamp(), "0.0.1+000000000000"})
    assert isinstance(raised.value, NicknamesError)
    message = str(raised.value)
    assert "0.0.1+000000000000" in message and package_stamp() in message and "\n" not in message
    assert "install the same version on every worker" in message


@pytest.mark.parametrize(("error", "expected"), [
    (ModuleNotFoundError("No module named 'nicknames.check.audit_runs'"), True),
    (ImportError("cannot import name 'scan_run'"), True),
    (AttributeError("module has no attribute 'scan_held_run'"), True),
    (pickle.UnpicklingError("invalid load key"), True),
    (Exception("ModuleNotFoundError(\"No module named 'nicknames'\")"), True),  # how Dask's client.run raises it
    (Exception("py4j: ... pyspark.errors.PythonException: ... AttributeError: Can't get attribute"), True),
    (ValueError("a bug"), False),
    (TimeoutError("no answer"), False),
])
def test_errors_of_a_worker_missing_the_drivers_code(error: Exception, expected: bool) -> None:
    assert is_code_error(error) is expected
