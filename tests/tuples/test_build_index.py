"""Tuple literals, indexing, ``len``, truth, ``tuple()``, ``isinstance`` and
``type(t) is tuple`` — typed, untyped and ``object``-held tuples, vs CPython."""
import pytest

import pydm

from .tharness import INF, INT64_MAX, INT64_MIN, NAN, P, check_many

SCALARS = [0, 1, -7, True, False, 2.5, -0.0, NAN, INF, None, INT64_MAX, INT64_MIN]
TUPLES = [(), (1,), (1, 2.5), (True, None, -0.0), ((1, 2), (3.5,), ()), (NAN, (NAN, (None,)))]


# ---------------------------------------------------------------- literals

@pydm.jit
def lit_hetero(a, b):
    return (a, b, 1, 2.5, True, None, -0.0, -1, 1e300 * 1e10)


@pydm.jit
def lit_nested(a, b):
    return ((a, (b, ())), ((),), (a,), (((b,),),))


@pydm.jit
def lit_empty():
    return ()


@pydm.jit
def lit_one(x):
    return (x,)


@pydm.jit
def lit_bare(x, y):
    t = x, y
    u = x,
    return t, u


@pydm.jit
def lit_typed(a: int, x: float):
    return (a, x, a * x, a // 2, x / 2, a > x, -x)


@pydm.jit
def lit_object(c: bool, a):
    x = (a, 1.5) if c else a  # a tuple on one path, the argument on the other
    return (x, (x,))


@pydm.jit
def lit_in_loop(n: int):
    t = ()
    for i in range(n):
        t = (i, t)
    return t


@pydm.jit
def cond_join(c: bool, a):
    t = (a, 2.5) if c else (None,)
    return (t, len(t), t[0], t[-1])


@pydm.jit
def multi_return(c: int):
    if c == 0:
        return (1,)
    if c == 1:
        return (1, 2.5)
    if c == 2:
        return 5
    return ()


@pydm.jit
def eval_order(a, b):
    return (a, 1 // b, -b)


@pydm.jit
def item_assignment(t):
    t[0] = 1
    return t


@pytest.mark.parametrize("fn,cases", [
    P(cond_join, [(True, 1), (False, 1), (True, (1,))]),
    P(multi_return, [(0,), (1,), (2,), (3,)]),
    P(eval_order, [(1, 0), (1.5, 2)]),
    P(item_assignment, [((1, 2),)]),
    P(lit_hetero, [(a, b) for a in SCALARS[:6] for b in (None, 2.5)] + [(t, 1) for t in TUPLES]),
    P(lit_nested, [(a, b) for a in (1, -0.0, None, (2, 3.5)) for b in (True, NAN, ())]),
    P(lit_empty, [()]),
    P(lit_one, [(x,) for x in SCALARS + TUPLES]),
    P(lit_bare, [(1, 2.5), (None, (1,)), ((), ())]),
    P(lit_typed, [(3, 0.5), (-7, -0.0), (True, INF), (INT64_MAX, NAN), (False, -2.5)]),
    P(lit_object, [(c, a) for c in (True, False) for a in (1, -0.0, None, (1, (2.5,)))]),
    P(lit_in_loop, [(0,), (1,), (5,)]),
])
def test_literals(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- indexing

@pydm.jit
def index_lit(t):
    return (t[0], t[-1])


@pydm.jit
def index_typed(t: tuple[int, float, bool]):
    return (t[0], t[1], t[2], t[-1], t[-2], t[-3], t[True], t[False])


@pydm.jit
def index_var(t, i):
    return t[i]


@pydm.jit
def index_var_typed(t: tuple[int, float], i: int):
    return t[i]


@pydm.jit
def index_homog(t: tuple[int, ...], i: int):
    return t[i] + 1


@pydm.jit
def index_built(a, i):
    t = (a, 2.5, (a, None))
    return t[i]


@pydm.jit
def index_nested(t):
    return t[1][0], t[-1][-1][0]


@pydm.jit
def index_literal_out_of_range():
    t = (1, 2.5)
    return t[2]


@pydm.jit
def index_literal_negative_out_of_range(t: tuple[int, float]):
    return t[-3]


@pydm.jit
def index_empty(i: int):
    t = ()
    return t[i]


@pydm.jit
def index_float_literal(t):
    return t[1.0]


@pydm.jit
def index_obj(c: bool, i):
    x = (1, 2.5, None) if c else 7
    return x[i]


@pydm.jit
def index_scalar(x: int):
    return x[0]


INDICES = [0, 1, 2, 3, -1, -2, -3, -4, True, False, INT64_MAX, INT64_MIN, INT64_MIN + 2]


@pytest.mark.parametrize("fn,cases", [
    P(index_lit, [(t,) for t in TUPLES]),
    P(index_typed, [((1, 2.5, True),), ((-3, -0.0, False),), ((7, NAN, True),)]),
    P(index_var, [(t, i) for t in [(1, 2.5, None), (), (7,)] for i in INDICES]
     + [((1, 2), 1.0), ((1, 2), None), ((1, 2), (0,)), ((1, 2), -0.0)]),
    P(index_var_typed, [((5, -0.0), i) for i in INDICES]),
    P(index_homog, [((), 0), ((1, 2, 3), -1), ((1, 2, 3), 3), ((4, INT64_MAX), 1), ((4, 5), -3)]),
    P(index_built, [(a, i) for a in (1, None, (2,)) for i in (0, 1, 2, -1, -3, 3, -4, True)]
     + [(1, 1.5), (1, None)]),
    P(index_nested, [((0, (1,), ((2,),)),), ((0, (2.5, 3), ((None, 1), (True,))),), ((0, (), ((1,),)),),
                    ((0, 5, ((1,),)),)]),
    P(index_literal_out_of_range, [()]),
    P(index_literal_negative_out_of_range, [((1, 2.5),)]),
    P(index_empty, [(0,), (-1,)]),
    P(index_float_literal, [((1, 2),), ((),)]),
    P(index_obj, [(c, i) for c in (True, False) for i in (0, 2, -1, 3, -4, True, 2.5, None)]),
    P(index_scalar, [(1,)]),
])
def test_indexing(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- len and truth

@pydm.jit
def length(t):
    return len(t)


@pydm.jit
def length_typed(t: tuple[int, ...]):
    return len(t)


@pydm.jit
def length_built(a):
    return len((a, a, (a, a))) + 10 * len(()) + 100 * len((a,))


@pydm.jit
def length_obj(c: bool, t):
    x = t if c else 5
    return len(x)


@pydm.jit
def truth(t):
    r = 0
    if t:
        r += 1
    if not t:
        r += 10
    while t:
        r += 100
        break
    return (r, bool(t), not t, 1 if t else 2)


@pydm.jit
def truth_typed(t: tuple[float, ...]):
    return (bool(t), not t, 1 if t else 2)


@pydm.jit
def truth_obj(c: bool, t):
    x = t if c else 0.0
    if x:
        return (True, bool(x), not x)
    return (False, bool(x), not x)


@pydm.jit
def and_or(t, u):
    return (t and u, t or u, u and t, u or 3)


@pydm.jit
def truth_literals(a):
    return (bool(()), bool((a,)), not (), not ((),), bool(((),)))


@pytest.mark.parametrize("fn,cases", [
    P(length, [(t,) for t in TUPLES] + [(5,), (None,), (2.5,)]),
    P(length_typed, [((),), ((1,),), ((1, 2, 3, 4, 5, 6, 7, 8, 9),)]),
    P(length_built, [(1,), (None,), ((),)]),
    P(length_obj, [(True, ()), (True, (1, 2)), (False, (1, 2))]),
    P(truth, [(t,) for t in TUPLES]),
    P(truth_typed, [((),), ((0.0,),), ((NAN, 1.0),)]),
    P(truth_obj, [(True, ()), (True, (0,)), (False, ()), (False, (1,))]),
    P(and_or, [((), (1,)), ((1,), ()), ((1,), (2.5,)), ((), ())]),
    P(truth_literals, [(0,), (None,)]),
])
def test_len_truth(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- tuple(), isinstance, type()

@pydm.jit
def tuple_same(t):
    u = tuple(t)
    return (u is t, u == t, u)


@pydm.jit
def tuple_same_typed(t: tuple[int, float]):
    u = tuple(t)
    return (u is t, u)


@pydm.jit
def tuple_empty():
    return (tuple(), tuple() == (), len(tuple()))


@pydm.jit
def tuple_obj(c: bool, t):
    x = t if c else 3
    return tuple(x)


@pydm.jit
def tuple_of_int(a: int):
    return tuple(a)


@pydm.jit
def tuple_of_none():
    return tuple(None)


@pydm.jit
def type_tests(x):
    return (isinstance(x, (int, float)), isinstance(x, (int, (float, tuple))), isinstance(x, tuple),
            type(x) is tuple, type(x) is not tuple, isinstance(x, (bool,)), isinstance(x, ()),
            isinstance(x, (((tuple,),),)), isinstance(x, object), type(x) == tuple)


@pydm.jit
def type_tests_typed(t: tuple[int, float]):
    return (isinstance(t, tuple), isinstance(t, (int, float)), type(t) is tuple,
            isinstance(t[0], (float, int)), isinstance(t[1], (int, (bool, tuple))))


@pydm.jit
def type_tests_obj(c: bool, a):
    x = (a, a) if c else a
    return (isinstance(x, tuple), type(x) is tuple, isinstance(x, (int, (float, tuple))))


@pydm.jit
def identity(t, u):
    return (t is t, t is u, t is not u, t is None, t is not None)


@pytest.mark.parametrize("fn,cases", [
    P(tuple_same, [(t,) for t in TUPLES]),
    P(tuple_same_typed, [((1, 2.5),), ((True, -0.0),)]),
    P(tuple_empty, [()]),
    P(tuple_obj, [(True, ()), (True, (1, 2.5)), (False, (1,))]),
    P(tuple_of_int, [(5,)]),
    P(tuple_of_none, [()]),
    P(type_tests, [(x,) for x in [1, True, 2.5, None, (), (1,), ((1.5,), None)]]),
    P(type_tests_typed, [((1, 2.5),), ((True, NAN),)]),
    P(type_tests_obj, [(c, a) for c in (True, False) for a in (1, 2.5, None, True)]),
    P(identity, [((1,), (2,)), ((), (2.5,)), ((None,), None), ((1,), 5)]),
])
def test_constructor_and_types(fn, cases):
    check_many(fn, cases)
