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

from .lbatch import Batch
from .lharness import INF, NAN, P
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


FOR_CASES = [
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
]


@pytest.mark.parametrize("fn,cases", FOR_CASES)
def test_for(fn, cases):
    BATCH.check_many(fn, cases)


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


ENUMERATE_ZIP_REVERSED_CASES = [
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
]


@pytest.mark.parametrize("fn,cases", ENUMERATE_ZIP_REVERSED_CASES)
def test_enumerate_zip_reversed(fn, cases):
    BATCH.check_many(fn, cases)


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


MUTATION_WHILE_ITERATING_CASES = [
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
]


@pytest.mark.parametrize("fn,cases", MUTATION_WHILE_ITERATING_CASES)
def test_mutation_while_iterating(fn, cases):
    BATCH.check_many(fn, cases)


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


UNPACKING_CASES = [
    P(unpack_pairs, [([(1, 2), (3, 4.5)],), ([[1, 2], (3, 4)],), ([],), ([(1, 2, 3)],), ([(1,)],), ([5],)]),
    P(unpack_nested, [([(1, 2), [3, 4]],), ([],), ([(1, 2, 3)],)]),
    P(unpack_list_target, [([[5, 2], (1.5, 1)],), ([[1]],)]),
    P(unpack_assign, [([1, 2.5, None],), ((1, [2], 3),), ([1, 2],), ([1, 2, 3, 4],), (range(3),)]),
]


@pytest.mark.parametrize("fn,cases", UNPACKING_CASES)
def test_unpacking(fn, cases):
    BATCH.check_many(fn, cases)


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


COMPREHENSIONS_CASES = [
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
]


@pytest.mark.parametrize("fn,cases", COMPREHENSIONS_CASES)
def test_comprehensions(fn, cases):
    BATCH.check_many(fn, cases)


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


GENERATOR_EXPRESSIONS_CASES = [
    P(gen_sum, [([1, 2, 3],), ([],), ([1.5, -2, True],), ([INT64_MAX],)]),
    P(gen_min_max, [([3, 1, 2],), ([1.5, 1, True],), ([],), ([200, 150],)]),
    P(gen_any_all, [([1, 2, 3],), ([],), ([0, 5],), ([-1],)]),
    P(gen_any_short_circuit, [([1, 3, 0, 5],), ([1, 0],), ([],)]),
    P(gen_sorted_list_tuple, [([5, 4, 3, 2, 1, 0],), ([],), ([2, 7, 1, 8],)]),
    P(gen_nested_clauses, [(0,), (5,), (20,)]),
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def iteration_group(k: int, a0, a1, a2, a3, a4, a5, b5, c5, a6, b6, a7, b7, a8, b8, a9, a10, a11,
                            a12, a13, a14, a15, b15, a16, b16, a17, b17, a18, b18, a19, b19, a20,
                            b20, a21, b21, a22, b22, a23, b23, c23, a24, b24, a25, a26, a27, b27,
                            a28, b28, a29, a30, b30, a31, a32, a33, a34, a35, a36, a37, a38, a39,
                            b39, a40, a41, a42, a43, a44, a45, a46, a47, a48, a49, a50, b50, a51,
                            a52, a53, b53, a54, a55, b55, a56, b56, a57, b57, a58, a59, a60, a61,
                            a62, a63, a64, a65):
    if k == 0:
        return for_sum(a0)
    if k == 1:
        return for_collect(a1)
    if k == 2:
        return for_tuple(a2)
    if k == 3:
        return for_tuple(a3)
    if k == 4:
        return for_tuple(a4)
    if k == 5:
        return for_range(a5, b5, c5)
    if k == 6:
        return for_break_else(a6, b6)
    if k == 7:
        return for_break_else(a7, b7)
    if k == 8:
        return for_nested(a8, b8)
    if k == 9:
        return for_nested_lists(a9)
    if k == 10:
        return for_loop_var_after(a10)
    if k == 11:
        return for_list_literal(a11)
    if k == 12:
        return enum(a12)
    if k == 13:
        return enum(a13)
    if k == 14:
        return enum(a14)
    if k == 15:
        return enum_start(a15, b15)
    if k == 16:
        return enum_start(a16, b16)
    if k == 17:
        return enum_start_kw(a17, b17)
    if k == 18:
        return enum_range_tuple(a18, b18)
    if k == 19:
        return enum_range_tuple(a19, b19)
    if k == 20:
        return zip2(a20, b20)
    if k == 21:
        return zip2(a21, b21)
    if k == 22:
        return zip2(a22, b22)
    if k == 23:
        return zip3(a23, b23, c23)
    if k == 24:
        return zip_mixed(a24, b24)
    if k == 25:
        return zip_one(a25)
    if k == 26:
        return rev(a26)
    if k == 27:
        return rev_range_tuple(a27, b27)
    if k == 28:
        return rev_range_tuple(a28, b28)
    if k == 29:
        return rev_enumerate(a29)
    if k == 30:
        return append_while_iterating(a30, b30)
    if k == 31:
        return remove_while_iterating(a31)
    if k == 32:
        return clear_while_iterating(a32)
    if k == 33:
        return pop_while_iterating(a33)
    if k == 34:
        return insert_front_while_iterating(a34)
    if k == 35:
        return setitem_while_iterating(a35)
    if k == 36:
        return rebind_while_iterating(a36)
    if k == 37:
        return shrink_while_reversed(a37)
    if k == 38:
        return enumerate_while_appending(a38)
    if k == 39:
        return zip_while_appending(a39, b39)
    if k == 40:
        return slice_assign_while_iterating(a40)
    if k == 41:
        return unpack_pairs(a41)
    if k == 42:
        return unpack_nested(a42)
    if k == 43:
        return unpack_list_target(a43)
    if k == 44:
        return unpack_assign(a44)
    if k == 45:
        return unpack_assign(a45)
    if k == 46:
        return unpack_assign(a46)
    if k == 47:
        return comp_simple(a47)
    if k == 48:
        return comp_filter(a48)
    if k == 49:
        return comp_several(a49)
    if k == 50:
        return comp_nested(a50, b50)
    if k == 51:
        return comp_flatten(a51)
    if k == 52:
        return comp_scope(a52)
    if k == 53:
        return comp_uses_outer(a53, b53)
    if k == 54:
        return comp_unpack(a54)
    if k == 55:
        return comp_enumerate_zip(a55, b55)
    if k == 56:
        return comp_over_tuple_range(a56, b56)
    if k == 57:
        return comp_over_tuple_range(a57, b57)
    if k == 58:
        return comp_fresh_inner(a58)
    if k == 59:
        return comp_raises(a59)
    if k == 60:
        return gen_sum(a60)
    if k == 61:
        return gen_min_max(a61)
    if k == 62:
        return gen_any_all(a62)
    if k == 63:
        return gen_any_short_circuit(a63)
    if k == 64:
        return gen_sorted_list_tuple(a64)
    return gen_nested_clauses(a65)


BATCH = Batch(iteration_group, [
    *FOR_CASES,
    *ENUMERATE_ZIP_REVERSED_CASES,
    *MUTATION_WHILE_ITERATING_CASES,
    *UNPACKING_CASES,
    *COMPREHENSIONS_CASES,
    *GENERATOR_EXPRESSIONS_CASES,
])


@pytest.mark.parametrize("fn,cases", GENERATOR_EXPRESSIONS_CASES)
def test_generator_expressions(fn, cases):
    BATCH.check_many(fn, cases)
