"""Regression (found by the program fuzzer, seed 31337, reduced by hand):
``min``/``max`` with ``key=`` of a ``map``, ``filter`` or generator expression
made the list of every item first and then called the key on each, where
CPython calls the key on each item as the iteration reaches it: the side
effects interleave differently, and an exception of the key comes before the
later items are made (the fuzzed program: ``max(map(lambda a: d.popitem()[0],
xs), key=lambda b: float(' x '))`` raised KeyError (the dict emptied) instead
of CPython's ValueError). Now the key is called on each item as it is made
(pydm/frontend/expressions.py ``walks_lazily``)."""
import copy

import pytest

import pydm
from shared import outcome, same_value


@pydm.jit
def order_map(n: int, which: int):
    log = []
    if which:
        return max(map(lambda a: log.append(a) or a, list(range(n))), key=lambda b: log.append(-b - 100) or -b), log
    return min(map(lambda a: log.append(a) or a, range(n)), key=lambda b: log.append(-b - 100) or -b,
               default=None), log


@pydm.jit
def order_filter(n: int):
    log = []
    return max(filter(lambda a: log.append(a) or a % 2, range(n)), key=lambda b: log.append(-b - 100) or b), log


@pydm.jit
def order_generator(n: int):
    log = []
    return min((log.append(a) or a for a in range(n) if a != 2), key=lambda b: log.append(-b - 100) or b), log


@pydm.jit
def order_def_key(n: int, xs: list):
    log = []

    def key(p):
        log.append(p[0])
        return -p[1] if p[0] % 2 else p[1]
    a = max(enumerate(xs), key=key, default=(-1, 0))
    b = min(zip(xs, range(n)), key=key)
    return a, b, log


@pydm.jit
def walk_raises(n: int):
    log = []
    return max((log.append(a) or 10 // (a - 2) for a in range(n)), key=lambda b: log.append(b) or b), log


@pydm.jit
def keys_not_comparable(n: int):
    log = []
    return min(map(lambda a: log.append(a) or a, range(n)), key=lambda b: "s" if b == 1 else log.append(b) or b)


@pydm.jit
def key_raises_first(d: dict):
    return max(map(lambda a: d.popitem()[0], [1, 2, 3, 4]), key=lambda b: float(" x "))


CASES = [pytest.param(f, a, id=f"{f.__name__}{a}")
         for f, a in [(order_map, (3, 1)), (order_map, (4, 0)), (order_map, (0, 0)), (order_filter, (5,)),
                      (order_generator, (5,)), (key_raises_first, ({1: 2, 3: 4},)),
                      (order_def_key, (3, [5, 8, 1, 8])), (order_def_key, (0, [])), (walk_raises, (5,)),
                      (walk_raises, (2,)), (keys_not_comparable, (3,)), (keys_not_comparable, (1,))]]


@pytest.mark.parametrize("fn, args", CASES)
def test_key_called_as_the_walk_reaches_each_item(fn, args):
    got, want = outcome(fn, *copy.deepcopy(args)), outcome(fn.py_func, *copy.deepcopy(args))
    assert got[:2] == want[:2] and same_value(got[2], want[2], nested=True), (got, want)
