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

from .tharness import (Batch, INF, INT64_MAX, INT64_MIN, NAN, P, check_batched,
                       check_hash_consistent)

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


CONTAINS_CASES = [
    P(contains, [(T, x) for x in ELEMS + [3, 2, (1, 2.0), (1, 2, 3)]] + [((), 1), ((NAN,), NAN), ((1,), 5)]),
    P(contains_typed, [((1, 2, 3), x) for x in (1, 2.0, 2.5, -0.0, True, NAN)] + [((), 1.0), ((0,), -0.0)]),
    P(contains_literal, [(x,) for x in (1, 1.0, True, 2.5, None, 3, NAN, ())]),
    P(contains_obj, [(True, (1, 2), 2.0), (True, (), 1), (False, (1,), 1)]),
    P(contains_scalar, [(1,)]),
]


@pytest.mark.parametrize("fn,cases", CONTAINS_CASES)
def test_contains(fn, cases):
    SEARCH_COMPARE.check_many(fn, cases)


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


CONCAT_REPEAT_CASES = [
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
]


@pytest.mark.parametrize("fn,cases", CONCAT_REPEAT_CASES)
def test_concat_repeat(fn, cases):
    ARITH_HASH.check_many(fn, cases)


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


AUGMENTED_ASSIGNMENT_CASES = [
    P(augmented, [((1, 2.5), 2), ((), 0), ((None,), -1)]),
    P(augmented_fixed, [(3,), (-1,)]),
]


@pytest.mark.parametrize("fn,cases", AUGMENTED_ASSIGNMENT_CASES)
def test_augmented_assignment(fn, cases):
    ARITH_HASH.check_many(fn, cases)


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


UNSUPPORTED_OPERATORS_CASES = [
    P(bad_binary, [((1,), op) for op in range(8)]),
    P(bad_unary, [((1,), op) for op in range(6)]),
]


@pytest.mark.parametrize("fn,cases", UNSUPPORTED_OPERATORS_CASES)
def test_unsupported_operators(fn, cases):
    ARITH_HASH.check_many(fn, cases)


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
def compare_32(k: int, a0, b0, c0, a1, b1, c1, a2, b2, c2, a3, b3, c3, a4, b4, c4, a5, b5, c5, a6,
                       b6, c6, a7, b7, c7, a8, b8, c8, a9, b9, c9, a10, b10, c10, a11, b11, c11,
                       a12, b12, c12, a13, b13, c13, a14, b14, c14, a15, b15, c15, a16, b16, c16,
                       a17, b17, c17, a18, b18, c18, a19, b19, c19, a20, b20, c20, a21, b21, c21,
                       a22, b22, c22, a23, b23, c23, a24, b24, c24, a25, b25, c25, a26, b26, c26,
                       a27, b27, c27, a28, b28, c28, a29, b29, c29, a30, b30, c30, a31, b31, c31):
    # ``compare`` on the k-th of 32 argument triples: one compile for 32 pairs of
    # tuple types (check_batched); a compile is mostly the runtime library's
    # comparison code, whatever the number of slots (32 slots cost ~1.5x 8)
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
    if k == 7:
        return compare(a7, b7, c7)
    if k == 8:
        return compare(a8, b8, c8)
    if k == 9:
        return compare(a9, b9, c9)
    if k == 10:
        return compare(a10, b10, c10)
    if k == 11:
        return compare(a11, b11, c11)
    if k == 12:
        return compare(a12, b12, c12)
    if k == 13:
        return compare(a13, b13, c13)
    if k == 14:
        return compare(a14, b14, c14)
    if k == 15:
        return compare(a15, b15, c15)
    if k == 16:
        return compare(a16, b16, c16)
    if k == 17:
        return compare(a17, b17, c17)
    if k == 18:
        return compare(a18, b18, c18)
    if k == 19:
        return compare(a19, b19, c19)
    if k == 20:
        return compare(a20, b20, c20)
    if k == 21:
        return compare(a21, b21, c21)
    if k == 22:
        return compare(a22, b22, c22)
    if k == 23:
        return compare(a23, b23, c23)
    if k == 24:
        return compare(a24, b24, c24)
    if k == 25:
        return compare(a25, b25, c25)
    if k == 26:
        return compare(a26, b26, c26)
    if k == 27:
        return compare(a27, b27, c27)
    if k == 28:
        return compare(a28, b28, c28)
    if k == 29:
        return compare(a29, b29, c29)
    if k == 30:
        return compare(a30, b30, c30)
    return compare(a31, b31, c31)


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


COMPARISONS_CASES = [
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
]


@pytest.mark.parametrize("fn,cases", COMPARISONS_CASES)
def test_comparisons(fn, cases):
    if fn is compare:
        check_batched(compare_32, compare, cases)
    else:
        SEARCH_COMPARE.check_many(fn, cases)


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


COUNT_INDEX_CASES = [
    P(count_of, [(T, x) for x in ELEMS] + [((1, 1.0, True, 2), 1), ((), 1), ((NAN, NAN), NAN)]),
    P(index_of, [(T, x) for x in ELEMS] + [((1, 2), 3), ((), None), (((1, 2), 3), (1, 2))]),
    P(count_index_literal, [(x,) for x in ELEMS]),
    P(count_typed, [((1, 2, 1), 1.0), ((), 0.5), ((3, 3), 3.0)]),
    P(method_of_an_int, [(1,), (0,)]),
]


def test_count_and_index():
    # == with identity first, as ``in``; a missing item is CPython's ValueError
    for p in COUNT_INDEX_CASES:
        SEARCH_COMPARE.check_many(*p.values)


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


HASH_CASES = [
    P(hash_any, [(x,) for x in INT_HASH + FLOAT_HASH + [True, False]]),
    P(hash_any, [((),), ((1,),), ((1, 2.5),), ((1.0, 2.5),), ((True, -0.0, INF),), (((1, 2), ((3,),)),),
                 ((INT64_MIN, INT64_MAX, 2**61 - 1),), (tuple(range(20)),), ((-1,),), ((-2,),)]),
    P(hash_int, [(n,) for n in INT_HASH + [True]]),
    P(hash_float, [(x,) for x in FLOAT_HASH]),
    P(hash_typed, [((1, 2.5),), ((-1, -0.0),), ((INT64_MIN, INF),), ((2**61 - 1, 1e300),)]),
    P(hash_built, [(1, 2.5), (True, -1), (-0.0, 0)]),
    P(hash_equal_values, [()]),
]


@pytest.mark.parametrize("fn,cases", HASH_CASES)
def test_hash(fn, cases):
    ARITH_HASH.check_many(fn, cases)


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


RUN_TIME_TYPE_CASES = [P(count_of_maybe_tuple, [(1, 2), (1, 1.0), (1, None), (0, 3), (0, (1, 2)), (0, None),
                                                (0, 2.5), (0, (2, 1, 1))])]


def test_methods_of_a_value_of_run_time_type():
    """A receiver whose type is known only at run time: the library tests for
    a tuple; anything else is CPython's AttributeError naming its type."""
    SEARCH_COMPARE.check_many(*RUN_TIME_TYPE_CASES[0].values)


# the tests of this file through two compiles (tests/batching.py: a compile per signature was most
# of the time; a dispatcher compiles in time growing faster than its slots, so two of them)
@pydm.jit
def search_compare_group(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7,
                                 a8, b8, a9, b9, a10, b10, a11, b11, a12, b12, a13, b13, a14, b14,
                                 a15, b15, a16, b16, a17, b17, a18, a19, a20, a21, a22, a23, b23,
                                 c23, a24, b24, c24, a25, b25, c25, a26, a27, b27, a28, b28, a29,
                                 b29, a30, b30, a31, b31, a32, b32, a33, b33, a34, b34, a35, b35,
                                 a36, b36, a37, b37, a38, b38, a39, b39, a41, b41, a42, b42, a43,
                                 b43, a44, b44, a45, b45, a46, b46, a47, b47, a48, b48, a49, b49,
                                 a50, b50, c50, a51, b51, c51, a52, b52, c52, a53, b53, a54, b54,
                                 a55, b55, a56, b56, a57, b57, a58, b58, a59, b59, a60, b60, a61,
                                 b61, a62, b62, a63, b63, a64, b64, a65, b65, a66, b66, a67, b67,
                                 a68, b68, a69, b69, a70, b70, a71, b71, a72, b72, a73, b73, a74,
                                 b74, a75, a76, a77, a78, a79, a80, a81, a82, a83, b83, a84, b84,
                                 a85, b85, a86, a87, b87, a88, b88, a89, b89, a90, b90, a91, b91):
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
    if k == 7:
        return contains(a7, b7)
    if k == 8:
        return contains(a8, b8)
    if k == 9:
        return contains(a9, b9)
    if k == 10:
        return contains(a10, b10)
    if k == 11:
        return contains(a11, b11)
    if k == 12:
        return contains(a12, b12)
    if k == 13:
        return contains_typed(a13, b13)
    if k == 14:
        return contains_typed(a14, b14)
    if k == 15:
        return contains_typed(a15, b15)
    if k == 16:
        return contains_typed(a16, b16)
    if k == 17:
        return contains_typed(a17, b17)
    if k == 18:
        return contains_literal(a18)
    if k == 19:
        return contains_literal(a19)
    if k == 20:
        return contains_literal(a20)
    if k == 21:
        return contains_literal(a21)
    if k == 22:
        return contains_literal(a22)
    if k == 23:
        return contains_obj(a23, b23, c23)
    if k == 24:
        return contains_obj(a24, b24, c24)
    if k == 25:
        return contains_obj(a25, b25, c25)
    if k == 26:
        return contains_scalar(a26)
    if k == 27:
        return compare_typed(a27, b27)
    if k == 28:
        return compare_typed(a28, b28)
    if k == 29:
        return compare_built(a29, b29)
    if k == 30:
        return compare_built(a30, b30)
    if k == 31:
        return compare_built(a31, b31)
    if k == 32:
        return compare_built(a32, b32)
    if k == 33:
        return compare_built(a33, b33)
    if k == 34:
        return compare_built(a34, b34)
    if k == 35:
        return compare_built(a35, b35)
    if k == 36:
        return compare_built(a36, b36)
    if k == 37:
        return compare_built(a37, b37)
    if k == 38:
        return compare_mixed_obj(a38, b38)
    if k == 39:
        return compare_mixed_obj(a39, b39)
    if k == 40:
        return compare_zeros()
    if k == 41:
        return in_chain(a41, b41)
    if k == 42:
        return in_chain(a42, b42)
    if k == 43:
        return in_chain(a43, b43)
    if k == 44:
        return minmax_tuples(a44, b44)
    if k == 45:
        return minmax_tuples(a45, b45)
    if k == 46:
        return minmax_tuples(a46, b46)
    if k == 47:
        return minmax_tuples(a47, b47)
    if k == 48:
        return minmax_tuples(a48, b48)
    if k == 49:
        return minmax_typed(a49, b49)
    if k == 50:
        return compare_obj(a50, b50, c50)
    if k == 51:
        return compare_obj(a51, b51, c51)
    if k == 52:
        return compare_obj(a52, b52, c52)
    if k == 53:
        return count_of(a53, b53)
    if k == 54:
        return count_of(a54, b54)
    if k == 55:
        return count_of(a55, b55)
    if k == 56:
        return count_of(a56, b56)
    if k == 57:
        return count_of(a57, b57)
    if k == 58:
        return count_of(a58, b58)
    if k == 59:
        return count_of(a59, b59)
    if k == 60:
        return count_of(a60, b60)
    if k == 61:
        return count_of(a61, b61)
    if k == 62:
        return count_of(a62, b62)
    if k == 63:
        return count_of(a63, b63)
    if k == 64:
        return index_of(a64, b64)
    if k == 65:
        return index_of(a65, b65)
    if k == 66:
        return index_of(a66, b66)
    if k == 67:
        return index_of(a67, b67)
    if k == 68:
        return index_of(a68, b68)
    if k == 69:
        return index_of(a69, b69)
    if k == 70:
        return index_of(a70, b70)
    if k == 71:
        return index_of(a71, b71)
    if k == 72:
        return index_of(a72, b72)
    if k == 73:
        return index_of(a73, b73)
    if k == 74:
        return index_of(a74, b74)
    if k == 75:
        return count_index_literal(a75)
    if k == 76:
        return count_index_literal(a76)
    if k == 77:
        return count_index_literal(a77)
    if k == 78:
        return count_index_literal(a78)
    if k == 79:
        return count_index_literal(a79)
    if k == 80:
        return count_index_literal(a80)
    if k == 81:
        return count_index_literal(a81)
    if k == 82:
        return count_index_literal(a82)
    if k == 83:
        return count_typed(a83, b83)
    if k == 84:
        return count_typed(a84, b84)
    if k == 85:
        return count_typed(a85, b85)
    if k == 86:
        return method_of_an_int(a86)
    if k == 87:
        return count_of_maybe_tuple(a87, b87)
    if k == 88:
        return count_of_maybe_tuple(a88, b88)
    if k == 89:
        return count_of_maybe_tuple(a89, b89)
    if k == 90:
        return count_of_maybe_tuple(a90, b90)
    return count_of_maybe_tuple(a91, b91)


@pydm.jit
def arith_hash_group(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8,
                             b8, a9, b9, a10, b10, a11, b11, a12, b12, a13, b13, a14, b14, a15,
                             b15, a16, b16, a17, b17, a18, a19, b19, a20, b20, a21, b21, a22, b22,
                             a23, b23, a24, b24, a25, b25, a26, b26, a27, b27, a28, b28, a29, b29,
                             a30, b30, a31, b31, a32, b32, a33, b33, a34, a35, b35, c35, a36, b36,
                             c36, a37, b37, c37, a38, b38, a39, b39, a40, a41, a42, b42, a43, b43,
                             a44, b44, a45, b45, a46, a47, b47, a48, b48, a49, a50, a51, a52, a53,
                             a54, a55, a56, a57, a58, a59, a60, a61, a62, a63, a64, b64, a65, b65,
                             a66, b66):
    if k == 0:
        return concat(a0, b0)
    if k == 1:
        return concat(a1, b1)
    if k == 2:
        return concat(a2, b2)
    if k == 3:
        return concat(a3, b3)
    if k == 4:
        return concat(a4, b4)
    if k == 5:
        return concat(a5, b5)
    if k == 6:
        return concat(a6, b6)
    if k == 7:
        return concat(a7, b7)
    if k == 8:
        return concat(a8, b8)
    if k == 9:
        return concat(a9, b9)
    if k == 10:
        return concat(a10, b10)
    if k == 11:
        return concat(a11, b11)
    if k == 12:
        return concat_fixed(a12, b12)
    if k == 13:
        return concat_fixed(a13, b13)
    if k == 14:
        return concat_typed(a14, b14)
    if k == 15:
        return concat_typed(a15, b15)
    if k == 16:
        return concat_identity(a16, b16)
    if k == 17:
        return concat_identity(a17, b17)
    if k == 18:
        return concat_identity_fixed(a18)
    if k == 19:
        return concat_inplace(a19, b19)
    if k == 20:
        return concat_inplace(a20, b20)
    if k == 21:
        return concat_obj(a21, b21)
    if k == 22:
        return concat_int(a22, b22)
    if k == 23:
        return concat_int_left(a23, b23)
    if k == 24:
        return repeat(a24, b24)
    if k == 25:
        return repeat(a25, b25)
    if k == 26:
        return repeat(a26, b26)
    if k == 27:
        return repeat(a27, b27)
    if k == 28:
        return repeat(a28, b28)
    if k == 29:
        return repeat_typed(a29, b29)
    if k == 30:
        return repeat_literal(a30, b30)
    if k == 31:
        return repeat_literal(a31, b31)
    if k == 32:
        return repeat_literal_long(a32, b32)
    if k == 33:
        return repeat_identity(a33, b33)
    if k == 34:
        return repeat_identity_literal(a34)
    if k == 35:
        return repeat_obj(a35, b35, c35)
    if k == 36:
        return repeat_obj(a36, b36, c36)
    if k == 37:
        return repeat_obj(a37, b37, c37)
    if k == 38:
        return repeat_float(a38, b38)
    if k == 39:
        return repeat_float_left(a39, b39)
    if k == 40:
        return repeat_none(a40)
    if k == 41:
        return repeat_none(a41)
    if k == 42:
        return repeat_tuple(a42, b42)
    if k == 43:
        return augmented(a43, b43)
    if k == 44:
        return augmented(a44, b44)
    if k == 45:
        return augmented(a45, b45)
    if k == 46:
        return augmented_fixed(a46)
    if k == 47:
        return bad_binary(a47, b47)
    if k == 48:
        return bad_unary(a48, b48)
    if k == 49:
        return hash_any(a49)
    if k == 50:
        return hash_any(a50)
    if k == 51:
        return hash_any(a51)
    if k == 52:
        return hash_any(a52)
    if k == 53:
        return hash_any(a53)
    if k == 54:
        return hash_any(a54)
    if k == 55:
        return hash_any(a55)
    if k == 56:
        return hash_any(a56)
    if k == 57:
        return hash_any(a57)
    if k == 58:
        return hash_any(a58)
    if k == 59:
        return hash_any(a59)
    if k == 60:
        return hash_int(a60)
    if k == 61:
        return hash_int(a61)
    if k == 62:
        return hash_float(a62)
    if k == 63:
        return hash_typed(a63)
    if k == 64:
        return hash_built(a64, b64)
    if k == 65:
        return hash_built(a65, b65)
    if k == 66:
        return hash_built(a66, b66)
    return hash_equal_values()


SEARCH_COMPARE = Batch(search_compare_group, [
    *CONTAINS_CASES,
    *(p for p in COMPARISONS_CASES if p.values[0] is not compare),  # compare: compare_32
    *COUNT_INDEX_CASES,
    *RUN_TIME_TYPE_CASES,
])
ARITH_HASH = Batch(arith_hash_group, [
    *CONCAT_REPEAT_CASES,
    *AUGMENTED_ASSIGNMENT_CASES,
    *UNSUPPORTED_OPERATORS_CASES,
    *HASH_CASES,
])
