"""List operators vs CPython: ``len``, ``in``/``not in`` (identity first, so a
NaN object is found), ``+`` (lists only), ``+=`` (in place, any iterable),
``*``/``*=`` (counts <= 0, in place, repeated references: ``[[0] * 2] * 3``),
the six comparisons (lexicographic, mixed element types, ``TypeError`` where
elements do not order, identity first for equal-looking NaN objects) and
truthiness."""
import pytest

import pydm

from .lharness import INF, NAN, P, check, check_many
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


@pytest.mark.parametrize("fn,cases", [
    P(length, [([],), ([1],), (MIXED,), ([[1, 2, 3]],), (list(range(1000)),)]),
    P(length_after, [([], 1), ([1, 2], [3])]),
    P(contains, [(MIXED, x) for x in PROBES] + [([], 1), ([[NAN]], [NAN]), ([(NAN,)], (NAN,)), ([0.0], -0.0),
                                                ([INT64_MAX], INT64_MAX), ([INT64_MAX], float(INT64_MAX))]),
    P(contains_nan_object, [([NAN, 1],), ([NAN],), ([INF, NAN],)]),
    P(contains_made_nan, [(0,), (5,)]),
    P(contains_literal, [(x,) for x in PROBES]),
    P(contains_nested, [([[1], (1, [2]), [[1]]],), ([[1.0], (1.0, [2.0])],), ([],), ([True],)]),
])
def test_len_contains(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
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
])
def test_concat(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
    P(repeat, [([1, 2.5], n) for n in (0, 1, 3, -1, INT64_MIN, True, False)] + [([], 5), ([[1]], 2), ([NAN], 2)]),
    P(irepeat, [([1, None], n) for n in (0, 1, 3, -2, True)] + [([], 4), ([[1]], 2)]),
    P(repeat_float, [([1],)]),
    P(grid_aliasing, [()]),
    P(grid_aliasing_append, [()]),
    P(grid_fresh_rows, [(3,), (1,)]),
    P(repeat_arg_inner, [([0], 3), ([], 0), ([[1]], 2)]),
    P(repeat_self_in_place, [([1],), ([],)]),
])
def test_repeat(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
    P(compare, [(a, b) for a in ORDERED for b in ORDERED]),
    P(less, [([1, None], [1, 2]), ([None], [None]), ([None], [None, 1]), ([1], [None]), ([[1]], [(1,)]),
             ([1], (1,)), ([1, [2]], [1, (2,)]), ([NAN], [NAN]), ([NAN, 1], [NAN, 2]), ([1, NAN], [1, 0.5]),
             ([NAN], [1.0])]),
    P(greater_equal, [([None], [1]), ([1], (1,)), ([NAN], [NAN]), ([2, None], [1, None])]),
    P(equal, [([1, None], [1, 2]), ([None], [None]), ([1], (1,)), ([[1, [2]]], [[1.0, [2.0]]]), ([NAN], [NAN]),
              ([(NAN, 1)], [(NAN, 1)]), ([1, 2], [1, 2, 3]), ([0.0], [-0.0]), ([True], [1])]),
    P(compare_chain, [([1], [2], [3]), ([1], [2], [0]), ([], [0], [0, 0])]),
    P(compare_self, [([1, NAN],), ([],), ([None],)]),
])
def test_comparisons(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
    P(truth, [([],), ([0],), ([None],), ([[]],), ([False, False],)]),
    P(truth_or_and, [([], [1]), ([0], [1]), ([], []), ([2.5], [])]),
    P(truth_while, [([1, 2, 3],), ([],)]),
    P(truth_ternary, [([],), ([0.5],)]),
])
def test_truthiness(fn, cases):
    check_many(fn, cases)
