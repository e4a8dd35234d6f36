"""Importing this module skips the Spark test module that imports it without the spark extra or Java.

pyspark is not in the test extra (it is large, and a JVM starts for these
tests); the session they share is the ``spark`` fixture of ``conftest``.
"""

from __future__ import annotations

import shutil

import pytest

pytest.importorskip("pyspark", reason="the spark extra is not installed (pip install '.[spark]')")
if shutil.which("java") is None:
    pytest.skip("Spark needs Java 17 or later, and there is no java here", allow_module_level=True)

