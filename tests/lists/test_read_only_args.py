"""Arguments a function only reads (``frontend/read_only.py``): the caller's
list, dict or set is not written back after the call when every parameter that
may hold one is only read and nothing passed holds a container
(``runtime/program.py``). Which parameters count as read is checked on its own;
that the arguments after the call (and the values) are CPython's is checked for
readers and for every way of changing a list, directly or through what it holds."""
import copy

import pytest

import pydm
from pydm.frontend.read_only import read_only_params
from pydm.frontend.source import load_module

from shared import outcome


def reads(xs, d, k: int):
    n = len(xs) + sum(xs) + max(xs, default=0) + xs.count(1) + (k in xs) + (xs == [1])
    for x in xs:
        n += x
    ys = sorted(xs) + xs[1:] + xs * 2 + [v for v in xs if v] + list(enumerate(xs))
    if xs and not xs:
        n += 1
    return n, ys, d.get(k), d[k] if k in d else None, list(d.items()), xs[0] if xs else None


def writes(xs, d, k: int):
    if k == 0:
        xs.append(1)
    elif k == 1:
        xs[0] = 9
    elif k == 2:
        xs[0], xs[-1] = xs[-1], xs[0]
    elif k == 3:
        del xs[0]
    elif k == 4:
        xs += [5]
    elif k == 5:
        d["new"] = 1
    elif k == 6:
        xs.sort()
    elif k == 7:
        helper(xs)
    elif k == 8:
        ys = xs
        ys.reverse()
    elif k == 9:
        f = lambda: xs.pop()  # noqa: E731 - a closure capturing the list
        f()
    elif k == 10:
        xs[0] += 100
    return len(xs), len(d)


def helper(ys):
    ys.append(-1)


def through_items(xs, d, k: int):
    """Only reads ``xs`` itself, but changes what it holds."""
    for row in xs:
        if isinstance(row, list):
            row.append(k)
    for v in d.values():
        if isinstance(v, list):
            v.append(k)
    return len(xs)


def test_which_parameters_are_only_read():
    module = load_module(__file__)
    assert read_only_params(module.functions["reads"]) == ["xs", "d", "k"]
    assert read_only_params(module.functions["writes"]) == ["k"]
    assert read_only_params(module.functions["through_items"]) == ["xs", "d"]  # k is kept in a row
    assert read_only_params(module.functions["helper"]) == []


ARGS = [([1, 2, 3], {1: 2}), ([], {}), ([3, 1, 1], {"a": 1, 1: 0}), ([[1], [2, 3]], {0: [1]}),
        ([(1, [2])], {}), ([2.5, None, "s"], {1: (1, 2)})]


@pytest.mark.parametrize("name", ["reads", "writes", "through_items"])
def test_arguments_after_the_call_are_cpythons(name):
    fn = globals()[name]
    jitted = pydm.jit(fn)
    for xs, d in ARGS:
        for k in range(11 if name == "writes" else 2):
            if name == "writes" and not xs and k in (1, 2, 3, 8, 9, 10):
                continue
            if name == "writes" and k in (6, 10) and any(not isinstance(x, int) for x in xs):
                continue
            a1, a2 = copy.deepcopy((xs, d)), copy.deepcopy((xs, d))
            want = outcome(fn, *a1, k, show=repr)
            got = outcome(jitted, *a2, k, show=repr)
            assert (got, repr(a2)) == (want, repr(a1)), (name, xs, d, k)


def test_one_list_passed_twice():
    """``f(xs, xs)``: one parameter only reads, the other changes the same list."""
    mod_fn = pydm.jit(_both)
    xs, ys = [1, 2], [1, 2]
    assert (mod_fn(xs, xs), xs) == (_both(ys, ys), ys)


def _both(a, b):
    b.append(7)
    return len(a)
