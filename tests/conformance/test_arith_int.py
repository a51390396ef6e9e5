"""int arithmetic against CPython: + - * / // % ** & | ^ << >>, unary - + ~.

pydm's int is 64-bit; where CPython's exact result does not fit, pydm must
raise OverflowError (the harness checks both halves of that divergence).
"""
import itertools

import pytest

import pydm
from .harness import (INT64_MAX, INT64_MIN, INT_EDGES, check, check_many, check_overflow,
                      check_raises)


@pydm.jit
def add(a: int, b: int) -> int:
    return a + b


@pydm.jit
def sub(a: int, b: int) -> int:
    return a - b


@pydm.jit
def mul(a: int, b: int) -> int:
    return a * b


@pydm.jit
def truediv(a: int, b: int) -> float:
    return a / b


@pydm.jit
def floordiv(a: int, b: int) -> int:
    return a // b


@pydm.jit
def mod(a: int, b: int) -> int:
    return a % b


@pydm.jit
def power(a: int, b: int) -> int:
    return a ** b


@pydm.jit
def bitand(a: int, b: int) -> int:
    return a & b


@pydm.jit
def bitor(a: int, b: int) -> int:
    return a | b


@pydm.jit
def bitxor(a: int, b: int) -> int:
    return a ^ b


@pydm.jit
def lshift(a: int, b: int) -> int:
    return a << b


@pydm.jit
def rshift(a: int, b: int) -> int:
    return a >> b


@pydm.jit
def neg(a: int) -> int:
    return -a


@pydm.jit
def pos(a: int) -> int:
    return +a


@pydm.jit
def invert(a: int) -> int:
    return ~a


@pydm.jit
def not_(a: int) -> bool:
    return not a


PAIRS = list(itertools.product(INT_EDGES, repeat=2))
SMALL_EXPONENTS = [0, 1, 2, 3, 5, 7, 10, 31, 32, 62, 63, 64, 65, 100, 130]
SHIFTS = [0, 1, 2, 31, 32, 62, 63, 64, 65, 100, 127, 128, 1000]


@pytest.mark.parametrize("fn", [add, sub, mul, truediv, floordiv, mod, bitand, bitor, bitxor],
                         ids=lambda f: f.py_func.__name__)
def test_binary_edges(fn):
    check_many(fn, PAIRS)


@pytest.mark.parametrize("fn", [neg, pos, invert, not_], ids=lambda f: f.py_func.__name__)
def test_unary_edges(fn):
    check_many(fn, [(a,) for a in INT_EDGES])


def test_power_edges():
    cases = [(a, b) for a in INT_EDGES for b in SMALL_EXPONENTS]
    cases += [(a, b) for a in (0, 1, -1) for b in INT_EDGES if b >= 0]
    check_many(power, cases)


def test_power_huge_exponent_overflows():
    # CPython would build a gigantic int (or run out of memory): pydm raises OverflowError.
    for a, b in [(2, INT64_MAX), (-2, INT64_MAX), (3, 2**40), (INT64_MIN, 2**62)]:
        check_raises(power, OverflowError, a, b)


def test_shift_edges():
    counts = SHIFTS + [-1, -2, -64, INT64_MIN]
    check_many(lshift, [(a, b) for a in INT_EDGES for b in counts])
    check_many(rshift, [(a, b) for a in INT_EDGES for b in counts + [INT64_MAX, 2**62]])
    check_many(lshift, [(0, b) for b in INT_EDGES])  # 0 << anything non-negative is 0


def test_lshift_huge_count_overflows():
    # CPython raises MemoryError here; the result cannot fit 64 bits, so OverflowError.
    for a in (1, -1, INT64_MAX, INT64_MIN):
        check_raises(lshift, OverflowError, a, INT64_MAX)


@pytest.mark.parametrize("a,b", [
    (7, 2), (-7, 2), (7, -2), (-7, -2), (0, 5), (0, -5), (1, INT64_MIN), (-1, INT64_MIN),
    (INT64_MIN, -1), (INT64_MIN, 1), (INT64_MIN, 2), (INT64_MAX, -1), (INT64_MIN, INT64_MAX),
    (5, 0), (0, 0), (-5, 0), (INT64_MIN, 0),
])
def test_division_signs_and_zero(a, b):
    check(floordiv, a, b)
    check(mod, a, b)
    check(truediv, a, b)


def test_int64_min_floordiv_minus_one_overflows():
    check_overflow(floordiv, INT64_MIN, -1)


def test_int64_min_mod_minus_one_is_zero():
    check(mod, INT64_MIN, -1)


@pytest.mark.parametrize("fn,args", [
    (add, (INT64_MAX, 1)), (add, (INT64_MIN, -1)), (add, (INT64_MAX, INT64_MAX)),
    (add, (INT64_MIN, INT64_MIN)),
    (sub, (INT64_MIN, 1)), (sub, (INT64_MAX, -1)), (sub, (0, INT64_MIN)), (sub, (-2, INT64_MAX)),
    (mul, (INT64_MAX, 2)), (mul, (INT64_MIN, -1)), (mul, (-1, INT64_MIN)), (mul, (3037000500, 3037000500)),
    (mul, (2**32, 2**31)), (mul, (-(2**32), 2**31 + 1)),
    (neg, (INT64_MIN,)), (power, (2, 63)), (power, (-2, 64)), (power, (3037000500, 2)),
    (power, (10, 19)), (lshift, (1, 63)), (lshift, (1, 64)), (lshift, (-1, 64)), (lshift, (3, 62)),
    (lshift, (INT64_MIN, 1)), (lshift, (INT64_MAX, 1)),
])
def test_documented_overflow(fn, args):
    check_overflow(fn, *args)


@pytest.mark.parametrize("fn,args", [
    (add, (INT64_MAX, 0)), (add, (INT64_MIN, 0)), (add, (INT64_MAX, INT64_MIN)),
    (sub, (INT64_MIN, 0)), (sub, (-1, INT64_MAX)), (sub, (INT64_MIN, INT64_MIN)),
    (mul, (INT64_MIN, 1)), (mul, (-(2**32), 2**31)), (mul, (3037000499, 3037000499)),
    (mul, (-1, INT64_MAX)), (power, (-2, 63)), (power, (2, 62)), (lshift, (-1, 63)),
    (lshift, (1, 62)), (lshift, (-(2**62), 1)), (neg, (INT64_MAX,)), (invert, (INT64_MIN,)),
    (invert, (INT64_MAX,)),
])
def test_near_overflow_fits(fn, args):
    check(fn, *args)


@pytest.mark.parametrize("a,b", [(1, -1), (0, -1), (5, -64), (INT64_MIN, -1), (0, INT64_MIN)])
def test_negative_shift_count(a, b):
    check(lshift, a, b)
    check(rshift, a, b)


# --- int ** negative literal gives a float; 0 ** -1 is a ZeroDivisionError ---

@pydm.jit
def pow_neg1(a: int) -> float:
    return a ** -1


@pydm.jit
def pow_neg2(a: int) -> float:
    return a ** -2


@pydm.jit
def pow_neg3(a: int) -> float:
    return a ** -3


@pydm.jit
def pow_lit2(a: int) -> int:
    return a ** 2


@pydm.jit
def pow_lit0(a: int) -> int:
    return a ** 0


@pydm.jit
def two_pow(a: int) -> int:
    return 2 ** a


@pydm.jit
def const_pow_neg() -> float:
    return 2 ** -1


@pydm.jit
def zero_pow_neg() -> float:
    return 0 ** -1


@pytest.mark.parametrize("fn", [pow_neg1, pow_neg2, pow_neg3, pow_lit2, pow_lit0],
                         ids=lambda f: f.py_func.__name__)
def test_pow_literal_exponent(fn):
    check_many(fn, [(a,) for a in INT_EDGES])


def test_two_pow():
    check_many(two_pow, [(a,) for a in range(0, 70)])


def test_const_pow():
    check(const_pow_neg)
    check(zero_pow_neg)


# --- bool is an int subclass in arithmetic ---

@pydm.jit
def add_bool(a: bool, b: bool) -> int:
    return a + b


@pydm.jit
def sub_bool(a: bool, b: bool) -> int:
    return a - b


@pydm.jit
def mul_bool(a: bool, b: bool) -> int:
    return a * b


@pydm.jit
def div_bool(a: bool, b: bool) -> float:
    return a / b


@pydm.jit
def floordiv_bool(a: bool, b: bool) -> int:
    return a // b


@pydm.jit
def mod_bool(a: bool, b: bool) -> int:
    return a % b


@pydm.jit
def pow_bool(a: bool, b: bool) -> int:
    return a ** b


@pydm.jit
def and_bool(a: bool, b: bool) -> bool:
    return a & b


@pydm.jit
def or_bool(a: bool, b: bool) -> bool:
    return a | b


@pydm.jit
def xor_bool(a: bool, b: bool) -> bool:
    return a ^ b


@pydm.jit
def lshift_bool(a: bool, b: bool) -> int:
    return a << b


@pydm.jit
def rshift_bool(a: bool, b: bool) -> int:
    return a >> b


@pydm.jit
def neg_bool(a: bool) -> int:
    return -a


@pydm.jit
def pos_bool(a: bool) -> int:
    return +a


@pydm.jit
def invert_bool(a: bool) -> int:
    return ~a


@pydm.jit
def add_bool_int(a: bool, b: int) -> int:
    return a + b


@pydm.jit
def mul_int_bool(a: int, b: bool) -> int:
    return a * b


@pydm.jit
def and_int_bool(a: int, b: bool) -> int:
    return a & b


@pydm.jit
def true_plus_true() -> int:
    return True + True


BOOL_FNS = [add_bool, sub_bool, mul_bool, div_bool, floordiv_bool, mod_bool, pow_bool, and_bool,
            or_bool, xor_bool, lshift_bool, rshift_bool]


@pytest.mark.parametrize("fn", BOOL_FNS, ids=lambda f: f.py_func.__name__)
def test_bool_binary(fn):
    check_many(fn, list(itertools.product([False, True], repeat=2)))


@pytest.mark.parametrize("fn", [neg_bool, pos_bool, invert_bool], ids=lambda f: f.py_func.__name__)
def test_bool_unary(fn):
    check(fn, False)
    check(fn, True)


def test_bool_int_mixed():
    cases = [(b, i) for b in (False, True) for i in INT_EDGES]
    check_many(add_bool_int, cases)
    check_many(mul_int_bool, [(i, b) for b, i in cases])
    check_many(and_int_bool, [(i, b) for b, i in cases])


def test_true_plus_true_is_int_2():
    assert check(true_plus_true) == 2
    assert check(add_bool, True, True) == 2


# --- literals and constant expressions ---

@pydm.jit
def int64_min_literal() -> int:
    return -9223372036854775808


@pydm.jit
def int64_max_literal() -> int:
    return 9223372036854775807


@pydm.jit
def literal_arith() -> int:
    return (7 * 6 - 2) // 3 % 5 + (1 << 10) - (0xFF ^ 0o17) + (0b1010 & 6) - (-3 | 4)


@pydm.jit
def const_overflow_not_taken(c: bool) -> int:
    a = 9223372036854775807
    if c:
        return a + 1
    return a


@pydm.jit
def const_div_zero_not_taken(c: bool) -> int:
    z = 0
    if c:
        return 1 // z
    return 5


@pydm.jit
def unary_chain(a: int) -> int:
    return -(-(+(~(~a))))


@pydm.jit
def double_neg_literal() -> int:
    return - -5


def test_literals():
    check(int64_min_literal)
    check(int64_max_literal)
    check(literal_arith)
    check(double_neg_literal)
    check_many(unary_chain, [(a,) for a in INT_EDGES if a != INT64_MIN])
    check_overflow(unary_chain, INT64_MIN, intermediate=True)  # -INT64_MIN does not fit


def test_errors_only_when_executed():
    check(const_overflow_not_taken, False)
    check_overflow(const_overflow_not_taken, True)
    check(const_div_zero_not_taken, False)
    check(const_div_zero_not_taken, True)


# --- augmented assignment on ints ---

@pydm.jit
def augmented(a: int, b: int) -> int:
    x = a
    x += b
    x -= 3
    x *= 2
    x //= 7
    x %= 1000003
    x **= 2
    x &= 0xFFFFFF
    x |= 0x100
    x ^= b & 0xFF
    x <<= 3
    x >>= 1
    return x


@pytest.mark.parametrize("a,b", [(0, 0), (1, 2), (-5, 17), (123456789, -987654), (10**12, 10**12),
                                 (-1, -1), (2**40, 3)])
def test_augmented(a, b):
    check(augmented, a, b)


@pydm.jit
def aug_overflow(a: int) -> int:
    x = a
    x *= 4
    return x


def test_augmented_overflow():
    check_overflow(aug_overflow, 2**62)
    check(aug_overflow, 2**60)


@pydm.jit
def intermediate(a: int, b: int) -> int:
    return (a * b) // b


def test_intermediate_overflow_raises():
    # CPython's final result fits, but a * b does not: pydm raises at the multiplication.
    check_overflow(intermediate, 2**40, 2**40, intermediate=True)
    check(intermediate, 2**20, 2**20)


def _largest_fitting_exponent(base: int) -> int:
    e = 0
    while INT64_MIN <= base ** (e + 1) <= INT64_MAX:
        e += 1
    return e


@pytest.mark.parametrize("base", [2, 3, 5, 7, 10, 11, 13, 100, 1000, 3037000499, -2, -3, -7, -10, -1000])
def test_pow_largest_fitting_exponent(base):
    """base ** e fits int64 but base ** (e + 1) does not: no spurious overflow from
    intermediate squarings, and the overflow is detected one step later."""
    e = _largest_fitting_exponent(base)
    check(power, base, e)
    check(power, base, e - 1)
    check_overflow(power, base, e + 1)
    check_overflow(power, base, e + 2)


# --- constant operands: overflow checks must survive constant folding ---

@pydm.jit
def mul_const_left(b: int) -> int:
    return 100 * b


@pydm.jit
def mul_const_right(b: int) -> int:
    return b * 100


@pydm.jit
def mul_two_left(b: int) -> int:
    return 2 * b


@pydm.jit
def mul_neg_const_left(b: int) -> int:
    return (0 - 100) * b


@pydm.jit
def mul_const_local(b: int) -> int:
    c = 100
    return c * b


@pydm.jit
def mul_minus_one_left(b: int) -> int:
    return -1 * b


@pydm.jit
def add_const_left(b: int) -> int:
    return 100 + b


@pydm.jit
def sub_const_left(b: int) -> int:
    return 100 - b


@pydm.jit
def float_of_const_product(a: int) -> float:
    return float(7 * a)


@pydm.jit
def const_product_compared(a: int) -> bool:
    return 100 * a == 0


CONST_OPERAND_FNS = [mul_const_left, mul_const_right, mul_two_left, mul_neg_const_left, mul_const_local,
                     mul_minus_one_left, add_const_left, sub_const_left, float_of_const_product,
                     const_product_compared]


@pytest.mark.parametrize("fn", CONST_OPERAND_FNS, ids=lambda f: f.py_func.__name__)
def test_constant_operand_overflow(fn):
    """e.g. 100 * 2**62 must raise OverflowError, not wrap to 0."""
    cases = [(a,) for a in INT_EDGES + [2**62 - 1, 2**57, -(2**57), 92233720368547758, 92233720368547759]]
    if fn in (float_of_const_product, const_product_compared):
        # the int product is intermediate: CPython's final result fits, pydm must raise
        big = [c for c in cases if not INT64_MIN <= c[0] * (7 if fn is float_of_const_product else 100) <= INT64_MAX]
        check_many(fn, [c for c in cases if c not in big])
        for c in big:
            check_overflow(fn, *c, intermediate=True)
    else:
        check_many(fn, cases)
