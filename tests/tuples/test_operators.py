"""Operators on tuples vs CPython: ``in``/``not in``, ``+``, ``*``, the six
comparisons (lexicographic, mixed element types, elements that do not order),
``hash`` and the operators tuples do not have (CPython's TypeError messages).

Identity is asserted where CPython returns an operand itself (``t + ()``,
``t * 1``, as ``tuple(t)``), never for the empty tuple, which is a singleton
in CPython (an implementation detail pydm does not copy).

NaN: pydm's floats have no identity apart from their value, so every NaN here
is the one object ``NAN`` (CPython then finds it by identity, as pydm does).
"""
import pytest

import pydm

from .tharness import (INF, INT64_MAX, INT64_MIN, NAN, P, check_batched, check_hash_consistent,
                       check_many)

ELEMS = [0, 1, -1, True, False, 1.0, 2.5, -0.0, NAN, INF, None, (), (1,), (1.0,), (1, (2, None))]
T = (1, 2.5, None, (1, 2), True, NAN, -0.0, ())


# ---------------------------------------------------------------- in / not in

@pydm.jit
def contains(t, x):
    return (x in t, x not in t)


@pydm.jit
def contains_typed(t: tuple[int, ...], x: float):
    return (x in t, x not in t)


@pydm.jit
def contains_literal(x):
    return (x in (1, 2.5, None), x in (), x not in (x,), x in ((x,), 3), (x,) in ((x,), 3))


@pydm.jit
def contains_obj(c: bool, t, x):
    y = t if c else 5
    return x in y


@pydm.jit
def contains_scalar(x: int):
    return 1 in x


@pydm.jit
def contains_8(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7):
    if k == 0:
        return contains(a0, b0)
    if k == 1:
        return contains(a1, b1)
    if k == 2:
        return contains(a2, b2)
    if k == 3:
        return contains(a3, b3)
    if k == 4:
        return contains(a4, b4)
    if k == 5:
        return contains(a5, b5)
    if k == 6:
        return contains(a6, b6)
    return contains(a7, b7)


@pytest.mark.parametrize("fn,cases", [
    P(contains, [(T, x) for x in ELEMS + [3, 2, (1, 2.0), (1, 2, 3)]] + [((), 1), ((NAN,), NAN), ((1,), 5)]),
    P(contains_typed, [((1, 2, 3), x) for x in (1, 2.0, 2.5, -0.0, True, NAN)] + [((), 1.0), ((0,), -0.0)]),
    P(contains_literal, [(x,) for x in (1, 1.0, True, 2.5, None, 3, NAN, ())]),
    P(contains_obj, [(True, (1, 2), 2.0), (True, (), 1), (False, (1,), 1)]),
    P(contains_scalar, [(1,)]),
])
def test_contains(fn, cases):
    if fn is contains:
        check_batched(contains_8, contains, cases)
    else:
        check_many(fn, cases)


# ---------------------------------------------------------------- + and *

@pydm.jit
def concat(a, b):
    return a + b


@pydm.jit
def concat_fixed(a: int, x: float):
    t = (a, x) + (x, (a,)) + ()
    return t, () + t, len(t + t)


@pydm.jit
def concat_typed(a: tuple[int, float], b: tuple[int, ...]):
    return a + b, b + a, b + b


@pydm.jit
def concat_identity(t, u):
    return (() + t is t, t + () is t, t + u is t)


@pydm.jit
def concat_identity_fixed(t: tuple[int, float]):
    return (() + t is t, t + () is t)


@pydm.jit
def concat_inplace(t, n: int):
    u = ()
    for i in range(n):
        u += t
        u = u + (i,)
    return u


@pydm.jit
def concat_obj(c: bool, t):
    x = t if c else 1
    return x + (5,)


@pydm.jit
def concat_int(t: tuple[int, ...], n: int):
    return t + n


@pydm.jit
def concat_int_left(t: tuple[int, ...], n: int):
    return n + t


@pydm.jit
def repeat(t, n):
    return (t * n, n * t)


@pydm.jit
def repeat_typed(t: tuple[int, float], n: int):
    return t * n


@pydm.jit
def repeat_literal(a, b):
    t = (a, b)
    return (t * 0, t * 1, t * 3, 2 * t, t * -1, t * True, False * t, () * 5, t * 8, t * -9223372036854775807)


@pydm.jit
def repeat_literal_long(a, b):
    t = (a, b)
    return (t * 9, len(t * 1000), t * 9223372036854775807)


@pydm.jit
def repeat_identity(t, n: int):
    return t * n is t


@pydm.jit
def repeat_identity_literal(t: tuple[int, float]):
    return (t * 1 is t, 1 * t is t, t * True is t)


@pydm.jit
def repeat_obj(c: bool, t, n):
    x = t if c else 2
    return x * n


@pydm.jit
def repeat_float(t: tuple[int, ...], x: float):
    return t * x


@pydm.jit
def repeat_float_left(t: tuple[int, ...], x: float):
    return x * t


@pydm.jit
def repeat_none(t):
    return t * None


@pydm.jit
def repeat_tuple(t, u):
    return t * u


@pytest.mark.parametrize("fn,cases", [
    P(concat, [((), ()), ((), (1,)), ((1,), ()), ((1, 2.5), (None, (3,))), ((NAN,), (-0.0, INT64_MIN))]
      + [((1,), x) for x in (3, None, 2.5, True)] + [(x, (1,)) for x in (3, None, 2.5)]),
    P(concat_fixed, [(1, 2.5), (True, -0.0), (INT64_MAX, NAN)]),
    P(concat_typed, [((1, 2.5), ()), ((True, -0.0), (1, 2, 3))]),
    P(concat_identity, [((1, 2), ()), ((1,), (2,))]),
    P(concat_identity_fixed, [((1, 2.5),)]),
    P(concat_inplace, [((1, 2.5), 0), ((1, 2.5), 3), ((), 2)]),
    P(concat_obj, [(True, (1,)), (False, (1,))]),
    P(concat_int, [((1,), 2)]),
    P(concat_int_left, [((1,), 2)]),
    P(repeat, [((1, 2.5), n) for n in (-1, 0, 1, 2, 3, True, False, INT64_MIN, INT64_MAX, 2**62)]
      + [((), INT64_MAX), ((1,), 2**62), ((None,), 4)]),
    P(repeat_typed, [((1, 2.5), n) for n in (-5, 0, 1, 4, INT64_MAX)]),
    P(repeat_literal, [(1, 2.5), (None, (1,))]),
    P(repeat_literal_long, [(1, 2.5)]),
    P(repeat_identity, [((1, 2), 1), ((1, 2), 2), ((1, 2), 0)]),
    P(repeat_identity_literal, [((1, 2.5),)]),
    P(repeat_obj, [(True, (1, 2), 2), (False, (1, 2), 2), (True, (1,), 2.5), (False, (1,), (1,))]),
    P(repeat_float, [((1,), 2.0)]),
    P(repeat_float_left, [((1,), 2.0)]),
    P(repeat_none, [((1,),), ((),)]),
    P(repeat_tuple, [((1,), (2,))]),
])
def test_concat_repeat(fn, cases):
    check_many(fn, cases)


@pydm.jit
def augmented(t, n: int):
    t *= n
    t += (n,)
    return t


@pydm.jit
def augmented_fixed(a: int):
    t = (a,)
    t *= 3
    t += (2.5,)
    return t


@pytest.mark.parametrize("fn,cases", [
    P(augmented, [((1, 2.5), 2), ((), 0), ((None,), -1)]),
    P(augmented_fixed, [(3,), (-1,)]),
])
def test_augmented_assignment(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- what tuples do not have

@pydm.jit
def bad_binary(t, op: int):
    if op == 0:
        return t - t
    if op == 1:
        return t / 2
    if op == 2:
        return t // 2
    if op == 3:
        return t % 2
    if op == 4:
        return t ** 2
    if op == 5:
        return t & t
    if op == 6:
        return t << 1
    return 2.5 - t


@pydm.jit
def bad_unary(t, op: int):
    if op == 0:
        return -t
    if op == 1:
        return +t
    if op == 2:
        return ~t
    if op == 3:
        return abs(t)
    if op == 4:
        return int(t)
    return float(t)


@pytest.mark.parametrize("fn,cases", [
    P(bad_binary, [((1,), op) for op in range(8)]),
    P(bad_unary, [((1,), op) for op in range(6)]),
])
def test_unsupported_operators(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- comparisons

@pydm.jit
def compare(a, b, op: int):
    if op == 0:
        return a == b
    if op == 1:
        return a != b
    if op == 2:
        return a < b
    if op == 3:
        return a <= b
    if op == 4:
        return a > b
    return a >= b


@pydm.jit
def compare_8(k: int, a0, b0, c0, a1, b1, c1, a2, b2, c2, a3, b3, c3,
              a4, b4, c4, a5, b5, c5, a6, b6, c6, a7, b7, c7):
    # ``compare`` on the k-th of 8 argument triples: one compile for 8 pairs of
    # tuple types (check_batched)
    if k == 0:
        return compare(a0, b0, c0)
    if k == 1:
        return compare(a1, b1, c1)
    if k == 2:
        return compare(a2, b2, c2)
    if k == 3:
        return compare(a3, b3, c3)
    if k == 4:
        return compare(a4, b4, c4)
    if k == 5:
        return compare(a5, b5, c5)
    if k == 6:
        return compare(a6, b6, c6)
    return compare(a7, b7, c7)


@pydm.jit
def compare_typed(a: tuple[int, float], b: tuple[float, int]):
    return (a == b, a != b, a < b, a <= b, a > b, a >= b)


@pydm.jit
def compare_built(x, y):
    return ((x, 1) < (y, 2), (x, y) == (y, x), (1, x) >= (1, y), (x,) != (y,), () < (x,) < (x, y))


@pydm.jit
def compare_obj(c: bool, t, u):
    x = t if c else 1.5
    return (x == u, x < u)


@pydm.jit
def compare_mixed_obj(c: bool, t):
    x = t if c else 1
    return (x == (1,), x != t, (1,) == x, x == 1, x != 1.0)


@pydm.jit
def compare_zeros():
    return ((0.0,) == (-0.0,), (0,) == (-0.0,), (1, (2, 3.0)) == (1.0, (2.0, 3)), (-0.0,) < (0.0,),
            (True, 2) == (1, 2.0))


@pydm.jit
def in_chain(x, t):
    return (1 < x in t, x in t in ((x,), t))


@pydm.jit
def minmax_tuples(a, b):
    return (min(a, b), max(a, b))


@pydm.jit
def minmax_typed(a: tuple[int, int], b: tuple[int, int]):
    return (min(a, b), max(a, b, (0, 0)))


ORDERED = [(), (1,), (1, 2), (1, 2.0), (1.0, 2), (1, 3), (2,), (True,), (1, 2, 3), (1, (2, 3)),
           (1, (2, 3.5)), (NAN,), (NAN, 1), (-0.0,), (0,), (INT64_MAX,), (INT64_MIN, 1)]
UNORDERED = [(1, None), (None, 1), (None,), (1, (2,)), ((1,),), (None, None)]


@pytest.mark.parametrize("fn,cases", [
    # a third of the ordered pairs (index sum divisible by 3, so each tuple meets others of every
    # length): each pair of static types is a compile (suite time)
    P(compare, [(a, b, op) for i, a in enumerate(ORDERED) for j, b in enumerate(ORDERED) if (i + j) % 3 == 0
                for op in range(6)]),
    P(compare, [(a, b, op) for a in ORDERED[:4] + UNORDERED for b in UNORDERED for op in range(6)]
      + [(a, b, op) for a in UNORDERED for b in ORDERED[:4] for op in range(6)]),
    P(compare, [(a, b, op) for a in ((1,), ()) for b in (1, None, 2.5) for op in range(6)]
      + [(b, a, op) for a in ((1,),) for b in (1, None) for op in range(6)]),
    P(compare_typed, [((1, 2.5), (1.0, 3)), ((1, 2.5), (1.0, 2)), ((2, NAN), (1.5, 0)), ((1, -0.0), (1.0, 0)),
                      ((True, 1.0), (1.0, True))]),
    P(compare_built, [(1, 2), (2.5, 2.5), (NAN, NAN), (1, 1.0), (None, None), ((), ()), ((1,), (1, 2))]),
    P(compare_built, [(None, 1), (1, None), ((1,), 2)]),
    P(compare_mixed_obj, [(True, (1,)), (False, (1,)), (True, (1, 2))]),
    P(compare_zeros, [()]),
    P(in_chain, [(2, (2, 3)), (0, (0,)), (2, ())]),
    P(minmax_tuples, [((1, 2), (1, 3)), ((1, 2), (1, 2.0)), ((1,), 2), ((), (None,)), ((1, None), (1, 2))]),
    P(minmax_typed, [((1, 2), (1, 3)), ((-1, 5), (-1, -5))]),
    P(compare_obj, [(True, (1, 2), (1, 3)), (True, (1,), 1), (False, (1,), 2), (False, (1,), (1,))]),
])
def test_comparisons(fn, cases):
    if fn is compare:
        check_batched(compare_8, compare, cases)
    else:
        check_many(fn, cases)


# ---------------------------------------------------------------- count / index

@pydm.jit
def count_of(t, x):
    return t.count(x)


@pydm.jit
def index_of(t, x):
    return t.index(x)


@pydm.jit
def count_index_literal(x):
    t = (1, x, 1.0, (x,), None, True)
    return (t.count(1), t.index(x), t.count((x,)), ().count(x), (x, x).index(x))


@pydm.jit
def count_typed(t: tuple[int, ...], x: float) -> int:
    return t.count(x)


@pydm.jit
def method_of_an_int(n: int):
    return n.index(1)


@pydm.jit
def count_of_8(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7):
    if k == 0:
        return count_of(a0, b0)
    if k == 1:
        return count_of(a1, b1)
    if k == 2:
        return count_of(a2, b2)
    if k == 3:
        return count_of(a3, b3)
    if k == 4:
        return count_of(a4, b4)
    if k == 5:
        return count_of(a5, b5)
    if k == 6:
        return count_of(a6, b6)
    return count_of(a7, b7)


@pydm.jit
def index_of_8(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7):
    if k == 0:
        return index_of(a0, b0)
    if k == 1:
        return index_of(a1, b1)
    if k == 2:
        return index_of(a2, b2)
    if k == 3:
        return index_of(a3, b3)
    if k == 4:
        return index_of(a4, b4)
    if k == 5:
        return index_of(a5, b5)
    if k == 6:
        return index_of(a6, b6)
    return index_of(a7, b7)


@pydm.jit
def count_index_literal_8(k: int, a0, a1, a2, a3, a4, a5, a6, a7):
    if k == 0:
        return count_index_literal(a0)
    if k == 1:
        return count_index_literal(a1)
    if k == 2:
        return count_index_literal(a2)
    if k == 3:
        return count_index_literal(a3)
    if k == 4:
        return count_index_literal(a4)
    if k == 5:
        return count_index_literal(a5)
    if k == 6:
        return count_index_literal(a6)
    return count_index_literal(a7)


def test_count_and_index():
    # == with identity first, as ``in``; a missing item is CPython's ValueError
    # (through the *_8 functions: a compile per 8 argument signatures)
    check_batched(count_of_8, count_of, [(T, x) for x in ELEMS] + [((1, 1.0, True, 2), 1), ((), 1), ((NAN, NAN), NAN)])
    check_batched(index_of_8, index_of, [(T, x) for x in ELEMS] + [((1, 2), 3), ((), None), (((1, 2), 3), (1, 2))])
    check_batched(count_index_literal_8, count_index_literal, [(x,) for x in ELEMS])
    check_many(count_typed, [((1, 2, 1), 1.0), ((), 0.5), ((3, 3), 3.0)])
    check_many(method_of_an_int, [(1,), (0,)])


# ---------------------------------------------------------------- hash

@pydm.jit
def hash_any(x):
    return hash(x)


@pydm.jit
def hash_int(n: int):
    return hash(n)


@pydm.jit
def hash_float(x: float):
    return hash(x)


@pydm.jit
def hash_typed(t: tuple[int, float]):
    return (hash(t), hash(t[0]), hash(t[1]), hash((t[1], t[0])), hash((t, t)))


@pydm.jit
def hash_built(a, b):
    return (hash((a, b)), hash((a,)), hash(()), hash(((a,), (b, (a, b)))))


@pydm.jit
def hash_equal_values():
    return (hash(1) == hash(1.0) == hash(True), hash(0) == hash(0.0) == hash(-0.0) == hash(False),
            hash((1, 2)) == hash((1.0, True + 1)), hash((1, (2.0,))) == hash((True, (2,))))


INT_HASH = [0, 1, -1, -2, 2, 7, 2**61 - 2, 2**61 - 1, 2**61, -(2**61) + 1, -(2**61), 2**62, INT64_MAX, INT64_MIN,
            INT64_MIN + 1, 10**18, -(10**18)]
FLOAT_HASH = [0.0, -0.0, 1.0, -1.0, 1.5, -2.5, 0.1, 1e-300, 5e-324, -5e-324, 2.2250738585072014e-308, 1e300,
              1.7976931348623157e308, INF, -INF, 2.0**52, 2.0**61, 2.0**62, 2.0**63, -(2.0**63), 2.0**64,
              2.0**61 - 1024, 1e16, 3.141592653589793, 1 / 3]


@pytest.mark.parametrize("fn,cases", [
    P(hash_any, [(x,) for x in INT_HASH + FLOAT_HASH + [True, False]]),
    P(hash_any, [((),), ((1,),), ((1, 2.5),), ((1.0, 2.5),), ((True, -0.0, INF),), (((1, 2), ((3,),)),),
                 ((INT64_MIN, INT64_MAX, 2**61 - 1),), (tuple(range(20)),), ((-1,),), ((-2,),)]),
    P(hash_int, [(n,) for n in INT_HASH + [True]]),
    P(hash_float, [(x,) for x in FLOAT_HASH]),
    P(hash_typed, [((1, 2.5),), ((-1, -0.0),), ((INT64_MIN, INF),), ((2**61 - 1, 1e300),)]),
    P(hash_built, [(1, 2.5), (True, -1), (-0.0, 0)]),
    P(hash_equal_values, [()]),
])
def test_hash(fn, cases):
    check_many(fn, cases)


def test_hash_nan_and_none_consistent():
    """CPython hashes a NaN by identity (and None by address before 3.12): only
    that equal values hash equal is asserted there."""
    check_hash_consistent(hash_any, (NAN,), (NAN,))
    check_hash_consistent(hash_any, (None,), (None,))
    check_hash_consistent(hash_any, ((None, 1),), ((None, 1.0),))
    check_hash_consistent(hash_any, ((1, (None, True)),), ((1.0, (None, 1)),))
    check_hash_consistent(hash_built, (None, NAN), (None, NAN))


@pydm.jit
def count_of_maybe_tuple(p, x):
    t = (1, x, 1) if p else x
    return (t.count(1), t.index(x))


def test_methods_of_a_value_of_run_time_type():
    """A receiver whose type is known only at run time: the library tests for
    a tuple; anything else is CPython's AttributeError naming its type."""
    check_many(count_of_maybe_tuple, [(1, 2), (1, 1.0), (1, None), (0, 3), (0, (1, 2)), (0, None), (0, 2.5),
                                      (0, (2, 1, 1))])
