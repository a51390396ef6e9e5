"""Tuple slicing ``t[a:b:c]`` vs CPython: None, negative, huge and bool bounds,
zero step, non-int bounds, literal slices of fixed-length tuples (built in place),
run-time slices (the runtime library), slices of ``object``-held values, and a
hypothesis property over random tuples and bounds."""
import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import pydm

from .tharness import Batch, INF, INT64_MAX, INT64_MIN, NAN, P, check, check_batched

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


LITERAL_SLICES_CASES = [
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
]


@pytest.mark.parametrize("fn,cases", LITERAL_SLICES_CASES)
def test_literal_slices(fn, cases):
    BATCH.check_many(fn, cases)


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


RUNTIME_SLICES_CASES = [
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
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def slicing_group(k: int, a0, a1, a2, a3, a4, b4, a5, b5, a7, a8, a9, a10, a11, a12, b12, a13, a14,
                          b14, c14, d14, a15, b15, c15, d15, a16, b16, c16, d16, a17, b17, c17,
                          d17, a18, b18, c18, d18, a19, b19, a20, b20, a21, b21, a22, b22, a23,
                          b23, a24, b24, a25, b25, a26, b26, a27, b27, a28, b28, c28, d28, a29,
                          b29, a30, b30, a31, b31, a32, b32, a33, b33, a34, b34, a35, b35, a36,
                          b36, a37, b37, a38, b38, c38, a39, b39, c39, a40, b40, c40, a41, b41,
                          a42, b42, a43, b43, a44, b44, c44):
    if k == 0:
        return lit_slices(a0)
    if k == 1:
        return lit_slices_untyped(a1)
    if k == 2:
        return lit_slices_untyped(a2)
    if k == 3:
        return lit_slices_untyped(a3)
    if k == 4:
        return lit_slice_built(a4, b4)
    if k == 5:
        return lit_slice_built(a5, b5)
    if k == 6:
        return lit_slice_empty()
    if k == 7:
        return lit_zero_step(a7)
    if k == 8:
        return lit_zero_step_untyped(a8)
    if k == 9:
        return lit_zero_step_untyped(a9)
    if k == 10:
        return lit_float_bound(a10)
    if k == 11:
        return lit_none_step_float_stop(a11)
    if k == 12:
        return lit_float_bound_not_taken(a12, b12)
    if k == 13:
        return lit_slice_identity(a13)
    if k == 14:
        return slice_any(a14, b14, c14, d14)
    if k == 15:
        return slice_any(a15, b15, c15, d15)
    if k == 16:
        return slice_any(a16, b16, c16, d16)
    if k == 17:
        return slice_any(a17, b17, c17, d17)
    if k == 18:
        return slice_any(a18, b18, c18, d18)
    if k == 19:
        return slice_packed(a19, b19)
    if k == 20:
        return slice_packed(a20, b20)
    if k == 21:
        return slice_packed(a21, b21)
    if k == 22:
        return slice_packed(a22, b22)
    if k == 23:
        return slice_packed(a23, b23)
    if k == 24:
        return slice_packed(a24, b24)
    if k == 25:
        return slice_packed(a25, b25)
    if k == 26:
        return slice_packed(a26, b26)
    if k == 27:
        return slice_packed(a27, b27)
    if k == 28:
        return slice_typed(a28, b28, c28, d28)
    if k == 29:
        return slice_start(a29, b29)
    if k == 30:
        return slice_start(a30, b30)
    if k == 31:
        return slice_start(a31, b31)
    if k == 32:
        return slice_start(a32, b32)
    if k == 33:
        return slice_start(a33, b33)
    if k == 34:
        return slice_start(a34, b34)
    if k == 35:
        return slice_start(a35, b35)
    if k == 36:
        return slice_start(a36, b36)
    if k == 37:
        return slice_start(a37, b37)
    if k == 38:
        return slice_in_object(a38, b38, c38)
    if k == 39:
        return slice_in_object(a39, b39, c39)
    if k == 40:
        return slice_in_object(a40, b40, c40)
    if k == 41:
        return slice_identity(a41, b41)
    if k == 42:
        return slice_identity(a42, b42)
    if k == 43:
        return slice_identity(a43, b43)
    return slice_built(a44, b44, c44)


BATCH = Batch(slicing_group, LITERAL_SLICES_CASES + RUNTIME_SLICES_CASES)


@pytest.mark.parametrize("fn,cases", RUNTIME_SLICES_CASES)
def test_runtime_slices(fn, cases):
    BATCH.check_many(fn, cases)


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
