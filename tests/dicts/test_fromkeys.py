"""``dict.fromkeys(keys[, value])`` against CPython: the keys of any iterable
in order, one value object shared by all, CPython's errors (arity, keywords,
a non-iterable, an unhashable key). One batched compile."""
import pytest

import pydm
from dicts.dharness import P, Batch


@pydm.jit
def fromkeys_one(xs):
    return dict.fromkeys(xs)


@pydm.jit
def fromkeys_value(xs, v):
    d = dict.fromkeys(xs, v)
    return d, [x is v for x in d.values()]


@pydm.jit
def fromkeys_forms(k: int):
    if k == 0:
        return dict.fromkeys()
    if k == 1:
        return dict.fromkeys([1], 2, 3)
    if k == 2:
        return dict.fromkeys([1], value=2)
    if k == 3:
        return dict.fromkeys(5)
    if k == 4:
        return dict.fromkeys(range(4), "x")
    if k == 5:
        return sorted(dict.fromkeys({3, 1, 2, 1.0}, 0).items())
    if k == 6:
        return dict.fromkeys({"b": 1, "a": 2})
    if k == 7:
        return dict.fromkeys("abcab", (1, 2))
    if k == 8:
        return dict.fromkeys(zip([1, 2], [3, 4]))
    if k == 9:
        d = dict.fromkeys([1, 2])
        d[1] = 5
        return d, len(d), 2 in d
    return dict.fromkeys([[1]])


CASES = [
    P(fromkeys_one, [([],), ([1, 2, 1.0, True, (1, 2), None, 2.5, "a"],), ([[1]],), ([1, {}],), ((1, 2, 2),),
                     ({2: 3, 1: 4},), ("hello",), (5,), (None,), ({1},)]),
    P(fromkeys_value, [([1, 2, 3], [0]), ([1, 2, 1], "v"), ([], 3), ("ab", {}), ([0.0, -0.0, 0], None)]),
    P(fromkeys_forms, [(k,) for k in range(11)]),
]


# written by batching.source('fromkeys_group', CASES)
@pydm.jit
def fromkeys_group(k: int, a0, a1, a2, a3, a4, a5, a6, a7, b7, a8, b8, a9, b9, a10, b10, a11, b11,
                           a12):
    if k == 0:
        return fromkeys_one(a0)
    if k == 1:
        return fromkeys_one(a1)
    if k == 2:
        return fromkeys_one(a2)
    if k == 3:
        return fromkeys_one(a3)
    if k == 4:
        return fromkeys_one(a4)
    if k == 5:
        return fromkeys_one(a5)
    if k == 6:
        return fromkeys_one(a6)
    if k == 7:
        return fromkeys_value(a7, b7)
    if k == 8:
        return fromkeys_value(a8, b8)
    if k == 9:
        return fromkeys_value(a9, b9)
    if k == 10:
        return fromkeys_value(a10, b10)
    if k == 11:
        return fromkeys_value(a11, b11)
    return fromkeys_forms(a12)


BATCH = Batch(fromkeys_group, CASES)


@pytest.mark.parametrize("fn,cases", CASES)
def test_fromkeys(fn, cases):
    BATCH.check_many(fn, cases)
