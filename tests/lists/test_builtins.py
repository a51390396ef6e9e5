"""Builtins over lists and other iterables vs CPython: ``len``, ``sum`` (with
``start``; floats added left to right; lists summed with a list start),
``min``/``max`` of one iterable (``default=``, the first of equal items wins,
``min() arg is an empty sequence``), ``any``, ``all``, ``list()``,
``tuple()``, ``sorted``, ``reversed``, ``enumerate``, ``zip``."""
import pytest

import pydm

from .lbatch import Batch
from .lharness import INF, NAN, P
from shared import INT64_MAX, INT64_MIN

NUMS = [[], [1], [3, 1, 2], [1.5, -2, True], [0.1, 0.2, 0.3], [0.3, 0.2, 0.1], [1e100, 1.0, -1e100],
        [-0.0], [-0.0, -0.0], [0.0, -0.0], [INF, -INF], [NAN, 1], [1, NAN], [True, True], [False],
        [INT64_MAX, INT64_MIN], [2**53, 1, 1], [2.0**53, 1, 1]]

# ---------------------------------------------------------------- len / sum


@pydm.jit
def length_of(a, t, n: int):
    return (len(a), len(t), len(range(n)), len([a, t]), len(list(t)))


@pydm.jit
def total(a):
    return sum(a)


@pydm.jit
def total_start(a, s):
    return sum(a, s)


@pydm.jit
def total_of_tuple_range(t, n: int):
    return (sum(t), sum(range(n)), sum(range(n), 0.5), sum((), -0.0))


@pydm.jit
def total_of_lists(m):
    return sum(m, [])


@pydm.jit
def total_of_tuples(m):
    return sum(m, ())


@pydm.jit
def total_bad(a):
    return sum(a, None)


LEN_SUM_CASES = [
    P(length_of, [([], (), 0), ([1, [2, 3]], (1, 2.5), 7), (list(range(100)), (None,), -3)]),
    P(total, [(a,) for a in NUMS] + [([INT64_MAX, 1],), ([None],), ([[1]],), ([(1,)],)]),
    P(total_start, [(a, s) for a in ([], [1, 2], [0.5, 0.25], [True]) for s in (0, 10, 0.5, -0.0, True)]
      + [([1, 2], INT64_MAX)]),
    P(total_of_tuple_range, [((1, 2.5), 5), ((), 0), ((True, False), 100)]),
    P(total_of_lists, [([[1], [2.5, None], []],), ([],), ([[[1]], [[2]]],)]),
    P(total_of_tuples, [([(1,), (2.5, None)],), ([],)]),
    P(total_bad, [([1],), ([],)]),
]


@pytest.mark.parametrize("fn,cases", LEN_SUM_CASES)
def test_len_sum(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- min / max


@pydm.jit
def smallest(a):
    return min(a)


@pydm.jit
def largest(a):
    return max(a)


@pydm.jit
def min_max_default(a, d):
    return (min(a, default=d), max(a, default=d))


@pydm.jit
def min_max_other_iterables(t, n: int):
    return (min(t), max(t), min(range(n, -n, -1)), max(range(n)), max(reversed(t)))


@pydm.jit
def min_max_of_lists(m):
    return (min(m), max(m))


@pydm.jit
def min_of_empty_range(n: int):
    return min(range(n))


@pydm.jit
def max_of_empty_tuple(t):
    return max(t)


@pydm.jit
def min_max_first_wins(a):
    lo = min(a)
    hi = max(a)
    return (lo is a[0], hi is a[0], lo, hi)


MINMAX = [a for a in NUMS if a] + [[1, 1.0, True], [1.0, 1, True], [True, 1, 1.0], [0, -0.0, 0.0, False],
                                   [-0.0, 0], [2, 2.0], [INF, NAN], [None, 1], [1, None], [(1, 2), (1, 1.5)]]


MIN_MAX_CASES = [
    P(smallest, [(a,) for a in MINMAX] + [([],)]),
    P(largest, [(a,) for a in MINMAX] + [([],)]),
    P(min_max_default, [([], None), ([], 0), ([], [1]), ([3, 1], None), ([2.5], -1), ([NAN], 0)]),
    P(min_max_other_iterables, [((3, 1.5, True), 2), ((1,), 1)]),
    P(min_max_of_lists, [([[1, 2], [1], [0, 5], [1, 2.0]],), ([[]],), ([[1], [None]],)]),
    P(min_of_empty_range, [(0,), (-2,), (3,)]),
    P(max_of_empty_tuple, [((),), ((1,),)]),
    P(min_max_first_wins, [([[1], [1]],), ([[1], [1.0]],), ([[1], [True], [0]],)]),
]


@pytest.mark.parametrize("fn,cases", MIN_MAX_CASES)
def test_min_max(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- any / all


@pydm.jit
def any_all(a):
    return (any(a), all(a))


@pydm.jit
def any_all_iterables(t, n: int):
    return (any(t), all(t), any(range(n)), all(range(1, n)), any([]), all([]), any(()), all(()))


ANY_ALL_CASES = [
    P(any_all, [([],), ([0],), ([0, 0.0, None, (), [], False, -0.0],), ([1, (0,), [0], NAN],), ([0, 1],),
                ([1, 0],), ([True],), ([[]],)]),
    P(any_all_iterables, [((0, 1), 0), ((), 1), ((None,), 3), ((1, 2.5), 5)]),
]


@pytest.mark.parametrize("fn,cases", ANY_ALL_CASES)
def test_any_all(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- list() / tuple() / sorted / reversed


@pydm.jit
def to_list(x):
    b = list(x)
    return (b, b is x)


@pydm.jit
def list_empty():
    return (list(), tuple(), [] == list(), list() is list())


@pydm.jit
def list_of_iterators(a, n: int):
    return (list(range(n)), list(range(n, 0, -2)), list(reversed(a)), list(enumerate(a)), list(zip(a, a)),
            list(enumerate(a, -1)))


@pydm.jit
def list_copy_is_shallow(a):
    b = list(a)
    b.append(1)
    b[0].append(2)
    return (a, b, a[0] is b[0])


@pydm.jit
def to_tuple(x):
    return tuple(x)


@pydm.jit
def tuple_of_list_is_frozen(a):
    t = tuple(a)
    a.append(5)
    return (t, a)


@pydm.jit
def list_not_iterable(n: int):
    return list(n)


@pydm.jit
def sorted_iterables(t, n: int):
    return (sorted(t), sorted(range(n, 0, -1)), sorted(reversed(t), reverse=True), sorted([]),
            sorted(zip(t, t)))


@pydm.jit
def reversed_list(a):
    r = reversed(a)
    return list(r)


@pydm.jit
def reversed_consumed_twice(a):
    r = reversed(a)
    first = list(r)
    second = list(r)
    return (first, second)


@pydm.jit
def enumerate_zip_consumed(a):
    e = enumerate(a)
    z = zip(a, range(10))
    for i, x in e:
        if i == 1:
            break
    return (list(e), list(z), list(z))


CONVERSIONS_CASES = [
    P(to_list, [([1, 2.5],), ([],), ((1, None),), (range(3),), (range(5, -5, -3),)]),
    P(list_empty, [()]),
    P(list_of_iterators, [([1, 2.5, None], 4), ([], 0)]),
    P(list_copy_is_shallow, [([[1]],), ([[]],)]),
    P(to_tuple, [([1, 2.5, None, [3]],), ([],), ((1,),), (range(4),)]),
    P(tuple_of_list_is_frozen, [([1, [2]],), ([],)]),
    P(list_not_iterable, [(5,)]),
    P(sorted_iterables, [((3, 1.5, True, 0), 4), ((), 0)]),
    P(reversed_list, [([1, 2.5, None],), ([],), ((1, 2),), (range(4),)]),
    P(reversed_consumed_twice, [([1, 2],), ([],)]),
    P(enumerate_zip_consumed, [([5, 6, 7, 8],), ([5],), ([],)]),
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def builtins_group(k: int, a0, b0, c0, a1, b1, c1, a2, b2, c2, a3, a4, b4, a5, b5, a6, b6, a7, b7,
                           a8, b8, a9, b9, a10, a11, a12, a13, a14, a15, b15, a16, b16, a17, b17,
                           a18, b18, a19, b19, a20, a21, a22, a23, a24, a25, a26, b26, a27, b27,
                           a28, b28, a29, b29, a30, a31, a32, a34, b34, a35, a36, a37, a38, a39,
                           a40, a41, b41, a42, b42, a43, a44, a45, a46, a47):
    if k == 0:
        return length_of(a0, b0, c0)
    if k == 1:
        return length_of(a1, b1, c1)
    if k == 2:
        return length_of(a2, b2, c2)
    if k == 3:
        return total(a3)
    if k == 4:
        return total_start(a4, b4)
    if k == 5:
        return total_start(a5, b5)
    if k == 6:
        return total_start(a6, b6)
    if k == 7:
        return total_of_tuple_range(a7, b7)
    if k == 8:
        return total_of_tuple_range(a8, b8)
    if k == 9:
        return total_of_tuple_range(a9, b9)
    if k == 10:
        return total_of_lists(a10)
    if k == 11:
        return total_of_tuples(a11)
    if k == 12:
        return total_bad(a12)
    if k == 13:
        return smallest(a13)
    if k == 14:
        return largest(a14)
    if k == 15:
        return min_max_default(a15, b15)
    if k == 16:
        return min_max_default(a16, b16)
    if k == 17:
        return min_max_default(a17, b17)
    if k == 18:
        return min_max_other_iterables(a18, b18)
    if k == 19:
        return min_max_other_iterables(a19, b19)
    if k == 20:
        return min_max_of_lists(a20)
    if k == 21:
        return min_of_empty_range(a21)
    if k == 22:
        return max_of_empty_tuple(a22)
    if k == 23:
        return max_of_empty_tuple(a23)
    if k == 24:
        return min_max_first_wins(a24)
    if k == 25:
        return any_all(a25)
    if k == 26:
        return any_all_iterables(a26, b26)
    if k == 27:
        return any_all_iterables(a27, b27)
    if k == 28:
        return any_all_iterables(a28, b28)
    if k == 29:
        return any_all_iterables(a29, b29)
    if k == 30:
        return to_list(a30)
    if k == 31:
        return to_list(a31)
    if k == 32:
        return to_list(a32)
    if k == 33:
        return list_empty()
    if k == 34:
        return list_of_iterators(a34, b34)
    if k == 35:
        return list_copy_is_shallow(a35)
    if k == 36:
        return to_tuple(a36)
    if k == 37:
        return to_tuple(a37)
    if k == 38:
        return to_tuple(a38)
    if k == 39:
        return tuple_of_list_is_frozen(a39)
    if k == 40:
        return list_not_iterable(a40)
    if k == 41:
        return sorted_iterables(a41, b41)
    if k == 42:
        return sorted_iterables(a42, b42)
    if k == 43:
        return reversed_list(a43)
    if k == 44:
        return reversed_list(a44)
    if k == 45:
        return reversed_list(a45)
    if k == 46:
        return reversed_consumed_twice(a46)
    return enumerate_zip_consumed(a47)


BATCH = Batch(builtins_group, LEN_SUM_CASES + MIN_MAX_CASES + ANY_ALL_CASES + CONVERSIONS_CASES)


@pytest.mark.parametrize("fn,cases", CONVERSIONS_CASES)
def test_conversions(fn, cases):
    BATCH.check_many(fn, cases)
