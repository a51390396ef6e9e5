"""Tuple slicing ``t[a:b:c]`` vs CPython: None, negative, huge and bool bounds,
zero step, non-int bounds, literal slices of fixed-length tuples (built in place),
run-time slices (the runtime library), slices of ``object``-held values, and a
hypothesis property over random tuples and bounds."""
import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import pydm

from .tharness import INF, INT64_MAX, INT64_MIN, NAN, P, check, check_batched, check_many

# no shrinking: while a case fails to compile, every shrinking step would compile again
PROFILE = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow],
               phases=[Phase.explicit, Phase.generate])
N = int(os.environ.get("PYDM_TUPLE_EXAMPLES", "50"))

T5 = (1, 2.5, None, True, (3, -0.0))
HUGE = [INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1]
# ---------------------------------------------------------------- literal slices

@pydm.jit
def lit_slices(t: tuple[int, float, bool, None]):
    return (t[1:], t[:-1], t[::-1], t[::2], t[1::2], t[-1::-2], t[1:100], t[-100:2], t[3:1], t[3:1:-1],
            t[:], t[::], t[True:], t[:False], t[::True], t[9223372036854775807:], t[:-9223372036854775807],
            t[::9223372036854775807], t[::-9223372036854775807])


@pydm.jit
def lit_slices_untyped(t):
    return (t[1:], t[:-1], t[::-1], t[::2], t[-2:], t[5:1:-2], t[:], t[True::True])


@pydm.jit
def lit_slice_built(a, b):
    t = (a, b, (a, b), 4.5)
    return (t[1:3], t[::-1], t[-1:], t[:0], t[2][::-1])


@pydm.jit
def lit_slice_empty():
    t = ()
    return (t[:], t[::-1], t[1:5], t[-9223372036854775807:9223372036854775807:3])


@pydm.jit
def lit_zero_step(t: tuple[int, float]):
    return t[::0]


@pydm.jit
def lit_zero_step_untyped(t):
    return t[1:2:0]


@pydm.jit
def lit_float_bound(t: tuple[int, float]):
    return t[1.0:]


@pydm.jit
def lit_none_step_float_stop(t):
    return t[:2.5]


@pydm.jit
def lit_float_bound_not_taken(c: bool, t: tuple[int, float]):
    if c:
        return t[0.5:]
    return t


@pydm.jit
def lit_slice_identity(t: tuple[int, float]):
    return (t[:] is t, t[::1] is t, t[0:2] is t)


@pytest.mark.parametrize("fn,cases", [
    P(lit_slices, [((1, 2.5, True, None),), ((-3, -0.0, False, None),)]),
    P(lit_slices_untyped, [((),), ((1,),), (T5,)]),
    P(lit_slice_built, [(1, 2.5), (None, (1,))]),
    P(lit_slice_empty, [()]),
    P(lit_zero_step, [((1, 2.5),)]),
    P(lit_zero_step_untyped, [((1, 2.5),), ((),)]),
    P(lit_float_bound, [((1, 2.5),)]),
    P(lit_none_step_float_stop, [((1, 2.5),)]),
    P(lit_float_bound_not_taken, [(False, (1, 2.5)), (True, (1, 2.5))]),
    P(lit_slice_identity, [((1, 2.5),)]),
])
def test_literal_slices(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- run-time slices

@pydm.jit
def slice_any(t, a, b, c):
    return t[a:b:c]


@pydm.jit
def slice_packed(t: tuple, bounds: tuple):
    # the bounds travel in a tuple: one specialization for every type of bound
    # (the JIT keys its cache on the arguments' Python types)
    a, b, c = bounds
    return t[a:b:c]


@pydm.jit
def slice_typed(t: tuple[int, ...], a: int, b: int, c: int):
    return t[a:b:c]


@pydm.jit
def slice_start(t, a):
    return (t[a:], t[:a], t[a::-1], t[:a:-1])


@pydm.jit
def slice_in_object(c: bool, t, a):
    x = t if c else 5
    return x[a:]


@pydm.jit
def slice_identity(t, a):
    u = t[a:]
    return (u is t, u == t)


@pydm.jit
def slice_built(a: int, i: int, j: int):
    t = (a, a + 1, a + 2.5, (a,))
    return t[i:j]


SOME = [(s, e, k) for s in (None, 1, -2, INT64_MIN) for e in (3, -1, INT64_MAX) for k in (1, -1, 2, INT64_MIN)]


@pytest.mark.parametrize("fn,cases", [
    P(slice_any, [(T5, s, e, k) for s, e, k in SOME]
      + [(T5, None, 2, 0), (T5, None, 2.5, 1), ((), None, 0, 0), ((), INT64_MIN, INT64_MAX, INT64_MIN)]),
    P(slice_packed, [(T5, b) for b in [(None, None, None), (None, None, -1), (None, 2, None), (-1, None, None),
                                       (None, None, 0), (1.5, None, None), (INT64_MAX, INT64_MIN, INT64_MIN)]]
      + [(t, (1, 2, 3)) for t in ((), (1,))] + [(T5, (1, 2))]),
    P(slice_typed, [((1, 2, 3, 4), s, e, k) for s in (0, 1, -1, 5, -5) for e in (0, 3, -1, 9, -9)
                    for k in (1, -1, 2, -3, 0, INT64_MIN, INT64_MAX)]),
    P(slice_start, [(t, a) for t in ((), (1,), T5) for a in (None, 0, 1, -1, 3, -3, 9, -9, True)]),
    P(slice_in_object, [(True, T5, 1), (True, (), -1), (False, T5, 1), (True, T5, 1.5)]),
    P(slice_identity, [(T5, 0), (T5, None), (T5, -5), (T5, -100), ((), 0), (T5, 1)]),
    P(slice_built, [(1, i, j) for i in (-5, -1, 0, 2, 4) for j in (-4, 0, 3, 4, 99)]),
])
def test_runtime_slices(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- property

scalars = st.one_of(st.integers(INT64_MIN, INT64_MAX), st.integers(-3, 3), st.floats(), st.booleans(),
                    st.none())
elements = st.recursive(scalars, lambda inner: st.tuples(inner, inner) | st.tuples(inner), max_leaves=4)
tuples = st.lists(elements, max_size=12).map(tuple)
bounds = st.one_of(st.none(), st.integers(-15, 15), st.sampled_from(HUGE), st.booleans(),
                   st.integers(INT64_MIN, INT64_MAX))
steps = st.one_of(st.none(), st.integers(-5, 5), st.sampled_from(HUGE), st.booleans(),
                  st.integers(INT64_MIN, INT64_MAX))
int_bounds = st.one_of(st.integers(-15, 15), st.sampled_from(HUGE), st.integers(INT64_MIN, INT64_MAX))

B = 8  # inputs per example: a tuple argument is specialized on its element types, so the
# examples go 8 at a time through a function that slices the k-th (one compile per 8 inputs)


@pydm.jit
def slice_packed_8(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7):
    if k == 0:
        return slice_packed(a0, b0)
    if k == 1:
        return slice_packed(a1, b1)
    if k == 2:
        return slice_packed(a2, b2)
    if k == 3:
        return slice_packed(a3, b3)
    if k == 4:
        return slice_packed(a4, b4)
    if k == 5:
        return slice_packed(a5, b5)
    if k == 6:
        return slice_packed(a6, b6)
    return slice_packed(a7, b7)


@pydm.jit
def slice_typed_8(k: int, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, a4, b4,
                          c4, d4, a5, b5, c5, d5, a6, b6, c6, d6, a7, b7, c7, d7):
    if k == 0:
        return slice_typed(a0, b0, c0, d0)
    if k == 1:
        return slice_typed(a1, b1, c1, d1)
    if k == 2:
        return slice_typed(a2, b2, c2, d2)
    if k == 3:
        return slice_typed(a3, b3, c3, d3)
    if k == 4:
        return slice_typed(a4, b4, c4, d4)
    if k == 5:
        return slice_typed(a5, b5, c5, d5)
    if k == 6:
        return slice_typed(a6, b6, c6, d6)
    return slice_typed(a7, b7, c7, d7)


@settings(max_examples=-(-N // B), **PROFILE)
@given(st.lists(st.tuples(tuples, st.tuples(bounds, bounds, steps)), min_size=B, max_size=B))
def test_property_slice_objects(cases):
    check_batched(slice_packed_8, slice_packed, cases)


@settings(max_examples=-(-N // B), **PROFILE)
@given(st.lists(st.tuples(st.lists(st.integers(INT64_MIN, INT64_MAX), max_size=12).map(tuple),
                          int_bounds, int_bounds, int_bounds), min_size=B, max_size=B))
def test_property_slice_typed(cases):
    check_batched(slice_typed_8, slice_typed, cases)


def test_huge_values_survive_a_slice():
    """Elements at the int64 edges, NaN, inf and -0.0 keep their values and types."""
    check(lit_slices_untyped, (INT64_MIN, INT64_MAX, NAN, -INF, -0.0, True))
