"""``any``, ``all``, ``sum``, ``min``, ``max`` of a generator expression or an
iterator call (``map``, ``filter``, ``zip``, ``range``) reduce item by item,
as CPython: an item that cannot be added or compared raises before the next
item is made, and ``any``/``all`` stop making items once they know
(``pydm/frontend/reductions.py``). Each case runs under CPython and pydm;
value, type and exception class and message are compared."""
import pytest

import pydm

from .lharness import INF, NAN, check_many


def item(x):
    """The items the reductions see: ints, then a str at 2, a float at 4,
    and a ValueError at 3 (made after the str, before the float)."""
    if x == 3:
        raise ValueError("three")
    if x == 2:
        return "two"
    if x == 4:
        return 0.5
    return x


def truth(x):
    if x == 3:
        raise ValueError("three")
    return x == 1


def keep(x):
    if x == 3:
        raise ValueError("three")
    return x != 0


@pydm.jit
def reduce_items(m: int, n: int):
    """Each reduction over items made one by one (``m`` picks it)."""
    if m == 0:
        return sum(item(i) for i in range(n))
    if m == 1:
        return sum(map(item, range(n)))
    if m == 2:
        return max(item(i) for i in range(n))
    if m == 3:
        return min(map(item, range(n)))
    if m == 4:
        return any(map(truth, range(n)))
    if m == 5:
        return all(map(keep, range(n)))
    if m == 6:
        return any(filter(keep, range(n)))
    if m == 7:
        return sum(x * y for x, y in zip(range(n), range(1, n + 1)))
    if m == 8:
        return max(map(item, range(n)), default=-1)
    if m == 9:
        return min((item(i) for i in range(n) if i != 2), default=None)
    return sum((item(i) for i in range(n) if i < 2 or i > 3), start=10)


@pytest.mark.parametrize("m", range(11))
def test_each_item_is_made_when_the_reduction_wants_it(m):
    check_many(reduce_items, [(m, n) for n in (0, 1, 2, 3, 4, 6)])


@pydm.jit
def fold_values(xs: list, m: int, s):
    """Values and types: ints, floats added left to right, bools, NaN and
    -0.0 through a generator (``s``: a start or a default, a local)."""
    if m == 0:
        return sum((x for x in xs), s)
    if m == 1:
        return sum(x for x in xs)
    if m == 2:
        return max((x for x in xs), default=s)
    if m == 3:
        return min((x for x in xs), default=s)
    if m == 4:
        return any(x for x in xs)
    if m == 5:
        return all(map(bool, xs))
    return sum(map(abs, xs), start=s)


VALUES = [[], [1], [3, 1, 2], [1.5, -2, True], [0.1, 0.2, 0.3], [0.3, 0.2, 0.1], [1e100, 1.0, -1e100],
          [-0.0], [0.0, -0.0], [-0.0, 0.0], [INF, -INF], [NAN, 1], [1, NAN], [True, True], [False],
          [1, 1.0, True], [True, 1, 1.0], [2**53, 1, 1], [2.0**53, 1, 1], [(1, 2), (1,)], ["b", "a"]]


@pytest.mark.parametrize("m", range(7))
def test_reductions_give_cpythons_values(m):
    starts = (0, -0.0, 0.5, None, "s", [], ())
    check_many(fold_values, [(list(xs), m, s) for xs in VALUES for s in starts], limit=200)


def start_made():
    return 5


@pydm.jit
def start_from_a_call(n: int):
    """A start made by a call is evaluated where CPython evaluates it (the
    items are collected first, as before)."""
    return (sum((i * i for i in range(n)), start_made()), max((i % 3 for i in range(n)), default=start_made()))


def test_a_start_made_by_a_call():
    check_many(start_from_a_call, [(n,) for n in (0, 1, 5)])
