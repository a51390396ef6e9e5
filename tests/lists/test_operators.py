"""List operators vs CPython: ``len``, ``in``/``not in`` (identity first, so a
NaN object is found), ``+`` (lists only), ``+=`` (in place, any iterable),
``*``/``*=`` (counts <= 0, in place, repeated references: ``[[0] * 2] * 3``),
the six comparisons (lexicographic, mixed element types, ``TypeError`` where
elements do not order, identity first for equal-looking NaN objects) and
truthiness."""
import pytest

import pydm

from .lbatch import Batch
from .lharness import INF, NAN, P, check
from shared import INT64_MAX, INT64_MIN

MIXED = [1, 2.5, None, (1, 2), [3], True, NAN, -0.0]
PROBES = [1, 1.0, True, 2.5, None, (1, 2), (1.0, 2), [3], [3.0], NAN, 0.0, -0.0, False, 0, 7, (), [], [[3]]]

# ---------------------------------------------------------------- len / in


@pydm.jit
def length(a):
    return len(a)


@pydm.jit
def length_after(a, x):
    n0 = len(a)
    a.append(x)
    a.append(a)
    return (n0, len(a), len(a[-1]), len([]), len([a, a]))


@pydm.jit
def contains(a, x):
    return (x in a, x not in a, not (x in a))


@pydm.jit
def contains_nan_object(a):
    x = a[0]
    return (x in a, a.count(x), a.index(x), [x] == [x], x == x)


@pydm.jit
def contains_made_nan(n: int):
    inf = 1e308 * 10.0
    x = inf - inf  # one NaN object, found by identity
    a = [1, x, n]
    return (x in a, a.index(x), a.count(x), [x, 1] == [x, 1], [x] < [x], [x] <= [x])


@pydm.jit
def contains_literal(x):
    return (x in [1, 2.5, None], x in [], x in [[1], (2,)], x not in [x])


@pydm.jit
def contains_nested(a):
    return ([1] in a, [1.0] in a, (1, [2]) in a, [[1]] in a, 1 in a)


LEN_CONTAINS_CASES = [
    P(length, [([],), ([1],), (MIXED,), ([[1, 2, 3]],), (list(range(1000)),)]),
    P(length_after, [([], 1), ([1, 2], [3])]),
    P(contains, [(MIXED, x) for x in PROBES] + [([], 1), ([[NAN]], [NAN]), ([(NAN,)], (NAN,)), ([0.0], -0.0),
                                                ([INT64_MAX], INT64_MAX), ([INT64_MAX], float(INT64_MAX))]),
    P(contains_nan_object, [([NAN, 1],), ([NAN],), ([INF, NAN],)]),
    P(contains_made_nan, [(0,), (5,)]),
    P(contains_literal, [(x,) for x in PROBES]),
    P(contains_nested, [([[1], (1, [2]), [[1]]],), ([[1.0], (1.0, [2.0])],), ([],), ([True],)]),
]


@pytest.mark.parametrize("fn,cases", LEN_CONTAINS_CASES)
def test_len_contains(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- + and +=


@pydm.jit
def concat(a, b):
    c = a + b
    return (c, c is a, c is b, a, b)


@pydm.jit
def concat_literals(x):
    return [x] + [1, 2.5] + [] + [[x]]


@pydm.jit
def concat_tuple(a):
    return a + (1, 2)


@pydm.jit
def concat_none(a):
    return a + None


@pydm.jit
def tuple_plus_list(t, a):
    return t + a


@pydm.jit
def iadd(a, b):
    c = a
    a += b
    return (a is c, a, c)


@pydm.jit
def iadd_iterables(a):
    a += (1, 2.5)
    a += range(2)
    a += [None]
    a += a
    return a


@pydm.jit
def iadd_not_iterable(a):
    a += 5
    return a


@pydm.jit
def add_rebinds(a):
    c = a
    a = a + [1]
    return (a is c, a, c)


@pydm.jit
def concat_shares_inner(a):
    b = a + a
    b[0].append(9)
    return (b, b[0] is a[0], b[len(a)] is a[0])


CONCAT_CASES = [
    P(concat, [([], []), ([1], []), ([], [1]), ([1, 2.5], [None, [3]]), ([NAN], [-0.0, INT64_MIN])]),
    P(concat_literals, [(1,), (None,), ([1],)]),
    P(concat_tuple, [([1],)]),
    P(concat_none, [([1],)]),
    P(tuple_plus_list, [((1,), [2])]),
    P(iadd, [([], []), ([1], [2.5, None]), ([1], (2, 3)), ([1], range(3)), ([[1]], [[2]])]),
    P(iadd_iterables, [([],), ([0],)]),
    P(iadd_not_iterable, [([1],)]),
    P(add_rebinds, [([0],), ([],)]),
    P(concat_shares_inner, [([[1], 2],), ([[]],)]),
]


@pytest.mark.parametrize("fn,cases", CONCAT_CASES)
def test_concat(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- * and *=


@pydm.jit
def repeat(a, n):
    return (a * n, n * a, a)


@pydm.jit
def irepeat(a, n):
    c = a
    a *= n
    return (a is c, a)


@pydm.jit
def repeat_float(a):
    return a * 2.0


@pydm.jit
def grid_aliasing():
    g = [[0] * 2] * 3
    g[0][1] = 5
    return g


@pydm.jit
def grid_aliasing_append():
    g = [[0] * 2] * 3
    g[1].append(7)
    g[2] = [1]  # only this row is replaced
    return (g, g[0] is g[1], g[1] is g[2])


@pydm.jit
def grid_fresh_rows(n: int):
    g = [[0] * 2 for _ in range(n)]
    g[0][1] = 5
    return g


@pydm.jit
def repeat_arg_inner(a, n):
    g = [a] * n
    a.append(1)
    return g


@pydm.jit
def repeat_self_in_place(a):
    b = [a]
    b *= 3
    b[0].append(0)
    return b


REPEAT_CASES = [
    P(repeat, [([1, 2.5], n) for n in (0, 1, 3, -1, INT64_MIN, True, False)] + [([], 5), ([[1]], 2), ([NAN], 2)]),
    P(irepeat, [([1, None], n) for n in (0, 1, 3, -2, True)] + [([], 4), ([[1]], 2)]),
    P(repeat_float, [([1],)]),
    P(grid_aliasing, [()]),
    P(grid_aliasing_append, [()]),
    P(grid_fresh_rows, [(3,), (1,)]),
    P(repeat_arg_inner, [([0], 3), ([], 0), ([[1]], 2)]),
    P(repeat_self_in_place, [([1],), ([],)]),
]


@pytest.mark.parametrize("fn,cases", REPEAT_CASES)
def test_repeat(fn, cases):
    BATCH.check_many(fn, cases)


def test_grid_result_repeats_one_inner_list():
    """CPython's ``[[0] * 2] * 3`` is three references to one list: the result
    must carry that aliasing back (``r[0] is r[1] is r[2]``)."""
    r = check(grid_aliasing)
    assert r[0] is r[1] is r[2]
    r = grid_aliasing()
    assert type(r) is list and r == [[0, 5]] * 3 and r[0] is r[1] and r[1] is r[2]


# ---------------------------------------------------------------- comparisons


@pydm.jit
def compare(a, b):
    return (a == b, a != b, a < b, a <= b, a > b, a >= b)


@pydm.jit
def less(a, b):
    return a < b


@pydm.jit
def greater_equal(a, b):
    return a >= b


@pydm.jit
def equal(a, b):
    return (a == b, a != b)


@pydm.jit
def compare_chain(a, b, c):
    return a < b < c


@pydm.jit
def compare_self(a):
    return (a == a, a <= a, a < a, a is a)


ORDERED = [[], [0], [1], [1, 2], [1, 2.5], [1.0, 2], [True, 2], [1, 2, 0], [2], [-0.0], [0.0], [INF], [-INF],
           [[1]], [[1, 2]], [[0], 5], [(1, 2)], [(1, 2.0), 0], [INT64_MAX], [INT64_MIN, 1]]


COMPARISONS_CASES = [
    P(compare, [(a, b) for a in ORDERED for b in ORDERED]),
    P(less, [([1, None], [1, 2]), ([None], [None]), ([None], [None, 1]), ([1], [None]), ([[1]], [(1,)]),
             ([1], (1,)), ([1, [2]], [1, (2,)]), ([NAN], [NAN]), ([NAN, 1], [NAN, 2]), ([1, NAN], [1, 0.5]),
             ([NAN], [1.0])]),
    P(greater_equal, [([None], [1]), ([1], (1,)), ([NAN], [NAN]), ([2, None], [1, None])]),
    P(equal, [([1, None], [1, 2]), ([None], [None]), ([1], (1,)), ([[1, [2]]], [[1.0, [2.0]]]), ([NAN], [NAN]),
              ([(NAN, 1)], [(NAN, 1)]), ([1, 2], [1, 2, 3]), ([0.0], [-0.0]), ([True], [1])]),
    P(compare_chain, [([1], [2], [3]), ([1], [2], [0]), ([], [0], [0, 0])]),
    P(compare_self, [([1, NAN],), ([],), ([None],)]),
]


@pytest.mark.parametrize("fn,cases", COMPARISONS_CASES)
def test_comparisons(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- truthiness


@pydm.jit
def truth(a):
    r = 0
    if a:
        r += 1
    if not a:
        r += 10
    return (r, bool(a), not a)


@pydm.jit
def truth_or_and(a, b):
    return (a or b, a and b)


@pydm.jit
def truth_while(a):
    n = 0
    while a:
        a.pop()
        n += 1
    return (n, a)


@pydm.jit
def truth_ternary(a):
    return a[0] if a else None


TRUTHINESS_CASES = [
    P(truth, [([],), ([0],), ([None],), ([[]],), ([False, False],)]),
    P(truth_or_and, [([], [1]), ([0], [1]), ([], []), ([2.5], [])]),
    P(truth_while, [([1, 2, 3],), ([],)]),
    P(truth_ternary, [([],), ([0.5],)]),
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def operators_group(k: int, a0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8, b8, a9,
                            b9, a10, b10, a11, b11, a12, a13, a14, a15, a16, a17, a18, a19, a20,
                            a21, a22, a23, b23, a24, a25, a26, a27, a28, a29, b29, a30, b30, a31,
                            b31, a32, b32, a33, a34, a35, a36, a37, b37, a38, b38, a39, b39, a40,
                            b40, a41, a44, a45, b45, a46, a47, b47, a48, b48, a49, b49, a50, b50,
                            a51, b51, a52, b52, a53, b53, a54, b54, c54, a55, a56, a57, b57, a58,
                            a59):
    if k == 0:
        return length(a0)
    if k == 1:
        return length_after(a1, b1)
    if k == 2:
        return length_after(a2, b2)
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
        return contains_nan_object(a12)
    if k == 13:
        return contains_made_nan(a13)
    if k == 14:
        return contains_literal(a14)
    if k == 15:
        return contains_literal(a15)
    if k == 16:
        return contains_literal(a16)
    if k == 17:
        return contains_literal(a17)
    if k == 18:
        return contains_literal(a18)
    if k == 19:
        return contains_literal(a19)
    if k == 20:
        return contains_literal(a20)
    if k == 21:
        return contains_literal(a21)
    if k == 22:
        return contains_nested(a22)
    if k == 23:
        return concat(a23, b23)
    if k == 24:
        return concat_literals(a24)
    if k == 25:
        return concat_literals(a25)
    if k == 26:
        return concat_literals(a26)
    if k == 27:
        return concat_tuple(a27)
    if k == 28:
        return concat_none(a28)
    if k == 29:
        return tuple_plus_list(a29, b29)
    if k == 30:
        return iadd(a30, b30)
    if k == 31:
        return iadd(a31, b31)
    if k == 32:
        return iadd(a32, b32)
    if k == 33:
        return iadd_iterables(a33)
    if k == 34:
        return iadd_not_iterable(a34)
    if k == 35:
        return add_rebinds(a35)
    if k == 36:
        return concat_shares_inner(a36)
    if k == 37:
        return repeat(a37, b37)
    if k == 38:
        return repeat(a38, b38)
    if k == 39:
        return irepeat(a39, b39)
    if k == 40:
        return irepeat(a40, b40)
    if k == 41:
        return repeat_float(a41)
    if k == 42:
        return grid_aliasing()
    if k == 43:
        return grid_aliasing_append()
    if k == 44:
        return grid_fresh_rows(a44)
    if k == 45:
        return repeat_arg_inner(a45, b45)
    if k == 46:
        return repeat_self_in_place(a46)
    if k == 47:
        return compare(a47, b47)
    if k == 48:
        return less(a48, b48)
    if k == 49:
        return less(a49, b49)
    if k == 50:
        return greater_equal(a50, b50)
    if k == 51:
        return greater_equal(a51, b51)
    if k == 52:
        return equal(a52, b52)
    if k == 53:
        return equal(a53, b53)
    if k == 54:
        return compare_chain(a54, b54, c54)
    if k == 55:
        return compare_self(a55)
    if k == 56:
        return truth(a56)
    if k == 57:
        return truth_or_and(a57, b57)
    if k == 58:
        return truth_while(a58)
    return truth_ternary(a59)


BATCH = Batch(operators_group, [
    *LEN_CONTAINS_CASES,
    *CONCAT_CASES,
    *REPEAT_CASES,
    *COMPARISONS_CASES,
    *TRUTHINESS_CASES,
])


@pytest.mark.parametrize("fn,cases", TRUTHINESS_CASES)
def test_truthiness(fn, cases):
    BATCH.check_many(fn, cases)
