"""The README's examples run and agree with CPython (each asserts it itself)."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("name,expected", [("lists.py", "primes(100): [2, 3, 5, 7"),
                                           ("functions.py", "parse_all([3, -2, 5],): [6, 0, -1, 0, 10, 0]"),
                                           ("text.py", "report: \"16 words, 11 distinct, 'the' is 18.8%\"")])
def test_example_runs(name, expected):
    path = os.path.join(ROOT, "examples", name)
    p = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert expected in p.stdout
