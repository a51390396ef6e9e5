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

from .lharness import INF, NAN, P, check_many
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


@pytest.mark.parametrize("fn,cases", [
    P(make, ARGS),
    P(make_one_two, [(a, b) for a in (0, 3, -2, True) for b in (0, 5, -1)]),
    P(zero_step, [(0, 5), (1, 1)]),
    P(zero_step_var, [(0,), (False,), (1,)]),
    P(float_arg, [(2.0,), (3,)]),
])
def test_construct_len(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
    P(index, [(0, 10, 3, i) for i in INDICES] + [(10, 0, -3, i) for i in (0, -1, 3, 4)] + [(0, 0, 1, 0),
                                                                                            (0, 10, 1, 2.0)]),
    P(index_constant, [(10,), (2,), (1,)]),
    P(slice_range, [(a, b, c) + s for a, b, c in [(0, 10, 1), (0, 10, 3), (10, 0, -3), (5, 5, 1)] for s in SLICES]),
    P(slice_of_slice, [(10,), (0,), (1,)]),
])
def test_index_slice(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
    P(contains, [(a, b, c, x) for a, b, c in [(0, 10, 3), (10, 0, -3), (0, 0, 1)] for x in PROBES]),
    P(index_of, [(a, b, c, x) for a, b, c in [(0, 10, 3), (10, 0, -3)] for x in PROBES]),
    P(count_of, [(0, 10, 3, x) for x in PROBES]),
])
def test_contains_index_count(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
    P(equal, EQ),
    P(equal_other_types, [(0,), (3,)]),
])
def test_equality(fn, cases):
    check_many(fn, cases)


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


@pytest.mark.parametrize("fn,cases", [
    P(iterate, [(0, 10, 3), (10, 0, -3), (0, -5, -1), (-5, 0, 1), (0, 0, 1), (5, 0, 1), (0, 5, -1), (1, 2, 0)]),
    P(iterate_object, [(0, 4, 1), (4, 0, -2), (0, 0, 1)]),
    P(ranges_in_list, [(0,), (1,), (5,)]),
    P(pass_range, [(0,), (7,)]),
])
def test_iteration(fn, cases):
    check_many(fn, cases)
