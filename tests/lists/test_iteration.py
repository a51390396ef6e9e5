"""Iteration vs CPython: ``for`` over lists, tuples and ranges, ``enumerate``
(with ``start``), ``zip`` of two and three iterables (the shortest wins),
``reversed``; mutating a list while iterating it (CPython's iterator is
index-based: appended items are visited, removals skip the next item); nested
loops, ``break``/``else``; unpacking in ``for`` targets; list comprehensions
with several ``for``/``if`` clauses (own scope); generator expressions
consumed by ``sum``, ``min``, ``max``, ``any``, ``all``, ``sorted``, ``list``,
``tuple``."""
import pytest

import pydm

from .lharness import INF, NAN, P, check_many
from shared import INT64_MAX, INT64_MIN

LISTS = [[], [1], [1, 2.5, True], [3, -1, 2, 0, -5], [NAN, -0.0, INF, 1]]

# ---------------------------------------------------------------- for


@pydm.jit
def for_sum(a):
    s = 0
    for x in a:
        s = s + x
    return s


@pydm.jit
def for_collect(a):
    out = []
    for x in a:
        out.append(x)
    return (out, out == a, out is a)


@pydm.jit
def for_tuple(t):
    out = []
    for x in t:
        out.append(x)
    return out


@pydm.jit
def for_range(a: int, b: int, c: int):
    out = []
    for i in range(a, b, c):
        out.append(i)
    return out


@pydm.jit
def for_break_else(a, target):
    found = -1
    for i in range(len(a)):
        if a[i] == target:
            found = i
            break
    else:
        found = -2
    return found


@pydm.jit
def for_nested(a, b):
    out = []
    for x in a:
        for y in b:
            if y == x:
                continue
            out.append((x, y))
    return out


@pydm.jit
def for_nested_lists(m):
    total = 0
    rows = []
    for row in m:
        s = 0
        for x in row:
            s += x
        rows.append(s)
        total += s
    return (total, rows)


@pydm.jit
def for_loop_var_after(a):
    x = None
    for x in a:
        pass
    return x


@pydm.jit
def for_list_literal(n: int):
    s = 0
    for x in [n, n * 2, n * 3.5]:
        s = s + x
    return s


@pytest.mark.parametrize("fn,cases", [
    P(for_sum, [(a,) for a in LISTS] + [([INT64_MAX, 1],), ([(1,)],), ([1, None],)]),
    P(for_collect, [(a,) for a in LISTS] + [([[1], (2,)],)]),
    P(for_tuple, [((),), ((1, 2.5, None),), (((1,), [2]),)]),
    P(for_range, [(a, b, c) for a in (0, 5, -3) for b in (0, 7, -6) for c in (1, 2, -1, -3)]
      + [(0, 3, 0), (INT64_MAX - 2, INT64_MAX, 1), (INT64_MIN + 2, INT64_MIN, -1)]),
    P(for_break_else, [([1, 2, 3], 2), ([1, 2, 3], 4), ([], 1), ([1.0, 2], 1), ([None, 1], None)]),
    P(for_nested, [([1, 2], [2, 3]), ([], [1]), ([1], []), ([1, 2.0], [True, 2])]),
    P(for_nested_lists, [([[1, 2], [3], []],), ([],), ([[1.5], [2, 2]],)]),
    P(for_loop_var_after, [([],), ([1, 2],), ([[1]],)]),
    P(for_list_literal, [(0,), (3,)]),
])
def test_for(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- enumerate / zip / reversed


@pydm.jit
def enum(a):
    out = []
    for i, x in enumerate(a):
        out.append((i, x))
    return out


@pydm.jit
def enum_start(a, s):
    out = []
    for i, x in enumerate(a, s):
        out.append((i, x))
    return out


@pydm.jit
def enum_start_kw(a, s):
    return list(enumerate(a, start=s))


@pydm.jit
def enum_range_tuple(n: int, t):
    out = []
    for i, x in enumerate(range(n, 0, -1)):
        out.append(i * x)
    for i, x in enumerate(t, 1):
        out.append((i, x))
    return out


@pydm.jit
def zip2(a, b):
    out = []
    for x, y in zip(a, b):
        out.append((x, y))
    return out


@pydm.jit
def zip3(a, b, c):
    out = []
    for x, y, z in zip(a, b, c):
        out.append([x, y, z])
    return out


@pydm.jit
def zip_mixed(a, n: int):
    return list(zip(a, range(n), (1.5, None, True)))


@pydm.jit
def zip_one(a):
    return list(zip(a))


@pydm.jit
def rev(a):
    out = []
    for x in reversed(a):
        out.append(x)
    return (out, a)


@pydm.jit
def rev_range_tuple(n: int, t):
    return (list(reversed(range(n))), list(reversed(range(1, n, 3))), list(reversed(t)))


@pydm.jit
def rev_enumerate(a):
    out = []
    for i, x in enumerate(reversed(a)):
        out.append((i, x))
    return out


@pytest.mark.parametrize("fn,cases", [
    P(enum, [(a,) for a in LISTS] + [((1, 2),), (range(2, 5),)]),
    P(enum_start, [([1, 2.5], s) for s in (0, 1, -3, True, INT64_MAX - 1)] + [([], 5)]),
    P(enum_start_kw, [([None, [1]], 10), ([], 0)]),
    P(enum_range_tuple, [(3, (1, None)), (0, ())]),
    P(zip2, [([1, 2, 3], [4.5, 5.5]), ([1], [2, 3]), ([], [1]), ([1, 2], (3, 4)), ([1, 2], range(10))]),
    P(zip3, [([1, 2, 3], [4, 5, 6], [7, 8]), ([1], [], [2]), ([1, 2], [3, 4], [5, 6, 7]), ([[1]], [(2,)], [None])]),
    P(zip_mixed, [([1, 2, 3, 4], 5), ([1, 2], 1), ([], 3)]),
    P(zip_one, [([1, 2],), ([],)]),
    P(rev, [(a,) for a in LISTS] + [([[1], [2]],)]),
    P(rev_range_tuple, [(0, ()), (7, (1, 2.5, None))]),
    P(rev_enumerate, [([1, 2, 3],), ([],)]),
])
def test_enumerate_zip_reversed(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- mutation while iterating


@pydm.jit
def append_while_iterating(a, bound: int):
    n = 0
    for x in a:
        n += 1
        if len(a) < bound:
            a.append(x * 2)
    return (n, a)


@pydm.jit
def remove_while_iterating(a):
    seen = []
    for x in a:
        seen.append(x)
        if x % 2 == 0:
            a.remove(x)  # the next item is skipped, as in CPython
    return (seen, a)


@pydm.jit
def clear_while_iterating(a):
    seen = []
    for x in a:
        seen.append(x)
        a.clear()
    return (seen, a)


@pydm.jit
def pop_while_iterating(a):
    seen = []
    for x in a:
        seen.append(x)
        a.pop()
    return (seen, a)


@pydm.jit
def insert_front_while_iterating(a):
    seen = []
    for x in a:
        seen.append(x)
        if len(seen) < 4:
            a.insert(0, -1)  # the same item is seen again
    return (seen, a)


@pydm.jit
def setitem_while_iterating(a):
    seen = []
    for i, x in enumerate(a):
        seen.append(x)
        if i + 1 < len(a):
            a[i + 1] = x * 10
    return (seen, a)


@pydm.jit
def rebind_while_iterating(a):
    seen = []
    for x in a:
        seen.append(x)
        a = [100]  # the loop keeps iterating the old list
    return (seen, a)


@pydm.jit
def shrink_while_reversed(a):
    seen = []
    for x in reversed(a):
        seen.append(x)
        if len(a) > 1:
            a.pop()
            a.pop()
    return (seen, a)


@pydm.jit
def enumerate_while_appending(a):
    out = []
    for i, x in enumerate(a):
        out.append(i)
        if i < 3:
            a.append(x)
    return (out, a)


@pydm.jit
def zip_while_appending(a, b):
    out = []
    for x, y in zip(a, b):
        out.append(x + y)
        if len(b) < 6:
            b.append(y)
    return (out, a, b)


@pydm.jit
def slice_assign_while_iterating(a):
    seen = []
    for x in a:
        seen.append(x)
        if len(seen) == 1:
            a[:] = [7, 8, 9, 10]
    return (seen, a)


@pytest.mark.parametrize("fn,cases", [
    P(append_while_iterating, [([1, 2], 6), ([1], 1), ([], 3), ([1.5], 4)]),
    P(remove_while_iterating, [([2, 4, 5, 6, 7],), ([1, 2, 3],), ([],), ([2, 2, 2, 2],)]),
    P(clear_while_iterating, [([1, 2, 3],), ([],)]),
    P(pop_while_iterating, [([1, 2, 3, 4, 5],), ([1],)]),
    P(insert_front_while_iterating, [([5, 6],), ([],)]),
    P(setitem_while_iterating, [([1, 2, 3],), ([1.5],)]),
    P(rebind_while_iterating, [([1, 2, 3],), ([],)]),
    P(shrink_while_reversed, [([1, 2, 3, 4, 5, 6],), ([1, 2],)]),
    P(enumerate_while_appending, [([1, 2],), ([],)]),
    P(zip_while_appending, [([1, 2, 3, 4, 5, 6, 7, 8], [10, 20]), ([1], [])]),
    P(slice_assign_while_iterating, [([1, 2],), ([1, 2, 3, 4, 5, 6],)]),
])
def test_mutation_while_iterating(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- unpacking targets


@pydm.jit
def unpack_pairs(pairs):
    s = 0
    out = []
    for a, b in pairs:
        s = s + a * b
        out.append(b)
    return (s, out)


@pydm.jit
def unpack_nested(items):
    out = []
    for i, (a, b) in enumerate(items):
        out.append([i, b, a])
    return out


@pydm.jit
def unpack_list_target(items):
    out = []
    for [a, b] in items:
        out.append(a - b)
    return out


@pydm.jit
def unpack_assign(a):
    x, y, z = a
    [p, q] = [z, x]
    return [q, p, y]


@pytest.mark.parametrize("fn,cases", [
    P(unpack_pairs, [([(1, 2), (3, 4.5)],), ([[1, 2], (3, 4)],), ([],), ([(1, 2, 3)],), ([(1,)],), ([5],)]),
    P(unpack_nested, [([(1, 2), [3, 4]],), ([],), ([(1, 2, 3)],)]),
    P(unpack_list_target, [([[5, 2], (1.5, 1)],), ([[1]],)]),
    P(unpack_assign, [([1, 2.5, None],), ((1, [2], 3),), ([1, 2],), ([1, 2, 3, 4],), (range(3),)]),
])
def test_unpacking(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- comprehensions


@pydm.jit
def comp_simple(a):
    return [x * 2 for x in a]


@pydm.jit
def comp_filter(a):
    return [x for x in a if x > 0 if x != 3]


@pydm.jit
def comp_several(n: int):
    return [(i, j) for i in range(n) if i % 2 == 0 for j in range(i) if j != 1]


@pydm.jit
def comp_nested(n: int, m: int):
    return [[i * j for j in range(m)] for i in range(n)]


@pydm.jit
def comp_flatten(m):
    return [x for row in m for x in row]


@pydm.jit
def comp_scope(a):
    x = -1
    b = [x for x in a]
    return (x, b)


@pydm.jit
def comp_uses_outer(a, k):
    return [x + k for x in a if x != k]


@pydm.jit
def comp_unpack(pairs):
    return [b - a for a, b in pairs]


@pydm.jit
def comp_enumerate_zip(a, b):
    return [(i, x, y) for i, (x, y) in enumerate(zip(a, b), 1)]


@pydm.jit
def comp_over_tuple_range(t, n: int):
    return ([x for x in t], [i for i in range(n, -n, -2)])


@pydm.jit
def comp_fresh_inner(n: int):
    g = [[0] for _ in range(n)]
    g[0].append(1)
    return g


@pydm.jit
def comp_raises(a):
    return [10 // x for x in a]


@pytest.mark.parametrize("fn,cases", [
    P(comp_simple, [([],), ([1, 2.5, True],), ([[1]],), ([INT64_MAX],)]),
    P(comp_filter, [([3, -1, 2, 0, 5, 3.0, 4.5],), ([],)]),
    P(comp_several, [(0,), (1,), (6,)]),
    P(comp_nested, [(3, 4), (0, 2), (2, 0)]),
    P(comp_flatten, [([[1, 2], [], [3.5]],), ([],), ([(1, 2), [None]],)]),
    P(comp_scope, [([1, 2],), ([],)]),
    P(comp_uses_outer, [([1, 2, 3], 2), ([1.5], 0)]),
    P(comp_unpack, [([(1, 5), [2, 3.5]],), ([],)]),
    P(comp_enumerate_zip, [([1, 2, 3], [4.5, None]), ([], [1])]),
    P(comp_over_tuple_range, [((1, None), 3), ((), 0)]),
    P(comp_fresh_inner, [(3,), (1,)]),
    P(comp_raises, [([1, 2, 5],), ([1, 0, 2],)]),
])
def test_comprehensions(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- generator expressions


@pydm.jit
def gen_sum(a):
    return (sum(x * x for x in a), sum((x for x in a if x > 0), 10), sum(x for x in range(5)))


@pydm.jit
def gen_min_max(a):
    return (min(x for x in a), max(-x for x in a), min((x for x in a if x > 100), default=None))


@pydm.jit
def gen_any_all(a):
    return (any(x > 2 for x in a), all(x > 0 for x in a), any(x for x in []), all(x for x in []))


@pydm.jit
def gen_any_short_circuit(a):
    log = []
    r = any(log.append(x) or x > 2 for x in a)
    s = all(log.append(-x) or x < 2 for x in a)
    return (r, s, log)


@pydm.jit
def gen_sorted_list_tuple(a):
    return (sorted(x % 3 for x in a), list(x + 1 for x in a), tuple(x for x in a if x), sorted((-x for x in a),
                                                                                                 reverse=True))


@pydm.jit
def gen_nested_clauses(n: int):
    return sum(i * j for i in range(n) for j in range(i) if (i + j) % 2)


@pytest.mark.parametrize("fn,cases", [
    P(gen_sum, [([1, 2, 3],), ([],), ([1.5, -2, True],), ([INT64_MAX],)]),
    P(gen_min_max, [([3, 1, 2],), ([1.5, 1, True],), ([],), ([200, 150],)]),
    P(gen_any_all, [([1, 2, 3],), ([],), ([0, 5],), ([-1],)]),
    P(gen_any_short_circuit, [([1, 3, 0, 5],), ([1, 0],), ([],)]),
    P(gen_sorted_list_tuple, [([5, 4, 3, 2, 1, 0],), ([],), ([2, 7, 1, 8],)]),
    P(gen_nested_clauses, [(0,), (5,), (20,)]),
])
def test_generator_expressions(fn, cases):
    check_many(fn, cases)
