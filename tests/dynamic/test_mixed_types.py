"""Functions whose values change type with the path taken (issue #3).

Each variable or return below holds values of different types (int/float,
int/None, int/bool, ...), which needs object records; every function is called
with many argument combinations and compared with CPython via the harness
(value, type, float bits, exception class and message).
"""
import pytest

import pydm
from conformance.harness import check_result

from .dynharness import check_all

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
    check_all(pick, cases)


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
    check_all(max_zero, [(x,) for x in NUMBERS])
    check_all(min_zero_float, [(x,) for x in NUMBERS])


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
    check_all(fn, [(a, b) for a in MINMAX_VALUES for b in MINMAX_VALUES])


@pytest.mark.parametrize("big", [False, True], ids=["min", "max"])
def test_min_max_three_mixed(big):
    vals = [True, 1, 1.0, 0, -0.0, NAN]
    # the third one a float: 9 argument-type signatures to compile, not 27 (ties and
    # NaN in every position still meet every type; the two-argument test has all pairs)
    check_all(min_max3, [(a, b, c, big) for a in vals for b in vals for c in vals if type(c) is float])


def test_min_max_none_is_type_error():
    # '<' / '>' not supported between instances of 'NoneType' and 'int'
    check_all(min2, [(None, 1), (1, None), (None, None), (0.5, None)])
    check_all(max2, [(None, 1), (1, None), (None, None), (0.5, None)])


def test_min_max_abs_dynamic():
    # the dynamic operand is an object parameter: one compile per type of the other
    vals = [None, False, True, 0, -3, 2**62, -(2**63), 1.5, -0.0, NAN, -INF]
    check_all(abs_dyn, [(True, a) for a in vals] + [(False, 0)])
    cases = [(True, a, b) for a in vals for b in vals] + [(False, 1, 1), (False, 1, 0.5)]
    check_all(min_dyn, cases)
    check_all(max_dyn, cases)


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
    check_all(halve, [(n,) for n in (0, 1, 2, 3, 8, 1000, True, 0.5, 3.0, 1e300, NAN, -5)])


def test_mixed_sum():
    check_all(mixed_sum, [(n,) for n in range(12)])


def test_swap_loop():
    cases = [(a, b, n) for a, b in ((1, 2.5), (None, True), (0.0, 0), (False, None)) for n in range(4)]
    check_all(swap_loop, cases)


def test_aug():
    # (2**61, not 2**62: ``x *= 2`` must fit 64 bits — an intermediate int
    # overflow is the documented divergence even where CPython's final result fits)
    cases = [(n, f) for n in (0, 1, -3, 2**61, True, 0.5, -0.0, NAN) for f in (True, False, 0, 2.5, None)]
    check_all(aug, cases)


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
    check_all(between, cases)


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
    check_all(conversions, [(True, a) for a in vals if a != 1e300] + [(False, 0)])
    check_all(to_int, [(True, a) for a in vals] + [(False, 0)])
    check_all(to_float, [(True, a) for a in vals] + [(False, 0)])


def test_eq_chain():
    # every pair of types of (a, b), of (b, c) and of (a, c) -- a Latin square
    # on the four types, 16 of the 64 combinations (each is a compile: suite
    # time); every value of those types
    by_type = [[None], [0, 1], [True], [1.0, NAN]]
    cases = [(a, b, c) for i in range(4) for j in range(4)
             for a in by_type[i] for b in by_type[j] for c in by_type[(i + j) % 4]]
    check_all(eq_chain, cases)
