"""Hypothesis properties: random (nested, mixed) tuples through comparisons,
``in``, ``+``, ``*``, ``hash``, iteration and unpacking, pydm vs CPython.

Every function takes tuples (and ints), so each compiles once whatever the
elements are. Elements are drawn from small pools so that equal values of
different types (``1``, ``1.0``, ``True``; ``0.0``, ``-0.0``) meet often; every
NaN is the one object ``NAN`` (pydm's floats have no identity apart from their
value, CPython compares NaN elements by identity first).
"""
import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import pydm

from .tharness import INF, INT64_MAX, INT64_MIN, NAN, check

pytestmark = pytest.mark.slow  # > 5 s; `pytest -m "not slow"` leaves it out

# no shrinking: while a case fails to compile, every shrinking step would compile again
PROFILE = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow],
               phases=[Phase.explicit, Phase.generate])
N = int(os.environ.get("PYDM_TUPLE_EXAMPLES", "30"))

numbers = st.one_of(st.integers(-2, 2), st.sampled_from([0.0, -0.0, 1.0, 1.5, -2.0, INF, NAN, INT64_MAX, INT64_MIN]),
                    st.booleans())
scalars = st.one_of(numbers, st.none())
elements = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3).map(tuple), max_leaves=5)
tuples = st.lists(elements, max_size=5).map(tuple)
number_tuples = st.recursive(numbers.filter(lambda x: x is not NAN),
                             lambda inner: st.lists(inner, max_size=3).map(tuple), max_leaves=6).filter(
    lambda v: isinstance(v, tuple))


@pydm.jit
def compare(a: tuple, b: tuple, op: int):
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
def walk(t: tuple):
    n = 0
    total = 0.0
    kinds = 0
    for x in t:
        n += 1
        if isinstance(x, tuple):
            kinds += 1000
            for y in x:
                kinds += 1
        elif x is None:
            kinds += 100
        else:
            total = total + x
    return (n, total, kinds, t == t, t)


@pydm.jit
def unpack_pairs(t: tuple):
    out = 0
    for p in t:
        a, b = p
        out = out + 1 if a == b else out
    return out


@pydm.jit
def contains(t: tuple, x: tuple):
    return (x[0] in t, x in t, x[0] not in t)


@pydm.jit
def concat_repeat(a: tuple, b: tuple, n: int):
    return (a + b, b + a, a * n, n * b, len(a + b) == len(a) + len(b))


@pydm.jit
def hash_of(t: tuple):
    return (hash(t), hash(t) == hash(t + ()))


@settings(max_examples=N, **PROFILE)
@given(tuples, tuples, st.integers(0, 5))
def test_property_compare(a, b, op):
    check(compare, a, b, op)


@settings(max_examples=N // 2, **PROFILE)
@given(tuples, st.integers(0, 5))
def test_property_compare_prefix(a, op):
    """A tuple against its own prefixes and extensions (the length decides)."""
    check(compare, a, a[: len(a) // 2], op)
    check(compare, a + (1,), a, op)


@settings(max_examples=N, **PROFILE)
@given(tuples)
def test_property_walk(t):
    check(walk, t)


@settings(max_examples=N // 2, **PROFILE)
@given(st.lists(st.one_of(st.tuples(numbers, numbers), st.tuples(numbers), st.tuples(numbers, numbers, numbers),
                          numbers, st.just(())), max_size=5).map(tuple))
def test_property_unpack_pairs(t):
    check(unpack_pairs, t)


@settings(max_examples=N, **PROFILE)
@given(tuples, elements)
def test_property_contains(t, x):
    check(contains, t, (x,))


@settings(max_examples=N, **PROFILE)
@given(tuples, tuples, st.one_of(st.integers(-2, 4), st.sampled_from([INT64_MIN, 0, 1])))
def test_property_concat_repeat(a, b, n):
    check(concat_repeat, a, b, n)


@settings(max_examples=N, **PROFILE)
@given(number_tuples)
def test_property_hash(t):
    check(hash_of, t)
