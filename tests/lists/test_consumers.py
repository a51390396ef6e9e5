"""What takes a generator expression or an iterator call besides the
reducers: ``set``, ``frozenset``, ``dict`` of one, ``xs.extend``,
``s.update``, ``d.update`` (item by item, as CPython: the items made before
one raised are in), ``sep.join`` (CPython collects the items first);
builtins applied by ``map`` by name (``map(str, xs)``); ``zip(*rows)``.
Each case runs under CPython and pydm; value, type and exception class and
message are compared, and the arguments after the call."""
import pytest

import pydm

from .lharness import check_many


def made(x):
    """Items 0, 1, 2 as they are, an unhashable list at 4, a ValueError at 3."""
    if x == 3:
        raise ValueError("three")
    if x == 4:
        return [4]
    return x


def pair(x):
    if x == 3:
        raise ValueError("three")
    if x == 4:
        return "abc"  # three items: dict()'s ValueError
    return (x, x * 10) if x != 2 else "kv"


@pydm.jit
def consume(m: int, n: int):
    if m == 0:
        return set(made(i) for i in range(n))
    if m == 1:
        return frozenset(map(made, range(n)))
    if m == 2:
        return dict(pair(i) for i in range(n))
    if m == 3:
        return dict((pair(i) for i in range(n)), z=1)
    xs = [9]
    s = {9}
    d = {9: 9}
    try:
        if m == 4:
            xs.extend(made(i) for i in range(n))
        elif m == 5:
            xs.extend(map(made, range(n)))
        elif m == 6:
            s.update(made(i) for i in range(n))
        elif m == 7:
            d.update(pair(i) for i in range(n))
        elif m == 8:
            return "-".join(str(made(i)) for i in range(n))
        else:
            return ", ".join(map(repr, [made(i) for i in range(n)]))
    except ValueError:
        pass
    return xs, s, d


@pytest.mark.parametrize("m", range(10))
def test_items_are_taken_as_they_are_made(m):
    check_many(consume, [(m, n) for n in (0, 1, 3, 5)] + [(m, 2)])


@pydm.jit
def update_object(target, n: int):
    """``update`` on an ``object``: a dict or a set, known at run time."""
    try:
        target.update(pair(i) for i in range(n))
    except ValueError:
        pass
    return target


def test_update_of_an_object():
    check_many(update_object, [({}, 3), ({}, 5), (set(), 3), (set(), 4), ([], 2), (frozenset(), 1), (3, 0)])


@pydm.jit
def mapped_builtins(xs: list, ss: str):
    return (list(map(str, xs)), list(map(repr, xs)), list(map(ord, ss)), list(map(chr, [65, 0x1F600, 0])),
            list(map(hex, [255, -3, 0])), list(map(bin, [5, -1])), list(map(oct, [8])),
            list(map(set, [[1, 1], "aab"])), list(map(frozenset, ["ab"])), list(map(dict, [[(1, 2)], ["xy"]])))


def test_builtins_applied_by_map():
    check_many(mapped_builtins, [([1, 2.5, "x", None, (1,), -0.0, True], "aé"), ([], ""), ([float("inf")], "\0")])


@pydm.jit
def zips(m, a, k: int):
    if k == 0:
        return [list(r) for r in zip(*m)]
    if k == 1:
        return list(zip(*m))
    if k == 2:
        return list(zip(a, *m))
    if k == 3:
        z = zip(*m)
        return next(z), list(z)
    if k == 4:
        return dict(zip(*m))
    if k == 5:
        return [x + y for x, y in zip(*m)]
    return sum(len(t) for t in zip(*m, a))


ROWS = [([[1, 2, 3], [4, 5, 6]], [7, 8]), ([[1, 2], (3, 4, 5), "ab"], "xyz"), ([], [1]), ([[]], [1]), (5, [1]),
        ([1, 2], [1]), ({"ab": 1, "cd": 2}, [0]), (((1, 2), (3, 4)), ()), (range(3), [0])]


@pytest.mark.parametrize("k", range(7))
def test_zip_of_starred_rows(k):
    check_many(zips, [(m, a, k) for m, a in ROWS])
