"""The README's examples run and agree with CPython (each asserts it itself)."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("name", ["lists.py"])
def test_example_runs(name):
    path = os.path.join(ROOT, "examples", name)
    p = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "primes(100): [2, 3, 5, 7" in p.stdout
