"""The walrus operator ``(y := v)`` vs CPython: in ``if``/``while`` tests and
any expression, in comprehensions and generator expressions (the target
binds in the enclosing function's scope: it leaks out, and is unbound after a
comprehension that made no item), in lambdas, with closure cells and
``nonlocal``, evaluation order, a variable that changes type. Value, type and
exception class and message compared with CPython (``shared.outcome``)."""
import copy

import pytest

import pydm

from shared import outcome


def guarded(n):
    if (m := n - 1) < 0:
        return m
    return guarded(m) + 1 if m < 3 else m


@pydm.jit
def walrus(xs, k: int):
    if k == 0:  # the brief's example: if/while tests and a comprehension
        out = []
        for x in xs:
            if (y := x * 2) > 4:
                out.append(y)
        while (n := len(out)) > 3:
            out.pop()
        return out, n, [z for x in xs if (z := x + 1) % 2], z
    if k == 1:  # leaks from a generator expression consumed by any()
        if any((bad := x) < 0 for x in xs):
            return "negative", bad
        return "none", len(xs)
    if k == 2:  # evaluation order: left to right, each read sees the last binding
        i = 0
        return [(i := i + 1), i, (i := i * 10), i + (i := 2), i]
    if k == 3:  # a comprehension that makes no item leaves the target unbound
        ys = [w for x in xs if (w := x) > 100]
        return ys, w
    if k == 4:  # nested comprehensions: the innermost binds the function's variable
        grid = [[(t := a * b) for b in xs] for a in xs]
        return grid, t
    if k == 5:  # dict and set comprehensions, an f-string, a conditional expression
        d = {(kk := x): (vv := kk * 2) for x in xs}
        s = {(last := x % 3) for x in xs}
        return d, kk, vv, s, last, f"{(q := 5)}-{q}", (r := 1) if xs else (r := 2), r
    if k == 6:  # the variable changes type
        v = 1
        if (v := str(v)) == "1" and (v := [v]):
            return v
        return None
    if k == 7:  # a lambda with a walrus; in a sort key
        f = lambda a: (b := a * 2) + b
        seen = []
        return f(3), sorted(xs, key=lambda a: (c := -a)), [f(x) for x in xs]
    if k == 8:  # closure cells: a walrus target a nested function reads
        if (cell := len(xs)) > 2:
            g = lambda: cell * 10
        else:
            g = lambda: -cell
        cell = cell + 1
        return g(), [(cell := x) for x in xs], g()
    if k == 9:  # nonlocal: a walrus in the nested function (and in its comprehension) binds the outer variable
        total = 0

        def add():
            nonlocal total
            return [(total := total + x) for x in xs]
        def bump():
            nonlocal total
            return (total := total * 2)
        ys = add()
        return ys, total, bump(), total
    if k == 10:  # while with a walrus that raises part way (an index past the end)
        i = 0
        acc = []
        while (item := xs[i]) is not None:
            acc.append(item)
            i += 1
        return acc
    if k == 11:  # a compiled callee whose first test binds with a walrus (an expanded base case)
        return [guarded(x) for x in xs]
    if k == 12:  # unbound after a falsy short-circuit: the second walrus never ran
        if xs and (u := xs[0]) or (u2 := 7):
            pass
        return u2
    return [(j := x) for x in xs] and j


CASES = [[1, 2, 3, 4, 5, 6], [], [-1, 3, -7], [0], [2.5, -0.5, 1], [3, None, 4]]


@pytest.mark.parametrize("k", range(14))
def test_walrus(k):
    for xs in CASES:
        want = outcome(walrus.py_func, copy.deepcopy(xs), k, show=repr)
        got = outcome(walrus, copy.deepcopy(xs), k, show=repr)
        assert got == want, (xs, k, want, got)


@pydm.jit
def counted(n: int, step: float):
    """Typed arguments: the walrus targets are typed locals."""
    total = 0.0
    i = 0
    while (i := i + 1) <= n:
        if (part := i * step) > 2:
            total += part
    return total, i, (part if n > 0 else None), [(sq := j * j) for j in range(n)], (sq if n > 0 else -1)


@pytest.mark.parametrize("n, step", [(0, 1.0), (1, 0.5), (5, 1.5), (-2, 3.0), (4, float("nan"))])
def test_walrus_typed(n, step):
    assert outcome(counted, n, step, show=repr) == outcome(counted.py_func, n, step, show=repr)


@pydm.jit
def untyped(a, b):
    """Object arguments: the target holds whatever the value is (an error raised on the way too)."""
    if (c := a + b) and (d := c * 2):
        return c, d
    return c


@pytest.mark.parametrize("a, b", [(1, 2), (-1, 1), ("x", "y"), ("", ""), (1.5, None), ([1], [2])])
def test_walrus_objects(a, b):
    assert outcome(untyped, a, b, show=repr) == outcome(untyped.py_func, a, b, show=repr)
