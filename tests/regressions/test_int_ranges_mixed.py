"""Regression: the int-ranges pass read a comparison of an int with a float
as if both were ints. After ``n < 1e19`` it took ``n <= 2**63 - 2`` and
dropped ``n + 1``'s overflow check, so ``f(2**63 - 1)`` returned ``-2**63``
(found by the IR unit tests, tests/ir). A float bounds no int now; each case
runs under CPython and pydm (pydm raises OverflowError where CPython's int
leaves 64 bits, its documented divergence)."""
import pytest

import pydm
from conformance.harness import INT64_MAX, INT64_MIN, check_many


@pydm.jit
def below_float(n: int) -> int:
    if n < 1e19:
        return n + 1
    return 0


@pydm.jit
def above_float(n: int) -> int:
    if -1e19 < n:
        return n - 1
    return 0


@pydm.jit
def float_on_left(n: int, x: float) -> int:
    if x > n:
        return n * 2
    return 0


@pydm.jit
def while_below_float(n: int) -> int:
    k = 0
    while n < 1e300 and k < 3:
        n = n + 1
        k += 1
    return n


EDGES = [(0,), (1,), (-1,), (INT64_MAX,), (INT64_MAX - 1,), (INT64_MIN,), (INT64_MIN + 1,)]


@pytest.mark.parametrize("fn", [below_float, above_float, while_below_float], ids=lambda f: f.py_func.__name__)
def test_a_float_bound_does_not_drop_int_checks(fn):
    check_many(fn, EDGES)


def test_float_on_the_left():
    check_many(float_on_left, [(INT64_MAX, 1e300), (INT64_MAX // 2 + 1, 1e19), (3, 4.0), (5, 1.0)])
