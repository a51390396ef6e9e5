"""Tuples as arguments and results: between compiled functions (calls,
recursion building tuples, defaults) and at the Python boundary (nested and
mixed tuples in and out with exact element types; annotated tuple parameters
check their arguments like other annotated parameters), plus a tuple-heavy loop."""
import collections

import pytest

import pydm

from .tharness import INF, INT64_MAX, INT64_MIN, NAN, P, check_many, same

# ---------------------------------------------------------------- between compiled functions


@pydm.jit
def make_pair(a, b):
    return (a, b)


@pydm.jit
def swap(p: tuple[int, float]):
    return (p[1], p[0])


@pydm.jit
def use_pairs(n: int):
    p = make_pair(n, n * 0.5)
    q = swap(p)
    return (p, q, make_pair(q, ()), make_pair(p, p)[1][0])


@pydm.jit
def nest(n: int):
    if n == 0:
        return ()
    return (n, nest(n - 1))


@pydm.jit
def depth(t):
    d = 0
    while len(t) == 2:
        t = t[1]
        d += 1
    return d


@pydm.jit
def nest_depth(n: int):
    return depth(nest(n))


@pydm.jit
def tree_sum(t):
    if isinstance(t, tuple):
        s = 0
        for x in t:
            s = s + tree_sum(x)
        return s
    return t


@pydm.jit
def minmax(t: tuple[int, ...]):
    lo = t[0]
    hi = t[0]
    for x in t:
        if x < lo:
            lo = x
        if x > hi:
            hi = x
    return lo, hi


@pydm.jit
def spread(a: int, b: int, c: int):
    lo, hi = minmax((a, b, c))
    return hi - lo


@pydm.jit
def fib_tuple(n: int):
    if n == 0:
        return (0, 1)
    a, b = fib_tuple(n - 1)
    return (b, a + b)


@pydm.jit
def even_odd(n: int, acc):
    if n == 0:
        return (True, acc)
    return odd_even(n - 1, (acc[0] + 1, n * 0.5))


@pydm.jit
def odd_even(n: int, acc):
    if n == 0:
        return (False, acc)
    return even_odd(n - 1, (acc[0] + 1, n * 0.5))


@pydm.jit
def accumulate(n: int, acc: tuple):
    if n == 0:
        return acc
    return accumulate(n - 1, (n, acc))


@pydm.jit
def keyword_call(a: int):
    return make_pair(b=(a,), a=a * 1.5)


@pytest.mark.parametrize("fn,cases", [
    P(use_pairs, [(0,), (3,), (-7,), (INT64_MAX,)]),
    P(nest, [(0,), (1,), (4,)]),
    P(nest_depth, [(0,), (5,), (50,)]),
    P(tree_sum, [(1,), ((),), ((1, 2.5),), (((1, 2), (3, (4.5, (True,)))),), ((1, (None,)),)]),
    P(spread, [(1, 5, 3), (-1, -1, -1), (INT64_MIN, 0, INT64_MAX)]),
    P(fib_tuple, [(0,), (1,), (30,), (91,), (92,)]),
    P(even_odd, [(0, (0, 0.0)), (3, (0, 0.0)), (4, (10, -0.0)), (5, (1,)), (0, ())]),
    P(keyword_call, [(2,)]),
])
def test_compiled_calls(fn, cases):
    check_many(fn, cases)


def test_recursion_with_a_growing_tuple():
    check_many(accumulate, [(3, ())])


@pydm.jit
def with_default(x, t=(1, 2.5)):
    return (x, t)


@pydm.jit
def with_nested_default(x, t=((1,), (), -0.0)):
    return t[0] if x else t


def test_tuple_defaults():
    check_many(with_default, [(1,), (1, (3,))])
    check_many(with_nested_default, [(True,), (False,)])


# ---------------------------------------------------------------- the Python boundary

@pydm.jit
def ident(x):
    return x


@pydm.jit
def ident_obj(x: object):
    return x


@pydm.jit
def ident_any(t: tuple):
    return t


BOUNDARY = [(), (1,), (1, 2.5, True, None, -0.0, NAN, INF, -INF, INT64_MIN, INT64_MAX), ((), ((),), (((),),)),
            ((1, (2.5, (None, (True, ())))),), tuple(range(100)), (False, 0, 0.0, -0.0),
            ((1, 2), (1.0, 2.0), (True, False))]


@pytest.mark.parametrize("fn,cases", [
    P(ident, [(t,) for t in BOUNDARY]),
    P(ident_obj, [(t,) for t in BOUNDARY] + [(1,), (None,)]),
    P(ident_any, [(t,) for t in BOUNDARY]),
    P(make_pair, [((1,), (2.5, None)), ((), 3)]),
])
def test_round_trip(fn, cases):
    check_many(fn, cases)


def test_big_int_inside_a_tuple_argument():
    """An int beyond 64 bits anywhere in an argument: OverflowError (the documented divergence)."""
    for fn in (ident, ident_obj, ident_any):
        for arg in [(2**63,), (1, (INT64_MIN - 1,)), ((((2**100,),),),)]:
            with pytest.raises(OverflowError, match="does not fit in 64 bits"):
                fn(arg)


def test_unsupported_values_inside_a_tuple():
    for fn in (ident, ident_obj, ident_any):
        for arg in [(b"x",), (1, [2, b"s"]), ((1, bytearray(b"x")),), (1 + 2j,)]:  # (str, dict, set, frozenset pass)
            with pytest.raises(TypeError):
                fn(arg)


def test_tuple_subclass_crosses_as_a_tuple():
    """A namedtuple is passed as a plain tuple (as an int subclass is passed as an int)."""
    Point = collections.namedtuple("Point", "x y")
    out = ident(Point(1, 2.5))
    assert type(out) is tuple and same(out, (1, 2.5))


# ---------------------------------------------------------------- annotated tuple parameters

@pydm.jit
def typed_elems(t: tuple[int, float]):
    return (t[0], t[1], t)


@pydm.jit
def typed_homog(t: tuple[float, ...]):
    s = 0.0
    for x in t:
        s += x
    return (s, t[0], t[-1], t)


@pydm.jit
def typed_nested(t: tuple[tuple[int, float], ...]):
    return (t[0][1], t)


@pydm.jit
def typed_empty(t: tuple[()]):
    return (t, len(t))


@pydm.jit
def typed_bools(t: tuple[int, ...]):
    return (t[0], t)


@pytest.mark.parametrize("fn,cases", [
    P(typed_elems, [((1, 2.5),), ((-7, -0.0),), ((INT64_MIN, NAN),)]),
    P(typed_homog, [((1.5,),), ((1.5, -0.0, INF),)]),
    P(typed_nested, [(((1, 2.5),),), (((1, 2.5), (3, -0.0)),)]),
    P(typed_empty, [((),)]),
    P(typed_bools, [((1, 2),)]),
])
def test_annotated_parameters(fn, cases):
    check_many(fn, cases)


@pytest.mark.parametrize("fn,arg", [
    (typed_elems, (1, "x")), (typed_elems, (1,)), (typed_elems, (1, 2.5, 3)), (typed_elems, (1.5, 2.5)),
    (typed_elems, 5), (typed_elems, None), (typed_elems, ((1,), 2.5)), (typed_elems, (None, 2.5)),
    (typed_homog, (1.5, None)), (typed_homog, ((1.5,),)), (typed_homog, 1.5),
    (typed_nested, ((1, 2.5), 3)), (typed_nested, ((1, 2.5, 3),)), (typed_empty, (1,)), (typed_bools, (1, 2.5)),
])
def test_annotated_parameters_reject(fn, arg):
    """A value that does not conform: TypeError naming the parameter and the annotation."""
    name = fn.py_func.__name__
    with pytest.raises(TypeError, match=rf"^{name}\(\) argument 't' must be tuple\["):
        fn(arg)


@pytest.mark.parametrize("fn,cases", [
    P(typed_elems, [((1, 2),), ((True, 2.5),), ((1, False),)]),
    P(typed_homog, [((1, 2),), ((1.5, True),)]),
    P(typed_nested, [(((1, 2),),)]),
    P(typed_bools, [((True, False),)]),
], )
def test_annotated_parameters_numeric_tower(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- a tuple-heavy loop

@pydm.jit
def pairs_loop(n: int):
    acc = (0, 0.0)
    best = (0, -1.0)
    for i in range(n):
        k, x = acc
        pair = (k + i % 7, x * 0.5 + i)
        acc = pair
        a, b = pair
        if b > best[1]:
            best = (i, b)
    return acc, best, (n, acc[0] - best[0])


@pydm.jit
def pairs_loop_untyped(n):
    p = (1, 1)
    lo, hi = 0, n
    for _ in range(n):
        a, b = p
        p = (b, (a + b) % 1000003)
        lo, hi = hi, lo
    return p, (lo, hi)


@pytest.mark.parametrize("fn,cases", [
    P(pairs_loop, [(0,), (1,), (10,), (200_000,)]),
    P(pairs_loop_untyped, [(0,), (7,), (200_001,)]),
])
def test_tuple_heavy_loop(fn, cases):
    check_many(fn, cases)

