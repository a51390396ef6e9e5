"""List slicing vs CPython: reading ``a[i:j:k]`` with None, negative, huge and
bool bounds and any step sign (a new list, shallow); slice assignment that
grows, shrinks or inserts, from any iterable, extended slices with their
``ValueError``; ``del`` of items and slices."""
import pytest

import pydm

from .lharness import INF, NAN, P, check_many
from shared import INT64_MAX, INT64_MIN

L6 = [0, 1.5, None, (3,), [4], True]
HUGE = [INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1]
BOUNDS = [None, 0, 1, 2, -1, -2, 5, 6, 7, -6, -7, True, False] + HUGE
STEPS = [None, 1, 2, 3, -1, -2, -3, 5, -7, True] + HUGE

# ---------------------------------------------------------------- reading


@pydm.jit
def slice3(a, i, j, k):
    return a[i:j:k]


@pydm.jit
def slice_typed(a: list, i: int, j: int, k: int):
    return a[i:j:k]


@pydm.jit
def slice2(a, i, j):
    return a[i:j]


@pydm.jit
def literal_slices(a):
    return [a[1:], a[:-1], a[::-1], a[::2], a[1::2], a[-1::-2], a[1:100], a[-100:2], a[3:1], a[3:1:-1],
            a[:], a[::], a[True:], a[:False], a[9223372036854775807:], a[:-9223372036854775807],
            a[::9223372036854775807], a[::-9223372036854775807]]


@pydm.jit
def slice_zero_step(a, i):
    return a[i:2:0]


@pydm.jit
def slice_float_bound(a):
    return a[1.0:]


@pydm.jit
def slice_is_new(a):
    b = a[:]
    c = a[::-1]
    b.append(99)
    return (b is a, c is a, b == a, a, b, c)


@pydm.jit
def slice_is_shallow(a):
    b = a[:]
    b[0].append(99)  # the inner list is shared
    b[1] = 5
    return (a, b)


@pydm.jit
def slice_of_literal(i: int, j: int):
    return [1, 2.5, None, (1, 2), [3]][i:j]


@pydm.jit
def slice_of_slice(a):
    return a[1:][::-1][:2]


SOME = [(s, e, k) for s in (None, 1, -2, INT64_MIN) for e in (None, 3, -1, INT64_MAX) for k in (1, -1, 2, -2)]


@pytest.mark.parametrize("fn,cases", [
    P(slice3, [(L6, s, e, k) for s, e, k in SOME] + [(L6, s, None, k) for s in BOUNDS for k in STEPS]
      + [([], s, e, k) for s, e, k in SOME] + [([NAN, -0.0, INF], None, None, -1)]),
    P(slice_typed, [(L6, s, e, k) for s in (0, 1, -1, 5, -5, 9, -9) for e in (0, 3, -1, 9, -9)
                    for k in (1, -1, 2, -3, INT64_MIN, INT64_MAX)]),
    P(slice2, [(L6, s, e) for s in BOUNDS for e in BOUNDS]),
    P(literal_slices, [(L6,), ([],), ([1],), ([1, 2],)]),
    P(slice_zero_step, [(L6, None), ([], 0)]),
    P(slice_float_bound, [(L6,)]),
    P(slice_is_new, [([1, 2],), ([],), ([[1]],)]),
    P(slice_is_shallow, [([[1], 2],), ([[], [3]],)]),
    P(slice_of_literal, [(i, j) for i in (-9, -2, 0, 1, 4, 9) for j in (-9, -1, 0, 3, 5, 9)]),
    P(slice_of_slice, [(L6,), ([],), ([1],), ([1, 2, 3],)]),
])
def test_read_slices(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- slice assignment


@pydm.jit
def assign2(a, i, j, b):
    a[i:j] = b
    return a


@pydm.jit
def assign3(a, i, j, k, b):
    a[i:j:k] = b
    return a


@pydm.jit
def assign_grow_shrink(a):
    a[1:2] = [10, 11, 12]      # grows
    a[0:3] = []                # shrinks
    a[len(a):] = [7, 8]        # appends
    a[:0] = [(0,)]             # prepends
    a[2:2] = [[5]]             # inserts
    return a


@pydm.jit
def assign_from_iterables(a):
    a[0:1] = (1, 2)
    a[-1:] = range(3, 6)
    a[:0] = [x * 2 for x in range(2)]
    return a


@pydm.jit
def assign_self(a):
    a[1:] = a  # the right side is copied first
    return a


@pydm.jit
def assign_self_extended(a):
    a[::-1] = a
    return a


@pydm.jit
def assign_reversed(a):
    a[:] = a[::-1]
    return a


@pydm.jit
def assign_whole_keeps_identity(a):
    b = a
    a[:] = [1, 2.5]
    return b is a


@pydm.jit
def assign_not_iterable(a):
    a[0:1] = 5
    return a


@pydm.jit
def assign_extended_not_iterable(a):
    a[::2] = None
    return a


@pydm.jit
def assign_extended_wrong_size(n: int):
    a = [0, 1, 2, 3]
    a[::2] = [9] * n
    return a


@pydm.jit
def assign_shared_inner(a):
    inner = [0]
    a[0:2] = [inner, inner]
    inner.append(1)
    return a


SIZES = [[], [9], [9, 8], [9, 8, 7], [9, 8, 7, 6, 5, 4, 3]]


@pytest.mark.parametrize("fn,cases", [
    P(assign2, [([0, 1, 2, 3], i, j, b) for i in (None, 0, 1, -1, 3, 9, -9, INT64_MIN) for j in (None, 0, 2, -1, 9)
                for b in (SIZES[0], SIZES[1], SIZES[3])]
      + [([], 0, 0, [1, [2]]), ([1], 5, 2, [1]), ([1, 2], 1, 0, (3, 4)), ([1, 2], 0, 1, range(3)),
         ([1, 2], INT64_MAX, INT64_MAX, [3]), ([1, 2], 0.5, 1, [3])]),
    P(assign3, [([0, 1, 2, 3, 4], i, j, k, b) for i, j, k in [(None, None, 2), (None, None, -2), (1, None, 2),
                                                               (None, None, -1), (4, 0, -2), (0, 4, 1), (1, 3, 1),
                                                               (None, None, 3), (9, None, -3), (0, 0, 2)]
                for b in SIZES]
      + [([0, 1, 2], None, None, 0, [1]), ([], None, None, -1, []), ([], None, None, 2, [1]),
         ([0, 1, 2, 3], None, None, 2, (7, 8)), ([0, 1, 2, 3], None, None, INT64_MIN, [5])]),
    P(assign_grow_shrink, [([1, 2, 3, 4],), ([1, 2],), ([1],)]),
    P(assign_from_iterables, [([1, 2, 3],), ([1],), ([],)]),
    P(assign_self, [([1, 2, 3],), ([],), ([1],)]),
    P(assign_self_extended, [([1, 2.5, None],), ([],)]),
    P(assign_reversed, [([1, 2.5, None, [4]],), ([],)]),
    P(assign_whole_keeps_identity, [([0],)]),
    P(assign_not_iterable, [([1, 2],)]),
    P(assign_extended_not_iterable, [([1, 2],)]),
    P(assign_extended_wrong_size, [(n,) for n in range(5)]),
    P(assign_shared_inner, [([1, 2, 3],), ([1],)]),
])
def test_slice_assignment(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- del


@pydm.jit
def del_item(a, i):
    del a[i]
    return a


@pydm.jit
def del_slice(a, i, j, k):
    del a[i:j:k]
    return a


@pydm.jit
def del_several(a):
    del a[0], a[-1]
    del a[1:3]
    return a


@pydm.jit
def del_all(a):
    b = a
    del a[:]
    return (b is a, b)


@pydm.jit
def del_nested(a):
    del a[0][0]
    del a[-1][::2]
    return a


@pydm.jit
def del_in_loop(a):
    i = 0
    while i < len(a):
        if a[i] is None:
            del a[i]
        else:
            i += 1
    return a


@pydm.jit
def del_float_index(a):
    del a[1.5]
    return a


@pytest.mark.parametrize("fn,cases", [
    P(del_item, [([0, 1.5, None, 3], i) for i in (0, 3, -1, -4, 4, -5, True, INT64_MAX, INT64_MIN)]
      + [([], 0), ([], -1), ([[1]], 0)]),
    P(del_slice, [(list(range(7)), i, j, k) for i in (None, 0, 2, -2, 9, INT64_MIN) for j in (None, 5, -1, 0)
                  for k in (None, 1, 2, -1, -3, INT64_MAX)]
      + [([1, 2], None, None, 0), ([], None, None, -1), ([], 3, 1, None)]),
    P(del_several, [([0, 1, 2, 3, 4, 5],), ([0, 1, 2],), ([0],)]),
    P(del_all, [([1, [2]],), ([],)]),
    P(del_nested, [([[1, 2], [3, 4, 5]],), ([[1], []],), ([[], [1]],)]),
    P(del_in_loop, [([None, 1, None, None, 2.5, None],), ([],), ([None],)]),
    P(del_float_index, [([1, 2, 3],)]),
])
def test_del(fn, cases):
    check_many(fn, cases)
