"""Lists at the Python boundary and between compiled functions: nested and
mixed lists in and out with exact element types; a list argument the compiled
code mutates is mutated for the caller (the caller's list object, and its
inner list objects, keep their identity); aliasing between arguments
(``f(a, a)``, one inner list reached twice, a list that holds itself) is
preserved; a returned argument is the caller's object (``is``); lists passed
to, mutated by and returned from compiled callees and recursion."""
import pytest

import pydm

from .lharness import INF, NAN, P, check, check_many, same
from shared import INT64_MAX, INT64_MIN

VALUES = [[], [1], [1, 2.5, None, (1, 2), [3]], [True, False, 0, 1, -0.0, 0.0, NAN, INF, -INF],
          [INT64_MAX, INT64_MIN, 5e-324, 1.7976931348623157e308], [[[[[]]]]], [(1, [2, (3, [4.5])]), [None]],
          [(), [()], ([],)], list(range(1000))]

# ---------------------------------------------------------------- in and out


@pydm.jit
def ident(a):
    return a


@pydm.jit
def ident_typed(a: list):
    return a


@pydm.jit
def wrap(a):
    return [a, (a,), [[a]]]


@pydm.jit
def first_inner(a):
    return a[0]


@pydm.jit
def unwrap_tuple(t):
    return t[0]


@pydm.jit
def echo_types(a):
    out = []
    for x in a:
        if x is None:
            out.append(0)
        elif isinstance(x, bool):
            out.append(1)
        elif isinstance(x, int):
            out.append(2)
        elif isinstance(x, float):
            out.append(3)
        elif isinstance(x, tuple):
            out.append(4)
        elif isinstance(x, list):
            out.append(5)
    return out


@pytest.mark.parametrize("fn,cases", [
    P(ident, [(v,) for v in VALUES]),
    P(ident_typed, [(v,) for v in VALUES]),
    P(wrap, [(v,) for v in VALUES[:8]]),
    P(first_inner, [([[1, 2]],), ([[]],), ([(1, [2])],), ([[NAN]],)]),
    P(unwrap_tuple, [(([1, 2], 3),), (([], ()),), (([[1]],),)]),
    P(echo_types, [(VALUES[2],), (VALUES[3],), ([],)]),
])
def test_in_and_out(fn, cases):
    check_many(fn, cases)


def test_returned_argument_is_the_callers_list():
    a = [1, [2.5]]
    assert ident(a) is a
    assert ident_typed(a) is a
    assert first_inner([a]) is a
    r = wrap(a)
    assert type(r) is list and r[0] is a and r[1][0] is a and r[2][0][0] is a


def test_result_is_a_real_list():
    r = ident([1, [2, (3, [4])]])
    assert type(r) is list and type(r[1]) is list and type(r[1][1]) is tuple and type(r[1][1][1]) is list
    r.append(5)  # an ordinary Python list
    assert r == [1, [2, (3, [4])], 5]


# ---------------------------------------------------------------- mutation seen by the caller


@pydm.jit
def mutate(a):
    a.append(len(a))
    a[0] = 2.5
    a[1].append(None)
    del a[2]


@pydm.jit
def mutate_nested(a):
    a[0][0][0] = -1
    a[1].extend([7, 8])
    a[1].reverse()
    return len(a[1])


@pydm.jit
def mutate_in_tuple(t):
    t[0].append(t[1])
    t[2][0].clear()
    return t


@pydm.jit
def replace_inner(a):
    old = a[0]
    a[0] = [9]
    old.append(9)
    return old


@pydm.jit
def mutate_then_raise(a):
    a.append(1)
    a[0].append(2)
    return a[10]


@pydm.jit
def rebind_does_not_mutate(a):
    a = [0]
    a.append(1)
    return a


@pydm.jit
def sort_argument(a):
    a.sort()


@pytest.mark.parametrize("fn,cases", [
    P(mutate, [([1, [2], 3],), ([1, [], 3, 4],), ([1, [2]],)]),
    P(mutate_nested, [([[[1]], [2]],), ([[[1, 2]], []],)]),
    P(mutate_in_tuple, [(([1], 2, ([3, 4],)),), (([], [5], ([],)),)]),
    P(replace_inner, [([[1], [2]],), ([[]],)]),
    P(mutate_then_raise, [([[1]],), ([[]],)]),
    P(rebind_does_not_mutate, [([5],)]),
    P(sort_argument, [([3, 1, 2.5],), ([[2], [1]],)]),
])
def test_mutation_seen_by_caller(fn, cases):
    check_many(fn, cases)


def test_mutation_keeps_identity():
    inner = [2]
    deep = [[1]]
    a = [1, inner, 3, deep]
    r = mutate(a)
    assert r is None
    assert same(a, [2.5, [2, None], [[1]], 4])
    assert a[1] is inner and a[2] is deep and inner == [2, None]

    t = ([1], 2, ([3, 4],))
    keep0, keep2 = t[0], t[2][0]
    mutate_in_tuple(t)
    assert t[0] is keep0 and t[2][0] is keep2 and keep0 == [1, 2] and keep2 == []

    a = [[1], [2]]
    old = a[0]
    r = replace_inner(a)
    assert r is old and old == [1, 9] and a == [[9], [2]] and a[0] is not old


def test_mutation_before_exception_stays():
    a = [[0]]
    inner = a[0]
    with pytest.raises(IndexError, match="list index out of range"):
        mutate_then_raise(a)
    assert a == [[0, 2], 1] and a[0] is inner


# ---------------------------------------------------------------- aliasing between arguments


@pydm.jit
def two(a, b):
    a.append(1)
    return (len(b), a is b, a == b)


@pydm.jit
def two_clear(a, b):
    b.clear()
    return len(a)


@pydm.jit
def inner_alias(a):
    a[0].append(5)
    return (a[0] is a[1], a[1], len(a[1]))


@pydm.jit
def self_holding(a):
    a.append(0)
    return (len(a), len(a[0]), a[0] is a, a[0][0][0] is a)


@pydm.jit
def make_cycle(n: int):
    a = [n]
    a.append(a)
    return a


def test_same_list_twice():
    x = [1, 2]
    check(two, x, x)
    check(two, x, [1, 2])
    check(two_clear, x, x)
    x = [1, 2]
    r = two(x, x)
    assert r == (3, True, True) and x == [1, 2, 1]
    y = [1]
    r = two(x, y)
    assert r == (1, False, False) and x == [1, 2, 1, 1] and y == [1]


def test_inner_aliasing():
    inner = [1]
    check(inner_alias, [inner, inner])
    check(inner_alias, [inner, [1]])
    check(inner_alias, ([inner, inner],)[0])
    a = [inner, inner]
    r = inner_alias(a)
    assert r == (True, [1, 5], 2) and a[0] is inner and a[1] is inner


def test_cycles():
    a = [1]
    a.append(a)
    b = []
    b.append(b)
    check(self_holding, b)
    check(ident, a)
    check(make_cycle, 3)
    r = make_cycle(4)
    assert type(r) is list and len(r) == 2 and r[0] == 4 and r[1] is r


# ---------------------------------------------------------------- between compiled functions


@pydm.jit
def push(a, x):
    a.append(x)
    return a


@pydm.jit
def use_push(n: int):
    a = []
    for i in range(n):
        b = push(a, i)
        if b is not a:
            return None
    return a


@pydm.jit
def build(n: int):
    if n == 0:
        return []
    r = build(n - 1)
    r.append([n] * n)
    return r


@pydm.jit
def qsort(a):
    if len(a) <= 1:
        return a[:]
    p = a[0]
    lo = [x for x in a[1:] if x < p]
    hi = [x for x in a[1:] if x >= p]
    return qsort(lo) + [p] + qsort(hi)


@pydm.jit
def perms(a):
    if len(a) <= 1:
        return [a[:]]
    out = []
    for i in range(len(a)):
        rest = a[:i] + a[i + 1:]
        for p in perms(rest):
            out.append([a[i]] + p)
    return out


@pydm.jit
def fill(a, n: int, v):
    for i in range(n):
        a.append(v)


@pydm.jit
def use_fill(n: int):
    a = [0]
    fill(a, n, [1])  # n references to one inner list
    a[1].append(2)
    return a


@pydm.jit
def default_arg(a, b=None):
    if b is None:
        b = []
    b.append(a)
    return b


@pytest.mark.parametrize("fn,cases", [
    P(use_push, [(0,), (5,)]),
    P(push, [([1], [2]), ([], None)]),
    P(build, [(0,), (4,)]),
    P(qsort, [([],), ([3, 1, 2],), ([2.5, -1, True, 0, 2, 2.0, 1.0],), (list(range(30, 0, -1)),)]),
    P(perms, [([],), ([1],), ([1, 2, 3],), ([1, 2.5, None, (4,)],)]),
    P(use_fill, [(0,), (3,)]),
    P(default_arg, [(1,), (1, [0])]),
])
def test_between_compiled_functions(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- larger lists


@pydm.jit
def big_roundtrip(a):
    s = 0
    for x in a:
        s += x
    a.append(s)
    return a[-3:]


def test_big_list_argument():
    a = list(range(20000))
    check(big_roundtrip, a)
    r = big_roundtrip(a)
    assert len(a) == 20001 and a[-1] == sum(range(20000)) and r == [19998, 19999, sum(range(20000))]
