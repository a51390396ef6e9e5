"""List slicing vs CPython: reading ``a[i:j:k]`` with None, negative, huge and
bool bounds and any step sign (a new list, shallow); slice assignment that
grows, shrinks or inserts, from any iterable, extended slices with their
``ValueError``; ``del`` of items and slices."""
import pytest

import pydm

from .lbatch import Batch
from .lharness import INF, NAN, P
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


READ_SLICES_CASES = [
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
]


@pytest.mark.parametrize("fn,cases", READ_SLICES_CASES)
def test_read_slices(fn, cases):
    BATCH.check_many(fn, cases)


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


SLICE_ASSIGNMENT_CASES = [
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
]


@pytest.mark.parametrize("fn,cases", SLICE_ASSIGNMENT_CASES)
def test_slice_assignment(fn, cases):
    BATCH.check_many(fn, cases)


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


DEL_CASES = [
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
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def slicing_group(k: int, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, a4, b4,
                          c4, d4, a5, b5, c5, d5, a6, b6, c6, d6, a7, b7, c7, d7, a8, b8, c8, d8,
                          a9, b9, c9, d9, a10, b10, c10, d10, a11, b11, c11, d11, a12, b12, c12,
                          a13, b13, c13, a14, b14, c14, a15, b15, c15, a16, b16, c16, a17, b17,
                          c17, a18, b18, c18, a19, b19, c19, a20, b20, c20, a21, a22, b22, a23,
                          b23, a24, a25, a26, a27, b27, a28, a29, b29, c29, d29, a30, b30, c30,
                          d30, a31, b31, c31, d31, a32, b32, c32, d32, a33, b33, c33, d33, a34,
                          b34, c34, d34, a35, b35, c35, d35, a36, b36, c36, d36, e36, a37, b37,
                          c37, d37, e37, a38, b38, c38, d38, e38, a39, b39, c39, d39, e39, a40,
                          a41, a42, a43, a44, a45, a46, a47, a48, a49, a50, b50, a51, b51, a52,
                          b52, c52, d52, a53, b53, c53, d53, a54, b54, c54, d54, a55, b55, c55,
                          d55, a56, b56, c56, d56, a57, b57, c57, d57, a58, b58, c58, d58, a59,
                          b59, c59, d59, a60, a61, a62, a63, a64):
    if k == 0:
        return slice3(a0, b0, c0, d0)
    if k == 1:
        return slice3(a1, b1, c1, d1)
    if k == 2:
        return slice3(a2, b2, c2, d2)
    if k == 3:
        return slice3(a3, b3, c3, d3)
    if k == 4:
        return slice3(a4, b4, c4, d4)
    if k == 5:
        return slice3(a5, b5, c5, d5)
    if k == 6:
        return slice3(a6, b6, c6, d6)
    if k == 7:
        return slice3(a7, b7, c7, d7)
    if k == 8:
        return slice3(a8, b8, c8, d8)
    if k == 9:
        return slice3(a9, b9, c9, d9)
    if k == 10:
        return slice3(a10, b10, c10, d10)
    if k == 11:
        return slice_typed(a11, b11, c11, d11)
    if k == 12:
        return slice2(a12, b12, c12)
    if k == 13:
        return slice2(a13, b13, c13)
    if k == 14:
        return slice2(a14, b14, c14)
    if k == 15:
        return slice2(a15, b15, c15)
    if k == 16:
        return slice2(a16, b16, c16)
    if k == 17:
        return slice2(a17, b17, c17)
    if k == 18:
        return slice2(a18, b18, c18)
    if k == 19:
        return slice2(a19, b19, c19)
    if k == 20:
        return slice2(a20, b20, c20)
    if k == 21:
        return literal_slices(a21)
    if k == 22:
        return slice_zero_step(a22, b22)
    if k == 23:
        return slice_zero_step(a23, b23)
    if k == 24:
        return slice_float_bound(a24)
    if k == 25:
        return slice_is_new(a25)
    if k == 26:
        return slice_is_shallow(a26)
    if k == 27:
        return slice_of_literal(a27, b27)
    if k == 28:
        return slice_of_slice(a28)
    if k == 29:
        return assign2(a29, b29, c29, d29)
    if k == 30:
        return assign2(a30, b30, c30, d30)
    if k == 31:
        return assign2(a31, b31, c31, d31)
    if k == 32:
        return assign2(a32, b32, c32, d32)
    if k == 33:
        return assign2(a33, b33, c33, d33)
    if k == 34:
        return assign2(a34, b34, c34, d34)
    if k == 35:
        return assign2(a35, b35, c35, d35)
    if k == 36:
        return assign3(a36, b36, c36, d36, e36)
    if k == 37:
        return assign3(a37, b37, c37, d37, e37)
    if k == 38:
        return assign3(a38, b38, c38, d38, e38)
    if k == 39:
        return assign3(a39, b39, c39, d39, e39)
    if k == 40:
        return assign_grow_shrink(a40)
    if k == 41:
        return assign_from_iterables(a41)
    if k == 42:
        return assign_self(a42)
    if k == 43:
        return assign_self_extended(a43)
    if k == 44:
        return assign_reversed(a44)
    if k == 45:
        return assign_whole_keeps_identity(a45)
    if k == 46:
        return assign_not_iterable(a46)
    if k == 47:
        return assign_extended_not_iterable(a47)
    if k == 48:
        return assign_extended_wrong_size(a48)
    if k == 49:
        return assign_shared_inner(a49)
    if k == 50:
        return del_item(a50, b50)
    if k == 51:
        return del_item(a51, b51)
    if k == 52:
        return del_slice(a52, b52, c52, d52)
    if k == 53:
        return del_slice(a53, b53, c53, d53)
    if k == 54:
        return del_slice(a54, b54, c54, d54)
    if k == 55:
        return del_slice(a55, b55, c55, d55)
    if k == 56:
        return del_slice(a56, b56, c56, d56)
    if k == 57:
        return del_slice(a57, b57, c57, d57)
    if k == 58:
        return del_slice(a58, b58, c58, d58)
    if k == 59:
        return del_slice(a59, b59, c59, d59)
    if k == 60:
        return del_several(a60)
    if k == 61:
        return del_all(a61)
    if k == 62:
        return del_nested(a62)
    if k == 63:
        return del_in_loop(a63)
    return del_float_index(a64)


BATCH = Batch(slicing_group, READ_SLICES_CASES + SLICE_ASSIGNMENT_CASES + DEL_CASES)


@pytest.mark.parametrize("fn,cases", DEL_CASES)
def test_del(fn, cases):
    BATCH.check_many(fn, cases)
