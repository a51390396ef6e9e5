"""Bit-exactness against CPython (which calls the same libm) over many
floats - subnormals, huge, negative, signed zeros, infinities, NaN: each
example is one compiled call over a whole list of values."""
import math

import pytest
from hypothesis import given, settings, strategies as st

from .mharness import applier, build, check

UNARY = ["sqrt", "exp", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "atan", "tanh", "erf", "floor",
         "ceil", "trunc", "fabs", "degrees", "radians", "tan", "asinh", "cbrt"]
BINARY = ["atan2", "pow", "copysign", "fmod", "hypot", "log"]

FLOATS = st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=True)
MODERATE = st.floats(min_value=-800.0, max_value=800.0)


@pytest.fixture(scope="module")
def m(tmp_path_factory):
    return build(tmp_path_factory.mktemp("math_exact"), "math_exact_case", [
        applier("unary", "xs: list[float]", [f"math.{f}(x)" for f in UNARY]),
        applier("binary", "xs: list[float], ys: list[float]", [f"math.{f}(x, y)" for f in BINARY]),
        applier("fsum", "xs: list[float]", ["math.fsum(xs[:len(out) % 7 + 1] + [x])", "math.hypot(x, x * 0.5, 3.0)"]),
    ])


@settings(max_examples=12, deadline=None)
@given(st.lists(st.one_of(FLOATS, MODERATE), min_size=100, max_size=300))
def test_unary_bits(m, xs):
    check(m.unary, xs)


@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(st.one_of(FLOATS, MODERATE), st.one_of(FLOATS, MODERATE)), min_size=100, max_size=300))
def test_binary_bits(m, pairs):
    check(m.binary, [a for a, _ in pairs], [b for _, b in pairs])


@settings(max_examples=10, deadline=None)
@given(st.lists(st.one_of(FLOATS, MODERATE, st.floats(min_value=-1e16, max_value=1e16)), min_size=5, max_size=80))
def test_fsum_and_hypot_bits(m, xs):
    check(m.fsum, xs)
