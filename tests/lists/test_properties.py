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

from .lharness import INF, NAN, check
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


@settings(**PROFILE)
@given(lists, bounds, bounds, steps)
def test_property_read_slice(a, i, j, k):
    check(read_slice, a, i, j, k)


@settings(**PROFILE)
@given(lists, bounds, bounds, steps, lists)
def test_property_assign_slice(a, i, j, k, b):
    check(assign_slice, a, i, j, k, b)


@settings(**PROFILE)
@given(lists, bounds, bounds, st.data())
def test_property_assign_extended_slice_right_size(a, i, j, data):
    """Extended slices assigned a sequence of the right size (the error is rarer at random)."""
    k = data.draw(st.sampled_from([-3, -2, -1, 2, 3]))
    n = len(range(len(a))[i:j:k])
    b = data.draw(st.lists(elements, min_size=n, max_size=n))
    check(assign_slice, a, i, j, k, b)


@settings(**PROFILE)
@given(lists, bounds, bounds, lists)
def test_property_assign_plain_slice(a, i, j, b):
    check(assign_plain_slice, a, i, j, b)


@settings(**PROFILE)
@given(lists, bounds, bounds, steps)
def test_property_del_slice(a, i, j, k):
    check(del_slice, a, i, j, k)


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


@settings(**PROFILE)
@given(lists, elements)
def test_property_member(a, x):
    check(member, a, x)
    if a:
        check(member, a, a[len(a) // 2])


@settings(**PROFILE)
@given(lists, lists, st.sampled_from([-1, 0, 1, 2, 3, INT64_MIN]))
def test_property_concat_repeat(a, b, n):
    check(concat_repeat, a, b, n)


@settings(**PROFILE)
@given(number_lists, st.booleans())
def test_property_sort(a, rev):
    """Stable for equal numbers of different types (1, 1.0, True; 0.0, -0.0, 0, False)."""
    check(sort_both, a, rev)
