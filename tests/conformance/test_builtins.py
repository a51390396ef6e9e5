"""Builtins: abs, min/max (2 and 3 arguments), int(), float(), bool()."""
import itertools

import pytest

import pydm
from .harness import FLOAT_EDGES, INT64_MAX, INT64_MIN, INT_EDGES, check, check_many, check_overflow


@pydm.jit
def iabs(a: int) -> int:
    return abs(a)


@pydm.jit
def fabs(x: float) -> float:
    return abs(x)


@pydm.jit
def babs(b: bool) -> int:
    return abs(b)


@pydm.jit
def imin(a: int, b: int) -> int:
    return min(a, b)


@pydm.jit
def imax(a: int, b: int) -> int:
    return max(a, b)


@pydm.jit
def imin3(a: int, b: int, c: int) -> int:
    return min(a, b, c)


@pydm.jit
def imax3(a: int, b: int, c: int) -> int:
    return max(a, b, c)


@pydm.jit
def fmin(a: float, b: float) -> float:
    return min(a, b)


@pydm.jit
def fmax(a: float, b: float) -> float:
    return max(a, b)


@pydm.jit
def fmin3(a: float, b: float, c: float) -> float:
    return min(a, b, c)


@pydm.jit
def fmax3(a: float, b: float, c: float) -> float:
    return max(a, b, c)


@pydm.jit
def bmax(a: bool, b: bool) -> bool:
    return max(a, b)


@pydm.jit
def int_of_float(x: float) -> int:
    return int(x)


@pydm.jit
def int_of_int(a: int) -> int:
    return int(a)


@pydm.jit
def int_of_bool(b: bool) -> int:
    return int(b)


@pydm.jit
def float_of_int(a: int) -> float:
    return float(a)


@pydm.jit
def float_of_float(x: float) -> float:
    return float(x)


@pydm.jit
def float_of_bool(b: bool) -> float:
    return float(b)


@pydm.jit
def bool_of_int(a: int) -> bool:
    return bool(a)


@pydm.jit
def bool_of_float(x: float) -> bool:
    return bool(x)


@pydm.jit
def bool_of_bool(b: bool) -> bool:
    return bool(b)


@pydm.jit
def builtins_combined(a: int, x: float) -> float:
    return float(max(abs(a), 3)) + min(abs(x), 10.0) + int(x * 2.0) + bool(a)


def _ids(f):
    return f.py_func.__name__


def test_abs():
    check_many(iabs, [(a,) for a in INT_EDGES if a != INT64_MIN])
    check_overflow(iabs, INT64_MIN)
    check_many(fabs, [(x,) for x in FLOAT_EDGES])
    check_many(babs, [(False,), (True,)])


@pytest.mark.parametrize("fn", [imin, imax], ids=_ids)
def test_min_max_int(fn):
    check_many(fn, list(itertools.product(INT_EDGES, repeat=2)))


@pytest.mark.parametrize("fn", [imin3, imax3], ids=_ids)
def test_min_max_int3(fn):
    check_many(fn, list(itertools.product([INT64_MIN, -1, 0, 1, INT64_MAX], repeat=3)))


@pytest.mark.parametrize("fn", [fmin, fmax], ids=_ids)
def test_min_max_float(fn):
    """CPython keeps the first of equal arguments (max(0.0, -0.0) is 0.0) and NaN handling
    follows from `<`/`>`: max(nan, 1.0) is nan, max(1.0, nan) is 1.0."""
    check_many(fn, list(itertools.product(FLOAT_EDGES, repeat=2)))


@pytest.mark.parametrize("fn", [fmin3, fmax3], ids=_ids)
def test_min_max_float3(fn):
    vals = [0.0, -0.0, 1.0, float("nan"), float("-inf")]
    check_many(fn, list(itertools.product(vals, repeat=3)))


def test_max_bool():
    check_many(bmax, list(itertools.product([False, True], repeat=2)))


INT_CONVERSION_FLOATS = FLOAT_EDGES + [
    2.5, -2.5, 0.9999999999999999, -0.9999999999999999, 1e18, -1e18, 9.223372036854775e18,
    -9.223372036854775e18, -9223372036854775808.0, 4503599627370495.5, -4503599627370495.5,
    1e-320,
]


def test_int_of_float():
    """Truncation toward zero; nan -> ValueError, inf -> OverflowError (same messages);
    floats at or beyond 2**63 overflow int64 (documented divergence)."""
    check_many(int_of_float, [(x,) for x in INT_CONVERSION_FLOATS])


@pytest.mark.parametrize("x", [9223372036854775808.0, -9223372036854777856.0, 1e19, -1e19, 1e300,
                               1.7976931348623157e308, 2.0**64])
def test_int_of_large_float_overflows(x):
    check_overflow(int_of_float, x)


def test_int_of_exact_limits():
    # -2**63 is exactly representable and fits int64.
    check(int_of_float, -9223372036854775808.0)
    check(int_of_float, 9223372036854774784.0)  # largest double below 2**63


def test_conversions():
    check_many(int_of_int, [(a,) for a in INT_EDGES])
    check_many(int_of_bool, [(False,), (True,)])
    check_many(float_of_int, [(a,) for a in INT_EDGES + [2**53 + 3, 2**63 - 513, 2**63 - 512,
                                                           -(2**63) + 513, 2**54 + 6]])
    check_many(float_of_float, [(x,) for x in FLOAT_EDGES])
    check_many(float_of_bool, [(False,), (True,)])
    check_many(bool_of_int, [(a,) for a in INT_EDGES])
    check_many(bool_of_float, [(x,) for x in FLOAT_EDGES])
    check_many(bool_of_bool, [(False,), (True,)])


def test_combined():
    check_many(builtins_combined, [(a, x) for a in (-5, 0, 2, INT64_MAX) for x in
                                   (-3.7, 0.0, 2.5, 40.0, float("nan"))])
