"""Loaded by pytest for every test: puts ``tests/`` on ``sys.path`` so test
modules share helpers with ``from shared import ...`` (tests/shared.py) and the
folder harnesses with ``from conformance.harness import ...``."""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile

_TESTS = os.path.dirname(os.path.abspath(__file__))
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

# the suite tests the compiler: every jit function compiles afresh (a test that
# compiles a function again with a patched pipeline must not get the first
# compile back from the disk cache). tests/api/test_disk_cache.py turns the
# cache on in its own processes; a folder of the suite's own, should one write.
os.environ["PYDM_CACHE"] = "0"
os.environ["PYDM_JIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="pydm-test-jit-cache-")
atexit.register(shutil.rmtree, os.environ["PYDM_JIT_CACHE_DIR"], True)

import shared  # noqa: E402,F401 - importable by every test module from here on

# Native loops (issue 12): the existing suite stays on the VM path (a native
# compile costs ~1 s); tests/native forces native=True explicitly.
os.environ.setdefault("PYDM_NATIVE", "0")
