"""``range`` as a first-class object vs CPython: ``len``, indexing (negative
indices, ``range object index out of range``), slicing (a range: observed
through ``list()``, ``len`` and ``==``), ``in`` (ints, bools, floats), ``index``
(``... is not in range``), ``count``, equality (two ranges are equal when
they hold the same items), iteration with either step sign, ranges stored in
lists and passed around, ``ValueError: range() arg 3 must not be zero``.

Range objects are not returned to Python (the boundary promises lists);
their contents come back as lists."""
import pytest

import pydm

from .lbatch import Batch
from .lharness import INF, NAN, P
from shared import INT64_MAX, INT64_MIN

ARGS = [(0, 0, 1), (0, 10, 1), (0, 10, 3), (10, 0, -3), (-5, 5, 2), (5, -5, -2), (3, 3, -1), (0, -1, 1),
        (INT64_MIN, INT64_MAX, 2**62), (INT64_MAX, INT64_MIN, -(2**62)), (INT64_MAX - 3, INT64_MAX, 1),
        (INT64_MIN + 3, INT64_MIN, -1), (1, 2, INT64_MAX), (0, 10, -1), (True, 5, True)]


@pydm.jit
def make(a, b, c):
    r = range(a, b, c)
    return (len(r), list(r))


@pydm.jit
def make_one_two(a, b):
    return (list(range(a)), list(range(a, b)), len(range(b)), len(range(a, b)))


@pydm.jit
def zero_step(a: int, b: int):
    r = range(a, b, 0)
    return len(r)


@pydm.jit
def zero_step_var(c):
    return list(range(0, 5, c))


@pydm.jit
def float_arg(x):
    return list(range(x))


CONSTRUCT_LEN_CASES = [
    P(make, ARGS),
    P(make_one_two, [(a, b) for a in (0, 3, -2, True) for b in (0, 5, -1)]),
    P(zero_step, [(0, 5), (1, 1)]),
    P(zero_step_var, [(0,), (False,), (1,)]),
    P(float_arg, [(2.0,), (3,)]),
]


@pytest.mark.parametrize("fn,cases", CONSTRUCT_LEN_CASES)
def test_construct_len(fn, cases):
    BATCH.check_many(fn, cases)


@pydm.jit
def index(a, b, c, i):
    return range(a, b, c)[i]


@pydm.jit
def index_constant(n: int):
    r = range(1, n, 2)
    return (r[0], r[-1], r[len(r) // 2])


@pydm.jit
def slice_range(a, b, c, i, j, k):
    s = range(a, b, c)[i:j:k]
    return (len(s), list(s), s == range(a, b, c)[i:j:k])


@pydm.jit
def slice_of_slice(n: int):
    r = range(n)[::-1][1::2]
    return (list(r), len(r), r[0] if r else None)


INDICES = [0, 1, 2, -1, -2, 3, 4, -4, -5, 100, -100, True, INT64_MAX, INT64_MIN]
SLICES = [(None, None, None), (None, None, -1), (1, None, 2), (-2, None, -2), (None, -1, 3), (100, -100, -1),
          (INT64_MIN, INT64_MAX, None), (2, 1, None), (None, None, -5), (None, None, 0), (1, 3, 1)]


INDEX_SLICE_CASES = [
    P(index, [(0, 10, 3, i) for i in INDICES] + [(10, 0, -3, i) for i in (0, -1, 3, 4)] + [(0, 0, 1, 0),
                                                                                            (0, 10, 1, 2.0)]),
    P(index_constant, [(10,), (2,), (1,)]),
    P(slice_range, [(a, b, c) + s for a, b, c in [(0, 10, 1), (0, 10, 3), (10, 0, -3), (5, 5, 1)] for s in SLICES]),
    P(slice_of_slice, [(10,), (0,), (1,)]),
]


@pytest.mark.parametrize("fn,cases", INDEX_SLICE_CASES)
def test_index_slice(fn, cases):
    BATCH.check_many(fn, cases)


@pydm.jit
def contains(a, b, c, x):
    r = range(a, b, c)
    return (x in r, x not in r)


@pydm.jit
def index_of(a, b, c, x):
    return range(a, b, c).index(x)


@pydm.jit
def count_of(a, b, c, x):
    return range(a, b, c).count(x)


PROBES = [0, 1, 3, 4, 6, 9, 10, -3, True, False, 3.0, 3.5, -0.0, NAN, INF, None, (3,), INT64_MAX, INT64_MIN]


CONTAINS_INDEX_COUNT_CASES = [
    P(contains, [(a, b, c, x) for a, b, c in [(0, 10, 3), (10, 0, -3), (0, 0, 1)] for x in PROBES]),
    P(index_of, [(a, b, c, x) for a, b, c in [(0, 10, 3), (10, 0, -3)] for x in PROBES]),
    P(count_of, [(0, 10, 3, x) for x in PROBES]),
]


@pytest.mark.parametrize("fn,cases", CONTAINS_INDEX_COUNT_CASES)
def test_contains_index_count(fn, cases):
    BATCH.check_many(fn, cases)


@pydm.jit
def equal(a, b, c, d, e, f):
    r = range(a, b, c)
    s = range(d, e, f)
    return (r == s, r != s)


@pydm.jit
def equal_other_types(n: int):
    r = range(n)
    return (r == list(r), r == tuple(r), r == r, list(r) == list(range(n)))


EQ = [(0, 0, 1, 5, 2, 3), (0, 3, 2, 0, 4, 2), (0, 3, 1, 0, 3, 1), (0, 3, 1, 0, 4, 1), (1, 2, 1, 1, 2, 5),
      (1, 2, 1, 1, 3, 5), (0, 10, -1, 10, 0, 1), (3, 0, -1, 0, 3, 1), (0, 1, 1, 0, 2, 2), (0, 2, 2, 0, 3, 2)]


EQUALITY_CASES = [
    P(equal, EQ),
    P(equal_other_types, [(0,), (3,)]),
]


@pytest.mark.parametrize("fn,cases", EQUALITY_CASES)
def test_equality(fn, cases):
    BATCH.check_many(fn, cases)


@pydm.jit
def iterate(a, b, c):
    out = []
    for i in range(a, b, c):
        out.append(i)
    return out


@pydm.jit
def iterate_object(a, b, c):
    r = range(a, b, c)
    out = []
    for i in r:
        out.append(i)
    for i in r:  # a range can be iterated again
        out.append(-i)
    return out


@pydm.jit
def ranges_in_list(n: int):
    rs = [range(n), range(n, 0, -1), range(0, n, 2)]
    out = []
    for r in rs:
        out.append(list(r))
        out.append(len(r))
    return (out, rs[1][0], n in rs[0], rs[2] == rs[2])


@pydm.jit
def range_param(r):
    return (len(r), list(r), list(reversed(r)))


@pydm.jit
def pass_range(n: int):
    return range_param(range(n, -n, -3))


ITERATION_CASES = [
    P(iterate, [(0, 10, 3), (10, 0, -3), (0, -5, -1), (-5, 0, 1), (0, 0, 1), (5, 0, 1), (0, 5, -1), (1, 2, 0)]),
    P(iterate_object, [(0, 4, 1), (4, 0, -2), (0, 0, 1)]),
    P(ranges_in_list, [(0,), (1,), (5,)]),
    P(pass_range, [(0,), (7,)]),
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def range_group(k: int, a0, b0, c0, a1, b1, c1, a2, b2, a3, b3, a4, b4, a5, a6, a7, a8, a9, b9, c9,
                        d9, a10, b10, c10, d10, a11, b11, c11, d11, a12, a13, b13, c13, d13, e13,
                        f13, a14, b14, c14, d14, e14, f14, a15, b15, c15, d15, e15, f15, a16, b16,
                        c16, d16, e16, f16, a17, b17, c17, d17, e17, f17, a18, b18, c18, d18, e18,
                        f18, a19, a20, b20, c20, d20, a21, b21, c21, d21, a22, b22, c22, d22, a23,
                        b23, c23, d23, a24, b24, c24, d24, a25, b25, c25, d25, a26, b26, c26, d26,
                        a27, b27, c27, d27, a28, b28, c28, d28, a29, b29, c29, d29, a30, b30, c30,
                        d30, a31, b31, c31, d31, a32, b32, c32, d32, a33, b33, c33, d33, a34, b34,
                        c34, d34, a35, b35, c35, d35, e35, f35, a36, a37, b37, c37, a38, b38, c38,
                        a39, a40):
    if k == 0:
        return make(a0, b0, c0)
    if k == 1:
        return make(a1, b1, c1)
    if k == 2:
        return make_one_two(a2, b2)
    if k == 3:
        return make_one_two(a3, b3)
    if k == 4:
        return zero_step(a4, b4)
    if k == 5:
        return zero_step_var(a5)
    if k == 6:
        return zero_step_var(a6)
    if k == 7:
        return float_arg(a7)
    if k == 8:
        return float_arg(a8)
    if k == 9:
        return index(a9, b9, c9, d9)
    if k == 10:
        return index(a10, b10, c10, d10)
    if k == 11:
        return index(a11, b11, c11, d11)
    if k == 12:
        return index_constant(a12)
    if k == 13:
        return slice_range(a13, b13, c13, d13, e13, f13)
    if k == 14:
        return slice_range(a14, b14, c14, d14, e14, f14)
    if k == 15:
        return slice_range(a15, b15, c15, d15, e15, f15)
    if k == 16:
        return slice_range(a16, b16, c16, d16, e16, f16)
    if k == 17:
        return slice_range(a17, b17, c17, d17, e17, f17)
    if k == 18:
        return slice_range(a18, b18, c18, d18, e18, f18)
    if k == 19:
        return slice_of_slice(a19)
    if k == 20:
        return contains(a20, b20, c20, d20)
    if k == 21:
        return contains(a21, b21, c21, d21)
    if k == 22:
        return contains(a22, b22, c22, d22)
    if k == 23:
        return contains(a23, b23, c23, d23)
    if k == 24:
        return contains(a24, b24, c24, d24)
    if k == 25:
        return index_of(a25, b25, c25, d25)
    if k == 26:
        return index_of(a26, b26, c26, d26)
    if k == 27:
        return index_of(a27, b27, c27, d27)
    if k == 28:
        return index_of(a28, b28, c28, d28)
    if k == 29:
        return index_of(a29, b29, c29, d29)
    if k == 30:
        return count_of(a30, b30, c30, d30)
    if k == 31:
        return count_of(a31, b31, c31, d31)
    if k == 32:
        return count_of(a32, b32, c32, d32)
    if k == 33:
        return count_of(a33, b33, c33, d33)
    if k == 34:
        return count_of(a34, b34, c34, d34)
    if k == 35:
        return equal(a35, b35, c35, d35, e35, f35)
    if k == 36:
        return equal_other_types(a36)
    if k == 37:
        return iterate(a37, b37, c37)
    if k == 38:
        return iterate_object(a38, b38, c38)
    if k == 39:
        return ranges_in_list(a39)
    return pass_range(a40)


BATCH = Batch(range_group, [
    *CONSTRUCT_LEN_CASES,
    *INDEX_SLICE_CASES,
    *CONTAINS_INDEX_COUNT_CASES,
    *EQUALITY_CASES,
    *ITERATION_CASES,
])


@pytest.mark.parametrize("fn,cases", ITERATION_CASES)
def test_iteration(fn, cases):
    BATCH.check_many(fn, cases)
