"""The issue's example, exactly:

    @pydm.jit
    def poly(x): return 3 * x * x - 2 * x + 1
    poly(3), poly(0.5), poly(True)  → 22, 0.75, 2 — same values and types as CPython.
"""
import pydm
from conformance.harness import check_overflow

from .dynharness import check_all


@pydm.jit
def poly(x): return 3 * x * x - 2 * x + 1


def test_issue_example():
    results = (poly(3), poly(0.5), poly(True))
    assert results == (22, 0.75, 2)
    assert tuple(type(r) for r in results) == (int, float, int)
    assert results == (poly.py_func(3), poly.py_func(0.5), poly.py_func(True))


def test_interleaved_calls_keep_their_types():
    """Each argument-type signature has its own specialization; calling them in
    any order (cached after the first call) keeps results and types."""
    for _ in range(3):
        for x, expected in ((True, 2), (0.5, 0.75), (3, 22), (False, 1), (-0.0, 1.0), (0, 1)):
            r = poly(x)
            assert r == expected and type(r) is type(expected), (x, r)


def test_poly_differential():
    check_all(poly, [(x,) for x in (None, False, True, 0, 1, -1, 3, -7, 2**31 - 1, 0.5, -0.0, 1e200,
                                    float("nan"), float("inf"), float("-inf"))])


def test_poly_overflow_is_the_documented_divergence():
    check_overflow(poly, 2**31)
    check_overflow(poly, -(2**40))
