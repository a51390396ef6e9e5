"""Formatting made in the VM (no host call): a float with a literal ``.Nf``
spec (``runtime_lib/strings.py`` ``fixed_into``; fill, align, sign, zero
padding, width), against CPython's ``format``; the values the library cannot
make exactly in 63 bits (inf, nan, huge values, long precisions of long
mantissas) go to the host and must agree as well. One compiled dispatcher."""
from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .sharness import check, dispatchers

FIXED = [
    'f"{x:.3f}"', 'f"{x:.0f}"', 'f"{x:.1f}"', 'f"{x:+.2f}"', 'f"{x: .1f}"', 'f"{x:-.4f}"',
    'f"{x:10.3f}"', 'f"{x:<10.3f}"', 'f"{x:>10.3f}"', 'f"{x:*^13.2f}"', 'f"{x:=+12.4f}"',
    'f"{x:012.3f}"', 'f"{x:0.2f}"', 'f"{x:x<9.5f}"', 'f"{x:\u00e9>9.1f}"', 'f"{x:.18f}"',
    'f"{x:.6f}"', 'f"{x:.2F}"', 'f"{x:3.0f}"', 'f"{x:.3f}|{x:.1f}|"', 'format(x, ".5f")',
    '"{:.3f}".format(x)', '"[{0:>8.2f}]".format(x)', 'len(f"{x:.3f}")',
    'f"{x:.3f}|{x:e}"',  # a piece the VM does not make: the whole f-string by the host
]
#: f-strings of several pieces the VM makes, written into one new str (``vm_join``:
#: ``str_into``, ``int_into``, ``fixed_into``; the str grown where the host's text of
#: a float is longer than its bound, and cut to the length written)
JOINED = [
    'f"{x:.3f}|{n}"', 'f"{s}{n}{s}"', 'f"{n}:{x:10.2f}:{s}"', 'f"{s}{x:.1f}{s}{x:.18f}"',
    'f"[{x:>30.3f}]{n}"', 'f"{n}{n}{n}{n}"', 'f"{s!s}={n!r},{None}"', 'f"{x:.0f}{s}"',
    'f"{s}"', 'f"{n}"', 'len(f"{x:.3f}|{n}")', '"{}-{:.2f}".format(n, x)', 'f"{x:*<25.4f}{x:.2f}{s}"',
]
M = dispatchers("format_vm", {"fixed": ("x: float", FIXED), "joined": ("x: float, n: int, s: str", JOINED)})

EDGES = [0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.0005, 0.0015, -0.0004, 1e-320, 5e-324, 0.9995, 9.9995,
         123456789.125, 1e16, 2.0 ** 53, 2.0 ** 62, 2.0 ** 63, 9.2e18, 1e300, -1e-5, 1.0 / 3.0,
         -1000.0 + 0.37 * 12345, math.inf, -math.inf, math.nan, -math.nan]
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("x", EDGES)
def test_fixed_edges(x):
    for k, e in enumerate(FIXED):
        check(M.fixed, k, x, where=f"{e} of {x!r}: ")


@SETTINGS
@given(st.one_of(st.floats(), st.floats(min_value=-1e6, max_value=1e6),
                 st.integers(-10 ** 7, 10 ** 7).map(lambda n: n / 1000)))
def test_fixed_random(x):
    for k, e in enumerate(FIXED):
        check(M.fixed, k, x, where=f"{e} of {x!r}: ")


@pytest.mark.parametrize("x", [0.0, -0.0, 2.5, -1000.0 + 0.37 * 999, 1e16, 9.2e18, 1e300, -1e300, 5e-324,
                               math.inf, -math.inf, math.nan])
def test_joined(x):
    for n in (0, -1, 7, 12345, -9223372036854775808, 9223372036854775807):
        for s in ("", "a", "h\u00e9llo", "\U0001f600" * 3, "x" * 40):
            for k, e in enumerate(JOINED):
                check(M.joined, k, x, n, s, where=f"{e} of {(x, n, s)!r}: ")


@SETTINGS
@given(st.floats(), st.integers(-2 ** 63, 2 ** 63 - 1), st.text(max_size=30))
def test_joined_random(x, n, s):
    for k, e in enumerate(JOINED):
        check(M.joined, k, x, n, s, where=f"{e} of {(x, n, s)!r}: ")


def test_fixed_is_made_in_the_vm():
    """The library makes the digits; the host is only the fallback (inside)."""
    ir = M.fixed.alone.inspect("pydm") if hasattr(M.fixed, "alone") else M.fixed.inspect("pydm")
    assert "fixed_into" in ir
