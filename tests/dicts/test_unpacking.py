"""Dicts vs CPython: ``**`` in displays (``{**d}``, ``{k: v, **d, k2: v2}``:
the pairs between two ``**`` evaluated together, then inserted; a non-mapping
is CPython's ``TypeError``) and the keyword forms of ``dict()``
(``dict(a=1)``, ``dict(d, a=1)``, ``dict(pairs, a=1)``: str keys set after
the argument's items). One batched compile."""
import pytest

import pydm

from .dharness import P, Batch


@pydm.jit
def unpack_only(d):
    a = {**d}
    return (a, a is d, a == d)


@pydm.jit
def unpack_mixed(d, x):
    return {1: "x", **d, 2: x, 1.0: "y", **{x: d}}


@pydm.jit
def unpack_twice(d, e):
    return {**d, **e, **d}


@pydm.jit
def unpack_order(d):
    log = []
    out = {log.append(1) or 1: log.append(2) or 2, **d, log.append(3) or 3: log.append(4) or 4}
    return (out, log)


@pydm.jit
def unpack_bad(x):
    return {0: 1, **x}


@pydm.jit
def keywords(x):
    return dict(a=1, b=x, a2=(x, x))


@pydm.jit
def keywords_over(d, x):
    return (dict(d, z=x), dict(d, a=x), d)


@pydm.jit
def keywords_pairs(xs, x):
    return dict(xs, a=x)


CASES = [
    P(unpack_only, [({},), ({1: 2, (3, 4): [5]},)]),
    P(unpack_mixed, [({5: 6, 1: 0}, 9), ({}, 1.0), ({1: [1]}, (1, 2))]),
    P(unpack_twice, [({1: 2}, {1.0: 3, 2: 4}), ({}, {})]),
    P(unpack_order, [({3: "d", 7: 8},)]),
    P(unpack_bad, [([(1, 2)],), (3,), ({1: 2},), ("ab",)]),
    P(keywords, [(1,), (None,)]),
    P(keywords_over, [({"a": 0, 1: 2}, 5), ({}, [1])]),
    P(keywords_pairs, [([(1, 2), ("a", 3)], 4), (((1, 2),), 0), ([(1, 2, 3)], 0)]),
]


@pydm.jit
def unpacking_group(k: int, a0, a1, b1, a2, b2, a3, b3, a4, b4, a5, a6, a7, a8, a9, a10, a11, a12,
                            b12, a13, b13, a14, b14, a15, b15):
    if k == 0:
        return unpack_only(a0)
    if k == 1:
        return unpack_mixed(a1, b1)
    if k == 2:
        return unpack_mixed(a2, b2)
    if k == 3:
        return unpack_mixed(a3, b3)
    if k == 4:
        return unpack_twice(a4, b4)
    if k == 5:
        return unpack_order(a5)
    if k == 6:
        return unpack_bad(a6)
    if k == 7:
        return unpack_bad(a7)
    if k == 8:
        return unpack_bad(a8)
    if k == 9:
        return unpack_bad(a9)
    if k == 10:
        return keywords(a10)
    if k == 11:
        return keywords(a11)
    if k == 12:
        return keywords_over(a12, b12)
    if k == 13:
        return keywords_over(a13, b13)
    if k == 14:
        return keywords_pairs(a14, b14)
    return keywords_pairs(a15, b15)


BATCH = Batch(unpacking_group, CASES)


@pytest.mark.parametrize("fn,cases", CASES)
def test_unpacking(fn, cases):
    BATCH.check_many(fn, cases)
