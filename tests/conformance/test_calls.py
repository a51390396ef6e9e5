"""Calls between module-level jit functions: plain, recursive, mutually recursive,
forward references, None-returning callees, arguments of every scalar type."""
import pytest

import pydm
from .harness import INT64_MAX, INT64_MIN, check, check_many, check_overflow


@pydm.jit
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@pydm.jit
def fact(n: int) -> int:
    if n <= 1:
        return 1
    return n * fact(n - 1)


@pydm.jit
def is_even(n: int) -> bool:
    if n == 0:
        return True
    return is_odd(n - 1)


@pydm.jit
def is_odd(n: int) -> bool:
    if n == 0:
        return False
    return is_even(n - 1)


@pydm.jit
def ackermann(m: int, n: int) -> int:
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


@pydm.jit
def hypot2(x: float, y: float) -> float:
    return square(x) + square(y)


@pydm.jit
def square(x: float) -> float:
    return x * x


@pydm.jit
def mixed_args(a: int, x: float, b: bool) -> float:
    if b:
        return a * x
    return a - x


@pydm.jit
def call_mixed(a: int, x: float) -> float:
    return mixed_args(a, x, a > 0) + mixed_args(-a, x * 2.0, False)


@pydm.jit
def half(x: float) -> float:
    return x / 2


@pydm.jit
def call_half_with_int(a: int) -> float:
    # an int argument to a float parameter, as CPython does it: the callee computes with the int
    return half(a * 2 + 1)


@pydm.jit
def sign_bool(b: bool) -> int:
    return 1 if b else -1


@pydm.jit
def call_with_compare(a: int, b: int) -> int:
    return sign_bool(a < b) * 10 + sign_bool(a == b)


@pydm.jit
def noop(a: int) -> None:
    a = a + 1


@pydm.jit
def call_noop(a: int) -> int:
    noop(a)
    noop(a + 1)
    return a


@pydm.jit
def returns_none_value(a: int) -> None:
    return noop(a)


@pydm.jit
def level3(a: int) -> int:
    return a * 3 + 1


@pydm.jit
def level2(a: int) -> int:
    return level3(a) * 2 + level3(a - 1)


@pydm.jit
def level1(a: int) -> int:
    return level2(a) - level2(-a)


@pydm.jit
def count_down(n: int) -> int:
    if n == 0:
        return 0
    return 1 + count_down(n - 1)


@pydm.jit
def sum_to(n: int, acc: int) -> int:
    if n == 0:
        return acc
    return sum_to(n - 1, acc + n)


@pydm.jit
def power_rec(x: float, n: int) -> float:
    if n == 0:
        return 1.0
    if n % 2 == 0:
        h = power_rec(x, n // 2)
        return h * h
    return x * power_rec(x, n - 1)


@pydm.jit
def recursive_gcd(a: int, b: int) -> int:
    return a if b == 0 else recursive_gcd(b, a % b)


@pydm.jit
def call_in_loop(n: int) -> int:
    s = 0
    for i in range(n):
        if is_even(i):
            s += fib(i % 15)
        else:
            s -= level3(i)
    return s


@pydm.jit
def call_in_condition(n: int) -> int:
    while not is_even(n) and n > 0:
        n = n - 3
    return n


@pydm.jit
def div_helper(a: int, b: int) -> int:
    return a // b


@pydm.jit
def call_raising(a: int, b: int) -> int:
    x = div_helper(a, b)
    return x + 1


@pydm.jit
def call_overflowing(a: int) -> int:
    return fact(a) + 1


def test_recursion():
    check_many(fib, [(n,) for n in (0, 1, 2, 10, 20)])
    check_many(fact, [(n,) for n in (0, 1, 5, 20)])
    check_overflow(fact, 21)
    check_many(recursive_gcd, [(48, 36), (7, 0), (-48, 36), (INT64_MIN, 12)])
    check_many(ackermann, [(0, 0), (1, 2), (2, 3), (3, 3)])
    check_many(count_down, [(0,), (1,), (500,)])
    check_many(sum_to, [(0, 0), (100, 0), (500, 5)])
    check_many(power_rec, [(2.0, 10), (1.5, 7), (-0.5, 3), (10.0, 400), (-0.0, 3), (float("nan"), 2)])


def test_mutual_recursion():
    check_many(is_even, [(n,) for n in (0, 1, 2, 7, 500)])
    check_many(is_odd, [(n,) for n in (0, 1, 2, 7, 501)])


def test_calls_various_types():
    check_many(hypot2, [(3.0, 4.0), (-0.0, 0.0), (1e200, 1e200), (float("nan"), 1.0)])
    check_many(call_mixed, [(a, x) for a in (-3, 0, 5) for x in (0.5, -0.0, float("inf"))])
    check_many(call_half_with_int, [(0,), (5,), (-8,), (2**40,)])
    check_many(call_with_compare, [(1, 2), (2, 2), (3, 2)])
    check_many(call_noop, [(0,), (41,)])
    check_many(returns_none_value, [(1,)])
    check_many(level1, [(0,), (7,), (-100,)])
    check_many(call_in_loop, [(0,), (10,), (40,)])
    check_many(call_in_condition, [(0,), (9,), (10,), (13,)])


def test_exceptions_propagate_through_calls():
    check_many(call_raising, [(7, 2), (7, 0), (INT64_MIN, -1), (INT64_MAX, 1)])
    check(call_overflowing, 20)  # 20! + 1 fits in 64 bits
    check_overflow(call_overflowing, 21)


@pydm.jit
def many_params(a: int, b: int, c: float, d: bool, e: int, f: float, g: int, h: bool, i: int) -> float:
    r = a - b * e + g // (i or 1)
    if d and not h:
        r = r * 2
    return r * c - f


@pydm.jit
def call_many_params(n: int) -> float:
    return many_params(n, n + 1, 0.5, n > 0, 3, -0.0, 100, n > 5, n - 2)


@pydm.jit
def rot_a(n: int) -> int:
    return 0 if n <= 0 else rot_b(n - 1) + 1


@pydm.jit
def rot_b(n: int) -> int:
    return 0 if n <= 0 else rot_c(n - 2) + 10


@pydm.jit
def rot_c(n: int) -> int:
    return 0 if n <= 0 else rot_a(n - 3) + 100


@pydm.jit
def bool_results_in_arith(n: int) -> int:
    return is_even(n) + is_odd(n) * 2 + (is_even(n) & is_odd(n + 1)) * 4


@pydm.jit
def chain_a(n: int) -> int:
    return chain_b(n + 1) * 2


@pydm.jit
def chain_b(n: int) -> int:
    return chain_c(n + 2) - 3


@pydm.jit
def chain_c(n: int) -> int:
    return chain_d(n * 2) + 5


@pydm.jit
def chain_d(n: int) -> int:
    return chain_e(n - 7) ^ 0x55


@pydm.jit
def chain_e(n: int) -> int:
    return n * n


def test_more_calls():
    check_many(many_params, [(1, 2, 1.5, True, 3, 0.25, 9, False, 4),
                             (0, 0, -0.0, False, 0, 0.0, 0, True, 0),
                             (-5, 7, float("inf"), True, -1, float("nan"), INT64_MAX // 4, False, -1)])
    check_many(call_many_params, [(n,) for n in (-3, 0, 2, 6)])
    check_many(rot_a, [(n,) for n in (0, 1, 5, 30, 200)])
    check_many(bool_results_in_arith, [(n,) for n in (0, 1, 2, 9)])
    check_many(chain_a, [(n,) for n in (-10, 0, 3, 1000, 2**30)])
    check_overflow(chain_a, 2**40, intermediate=True)
