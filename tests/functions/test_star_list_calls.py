"""``f(*xs)`` where only the call knows ``xs``'s length - a list, a str, a
range, a dict, a set, a generator expression, ``map(...)``, a tuple of
unknown length, an object - vs CPython (``arguments.star_cases``): the items
bind like positional arguments, among other arguments and keywords;
CPython's TypeError when their number does not fit the callee (too many,
missing, multiple values) or ``xs`` is not iterable; ``xs`` is unpacked
where CPython unpacks it (before the arguments after it are evaluated).
Value, type and exception class and message compared with CPython."""
import copy

import pytest

import pydm

from shared import outcome


def pair(a, b):
    return a, b


def opt(a, b=2, *, c=3):
    return a, b, c


def three(a, b, c):
    return [a, b, c]


def rest(a, *more):
    return a, more


def only(*more):
    return len(more), more


@pydm.jit
def star(xs, k: int):
    if k == 0:
        return pair(*xs)
    if k == 1:
        return opt(*xs)
    if k == 2:
        return opt(*xs, c=5)
    if k == 3:
        return opt(*xs, b=5)
    if k == 4:  # among other arguments
        return three(0, *xs)
    if k == 5:
        return three(*xs, 9)
    if k == 6:  # a lambda and a nested function
        h = lambda p, q=1: (p, q)

        def inner(u, v):
            return [v, u]
        return h(*xs), inner(*xs)
    if k == 7:  # a generator expression, map(), a tuple of unknown length
        return pair(*(x for x in xs)), pair(*map(str, xs)), pair(*tuple(xs))
    if k == 8:  # a tuple of known length and a list in one call
        return three(*(1,), *xs)
    if k == 9:  # into *args: the items past the parameters
        return rest(*xs), only(*xs), rest(0, *xs), only(1, 2, *xs)
    if k == 10:
        g = lambda *a: a
        return g(*xs)
    return pair(*range(len(xs)))


CASES = [[1, 2], [1], [], [1, 2, 3], [1, 2, 3, 4, 5], "ab", "abc", range(2), {1: 2, 3: 4}, {7}, 5, None, 2.5,
         (4, 5)]


@pytest.mark.parametrize("k", range(12))
def test_star(k):
    for xs in CASES:
        want = outcome(star.py_func, copy.deepcopy(xs), k, show=repr)
        got = outcome(star, copy.deepcopy(xs), k, show=repr)
        assert got == want, (xs, k, want, got)


def note(log, v):
    log.append(v)
    return v


@pydm.jit
def order(xs):
    """The star's items are made before the arguments after it are evaluated."""
    log = []
    out = three(note(log, "a"), *(note(log, x) for x in xs), note(log, "z"))
    return out, log


@pytest.mark.parametrize("xs", [[1], [], [1, 2]])
def test_star_order(xs):
    assert outcome(order, list(xs), show=repr) == outcome(order.py_func, list(xs), show=repr)


@pydm.jit
def typed(n: int):
    """A typed list of ints unpacked into a typed callee."""
    xs = [n, n + 1]
    return pair(*xs), opt(*[n * 2.5])


@pytest.mark.parametrize("n", [0, -3, 10**6])
def test_star_typed(n):
    assert outcome(typed, n, show=repr) == outcome(typed.py_func, n, show=repr)
