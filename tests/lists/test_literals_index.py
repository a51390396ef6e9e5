"""List literals (heterogeneous, nested, empty), indexing with negative
indices and CPython's ``IndexError``/``TypeError`` messages, item assignment
(plain, augmented, nested, swaps) — vs CPython."""
import pytest

import pydm

from .lharness import INF, NAN, P, check, check_many
from shared import INT64_MAX, INT64_MIN

SCALARS = [0, 1, -7, True, False, 2.5, -0.0, NAN, INF, None, INT64_MAX, INT64_MIN, (), (1, 2.5)]
L5 = [1, 2.5, None, (1, 2), [3]]
INDICES = [0, 1, 4, 5, 6, -1, -4, -5, -6, True, False, INT64_MAX, INT64_MIN, INT64_MIN + 1]

# ---------------------------------------------------------------- literals


@pydm.jit
def lit_hetero():
    return [1, 2.5, None, (1, 2), [3]]


@pydm.jit
def lit_scalars(a, b):
    return [a, b, a, True, False, -0.0, 1e300 * 1e10, -1, None]


@pydm.jit
def lit_empty():
    return []


@pydm.jit
def lit_nested():
    return [[], [[]], [1, [2, [3, [4.5, [None, [(5, [6])]]]]]]]


@pydm.jit
def lit_nested_args(a, b):
    return [[a], [b, [a, b]], ([a], (b,)), [[[]]]]


@pydm.jit
def lit_fresh_each_time(n: int):
    out = []
    for i in range(n):
        out.append([i])
    return out


@pydm.jit
def lit_shared_inner(x):
    inner = [x]
    return [inner, inner, [inner]]


@pydm.jit
def lit_in_tuple(x):
    a = [x]
    t = (a, a, 1)
    a.append(2)
    return t


@pydm.jit
def lit_len_and_types():
    a = [1, 2.5, None, (1, 2), [3], True]
    return (len(a), isinstance(a, list), type(a) is list, len([]), len([[]]))


@pydm.jit
def lit_deep(n: int):
    a = []
    for i in range(n):
        a = [i, a]
    return a


@pydm.jit
def lit_deep_read(a):
    d = 0
    while len(a) == 2:
        a = a[1]
        d += 1
    return d


def test_deep_nesting():
    check(lit_deep, 0)
    check(lit_deep, 200)
    deep = []
    for i in range(200):
        deep = [i, deep]
    check(lit_deep_read, deep)


@pytest.mark.parametrize("fn,cases", [
    P(lit_hetero, [()]),
    P(lit_scalars, [(x, y) for x, y in zip(SCALARS, SCALARS[1:] + SCALARS[:1])]),
    P(lit_empty, [()]),
    P(lit_nested, [()]),
    P(lit_nested_args, [(1, 2.5), (None, (1,)), ([1], [2, [3]]), (NAN, -0.0)]),
    P(lit_fresh_each_time, [(0,), (1,), (4,)]),
    P(lit_shared_inner, [(1,), (2.5,), ([],), (None,)]),
    P(lit_in_tuple, [(1,), (NAN,), ((1, [2]),)]),
    P(lit_len_and_types, [()]),
])
def test_literals(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- indexing


@pydm.jit
def get(a, i):
    return a[i]


@pydm.jit
def get_typed(a: list, i: int):
    return a[i]


@pydm.jit
def get_literal(i: int):
    a = [1, 2.5, None, (1, 2), [3]]
    return a[i]


@pydm.jit
def get_constant_indices(a):
    return (a[0], a[-1], a[1], a[-2])


@pydm.jit
def get_nested(a, i, j):
    return a[i][j]


@pydm.jit
def get_chain(a):
    return a[0][0][0][-1]


@pydm.jit
def get_types(a):
    # the element keeps its type: int, float, bool, None, tuple, list
    return (type(a[0]) is int, type(a[1]) is float, type(a[2]) is bool, a[3] is None,
            isinstance(a[4], tuple), isinstance(a[5], list))


@pydm.jit
def get_float_index(a):
    return a[1.0]


@pydm.jit
def get_none_index(a):
    return a[None]


@pydm.jit
def get_in_loop(a):
    s = 0
    for i in range(-len(a), len(a)):
        s = s + a[i]
    return s


@pydm.jit
def get_past_end_in_loop(a):
    s = 0
    for i in range(len(a) + 1):
        s = s + a[i]
    return s


@pytest.mark.parametrize("fn,cases", [
    P(get, [(L5, i) for i in INDICES] + [([], 0), ([], -1), ([NAN], 0), ([-0.0], -1), ([[[]]], 0)]),
    P(get_typed, [(L5, i) for i in INDICES] + [([], 0)]),
    P(get_literal, [(i,) for i in INDICES]),
    P(get_constant_indices, [(L5,), ([1, 2],), ([1],), ([],)]),
    P(get_nested, [([[1, 2], [3.5]], 0, 1), ([[1, 2], [3.5]], -1, -1), ([[1, 2], [3.5]], 1, 1),
                   ([(1, 2), [3.5]], 0, -1), ([[1, 2], 5], 1, 0), ([[None]], 0, 0), ([[1]], 2, 0)]),
    P(get_chain, [([[[[1, 2.5]]]],), ([[[[]]]],), ([[[(1, None)]]],)]),
    P(get_types, [([1, 2.5, True, None, (), []],), ([1, 2.5, 1, None, (), []],)]),
    P(get_float_index, [(L5,), ([],)]),
    P(get_none_index, [(L5,)]),
    P(get_in_loop, [([1, 2, 3],), ([1, 2.5, True],), ([],), ([INT64_MAX, -1],)]),
    P(get_past_end_in_loop, [([1, 2, 3],), ([],)]),
])
def test_indexing(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- item assignment


@pydm.jit
def set_item(a, i, v):
    a[i] = v
    return a


@pydm.jit
def set_item_none(a, i, v):
    a[i] = v  # the argument is mutated; the function returns None


@pydm.jit
def set_typed(a: list, i: int, v: float):
    a[i] = v
    return a[i]


@pydm.jit
def set_local(i: int, v):
    a = [0, 1, 2]
    a[i] = v
    return a


@pydm.jit
def set_changes_type(a):
    a[0] = 2.5
    a[1] = None
    a[2] = (a[0], a[1])
    a[-1] = [a[0]]
    return a


@pydm.jit
def set_nested(a, v):
    a[0][1] = v
    a[-1][-1][0] = v
    return a


@pydm.jit
def set_augmented(a, i):
    a[i] += 1
    a[i] *= 2
    a[-1] -= 0.5
    return a


@pydm.jit
def set_augmented_nested(a):
    a[0][0] += 10
    a[1] += [7]  # list += list: the inner list is extended in place
    return a


@pydm.jit
def swap(a, i, j):
    a[i], a[j] = a[j], a[i]
    return a


@pydm.jit
def set_self(a):
    a[0] = a  # a list that holds itself
    return len(a[0][0][0])


@pydm.jit
def set_float_index(a):
    a[0.0] = 1
    return a


@pydm.jit
def set_in_loop(n: int):
    a = [0] * n
    for i in range(n):
        a[i] = i * i
        a[-1 - i] += i
    return a


@pytest.mark.parametrize("fn,cases", [
    P(set_item, [([1, 2, 3], i, v) for i in (0, 2, -1, -3, 3, -4, True, INT64_MAX, INT64_MIN)
                 for v in (9, 2.5, None)] + [([], 0, 1), ([], -1, 1), ([1], 0, [1, [2]]), ([1], 0, (NAN,))]),
    P(set_item_none, [([1, 2], 0, 5), ([1, 2], 5, 5), ([[1]], 0, [2])]),
    P(set_typed, [([1, 2], 0, 2.5), ([1, 2], -1, -0.0), ([1, 2], 2, 1.0)]),
    P(set_local, [(i, v) for i in (0, -1, 3, -4) for v in (5, [5], (5,))]),
    P(set_changes_type, [([1, 2, 3, 4],), ([1, 2, 3],), ([1, 2],)]),
    P(set_nested, [([[1, 2], [[3]]], 9), ([[1, 2], [[3]]], [9]), ([[1], [[3]]], 9), ([[1, 2], [[]]], 9)]),
    P(set_augmented, [([1, 2, 3.5], 0), ([1, 2, 3.5], -2), ([1.5, True, 2], 1), ([1, 2], 5),
                      ([INT64_MAX, 1], 0), ([None, 1.0], 0)]),
    P(set_augmented_nested, [([[1], [2]],), ([[1.5], []],), ([[1], (2,)],)]),
    P(swap, [([1, 2.5, None], 0, 2), ([1, 2.5, None], -1, 0), ([1, 2.5, None], 1, 1), ([1, 2.5], 0, 2),
             ([[1], [2]], 0, 1)]),
    P(set_self, [([1, 2],), ([None],)]),
    P(set_float_index, [([1, 2],)]),
    P(set_in_loop, [(0,), (1,), (5,)]),
])
def test_item_assignment(fn, cases):
    check_many(fn, cases)
