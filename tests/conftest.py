"""Loaded by pytest for every test: puts ``tests/`` on ``sys.path`` so test
modules share helpers with ``from shared import ...`` (tests/shared.py) and the
folder harnesses with ``from conformance.harness import ...``."""
from __future__ import annotations

import os
import sys

_TESTS = os.path.dirname(os.path.abspath(__file__))
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

import shared  # noqa: E402,F401 - importable by every test module from here on

# Native loops (issue 12): the existing suite stays on the VM path (a native
# compile costs ~1 s); tests/native forces native=True explicitly.
os.environ.setdefault("PYDM_NATIVE", "0")
