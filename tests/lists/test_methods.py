"""List methods vs CPython: append, extend, insert (clamped index), pop (with
index; ``pop from empty list``, ``pop index out of range``), remove
(``list.remove(x): x not in list``), index (start/stop, a bool start, the
``... is not in list`` message), count, reverse, clear, copy, sort (stable,
``reverse=``), ``sorted``. Equality inside these methods is identity first,
then ``==``: a NaN object is found, ``1``, ``1.0`` and ``True`` are equal."""
import pytest

import pydm

from .lbatch import Batch
from .lharness import INF, NAN, P
from shared import INT64_MAX, INT64_MIN

MIXED = [1, 2.5, None, (1, 2), [3], True, NAN, -0.0, 1.0, 0]
PROBES = [1, 1.0, True, 2.5, None, (1, 2), (1.0, 2), [3], [3.0], NAN, 0.0, -0.0, False, 0, 7, (), []]

# ---------------------------------------------------------------- append / extend / insert


@pydm.jit
def append(a, x):
    r = a.append(x)
    return (r, a)


@pydm.jit
def append_many(n: int):
    a = []
    for i in range(n):
        a.append(i)
        a.append(i * 0.5)
    return (len(a), a[-1], a[n], sum(a))


@pydm.jit
def append_self(a):
    a.append(a)
    return (len(a), a[-1] is a, a[-1][-1][-1] is a)


@pydm.jit
def append_nested(a, x):
    a[0].append(x)
    a[-1].append([x])
    return a


@pydm.jit
def extend(a, b):
    r = a.extend(b)
    return (r, a)


@pydm.jit
def extend_iterables(a):
    a.extend((1, 2.5))
    a.extend(range(3, 0, -1))
    a.extend([None, [4]])
    a.extend([])
    a.extend(x * 10 for x in range(2))
    return a


@pydm.jit
def extend_self(a):
    a.extend(a)
    return a


@pydm.jit
def extend_not_iterable(a):
    a.extend(5)
    return a


@pydm.jit
def insert(a, i, x):
    r = a.insert(i, x)
    return (r, a)


@pydm.jit
def insert_front_loop(n: int):
    a = []
    for i in range(n):
        a.insert(0, i)
        a.insert(-1, -i)
        a.insert(len(a), i * 1.5)
    return a


APPEND_EXTEND_INSERT_CASES = [
    P(append, [([], x) for x in PROBES] + [([1, 2.5], [None]), ([[1]], 2)]),
    P(append_many, [(1,), (10,), (1000,)]),
    P(append_self, [([1],), ([],)]),
    P(append_nested, [([[1], [2]], 3), ([[]], 2.5)]),
    P(extend, [([1], b) for b in ([], [2, 2.5], (3, None), range(3), [[1]], ((1, 2),))] + [([], [NAN, -0.0])]),
    P(extend_iterables, [([],), ([0],)]),
    P(extend_self, [([1, 2.5],), ([],), ([[1]],)]),
    P(extend_not_iterable, [([1],)]),
    P(insert, [([0, 1, 2], i, 9) for i in (0, 1, 2, 3, 4, 100, -1, -2, -3, -4, -100, True, False,
                                            INT64_MAX, INT64_MIN)]
      + [([], 0, 1), ([], -5, 1), ([], 5, [1]), ([1], 0, None), ([1], 1.0, 2)]),
    P(insert_front_loop, [(0,), (1,), (6,)]),
]


@pytest.mark.parametrize("fn,cases", APPEND_EXTEND_INSERT_CASES)
def test_append_extend_insert(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- pop / remove / clear


@pydm.jit
def pop(a):
    x = a.pop()
    return (x, a)


@pydm.jit
def pop_at(a, i):
    x = a.pop(i)
    return (x, a)


@pydm.jit
def pop_all(a):
    out = []
    while a:
        out.append(a.pop())
    return out


@pydm.jit
def pop_front_until_empty(a):
    n = 0
    while True:
        a.pop(0)  # raises once the list is empty
        n += 1
    return n


@pydm.jit
def remove(a, x):
    r = a.remove(x)
    return (r, a)


@pydm.jit
def remove_all(a, x):
    n = 0
    while x in a:
        a.remove(x)
        n += 1
    return (n, a)


@pydm.jit
def clear(a):
    b = a
    r = a.clear()
    return (r, b is a, len(b), a)


POP_REMOVE_CLEAR_CASES = [
    P(pop, [([1, 2.5, None],), ([[1]],), ([NAN],), ([],), ([(1, 2)],)]),
    P(pop_at, [([0, 1.5, None, (3,)], i) for i in (0, 1, 3, 4, -1, -4, -5, True, False, INT64_MAX, INT64_MIN)]
      + [([], 0), ([], -1), ([1], 1.0)]),
    P(pop_all, [([1, 2.5, None, [3]],), ([],)]),
    P(pop_front_until_empty, [([1, 2, 3],), ([],)]),
    P(remove, [(list(MIXED), x) for x in PROBES]
      + [([True, 1, 1.0], 1.0), ([1, 1.0, True], True), ([[1], [1]], [1.0]), ([], 1), ([NAN], NAN),
         ([(NAN, 1)], (NAN, 1)), ([0.0, -0.0], -0.0)]),
    P(remove_all, [([1, 2, 1.0, True, 3], 1), ([None, 1, None], None), ([NAN, 1, NAN], NAN), ([], 5)]),
    P(clear, [([1, [2]],), ([],)]),
]


@pytest.mark.parametrize("fn,cases", POP_REMOVE_CLEAR_CASES)
def test_pop_remove_clear(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- index / count


@pydm.jit
def index(a, x):
    return a.index(x)


@pydm.jit
def index_start(a, x, i):
    return a.index(x, i)


@pydm.jit
def index_start_stop(a, x, i, j):
    return a.index(x, i, j)


@pydm.jit
def index_bool_start(a, x):
    return (a.index(x, False), a.index(x, True))


@pydm.jit
def count(a, x):
    return a.count(x)


@pydm.jit
def count_all(a):
    return [a.count(x) for x in a]


REP = [1, 2.5, 1.0, None, True, (1,), [1], 1, NAN, -0.0]


INDEX_COUNT_CASES = [
    P(index, [(list(MIXED), x) for x in PROBES] + [([], 1), ([[1], [2]], [2]), ([(1, [2])], (1, [2.0]))]),
    P(index_start, [(REP, x, i) for x in (1, 1.0, None, NAN, [1], 3) for i in (0, 1, 2, 7, 9, 10, 11, -1, -3, -10, -11,
                                                                                INT64_MAX, INT64_MIN)]),
    P(index_start_stop, [(REP, x, i, j) for x in (1, None, [1.0], 0.0) for i in (0, 2, -4, INT64_MIN)
                         for j in (0, 1, 5, -2, 100, INT64_MAX, INT64_MIN)]),
    P(index_bool_start, [([1, 1], 1), ([1, 2, 1], 1), ([True, 0, True], True), ([1], 1)]),
    P(count, [(REP, x) for x in PROBES] + [([], 1), ([NAN, NAN, 1], NAN), ([[NAN], [NAN]], [NAN]),
                                           ([(1, 2), (1.0, 2), [1, 2]], (1, 2))]),
    P(count_all, [(REP,), ([],)]),
]


@pytest.mark.parametrize("fn,cases", INDEX_COUNT_CASES)
def test_index_count(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- reverse / copy


@pydm.jit
def reverse(a):
    r = a.reverse()
    return (r, a)


@pydm.jit
def reverse_twice(a):
    b = a[:]
    a.reverse()
    a.reverse()
    return a == b


@pydm.jit
def copy(a):
    b = a.copy()
    b.append(0)
    if len(a) > 0:
        b[0] = False  # replaces the element in the copy only
    return (b is a, a, b)


@pydm.jit
def copy_is_shallow(a):
    b = a.copy()
    b[0].append(5)
    return (a[0] is b[0], a, b)


REVERSE_COPY_CASES = [
    P(reverse, [([],), ([1],), ([1, 2.5],), ([1, 2.5, None, [3], (4,)],)]),
    P(reverse_twice, [([1, 2, 3],), ([],)]),
    P(copy, [([1, [2]],), ([],), ([NAN, -0.0],)]),
    P(copy_is_shallow, [([[1], 2],), ([[]],)]),
]


@pytest.mark.parametrize("fn,cases", REVERSE_COPY_CASES)
def test_reverse_copy(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- sort / sorted


@pydm.jit
def sort(a):
    r = a.sort()
    return (r, a)


@pydm.jit
def sort_reverse(a):
    r = a.sort(reverse=True)
    return (r, a)


@pydm.jit
def sort_reverse_flag(a, flag):
    a.sort(reverse=flag)
    return a


@pydm.jit
def sorted_of(a):
    b = sorted(a)
    return (b is a, b, a)


@pydm.jit
def sorted_reverse(a):
    return sorted(a, reverse=True)


@pydm.jit
def sorted_of_tuple(t):
    return sorted(t)


@pydm.jit
def sort_local_mixed(n: int):
    a = [3, 1.5, True, -2, 0.0, 2, -0.0, 0, False, 1.0, 1]
    for i in range(n):
        a.append(i % 3)
    a.sort()
    return a


@pydm.jit
def sort_keeps_identity(a):
    b = a
    a.sort()
    return (b is a, a[0] is b[0])


@pydm.jit
def sort_big(n: int):
    a = []
    x = 7
    for i in range(n):
        x = (x * 1103515245 + 12345) % 2147483648
        a.append(x % 1000)
        a.append((x % 997) * 0.5)
    a.sort()
    ok = True
    for i in range(1, len(a)):
        if a[i - 1] > a[i]:
            ok = False
    return (ok, a[0], a[-1], a[len(a) // 2], a)


# stability: equal elements of different types keep their order
STABLE = [[1, True, 1.0, 0, False, 0.0, -0.0], [1.0, 1, True], [True, 1.0, 1], [0.0, -0.0, 0, False],
          [2, 1, 2.0, 1.0, True, 2, 0]]


SORT_CASES = [
    P(sort, [([],), ([1],), ([3, 1, 2],), ([2.5, -1, True, 0.5, INF, -INF],), ([INT64_MAX, INT64_MIN, 0],),
             ([(1, 2), (1,), (0, 5), (1, 1.5)],), ([[2], [1, 5], [1], []],), ([None, 1],), ([1, None],),
             ([(1, None), (0, None)],), ([[1], (1,)],)] + [(list(s),) for s in STABLE]),
    P(sort_reverse, [([3, 1, 2],), ([],), ([2.5, -1, True, 0.5],)] + [(list(s),) for s in STABLE]),
    P(sort_reverse_flag, [([3, 1, 2], True), ([3, 1, 2], False), ([1, True, 1.0], True), ([1, 0], 1), ([1, 0], 0)]),
    P(sorted_of, [([3, 1, 2],), ([],), ([[2], [1]],), ([1, None],)] + [(list(s),) for s in STABLE]),
    P(sorted_reverse, [([3, 1, 2],), ([],)] + [(list(s),) for s in STABLE]),
    P(sorted_of_tuple, [((3, 1.5, 2),), ((),), ((True, 1, 0.5),)]),
    P(sort_local_mixed, [(0,), (7,)]),
    P(sort_keeps_identity, [([[2], [1]],)]),
    P(sort_big, [(10,), (500,)]),
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def methods_group(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8, a9,
                          a10, b10, a11, b11, a12, b12, a13, b13, a14, b14, a15, b15, a16, a17,
                          a18, a19, b19, c19, a20, b20, c20, a21, b21, c21, a22, b22, c22, a23,
                          b23, c23, a24, a25, a26, b26, a27, b27, a28, b28, a29, a30, a31, b31,
                          a32, b32, a33, b33, a34, b34, a35, b35, a36, b36, a37, b37, a38, b38,
                          a39, b39, a40, b40, a41, b41, a42, a43, b43, a44, b44, a45, b45, a46,
                          b46, a47, b47, a48, b48, a49, b49, a50, b50, a51, b51, a52, b52, c52,
                          a53, b53, c53, a54, b54, c54, a55, b55, c55, a56, b56, c56, d56, a57,
                          b57, c57, d57, a58, b58, c58, d58, a59, b59, c59, d59, a60, b60, a61,
                          b61, a62, b62, a63, b63, a64, b64, a65, b65, a66, b66, a67, b67, a68,
                          b68, a69, b69, a70, a71, a72, a73, a74, a75, a76, a77, b77, a78, b78,
                          a79, a80, a81, a82, a83, a84, a85, a86):
    if k == 0:
        return append(a0, b0)
    if k == 1:
        return append(a1, b1)
    if k == 2:
        return append(a2, b2)
    if k == 3:
        return append(a3, b3)
    if k == 4:
        return append(a4, b4)
    if k == 5:
        return append(a5, b5)
    if k == 6:
        return append(a6, b6)
    if k == 7:
        return append(a7, b7)
    if k == 8:
        return append_many(a8)
    if k == 9:
        return append_self(a9)
    if k == 10:
        return append_nested(a10, b10)
    if k == 11:
        return append_nested(a11, b11)
    if k == 12:
        return extend(a12, b12)
    if k == 13:
        return extend(a13, b13)
    if k == 14:
        return extend(a14, b14)
    if k == 15:
        return extend(a15, b15)
    if k == 16:
        return extend_iterables(a16)
    if k == 17:
        return extend_self(a17)
    if k == 18:
        return extend_not_iterable(a18)
    if k == 19:
        return insert(a19, b19, c19)
    if k == 20:
        return insert(a20, b20, c20)
    if k == 21:
        return insert(a21, b21, c21)
    if k == 22:
        return insert(a22, b22, c22)
    if k == 23:
        return insert(a23, b23, c23)
    if k == 24:
        return insert_front_loop(a24)
    if k == 25:
        return pop(a25)
    if k == 26:
        return pop_at(a26, b26)
    if k == 27:
        return pop_at(a27, b27)
    if k == 28:
        return pop_at(a28, b28)
    if k == 29:
        return pop_all(a29)
    if k == 30:
        return pop_front_until_empty(a30)
    if k == 31:
        return remove(a31, b31)
    if k == 32:
        return remove(a32, b32)
    if k == 33:
        return remove(a33, b33)
    if k == 34:
        return remove(a34, b34)
    if k == 35:
        return remove(a35, b35)
    if k == 36:
        return remove(a36, b36)
    if k == 37:
        return remove(a37, b37)
    if k == 38:
        return remove(a38, b38)
    if k == 39:
        return remove_all(a39, b39)
    if k == 40:
        return remove_all(a40, b40)
    if k == 41:
        return remove_all(a41, b41)
    if k == 42:
        return clear(a42)
    if k == 43:
        return index(a43, b43)
    if k == 44:
        return index(a44, b44)
    if k == 45:
        return index(a45, b45)
    if k == 46:
        return index(a46, b46)
    if k == 47:
        return index(a47, b47)
    if k == 48:
        return index(a48, b48)
    if k == 49:
        return index(a49, b49)
    if k == 50:
        return index(a50, b50)
    if k == 51:
        return index(a51, b51)
    if k == 52:
        return index_start(a52, b52, c52)
    if k == 53:
        return index_start(a53, b53, c53)
    if k == 54:
        return index_start(a54, b54, c54)
    if k == 55:
        return index_start(a55, b55, c55)
    if k == 56:
        return index_start_stop(a56, b56, c56, d56)
    if k == 57:
        return index_start_stop(a57, b57, c57, d57)
    if k == 58:
        return index_start_stop(a58, b58, c58, d58)
    if k == 59:
        return index_start_stop(a59, b59, c59, d59)
    if k == 60:
        return index_bool_start(a60, b60)
    if k == 61:
        return index_bool_start(a61, b61)
    if k == 62:
        return count(a62, b62)
    if k == 63:
        return count(a63, b63)
    if k == 64:
        return count(a64, b64)
    if k == 65:
        return count(a65, b65)
    if k == 66:
        return count(a66, b66)
    if k == 67:
        return count(a67, b67)
    if k == 68:
        return count(a68, b68)
    if k == 69:
        return count(a69, b69)
    if k == 70:
        return count_all(a70)
    if k == 71:
        return reverse(a71)
    if k == 72:
        return reverse_twice(a72)
    if k == 73:
        return copy(a73)
    if k == 74:
        return copy_is_shallow(a74)
    if k == 75:
        return sort(a75)
    if k == 76:
        return sort_reverse(a76)
    if k == 77:
        return sort_reverse_flag(a77, b77)
    if k == 78:
        return sort_reverse_flag(a78, b78)
    if k == 79:
        return sorted_of(a79)
    if k == 80:
        return sorted_reverse(a80)
    if k == 81:
        return sorted_of_tuple(a81)
    if k == 82:
        return sorted_of_tuple(a82)
    if k == 83:
        return sorted_of_tuple(a83)
    if k == 84:
        return sort_local_mixed(a84)
    if k == 85:
        return sort_keeps_identity(a85)
    return sort_big(a86)


BATCH = Batch(methods_group, [
    *APPEND_EXTEND_INSERT_CASES,
    *POP_REMOVE_CLEAR_CASES,
    *INDEX_COUNT_CASES,
    *REVERSE_COPY_CASES,
    *SORT_CASES,
])


@pytest.mark.parametrize("fn,cases", SORT_CASES)
def test_sort(fn, cases):
    BATCH.check_many(fn, cases)
