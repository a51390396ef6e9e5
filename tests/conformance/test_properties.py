"""Property tests: for every arithmetic and comparison operator over int, float and
mixed int/float (and bool), pydm agrees with CPython (via harness.check) on edge
values mixed with random ones.

One jit function per operator and operand-type combination, defined at module
level so each compiles once; hypothesis then calls it many times.
"""
import math
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pydm
from .harness import FLOAT_EDGES, INT64_MAX, INT64_MIN, INT_EDGES, check, check_raises

PROFILE = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
# examples per operator and type combination; raise it for a longer bug hunt, e.g.
# PYDM_CONFORMANCE_EXAMPLES=5000 pytest tests/conformance/test_properties.py
N = int(os.environ.get("PYDM_CONFORMANCE_EXAMPLES", "100"))

ints = st.one_of(
    st.sampled_from(INT_EDGES),
    st.integers(INT64_MIN, INT64_MAX),
    st.integers(-1000, 1000),
    st.integers(0, 62).map(lambda k: 2**k) | st.integers(0, 63).map(lambda k: -(2**k)),
)
nonneg_small = st.one_of(st.integers(0, 130), st.sampled_from([0, 1, 2, 31, 32, 62, 63, 64, 65]))
shift_counts = st.one_of(st.integers(-3, 130), st.sampled_from([-1, 63, 64, 2**31, 2**62, INT64_MAX,
                                                                 INT64_MIN]))


def _near(x: float, k: int) -> float:
    for _ in range(abs(k)):
        x = math.nextafter(x, math.inf if k > 0 else -math.inf)
    return x


floats = st.one_of(
    st.sampled_from(FLOAT_EDGES),
    st.floats(),  # includes nan, ±inf, ±0.0 and subnormals
    st.floats(-1e6, 1e6),
    st.integers(-(2**63), 2**63).map(float),
    st.builds(_near, st.sampled_from([0.0, 1.0, -1.0, 2.0**53, 2.0**63, -(2.0**63), 0.5]),
              st.integers(-3, 3)),
)
bools = st.booleans()


def _ids(f):
    return f.py_func.__name__


# ---------------------------------------------------------------- int × int
@pydm.jit
def i_add(a: int, b: int) -> int:
    return a + b


@pydm.jit
def i_sub(a: int, b: int) -> int:
    return a - b


@pydm.jit
def i_mul(a: int, b: int) -> int:
    return a * b


@pydm.jit
def i_truediv(a: int, b: int) -> float:
    return a / b


@pydm.jit
def i_floordiv(a: int, b: int) -> int:
    return a // b


@pydm.jit
def i_mod(a: int, b: int) -> int:
    return a % b


@pydm.jit
def i_pow(a: int, b: int) -> int:
    return a ** b


@pydm.jit
def i_and(a: int, b: int) -> int:
    return a & b


@pydm.jit
def i_or(a: int, b: int) -> int:
    return a | b


@pydm.jit
def i_xor(a: int, b: int) -> int:
    return a ^ b


@pydm.jit
def i_lshift(a: int, b: int) -> int:
    return a << b


@pydm.jit
def i_rshift(a: int, b: int) -> int:
    return a >> b


@pydm.jit
def i_lt(a: int, b: int) -> bool:
    return a < b


@pydm.jit
def i_le(a: int, b: int) -> bool:
    return a <= b


@pydm.jit
def i_gt(a: int, b: int) -> bool:
    return a > b


@pydm.jit
def i_ge(a: int, b: int) -> bool:
    return a >= b


@pydm.jit
def i_eq(a: int, b: int) -> bool:
    return a == b


@pydm.jit
def i_ne(a: int, b: int) -> bool:
    return a != b


@pydm.jit
def i_neg(a: int) -> int:
    return -a


@pydm.jit
def i_pos(a: int) -> int:
    return +a


@pydm.jit
def i_invert(a: int) -> int:
    return ~a


@pydm.jit
def i_not(a: int) -> bool:
    return not a


@pydm.jit
def i_abs(a: int) -> int:
    return abs(a)


@pydm.jit
def i_min(a: int, b: int) -> int:
    return min(a, b)


@pydm.jit
def i_max(a: int, b: int) -> int:
    return max(a, b)


INT_BINARY = [i_add, i_sub, i_mul, i_truediv, i_floordiv, i_mod, i_and, i_or, i_xor,
              i_lt, i_le, i_gt, i_ge, i_eq, i_ne, i_min, i_max]


@pytest.mark.parametrize("fn", INT_BINARY, ids=_ids)
@settings(max_examples=N, **PROFILE)
@given(a=ints, b=ints)
def test_int_binary(fn, a, b):
    check(fn, a, b)


@pytest.mark.parametrize("fn", [i_floordiv, i_mod, i_truediv], ids=_ids)
@settings(max_examples=N // 3, **PROFILE)
@given(a=ints, b=st.integers(-20, 20))
def test_int_division_small_divisors(fn, a, b):
    check(fn, a, b)


@settings(max_examples=N, **PROFILE)
@given(a=ints, b=nonneg_small)
def test_int_pow(a, b):
    check(i_pow, a, b)


@settings(max_examples=N // 3, **PROFILE)
@given(a=st.sampled_from([0, 1, -1]), b=st.integers(0, INT64_MAX))
def test_int_pow_trivial_bases_any_exponent(a, b):
    check(i_pow, a, b)


@settings(max_examples=N, **PROFILE)
@given(a=ints, b=shift_counts)
def test_int_lshift(a, b):
    if a != 0 and b > 10000:
        check_raises(i_lshift, OverflowError, a, b)  # CPython: MemoryError / gigantic int
    else:
        check(i_lshift, a, b)


@settings(max_examples=N, **PROFILE)
@given(a=ints, b=st.one_of(shift_counts, ints))
def test_int_rshift(a, b):
    check(i_rshift, a, b)


@pytest.mark.parametrize("fn", [i_neg, i_pos, i_invert, i_not, i_abs], ids=_ids)
@settings(max_examples=N // 2, **PROFILE)
@given(a=ints)
def test_int_unary(fn, a):
    check(fn, a)


# ---------------------------------------------------------------- float × float
@pydm.jit
def f_add(a: float, b: float) -> float:
    return a + b


@pydm.jit
def f_sub(a: float, b: float) -> float:
    return a - b


@pydm.jit
def f_mul(a: float, b: float) -> float:
    return a * b


@pydm.jit
def f_truediv(a: float, b: float) -> float:
    return a / b


@pydm.jit
def f_floordiv(a: float, b: float) -> float:
    return a // b


@pydm.jit
def f_mod(a: float, b: float) -> float:
    return a % b


@pydm.jit
def f_pow(a: float, b: float) -> float:
    return a ** b


@pydm.jit
def f_lt(a: float, b: float) -> bool:
    return a < b


@pydm.jit
def f_le(a: float, b: float) -> bool:
    return a <= b


@pydm.jit
def f_gt(a: float, b: float) -> bool:
    return a > b


@pydm.jit
def f_ge(a: float, b: float) -> bool:
    return a >= b


@pydm.jit
def f_eq(a: float, b: float) -> bool:
    return a == b


@pydm.jit
def f_ne(a: float, b: float) -> bool:
    return a != b


@pydm.jit
def f_neg(a: float) -> float:
    return -a


@pydm.jit
def f_pos(a: float) -> float:
    return +a


@pydm.jit
def f_not(a: float) -> bool:
    return not a


@pydm.jit
def f_abs(a: float) -> float:
    return abs(a)


@pydm.jit
def f_min(a: float, b: float) -> float:
    return min(a, b)


@pydm.jit
def f_max(a: float, b: float) -> float:
    return max(a, b)


FLOAT_BINARY = [f_add, f_sub, f_mul, f_truediv, f_floordiv, f_mod,
                f_lt, f_le, f_gt, f_ge, f_eq, f_ne, f_min, f_max]


@pytest.mark.parametrize("fn", FLOAT_BINARY, ids=_ids)
@settings(max_examples=N, **PROFILE)
@given(a=floats, b=floats)
def test_float_binary(fn, a, b):
    check(fn, a, b)


def complex_domain(a, b) -> bool:
    """CPython's ``a ** b`` leaves the reals for a finite negative base and a finite
    non-integral exponent (complex result or OverflowError('complex exponentiation')).
    pydm has no complex numbers: such cases are not compared."""
    return math.isfinite(a) and a < 0 and math.isfinite(b) and b != math.floor(b)


@settings(max_examples=N, **PROFILE)
@given(a=floats, b=floats)
def test_float_pow(a, b):
    if not complex_domain(a, b):
        check(f_pow, a, b)


@pytest.mark.parametrize("fn", [f_neg, f_pos, f_not, f_abs], ids=_ids)
@settings(max_examples=N // 2, **PROFILE)
@given(a=floats)
def test_float_unary(fn, a):
    check(fn, a)


# ---------------------------------------------------------------- int × float, float × int
@pydm.jit
def if_add(a: int, b: float) -> float:
    return a + b


@pydm.jit
def if_sub(a: int, b: float) -> float:
    return a - b


@pydm.jit
def if_mul(a: int, b: float) -> float:
    return a * b


@pydm.jit
def if_truediv(a: int, b: float) -> float:
    return a / b


@pydm.jit
def if_floordiv(a: int, b: float) -> float:
    return a // b


@pydm.jit
def if_mod(a: int, b: float) -> float:
    return a % b


@pydm.jit
def if_pow(a: int, b: float) -> float:
    return a ** b


@pydm.jit
def if_lt(a: int, b: float) -> bool:
    return a < b


@pydm.jit
def if_le(a: int, b: float) -> bool:
    return a <= b


@pydm.jit
def if_gt(a: int, b: float) -> bool:
    return a > b


@pydm.jit
def if_ge(a: int, b: float) -> bool:
    return a >= b


@pydm.jit
def if_eq(a: int, b: float) -> bool:
    return a == b


@pydm.jit
def if_ne(a: int, b: float) -> bool:
    return a != b


@pydm.jit
def fi_add(a: float, b: int) -> float:
    return a + b


@pydm.jit
def fi_sub(a: float, b: int) -> float:
    return a - b


@pydm.jit
def fi_mul(a: float, b: int) -> float:
    return a * b


@pydm.jit
def fi_truediv(a: float, b: int) -> float:
    return a / b


@pydm.jit
def fi_floordiv(a: float, b: int) -> float:
    return a // b


@pydm.jit
def fi_mod(a: float, b: int) -> float:
    return a % b


@pydm.jit
def fi_pow(a: float, b: int) -> float:
    return a ** b


@pydm.jit
def fi_lt(a: float, b: int) -> bool:
    return a < b


@pydm.jit
def fi_le(a: float, b: int) -> bool:
    return a <= b


@pydm.jit
def fi_gt(a: float, b: int) -> bool:
    return a > b


@pydm.jit
def fi_ge(a: float, b: int) -> bool:
    return a >= b


@pydm.jit
def fi_eq(a: float, b: int) -> bool:
    return a == b


@pydm.jit
def fi_ne(a: float, b: int) -> bool:
    return a != b


INT_FLOAT = [if_add, if_sub, if_mul, if_truediv, if_floordiv, if_mod, if_lt, if_le, if_gt, if_ge,
             if_eq, if_ne]
FLOAT_INT = [fi_add, fi_sub, fi_mul, fi_truediv, fi_floordiv, fi_mod, fi_lt, fi_le, fi_gt, fi_ge,
             fi_eq, fi_ne]

# Ints and floats that are close to each other make the exact int/float comparison bite.
int_float_pairs = st.one_of(
    st.tuples(ints, floats),
    ints.flatmap(lambda i: st.tuples(st.just(i), st.integers(-2, 2).map(lambda k: _near(float(i), k)))),
)


@pytest.mark.parametrize("fn", INT_FLOAT, ids=_ids)
@settings(max_examples=N, **PROFILE)
@given(pair=int_float_pairs)
def test_int_float(fn, pair):
    check(fn, *pair)


@pytest.mark.parametrize("fn", FLOAT_INT, ids=_ids)
@settings(max_examples=N, **PROFILE)
@given(pair=int_float_pairs)
def test_float_int(fn, pair):
    a, b = pair
    check(fn, b, a)


@settings(max_examples=N, **PROFILE)
@given(pair=int_float_pairs)
def test_int_pow_float(pair):
    if not complex_domain(*pair):
        check(if_pow, *pair)


@settings(max_examples=N, **PROFILE)
@given(a=floats, b=st.one_of(ints, st.integers(-1100, 1100)))
def test_float_pow_int(a, b):
    check(fi_pow, a, b)


# ---------------------------------------------------------------- bool operands
@pydm.jit
def b_add(a: bool, b: bool) -> int:
    return a + b


@pydm.jit
def b_sub(a: bool, b: bool) -> int:
    return a - b


@pydm.jit
def b_and(a: bool, b: bool) -> bool:
    return a & b


@pydm.jit
def b_or(a: bool, b: bool) -> bool:
    return a | b


@pydm.jit
def b_xor(a: bool, b: bool) -> bool:
    return a ^ b


@pydm.jit
def b_lt(a: bool, b: bool) -> bool:
    return a < b


@pydm.jit
def b_ge(a: bool, b: bool) -> bool:
    return a >= b


@pydm.jit
def bi_mul(a: bool, b: int) -> int:
    return a * b


@pydm.jit
def bi_floordiv(a: bool, b: int) -> int:
    return a // b


@pydm.jit
def bi_lt(a: bool, b: int) -> bool:
    return a < b


@pydm.jit
def bf_truediv(a: bool, b: float) -> float:
    return a / b


@pydm.jit
def bf_eq(a: bool, b: float) -> bool:
    return a == b


@pytest.mark.parametrize("fn", [b_add, b_sub, b_and, b_or, b_xor, b_lt, b_ge], ids=_ids)
@settings(max_examples=12, **PROFILE)
@given(a=bools, b=bools)
def test_bool_bool(fn, a, b):
    check(fn, a, b)


@pytest.mark.parametrize("fn", [bi_mul, bi_floordiv, bi_lt], ids=_ids)
@settings(max_examples=N // 3, **PROFILE)
@given(a=bools, b=ints)
def test_bool_int(fn, a, b):
    check(fn, a, b)


@pytest.mark.parametrize("fn", [bf_truediv, bf_eq], ids=_ids)
@settings(max_examples=N // 3, **PROFILE)
@given(a=bools, b=floats)
def test_bool_float(fn, a, b):
    check(fn, a, b)


# ---------------------------------------------------------------- conversions
@pydm.jit
def to_int(x: float) -> int:
    return int(x)


@pydm.jit
def to_float(a: int) -> float:
    return float(a)


@settings(max_examples=N, **PROFILE)
@given(x=floats)
def test_int_of_float(x):
    check(to_int, x)


@settings(max_examples=N // 2, **PROFILE)
@given(a=ints)
def test_float_of_int(a):
    check(to_float, a)
