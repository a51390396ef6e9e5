"""``sum`` of a generator expression whose items are statically all ints
(bools) or all floats adds into an unboxed total (``reductions.py``
``unboxed_sum``): values, types (a float sum of no items is the int 0, -0.0
items give 0.0), ``start``, an item that raises midway, and int overflow (pydm's
64-bit ints: where CPython's total needs more bits, pydm raises OverflowError),
each against CPython."""
import pytest

import pydm

from shared import has_big_int, outcome


@pydm.jit
def sums(xs, k: int):
    if k == 0:
        return sum(x * x for x in range(len(xs))), sum(x > 1 for x in xs if x == x)
    if k == 1:
        return sum(float(x) for x in xs), sum(x * 0.5 for x in range(0))
    if k == 2:
        return sum((i for i in range(len(xs))), 10), sum(i for i in [])
    if k == 3:
        return sum(7 // (x - 2) for x in range(len(xs)))
    if k == 4:
        return sum(i * 2**61 for i in range(len(xs)))
    if k == 5:
        return sum(-0.0 for _ in xs), sum(float(x) for x in xs if x < 0)
    return sum(x for y in xs if abs(y) < 100 for x in range(int(y) % 4) if x)


@pytest.mark.parametrize("k", range(7))
def test_unboxed_sums_agree_with_cpython(k):
    for xs in ([1, 2, 3], [], [-1.5, 2.5, 1e308, 1e308], [0.1] * 10, [-0.0, -0.0], list(range(9))):
        want = outcome(sums.py_func, list(xs), k, show=repr)
        got = outcome(sums, list(xs), k, show=repr)
        if want[0] == "value" and has_big_int(sums.py_func(list(xs), k)):
            assert got[:2] == ("raise", OverflowError), (xs, k, got)
        else:
            assert got == want, (xs, k)


@pydm.jit
def typed_sum(n: int) -> int:
    return sum(x * x % 7 for x in range(n))


def test_an_int_sum_is_typed_code():
    """No boxed additions: the loop's total is an i64 (the result is boxed once)."""
    assert typed_sum(1000) == typed_sum.py_func(1000)
    assert "pydmrtl$add" not in typed_sum.inspect("vm")
