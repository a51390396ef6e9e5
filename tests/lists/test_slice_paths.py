"""The slice fast paths vs CPython: bounds whose static types are int, bool
or None reach the runtime library as ints (``list_slice_span``,
``list_setslice_span``, ``tuple_slice_span`` and the typed-storage
``*_span_slots``: no tuple, no type dispatch), typed lists are copied slot by
slot, and ``[v] * n`` fills without per-element calls. Every shape the
benchmarks use (``xs[:]``, ``xs[a:b]``, ``xs[::-1]``, ``xs[k::-1]``,
``xs[:k] = ys``, ``flags[i*i::i] = [False] * m``) with every bound kind:
absent, negative, huge, bool, step 0 (ValueError), -2**63 steps, extended
slices of the wrong size, self-assignment, and the object paths' TypeError
order (the step is checked before start and stop)."""
import pytest

import pydm

from .lbatch import Batch
from .lharness import P
from shared import INT64_MAX, INT64_MIN

INTS = [0, 1, 2, 3, -1, -2, 5, 8, 9, -8, -9, INT64_MAX, INT64_MIN]
STEPS = [1, 2, 3, -1, -2, -3, 7, -7, INT64_MAX, INT64_MIN, 0]


# ---------------------------------------------------------------- reading, typed storage
@pydm.jit
def typed_read(i: int, j: int, k: int):
    """A local list<integer> (and list<real>, list<bool>) sliced with int
    bounds: a new typed list each, boxed at the return."""
    xs = [10, 11, 12, 13, 14, 15, 16, 17]
    fs = [0.5, -0.0, 2.5, 1e300, 4.5]
    bs = [True, False, False, True]
    return xs[i:j:k], xs[i:j], xs[i:], xs[:j], xs[i::k], fs[i:j:k], bs[j:i:k]


@pydm.jit
def typed_shapes(k: int):
    """The shapes of the benchmarks, on a typed list: ``xs[:]`` (a new list),
    ``xs[k::-1]``, ``xs[::-1]``, bool bounds, huge literal bounds."""
    xs = [0, 1, 2, 3, 4, 5, 6, 7]
    a = xs[:]
    a[0] = 99
    return (xs, a, xs[k::-1], xs[::-1], xs[:k + 1], xs[True:], xs[:False], xs[True::True],
            xs[9223372036854775807:], xs[:-9223372036854775807], xs[::-9223372036854775807], xs[k:k])


@pydm.jit
def typed_zero_step(k: int):
    xs = [1, 2, 3]
    return xs[::k]


# ---------------------------------------------------------------- writing, typed storage
@pydm.jit
def typed_flip(k: int):
    """fannkuch's flip: ``perm[:k + 1] = perm[k::-1]`` on a typed list."""
    perm = [3, 1, 4, 0, 2, 7, 6, 5]
    perm[:k + 1] = perm[k::-1]
    return perm


@pydm.jit
def typed_assign(i: int, j: int, n: int):
    """``xs[i:j] = [7] * n``: grows, shrinks, inserts, replaces in place."""
    xs = [0, 1, 2, 3, 4, 5]
    ys = xs
    xs[i:j] = [7] * n
    return ys, len(xs)


@pydm.jit
def typed_assign_step(i: int, k: int, n: int):
    """An extended slice of a typed list (the sieve's ``flags[i*i::i] = ...``):
    a wrong size is CPython's ValueError, a zero step its ValueError first."""
    flags = [True] * 12
    flags[i::k] = [False] * n
    return flags


@pydm.jit
def sieve_flags(n: int):
    flags = [True] * (n + 1)
    flags[0] = flags[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if flags[i]:
            flags[i * i::i] = [False] * len(range(i * i, n + 1, i))
    return [i for i, f in enumerate(flags) if f]


@pydm.jit
def fannkuch_flips(n: int):
    perm1 = list(range(n))
    count = [0] * n
    max_flips = 0
    checksum = 0
    r = n
    sign = 1
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        perm = perm1[:]
        flips = 0
        k = perm[0]
        while k:
            perm[:k + 1] = perm[k::-1]
            flips += 1
            k = perm[0]
        max_flips = max(max_flips, flips)
        checksum += sign * flips
        sign = -sign
        while True:
            if r == n:
                return max_flips, checksum
            p0 = perm1[0]
            perm1[:r] = perm1[1:r + 1]
            perm1[r] = p0
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1


@pydm.jit
def typed_object_bounds(o: object, p: object):
    """A typed list sliced with bounds held in ``object``s (the library checks
    them: ``list_slice_slots``, ``list_setslice_slots``)."""
    xs = [1, 2, 3, 4, 5]
    ys = xs[o:p]
    ys[0] = 0
    xs[o::p] = [9] * 2
    return ys, xs


# ---------------------------------------------------------------- [v] * n
@pydm.jit
def typed_repeat(n: int):
    a = [False] * n
    b = [1, 2, 3] * n
    c = [2.5] * (n - 2)
    d = [7] * True
    e = n * [0, -1]
    return a, b, c, d, e


@pydm.jit
def zero_fill(n: int):
    """``[0] * n`` (and False, 0.0) is a new list's cleared storage, no fill:
    it must read as zeros also where freed lists of other values were."""
    bad = 0
    for r in range(12):
        junk = [r + 1] * (n + r)
        junk[0] = -5
        zs = [0] * (n + r)
        fs = [0.0] * (n + r)
        bs = [False] * (n + r)
        for i in range(n + r):
            if zs[i] != 0 or fs[i] != 0.0 or bs[i]:
                bad += 1
        bad += len(junk) - len(zs)
    return bad, [0] * n, [-0.0] * 3, [0.0] * 2, [False] * 2


@pydm.jit
def typed_repeat_huge(n: int):
    xs = [1, 2, 3] * (n * 2**40)
    return len(xs)


# ---------------------------------------------------------------- list<object>, tuples: int bounds
@pydm.jit
def object_read(a: list, i: int, j: int, k: int):
    return a[i:j:k], a[i:j], a[:j:k], a[i::k]


@pydm.jit
def object_assign(a: list, i: int, j: int, k: int, b):
    a[i:j:k] = b
    return a


@pydm.jit
def object_assign_self(a: list, i: int, j: int):
    a[i:j] = a
    return a


@pydm.jit
def object_assign_self_step(a: list, k: int):
    a[::k] = a
    return a


@pydm.jit
def tuple_read(t: tuple, i: int, j: int, k: int):
    return t[i:j:k], t[i:j], t[::k], t[:], t[i:j][::-1]


# ---------------------------------------------------------------- object bounds: CPython's order of checks
@pydm.jit
def dynamic_bounds(a: list, i, j, k):
    return a[i:j:k]


@pydm.jit
def dynamic_assign(a: list, i, j, k, b):
    a[i:j:k] = b
    return a


L6 = [1, 2.5, None, (3,), [4], "s"]
T6 = (1, 2.5, None, (3,), [4], "s")

SLICE_PATH_CASES = [
    P(typed_read, [(i, j, k) for i in (0, 2, -1, -9, 9, INT64_MIN) for j in (0, 3, -2, 9, INT64_MAX)
                   for k in (1, -1, 2, -3, INT64_MIN)]),
    P(typed_shapes, [(k,) for k in (0, 1, 3, 7)]),
    P(typed_zero_step, [(0,), (1,), (-1,)]),
    P(typed_flip, [(k,) for k in range(8)]),
    P(typed_assign, [(i, j, n) for i in (0, 1, -2, 6, 9, -9) for j in (0, 2, 6, -1) for n in (0, 1, 2, 5)]),
    P(typed_assign_step, [(i, k, n) for i, k in ((4, 4), (9, 3), (1, -2), (11, -1), (0, 5), (3, 0), (-3, 2),
                                                 (0, INT64_MAX), (11, INT64_MIN))
                          for n in (0, 1, 2, 3, 6, 12)]),
    P(sieve_flags, [(n,) for n in (0, 1, 2, 3, 10, 100, 1000)]),
    P(fannkuch_flips, [(n,) for n in (1, 2, 3, 5, 6)]),
    P(typed_object_bounds, [(o, p) for o in (1, -2, 0, None, "a") for p in (2, -2, 0, None, 2.5)]),
    P(typed_repeat, [(n,) for n in (-1, 0, 1, 2, 3, 40)]),
    P(zero_fill, [(n,) for n in (0, 1, 7, 64, 65, 1000)]),
    P(typed_repeat_huge, [(1,), (0,)]),
    P(object_read, [(L6, i, j, k) for i in (0, 2, -1, -9, 9, INT64_MIN) for j in (0, 3, -2, 9, INT64_MAX)
                    for k in STEPS] + [([], 0, 0, 1), ([], 1, -1, -1)]),
    P(object_assign, [([0, 1, 2, 3, 4], i, j, k, b) for i, j, k in ((0, 2, 1), (1, 1, 1), (4, 0, -2), (0, 5, 2),
                                                                    (-9, 9, 1), (0, 3, 0), (9, -9, -1))
                      for b in ([], [9], (8, 9, 10), range(2), [[1], None])]
      + [([0, 1], 0, 1, 1, 5), ([0, 1], 0, 2, 2, None), ([0, 1], 0, 1, 0, 5)]),
    P(object_assign_self, [([1, 2, 3], i, j) for i in (0, 1, 3, -1) for j in (0, 2, 3)] + [([], 0, 0)]),
    P(object_assign_self_step, [([1, 2, 3], k) for k in (1, -1, 2, 0)] + [([], -1)]),
    P(tuple_read, [(T6, i, j, k) for i in (0, 2, -1, 9, INT64_MIN) for j in (0, 3, -2, 9) for k in STEPS]
      + [((), 0, 1, 1)]),
    P(dynamic_bounds, [(L6, i, j, k) for i, j, k in (("a", 1, 0), ("a", 1, None), (None, 2.5, 1), (1, 2, "x"),
                                                     (True, None, -1), (None, None, 0), (1, [], 0), (2, 5, 2))]),
    P(dynamic_assign, [([0, 1, 2, 3], i, j, k, b) for i, j, k, b in ((0, 2, None, [5]), ("a", 1, 0, [1]),
                                                                     (None, None, 2, [7]), (None, 1.5, None, 1),
                                                                     (1, None, -1, "ab"), (0, 0, None, 5), (1, 3, None, "xyz"),
                                                                     (None, None, -1, {1: 2, 3: 4}), (0, 1, None, {5}))]),
]



@pydm.jit
def slice_paths_group(k: int, a0, b0, c0, a1, a2, a3, a4, b4, c4, a5, b5, c5, a6, a7, a8, b8, a9,
                              b9, a10, b10, a11, b11, a12, b12, a13, b13, a14, b14, a15, b15, a16,
                              b16, a17, a18, a19, a20, b20, c20, d20, a21, b21, c21, d21, e21, a22,
                              b22, c22, d22, e22, a23, b23, c23, d23, e23, a24, b24, c24, d24, e24,
                              a25, b25, c25, d25, e25, a26, b26, c26, a27, b27, a28, b28, c28, d28,
                              a29, b29, c29, d29, a30, b30, c30, d30, a31, b31, c31, d31, a32, b32,
                              c32, d32, a33, b33, c33, d33, a34, b34, c34, d34, a35, b35, c35, d35,
                              a36, b36, c36, d36, a37, b37, c37, d37, a38, b38, c38, d38, e38, a39,
                              b39, c39, d39, e39, a40, b40, c40, d40, e40, a41, b41, c41, d41, e41,
                              a42, b42, c42, d42, e42, a43, b43, c43, d43, e43, a44, b44, c44, d44,
                              e44, a45, b45, c45, d45, e45, a46, b46, c46, d46, e46):
    if k == 0:
        return typed_read(a0, b0, c0)
    if k == 1:
        return typed_shapes(a1)
    if k == 2:
        return typed_zero_step(a2)
    if k == 3:
        return typed_flip(a3)
    if k == 4:
        return typed_assign(a4, b4, c4)
    if k == 5:
        return typed_assign_step(a5, b5, c5)
    if k == 6:
        return sieve_flags(a6)
    if k == 7:
        return fannkuch_flips(a7)
    if k == 8:
        return typed_object_bounds(a8, b8)
    if k == 9:
        return typed_object_bounds(a9, b9)
    if k == 10:
        return typed_object_bounds(a10, b10)
    if k == 11:
        return typed_object_bounds(a11, b11)
    if k == 12:
        return typed_object_bounds(a12, b12)
    if k == 13:
        return typed_object_bounds(a13, b13)
    if k == 14:
        return typed_object_bounds(a14, b14)
    if k == 15:
        return typed_object_bounds(a15, b15)
    if k == 16:
        return typed_object_bounds(a16, b16)
    if k == 17:
        return typed_repeat(a17)
    if k == 18:
        return zero_fill(a18)
    if k == 19:
        return typed_repeat_huge(a19)
    if k == 20:
        return object_read(a20, b20, c20, d20)
    if k == 21:
        return object_assign(a21, b21, c21, d21, e21)
    if k == 22:
        return object_assign(a22, b22, c22, d22, e22)
    if k == 23:
        return object_assign(a23, b23, c23, d23, e23)
    if k == 24:
        return object_assign(a24, b24, c24, d24, e24)
    if k == 25:
        return object_assign(a25, b25, c25, d25, e25)
    if k == 26:
        return object_assign_self(a26, b26, c26)
    if k == 27:
        return object_assign_self_step(a27, b27)
    if k == 28:
        return tuple_read(a28, b28, c28, d28)
    if k == 29:
        return tuple_read(a29, b29, c29, d29)
    if k == 30:
        return dynamic_bounds(a30, b30, c30, d30)
    if k == 31:
        return dynamic_bounds(a31, b31, c31, d31)
    if k == 32:
        return dynamic_bounds(a32, b32, c32, d32)
    if k == 33:
        return dynamic_bounds(a33, b33, c33, d33)
    if k == 34:
        return dynamic_bounds(a34, b34, c34, d34)
    if k == 35:
        return dynamic_bounds(a35, b35, c35, d35)
    if k == 36:
        return dynamic_bounds(a36, b36, c36, d36)
    if k == 37:
        return dynamic_bounds(a37, b37, c37, d37)
    if k == 38:
        return dynamic_assign(a38, b38, c38, d38, e38)
    if k == 39:
        return dynamic_assign(a39, b39, c39, d39, e39)
    if k == 40:
        return dynamic_assign(a40, b40, c40, d40, e40)
    if k == 41:
        return dynamic_assign(a41, b41, c41, d41, e41)
    if k == 42:
        return dynamic_assign(a42, b42, c42, d42, e42)
    if k == 43:
        return dynamic_assign(a43, b43, c43, d43, e43)
    if k == 44:
        return dynamic_assign(a44, b44, c44, d44, e44)
    if k == 45:
        return dynamic_assign(a45, b45, c45, d45, e45)
    return dynamic_assign(a46, b46, c46, d46, e46)


BATCH = Batch(slice_paths_group, SLICE_PATH_CASES)


@pytest.mark.parametrize("fn,cases", SLICE_PATH_CASES)
def test_slice_paths(fn, cases):
    BATCH.check_many(fn, cases)
