"""Hypothesis properties, pydm vs CPython on random (nested, mixed) lists:
slicing with random start/stop/step, slice assignment and ``del`` of slices,
random sequences of list method calls (one interpreter function runs them,
so it compiles once), comparisons, ``in``/``count``/``index``, ``+``/``*``
and sorting.

Elements are drawn from small pools so that equal values of different types
(``1``, ``1.0``, ``True``; ``0.0``, ``-0.0``) meet often. Every NaN is the one
object ``NAN`` (pydm's floats have no identity apart from their value;
CPython finds a NaN element by identity). Examples are derandomized and not
shrunk (while a case fails to compile every shrinking step would compile
again); ``PYDM_LIST_EXAMPLES`` sets the number of examples."""
import os

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import pydm

from .lbatch import Batch, check_batched
from .lharness import INF, NAN, P, check
from shared import INT64_MAX, INT64_MIN

N = int(os.environ.get("PYDM_LIST_EXAMPLES", "30"))
PROFILE = dict(max_examples=N, deadline=None, database=None, derandomize=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
               phases=[Phase.explicit, Phase.generate])

HUGE = [INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1]
numbers = st.one_of(st.integers(-3, 3), st.booleans(),
                    st.sampled_from([0.0, -0.0, 1.0, 1.5, -2.0, INF, -INF, NAN, INT64_MAX, INT64_MIN]))
plain_numbers = st.one_of(st.integers(-3, 3), st.booleans(),
                          st.sampled_from([0.0, -0.0, 1.0, 1.5, -2.0, INF, -INF, INT64_MAX, INT64_MIN]))
scalars = st.one_of(numbers, st.none())
elements = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.lists(inner, max_size=3).map(tuple),
                        max_leaves=5)
lists = st.lists(elements, max_size=8)
number_lists = st.lists(plain_numbers, max_size=10)
bounds = st.one_of(st.none(), st.integers(-10, 10), st.sampled_from(HUGE))
steps = st.one_of(st.none(), st.integers(-4, 4), st.sampled_from(HUGE))

# ---------------------------------------------------------------- slicing


@pydm.jit
def read_slice(a, i, j, k):
    b = a[i:j:k]
    return (b, len(b), b is a)


@pydm.jit
def assign_slice(a, i, j, k, b):
    a[i:j:k] = b
    return a


@pydm.jit
def assign_plain_slice(a, i, j, b):
    a[i:j] = b
    return len(a)


@pydm.jit
def del_slice(a, i, j, k):
    del a[i:j:k]
    return a


@pydm.jit
def slices_group(k: int, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, a4, b4,
                         c4, d4, a5, b5, c5, d5, a6, b6, c6, d6, a7, b7, c7, d7, a8, b8, c8, d8,
                         e8, a9, b9, c9, d9, e9, a10, b10, c10, d10, e10, a11, b11, c11, d11, e11,
                         a12, b12, c12, d12, e12, a13, b13, c13, d13, e13, a14, b14, c14, d14, e14,
                         a15, b15, c15, d15, e15, a16, b16, c16, d16, a17, b17, c17, d17, a18, b18,
                         c18, d18, a19, b19, c19, d19, a20, b20, c20, d20, a21, b21, c21, d21, a22,
                         b22, c22, d22, a23, b23, c23, d23, a24, b24, c24, d24, a25, b25, c25, d25,
                         a26, b26, c26, d26, a27, b27, c27, d27):
    if k == 0:
        return read_slice(a0, b0, c0, d0)
    if k == 1:
        return read_slice(a1, b1, c1, d1)
    if k == 2:
        return read_slice(a2, b2, c2, d2)
    if k == 3:
        return read_slice(a3, b3, c3, d3)
    if k == 4:
        return read_slice(a4, b4, c4, d4)
    if k == 5:
        return read_slice(a5, b5, c5, d5)
    if k == 6:
        return read_slice(a6, b6, c6, d6)
    if k == 7:
        return read_slice(a7, b7, c7, d7)
    if k == 8:
        return assign_slice(a8, b8, c8, d8, e8)
    if k == 9:
        return assign_slice(a9, b9, c9, d9, e9)
    if k == 10:
        return assign_slice(a10, b10, c10, d10, e10)
    if k == 11:
        return assign_slice(a11, b11, c11, d11, e11)
    if k == 12:
        return assign_slice(a12, b12, c12, d12, e12)
    if k == 13:
        return assign_slice(a13, b13, c13, d13, e13)
    if k == 14:
        return assign_slice(a14, b14, c14, d14, e14)
    if k == 15:
        return assign_slice(a15, b15, c15, d15, e15)
    if k == 16:
        return assign_plain_slice(a16, b16, c16, d16)
    if k == 17:
        return assign_plain_slice(a17, b17, c17, d17)
    if k == 18:
        return assign_plain_slice(a18, b18, c18, d18)
    if k == 19:
        return assign_plain_slice(a19, b19, c19, d19)
    if k == 20:
        return del_slice(a20, b20, c20, d20)
    if k == 21:
        return del_slice(a21, b21, c21, d21)
    if k == 22:
        return del_slice(a22, b22, c22, d22)
    if k == 23:
        return del_slice(a23, b23, c23, d23)
    if k == 24:
        return del_slice(a24, b24, c24, d24)
    if k == 25:
        return del_slice(a25, b25, c25, d25)
    if k == 26:
        return del_slice(a26, b26, c26, d26)
    return del_slice(a27, b27, c27, d27)


# every signature the slice functions get here (a bound or step is None or an
# int): slices_group compiles them all at once (lbatch)
_NI = (None, 1)
SLICES = Batch(slices_group, [
    P(read_slice, [([0], i, j, k) for i in _NI for j in _NI for k in _NI]),
    P(assign_slice, [([0], i, j, k, [1]) for i in _NI for j in _NI for k in _NI]),
    P(assign_plain_slice, [([0], i, j, [1]) for i in _NI for j in _NI]),
    P(del_slice, [([0], i, j, k) for i in _NI for j in _NI for k in _NI]),
])


@settings(**PROFILE)
@given(lists, bounds, bounds, steps)
def test_property_read_slice(a, i, j, k):
    SLICES.check(read_slice, a, i, j, k)


@settings(**PROFILE)
@given(lists, bounds, bounds, steps, lists)
def test_property_assign_slice(a, i, j, k, b):
    SLICES.check(assign_slice, a, i, j, k, b)


@settings(**PROFILE)
@given(lists, bounds, bounds, st.data())
def test_property_assign_extended_slice_right_size(a, i, j, data):
    """Extended slices assigned a sequence of the right size (the error is rarer at random)."""
    k = data.draw(st.sampled_from([-3, -2, -1, 2, 3]))
    n = len(range(len(a))[i:j:k])
    b = data.draw(st.lists(elements, min_size=n, max_size=n))
    SLICES.check(assign_slice, a, i, j, k, b)


@settings(**PROFILE)
@given(lists, bounds, bounds, lists)
def test_property_assign_plain_slice(a, i, j, b):
    SLICES.check(assign_plain_slice, a, i, j, b)


@settings(**PROFILE)
@given(lists, bounds, bounds, steps)
def test_property_del_slice(a, i, j, k):
    SLICES.check(del_slice, a, i, j, k)


# ---------------------------------------------------------------- method sequences


@pydm.jit
def run_ops(a, ops):
    out = []
    for op, x, y in ops:
        if op == 0:
            out.append(a.append(x))
        elif op == 1:
            a.extend([x, y])
        elif op == 2:
            a.insert(y, x)
        elif op == 3:
            if a:
                out.append(a.pop())
        elif op == 4:
            if a or y == 0:
                out.append(a.pop(y))  # may raise IndexError
        elif op == 5:
            if x in a:
                a.remove(x)
        elif op == 6:
            out.append(a.index(x) if x in a else -1)
        elif op == 7:
            out.append(a.count(x))
        elif op == 8:
            a.reverse()
        elif op == 9:
            sortable = True
            for v in a:
                if not isinstance(v, (int, float)) or v != v:
                    sortable = False
            if sortable:
                a.sort(reverse=y % 2 == 1)
        elif op == 10:
            a[y:y + 2] = [x]
        elif op == 11:
            if -len(a) <= y < len(a):
                del a[y]
        elif op == 12:
            a += [x, y]
        elif op == 13:
            if len(a) < 8:
                a *= 2
        elif op == 14:
            if -len(a) <= y < len(a):
                a[y] = x
        elif op == 15:
            out.append(a[:])
        elif op == 16:
            out.append(x in a)
        elif op == 17:
            out.append(a.copy() == a)
        elif op == 18:
            out.append(sorted(a, reverse=True) if len(a) < 2 else len(a))
        else:
            a.clear()
    return (out, a)


ops = st.lists(st.tuples(st.integers(0, 19), elements, st.integers(-6, 6)), max_size=12)


@settings(**PROFILE)
@given(lists, ops)
def test_property_method_sequences(a, program):
    check(run_ops, a, program)


@settings(**PROFILE)
@given(number_lists, st.lists(st.tuples(st.integers(0, 18), plain_numbers, st.integers(-6, 6)), max_size=16))
def test_property_method_sequences_numbers(a, program):
    """Only numbers: every op 9 sorts, and ``pop(y)`` errors are the only exceptions."""
    check(run_ops, a, program)


# ---------------------------------------------------------------- comparisons, membership, + and *


@pydm.jit
def compare(a, b, op: int):
    if op == 0:
        return a == b
    if op == 1:
        return a != b
    if op == 2:
        return a < b
    if op == 3:
        return a <= b
    if op == 4:
        return a > b
    return a >= b


@pydm.jit
def member(a, x):
    n = a.count(x)
    return (x in a, x not in a, n, a.index(x) if n else None)


@pydm.jit
def concat_repeat(a, b, n: int):
    c = a + b
    d = a * n
    e = [a] * n
    a += b
    return (c, d, e, a, len(c) == len(d))


@pydm.jit
def sort_both(a, rev: bool):
    b = sorted(a, reverse=rev)
    a.sort(reverse=rev)
    return (a == b, b)


@settings(**PROFILE)
@given(lists, lists, st.integers(0, 5))
def test_property_compare(a, b, op):
    check(compare, a, b, op)


@settings(**PROFILE)
@given(lists, st.integers(0, 5))
def test_property_compare_prefix(a, op):
    """A list against its own prefix and an extension (the length decides)."""
    check(compare, a, a[: len(a) // 2], op)
    check(compare, a + [0], a, op)


@pydm.jit
def member_8(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7):
    if k == 0:
        return member(a0, b0)
    if k == 1:
        return member(a1, b1)
    if k == 2:
        return member(a2, b2)
    if k == 3:
        return member(a3, b3)
    if k == 4:
        return member(a4, b4)
    if k == 5:
        return member(a5, b5)
    if k == 6:
        return member(a6, b6)
    return member(a7, b7)


@settings(**dict(PROFILE, max_examples=-(-N // 8)))
@given(st.lists(st.tuples(lists, elements), min_size=8, max_size=8))
def test_property_member(inputs):
    """An example is 8 inputs, through member_8: an item (a tuple: its element
    types) is a compile of its own, 8 of them share one (lbatch)."""
    cases = [c for a, x in inputs for c in [(a, x)] + ([(a, a[len(a) // 2])] if a else [])]
    check_batched(member_8, member, cases)


@settings(**PROFILE)
@given(lists, lists, st.sampled_from([-1, 0, 1, 2, 3, INT64_MIN]))
def test_property_concat_repeat(a, b, n):
    check(concat_repeat, a, b, n)


@settings(**PROFILE)
@given(number_lists, st.booleans())
def test_property_sort(a, rev):
    """Stable for equal numbers of different types (1, 1.0, True; 0.0, -0.0, 0, False)."""
    check(sort_both, a, rev)
