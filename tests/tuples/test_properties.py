"""Hypothesis properties: random (nested, mixed) tuples through comparisons,
``in``, ``+``, ``*``, ``hash``, iteration and unpacking, pydm vs CPython.

A tuple argument is specialized on its element types, so nearly every example
is a compile: an example is a batch of 8 inputs, checked through a function
that calls the tested one on the k-th (``check_batched``: one compile per 8
inputs). ``PYDM_TUPLE_EXAMPLES`` counts inputs. Elements are drawn from small pools so that equal values of
different types (``1``, ``1.0``, ``True``; ``0.0``, ``-0.0``) meet often; every
NaN is the one object ``NAN`` (pydm's floats have no identity apart from their
value, CPython compares NaN elements by identity first).
"""
import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import pydm

from .tharness import INF, INT64_MAX, INT64_MIN, NAN, check_batched

pytestmark = pytest.mark.slow  # > 5 s; `pytest -m "not slow"` leaves it out

# no shrinking: while a case fails to compile, every shrinking step would compile again
PROFILE = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow],
               phases=[Phase.explicit, Phase.generate])
N = int(os.environ.get("PYDM_TUPLE_EXAMPLES", "32"))  # inputs
B = 8  # inputs per example (the slots of the *_8 functions)


def batches(n_inputs):
    """max_examples for ``n_inputs`` inputs in batches of B."""
    return max(1, -(-n_inputs // B))


def batch(*strategies):
    """B inputs, each a tuple of one value of every strategy."""
    return st.lists(st.tuples(*strategies), min_size=B, max_size=B)

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


@pydm.jit
def compare_8(k: int, a0, b0, c0, a1, b1, c1, a2, b2, c2, a3, b3, c3, a4, b4, c4, a5, b5, c5, a6,
                      b6, c6, a7, b7, c7):
    if k == 0:
        return compare(a0, b0, c0)
    if k == 1:
        return compare(a1, b1, c1)
    if k == 2:
        return compare(a2, b2, c2)
    if k == 3:
        return compare(a3, b3, c3)
    if k == 4:
        return compare(a4, b4, c4)
    if k == 5:
        return compare(a5, b5, c5)
    if k == 6:
        return compare(a6, b6, c6)
    return compare(a7, b7, c7)


@pydm.jit
def walk_8(k: int, a0, a1, a2, a3, a4, a5, a6, a7):
    if k == 0:
        return walk(a0)
    if k == 1:
        return walk(a1)
    if k == 2:
        return walk(a2)
    if k == 3:
        return walk(a3)
    if k == 4:
        return walk(a4)
    if k == 5:
        return walk(a5)
    if k == 6:
        return walk(a6)
    return walk(a7)


@pydm.jit
def unpack_pairs_8(k: int, a0, a1, a2, a3, a4, a5, a6, a7):
    if k == 0:
        return unpack_pairs(a0)
    if k == 1:
        return unpack_pairs(a1)
    if k == 2:
        return unpack_pairs(a2)
    if k == 3:
        return unpack_pairs(a3)
    if k == 4:
        return unpack_pairs(a4)
    if k == 5:
        return unpack_pairs(a5)
    if k == 6:
        return unpack_pairs(a6)
    return unpack_pairs(a7)


@pydm.jit
def contains_8(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7):
    if k == 0:
        return contains(a0, b0)
    if k == 1:
        return contains(a1, b1)
    if k == 2:
        return contains(a2, b2)
    if k == 3:
        return contains(a3, b3)
    if k == 4:
        return contains(a4, b4)
    if k == 5:
        return contains(a5, b5)
    if k == 6:
        return contains(a6, b6)
    return contains(a7, b7)


@pydm.jit
def concat_repeat_8(k: int, a0, b0, c0, a1, b1, c1, a2, b2, c2, a3, b3, c3, a4, b4, c4, a5, b5, c5,
                            a6, b6, c6, a7, b7, c7):
    if k == 0:
        return concat_repeat(a0, b0, c0)
    if k == 1:
        return concat_repeat(a1, b1, c1)
    if k == 2:
        return concat_repeat(a2, b2, c2)
    if k == 3:
        return concat_repeat(a3, b3, c3)
    if k == 4:
        return concat_repeat(a4, b4, c4)
    if k == 5:
        return concat_repeat(a5, b5, c5)
    if k == 6:
        return concat_repeat(a6, b6, c6)
    return concat_repeat(a7, b7, c7)


@pydm.jit
def hash_of_8(k: int, a0, a1, a2, a3, a4, a5, a6, a7):
    if k == 0:
        return hash_of(a0)
    if k == 1:
        return hash_of(a1)
    if k == 2:
        return hash_of(a2)
    if k == 3:
        return hash_of(a3)
    if k == 4:
        return hash_of(a4)
    if k == 5:
        return hash_of(a5)
    if k == 6:
        return hash_of(a6)
    return hash_of(a7)


@settings(max_examples=batches(N), **PROFILE)
@given(batch(tuples, tuples, st.integers(0, 5)))
def test_property_compare(cases):
    check_batched(compare_8, compare, cases)


@settings(max_examples=batches(N), **PROFILE)
@given(st.lists(st.tuples(tuples, st.integers(0, 5)), min_size=B // 2, max_size=B // 2))
def test_property_compare_prefix(inputs):
    """A tuple against its own prefixes and extensions (the length decides)."""
    cases = [c for a, op in inputs for c in ((a, a[: len(a) // 2], op), (a + (1,), a, op))]
    check_batched(compare_8, compare, cases)


@settings(max_examples=batches(N), **PROFILE)
@given(batch(tuples))
def test_property_walk(cases):
    check_batched(walk_8, walk, cases)


@settings(max_examples=batches(N // 2), **PROFILE)
@given(batch(st.lists(st.one_of(st.tuples(numbers, numbers), st.tuples(numbers),
                                st.tuples(numbers, numbers, numbers), numbers, st.just(())),
                      max_size=5).map(tuple)))
def test_property_unpack_pairs(cases):
    check_batched(unpack_pairs_8, unpack_pairs, cases)


@settings(max_examples=batches(N), **PROFILE)
@given(batch(tuples, elements))
def test_property_contains(inputs):
    check_batched(contains_8, contains, [(t, (x,)) for t, x in inputs])


@settings(max_examples=batches(N), **PROFILE)
@given(batch(tuples, tuples, st.one_of(st.integers(-2, 4), st.sampled_from([INT64_MIN, 0, 1]))))
def test_property_concat_repeat(cases):
    check_batched(concat_repeat_8, concat_repeat, cases)


@settings(max_examples=batches(N), **PROFILE)
@given(batch(number_tuples))
def test_property_hash(cases):
    check_batched(hash_of_8, hash_of, cases)
