"""Functions whose values change type with the path taken (issue #3).

Each variable or return below holds values of different types (int/float,
int/None, int/bool, ...), which needs object records; every function is called
with many argument combinations and compared with CPython via the harness
(value, type, float bits, exception class and message).
"""
import pytest

import pydm
from conformance.harness import check_result

from .dynharness import check_all, check_all_batched

NAN = float("nan")
INF = float("inf")
SCALARS = [None, False, True, 0, 1, -1, 2, -3, 7, 2**62, -(2**63), 2**63 - 1,
           0.0, -0.0, 0.5, 1.5, -2.5, 1e300, NAN, INF, -INF]
NUMBERS = [v for v in SCALARS if v is not None]


# ---------------------------------------------------------------- the brief's examples

@pydm.jit
def pick(c, a, b):
    x = a if c else b
    return x + 1


@pydm.jit
def maybe(n):
    r = None
    if n > 0:
        r = n * 2.5
    return r


@pydm.jit
def acc(n):
    s = 0
    for i in range(n):
        s = s + 0.5 if i % 2 else s + 1
    return s


def test_pick():
    # every pair of types of a and b (the join); the condition a bool for half
    # of the pairs and an int for the others, so that it meets every type of
    # a and of b (each combination of argument types is a compile: suite time)
    vals = [False, True, 0, 5, -3, 2**63 - 1, 0.5, -0.0, NAN, INF, None]
    bs = [1, 2.5, True, None]
    types = [bool, int, float, type(None)]
    cases = [(c, a, b) for a in vals for b in bs
             for c in ((True, False) if (types.index(type(a)) + types.index(type(b))) % 2 else (0, 1))]
    check_all_batched(pick_16, pick, cases)


def test_maybe():
    check_all(maybe, [(n,) for n in NUMBERS])


def test_maybe_none_operand():
    check_all(maybe, [(None,)])  # '>' not supported between 'NoneType' and 'int'


def test_acc():
    check_all(acc, [(n,) for n in range(0, 8)] + [(True,), (False,)])
    check_result(acc, 1, 1)
    check_result(acc, 1.5, 2)


# ---------------------------------------------------------------- returns of different types

@pydm.jit
def int_or_none(n):
    if n > 0:
        return n
    return None


@pydm.jit
def first_square_above(n):
    for i in range(n):
        if i * i > n:
            return i
    # implicit None


@pydm.jit
def int_or_float(n):
    if n % 2:
        return n
    return n / 2


@pydm.jit
def int_or_bool(n):
    if n > 3:
        return n > 10
    return n


@pydm.jit
def float_or_bool_or_none(x):
    if x < 0:
        return None
    if x < 1:
        return x > 0.5
    return x * 1.0


@pydm.jit
def ipow(a, n):
    return a ** n  # int for n >= 0, float for n < 0


def test_int_or_none():
    check_all(int_or_none, [(n,) for n in NUMBERS])


def test_first_square_above():
    check_all(first_square_above, [(n,) for n in range(-2, 30)] + [(True,)])


def test_int_or_float():
    check_all(int_or_float, [(n,) for n in NUMBERS])


def test_int_or_bool():
    check_all(int_or_bool, [(n,) for n in NUMBERS])


def test_float_or_bool_or_none():
    check_all(float_or_bool_or_none, [(x,) for x in NUMBERS])


def test_int_power_with_variable_exponent():
    cases = [(a, n) for a in (2, -3, 0, 1, -1, True, 10) for n in (0, 1, 2, 5, -1, -2, 62, 63, 64)]
    check_all(ipow, cases, op="**", operands_of=lambda args: args)


# ---------------------------------------------------------------- min / max / abs on mixed types

@pydm.jit
def max_zero(x):
    return max(x, 0)


@pydm.jit
def min_zero_float(x):
    return min(x, 0.0)


@pydm.jit
def min2(a, b):
    return min(a, b)


@pydm.jit
def max2(a, b):
    return max(a, b)


@pydm.jit
def min_max3(a, b, c, big: bool):
    # min and max in one function: a compile per combination of types serves both
    if big:
        return max(a, b, c)
    return min(a, b, c)


@pydm.jit
def min_one_true():
    return min(1, True)


@pydm.jit
def max_true_one():
    return max(True, 1)


@pydm.jit
def abs_neg_true():
    return abs(-True)


@pydm.jit
def abs_dyn(c, a: object):
    x = 0.5 if c else None
    if c:
        x = a
    return abs(x)


@pydm.jit
def min_dyn(c, a: object, b):
    x = 0.5 if c else None
    if c:
        x = a
    return min(x, b)


@pydm.jit
def max_dyn(c, a: object, b):
    x = 0.5 if c else None
    if c:
        x = a
    return max(b, x)


def test_max_with_float():
    check_all_batched(max_zero_3, max_zero, [(x,) for x in NUMBERS])
    check_all_batched(min_zero_float_3, min_zero_float, [(x,) for x in NUMBERS])


def test_first_of_equal_items_wins():
    check_result(min_one_true, 1)
    check_result(max_true_one, True)
    check_result(abs_neg_true, 1)
    check_result(min2, True, True, 1)
    check_result(min2, 1, 1, True)
    check_result(max2, 0, 0, -0.0)
    check_result(max2, -0.0, -0.0, 0)
    check_result(min2, 0.0, 0.0, False)


MINMAX_VALUES = [False, True, 0, 1, -3, 2**62, 1.0, -0.0, 0.0, 0.5, NAN, INF, -INF]


@pytest.mark.parametrize("fn", [min2, max2], ids=["min", "max"])
def test_min_max_two_mixed(fn):
    batch_fn = min2_9 if fn is min2 else max2_9
    check_all_batched(batch_fn, fn, [(a, b) for a in MINMAX_VALUES for b in MINMAX_VALUES])


@pytest.mark.parametrize("big", [False, True], ids=["min", "max"])
def test_min_max_three_mixed(big):
    vals = [True, 1, 1.0, 0, -0.0, NAN]
    # the third one a float: 9 argument-type signatures to compile, not 27 (ties and
    # NaN in every position still meet every type; the two-argument test has all pairs)
    check_all_batched(min_max3_9, min_max3,
                      [(a, b, c, big) for a in vals for b in vals for c in vals if type(c) is float])


def test_min_max_none_is_type_error():
    # '<' / '>' not supported between instances of 'NoneType' and 'int'
    check_all_batched(min2_9, min2, [(None, 1), (1, None), (None, None), (0.5, None)])
    check_all_batched(max2_9, max2, [(None, 1), (1, None), (None, None), (0.5, None)])


def test_min_max_abs_dynamic():
    # the dynamic operand is an object parameter: one compile per type of the other
    vals = [None, False, True, 0, -3, 2**62, -(2**63), 1.5, -0.0, NAN, -INF]
    check_all(abs_dyn, [(True, a) for a in vals] + [(False, 0)])
    cases = [(True, a, b) for a in vals for b in vals] + [(False, 1, 1), (False, 1, 0.5)]
    check_all_batched(min_dyn_16, min_dyn, cases)
    check_all_batched(max_dyn_16, max_dyn, cases)


# ---------------------------------------------------------------- loops, swaps, augmented assignment

@pydm.jit
def halve(n):
    x = n
    while x > 1:
        x = x / 2
    return x


@pydm.jit
def mixed_sum(n):
    s = 0
    for i in range(n):
        if i % 3 == 0:
            s = s + True
        elif i % 3 == 1:
            s = s + 0.25
        else:
            s = s * 2
    return s


@pydm.jit
def swap_loop(a, b, n):
    for _ in range(n):
        a, b = b, a
    return a


@pydm.jit
def aug(n, f):
    x = n
    if f:
        x += 1.5
    x *= 2
    x -= True
    return x


@pydm.jit
def bool_counter(n):
    found = False
    for i in range(n):
        if i == 3:
            found = i
    return found


@pydm.jit
def fib_like(n):
    a, b = 0, 1.0
    for _ in range(n):
        a, b = b, a + b
    return a


def test_halve():
    check_all_batched(halve_3, halve, [(n,) for n in (0, 1, 2, 3, 8, 1000, True, 0.5, 3.0, 1e300, NAN, -5)])


def test_mixed_sum():
    check_all(mixed_sum, [(n,) for n in range(12)])


def test_swap_loop():
    cases = [(a, b, n) for a, b in ((1, 2.5), (None, True), (0.0, 0), (False, None)) for n in range(4)]
    check_all(swap_loop, cases)


def test_aug():
    # (2**61, not 2**62: ``x *= 2`` must fit 64 bits — an intermediate int
    # overflow is the documented divergence even where CPython's final result fits)
    cases = [(n, f) for n in (0, 1, -3, 2**61, True, 0.5, -0.0, NAN) for f in (True, False, 0, 2.5, None)]
    check_all_batched(aug_12, aug, cases)


def test_bool_counter():
    check_all(bool_counter, [(n,) for n in range(6)])


def test_fib_like():
    check_all(fib_like, [(n,) for n in range(8)])


# ---------------------------------------------------------------- conditions, chains, calls

@pydm.jit
def between(lo, x, hi):
    y = x if lo < hi else None
    return lo < y < hi


@pydm.jit
def double(x):
    return x * 2


@pydm.jit
def call_with_mixed(c):
    v = 1 if c else 1.5
    return double(v)


@pydm.jit
def rec(n):
    if n <= 0:
        return None
    r = rec(n - 1)
    return n if r is None else r + n * 0.5


@pydm.jit
def with_default(a, b=None):
    if b is None:
        return a
    return a + b


@pydm.jit
def conversions(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return int(x) + float(x) + bool(x)


@pydm.jit
def to_int(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return int(x)


@pydm.jit
def to_float(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return float(x)


@pydm.jit
def eq_chain(a, b, c):
    x = a if a else b
    return x == b == c


def test_between():
    # every pair of types of lo and hi; x an int or a float by their parity, so
    # that every pair of types (lo, x) and (x, hi) occurs too (a compile per
    # combination of types: suite time)
    los, his = (0, 0.5, True), (1, 1.5, False)
    xs = ((0, 1), (0.75, -0.0, NAN))
    cases = [(lo, x, hi) for i, lo in enumerate(los) for j, hi in enumerate(his) for x in xs[(i + j) % 2]]
    check_all_batched(between_9, between, cases)


def test_call_with_mixed_argument():
    check_all(call_with_mixed, [(True,), (False,), (0,), (1.5,), (None,)])


def test_recursion_with_mixed_returns():
    check_all(rec, [(n,) for n in range(-1, 7)] + [(True,), (2.5,)])


def test_default_none():
    check_all(with_default, [(1,), (1.5,), (True,), (None,), (1, 2), (1, 2.5), (True, True),
                             (None, 1), (1, None), (2.5, False)])
    for args, kwargs in (((1,), {"b": 0.5}), ((), {"a": True, "b": True})):
        assert type(with_default(*args, **kwargs)) is type(with_default.py_func(*args, **kwargs))
        assert with_default(*args, **kwargs) == with_default.py_func(*args, **kwargs)


def test_conversions_of_dynamic_values():
    vals = [None, False, True, 0, -3, 2**62, 1.5, -2.5, -0.0, NAN, INF, 1e300]
    # int(1e300) is an int beyond 64 bits (OverflowError in pydm), so conversions,
    # which only uses it as an intermediate, does not get 1e300
    check_all_batched(conversions_4, conversions, [(True, a) for a in vals if a != 1e300] + [(False, 0)])
    check_all_batched(to_int_4, to_int, [(True, a) for a in vals] + [(False, 0)])
    check_all_batched(to_float_4, to_float, [(True, a) for a in vals] + [(False, 0)])


def test_eq_chain():
    # every pair of types of (a, b), of (b, c) and of (a, c) -- a Latin square
    # on the four types, 16 of the 64 combinations (each is a compile: suite
    # time); every value of those types
    by_type = [[None], [0, 1], [True], [1.0, NAN]]
    cases = [(a, b, c) for i in range(4) for j in range(4)
             for a in by_type[i] for b in by_type[j] for c in by_type[(i + j) % 4]]
    check_all_batched(eq_chain_16, eq_chain, cases)


# ---------------------------------------------------------------- dispatchers (check_all_batched)
# ``<fn>_<n>(k, *args_0, ..., *args_{n-1})`` returns ``fn(*args_k)``: one compile
# serves n combinations of argument types (a compile per combination, each
# linking the library's object code again, was most of this file's time). An
# ``object`` parameter of the tested function stays ``object`` here.


@pydm.jit
def pick_16(k: int, c0, a0, b0, c1, a1, b1, c2, a2, b2, c3, a3, b3, c4, a4, b4, c5, a5, b5, c6, a6,
                    b6, c7, a7, b7, c8, a8, b8, c9, a9, b9, c10, a10, b10, c11, a11, b11, c12, a12,
                    b12, c13, a13, b13, c14, a14, b14, c15, a15, b15):
    if k == 0:
        return pick(c0, a0, b0)
    if k == 1:
        return pick(c1, a1, b1)
    if k == 2:
        return pick(c2, a2, b2)
    if k == 3:
        return pick(c3, a3, b3)
    if k == 4:
        return pick(c4, a4, b4)
    if k == 5:
        return pick(c5, a5, b5)
    if k == 6:
        return pick(c6, a6, b6)
    if k == 7:
        return pick(c7, a7, b7)
    if k == 8:
        return pick(c8, a8, b8)
    if k == 9:
        return pick(c9, a9, b9)
    if k == 10:
        return pick(c10, a10, b10)
    if k == 11:
        return pick(c11, a11, b11)
    if k == 12:
        return pick(c12, a12, b12)
    if k == 13:
        return pick(c13, a13, b13)
    if k == 14:
        return pick(c14, a14, b14)
    return pick(c15, a15, b15)


@pydm.jit
def between_9(k: int, lo0, x0, hi0, lo1, x1, hi1, lo2, x2, hi2, lo3, x3, hi3, lo4, x4, hi4, lo5,
                      x5, hi5, lo6, x6, hi6, lo7, x7, hi7, lo8, x8, hi8):
    if k == 0:
        return between(lo0, x0, hi0)
    if k == 1:
        return between(lo1, x1, hi1)
    if k == 2:
        return between(lo2, x2, hi2)
    if k == 3:
        return between(lo3, x3, hi3)
    if k == 4:
        return between(lo4, x4, hi4)
    if k == 5:
        return between(lo5, x5, hi5)
    if k == 6:
        return between(lo6, x6, hi6)
    if k == 7:
        return between(lo7, x7, hi7)
    return between(lo8, x8, hi8)


@pydm.jit
def aug_12(k: int, n0, f0, n1, f1, n2, f2, n3, f3, n4, f4, n5, f5, n6, f6, n7, f7, n8, f8, n9, f9,
                   n10, f10, n11, f11):
    if k == 0:
        return aug(n0, f0)
    if k == 1:
        return aug(n1, f1)
    if k == 2:
        return aug(n2, f2)
    if k == 3:
        return aug(n3, f3)
    if k == 4:
        return aug(n4, f4)
    if k == 5:
        return aug(n5, f5)
    if k == 6:
        return aug(n6, f6)
    if k == 7:
        return aug(n7, f7)
    if k == 8:
        return aug(n8, f8)
    if k == 9:
        return aug(n9, f9)
    if k == 10:
        return aug(n10, f10)
    return aug(n11, f11)


@pydm.jit
def min_max3_9(k: int, a0, b0, c0, big0, a1, b1, c1, big1, a2, b2, c2, big2, a3, b3, c3, big3, a4,
                       b4, c4, big4, a5, b5, c5, big5, a6, b6, c6, big6, a7, b7, c7, big7, a8, b8,
                       c8, big8):
    if k == 0:
        return min_max3(a0, b0, c0, big0)
    if k == 1:
        return min_max3(a1, b1, c1, big1)
    if k == 2:
        return min_max3(a2, b2, c2, big2)
    if k == 3:
        return min_max3(a3, b3, c3, big3)
    if k == 4:
        return min_max3(a4, b4, c4, big4)
    if k == 5:
        return min_max3(a5, b5, c5, big5)
    if k == 6:
        return min_max3(a6, b6, c6, big6)
    if k == 7:
        return min_max3(a7, b7, c7, big7)
    return min_max3(a8, b8, c8, big8)


@pydm.jit
def min2_9(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8, b8):
    if k == 0:
        return min2(a0, b0)
    if k == 1:
        return min2(a1, b1)
    if k == 2:
        return min2(a2, b2)
    if k == 3:
        return min2(a3, b3)
    if k == 4:
        return min2(a4, b4)
    if k == 5:
        return min2(a5, b5)
    if k == 6:
        return min2(a6, b6)
    if k == 7:
        return min2(a7, b7)
    return min2(a8, b8)


@pydm.jit
def max2_9(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8, b8):
    if k == 0:
        return max2(a0, b0)
    if k == 1:
        return max2(a1, b1)
    if k == 2:
        return max2(a2, b2)
    if k == 3:
        return max2(a3, b3)
    if k == 4:
        return max2(a4, b4)
    if k == 5:
        return max2(a5, b5)
    if k == 6:
        return max2(a6, b6)
    if k == 7:
        return max2(a7, b7)
    return max2(a8, b8)


@pydm.jit
def min_dyn_16(k: int, c0, a0: object, b0, c1, a1: object, b1, c2, a2: object, b2, c3, a3: object,
                       b3, c4, a4: object, b4, c5, a5: object, b5, c6, a6: object, b6, c7,
                       a7: object, b7, c8, a8: object, b8, c9, a9: object, b9, c10, a10: object,
                       b10, c11, a11: object, b11, c12, a12: object, b12, c13, a13: object, b13,
                       c14, a14: object, b14, c15, a15: object, b15):
    if k == 0:
        return min_dyn(c0, a0, b0)
    if k == 1:
        return min_dyn(c1, a1, b1)
    if k == 2:
        return min_dyn(c2, a2, b2)
    if k == 3:
        return min_dyn(c3, a3, b3)
    if k == 4:
        return min_dyn(c4, a4, b4)
    if k == 5:
        return min_dyn(c5, a5, b5)
    if k == 6:
        return min_dyn(c6, a6, b6)
    if k == 7:
        return min_dyn(c7, a7, b7)
    if k == 8:
        return min_dyn(c8, a8, b8)
    if k == 9:
        return min_dyn(c9, a9, b9)
    if k == 10:
        return min_dyn(c10, a10, b10)
    if k == 11:
        return min_dyn(c11, a11, b11)
    if k == 12:
        return min_dyn(c12, a12, b12)
    if k == 13:
        return min_dyn(c13, a13, b13)
    if k == 14:
        return min_dyn(c14, a14, b14)
    return min_dyn(c15, a15, b15)


@pydm.jit
def max_dyn_16(k: int, c0, a0: object, b0, c1, a1: object, b1, c2, a2: object, b2, c3, a3: object,
                       b3, c4, a4: object, b4, c5, a5: object, b5, c6, a6: object, b6, c7,
                       a7: object, b7, c8, a8: object, b8, c9, a9: object, b9, c10, a10: object,
                       b10, c11, a11: object, b11, c12, a12: object, b12, c13, a13: object, b13,
                       c14, a14: object, b14, c15, a15: object, b15):
    if k == 0:
        return max_dyn(c0, a0, b0)
    if k == 1:
        return max_dyn(c1, a1, b1)
    if k == 2:
        return max_dyn(c2, a2, b2)
    if k == 3:
        return max_dyn(c3, a3, b3)
    if k == 4:
        return max_dyn(c4, a4, b4)
    if k == 5:
        return max_dyn(c5, a5, b5)
    if k == 6:
        return max_dyn(c6, a6, b6)
    if k == 7:
        return max_dyn(c7, a7, b7)
    if k == 8:
        return max_dyn(c8, a8, b8)
    if k == 9:
        return max_dyn(c9, a9, b9)
    if k == 10:
        return max_dyn(c10, a10, b10)
    if k == 11:
        return max_dyn(c11, a11, b11)
    if k == 12:
        return max_dyn(c12, a12, b12)
    if k == 13:
        return max_dyn(c13, a13, b13)
    if k == 14:
        return max_dyn(c14, a14, b14)
    return max_dyn(c15, a15, b15)


@pydm.jit
def eq_chain_16(k: int, a0, b0, c0, a1, b1, c1, a2, b2, c2, a3, b3, c3, a4, b4, c4, a5, b5, c5, a6,
                        b6, c6, a7, b7, c7, a8, b8, c8, a9, b9, c9, a10, b10, c10, a11, b11, c11,
                        a12, b12, c12, a13, b13, c13, a14, b14, c14, a15, b15, c15):
    if k == 0:
        return eq_chain(a0, b0, c0)
    if k == 1:
        return eq_chain(a1, b1, c1)
    if k == 2:
        return eq_chain(a2, b2, c2)
    if k == 3:
        return eq_chain(a3, b3, c3)
    if k == 4:
        return eq_chain(a4, b4, c4)
    if k == 5:
        return eq_chain(a5, b5, c5)
    if k == 6:
        return eq_chain(a6, b6, c6)
    if k == 7:
        return eq_chain(a7, b7, c7)
    if k == 8:
        return eq_chain(a8, b8, c8)
    if k == 9:
        return eq_chain(a9, b9, c9)
    if k == 10:
        return eq_chain(a10, b10, c10)
    if k == 11:
        return eq_chain(a11, b11, c11)
    if k == 12:
        return eq_chain(a12, b12, c12)
    if k == 13:
        return eq_chain(a13, b13, c13)
    if k == 14:
        return eq_chain(a14, b14, c14)
    return eq_chain(a15, b15, c15)


@pydm.jit
def conversions_4(k: int, c0, a0, c1, a1, c2, a2, c3, a3):
    if k == 0:
        return conversions(c0, a0)
    if k == 1:
        return conversions(c1, a1)
    if k == 2:
        return conversions(c2, a2)
    return conversions(c3, a3)


@pydm.jit
def to_int_4(k: int, c0, a0, c1, a1, c2, a2, c3, a3):
    if k == 0:
        return to_int(c0, a0)
    if k == 1:
        return to_int(c1, a1)
    if k == 2:
        return to_int(c2, a2)
    return to_int(c3, a3)


@pydm.jit
def to_float_4(k: int, c0, a0, c1, a1, c2, a2, c3, a3):
    if k == 0:
        return to_float(c0, a0)
    if k == 1:
        return to_float(c1, a1)
    if k == 2:
        return to_float(c2, a2)
    return to_float(c3, a3)


@pydm.jit
def halve_3(k: int, n0, n1, n2):
    if k == 0:
        return halve(n0)
    if k == 1:
        return halve(n1)
    return halve(n2)


@pydm.jit
def max_zero_3(k: int, x0, x1, x2):
    if k == 0:
        return max_zero(x0)
    if k == 1:
        return max_zero(x1)
    return max_zero(x2)


@pydm.jit
def min_zero_float_3(k: int, x0, x1, x2):
    if k == 0:
        return min_zero_float(x0)
    if k == 1:
        return min_zero_float(x1)
    return min_zero_float(x2)
