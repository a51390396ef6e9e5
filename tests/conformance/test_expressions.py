"""Expression details: precedence and associativity, left-to-right evaluation order
(observed through which exception is raised first), literal constants emitted bit
for bit, builtins shadowed by locals, None-valued locals, unbound locals."""
import itertools

import pytest

import pydm
from .harness import FLOAT_EDGES, INT64_MAX, check, check_many, check_raises


# --- precedence and associativity ---

@pydm.jit
def prec_neg_pow(a: int) -> int:
    return -a ** 2


@pydm.jit
def prec_pow_right_assoc(a: int) -> int:
    return 2 ** a ** 2


@pydm.jit
def prec_sub_left_assoc(a: int, b: int, c: int) -> int:
    return a - b - c


@pydm.jit
def prec_div_mul(a: int, b: int, c: int) -> int:
    return a // b * c % 7


@pydm.jit
def prec_bits(a: int, b: int, c: int) -> int:
    return a | b & c ^ a << 2 >> 1


@pydm.jit
def prec_mixed(a: int, b: int, c: int) -> int:
    return a + b * c - -a ** 2 // (c or 1) + ~b


@pydm.jit
def prec_not_cmp(a: int, b: int) -> bool:
    return not a == b and a < b or not b


@pydm.jit
def prec_float(x: float, y: float) -> float:
    return -x ** 2 + x * y / 3.0 - y ** -1.0 ** 2


@pydm.jit
def pow_neg_base_literal() -> int:
    return (-2) ** 3


@pydm.jit
def neg_of_pow_literal() -> int:
    return -2 ** 4


def test_precedence():
    check_many(prec_neg_pow, [(a,) for a in (-3, 0, 5)])
    check_many(prec_pow_right_assoc, [(a,) for a in (0, 1, 2)])
    small = [-7, -1, 3, 10]
    check_many(prec_sub_left_assoc, list(itertools.product(small, repeat=3)))
    check_many(prec_div_mul, list(itertools.product(small, repeat=3)))
    check_many(prec_bits, list(itertools.product(small, repeat=3)))
    check_many(prec_mixed, list(itertools.product(small + [0], repeat=3)))
    check_many(prec_not_cmp, list(itertools.product([-1, 0, 2], repeat=2)))
    check_many(prec_float, [(1.5, 2.0), (-0.0, 1.0), (3.0, 0.0), (2.0, -0.0)])
    check(pow_neg_base_literal)
    check(neg_of_pow_literal)


# --- left-to-right evaluation: the first failing operand decides the exception ---

@pydm.jit
def order_binary(a: int, x: float) -> float:
    return (10 // a) + (1.0 / x)


@pydm.jit
def order_binary_rev(a: int, x: float) -> float:
    return (1.0 / x) + (10 // a)


@pydm.jit
def callee2(a: int, x: float) -> float:
    return a + x


@pydm.jit
def order_call_args(a: int, x: float) -> float:
    return callee2(10 % a, 1.0 % x)


@pydm.jit
def order_compare(a: int, x: float) -> bool:
    return 10 // a < 1.0 // x


@pydm.jit
def order_min(a: int, b: int) -> int:
    return min(10 // a, 10 % b, 3)


@pydm.jit
def order_overflow_vs_zero(a: int, b: int) -> int:
    return (a + 1) + (1 // b)


@pydm.jit
def order_chain(a: int, b: int) -> bool:
    return 1 // a < 2 // b < 3


@pydm.jit
def order_tuple_assign(a: int, b: int) -> int:
    x, y = 1 // a, 2 % b
    return x + y


@pydm.jit
def order_augmented(a: int, b: int) -> int:
    x = 10 // a
    x += 10 // b
    return x


def test_evaluation_order():
    cases = [(0, 0.0), (0, 2.0), (2, 0.0), (5, 4.0)]
    for fn in (order_binary, order_binary_rev, order_call_args, order_compare):
        check_many(fn, cases)
    check_many(order_min, [(0, 0), (0, 1), (1, 0), (3, 4)])
    check_many(order_overflow_vs_zero, [(1, 0), (INT64_MAX, 1), (1, 1)])
    # a + 1 overflows int64 before 1 // 0 is evaluated: pydm's OverflowError comes first
    # (CPython computes the big int and then raises ZeroDivisionError).
    check_raises(order_overflow_vs_zero, OverflowError, INT64_MAX, 0)
    check_many(order_chain, [(0, 0), (1, 0), (1, 1), (-1, 5)])
    check_many(order_tuple_assign, [(0, 0), (1, 0), (3, 7)])
    check_many(order_augmented, [(0, 0), (1, 0), (3, 7)])


# --- literals are emitted bit for bit ---

@pydm.jit
def lit_tenth() -> float:
    return 0.1


@pydm.jit
def lit_point3() -> float:
    return 0.30000000000000004


@pydm.jit
def lit_third() -> float:
    return 0.3333333333333333


@pydm.jit
def lit_1e23() -> float:
    return 1e23


@pydm.jit
def lit_2675() -> float:
    return 2.675


@pydm.jit
def lit_max_subnormal() -> float:
    return 2.225073858507201e-308


@pydm.jit
def lit_min_normal() -> float:
    return 2.2250738585072014e-308


@pydm.jit
def lit_overflow_inf() -> float:
    return 1e309


@pydm.jit
def lit_neg_inf() -> float:
    return -1e309


@pydm.jit
def lit_inf_nan() -> float:
    return 1e309 * 0.0


@pydm.jit
def lit_2p53p1() -> float:
    return 9007199254740993.0


@pydm.jit
def lit_many_digits() -> float:
    return 123456789.123456789123456789


@pydm.jit
def lit_underscores() -> int:
    return 1_000_000 + 0x_FF + 0b_1010 + 0o_17


@pydm.jit
def lit_int_to_float(x: float) -> float:
    return x * 9223372036854775807 + 9007199254740993


@pydm.jit
def lit_int_min_expr() -> int:
    return 0 - 9223372036854775807 - 1


@pydm.jit
def lit_neg_zero_int() -> int:
    return -0


LITERALS = [lit_tenth, lit_point3, lit_third, lit_1e23, lit_2675, lit_max_subnormal, lit_min_normal,
            lit_overflow_inf, lit_neg_inf, lit_inf_nan, lit_2p53p1, lit_many_digits, lit_underscores,
            lit_int_min_expr, lit_neg_zero_int]


@pytest.mark.parametrize("fn", LITERALS, ids=lambda f: f.py_func.__name__)
def test_literal(fn):
    check(fn)


def test_int_literal_in_float_context():
    check_many(lit_int_to_float, [(x,) for x in FLOAT_EDGES])


# --- names: builtins shadowed by parameters/locals, None locals ---

@pydm.jit
def shadow_param(abs: int, min: int) -> int:
    return abs * 2 + min


@pydm.jit
def shadow_local(a: int) -> int:
    max = a + 1
    return max * 3


@pydm.jit
def none_local(a: int) -> bool:
    x = None
    return x is None


@pydm.jit
def not_none(x: None) -> bool:
    return not x


@pydm.jit
def if_none(x: None) -> int:
    if x:
        return 1
    return 2


def test_names():
    check_many(shadow_param, [(-5, 3), (0, 0), (7, -1)])
    check_many(shadow_local, [(-5,), (0,), (7,)])
    check(none_local, 1)
    check(not_none, None)
    check(if_none, None)


# --- locals bound on some paths only ---

@pydm.jit
def maybe_bound(c: bool) -> int:
    if c:
        x = 1
    return x


@pydm.jit
def bound_in_loop(n: int) -> int:
    for i in range(n):
        last = i * 2
    return last


@pydm.jit
def bound_in_while(n: int) -> float:
    while n > 0:
        y = n / 4
        n -= 1
    return y


def test_unbound_locals():
    check(maybe_bound, True)
    check(maybe_bound, False)
    check_many(bound_in_loop, [(0,), (1,), (5,)])
    check_many(bound_in_while, [(0,), (3,)])
