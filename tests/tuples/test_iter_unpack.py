"""``for`` over tuples and unpacking vs CPython: typed, untyped and ``object``-held
tuples, nested loops, ``break``/``continue``/``else``, nested targets, wrong
counts (the ``got`` count computed at run time), non-iterables, parallel
assignment; starred targets bind lists, as in CPython."""

import pytest

import pydm

from lists.lharness import check as lcheck

from .tharness import INF, INT64_MAX, NAN, P, check_many

MIXED = [(), (1,), (1, 2, 3), (1.5, -0.0), (True, 2, 0.5), (1, None), (INT64_MAX, 1), (NAN, INF)]


# ---------------------------------------------------------------- for

@pydm.jit
def iter_sum(t):
    s = 0
    n = 0
    for x in t:
        s = s + x
        n += 1
    return (s, n)


@pydm.jit
def iter_typed(t: tuple[int, ...]):
    s = 0
    last = -1
    for x in t:
        s += x
        last = x
    return (s, last)


@pydm.jit
def iter_floats(t: tuple[float, ...]):
    s = -0.0
    for x in t:
        s = s * 2.0 + x
    return s


@pydm.jit
def iter_fixed(t: tuple[int, float, bool]):
    r = 0.0
    kinds = 0
    for x in t:
        r = r * 2 + x
        if isinstance(x, bool):
            kinds += 100
        elif isinstance(x, int):
            kinds += 10
        else:
            kinds += 1
    return (r, kinds)


@pydm.jit
def iter_literal(a):
    n = 0
    for x in (a, 2.5, None, (1,), ()):
        if x is None:
            n += 100
        elif isinstance(x, tuple):
            n += 10 * (len(x) + 1)
        else:
            n += 1
    return n


@pydm.jit
def iter_empty_literal():
    n = 0
    for x in ():
        n += 1
    else:
        n += 10
    return n


@pydm.jit
def iter_obj(c: bool, t):
    x = t if c else 5
    n = 0
    for y in x:
        n += 1
    return n


@pydm.jit
def iter_int(n: int):
    s = 0
    for x in n:
        s += x
    return s


@pydm.jit
def iter_none():
    for x in None:
        return x
    return 0


@pydm.jit
def find(t, v):
    i = 0
    for x in t:
        if x == v:
            break
        i += 1
    else:
        return -1
    return i


@pydm.jit
def skip_none(t):
    s = 0
    for x in t:
        if x is None:
            continue
        s += x
    else:
        s += 1000
    return s


@pydm.jit
def nested_loops(t, u):
    n = 0
    for x in t:
        for y in u:
            if y == 99:
                break
            if x < y:
                n += 1
        else:
            n += 1000
    return n


@pydm.jit
def nested_tuples(tt):
    s = 0
    count = 0
    for t in tt:
        for x in t:
            s += x
            count += 1
    return (s, count)


@pydm.jit
def rebind_during_loop(t):
    n = 0
    for x in t:
        t = (1,)
        n += 1
    return (n, t)


@pydm.jit
def loop_variable_after(t):
    x = None
    for x in t:
        pass
    return x


@pytest.mark.parametrize("fn,cases", [
    P(iter_sum, [(t,) for t in MIXED] + [((1, (2,)),)]),
    P(iter_typed, [((),), ((5,),), ((1, -2, 3),), ((INT64_MAX, 1),)]),
    P(iter_floats, [((),), ((1.5, -0.0),), ((2.5, 1e300, 1e300),), ((NAN, 1.0),)]),
    P(iter_fixed, [((1, 2.5, True),), ((-3, -0.0, False),)]),
    P(iter_literal, [(1,), (None,), ((),)]),
    P(iter_empty_literal, [()]),
    P(iter_obj, [(True, ()), (True, (1, 2.5)), (False, (1,))]),
    P(iter_int, [(3,)]),
    P(iter_none, [()]),
    P(find, [((1, 2.5, None), v) for v in (1, 2.5, None, 3, 1.0, True)] + [((), 1), ((NAN,), NAN)]),
    P(skip_none, [((1, None, 2),), ((),), ((None,),), ((None, 2.5, None, 1),)]),
    P(nested_loops, [((1, 2, 3), (2, 99, 5)), ((1, 2), (3, 4)), ((), (1,)), ((1,), ()), ((1, None), (2,))]),
    P(nested_tuples, [(((1, 2), (3,), ()),), ((),), (((1.5,), (True, 2)),), (((1,), 2),)]),
    P(rebind_during_loop, [((5, 6, 7),), ((),)]),
    P(loop_variable_after, [((1, 2.5),), ((),)]),
])
def test_for(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- unpacking

@pydm.jit
def unpack2(t):
    a, b = t
    return (b, a)


@pydm.jit
def unpack3(t):
    a, b, c = t
    return (c, b, a)


@pydm.jit
def unpack_nested(t):
    a, (b, c) = t
    (d, e), f = (a, b), c
    return (a, b, c, d, e, f)


@pydm.jit
def unpack_typed(t: tuple[int, float]):
    a, b = t
    return (b, a)


@pydm.jit
def unpack_typed_too_many(t: tuple[int, float, bool]):
    a, b = t
    return a


@pydm.jit
def unpack_typed_too_few(t: tuple[int, float]):
    a, b, c = t
    return a


@pydm.jit
def unpack_homog(t: tuple[int, ...]):
    a, b, c = t
    return a + b + c


@pydm.jit
def unpack_literal_wrong():
    a, b, c = (1, 2)
    return a


@pydm.jit
def unpack_scalar(x):
    a, b = x
    return a


@pydm.jit
def unpack_obj(c: bool, t):
    x = t if c else 1.5
    a, b = x
    return (a, b)


@pydm.jit
def unpack_same_name(t):
    a, a = t
    return a


@pydm.jit
def unpack_list_target(t):
    [a, b] = t
    return (b, a)


@pydm.jit
def unpack_chained(t):
    u = a, b = t
    return (u, a, b)


@pydm.jit
def fib_pair(n: int):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return (a, b)


@pydm.jit
def swap_mixed(a, b):
    a, b = b, a
    x, y, z = b, a, (a, b)
    return (a, b, x, y, z)


@pydm.jit
def for_pairs(t):
    s = 0
    for a, b in t:
        s += a * b
    return s


@pydm.jit
def for_nested_target(t):
    out = 0
    for i, (a, b) in t:
        out = out * 10 + i * (a - b)
    return out


@pytest.mark.parametrize("fn,cases", [
    P(unpack2, [((1, 2.5),), ((None, (1,)),), ((),), ((1,),), ((1, 2, 3),)]),
    P(unpack3, [((1, 2.5, None),), ((),), ((1,),), ((1, 2),), ((1, 2, 3, 4),)]),
    P(unpack_nested, [((1, (2, 3.5)),), ((1, 2),), ((1, (2,)),), ((1, (2, 3, 4)),), ((1, ()),), ((1, None),)]),
    P(unpack_typed, [((1, 2.5),), ((-7, NAN),)]),
    P(unpack_typed_too_many, [((1, 2.5, True),)]),
    P(unpack_typed_too_few, [((1, 2.5),)]),
    P(unpack_homog, [((1, 2, 3),), ((),), ((1, 2),), ((1, 2, 3, 4),), ((INT64_MAX, 1, 0),)]),
    P(unpack_literal_wrong, [()]),
    P(unpack_scalar, [(5,), (None,), (2.5,), (True,), ((1, 2),)]),
    P(unpack_obj, [(True, (1, 2)), (True, (1,)), (True, (1, 2, 3)), (False, (1, 2))]),
    P(unpack_same_name, [((1, 2.5),)]),
    P(unpack_list_target, [((1, 2.5),), ((1,),)]),
    P(unpack_chained, [((1, 2.5),), ((1,),)]),
    P(fib_pair, [(0,), (1,), (10,), (91,), (92,), (93,)]),
    P(swap_mixed, [(1, 2.5), (None, (1,)), (True, -0.0)]),
    P(for_pairs, [(((1, 2), (3, 4.5)),), ((),), (((1, 2), (3,)),), (((1, 2, 3),),), ((1,),), (((1, None),),)]),
    P(for_nested_target, [(((1, (5, 2)), (2, (0, 1))),), (((1, (5, 2, 0)),),), (((1, 2),),)]),
])
def test_unpacking(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- starred targets

@pydm.jit
def star_last(t):
    a, *rest = t
    return a, rest


@pydm.jit
def star_first(t):
    *init, last = t
    return init, last


@pydm.jit
def star_nested(t):
    a, (b, *c) = t
    return a, b, c


@pydm.jit
def star_in_for(t):
    out = []
    for a, *b in t:
        out.append((a, b))
    return out


@pytest.mark.parametrize("fn,cases", [
    (star_last, [((1, 2, 3),), ((1,),), ((),), ([1, 2.5, None],), ([],), (5,)]),
    (star_first, [((1, 2, 3),), ((1,),), ((),), ([(1, 2), [3]],)]),
    (star_nested, [((1, (2, 3, 4)),), ((1, (2,)),), ((1, ()),), ((1, [2, 3]),), ((1, 2),)]),
    (star_in_for, [(((1, 2, 3), (4,), [5, 6]),), (((1, 2), ()),), ([(1,), [2, 3]],)]),
])
def test_starred_targets(fn, cases):
    """``a, *rest = t`` binds a new list (CPython's errors for too few values)."""
    for args in cases:
        lcheck(fn, *args)
