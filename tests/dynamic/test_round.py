"""``round(number, ndigits=None)`` against CPython: ints and bools (an int;
for ``ndigits < 0`` the nearest multiple, a tie to the even one), floats
(``round(x)`` an int, a tie to the even one; ``round(x, n)`` the exact value
rounded: ``round(2.675, 2)`` is ``2.67``), typed and ``object`` arguments,
keywords, ``None`` digits, and CPython's errors. Values are compared by
``repr`` and type (``-0.0`` is not ``0.0``); pydm's 64-bit int limit (an
``OverflowError`` where CPython's int grows, a ``NotImplementedError`` for
``ndigits < 0`` of a float beyond 64-bit ints) is checked as such."""
import math

import pytest
from hypothesis import given, settings, strategies as st

import pydm

from shared import INT64_MAX, has_big_int, outcome


@pydm.jit
def round_object(x, n):
    return round(x, n)


@pydm.jit
def round_whole(x):
    return round(x)


@pydm.jit
def round_typed(x: float, n: int):
    return round(x, n), round(x), round(x, ndigits=n), round(number=x), round(x, None)


@pydm.jit
def round_int(x: int, n: int):
    return round(x, n), round(True, n), round(x)


FLOATS = [0.0, -0.0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.675, 1.005, 0.125, 0.375, 1234.5678, -1234.5678,
          1e15 + 0.5, 4503599627370495.5, 5e-324, 123456789.987654321, 0.1, 0.7, 1e-10, 5e18, 9.2e18,
          -9.2e18, 1.7976931348623157e308, math.nan, math.inf, -math.inf]
INTS = [0, 1, -1, 5, 15, 25, -25, 35, 150, 250, -250, 123456789, INT64_MAX, -INT64_MAX - 1, 5 * 10**18,
        5 * 10**18 + 1, -5 * 10**18]
DIGITS = [0, 1, 2, 3, 10, 17, 18, 19, 25, 300, 323, 324, -1, -2, -3, -5, -18, -19, -20, -308, -309]


def beyond_64_bits(fn, args) -> bool:
    """Where CPython's answer needs more than pydm's 64-bit ints."""
    raw = outcome(fn.py_func, *args)
    if raw[0] == "value" and has_big_int(raw[2]):
        return True
    x, n = args[0], args[1] if len(args) > 1 else None
    return type(x) is float and type(n) is int and n < 0 and math.isfinite(x) and abs(x) >= 2**63


def same(fn, *args):
    want = outcome(fn.py_func, *args, show=repr)
    got = outcome(fn, *args, show=repr)
    if beyond_64_bits(fn, args):
        assert got[0] == "raise" and got[1] in (OverflowError, NotImplementedError), (args, got)
        return
    assert got == want, (args, want, got)


@pytest.mark.parametrize("n", DIGITS)
def test_floats_typed(n):
    for x in FLOATS:
        same(round_typed, x, n)


@pytest.mark.parametrize("n", DIGITS)
def test_ints_typed(n):
    for x in INTS:
        same(round_int, x, n)


def test_objects_and_errors():
    values = FLOATS + INTS + [True, False, None, "s", (1,), [1.5]]
    for x in values:
        same(round_whole, x)
        for n in (2, -1, None, True, "a", 2.0, 0):
            same(round_object, x, n)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e17, max_value=1e17),
       st.integers(min_value=-20, max_value=20))
def test_property_round_floats(x, n):
    same(round_object, x, n)
