"""float and mixed int/float arithmetic against CPython, bit for bit.

Covers the IREE VM traps named in DESIGN.md/PLATFORM.md: folding of x*0.0 and
0.0/x, -0.0 constants, arith.remf being IEEE remainder (not Python %), and
CPython's ZeroDivisionError / OverflowError messages for / // % **.
"""
import itertools
import math

import pytest

import pydm
from .harness import FLOAT_EDGES, INT_EDGES, check, check_many


@pydm.jit
def fadd(a: float, b: float) -> float:
    return a + b


@pydm.jit
def fsub(a: float, b: float) -> float:
    return a - b


@pydm.jit
def fmul(a: float, b: float) -> float:
    return a * b


@pydm.jit
def fdiv(a: float, b: float) -> float:
    return a / b


@pydm.jit
def ffloordiv(a: float, b: float) -> float:
    return a // b


@pydm.jit
def fmod(a: float, b: float) -> float:
    return a % b


@pydm.jit
def fpow(a: float, b: float) -> float:
    return a ** b


@pydm.jit
def fneg(a: float) -> float:
    return -a


@pydm.jit
def fpos(a: float) -> float:
    return +a


@pydm.jit
def fnot(a: float) -> bool:
    return not a


# int op float
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
def if_div(a: int, b: float) -> float:
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


# float op int
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
def fi_div(a: float, b: int) -> float:
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


# bool op float
@pydm.jit
def bf_add(a: bool, b: float) -> float:
    return a + b


@pydm.jit
def bf_mul(a: bool, b: float) -> float:
    return a * b


@pydm.jit
def fb_div(a: float, b: bool) -> float:
    return a / b


def complex_domain(a, b) -> bool:
    """CPython's ``a ** b`` leaves the reals: a finite negative base, a finite
    non-integral exponent (the result is complex, or OverflowError('complex
    exponentiation')). pydm has no complex numbers, so these are not compared."""
    return (math.isfinite(a) and a < 0 and math.isfinite(b) and b != math.floor(b))


def real_only(cases):
    """Drop ``a ** b`` cases in the complex domain (see complex_domain)."""
    return [(a, b) for a, b in cases if not complex_domain(a, b)]


FF = list(itertools.product(FLOAT_EDGES, repeat=2))
IF = list(itertools.product(INT_EDGES, FLOAT_EDGES))
FI = list(itertools.product(FLOAT_EDGES, INT_EDGES))


def _ids(f):
    return f.py_func.__name__


@pytest.mark.parametrize("fn", [fadd, fsub, fmul, fdiv, ffloordiv, fmod, fpow], ids=_ids)
def test_float_binary_edges(fn):
    check_many(fn, real_only(FF) if fn is fpow else FF)


@pytest.mark.parametrize("fn", [fneg, fpos, fnot], ids=_ids)
def test_float_unary_edges(fn):
    check_many(fn, [(a,) for a in FLOAT_EDGES])


@pytest.mark.parametrize("fn", [if_add, if_sub, if_mul, if_div, if_floordiv, if_mod, if_pow], ids=_ids)
def test_int_float_edges(fn):
    check_many(fn, real_only(IF) if fn is if_pow else IF)


@pytest.mark.parametrize("fn", [fi_add, fi_sub, fi_mul, fi_div, fi_floordiv, fi_mod], ids=_ids)
def test_float_int_edges(fn):
    check_many(fn, FI)


def test_float_pow_int_edges():
    # float ** int: CPython converts the int exponent to float; huge exponents overflow.
    check_many(fi_pow, FI)


@pytest.mark.parametrize("fn", [bf_add, bf_mul], ids=_ids)
def test_bool_float(fn):
    check_many(fn, [(b, x) for b in (False, True) for x in FLOAT_EDGES])


def test_float_div_bool():
    check_many(fb_div, [(x, b) for b in (False, True) for x in FLOAT_EDGES])


@pytest.mark.parametrize("a,b", [
    (7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (5.0, 3.0), (-5.0, 3.0), (5.0, -3.0),
    (-0.0, 1.0), (0.0, -1.0), (-0.0, -1.0), (1.0, float("inf")), (-1.0, float("inf")),
    (1.0, float("-inf")), (-1.0, float("-inf")), (float("inf"), 1.0), (1e308, 1e-308),
    (0.1, 0.01), (1.0, 0.1), (-1.0, 0.1), (5e-324, -1.0), (6.0, 3.0), (-6.0, 3.0),
    (1.0, 0.0), (0.0, 0.0), (-1.0, -0.0), (float("nan"), 0.0), (float("inf"), 0.0),
])
def test_floor_div_and_mod_signs(a, b):
    """Python's % takes the sign of the divisor and is *not* IEEE remainder."""
    check(ffloordiv, a, b)
    check(fmod, a, b)
    check(fdiv, a, b)


@pytest.mark.parametrize("a,b", [
    (10.0, 400.0), (-10.0, 401.0), (1e300, 2.0), (-1e300, 3.0), (2.0, 10000.0), (1e-300, -2.0),
    (0.0, -1.0), (-0.0, -1.0), (0.0, -0.5), (0.0, -float("inf")), (-0.0, -3.0),
    (-8.0, 1.0 / 3.0 * 3.0), (-1.0, float("inf")), (-1.0, float("nan")), (1.0, float("nan")),
    (float("nan"), 0.0), (float("-inf"), 3.0), (float("-inf"), -3.0), (float("-inf"), 0.5),
    (-0.0, 3.0), (-0.0, 0.5), (-2.0, 3.0), (-2.0, -3.0), (2.0, -1074.0), (2.0, -1075.0),
    (2.0, 1023.0), (2.0, 1024.0), (0.5, 2000.0),
])
def test_float_pow_special(a, b):
    check(fpow, a, b)


@pytest.mark.parametrize("a,b", [(10, 400.0), (0, -1.0), (2, 0.5), (-2, 3.0), (0, -0.5),
                                 (2, -1074.0), (10, 308.0), (10, 309.0)])
def test_int_pow_float_special(a, b):
    check(if_pow, a, b)


# --- constant-folding traps of the VM folders ---

@pydm.jit
def times_zero(x: float) -> float:
    return x * 0.0


@pydm.jit
def zero_times(x: float) -> float:
    return 0.0 * x


@pydm.jit
def times_negzero(x: float) -> float:
    return x * -0.0


@pydm.jit
def zero_div(x: float) -> float:
    return 0.0 / x


@pydm.jit
def plus_zero(x: float) -> float:
    return x + 0.0


@pydm.jit
def plus_negzero(x: float) -> float:
    return x + -0.0


@pydm.jit
def minus_zero(x: float) -> float:
    return x - 0.0


@pydm.jit
def zero_minus(x: float) -> float:
    return 0.0 - x


@pydm.jit
def times_one(x: float) -> float:
    return x * 1.0


@pydm.jit
def div_one(x: float) -> float:
    return x / 1.0


@pydm.jit
def self_sub(x: float) -> float:
    return x - x


@pydm.jit
def self_div(x: float) -> float:
    return x / x


@pydm.jit
def self_mod(x: float) -> float:
    return x % x


@pydm.jit
def neg_neg(x: float) -> float:
    return -(-x)


@pydm.jit
def pow_zero(x: float) -> float:
    return x ** 0.0


@pydm.jit
def pow_one(x: float) -> float:
    return x ** 1.0


@pydm.jit
def pow_two(x: float) -> float:
    return x ** 2


@pydm.jit
def pow_neg_one(x: float) -> float:
    return x ** -1


@pydm.jit
def pow_half(x: float) -> float:
    return x ** 0.5


@pydm.jit
def mul_int_zero(x: float) -> float:
    return x * 0


@pydm.jit
def mod_one(x: float) -> float:
    return x % 1.0


@pydm.jit
def floordiv_one(x: float) -> float:
    return x // 1.0


FOLD_FNS = [times_zero, zero_times, times_negzero, zero_div, plus_zero, plus_negzero, minus_zero,
            zero_minus, times_one, div_one, self_sub, self_div, self_mod, neg_neg, pow_zero,
            pow_one, pow_two, pow_neg_one, pow_half, mul_int_zero, mod_one, floordiv_one]


@pytest.mark.parametrize("fn", FOLD_FNS, ids=_ids)
def test_folding_traps(fn):
    check_many(fn, [(x,) for x in FLOAT_EDGES if not (fn is pow_half and complex_domain(x, 0.5))])


@pydm.jit
def neg_zero_literal() -> float:
    return -0.0


@pydm.jit
def neg_zero_local() -> float:
    z = -0.0
    return z


@pydm.jit
def neg_zero_product() -> float:
    return 0.0 * -1.0


@pydm.jit
def neg_zero_sum() -> float:
    return -0.0 + -0.0


@pydm.jit
def pos_zero_sum() -> float:
    return -0.0 + 0.0


@pydm.jit
def inf_const() -> float:
    return 1e308 * 10.0


@pydm.jit
def nan_const() -> float:
    x = 1e308 * 10.0
    return x - x


@pydm.jit
def inf_times_zero_const() -> float:
    x = 1e308 * 10.0
    return x * 0.0


@pydm.jit
def subnormal_const() -> float:
    return 5e-324 / 2.0


@pydm.jit
def float_literals() -> float:
    return 1.5e3 + .25 - 3. * 2e-1 + 0.1 + 0.2


@pydm.jit
def huge_literal() -> float:
    return 1.7976931348623157e308


@pydm.jit
def tiny_literal() -> float:
    return 5e-324


@pydm.jit
def neg_tiny_literal() -> float:
    return -5e-324


@pytest.mark.parametrize("fn", [neg_zero_literal, neg_zero_local, neg_zero_product, neg_zero_sum,
                                pos_zero_sum, inf_const, nan_const, inf_times_zero_const,
                                subnormal_const, float_literals, huge_literal, tiny_literal,
                                neg_tiny_literal], ids=_ids)
def test_float_constants(fn):
    check(fn)


# --- augmented assignment on floats ---

@pydm.jit
def faugmented(a: float, b: float) -> float:
    x = a
    x += b
    x -= 0.5
    x *= 3.0
    x /= 7.0
    x //= 0.25
    x %= 100.0
    x **= 0.5
    return x


@pydm.jit
def faug_mixed(a: float, n: int) -> float:
    x = a
    x += n
    x *= n
    x -= n
    x /= n
    return x


@pytest.mark.parametrize("a,b", [(0.0, 0.0), (1.5, 2.25), (-3.0, 10.0), (1e10, 1e-10), (123.456, 654.321)])
def test_float_augmented(a, b):
    check(faugmented, a, b)


@pytest.mark.parametrize("a,n", [(1.5, 3), (-0.0, 1), (2.5, 0), (1e300, 10**6), (0.1, -7),
                                 (float("inf"), 2), (float("nan"), 5)])
def test_float_augmented_mixed(a, n):
    check(faug_mixed, a, n)


@pydm.jit
def int_div_exact(a: int, b: int) -> float:
    return a / b


@pytest.mark.parametrize("a,b", [
    (9007199254740993, 1), (9007199254740993, 3), (2**63 - 1, 3), (2**63 - 1, 2**63 - 2),
    (-(2**63), 7), (2**62 + 1, 2**62 - 1), (2**60 + 3, 2**60 + 1), (10**18 + 1, 10**18 - 1),
    (123456789012345678, 987654321), (1, 3), (-1, 3), (2, 3), (1, 49), (7, -0 - 7),
])
def test_int_true_division_correctly_rounded(a, b):
    """CPython's int / int is the correctly rounded quotient, not float(a) / float(b)."""
    check(int_div_exact, a, b)


# --- int constants computed at compile time, used as float operands ---
# (1 - 1) is the int 0; CPython converts it to 0.0 *at run time*, so 0 * inf is nan,
# 0 / -1.0 is -0.0 and 0 + -0.0 is 0.0. Folding must not turn these into identities.

@pydm.jit
def folded_zero_mul(y: float) -> float:
    return (1 - 1) * y


@pydm.jit
def folded_zero_shift_mul(y: float) -> float:
    return (2 >> 3) * y


@pydm.jit
def folded_zero_div(y: float) -> float:
    return (1 - 1) / y


@pydm.jit
def folded_zero_mod(y: float) -> float:
    return (1 - 1) % y


@pydm.jit
def folded_zero_floordiv(y: float) -> float:
    return (1 - 1) // y


@pydm.jit
def folded_zero_add(y: float) -> float:
    return (1 - 1) + y


@pydm.jit
def folded_zero_sub(y: float) -> float:
    return (1 - 1) - y


@pydm.jit
def mul_folded_zero(y: float) -> float:
    return y * (1 - 1)


@pydm.jit
def folded_zero_local_mul(y: float) -> float:
    z = 5 - 5
    return z * y


@pydm.jit
def folded_float_zero_mul(y: float) -> float:
    return (1.5 - 1.5) * y


FOLDED_ZERO_FNS = [folded_zero_mul, folded_zero_shift_mul, folded_zero_div, folded_zero_mod,
                   folded_zero_floordiv, folded_zero_add, folded_zero_sub, mul_folded_zero,
                   folded_zero_local_mul, folded_float_zero_mul]


@pytest.mark.parametrize("fn", FOLDED_ZERO_FNS, ids=_ids)
def test_folded_int_constants_in_float_ops(fn):
    check_many(fn, [(x,) for x in FLOAT_EDGES])
