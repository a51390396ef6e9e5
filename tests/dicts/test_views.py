"""``len(d.keys())``, ``len(d.values())``, ``len(d.items())`` against CPython
(a view is as long as its dict, after any change). A view kept as a value is
still a CompileError (tests/dicts/test_errors.py). One batched compile."""
import pytest

import pydm
from dicts.dharness import P, Batch


@pydm.jit
def view_lengths(d):
    return len(d.keys()), len(d.values()), len(d.items())


@pydm.jit
def view_length_changes(d, k):
    out = [len(d.keys())]
    d[k] = 1
    out.append(len(d.items()))
    del d[k]
    out.append(len(d.values()))
    d.clear()
    out.append(len(d.keys()))
    return out


@pydm.jit
def view_of_list(xs):
    return len(xs.keys())


CASES = [
    P(view_lengths, [({},), ({1: 2, 3: 4},), ({"a": [1], (1, 2): None, 1.5: {}},)]),
    P(view_length_changes, [({1: 2}, 1), ({1: 2}, 3), ({}, "a")]),
    P(view_of_list, [([1],)]),
]


# written by batching.source('views_group', CASES)
@pydm.jit
def views_group(k: int, a0, a1, b1, a2, b2, a3):
    if k == 0:
        return view_lengths(a0)
    if k == 1:
        return view_length_changes(a1, b1)
    if k == 2:
        return view_length_changes(a2, b2)
    return view_of_list(a3)


BATCH = Batch(views_group, CASES)


@pytest.mark.parametrize("fn,cases", CASES)
def test_views(fn, cases):
    BATCH.check_many(fn, cases)
