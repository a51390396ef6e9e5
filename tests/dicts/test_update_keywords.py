"""``d.update(other, k=v)``: the pairs of ``other`` first, then each keyword
as a str key (CPython's order), on a dict and on an ``object`` (a dict, else
CPython's AttributeError)."""
import copy

import pydm

from shared import outcome


@pydm.jit
def update_with_keywords(d, k: int):
    if k == 0:
        d.update(x=5)
    elif k == 1:
        d.update({"a": 1, "x": 0}, b=2, x=3)
    elif k == 2:
        d.update([("q", 1)], q=2)
    else:
        d.update(a=None, b=(1, 2))
    return d


@pydm.jit
def typed_update(n: int):
    d = {"n": n}
    d.update(m=n + 1, n=0)
    return d


def test_update_with_keywords():
    for d in ({}, {"x": 0, 1: 2}, 5, [], {"q": 9}):
        for k in range(4):
            a, b = copy.deepcopy(d), copy.deepcopy(d)
            assert outcome(update_with_keywords, a, k, show=repr) == outcome(update_with_keywords.py_func, b, k,
                                                                             show=repr), (d, k)
            assert repr(a) == repr(b)
    assert outcome(typed_update, 3, show=repr) == outcome(typed_update.py_func, 3, show=repr)
