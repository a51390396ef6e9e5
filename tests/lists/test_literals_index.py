"""List literals (heterogeneous, nested, empty), indexing with negative
indices and CPython's ``IndexError``/``TypeError`` messages, item assignment
(plain, augmented, nested, swaps) — vs CPython."""
import pytest

import pydm

from .lbatch import Batch
from .lharness import INF, NAN, P, check
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


LITERALS_CASES = [
    P(lit_hetero, [()]),
    P(lit_scalars, [(x, y) for x, y in zip(SCALARS, SCALARS[1:] + SCALARS[:1])]),
    P(lit_empty, [()]),
    P(lit_nested, [()]),
    P(lit_nested_args, [(1, 2.5), (None, (1,)), ([1], [2, [3]]), (NAN, -0.0)]),
    P(lit_fresh_each_time, [(0,), (1,), (4,)]),
    P(lit_shared_inner, [(1,), (2.5,), ([],), (None,)]),
    P(lit_in_tuple, [(1,), (NAN,), ((1, [2]),)]),
    P(lit_len_and_types, [()]),
]


@pytest.mark.parametrize("fn,cases", LITERALS_CASES)
def test_literals(fn, cases):
    BATCH.check_many(fn, cases)


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


INDEXING_CASES = [
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
]


@pytest.mark.parametrize("fn,cases", INDEXING_CASES)
def test_indexing(fn, cases):
    BATCH.check_many(fn, cases)


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


ITEM_ASSIGNMENT_CASES = [
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
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def literals_index_group(k: int, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8, b8,
                                 a9, b9, a10, b10, a13, b13, a14, b14, a15, b15, a16, b16, a17,
                                 a18, a19, a20, a21, a22, a23, a24, a26, b26, a27, b27, a28, b28,
                                 a29, b29, a30, a31, a32, a33, b33, c33, a34, a35, a36, a37, a38,
                                 a39, a40, b40, c40, a41, b41, c41, a42, b42, c42, a43, b43, c43,
                                 a44, b44, c44, a45, b45, c45, a46, b46, c46, a47, b47, c47, a48,
                                 b48, c48, a49, b49, c49, a50, b50, c50, a51, b51, a52, b52, a53,
                                 b53, a54, a55, b55, a56, b56, a57, b57, a58, a59, b59, c59, a60,
                                 a61, a62):
    if k == 0:
        return lit_hetero()
    if k == 1:
        return lit_scalars(a1, b1)
    if k == 2:
        return lit_scalars(a2, b2)
    if k == 3:
        return lit_scalars(a3, b3)
    if k == 4:
        return lit_scalars(a4, b4)
    if k == 5:
        return lit_scalars(a5, b5)
    if k == 6:
        return lit_scalars(a6, b6)
    if k == 7:
        return lit_scalars(a7, b7)
    if k == 8:
        return lit_scalars(a8, b8)
    if k == 9:
        return lit_scalars(a9, b9)
    if k == 10:
        return lit_scalars(a10, b10)
    if k == 11:
        return lit_empty()
    if k == 12:
        return lit_nested()
    if k == 13:
        return lit_nested_args(a13, b13)
    if k == 14:
        return lit_nested_args(a14, b14)
    if k == 15:
        return lit_nested_args(a15, b15)
    if k == 16:
        return lit_nested_args(a16, b16)
    if k == 17:
        return lit_fresh_each_time(a17)
    if k == 18:
        return lit_shared_inner(a18)
    if k == 19:
        return lit_shared_inner(a19)
    if k == 20:
        return lit_shared_inner(a20)
    if k == 21:
        return lit_shared_inner(a21)
    if k == 22:
        return lit_in_tuple(a22)
    if k == 23:
        return lit_in_tuple(a23)
    if k == 24:
        return lit_in_tuple(a24)
    if k == 25:
        return lit_len_and_types()
    if k == 26:
        return get(a26, b26)
    if k == 27:
        return get(a27, b27)
    if k == 28:
        return get_typed(a28, b28)
    if k == 29:
        return get_typed(a29, b29)
    if k == 30:
        return get_literal(a30)
    if k == 31:
        return get_literal(a31)
    if k == 32:
        return get_constant_indices(a32)
    if k == 33:
        return get_nested(a33, b33, c33)
    if k == 34:
        return get_chain(a34)
    if k == 35:
        return get_types(a35)
    if k == 36:
        return get_float_index(a36)
    if k == 37:
        return get_none_index(a37)
    if k == 38:
        return get_in_loop(a38)
    if k == 39:
        return get_past_end_in_loop(a39)
    if k == 40:
        return set_item(a40, b40, c40)
    if k == 41:
        return set_item(a41, b41, c41)
    if k == 42:
        return set_item(a42, b42, c42)
    if k == 43:
        return set_item(a43, b43, c43)
    if k == 44:
        return set_item(a44, b44, c44)
    if k == 45:
        return set_item(a45, b45, c45)
    if k == 46:
        return set_item(a46, b46, c46)
    if k == 47:
        return set_item(a47, b47, c47)
    if k == 48:
        return set_item_none(a48, b48, c48)
    if k == 49:
        return set_item_none(a49, b49, c49)
    if k == 50:
        return set_typed(a50, b50, c50)
    if k == 51:
        return set_local(a51, b51)
    if k == 52:
        return set_local(a52, b52)
    if k == 53:
        return set_local(a53, b53)
    if k == 54:
        return set_changes_type(a54)
    if k == 55:
        return set_nested(a55, b55)
    if k == 56:
        return set_nested(a56, b56)
    if k == 57:
        return set_augmented(a57, b57)
    if k == 58:
        return set_augmented_nested(a58)
    if k == 59:
        return swap(a59, b59, c59)
    if k == 60:
        return set_self(a60)
    if k == 61:
        return set_float_index(a61)
    return set_in_loop(a62)


BATCH = Batch(literals_index_group, LITERALS_CASES + INDEXING_CASES + ITEM_ASSIGNMENT_CASES)


@pytest.mark.parametrize("fn,cases", ITEM_ASSIGNMENT_CASES)
def test_item_assignment(fn, cases):
    BATCH.check_many(fn, cases)
