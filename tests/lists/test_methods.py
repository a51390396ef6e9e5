"""List methods vs CPython: append, extend, insert (clamped index), pop (with
index; ``pop from empty list``, ``pop index out of range``), remove
(``list.remove(x): x not in list``), index (start/stop, a bool start, the
``... is not in list`` message), count, reverse, clear, copy, sort (stable,
``reverse=``), ``sorted``. Equality inside these methods is identity first,
then ``==``: a NaN object is found, ``1``, ``1.0`` and ``True`` are equal."""
import pytest

import pydm

from .lharness import INF, NAN, P, check_many
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


@pytest.mark.parametrize("fn,cases", [
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
])
def test_append_extend_insert(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
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
])
def test_pop_remove_clear(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
    P(index, [(list(MIXED), x) for x in PROBES] + [([], 1), ([[1], [2]], [2]), ([(1, [2])], (1, [2.0]))]),
    P(index_start, [(REP, x, i) for x in (1, 1.0, None, NAN, [1], 3) for i in (0, 1, 2, 7, 9, 10, 11, -1, -3, -10, -11,
                                                                                INT64_MAX, INT64_MIN)]),
    P(index_start_stop, [(REP, x, i, j) for x in (1, None, [1.0], 0.0) for i in (0, 2, -4, INT64_MIN)
                         for j in (0, 1, 5, -2, 100, INT64_MAX, INT64_MIN)]),
    P(index_bool_start, [([1, 1], 1), ([1, 2, 1], 1), ([True, 0, True], True), ([1], 1)]),
    P(count, [(REP, x) for x in PROBES] + [([], 1), ([NAN, NAN, 1], NAN), ([[NAN], [NAN]], [NAN]),
                                           ([(1, 2), (1.0, 2), [1, 2]], (1, 2))]),
    P(count_all, [(REP,), ([],)]),
])
def test_index_count(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
    P(reverse, [([],), ([1],), ([1, 2.5],), ([1, 2.5, None, [3], (4,)],)]),
    P(reverse_twice, [([1, 2, 3],), ([],)]),
    P(copy, [([1, [2]],), ([],), ([NAN, -0.0],)]),
    P(copy_is_shallow, [([[1], 2],), ([[]],)]),
])
def test_reverse_copy(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
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
])
def test_sort(fn, cases):
    check_many(fn, cases)
